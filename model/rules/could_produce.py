"""CR 106.7: the types of mana a permanent could produce, for every permanent at once, with witnesses.

The types a permanent could produce are those its abilities would produce if they resolved now, every
applicable replacement effect applied in every possible order (616.1), costs ignored. Reflections ("any
type that a land you control could produce") make this a system of equations; its least fixed point is
the answer (a loop of reflections with no base type gives no type, as the Exotic Orchard ruling of
2009-02-01 and the 106.7 example say). The fixed point is computed by a worklist: a permanent is
re-evaluated only when a permanent it reflects gains a type.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import field, replace

from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.rules.layers import activated_abilities, compute_all
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.land_types import land_type_cause, land_type_setters, land_type_story
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import MANA_SCOPES, require_modelled, require_modelled_elsewhere
from mtgjudge.model.mana import BASIC_LAND_TYPES, TYPES
from mtgjudge.model.rules.mana_production import (base_productions, candidate_replacements, ev_text, ev_types,
                               replacement_outcomes)
from mtgjudge.model.lazy_dataclass import dataclass


@dataclass
class CouldProduce:
    """The answer for one permanent: ``types``; ``witness[type]``: the ability, choice and order of
    replacement effects that produce it; ``missing[type]``: (rules, reason) for each type one of its
    abilities names, or a reflected permanent could produce, that it cannot; ``unsupported``: set when
    the model cannot represent something this answer depends on."""

    oid: str
    types: frozenset = frozenset()
    witness: dict = field(default_factory=dict)
    missing: dict = field(default_factory=dict)
    unsupported: str | None = None
    notes: list = field(default_factory=list)


def _global_problem(state) -> str | None:
    """Anything on the battlefield the model cannot represent that could change what any permanent
    produces (``rules.guards``)."""
    try:
        require_modelled(state, MANA_SCOPES, "mana is produced")
        require_modelled_elsewhere(state, MANA_SCOPES, "mana is produced")
    except Unsupported as e:
        return str(e)
    return None


def _mana_abilities(state, oid: str) -> list[tuple[int | str, Ability]]:
    """The abilities of the permanent that could produce mana: its activated mana abilities (numbered as
    in ``activated_abilities``) and its own triggered mana abilities whose mana does not depend on the
    triggering event (named "t1", "t2", ...)."""
    out: list[tuple[int | str, Ability]] = []
    for i, a in enumerate(activated_abilities(state, oid), 1):
        if a.kind == "unmodelled":
            if a.unmodelled_kind == "mana" or a.may_concern("mana"):
                raise Unsupported(f"{state.obj(oid).name} ({oid}) has an ability the model cannot represent: {a.source_text!r}")
            continue
        if a.is_mana_ability and a.functions_in("battlefield"):     # 113.6m: "Exile ~ from your hand: ..."
            out.append((i, a))
    t = 0
    for a in compute_all(state)[oid].abilities:
        if a.is_triggered_mana_ability and a.mana_trigger is not None:
            t += 1
            if a.mana_trigger.add.mode in ("fixed", "chosen_color"):
                out.append((f"t{t}", replace(a, kind="mana", production=a.mana_trigger.add, cost=())))
    return out


def _reflect_sources(state, oid: str, a: Ability) -> list[str]:
    p = a.production
    if p is None or p.mode != "reflect":
        return []
    chars = compute_all(state)
    o = state.obj(oid)
    if p.reflect_sacrificed:
        return [q.id for q in state.battlefield(o.controller) if "Land" in chars[q.id].types]
    return [q.id for q in state.battlefield() if matches(p.reflect, chars[q.id], q, o.controller, o)]


class _Board:
    """CR 106.7 on one state, solved on demand: a permanent's answer needs only the permanents it reflects,
    transitively, so asking about one land of a large board (or about the land a mana ability sacrifices)
    solves that much and no more. Kept on the state."""

    def __init__(self, state) -> None:
        self.state = state
        self.chars = compute_all(state)
        self.problem = _global_problem(state)
        self.res: dict[str, CouldProduce] = {}           # solved
        self.abilities: dict[str, list] = {}
        self.unreadable: dict[str, Unsupported] = {}     # why a permanent's abilities can't be read (none listed)
        self.base_seen: dict[str, dict] = {}            # types named by base events -> ability
        self.explained: set = set()

    def _abilities(self, oid: str) -> list | Unsupported:
        if oid not in self.abilities:
            state = self.state
            try:
                self.abilities[oid] = [(i, a, candidate_replacements(state, oid, a, state.obj(oid).controller),
                                        _reflect_sources(state, oid, a)) for i, a in _mana_abilities(state, oid)]
            except Unsupported as e:
                self.unreadable[oid] = e
                self.abilities[oid] = []
        return self.unreadable.get(oid) or self.abilities[oid]

    def solve(self, targets) -> None:
        """The least fixed point for ``targets`` and every permanent they reflect (a worklist: a permanent is
        evaluated again only when a permanent it reflects gains a type)."""
        state = self.state
        closure: list = []
        seen: set = set()
        todo = [t for t in targets if t not in self.res]
        while todo:
            oid = todo.pop()
            if oid in seen or oid in self.res:
                continue
            seen.add(oid)
            closure.append(oid)
            abl = self._abilities(oid)
            if not isinstance(abl, Unsupported):
                todo += [q for _, _, _, srcs in abl for q in srcs]
        if not closure:
            return
        res = {oid: CouldProduce(oid) for oid in closure}
        if self.problem:
            for r in res.values():
                r.unsupported = self.problem
            self.res.update(res)
            return
        for oid in closure:
            if oid in self.unreadable:
                res[oid].unsupported = str(self.unreadable.pop(oid))
            self.base_seen[oid] = {}
        est: dict[str, frozenset] = {oid: frozenset() for oid in closure}
        smallest: dict = {}
        dependents: dict[str, set] = {}
        for oid in closure:
            for _, _, _, srcs in self.abilities[oid]:
                for q in srcs:
                    dependents.setdefault(q, set()).add(oid)

        def known(q: str) -> frozenset:
            return est[q] if q in est else self.res[q].types if q in self.res else frozenset()

        def evaluate(oid: str) -> frozenset:
            r = res[oid]
            subtypes = self.chars[oid].subtypes
            for i, a, cands, srcs in self.abilities[oid]:
                for base, choice in base_productions(state, oid, a, known, reflects=srcs):
                    for t in ev_types(base):
                        self.base_seen[oid].setdefault(t, (i, a, cands))
                    for fin, order in replacement_outcomes(base, cands, subtypes).items():
                        for t in ev_types(fin):
                            # The witness for a type: the least mana that has it (the first such).
                            if t not in r.witness or sum(fin) < smallest[(oid, t)]:
                                r.witness[t] = _witness(state, oid, i, a, choice, base, order, fin)
                                smallest[(oid, t)] = sum(fin)
            return frozenset(r.witness)

        # Sources before the permanents that reflect them (a depth-first post-order of the reflections): each
        # permanent is evaluated once its sources are, and again only when one of them gains a type after it
        # (a cycle of reflections). Evaluating reflectors first re-evaluated each of them once per land of the
        # board (15 evaluations per permanent on the 147-permanent bench).
        order: list = []
        placed: set = set()
        for root in closure:
            if root in placed:
                continue
            placed.add(root)
            stack = [(root, iter([q for _, _, _, srcs in self.abilities[root] for q in srcs]))]
            while stack:
                oid, sources = stack[-1]
                nxt = next((q for q in sources if q in res and q not in placed), None)
                if nxt is None:
                    stack.pop()
                    order.append(oid)
                else:
                    placed.add(nxt)
                    stack.append((nxt, iter([q for _, _, _, srcs in self.abilities[nxt] for q in srcs])))
        todo = order[::-1]
        queued = set(todo)
        while todo:
            oid = todo.pop()
            queued.discard(oid)
            new = evaluate(oid)
            if new != est[oid]:
                est[oid] = new
                for d in dependents.get(oid, ()):
                    if d not in queued and d in res:
                        queued.add(d)
                        todo.append(d)
        # A permanent whose answer rests on one the model cannot represent is unsupported too.
        changed = True
        while changed:
            changed = False
            for oid in closure:
                if res[oid].unsupported:
                    continue
                for _, _, _, srcs in self.abilities[oid]:
                    bad = next((q for q in srcs if (res.get(q) or self.res.get(q)) and (res.get(q) or self.res[q]).unsupported),
                               None)
                    if bad:
                        why = (res.get(bad) or self.res[bad]).unsupported
                        res[oid].unsupported = f"it reflects {state.obj(bad).name} ({bad}): {why}"
                        changed = True
                        break
        for oid, r in res.items():
            r.types = est[oid]
        self.res.update(res)

    def result(self, oid: str, explain: bool) -> CouldProduce:
        self.solve([oid])
        r = self.res[oid]
        if explain and oid not in self.explained and not r.unsupported:
            self.explained.add(oid)
            est = {q: x.types for q, x in self.res.items()}
            _explain_missing(self.state, r, self.abilities[oid], self.base_seen.get(oid, {}), est)
        return r


def _board(state) -> _Board:
    b = state._cache.get("could_produce")
    if b is None:
        b = state._cache["could_produce"] = _Board(state)
    return b


def could_produce_all(state) -> dict[str, CouldProduce]:
    """CR 106.7 for every permanent on the battlefield (cached on the state), without the reasons for the
    types they cannot produce (``could_produce`` gives those)."""
    b = _board(state)
    b.solve([o.id for o in state.battlefield()])
    return {o.id: b.res[o.id] for o in state.battlefield()}


def could_produce(state, oid: str, explain: bool = True) -> CouldProduce:
    """CR 106.7 for one permanent, with the reasons for the types it cannot produce (``explain``); raises
    Unsupported when the answer depends on what the model cannot represent."""
    if oid not in compute_all(state):
        raise Unsupported(f"{oid} is not on the battlefield: could-produce (106.7) is about a permanent")
    r = _board(state).result(oid, explain)
    if r.unsupported:
        raise Unsupported(r.unsupported)
    return r


def _witness(state, oid, idx, a: Ability, choice: str, base, order, fin) -> dict:
    cause = _land_type_cause(state, oid, a)
    return {
        "ability": idx,
        "text": a.text(),
        "rule_given": a.rule_given,
        "land_type": {"rules": list(cause[0]), "reason": cause[1]} if cause else None,
        "choice": choice,
        "before_replacement": ev_text(base),
        "order": [{"effect": e.describe(), "choice": c, "then": ev_text(after)} for e, c, after in order],
        "produces": ev_text(fin),
    }


def _land_type_cause(state, oid: str, a: Ability) -> tuple[tuple[str, ...], str] | None:
    """For a 305.6 mana ability: the effect that gave the land the basic land type it comes from, when one
    did (305.7, 613.7: ``land_types.land_type_cause``)."""
    if a.rule_given != "305.6" or a.production is None or a.production.mode != "fixed":
        return None
    land_type = next((t for t, letter in BASIC_LAND_TYPES.items() if (letter,) == tuple(a.production.fixed)), None)
    return land_type_cause(state, oid, land_type) if land_type else None


def _explain_missing(state, r: CouldProduce, abl: list, base_seen: dict, est: dict) -> None:
    """Reasons for the types the permanent's abilities name (or reflect) but it cannot produce."""
    chars = compute_all(state)
    o = state.obj(r.oid)
    # Land types an effect would give it but does not, because of the order of effects (613.7, 613.8).
    for t, reason in land_type_story(state, r.oid).items():
        if t not in r.types and t not in r.missing:
            r.missing[t] = reason
    # Types named by abilities printed on it that an effect removed (305.7).
    if chars[r.oid].text_abilities_lost:
        setters = land_type_setters(state, r.oid, chars)
        for a in o.printed.abilities:
            for t in _named_types(a):
                if t not in r.types and t not in r.missing:
                    r.missing[t] = (("305.7", "613.1d"), f"{' and '.join(setters) or 'a land-type-setting effect'} "
                                    f"set its land type, so it lost the ability \"{a.text()}\" of its rules text")
    for t, (i, a, cands) in base_seen.items():
        if t not in r.types and t not in r.missing:
            names = ", ".join(d if n == 1 else f"{n} × {d}" for d, n in Counter(e.describe() for e in cands).items())
            r.missing[t] = (("614.1a", "616.1", "106.7"), f"ability {i} would make {{{t}}}, but every applicable "
                            f"order of the replacement effects ({names}) changes it")
    for i, a, cands, srcs in abl:
        p = a.production
        if p.mode == "reflect" and p.reflect_colors_only:
            for q in srcs:
                if "C" in est.get(q, ()) and "C" not in r.types and "C" not in r.missing:
                    r.missing["C"] = (("105.1", "106.1a"), f"{state.obj(q).name} ({q}) could produce {{C}}, but ability {i} "
                                      f"adds only a color, and colorless is not a color")
        for t in _named_types(a):
            if t not in r.types and t not in r.missing and p.mode in ("chosen_color",):
                r.missing[t] = (("106.5",), "no color was chosen for it, so the type is undefined")


def _named_types(a: Ability) -> list[str]:
    p = a.production
    if p is None:
        return []
    if p.mode == "fixed":
        return sorted(set(p.fixed) | set(p.instead), key=TYPES.index)
    if p.mode in ("one_type", "combination"):
        return list(p.choices)
    if p.mode == "options":
        return sorted({t for o in p.options for t in o}, key=TYPES.index)
    return []
