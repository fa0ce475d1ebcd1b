"""An object's current characteristics: printed values with continuous effects applied in layers (CR 613).

``current(state, oid)`` is what every query reads: types, subtypes, colors and abilities as they are now,
including the intrinsic mana abilities of basic land types (CR 305.6) and abilities granted by static
abilities (layer 6). ``APPLIERS`` says in which layer each static word applies and how (the layers consumer
of ``vocab.words``); within a layer the order is timestamp order (613.7), in layer 4 with dependencies
(613.8, ``rules.land_types``). Layer 2 (613.1b) changes no characteristic: ``controllers`` says who controls
each permanent that the control-changing static words (``CONTROLLERS``) apply to, and the engine writes it into
the state (``engine.controllers``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import GameObject
from mtgjudge.model.rules import count_values
from mtgjudge.model.rules.characteristics import (Characteristics, applies_to, defined_stats, matches,
                                                  printed_characteristics, with_intrinsic)
from mtgjudge.model.rules.count_values import Seen
from mtgjudge.model.rules.land_types import LAND_TYPE_APPLIERS, apply_layer4
from mtgjudge.model.state import GameState, PTChange
from mtgjudge.model.vocab.abilities import Ability, StaticEffect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.subtypes import subtypes_by_type
from mtgjudge.model.vocab.words_mana import granted_ability

# A layer applier gets (all characteristics so far, the effect, its source object, the state, the affected
# object ids) and returns the updated characteristics of those objects.
LayerApplier = Callable[[dict, StaticEffect, GameObject, object, list], dict]


def _grant_keyword(chars: dict, eff: StaticEffect, src: GameObject, state, affected: list) -> dict:
    kw = eff.arg("keyword")
    for oid in applies_to(chars, eff, src, affected):
        ch = chars[oid]
        chars[oid] = replace(ch, abilities=ch.abilities + (Ability("keyword", keyword=kw, granted_by=src.name),))
    return chars


def _set_color(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    out = dict(chars)
    for oid in affected:
        out[oid] = replace(out[oid], colors=frozenset(eff.arg("colors")))
    return out


def _grant_mana(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    out = dict(chars)
    ab = replace(granted_ability(eff), rule_given="613.1f")
    for oid in applies_to(chars, eff, src, affected):
        out[oid] = replace(out[oid], abilities=out[oid].abilities + (ab,))
    return out


def _pt_static(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """613.4c (layer 7c): a static ability's "gets +N/+N" ("Enchanted creature gets +2/+2", "Creatures you control
    get +1/+1") adds to the power and toughness of the objects it affects, determined in this layer (613.6).
    Additions commute with the other 7c effects (resolved "+N/+N until end of turn" and counters), and all of
    them apply before 7d switches (``_apply_pt_changes``)."""
    out = dict(chars)
    for oid in applies_to(chars, eff, src, affected):
        ch = out[oid]
        if ch.power is not None and ch.toughness is not None:
            out[oid] = replace(ch, power=ch.power + eff.arg("power"), toughness=ch.toughness + eff.arg("toughness"))
    return out


def _define_pt(chars: dict, eff: StaticEffect, src: GameObject, state, affected: list) -> dict:
    """613.4a (layer 7a), 604.3: a characteristic-defining ability ("~'s power and toughness are each equal to the
    number of creatures you control") sets the stats it names of its own object to its count's value for the
    object's controller. The count reads only what layers 1-6 settle (``words.defined_pt.record``), so it is valued
    over the characteristics computed so far (off the battlefield: as printed)."""
    n = count_values.value(state, _seen(chars, state), src.controller,
                           count_values.stored(eff, str(eff.arg("count"))), source=src)
    out = dict(chars)
    for oid in affected:
        out[oid] = replace(out[oid], **{stat: n for stat in defined_stats(eff)})
    return out


def _pt_per(chars: dict, eff: StaticEffect, src: GameObject, state, affected: list) -> dict:
    """613.4c (layer 7c): "~ gets +1/+1 for each artifact you control", "Enchanted creature gets +1/+1 for each Forest
    you control": the change times the count's value for the source's controller, counted as this layer applies
    over what layers 1-6 settled (the count reads no power or toughness: ``vocab.words_game``)."""
    n = count_values.value(state, _seen(chars, state), src.controller,
                           count_values.stored(eff, str(eff.arg("count"))), source=src)
    out = dict(chars)
    for oid in applies_to(chars, eff, src, affected):
        ch = out[oid]
        if ch.power is not None and ch.toughness is not None:
            out[oid] = replace(ch, power=ch.power + n * eff.arg("power"), toughness=ch.toughness + n * eff.arg("toughness"))
    return out


def _seen(chars: dict, state) -> Seen:
    """What a count read while the layers apply sees: the characteristics computed so far (off the battlefield: as
    printed)."""
    return Seen(chars, lambda oid: chars[oid] if oid in chars else with_intrinsic(printed_characteristics(state.obj(oid))))


#: The characteristic-defining static words, applied in layer 7a before every other layer-7 effect (613.4a).
DEFINING = frozenset({"defined_pt"})

#: static word -> (layer number, applier).
APPLIERS: dict[str, tuple[int, LayerApplier]] = {
    **{kind: (4, fn) for kind, fn in LAND_TYPE_APPLIERS.items()},
    "set_color": (5, _set_color),
    "grant_mana_ability": (6, _grant_mana),
    "grant_keyword": (6, _grant_keyword),
    "pt_change": (7, _pt_static),
    "defined_pt": (7, _define_pt),
    "pt_per": (7, _pt_per),
}
def _enchanted_types(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """613.1d (layer 4), 205.1a: an Aura's "Enchanted creature is a Treefolk ...": its creature types are these."""
    creature = subtypes_by_type()["Creature"]
    for oid in applies_to(chars, eff, src, affected):
        ch = chars[oid]
        chars[oid] = replace(ch, subtypes=tuple(t for t in ch.subtypes if t not in creature)
                             + tuple(str(eff.arg("creature_types")).split()))
    return chars


def _enchanted_colors(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """613.1e (layer 5): "Enchanted creature is a blue Frog ...": its colors are these."""
    for oid in applies_to(chars, eff, src, affected):
        chars[oid] = replace(chars[oid], colors=frozenset(eff.arg("colors")))
    return chars


def guard_abilities_lost(o: GameObject) -> None:
    """613.1f: a permanent that loses all abilities has none of its printed ones; the engine reads some of them
    from the printed card (triggered abilities, 603.2; static abilities that apply outside the layers), so a
    permanent with such an ability losing them is unsupported. Those that apply only as the permanent itself enters
    ("This enters tapped": 614.1c, 614.12) do nothing to one already on the battlefield."""
    for a in o.printed.abilities:
        s = a.static if a.kind == "static" else None
        static = a.kind == "static" and (s is None or s.kind not in APPLIERS) and not (
            s is not None and s.affects is None and s.word is not None and s.word.scopes <= {Scope.ENTERS})
        triggered = a.kind == "triggered" or (a.kind == "unmodelled" and a.unmodelled_kind == "triggered")
        if triggered or static or (a.kind == "unmodelled" and a.unmodelled_kind == "static"):
            raise Unsupported(f"{o.name} ({o.id}) loses all abilities, and the engine does not stop its ability "
                              f"{a.source_text or a.kind!r} applying (613.1f)")


def _enchanted_loses(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """613.1f (layer 6): "... and loses all abilities": every ability it has at this point, in timestamp order
    with the other effects of the layer (613.7)."""
    for oid in applies_to(chars, eff, src, affected):
        guard_abilities_lost(state.obj(oid))
        chars[oid] = replace(chars[oid], abilities=())
    return chars


def _enchanted_base(chars: dict, eff: StaticEffect, src, state, affected: list) -> dict:
    """613.4b (layer 7b): "... with base power and toughness 0/4" (of a creature, 208.3a)."""
    for oid in applies_to(chars, eff, src, affected):
        if "Creature" in chars[oid].types:
            chars[oid] = replace(chars[oid], power=eff.arg("power"), toughness=eff.arg("toughness"))
    return chars


def _parts_of_becomes(eff: StaticEffect) -> dict[int, LayerApplier]:
    parts: dict[int, LayerApplier] = {}
    if eff.arg("creature_types"):
        parts[4] = _enchanted_types
    if eff.arg("colors"):
        parts[5] = _enchanted_colors
    if eff.arg("loses_all"):
        parts[6] = _enchanted_loses
    if eff.arg("power") is not None:
        parts[7] = _enchanted_base
    return parts


#: static word -> its parts, one applier for each layer it applies in (613.6: "Enchanted creature is a Treefolk
#: with base power and toughness 0/4 and loses all abilities" applies in layers 4, 6 and 7b).
PARTS: dict[str, Callable[[StaticEffect], dict[int, LayerApplier]]] = {"becomes": _parts_of_becomes}

#: layer -> the function that orders its effects by dependency (613.8) and applies them, returning (the order,
#: the characteristics after the layer); the other layers apply in timestamp order (613.7).
DEPENDENCY_ORDER: dict[int, Callable] = {4: apply_layer4}


#: Static words that govern another static word, applied through it (``_statics``).
CONDITIONAL_WORDS = ("as_long_as",)


def _holds(cond: dict, state, o: GameObject, chars: dict) -> bool:
    """Is the condition of an ``as_long_as`` static true now (611.3a, 604.2)? Each reads the state alone, but
    "equipped" and "enchanted", which read the subtypes of what is attached to the object, and "you control ...", which
    reads the permanents its controller controls: both as ``chars``, the layers before the one the static applies in
    (6 or 7), have settled them (613.1b-e)."""
    kind, n, you = cond["kind"], cond.get("n", 0), o.controller
    if kind == "graveyard_at_least":
        return len(state.in_zone(you, "graveyard")) >= n
    if kind in ("hand_at_least", "hand_at_most"):
        held = len(state.in_zone(you, "hand"))
        return held >= n if kind == "hand_at_least" else held <= n
    if kind == "life_at_least":
        return state.player(you).life >= n
    if kind == "life_at_most":
        return state.player(you).life <= n
    if kind == "opponent_life_at_most":
        return any(state.player(p).life <= n for p in state.player_names if p != you and p not in state.left)
    if kind in ("equipped", "enchanted"):
        sub = "Equipment" if kind == "equipped" else "Aura"
        return any(q.attached_to == o.id and q.id in chars and sub in chars[q.id].subtypes for q in state.battlefield())
    if kind in ("your_turn", "not_your_turn"):
        return (state.turn.active == you) == (kind == "your_turn")
    if kind == "attacking":
        return o.attacking is not None
    if kind == "untapped":
        return not o.tapped
    if kind == "counters_at_least":
        return o.counter(cond["counter"]) >= n
    if kind == "counters_at_most":
        return o.counter(cond["counter"]) <= n
    if kind in ("control_at_least", "control_none"):
        # the permanents its controller controls that fit, as the layers before the one it governs settled them
        sel = cond["selects"]
        k = sum(1 for q in state.battlefield(you) if q.id in chars and matches(sel, chars[q.id], q, you, o))
        return k >= n if kind == "control_at_least" else k == 0
    if kind == "dashed":
        # 702.109a: the spell it was was cast for its dash cost; given on the battlefield without saying, not known
        if o.dashed is None:
            raise Unsupported(f"{o.name} ({o.id}) has Dash: it has haste if its dash cost was paid (702.109a), which "
                              "the question does not say (dashed: false says it was not)")
        return o.dashed
    raise ValueError(f"no such static condition: {kind!r}")


def condition_holds(static: StaticEffect, state, o: GameObject) -> bool:
    """Is the condition of the ``as_long_as`` static ``static`` of ``o`` true now, on the board as it stands (the
    layers applied)? For a consumer outside the layers that the static it governs is about (declaring attackers and
    blockers: 508.1c-d, 509.1b-c)."""
    return _holds(dict(static.arg("condition")), state, o, compute_all(state))


def _statics(ch: Characteristics, state=None, o: GameObject | None = None, chars: dict | None = None
             ) -> Iterable[StaticEffect]:
    for a in ch.abilities:
        if a.kind == "static" and a.static is not None:
            if a.static.kind in CONDITIONAL_WORDS:
                # the static it governs applies while the condition holds, as the layers apply (611.3a)
                if state is not None and o is not None and _holds(dict(a.static.arg("condition")), state, o, chars or {}):
                    yield a.static.arg("static")
                continue
            yield a.static


def _changes(state) -> tuple[PTChange, ...]:
    """The resolved spells' and abilities' effects on single objects in force (611.2a); none in a state that
    keeps none."""
    return state.in_force(PTChange) if isinstance(state, GameState) else ()


def _apply_pt_changes(chars: dict[str, Characteristics], state) -> dict[str, Characteristics]:
    """613.4c (layer 7c): "+N/+N until end of turn" effects of resolved spells and abilities modify the power
    and toughness of the object they apply to (a marker, naming no object, once it left the battlefield:
    400.7). Additions commute, so their order within 7c does not matter. Then 613.4d (layer 7d): "switch its
    power and toughness" effects, in timestamp order (613.7); a switch applied twice undoes itself. (+1/+1
    and -1/-1 counters, 7c too, are added by ``engine.sba.power``; they add the same to both values, so
    switching the values here and adding them after gives the same result, 613.4d.)"""
    effects = sorted(_changes(state), key=lambda c: c.timestamp)
    for c in effects:
        ch = chars.get(c.object)
        if ch is not None and ch.power is not None and ch.toughness is not None and (c.power or c.toughness):
            chars[c.object] = replace(ch, power=ch.power + c.power, toughness=ch.toughness + c.toughness)
    for c in effects:
        ch = chars.get(c.object)
        if c.switch and ch is not None and ch.power is not None and ch.toughness is not None:
            chars[c.object] = replace(ch, power=ch.toughness, toughness=ch.power)
    return chars


def _recolor(chars: dict[str, Characteristics], c) -> dict[str, Characteristics]:
    """613.1e (layer 5), 105.3: a resolved "becomes black until end of turn" effect: the object's colors are the
    new ones, replacing all it had (a marker naming no object once it left the battlefield: 400.7)."""
    ch = chars.get(c.object)
    if ch is not None:
        chars[c.object] = replace(ch, colors=frozenset(c.colors))
    return chars


def _retype(chars: dict[str, Characteristics], c) -> dict[str, Characteristics]:
    """613.1d (layer 4): a resolved "becomes a 2/2 Ape creature ... It's still a land" effect (``words.becomes``)
    adds its card types, the object keeping the types it had (205.1b: "still a land", "artifact creature"), and
    sets its creature types (205.1a: they replace the creature types it had; "with all creature types": every
    one, 205.3m). 205.1b keeps "all the object's prior ... subtypes" too where a type is kept: an object that
    already has creature types and is given others that way is not modelled."""
    ch = chars.get(c.object)
    if ch is None:
        return chars
    creature = subtypes_by_type()["Creature"]
    types = ch.types + tuple(t for t in c.types if t not in ch.types)
    subtypes = ch.subtypes
    if c.all_creature_types:
        subtypes = tuple(s for s in ch.subtypes if s not in creature) + tuple(sorted(creature))
    elif c.creature_types:
        had = tuple(s for s in ch.subtypes if s in creature)
        if c.types and had and set(had) != set(c.creature_types):
            raise Unsupported(f"{ch.name} ({c.object}) has creature types ({', '.join(had)}) as an effect that keeps "
                              "its prior types makes it a " + " ".join(c.creature_types)
                              + ": whether it keeps them (205.1a-b) is not modelled")
        subtypes = tuple(s for s in ch.subtypes if s not in creature) + tuple(c.creature_types)
    chars[c.object] = replace(ch, types=types, subtypes=subtypes)
    return chars


def _commutes_with_retypes(eff: StaticEffect) -> bool:
    """Does a land-type-changing static effect (layer 4) give the same result before or after the resolved
    type changes (``_retype``)? Yes if the objects it affects are chosen by land types and card type land only
    (those changes add card types other than land and set creature types, which such a selector does not read,
    and what each does touches what the other reads not: 613.8a, no dependency)."""
    sel = eff.affects
    if sel is None:
        return True
    lands = subtypes_by_type()["Land"]
    return set(sel.types) | set(sel.not_types) <= {"Land"} and \
        all(t in lands for t in sel.subtypes + sel.not_subtypes) and not (sel.chosen_type or sel.not_chosen_type)


def _set_base(chars: dict[str, Characteristics], c) -> dict[str, Characteristics]:
    """613.4b (layer 7b): a resolved "with base power and toughness 1/1" / "becomes a 2/2 creature" effect sets
    the object's power and toughness; the 7c changes apply after it (613.4c, the CR's example of 613.5). 208.3a:
    of a permanent that is not a creature now, it does nothing (it applies if the permanent becomes one)."""
    ch = chars.get(c.object)
    if ch is not None and "Creature" in ch.types:
        chars[c.object] = replace(ch, power=c.base[0], toughness=c.base[1])
    return chars


def _regrant(chars: dict[str, Characteristics], c) -> dict[str, Characteristics]:
    """613.1f (layer 6): a resolved "gains flying until end of turn" effect adds the keyword to the object it
    applies to; "loses flying" removes every instance of that keyword ability it has at this point (those given
    by later effects stay: 613.7, ``compute_all`` applies them in timestamp order with the static ones); "loses
    all abilities" removes every ability it has at this point, its printed ones, the mana abilities of its basic
    land types (305.6) and those granted by earlier effects."""
    ch = chars.get(c.object)
    if ch is None:
        return chars
    abilities = () if c.loses_all else ch.abilities
    if c.loses:
        abilities = tuple(a for a in abilities if not (a.kind == "keyword" and a.keyword in c.loses))
    abilities += tuple(Ability("keyword", keyword=k, granted_by=c.origin) for k in c.keywords)
    chars[c.object] = replace(ch, abilities=abilities)
    return chars


def _guard_loses_all(found: list, regrants: list, chars: dict) -> None:
    """613.8a: an ability-granting static ability of an object that loses all abilities depends on that effect
    (it removes the ability), and one that chooses what it grants to by their keywords depends on it too (it
    changes what that applies to): the model applies layer 6 in timestamp order only, so either is unsupported."""
    losing = {c.object for c in regrants if c.loses_all} | {
        oid for _, src, s in found if s.kind in PARTS for oid in applies_to(chars, s, src, [])}
    for ts, src, s in found:
        if s.kind in PARTS:
            continue
        if src.id in losing:
            raise Unsupported(f"{src.name} ({src.id}) loses all abilities, among them one that grants abilities: "
                              "its dependency on that effect (613.8a) is not modelled")
        if s.affects is not None and (s.affects.with_keyword or s.affects.without_keyword):
            raise Unsupported(f"{src.name} ({src.id}) grants abilities to objects chosen by their keywords, and an "
                              "effect that removes all abilities could change which (613.8a) is not modelled")


def compute_all(state) -> dict[str, Characteristics]:
    """Characteristics of every object on the battlefield (cached on the state)."""
    cache = state._cache.get("characteristics")
    if cache is not None:
        return cache
    perms = list(state.battlefield())
    chars = {o.id: printed_characteristics(o) for o in perms}
    by_id = {o.id: o for o in perms}
    started: set | None = None        # the effects of several layers, as they start to apply (613.6)
    for layer in (1, 2, 3, 4, 5, 6, 7):
        # The effects of this layer come from the abilities objects have after the earlier layers (613.1).
        found: list[tuple[int, GameObject, StaticEffect]] = []
        parted: list[tuple[int, GameObject, StaticEffect]] = []
        for o in perms:
            for s in _statics(chars[o.id], state, o, chars):
                entry = APPLIERS.get(s.kind)
                if entry and entry[0] == layer:
                    found.append((o.timestamp, o, s))
                elif s.kind in PARTS:
                    parted.append((o.timestamp, o, s))
        if layer >= 4:
            # 613.6: an effect that starts to apply in one layer goes on applying in the others; the model reads
            # its parts from the abilities after each layer, so one whose ability is gained or lost on the way is
            # not modelled
            now = {(o.id, s) for _, o, s in parted}
            if started is None:
                started = now
            elif now != started:
                raise Unsupported("an effect that applies in several layers (613.6) starts or stops between them "
                                  "as its ability is gained or lost: not modelled")
        layered = [(ts, o, s, PARTS[s.kind](s)[layer]) for ts, o, s in parted if layer in PARTS[s.kind](s)]
        found += [(ts, o, s) for ts, o, s, _ in layered if layer in (5, 6)]
        appliers = {(o.id, s): fn for _, o, s, fn in layered}
        ordered = DEPENDENCY_ORDER.get(layer)
        found.sort(key=lambda t: t[0])
        changes = _changes(state)
        # the type changes of resolved effects and of the "Enchanted creature is a Treefolk" parts (which set
        # creature types or add types other than land), in timestamp order (613.7)
        retypes = sorted([(c.timestamp, c) for c in changes if c.types or c.creature_types or c.all_creature_types]
                         + [(ts, (o, s)) for ts, o, s, _ in layered], key=lambda e: e[0]) if layer == 4 else []
        if retypes:
            # they apply after the land-type changes of layer 4, which is their timestamp order or an order giving
            # the same result (``_commutes_with_retypes``)
            for ts, src, s in found:
                if ts > retypes[0][0] and not _commutes_with_retypes(s):
                    raise Unsupported(f"{src.name} ({src.id}) changes land types of objects chosen by what another "
                                      "type-changing effect changes: their order (613.7, 613.8) is not modelled")
        if (layer == 4 and (found or retypes)) or (layer == 6 and (layered or any(
                c.loses or c.loses_all for c in _changes(state)))):
            # 702.103b: a bestowed permanent's type and enchant creature come from an effect with its own
            # timestamp (613.7), which the model applies before every layer: one it could be ordered with is not
            # modelled
            bestowed = [o for o in perms if o.bestowed]
            if bestowed:
                raise Unsupported(f"{bestowed[0].name} ({bestowed[0].id}) is a bestowed Aura (702.103b) while an effect "
                                  f"changes {'types' if layer == 4 else 'abilities'}: their order (613.7) is not "
                                  "modelled")
        if ordered is not None and found:
            found, chars = [], ordered(found, chars, state)[1]
        for _, c in retypes:
            chars = _retype(chars, c) if not isinstance(c, tuple) else \
                _enchanted_types(chars, c[1], c[0], state, [])
        if layer == 7:
            # 613.4a (layer 7a): characteristic-defining abilities first, their counts reading layers 1-6
            defining = [f for f in found if f[2].kind in DEFINING]
            found = [f for f in found if f[2].kind not in DEFINING]
            for _, src, s in defining:
                chars = _define_pt(chars, s, src, state, [src.id])
            # 613.4b (layer 7b) before the 7c changes of static abilities and resolved effects, in timestamp order
            bases = sorted([(c.timestamp, c) for c in changes if c.base is not None]
                           + [(ts, (o, s)) for ts, o, s, _ in layered], key=lambda e: e[0])
            for _, c in bases:
                chars = _set_base(chars, c) if not isinstance(c, tuple) else _enchanted_base(chars, c[1], c[0], state, [])
        # 613.7: resolved "becomes black until end of turn" effects apply in layer 5 in timestamp
        # order with the static color-setting effects
        recolors = sorted((c for c in _changes(state) if c.colors), key=lambda c: c.timestamp) \
            if layer == 5 else []
        # 613.7: resolved "gains flying" / "loses flying" effects apply in layer 6 in timestamp order
        # with the static ability-adding effects (613.1f; removing does not commute with adding)
        regrants = sorted((c for c in _changes(state) if c.keywords or c.loses or c.loses_all),
                          key=lambda c: c.timestamp) if layer == 6 else []
        if any(c.loses_all for c in regrants) or (layer == 6 and layered):
            _guard_loses_all(found, regrants, chars)
        for ts, src, s in found:
            while recolors and recolors[0].timestamp < ts:
                chars = _recolor(chars, recolors.pop(0))
            while regrants and regrants[0].timestamp < ts:
                chars = _regrant(chars, regrants.pop(0))
            # The objects it affects are determined as the effect is applied in its layer (613.6).
            if s.affects is None:
                affected = [src.id]
            else:
                affected = [oid for oid, ch in chars.items()
                            if matches(s.affects, ch, by_id[oid], src.controller, src, state.turn.step)]
            chars = (appliers.get((src.id, s)) or APPLIERS[s.kind][1])(chars, s, src, state, affected)
        for c in recolors:
            chars = _recolor(chars, c)
        for c in regrants:
            chars = _regrant(chars, c)
        if layer == 4:
            chars = {oid: with_intrinsic(ch) for oid, ch in chars.items()}
        if layer == 7:
            chars = _apply_pt_changes(chars, state)
    state._cache["characteristics"] = chars
    return chars


def _control_enchanted(eff: StaticEffect, src: GameObject, state) -> tuple[str, bool] | None:
    """613.1b, 303.4b: "You control enchanted creature.": the permanent the Aura is attached to, if any, and
    whether it is what the noun names (a creature that stopped being one, its Aura about to be put into a
    graveyard, 704.5m: whether the effect still applies to it is not settled)."""
    t = src.attached_to
    if t is None or not state.has(t) or state.obj(t).zone != "battlefield":
        return None
    ch = current(state, t)
    what = str(eff.arg("what", "creature"))
    fits = {"permanent": True, "Equipment": "Equipment" in ch.subtypes,
            "artifact creature": "Artifact" in ch.types and "Creature" in ch.types}.get(what, what.title() in ch.types)
    return t, fits


#: static word -> the permanent its effect gives control of (613.1b, layer 2), to the controller of its source, and
#: whether it is what the effect names.
CONTROLLERS: dict[str, Callable[[StaticEffect, GameObject, object], tuple[str, bool] | None]] = {
    "control_enchanted": _control_enchanted}


def controller_apart(o: GameObject) -> str:
    """Who controls ``o`` apart from the static control effects (613.1b): the controller they found it with
    (``GameObject.controller_apart``), else the controller the state gives it."""
    return o.controller_apart if o.controller_apart is not None else o.controller


def controllers(state) -> dict[str, str]:
    """613.1b (layer 2): the permanents that static control effects apply to now, each with the player who
    controls it after them (``control_sources``: the last effect's source's controller, 613.7)."""
    return {oid: srcs[-1].controller for oid, srcs in control_sources(state).items()}


def control_sources(state) -> dict[str, tuple[GameObject, ...]]:
    """613.1b (layer 2): the permanents that static control effects apply to now, each with the sources of those
    effects in timestamp order. They apply in that order (613.7), each giving its permanent to its source's
    controller, so the latest one wins. Controlling an object changes no characteristic (109.3, 613.1b): the
    engine writes these controllers into the state (``engine.controllers``), where every rule reads them. An
    effect whose source's own control one of them changes depends on it (613.8a): not modelled."""
    cache = state._cache.get("control sources")
    if cache is not None:
        return cache
    found: list[tuple[int, GameObject, StaticEffect]] = []
    for o in state.battlefield():
        # the abilities after layer 1, which has no effect in the model (copy effects: 613.1a)
        for a in printed_characteristics(o).abilities:
            s = a.static if a.kind == "static" else None
            if s is not None and s.kind in CONDITIONAL_WORDS and s.arg("static").kind in CONTROLLERS:
                raise Unsupported(f"{o.name} ({o.id}) gives control of a permanent under a condition (611.3a): not "
                                  "modelled")
            if s is not None and s.kind in CONTROLLERS:
                found.append((o.timestamp, o, s))
    out: dict[str, tuple[GameObject, ...]] = {}
    unsure: set[str] = set()
    for _, src, s in sorted(found, key=lambda t: t[0]):
        got = CONTROLLERS[s.kind](s, src, state)
        if got is not None:
            out[got[0]] = out.get(got[0], ()) + (src,)
            if not got[1]:
                unsure.add(got[0])
    for _, src, _s in found:
        if src.id in out:
            raise Unsupported(f"{src.name} ({src.id}) gives control of a permanent and a control effect gives "
                              f"control of {src.name}: the dependency (613.8a) is not modelled")
    state._cache["control sources"] = out
    state._cache["control unsure"] = frozenset(unsure)
    return out


def control_unsure(state) -> frozenset[str]:
    """The permanents a static control effect is attached to that are not what it names ("enchanted creature"
    on a land that stopped being a creature): whether it applies to them is not settled (``control_sources``)."""
    control_sources(state)
    return state._cache["control unsure"]


def current(state, oid: str) -> Characteristics:
    """The current characteristics of an object: battlefield objects with effects applied, others as printed."""
    chars = compute_all(state)
    if oid in chars:
        return chars[oid]
    return with_intrinsic(printed_characteristics(state.obj(oid)))


def activated_abilities(state, oid: str) -> list[Ability]:
    """The object's activated abilities (mana and non-mana) in text order, rule-given ones included (the
    spec's 1-based ``ability:`` index counts in this list)."""
    return [a for a in current(state, oid).abilities
            if a.is_activated or (a.kind == "unmodelled" and a.unmodelled_kind in ("activated", "mana"))]
