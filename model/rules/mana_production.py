"""One resolution of a mana ability: what it would produce (its choices expanded), the replacement effects
that modify that mana production event in every order the player may choose (CR 106.12b, 614, 616.1), and
what triggered mana abilities add (CR 605.1b, 106.12a).

An *event* is an amount of mana: a tuple of six counts in WUBRGC order (``ev("{G}{G}")``). Amounts are exact
integers (Nyxbloom Ancient and Mana Reflection multiply without any cap).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Callable, Iterable

from mtgjudge.model.vocab.abilities import X_COUNT, Ability
from mtgjudge.model.rules.layers import compute_all, current
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.in_force import ActiveEffect, effects_in_force
from mtgjudge.model import deadline
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.mana import COLORS, TYPES

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
    return "".join("{%s}" % TYPES[i] * n for i, n in enumerate(e)) or "no mana"


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
    elif p.mode == "options":
        for option in p.options:
            put(tuple(n * mult for n in ev(option)), "choosing " + ev_text(ev(option)))
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


def _applicable_any(e: ActiveEffect, event: Event, subtypes: tuple) -> bool:
    return True


def _applicable_replace_all(e: ActiveEffect, event: Event, subtypes: tuple) -> bool:
    return sum(event) >= (e.static.arg("min_amount") or 1)


def _applicable_change_type(e: ActiveEffect, event: Event, subtypes: tuple) -> bool:
    return not e.static.arg("colored_only") or sum(event[:5]) > 0


def _applicable_by_land_type(e: ActiveEffect, event: Event, subtypes: tuple) -> bool:
    return any(t in dict(e.static.arg("map")) for t in subtypes)


def _replace_all(e: ActiveEffect, event: Event, subtypes: tuple) -> list[tuple[Event, str]]:
    return [(ev(t for t in e.static.arg("mana") if t in _IDX), "")]


def _multiply(e: ActiveEffect, event: Event, subtypes: tuple) -> list[tuple[Event, str]]:
    return [(tuple(n * e.static.arg("factor") for n in event), "")]


def _change_type(e: ActiveEffect, event: Event, subtypes: tuple) -> list[tuple[Event, str]]:
    s = e.static
    total = sum(event)
    to = s.arg("to")
    if s.arg("colored_only"):
        colored = sum(event[:5])
        targets = [e.choice("color")] if to == "chosen" else ([to] if to != "any_color" else list(COLORS))
        return [(ev_add(ev(t * colored), (0, 0, 0, 0, 0, event[5])), f"choosing {{{t}}}" if len(targets) > 1 else "")
                for t in targets]
    if to == "any_color":
        return [(ev(t * total), f"choosing {{{t}}}") for t in COLORS]
    if to == "chosen":
        return [(ev(e.choice("color") * total), "")]
    return [(ev(to * total), "")]


def _by_land_type(e: ActiveEffect, event: Event, subtypes: tuple) -> list[tuple[Event, str]]:
    m = dict(e.static.arg("map"))
    total = sum(event)
    colors = sorted({m[t] for t in subtypes if t in m}, key=TYPES.index)
    return [(ev(c * total), f"choosing {{{c}}}" if len(colors) > 1 else "") for c in colors]


#: The replacement effects on mana production (the mana consumer of ``vocab.words``, 614.1a): word ->
#: (whether it applies to an event, every event it can turn it into with the choice made).
REPLACEMENTS = {
    "mana_replace_all": (_applicable_replace_all, _replace_all),
    "mana_change_type": (_applicable_change_type, _change_type),
    "mana_by_land_type": (_applicable_by_land_type, _by_land_type),
    "mana_multiply": (_applicable_any, _multiply),
}
MANA_REPLACEMENT_KINDS = tuple(REPLACEMENTS)


def _applicable(e: ActiveEffect, event: Event, subtypes: tuple) -> bool:
    """106.12b: a replacement effect modifies an event that produces mana; and its own condition."""
    return sum(event) > 0 and REPLACEMENTS[e.static.kind][0](e, event, subtypes)


def _apply(e: ActiveEffect, event: Event, subtypes: tuple) -> list[tuple[Event, str]]:
    return REPLACEMENTS[e.static.kind][1](e, event, subtypes)


#: One step of an order: (the effect applied, the choice made for it, the event after it).
OrderStep = tuple


#: The most distinct (event, effects applied) states the search over replacement orders visits: each
#: holds the orders reaching its outcomes, so this bounds its memory (about 12 identical effects).
MAX_REPLACEMENT_STATES = 5000


@lru_cache(maxsize=200_000)
def replacement_outcomes(event: Event, candidates: tuple[ActiveEffect, ...], subtypes: tuple) -> dict:
    """Every distinct final event reachable by applying the candidate replacement effects in every order
    the affected player may choose (CR 616.1e-f): after each, only effects still applicable to the modified
    event remain; each applies at most once (614.5). Returns {final event: the order reaching it}.

    Memoized on (event, effects already applied), so commuting effects meet in one state: the search
    visits each distinct (event, applied set) once, not each permutation. Identical effects still make
    2^N applied sets: past MAX_REPLACEMENT_STATES (or the question's time bound) it raises SearchBound."""
    memo: dict = {}

    def rec(cur: Event, used: frozenset) -> dict:
        key = (cur, used)
        if key in memo:
            return memo[key]
        deadline.check("ordering replacement effects")
        if len(memo) >= MAX_REPLACEMENT_STATES:
            raise SearchBound(f"{len(candidates)} replacement effects can be ordered into more than "
                              f"{MAX_REPLACEMENT_STATES} distinct states (616.1): the search bound was reached")
        res: dict = {}
        appl = [i for i, e in enumerate(candidates) if i not in used and _applicable(e, cur, subtypes)]
        if not appl:
            res[cur] = ()
        for i in appl:
            for nxt, choice in _apply(candidates[i], cur, subtypes):
                for fin, order in rec(nxt, used | {i}).items():
                    res.setdefault(fin, ((candidates[i], choice, nxt),) + order)
        memo[key] = res
        return res

    return rec(event, frozenset())


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
