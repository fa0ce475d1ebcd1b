"""Continuous effects that bear on mana: land-type effects (layer 4), colors (layer 5), granted mana
abilities (layer 6), and replacement effects on mana production (CR 106.12b, 614), from static abilities of
permanents and from resolved spells and abilities still in force (CR 611.2).

This module registers its vocabulary: static kinds in ``model.abilities.STATIC_KINDS``, layer appliers in
``model.characteristics.LAYER_APPLIERS``, the layer-4 dependency order (613.8) in ``DEPENDENCY_ORDER``, and
the effect kind ``lasting`` (a spell or ability that leaves a continuous effect, e.g. Pale Moon).
How a replacement effect modifies one mana production event, and the search over their orders, live in
``model.mana_events``; this module only says which effects exist and what they are.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.vocab.abilities import (EFFECT_KINDS, STATIC_KINDS, Ability, StaticEffect, parse_cost_text,
                                           parse_production, render_static)
from mtgjudge.model.rules.layers import (BASIC_LAND_TYPES, DEPENDENCY_ORDER, LAYER_APPLIERS, compute_all, matches,
                                         printed_characteristics)
from mtgjudge.model.mana import COLOR_NAMES, TYPES
from mtgjudge.model.selectors import Selector

# ------------------------------------------------------------------------------------------ vocabulary

#: Static kinds that are replacement effects on mana production (read by model.mana_events).
MANA_REPLACEMENT_KINDS = ("mana_replace_all", "mana_change_type", "mana_by_land_type", "mana_multiply")


def _plural(sel: Selector | None) -> str:
    """"land you control" -> "Lands you control"."""
    if sel is None:
        return "This"
    d = sel.describe()
    tail = ""
    for suffix in (" you control", " an opponent controls"):
        if d.endswith(suffix):
            d, tail = d[: -len(suffix)], suffix
    return (d + "s" + tail)[0].upper() + (d + "s" + tail)[1:]


def _what(s: StaticEffect) -> str:
    return s.affects.describe() if s.affects else "permanent"


def _r_replace_all(s: StaticEffect) -> str:
    amt = f" for {s.arg('min_amount')} or more mana" if s.arg("min_amount") else " for mana"
    return f"If a {_what(s)} is tapped{amt}, it produces {s.arg('mana')} instead of any other type and amount"


def _r_change_type(s: StaticEffect) -> str:
    to = s.arg("to")
    what = {"any_color": "mana of a color of your choice", "chosen": "mana of the chosen color"}.get(
        to, f"{COLOR_NAMES.get(to, to)} mana")
    other = "color" if s.arg("colored_only") else "type"
    return f"If {'you tap ' if s.arg('tapped_by') == 'you' else ''}a {_what(s)}{'' if s.arg('tapped_by') == 'you' else ' is tapped'} for mana, it produces {what} instead of any other {other}"


def _r_by_land_type(s: StaticEffect) -> str:
    pairs = ", ".join(f"{k} produce {{{v}}}" for k, v in dict(s.arg("map")).items())
    return f"If tapped for mana, {pairs} instead of any other type"


def _r_multiply(s: StaticEffect) -> str:
    times = {2: "twice", 3: "three times"}.get(s.arg("factor"), f"{s.arg('factor')} times")
    return f"If you tap a {_what(s)} for mana, it produces {times} as much of that mana instead"


def _r_set_land_type(s: StaticEffect) -> str:
    who = "Enchanted land" if s.arg("enchanted") else _plural(s.affects)
    types = land_types_of(s)
    return f"{who} {'is an' if s.arg('enchanted') else 'are'} {' '.join(t + ('s' if not s.arg('enchanted') and t != 'Plains' else '') for t in types)}"


def _r_add_land_type(s: StaticEffect) -> str:
    types = land_types_of(s)
    what = "every basic land type" if tuple(types) == tuple(BASIC_LAND_TYPES) else "a " + " ".join(types)
    return f"{_plural(s.affects)} are {what} in addition to their other types"


def _r_set_color(s: StaticEffect) -> str:
    return f"{_plural(s.affects)} are " + " and ".join(COLOR_NAMES[c] for c in s.arg("colors"))


def _r_grant_mana(s: StaticEffect) -> str:
    who = "Enchanted land has" if s.arg("enchanted") else _plural(s.affects) + " have"
    return f"{who} \"{granted_ability(s).text()}\""


_CONDS = {"tapped_by": str}
STATIC_KINDS.update({
    # CR 614.1a replacement effects on a mana production event (106.12b). ``affects``: what is tapped,
    # seen from the effect's controller; ``tapped_by: you``: "if you tap".
    "mana_replace_all": ({"mana": str, "min_amount": int, **_CONDS}, _r_replace_all),
    "mana_change_type": ({"to": str, "colored_only": bool, **_CONDS}, _r_change_type),
    "mana_by_land_type": ({"map": object, **_CONDS}, _r_by_land_type),
    "mana_multiply": ({"factor": int, **_CONDS}, _r_multiply),
    # CR 305.7 / 613.1d: layer 4.
    "set_land_type": ({"types": object, "enchanted": bool}, _r_set_land_type),
    "add_land_type": ({"types": object}, _r_add_land_type),
    # CR 613.1e: layer 5.
    "set_color": ({"colors": str}, _r_set_color),
    # CR 613.1f: layer 6, an ability granted to the affected objects.
    "grant_mana_ability": ({"cost": str, "add": object, "enchanted": bool}, _r_grant_mana),
})


def _t_lasting(a: dict) -> str:
    until = {"end_of_turn": "Until end of turn, ", "end_of_your_next_turn": "Until the end of your next turn, ",
             "while_exiled": "For as long as that card remains exiled, "}.get(a.get("until", ""), "")
    text = render_static(a["static"])
    return until + text[0].lower() + text[1:] if until else text


#: A spell's or ability's effect that leaves a continuous effect (CR 611.2a), written in the static
#: vocabulary: ``{lasting: {static: {kind: mana_change_type, to: C, affects: nonbasic land}, until:
#: end_of_turn}}``. While the effect is in force (the question's ``effects:``), it acts like that static
#: ability controlled by the effect's controller, with the effect's timestamp (613.7b).
EFFECT_KINDS["lasting"] = ({"static": StaticEffect, "until": str}, _t_lasting)
#: Part of a mana ability's effect (Gemstone Mine): "If there are no <counter> counters on this, sacrifice it."
EFFECT_KINDS["sacrifice_if_no_counters"] = (
    {"counter": str}, lambda a: f"If there are no {a['counter']} counters on this, sacrifice it")


def validate_static(s: StaticEffect) -> None:
    """Check the arguments this module's kinds need (raises DefinitionError)."""
    if s.kind in ("set_land_type", "add_land_type"):
        types = s.arg("types")
        if isinstance(types, str) and types == "all basic":
            return
        if not isinstance(types, tuple) or any(t not in BASIC_LAND_TYPES for t in types):
            raise DefinitionError(f"{s.kind}: types must be a list of basic land types, not {types!r}")
    if s.kind == "mana_by_land_type":
        m = dict(s.arg("map") or ())
        if not m or any(k not in BASIC_LAND_TYPES or v not in TYPES for k, v in m.items()):
            raise DefinitionError(f"mana_by_land_type: map needs basic land type -> mana letter, not {m!r}")
    if s.kind == "mana_change_type" and s.arg("to") not in tuple(TYPES) + ("any_color", "chosen"):
        raise DefinitionError("mana_change_type: to must be a mana letter, any_color or chosen")


