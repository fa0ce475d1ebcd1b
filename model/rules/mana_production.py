"""One resolution of a mana ability: what it would produce (its choices expanded), the replacement effects
that modify that mana production event in every order the player may choose (CR 106.12b, 614, 616.1), and
what triggered mana abilities add (CR 605.1b, 106.12a).

An *event* is an amount of mana: a tuple of six counts in WUBRGC order (``ev("{G}{G}")``). Amounts are exact
integers (Nyxbloom Ancient and Mana Reflection multiply without any cap).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Callable, Iterable

from mtgjudge.model.vocab.abilities import X_COUNT, Ability
from mtgjudge.model.rules.layers import compute_all, current
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.in_force import ActiveEffect, effects_in_force
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.mana import COLORS, TYPES, mana_run

Event = tuple  # six ints, WUBRGC
ZERO: Event = (0, 0, 0, 0, 0, 0)
_IDX = {t: i for i, t in enumerate(TYPES)}


def ev(types: Iterable[str]) -> Event:
    """The event adding the given type letters (``ev("GG")``, or from a mana string's letters)."""
    c = [0] * 6
    for t in types:
        if t in _IDX:
            c[_IDX[t]] += 1
    return tuple(c)


def ev_types(e: Event) -> frozenset[str]:
    return frozenset(TYPES[i] for i, n in enumerate(e) if n > 0)


def ev_text(e: Event) -> str:
    return "".join(mana_run(TYPES[i], n) for i, n in enumerate(e)) or "no mana"


def ev_add(a: Event, b: Event) -> Event:
    return tuple(x + y for x, y in zip(a, b))


def taps(ability: Ability) -> bool:
    """CR 106.12: "tapped for mana" means a mana ability with {T} in its activation cost."""
    return any(p.kind == "tap" for p in ability.cost)


# ---------------------------------------------------------------------------------- base production

#: A reflection's answer: the types a permanent could produce (CR 106.7), as far as known now.
Reflector = Callable[[str], frozenset]


def base_productions(state, oid: str, ability: Ability, reflected: Reflector, *, x_values: Iterable[int] | None = None,
                     sacrificed: str | None = None, pool: Event | None = None) -> list[tuple[Event, str]]:
    """Every distinct mana production event one resolution of the ability could have before replacement
    effects from other sources, each with the choice that makes it. Its own self-replacement (``instead_if``)
    is applied here, first (CR 616.1a). An undefined type gives no event (CR 106.5).

    ``x_values``: the X values to consider (default: enough to reach every amount threshold);
    ``sacrificed``: the land sacrificed to pay the cost (reflect_sacrificed); None: any land you control;
    ``pool``: the mana pool a ``double_pool`` ability doubles (default: the controller's pool in the state).
    """
    p = ability.production
    assert p is not None
    o = state.obj(oid)
    chars = compute_all(state)
    mult = 1
    if p.per is not None:
        mult = sum(1 for q in state.battlefield() if matches(p.per, chars[q.id], q, o.controller, o))
    if p.per_counter:
        mult = o.counter(p.per_counter)
    amounts = [p.amount * mult]
    if p.amount == X_COUNT:
        amounts = [x * mult for x in (x_values if x_values is not None else _x_probe(state))]
    out: dict[Event, str] = {}

    def put(e: Event, why: str) -> None:
        if sum(e) > 0:
            out.setdefault(e, why)

    if p.mode == "fixed":
        fixed = p.fixed
        why = "it adds " + ev_text(ev(fixed))
        if p.instead_if == "played_land_this_turn" and state.player(o.controller).lands_played > 0:
            fixed, why = p.instead, f"its own replacement applies first (you played a land this turn): {ev_text(ev(p.instead))} instead"
        put(tuple(n * mult for n in ev(fixed)), why + (f" times {mult}" if mult != 1 else ""))
    elif p.mode == "one_type":
        for a in amounts:
            for t in p.choices:
                put(ev(t * a), f"choosing {{{t}}}")
    elif p.mode == "combination":
        for a in amounts:
            for combo in combinations_with_replacement(p.choices, a):
                put(ev(combo), "choosing " + ev_text(ev(combo)))
    elif p.mode == "chosen_color":
        color = o.choice("color")
        if color is not None:
            for a in amounts:
                put(ev(color * a), f"the chosen color {{{color}}}")
    elif p.mode == "color_of":
        for q in state.battlefield():
            if matches(p.color_of, chars[q.id], q, o.controller, o):
                for c in sorted(chars[q.id].colors):
                    put(ev(c), f"{{{c}}}, a color of {q.name} ({q.id})")
    elif p.mode == "color_of_card":
        # Cards off the battlefield have their printed colors unless an effect changes them; such effects
        # (Celestial Dawn's second sentence) are not modelled, so their presence makes this unsupported.
        for q in state.battlefield():
            for a in chars[q.id].abilities:
                if a.kind == "unmodelled" and a.scope and "colors-off-battlefield" in a.scope:
                    raise Unsupported(f"{q.name} ({q.id}) changes the colors of cards off the battlefield: {a.source_text!r}")
        for q in state.in_zone(o.controller, p.card_zone):
            for c in sorted(current(state, q.id).colors):
                put(ev(c), f"{{{c}}}, a color of {q.name} in {o.controller}'s {p.card_zone}")
    elif p.mode == "reflect":
        if p.reflect_sacrificed:
            lands = [sacrificed] if sacrificed else [q.id for q in state.battlefield(o.controller) if "Land" in chars[q.id].types]
        else:
            lands = [q.id for q in state.battlefield() if matches(p.reflect, chars[q.id], q, o.controller, o)]
        for q in lands:
            for t in sorted(reflected(q), key=TYPES.index):
                if p.reflect_colors_only and t not in COLORS:
                    continue
                put(ev(t), f"{{{t}}}, a type that {state.obj(q).name} ({q}) could produce")
    elif p.mode == "double_pool":
        if pool is None:
            pool = ev(m.type for m in state.player(o.controller).mana_pool)
        put(pool, "doubling the unspent mana " + ev_text(pool))
    else:
        raise Unsupported(f"mana production {ability.text()!r} is not modelled")
    return list(out.items())


def _x_probe(state) -> list[int]:
    """X values that show every type an X ability can make with costs ignored (106.7): replacement effects
    depend on the amount only through thresholds (``min_amount``), so 1..max threshold suffice."""
    top = 2
    for e in effects_in_force(state, MANA_REPLACEMENT_KINDS):
        top = max(top, e.static.arg("min_amount") or 0)
    return list(range(1, top + 1))


# ---------------------------------------------------------------------------------- replacement effects

def candidate_replacements(state, oid: str, ability: Ability, activator: str) -> tuple[ActiveEffect, ...]:
    """The replacement effects that could modify this ability's mana production event (CR 106.12b): only
    when the ability taps its permanent for mana, the permanent fits the effect, and (``tapped_by: you``)
    the activating player controls the effect. Conditions on the event itself are checked per event."""
    if not taps(ability):
        return ()
    chars = compute_all(state)
    o = state.obj(oid)
    out = []
    for e in effects_in_force(state, MANA_REPLACEMENT_KINDS):
        if e.static.arg("tapped_by") == "you" and activator != e.controller:
            continue
        sel = e.static.affects
        if sel is not None and not matches(sel, chars[oid], o, e.controller, None):
            continue
        if e.static.kind == "mana_change_type" and e.static.arg("to") == "chosen" and e.choice("color") is None:
            continue  # no color chosen: the effect has not been created (Hall of Gemstone before its trigger)
        out.append(e)
    return tuple(out)


@dataclass(frozen=True)
class Replacement:
    """What one replacement effect does to the mana production events of one permanent (614.1a), as far as
    the order of effects is concerned: effects with equal ``Replacement`` values are interchangeable in every
    order (616.1), whatever their sources.

    ``op``: ``multiply`` (each count times ``factor``); ``set_type`` (all the mana becomes one of ``types``,
    the same amount); ``set_colored`` (the colored mana becomes one of ``types``, colorless mana stays);
    ``replace`` (the event becomes exactly ``mana``, when it has at least ``min_amount`` mana). A choice among
    several ``types`` is the affected player's (616.1: the choice is made as the effect applies)."""

    op: str
    factor: int = 1
    types: tuple[str, ...] = ()
    mana: Event = ZERO
    min_amount: int = 1

    def applies(self, event: Event) -> bool:
        """106.12b: it modifies an event that produces mana; and its own condition on the event."""
        total = sum(event)
        if total == 0:
            return False
        if self.op == "replace":
            return total >= self.min_amount
        if self.op == "set_colored":
            return total > event[5]
        return True

    def outcomes(self, event: Event) -> list[tuple[Event, str]]:
        """Every event it can turn ``event`` into, each with the choice made ("" when there is none)."""
        if self.op == "multiply":
            return [(tuple(n * self.factor for n in event), "")]
        if self.op == "replace":
            return [(self.mana, "")]
        amount = sum(event) if self.op == "set_type" else sum(event[:5])
        keep = event[5] if self.op == "set_colored" else 0
        out = []
        for t in self.types:
            c = [0, 0, 0, 0, 0, keep]
            c[_IDX[t]] += amount
            out.append((tuple(c), f"choosing {{{t}}}" if len(self.types) > 1 else ""))
        return out

    def commutes_with(self, other: "Replacement") -> bool:
        """Either order of the two gives the same events, and neither changes whether the other applies, on
        every event: so one order of them is enough (616.1). A multiplication commutes with every effect that
        scales with the amount (``set_type``, ``set_colored``, another multiplication): those map k times an
        event to k times its result, and whether they apply depends only on which types are present. It does
        not commute with ``replace`` (a fixed amount, maybe with a threshold the multiplication crosses)."""
        if self == other:
            return True
        scaling = ("multiply", "set_type", "set_colored")
        return "multiply" in (self.op, other.op) and self.op in scaling and other.op in scaling


def _replace_all(e: ActiveEffect, subtypes: tuple) -> Replacement:
    return Replacement("replace", mana=ev(t for t in e.static.arg("mana") if t in _IDX),
                       min_amount=e.static.arg("min_amount") or 1)


def _multiply(e: ActiveEffect, subtypes: tuple) -> Replacement:
    return Replacement("multiply", factor=e.static.arg("factor"))


def _change_type(e: ActiveEffect, subtypes: tuple) -> Replacement:
    to = e.static.arg("to")
    types = (e.choice("color"),) if to == "chosen" else tuple(COLORS) if to == "any_color" else (to,)
    return Replacement("set_colored" if e.static.arg("colored_only") else "set_type", types=types)


def _by_land_type(e: ActiveEffect, subtypes: tuple) -> Replacement | None:
    m = dict(e.static.arg("map"))
    colors = tuple(sorted({m[t] for t in subtypes if t in m}, key=TYPES.index))
    return Replacement("set_type", types=colors) if colors else None


#: The replacement effects on mana production (the mana consumer of ``vocab.words``, 614.1a): word -> what
#: the effect does to a permanent's mana production events, given the permanent's subtypes (None: it never
#: applies to that permanent's events).
REPLACEMENTS: dict[str, Callable[[ActiveEffect, tuple], "Replacement | None"]] = {
    "mana_replace_all": _replace_all,
    "mana_change_type": _change_type,
    "mana_by_land_type": _by_land_type,
    "mana_multiply": _multiply,
}
MANA_REPLACEMENT_KINDS = tuple(REPLACEMENTS)


def behaviour(e: ActiveEffect, subtypes: tuple) -> Replacement | None:
    """What the effect does to the mana production events of a permanent with these subtypes."""
    return REPLACEMENTS[e.static.kind](e, subtypes)


def _applicable(e: ActiveEffect, event: Event, subtypes: tuple) -> bool:
    """106.12b: a replacement effect modifies an event that produces mana; and its own condition."""
    b = behaviour(e, subtypes)
    return b is not None and b.applies(event)


def _apply(e: ActiveEffect, event: Event, subtypes: tuple) -> list[tuple[Event, str]]:
    return behaviour(e, subtypes).outcomes(event)


#: One step of an order: (the effect applied, the choice made for it, the event after it).
OrderStep = tuple

#: The most distinct (event, effects not yet applied) states one search over orders may visit; past it the
#: answer is `unsupported`, naming the bound (never a hang).
MAX_ORDER_STATES = 200_000


@lru_cache(maxsize=4096)
def replacement_outcomes(event: Event, candidates: tuple[ActiveEffect, ...], subtypes: tuple) -> dict:
    """Every distinct final event reachable by applying the candidate replacement effects in every order
    the affected player may choose (CR 616.1e-f): after each, only effects still applicable to the modified
    event remain; each applies at most once (614.5). Returns {final event: an order reaching it}.

    The search is over what differs, not over permutations. Effects that do the same (``Replacement``) are
    interchangeable, so a state is the event and how many of each kind are not yet applied: k copies cost
    k+1 states, not 2^k. When an applicable effect commutes with every effect not yet applied
    (``Replacement.commutes_with``), it is applied first and alone: any complete order can be rearranged to
    begin with it, giving the same final event (it stays applicable, and moving it changes neither whether
    the others apply nor what they give). Raises SearchBound past ``MAX_ORDER_STATES`` states."""
    kinds: dict[Replacement, list[ActiveEffect]] = {}
    for e in candidates:
        b = behaviour(e, subtypes)
        if b is not None:
            kinds.setdefault(b, []).append(e)
    rep = list(kinds)
    members = list(kinds.values())
    n = len(rep)
    full = tuple(len(m) for m in members)
    free = [[j for j in range(n) if not rep[i].commutes_with(rep[j])] for i in range(n)]

    def moves(key) -> list:
        cur, left = key
        appl = [i for i in range(n) if left[i] and rep[i].applies(cur)]
        for i in appl:
            if all(not left[j] for j in free[i]):
                appl = [i]
                break
        out = []
        for i in appl:
            rest = left[:i] + (left[i] - 1,) + left[i + 1:]
            for nxt, choice in rep[i].outcomes(cur):
                out.append((i, choice, (nxt, rest)))
        return out

    # Depth first without recursion (thousands of copies make deep orders); each state once.
    memo: dict = {}        # state -> {final event: (kind, choice, next state) or None at the end}
    pending: dict = {}
    root = (event, full)
    stack = [root]
    while stack:
        key = stack[-1]
        if key in memo:
            stack.pop()
            continue
        mv = pending.get(key)
        if mv is None:
            mv = pending[key] = moves(key)
            if len(memo) + len(pending) > MAX_ORDER_STATES:
                raise SearchBound(f"the orders of {len(candidates)} replacement effects on one mana production event "
                                  f"reached the bound of {MAX_ORDER_STATES} distinct states (616.1)")
            todo = [c for _, _, c in mv if c not in memo]
            if todo:
                stack.extend(todo)
                continue
        res: dict = {}
        if not mv:
            res[key[0]] = None
        for i, choice, child in mv:
            for fin in memo[child]:
                if fin not in res:
                    res[fin] = (i, choice, child)
        memo[key] = res
        del pending[key]
        stack.pop()
    out: dict = {}
    for fin in memo[root]:
        order = []
        key = root
        while memo[key][fin] is not None:
            i, choice, child = memo[key][fin]
            order.append((members[i][full[i] - key[1][i]], choice, child[0]))
            key = child
        out[fin] = tuple(order)
    return out


# ---------------------------------------------------------------------------------- triggered mana

def mana_triggers(state) -> list[tuple]:
    """Triggered mana abilities on the battlefield: (source object, ability). Unmodelled triggered
    abilities that may concern mana make mana questions that depend on them unsupported."""
    key = "mana_triggers"
    if key in state._cache:
        return state._cache[key]
    chars = compute_all(state)
    out = []
    for o in state.battlefield():
        for a in chars[o.id].abilities:
            if a.is_triggered_mana_ability:
                out.append((o, a))
            elif a.kind == "unmodelled" and a.unmodelled_kind == "triggered" and a.may_concern("mana"):
                out.append((o, a))
    state._cache[key] = out
    return out


#: What triggered mana abilities add, by the permanent whose ability adds it (106.3: that permanent is the
#: mana's source): sorted (source id, event) pairs.
Additions = tuple


def added_total(adds: Additions) -> Event:
    """All the mana the triggered abilities add, whatever their sources."""
    total = ZERO
    for _, e in adds:
        total = ev_add(total, e)
    return total


def _with(adds: Additions, src: str, e: Event) -> Additions:
    d = dict(adds)
    d[src] = ev_add(d.get(src, ZERO), e)
    return tuple(sorted(d.items()))


def trigger_additions(state, oid: str, ability: Ability, activator: str, final: Event) -> list[tuple[Additions, str]]:
    """What triggered mana abilities add when this ability resolves producing ``final`` (CR 605.1b,
    605.4a, 106.12a: they trigger only on mana actually produced). Each entry of the result is one way the
    choices go: the mana added by each triggered ability's source, and a description; [((), "")] when
    nothing triggers."""
    if sum(final) == 0:
        return [((), "")]
    chars = compute_all(state)
    perm = chars[oid]
    ways: list[tuple[Additions, str]] = [((), "")]
    for src, a in mana_triggers(state):
        if a.kind == "unmodelled":
            raise Unsupported(f"{src.name} ({src.id}) has a triggered ability the model cannot represent: {a.source_text!r}")
        t = a.mana_trigger
        if t.by == "you" and activator != src.controller:
            continue
        if t.event == "tapped_for_mana":
            if not taps(ability):
                continue
            if t.of == "land" and "Land" not in perm.types:
                continue
            if t.of == "enchanted" and (src.attached_to != oid or (t.enchanted_is and t.enchanted_is not in perm.subtypes)):
                continue
        elif t.event == "adds_chosen_color":
            color = src.choice("color")
            if "Land" not in perm.types or color is None or final[_IDX[color]] == 0:
                continue
        adds: list[tuple[Event, str]] = []
        if t.add.mode == "fixed":
            adds = [(ev(t.add.fixed), "")]
        elif t.add.mode == "chosen_color":
            color = src.choice("color")
            adds = [(ev(color * t.add.amount), "")] if color else []   # 106.5: no chosen color, no mana
        elif t.add.mode == "produced_type":
            adds = [(ev(x), f"choosing {{{x}}}") for x in sorted(ev_types(final), key=TYPES.index)]
        if not adds:
            continue
        label = f"{src.name} ({src.id}) triggers (605.1b)"
        ways = [(_with(w, src.id, x), f"{wd}; {label}: +{ev_text(x)}{' ' + xd if xd else ''}".lstrip("; "))
                for w, wd in ways for x, xd in adds]
    return ways
