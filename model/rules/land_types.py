"""Land types (CR 305.7, layer 4, 613.1d): effects that set a land's type (it loses its other land types and
its rules text) or add types, applied in timestamp order (613.7) except where one depends on another
(613.8: applying one would change whether the other exists or what it applies to); and, for explanations,
which effects decide a land's types and why others do not."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.mana import BASIC_LAND_TYPES
from mtgjudge.model.rules.characteristics import applies_to, matches, printed_characteristics
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.words_mana import land_types_of


def _still_has(chars: dict, src, eff: StaticEffect) -> bool:
    """An effect of a static ability exists only while its source has the ability (613.8a "existence").
    Effects in force from resolved spells (src None) always exist."""
    if src is None or src.id not in chars:
        return True
    return any(a.kind == "static" and a.static == eff for a in chars[src.id].abilities)


def _set_land_type(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """CR 305.7: the land loses its old land types and every ability from its rules text; it gets the new
    types (their mana abilities come from 305.6 once layer 4 is done). Other card types and supertypes stay.
    (Like every layer-4 applier, it returns ``chars`` itself when it changes nothing, and replaces only the
    objects it changes: an unchanged board keeps its identity.)"""
    if not _still_has(chars, src, eff):
        return chars
    out = chars
    new = land_types_of(eff)
    for oid in applies_to(chars, eff, src, affected):
        ch = out[oid]
        if "Land" not in ch.types:
            continue
        kept = tuple(t for t in ch.subtypes if t not in _LAND_SUBTYPES)
        if ch.subtypes != kept + new or ch.abilities or not ch.text_abilities_lost:
            out = out if out is not chars else dict(chars)
            out[oid] = replace(ch, subtypes=kept + new, abilities=(), text_abilities_lost=True)
    return out


def _add_land_type(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """CR 305.7 last sentence: gaining land types keeps the old types and rules text."""
    if not _still_has(chars, src, eff):
        return chars
    out = chars
    new = land_types_of(eff)
    for oid in applies_to(chars, eff, src, affected):
        ch = out[oid]
        if "Land" not in ch.types:
            continue
        add = tuple(t for t in new if t not in ch.subtypes)
        if add:
            out = out if out is not chars else dict(chars)
            out[oid] = replace(ch, subtypes=ch.subtypes + add)
    return out


#: Land subtypes that a land-type-setting effect removes (205.3i); only basic ones are modelled, plus
#: the nonbasic land types of printed cards are removed too: everything on a land's subtype line is a
#: land type, so all its subtypes go.
_LAND_SUBTYPES = frozenset(BASIC_LAND_TYPES) | {"Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant",
                                                "Tower", "Urza's", "Cave", "Sphere", "Town", "Planet"}


def _affected(eff: StaticEffect, src, chars: dict, state) -> frozenset:
    if eff.arg("enchanted"):
        return frozenset([src.attached_to]) if src.attached_to in chars else frozenset()
    if eff.affects is None:
        return frozenset([src.id])
    return frozenset(oid for oid, ch in chars.items() if matches(eff.affects, ch, state.obj(oid), src.controller, src))


class _Reach:
    """``_affected`` on one board at a time, computed once for every effect that selects the same way (the
    same selector seen from the same controller: sixty Yavimayas select once). Forgets when the board
    changes (the appliers keep an unchanged board's identity)."""

    def __init__(self) -> None:
        self.board: dict | None = None
        self.memo: dict = {}

    def __call__(self, eff: StaticEffect, src, chars: dict, state) -> frozenset:
        if chars is not self.board:
            self.board, self.memo = chars, {}
        sel = eff.affects
        if eff.arg("enchanted") or sel is None or sel.other or sel.chosen_type or sel.not_chosen_type:
            return _affected(eff, src, chars, state)
        key = (sel, src.controller)
        if key not in self.memo:
            self.memo[key] = _affected(eff, src, chars, state)
        return self.memo[key]


def _apply(entry, chars: dict, state, affected=_affected) -> dict:
    ts, src, eff = entry
    return LAND_TYPE_APPLIERS[eff.kind](chars, eff, src, state, sorted(affected(eff, src, chars, state)))


def _depends(a, b, chars: dict, state) -> bool:
    """CR 613.8a: ``a`` depends on ``b`` if applying ``b`` would change ``a``'s existence or what it
    applies to. (What it does to those objects never changes for this module's layer-4 kinds: they set or
    add fixed types.)"""
    after = _apply(b, chars, state)
    if _still_has(chars, a[1], a[2]) != _still_has(after, a[1], a[2]):
        return True
    return _affected(a[2], a[1], chars, state) != _affected(a[2], a[1], after, state)


def _twin_key(entry, chars: dict, targets: frozenset):
    """Entries with equal keys are interchangeable for 613.8: the same effect, from sources that every
    layer-4 effect treats alike (same characteristics, controller and status that selectors read, none of
    them the object an Aura-like effect names), so each depends on the others (all or none) and on and by
    every other effect exactly as its twins do."""
    ts, src, eff = entry
    if src.id in targets or (eff.affects is not None and eff.affects.other):
        return ("alone", src.id, eff)
    return (eff, chars.get(src.id), src.controller, src.tapped, src.token, src.chosen,
            src.attached_to if eff.arg("enchanted") else None)


def apply_layer4(found: list, chars: dict, state) -> tuple[list, dict]:
    """CR 613.8b-c: apply effects in timestamp order, except that an effect waits until every effect it
    depends on has been applied; effects in a dependency loop go in timestamp order. Re-evaluated after
    each application. Returns (the order, the characteristics after layer 4).

    Interchangeable effects (``_twin_key``: sixty Yavimayas) form one group, whose members depend alike, so
    dependency is decided between groups, and decided again only when applying an effect changed something
    (an unchanged board leaves every dependency as it was): near-linear in the number of effects."""
    targets = frozenset(src.attached_to for _, src, eff in found if eff.arg("enchanted") and src.attached_to)
    groups: dict = {}
    for entry in sorted(found, key=lambda e: e[0]):
        groups.setdefault(_twin_key(entry, chars, targets), []).append(entry)
    remaining = [list(g) for g in groups.values()]
    out = []
    cur = chars
    reach = _Reach()
    dep: dict | None = None
    while remaining:
        if dep is None:
            dep = _group_dependencies(remaining, cur, state, reach)
        n = len(remaining)
        loops = {i: _closure(dep, i) for i in range(n)}
        # A group may go now if every group it depends on is in a loop with it (613.8b last sentence); twins
        # that depend on each other are such a loop.
        ready = [i for i in range(n) if all(i in loops[j] for j in dep[i])]
        pick = min(ready or range(n), key=lambda i: remaining[i][0][0])
        entry = remaining[pick].pop(0)
        out.append(entry)
        nxt = _apply(entry, cur, state, reach)
        if not remaining[pick]:
            del remaining[pick]
            dep = {i - (i > pick): {j - (j > pick) for j in d if j != pick} for i, d in dep.items() if i != pick}
        if nxt is not cur:
            cur, dep = nxt, None
    return out, dict(cur)


def order_layer4(found: list, chars: dict, state) -> list:
    """The order in which layer 4's effects apply (613.7-613.8, ``apply_layer4``)."""
    return apply_layer4(found, chars, state)[0]


def _group_dependencies(groups: list, cur: dict, state, reach: _Reach) -> dict:
    """{group: the other groups it depends on (613.8a)}, judged on each group's first member: applying each
    group's first member once (only when some group could depend on it), and testing membership only on
    the objects that application changed. A group can depend on another only if its source is a land (a
    layer-4 effect can remove the ability) or it selects what it applies to by a phrase."""
    reps = [g[0] for g in groups]
    n = len(reps)
    applied: dict = {}

    def apply(j: int) -> tuple:
        if j not in applied:
            after = _apply(reps[j], cur, state, reach)
            applied[j] = (after, [] if after is cur else [k for k, v in cur.items() if after[k] is not v])
        return applied[j]

    dep: dict = {i: set() for i in range(n)}
    for i, (ts, src, eff) in enumerate(reps):
        sel = None if eff.arg("enchanted") else eff.affects
        land_source = src is not None and src.id in cur and "Land" in cur[src.id].types
        if sel is None and not land_source:
            continue
        exists = _still_has(cur, src, eff)
        affected = reach(eff, src, cur, state) if sel is not None else None
        for j in range(n):
            if j == i:
                continue
            after, delta = apply(j)
            if not delta:
                continue
            if land_source and src.id in delta and _still_has(after, src, eff) != exists:
                dep[i].add(j)
            elif sel is not None and affected is not None and any(
                    (k in affected) != matches(sel, after[k], state.obj(k), src.controller, src) for k in delta):
                dep[i].add(j)
    return dep


def _closure(dep: dict, i: int) -> set:
    seen, todo = set(), [i]
    while todo:
        for j in dep[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def land_type_setters(state, oid: str, chars: dict) -> list[str]:
    """The permanents whose land-type-setting effects (305.7) apply to the object now (``chars``: the current
    characteristics of the battlefield): for explanations."""
    out = []
    for o in state.battlefield():
        for a in chars[o.id].abilities:
            if a.kind == "static" and a.static is not None and a.static.kind == "set_land_type":
                if oid in _affected(a.static, o, chars, state):
                    out.append(f"{o.name} ({o.id})")
    return out


def _a(word: str) -> str:
    return ("an " if word[:1] in "AEIOU" else "a ") + word


def _type_letters(eff: StaticEffect) -> list[tuple[str, str]]:
    """(land type, the mana letter its 305.6 ability adds) for the basic land types an effect gives."""
    return [(t, BASIC_LAND_TYPES[t]) for t in land_types_of(eff) if t in BASIC_LAND_TYPES]


def _layer4_history(state) -> list[tuple]:
    """Layer 4 applied step by step, once per state: for each effect in the order it applies (613.7-613.8),
    (entry, the objects it would change on the printed board, the objects it changes when its turn comes,
    whether it still exists then, the effects applied before it)."""
    key = "layer4_history"
    if key in state._cache:
        return state._cache[key]
    perms = list(state.battlefield())
    start = {o.id: printed_characteristics(o) for o in perms}
    found = sorted(((o.timestamp, o, a.static) for o in perms for a in start[o.id].abilities
                    if a.kind == "static" and a.static is not None and a.static.kind in LAND_TYPE_APPLIERS),
                   key=lambda e: e[0])
    history = []
    cur = start
    done: list = []
    first, now = _Reach(), _Reach()
    for entry in order_layer4(found, start, state) if found else []:
        ts, src, eff = entry
        would = frozenset(applies_to(start, eff, src, sorted(first(eff, src, start, state))))
        exists = _still_has(cur, src, eff)
        reaches = frozenset(applies_to(cur, eff, src, sorted(now(eff, src, cur, state)))) if exists else frozenset()
        history.append((entry, would, reaches, exists, tuple(done), start))
        done.append(entry)
        cur = _apply(entry, cur, state, now)
    state._cache[key] = history
    return history


def _depended_on(state, index: int) -> list[str]:
    """The names of the effects applied before the history's ``index``-th that it depends on (613.8a),
    each name once; judged once per pair of kinds of effect (``_twin_key``) and kept on the state."""
    memo = state._cache.setdefault("layer4_depended_on", {})
    if index not in memo:
        history = _layer4_history(state)
        entry, _, _, _, before_all, start = history[index]
        pairs = state._cache.setdefault("layer4_pair_dependency", {})
        targets = frozenset(h[0][1].attached_to for h in history if h[0][2].arg("enchanted") and h[0][1].attached_to)
        names: dict = {}
        for e in before_all:
            k = (_twin_key(entry, start, targets), _twin_key(e, start, targets))
            if k[0][0] == "alone" or k[1][0] == "alone":
                k = (id(entry), id(e))
            if k not in pairs:
                pairs[k] = _depends(entry, e, start, state)
            if pairs[k]:
                names.setdefault(e[1].name, None)
        memo[index] = list(names)
    return memo[index]


def land_type_story(state, oid: str) -> dict[str, tuple[tuple[str, ...], str]]:
    """Why land-type effects that would give the permanent a basic land type (so a type of mana, 305.6) do
    not, for explanations: an effect whose existence or reach was changed by an effect it depends on, applied
    first (613.8a-b), and a land-type-setting effect undone by a later one (613.7). {mana letter: (rules,
    reason)}."""
    out: dict[str, tuple[tuple[str, ...], str]] = {}
    setters: list = []
    name = state.obj(oid).name
    for index, (entry, would, reaches, exists, before_all, start) in enumerate(_layer4_history(state)):
        ts, src, eff = entry
        if oid in would and oid not in reaches:
            if all(letter in out for _, letter in _type_letters(eff)):
                continue
            by = " and ".join(f"{n}'s" for n in _depended_on(state, index)) or "an earlier effect's"
            what = "no longer exists" if not exists else "no longer applies to it"
            for t, letter in _type_letters(eff):
                out.setdefault(letter, (("613.8a", "613.8b"), f"{src.name}'s effect ({eff.text()}) would make {name} "
                                        f"{_a(t)}, but it depends on {by} effect, which applies first; after it, {src.name}'s "
                                        f"effect {what}"))
        elif oid in reaches and eff.kind == "set_land_type":
            setters.append(entry)
    if len(setters) > 1:
        last = setters[-1]
        kept = set(land_types_of(last[2]))
        for ts, src, eff in setters[:-1]:
            for t, letter in _type_letters(eff):
                if t not in kept:
                    out.setdefault(letter, (("613.7", "305.7"), f"{src.name}'s effect would make {name} {_a(t)}, but "
                                            f"{last[1].name}'s effect applies later (timestamp {last[0]} after {ts}, "
                                            f"613.7) and sets its land type again: it is "
                                            f"{_a(' '.join(land_types_of(last[2])))}"))
    if setters:
        # Basic land types of its own that the last land-type-setting effect took away (305.7).
        last = setters[-1]
        kept = set(land_types_of(last[2]))
        for t in printed_characteristics(state.obj(oid)).subtypes:
            letter = BASIC_LAND_TYPES.get(t, "")
            if letter and t not in kept:
                out.setdefault(letter, (("305.7", "613.1d"), f"{last[1].name}'s effect ({last[2].text()}) sets its land "
                                        f"type, so it is no longer {_a(t)} and loses that type's mana ability"))
    return out


def land_type_cause(state, oid: str, land_type: str) -> tuple[tuple[str, ...], str] | None:
    """Why the permanent has ``land_type`` now, when an effect decides it (for explanations): the effect in
    layer 4's order that gives it that type (305.7) and is not undone by a later land-type-setting effect, and,
    when that effect sets its land type after an earlier land-type-setting effect did, the timestamp order that
    makes it the one that counts (613.7). None when no effect decides it (the type is its own, and no effect set
    its land type)."""
    reaching = [(k, h[0]) for k, h in enumerate(_layer4_history(state)) if oid in h[2]]
    setters = [(k, e) for k, e in reaching if e[2].kind == "set_land_type"]
    since = setters[-1][0] if setters else -1
    givers = [(k, e) for k, e in reaching if k >= since and land_type in land_types_of(e[2])]
    if not givers or (not setters and land_type in printed_characteristics(state.obj(oid)).subtypes):
        return None
    k, (ts, src, eff) = givers[0] if setters and givers[0][0] == since else givers[-1]
    rules: tuple[str, ...] = ("305.7", "613.1d")
    text = f"{src.name}'s effect ({eff.text()}) makes it {_a(land_type)}"
    earlier = [e for j, e in setters if j < k and land_type not in land_types_of(e[2])]
    if earlier:
        # an earlier land-type-setting effect would leave it without the type: the order decides, by timestamps
        # (613.7) or because this effect depends on that one (613.8)
        first = earlier[-1]
        would = f"which would make it {_a(' '.join(land_types_of(first[2])))}"
        if ts > first[0]:
            rules += ("613.7",)
            text += f", applied after {first[1].name}'s effect (timestamp {ts} after {first[0]}), {would}"
        else:
            rules += ("613.8a", "613.8b")
            text += f", applied after {first[1].name}'s effect, on which it depends, {would}"
    return rules, text


#: The layer-4 words and how each applies.
LAND_TYPE_APPLIERS = {"set_land_type": _set_land_type, "add_land_type": _add_land_type}