def land_types_of(s: StaticEffect) -> tuple[str, ...]:
    t = s.arg("types")
    return tuple(BASIC_LAND_TYPES) if t == "all basic" else tuple(t)


def granted_ability(s: StaticEffect) -> Ability:
    """The mana ability a ``grant_mana_ability`` static grants."""
    add = s.arg("add")
    add = dict(add) if isinstance(add, tuple) else add
    return Ability("mana", cost=parse_cost_text(s.arg("cost")), production=parse_production(add))


# ------------------------------------------------------------------------------------------ layers

def _still_has(chars: dict, src, eff: StaticEffect) -> bool:
    """An effect of a static ability exists only while its source has the ability (613.8a "existence").
    Effects in force from resolved spells (src None) always exist."""
    if src is None or src.id not in chars:
        return True
    return any(a.kind == "static" and a.static == eff for a in chars[src.id].abilities)


def _targets(chars: dict, eff: StaticEffect, src, affected: list) -> list:
    if eff.arg("enchanted"):
        return [src.attached_to] if src.attached_to in chars else []
    return affected


def _set_land_type(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """CR 305.7: the land loses its old land types and every ability from its rules text; it gets the new
    types (their mana abilities come from 305.6 once layer 4 is done). Other card types and supertypes stay."""
    if not _still_has(chars, src, eff):
        return chars
    out = dict(chars)
    new = land_types_of(eff)
    for oid in _targets(chars, eff, src, affected):
        ch = out[oid]
        if "Land" not in ch.types:
            continue
        kept = tuple(t for t in ch.subtypes if t not in _LAND_SUBTYPES)
        out[oid] = replace(ch, subtypes=kept + new, abilities=(), text_abilities_lost=True)
    return out


def _add_land_type(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """CR 305.7 last sentence: gaining land types keeps the old types and rules text."""
    if not _still_has(chars, src, eff):
        return chars
    out = dict(chars)
    for oid in _targets(chars, eff, src, affected):
        ch = out[oid]
        if "Land" not in ch.types:
            continue
        add = tuple(t for t in land_types_of(eff) if t not in ch.subtypes)
        out[oid] = replace(ch, subtypes=ch.subtypes + add)
    return out


def _set_color(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    out = dict(chars)
    for oid in affected:
        out[oid] = replace(out[oid], colors=frozenset(eff.arg("colors")))
    return out


def _grant_mana(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    out = dict(chars)
    ab = replace(granted_ability(eff), rule_given="613.1f")
    for oid in _targets(chars, eff, src, affected):
        out[oid] = replace(out[oid], abilities=out[oid].abilities + (ab,))
    return out


#: Land subtypes that a land-type-setting effect removes (205.3i); only basic ones are modelled, plus
#: the nonbasic land types of printed cards are removed too: everything on a land's subtype line is a
#: land type, so all its subtypes go.
_LAND_SUBTYPES = frozenset(BASIC_LAND_TYPES) | {"Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant",
                                                "Tower", "Urza's", "Cave", "Sphere", "Town", "Planet"}

LAYER_APPLIERS["set_land_type"] = (4, _set_land_type)
LAYER_APPLIERS["add_land_type"] = (4, _add_land_type)
LAYER_APPLIERS["set_color"] = (5, _set_color)
LAYER_APPLIERS["grant_mana_ability"] = (6, _grant_mana)


def _affected(eff: StaticEffect, src, chars: dict, state) -> frozenset:
    if eff.arg("enchanted"):
        return frozenset([src.attached_to]) if src.attached_to in chars else frozenset()
    if eff.affects is None:
        return frozenset([src.id])
    return frozenset(oid for oid, ch in chars.items() if matches(eff.affects, ch, state.obj(oid), src.controller, src))


def _apply(entry, chars: dict, state) -> dict:
    ts, src, eff = entry
    affected = sorted(_affected(eff, src, chars, state))
    return LAYER_APPLIERS[eff.kind][1](chars, eff, src, state, affected)


def _depends(a, b, chars: dict, state) -> bool:
    """CR 613.8a: ``a`` depends on ``b`` if applying ``b`` would change ``a``'s existence or what it
    applies to. (What it does to those objects never changes for this module's layer-4 kinds: they set or
    add fixed types.)"""
    after = _apply(b, chars, state)
    if _still_has(chars, a[1], a[2]) != _still_has(after, a[1], a[2]):
        return True
    return _affected(a[2], a[1], chars, state) != _affected(a[2], a[1], after, state)


def order_layer4(found: list, chars: dict, state) -> list:
    """CR 613.8b-c: apply effects in timestamp order, except that an effect waits until every effect it
    depends on has been applied; effects in a dependency loop go in timestamp order. Re-evaluated after
    each application."""
    remaining = list(found)
    out = []
    cur = dict(chars)
    while remaining:
        n = len(remaining)
        dep = {i: {j for j in range(n) if j != i and _depends(remaining[i], remaining[j], cur, state)} for i in range(n)}
        reach = {i: _closure(dep, i) for i in range(n)}
        # An effect may go now if every effect it depends on is in a loop with it (613.8b last sentence).
        ready = [i for i in range(n) if all(i in reach[j] for j in dep[i])]
        pick = min(ready or range(n), key=lambda i: remaining[i][0])
        entry = remaining.pop(pick)
        out.append(entry)
        cur = _apply(entry, cur, state)
    return out


def _closure(dep: dict, i: int) -> set:
    seen, todo = set(), [i]
    while todo:
        for j in dep[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


DEPENDENCY_ORDER[4] = order_layer4


# ------------------------------------------------------------------------------------ effects in force

@dataclass(frozen=True)
class ActiveEffect:
    """A continuous effect now in force: its static description, where it comes from, who controls it and
    its timestamp (613.7). ``source`` is the permanent's id for a static ability, None for an effect of a
    resolved spell or ability (``origin`` names the card then)."""

    static: StaticEffect
    controller: str
    timestamp: int
    origin: str
    source: str | None = None
    chosen: tuple[tuple[str, str], ...] = ()

    def choice(self, key: str) -> str | None:
        return dict(self.chosen).get(key)

    def describe(self) -> str:
            return f"{self.origin} ({render_static(self.static)})"


def creating_effects(card, face_index: int, ability_index: int | None, kinds: tuple[str, ...] = ("lasting",)):
    """The effects of the given kinds (Effect values) of the spell or ability that created an effect in force.

    ``ability_index`` names which ability of the face (1-based); without it, the card's spell effect, or
    else the one ability of the face that has such an effect.
    """
    abilities = card.faces[face_index].abilities
    if ability_index is None:
        chosen = [a for a in abilities if a.kind == "spell"]
        if not any(e.kind in kinds for a in chosen for e in a.effects):
            chosen = [a for a in abilities if any(e.kind in kinds for e in a.effects)]
            if len(chosen) > 1:
                raise Unsupported(f"the effect from {card.name}: say which of its abilities made it (`ability:`)")
    else:
        if not 1 <= ability_index <= len(abilities):
            raise Unsupported(f"effect from {card.name}: it has no ability {ability_index}")
        chosen = [abilities[ability_index - 1]]
    return [e for a in chosen for e in a.effects if e.kind in kinds]


def lasting_effects(card, face_index: int, ability_index: int | None):
    """The ``lasting`` effects of the spell or ability that created an effect in force (611.2)."""
    return creating_effects(card, face_index, ability_index, ("lasting",))


def exiles_until_source_leaves(card, face_index: int, ability_index: int | None) -> bool:
    """Was the effect an exile "until [this] leaves the battlefield" (610.3)? Such an effect in force is the
    link between the exiled cards and their source (``GameState.linked``)."""
    return bool(creating_effects(card, face_index, ability_index, ("exile_until_source_leaves",)))


def _lasting_statics(card, face_index: int, ability_index: int | None) -> list[StaticEffect]:
    return [e.arg("static") for e in lasting_effects(card, face_index, ability_index)]


def effects_in_force(state, kinds: tuple[str, ...]) -> list[ActiveEffect]:
    """Every effect of the given static kinds now in force: static abilities of permanents (with their
    current characteristics) and the ``lasting`` effects of resolved spells and abilities in
    ``state.effects``. An effect in ``state.effects`` whose card leaves no effect of the product's
    vocabulary is unsupported (we cannot tell what it does)."""
    key = ("effects_in_force", kinds)
    if key in state._cache:
        return state._cache[key]
    out: list[ActiveEffect] = []
    chars = compute_all(state)
    for o in state.battlefield():
        for a in chars[o.id].abilities:
            if a.kind == "static" and a.static is not None and a.static.kind in kinds:
                out.append(ActiveEffect(a.static, o.controller, o.timestamp, o.name, o.id, o.chosen))
            # The spec's `chosen:` on a permanent records a choice its own ability made this turn (Hall of
            # Gemstone's color): the lasting effect that ability created with that choice is in force.
            if a.kind == "triggered" and o.chosen:
                for e in a.effects:
                    st = e.arg("static") if e.kind == "lasting" else None
                    if st is not None and st.kind in kinds and st.arg("to") == "chosen" and o.choice("color"):
                        out.append(ActiveEffect(st, o.controller, o.timestamp, o.name, None, o.chosen))
    for i, e in enumerate(state.effects):
        if not e.card.modelled:
            raise Unsupported(f"the effect from {e.source_card!r} in force: the verifier has no definition of that card")
        statics = _lasting_statics(e.card, e.face, e.ability)
        if not statics:
            raise Unsupported(f"the effect from {e.source_card} in force is not modelled")
        for s in statics:
            if s.kind in kinds:
                out.append(ActiveEffect(s, e.controller, e.timestamp or 10 ** 6 + i, e.source_card, None, e.chosen))
    state._cache[key] = out
    return out


def affects_permanent(eff: ActiveEffect, state, oid: str) -> bool:
    """Does the effect's ``affects`` selector cover the permanent (seen from the effect's controller)?"""
    chars = compute_all(state)
    src = state.obj(eff.source) if eff.source else None
    return matches(eff.static.affects or Selector(), chars[oid], state.obj(oid), eff.controller, None) and (
        src is None or not eff.static.affects or not eff.static.affects.other or src.id != oid)


def land_type_setters(state, oid: str) -> list[str]:
    """The permanents whose land-type-setting effects (305.7) apply to the object now: for explanations."""
    chars = compute_all(state)
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


def land_type_story(state, oid: str) -> dict[str, tuple[tuple[str, ...], str]]:
    """Why land-type effects that would give the permanent a basic land type (so a type of mana, 305.6) do
    not, for explanations: an effect whose existence or reach was changed by an effect it depends on, applied
    first (613.8a-b), and a land-type-setting effect undone by a later one (613.7). {mana letter: (rules,
    reason)}."""
    perms = list(state.battlefield())
    start = {o.id: printed_characteristics(o) for o in perms}
    found = sorted(((o.timestamp, o, s) for o in perms for a in start[o.id].abilities
                    if a.kind == "static" and a.static is not None
                    and LAYER_APPLIERS.get(a.static.kind, (0,))[0] == 4 for s in (a.static,)), key=lambda e: e[0])
    if not found:
        return {}
    out: dict[str, tuple[tuple[str, ...], str]] = {}
    cur = dict(start)
    done: list = []
    setters: list = []
    name = state.obj(oid).name
    for entry in order_layer4(found, start, state):
        ts, src, eff = entry
        would = oid in _targets(start, eff, src, sorted(_affected(eff, src, start, state)))
        exists = _still_has(cur, src, eff)
        reaches = exists and oid in _targets(cur, eff, src, sorted(_affected(eff, src, cur, state)))
        if would and not reaches:
            before = [e for e in done if _depends(entry, e, start, state)]
            by = " and ".join(f"{e[1].name}'s" for e in before) or "an earlier effect's"
            what = "no longer exists" if not exists else "no longer applies to it"
            for t, letter in _type_letters(eff):
                out.setdefault(letter, (("613.8a", "613.8b"), f"{src.name}'s effect ({render_static(eff)}) would make {name} "
                                        f"{_a(t)}, but it depends on {by} effect, which applies first; after it, {src.name}'s "
                                        f"effect {what}"))
        elif reaches and eff.kind == "set_land_type":
            setters.append(entry)
        done.append(entry)
        cur = _apply(entry, cur, state)
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
    return out
