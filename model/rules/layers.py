"""An object's current characteristics: printed values with continuous effects applied in layers (CR 613).

``current(state, oid)`` is what every query reads: types, subtypes, colors and abilities as they are now,
including the intrinsic mana abilities of basic land types (CR 305.6) and abilities granted by static
abilities (layer 6). Static ability kinds register how they apply in ``LAYER_APPLIERS``; the order within
a layer is timestamp order (613.7) unless a registered ``DEPENDENCY_ORDER`` for that layer reorders it
(613.8).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable

from mtgjudge.model.vocab.abilities import Ability, CostPart, ManaProduction, StaticEffect
from mtgjudge.model.mana import cost_colors
from mtgjudge.model.objects import GameObject
from mtgjudge.model.selectors import Selector

BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass(frozen=True)
class Characteristics:
    """What an object is now (CR 109.3), after continuous effects."""

    name: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: frozenset[str]
    abilities: tuple[Ability, ...]        # text abilities, then intrinsic ones (305.6), then granted ones
    power: int | None = None
    toughness: int | None = None
    text_abilities_lost: bool = False     # 305.7: a land-type-setting effect removed its rules text

    def has_keyword(self, kw: str) -> bool:
        return any(a.kind == "keyword" and a.keyword == kw for a in self.abilities)

    def keyword_origin(self, kw: str) -> str | None:
        """Where the keyword comes from: "" for its own text, the granting object's name, None if absent."""
        for a in self.abilities:
            if a.kind == "keyword" and a.keyword == kw:
                return a.granted_by
        return None

    def is_(self, card_type: str) -> bool:
        return card_type in self.types


def intrinsic_mana_ability(subtype: str) -> Ability:
    """CR 305.6: a land with a basic land type has "{T}: Add [its symbol]"."""
    return Ability("mana", cost=(CostPart("tap"),), production=ManaProduction("fixed", fixed=(BASIC_LAND_TYPES[subtype],)),
                   rule_given="305.6")


def printed_characteristics(o: GameObject) -> Characteristics:
    f = o.printed
    if o.face_down:
        # CR 708.2: a face-down permanent is a 2/2 with no text, name, subtypes or mana cost.
        return Characteristics("", (), ("Creature",), (), frozenset(), (), 2, 2)
    colors = frozenset(f.color_indicator) if f.color_indicator is not None else (
        cost_colors(f.mana_cost) if f.mana_cost else frozenset())
    return Characteristics(f.name, f.supertypes, f.types, f.subtypes, colors, f.abilities, f.power, f.toughness)


# A layer applier gets (all characteristics so far, the effect, its source object, the state, the affected
# object ids) and returns the updated characteristics of those objects.
LayerApplier = Callable[[dict, StaticEffect, GameObject, object, list], dict]
#: static kind -> (layer number, applier); layer 6 grant_keyword is registered below, the land-type
#: effects of layer 4 by model.effects.
LAYER_APPLIERS: dict[str, tuple[int, LayerApplier]] = {}
#: layer -> function ordering the effects of that layer (613.8 dependency); default: timestamp order.
DEPENDENCY_ORDER: dict[int, Callable] = {}


def matches(sel: Selector | None, ch: Characteristics, o: GameObject, you: str, source: GameObject | None) -> bool:
    """Does an object with characteristics ``ch`` fit the selector, seen from player ``you``?"""
    if sel is None:
        return source is not None and o.id == source.id
    if any(t not in ch.types for t in sel.types):
        return False
    if any(t in ch.types for t in sel.not_types):
        return False
    if sel.subtypes and not any(s in ch.subtypes for s in sel.subtypes):
        return False
    if any(s not in ch.supertypes for s in sel.supertypes):
        return False
    if any(s in ch.supertypes for s in sel.not_supertypes):
        return False
    if sel.controller == "you" and o.controller != you:
        return False
    if sel.controller == "opponent" and o.controller == you:
        return False
    if sel.other and source is not None and o.id == source.id:
        return False
    if sel.untapped and o.tapped:
        return False
    if sel.tapped and not o.tapped:
        return False
    if sel.token is not None and o.token != sel.token:
        return False
    return True


def _grant_keyword(chars: dict, eff: StaticEffect, src: GameObject, state, affected: list) -> dict:
    from mtgjudge.model.vocab.abilities import Ability as A
    kw = eff.arg("keyword")
    for oid in affected:
        ch = chars[oid]
        chars[oid] = replace(ch, abilities=ch.abilities + (A("keyword", keyword=kw, granted_by=src.name),))
    return chars


LAYER_APPLIERS["grant_keyword"] = (6, _grant_keyword)


def _statics(ch: Characteristics) -> Iterable[StaticEffect]:
    for a in ch.abilities:
        if a.kind == "static" and a.static is not None:
            yield a.static


def compute_all(state) -> dict[str, Characteristics]:
    """Characteristics of every object on the battlefield (cached on the state)."""
    cache = state._cache.get("characteristics")
    if cache is not None:
        return cache
    perms = list(state.battlefield())
    chars = {o.id: printed_characteristics(o) for o in perms}
    by_id = {o.id: o for o in perms}
    for layer in (1, 2, 3, 4, 5, 6, 7):
        # The effects of this layer come from the abilities objects have after the earlier layers (613.1).
        found: list[tuple[int, GameObject, StaticEffect]] = []
        for o in perms:
            for s in _statics(chars[o.id]):
                entry = LAYER_APPLIERS.get(s.kind)
                if entry and entry[0] == layer:
                    found.append((o.timestamp, o, s))
        order = DEPENDENCY_ORDER.get(layer)
        found.sort(key=lambda t: t[0])
        if order is not None:
            found = order(found, chars, state)
        for ts, src, s in found:
            # The objects it affects are determined as the effect is applied in its layer (613.6).
            if s.affects is None:
                affected = [src.id]
            else:
                affected = [oid for oid, ch in chars.items() if matches(s.affects, ch, by_id[oid], src.controller, src)]
            chars = LAYER_APPLIERS[s.kind][1](chars, s, src, state, affected)
        if layer == 4:
            chars = {oid: _with_intrinsic(ch) for oid, ch in chars.items()}
    state._cache["characteristics"] = chars
    return chars


def _with_intrinsic(ch: Characteristics) -> Characteristics:
    """Add the 305.6 mana abilities of the land's basic land types, once layer 4 has settled them."""
    if "Land" not in ch.types:
        return ch
    extra = tuple(intrinsic_mana_ability(s) for s in BASIC_LAND_TYPES if s in ch.subtypes)
    kept = tuple(a for a in ch.abilities if a.rule_given != "305.6")
    return replace(ch, abilities=kept + extra)


def current(state, oid: str) -> Characteristics:
    """The current characteristics of an object: battlefield objects with effects applied, others as printed."""
    chars = compute_all(state)
    if oid in chars:
        return chars[oid]
    return _with_intrinsic(printed_characteristics(state.obj(oid)))


def activated_abilities(state, oid: str) -> list[Ability]:
    """The object's activated abilities (mana and non-mana) in text order, rule-given ones included (the
    spec's 1-based ``ability:`` index counts in this list)."""
    return [a for a in current(state, oid).abilities if a.is_activated or (a.kind == "unmodelled" and a.timing in ("activated", "mana"))]
