"""What an object is (CR 109.3): its characteristics as printed (or face down, 708.2), the mana abilities its
basic land types give it (305.6), and whether it fits a selector (a phrase like "untapped creature you
control"). Continuous effects change these in layers (``rules.layers``)."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from mtgjudge.model.derived import once
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import BASIC_LAND_TYPES, cost_colors, mana_value
from mtgjudge.model.names import is_unknown, unknown_card
from mtgjudge.model.objects import GameObject
from mtgjudge.model.state import COMBAT_STEPS
from mtgjudge.model.selectors import Selector, TargetSpec
from mtgjudge.model.vocab.subtypes import subtypes_by_type
from mtgjudge.model.vocab.abilities import Ability, CostPart, ManaProduction, StaticEffect
from mtgjudge.model.lazy_dataclass import dataclass


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
    #: Off the battlefield: why its colors are not known ("" when they are), an effect the model doesn't have
    #: may change them (Celestial Dawn: "The same is true for spells you control and nonland cards you own that
    #: aren't on the battlefield"; ``guards.colors_off_battlefield``, set where a spell's characteristics are
    #: matched). Whatever reads them raises Unsupported with it (``matches``).
    colors_unknown: str = ""

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


@lru_cache(maxsize=None)
def intrinsic_mana_ability(subtype: str) -> Ability:
    """CR 305.6: a land with a basic land type has "{T}: Add [its symbol]" (one immutable value for each type)."""
    return Ability("mana", cost=(CostPart("tap"),), production=ManaProduction("fixed", fixed=(BASIC_LAND_TYPES[subtype],)),
                   rule_given="305.6")


def printed_characteristics(o: GameObject) -> Characteristics:
    """The characteristics an object has before any effect applies: those of its face up (708.2: a face-down
    permanent's otherwise), computed once for each face (faces never change) since every state computes them
    for every permanent. A card the verifier does not know (``names.is_unknown``) in a graveyard or in exile has
    characteristics nobody can read: anything that asks for them is unsupported (docs/question-format.md, "Cards
    nobody knows")."""
    if is_unknown(o) and o.zone in ("graveyard", "exile"):
        raise Unsupported(f"{unknown_card(o)} is in {o.owner}'s {o.zone}, and what it is matters here: its "
                          "characteristics are not known")
    if o.face_down:
        # CR 708.2: a face-down permanent is a 2/2 with no text, name, subtypes or mana cost.
        return Characteristics("", (), ("Creature",), (), frozenset(), (), 2, 2)
    f = o.printed
    chars = once(f, "printed characteristics", lambda: _face_characteristics(f))
    if o.bestowed:
        chars = bestowed_characteristics(chars)
    if o.spliced and o.zone == "stack":
        # 702.47c: a text-changing effect: the spell has the rules text of each card spliced onto it, after its own
        return replace(chars, abilities=chars.abilities + o.spliced)
    return chars


def defined_stats(s: StaticEffect) -> tuple[str, ...]:
    """The stats (``power``, ``toughness``) a characteristic-defining ``defined_pt`` static sets (604.3): those its
    line names ("power and toughness", "power", "toughness")."""
    return tuple(stat for stat in ("power", "toughness") if stat in str(s.arg("stats")))


def _face_characteristics(f) -> Characteristics:
    colors = frozenset(f.color_indicator) if f.color_indicator is not None else (
        cost_colors(f.mana_cost) if f.mana_cost else frozenset())
    subtypes = f.subtypes
    # Characteristic-defining keywords (604.3, 113.6a: they function everywhere): devoid, "this object is
    # colorless" (702.114a); changeling, "this object is every creature type" (702.73a, 205.3d: only an object
    # with a type that has creature types).
    keywords = {a.keyword for a in f.abilities if a.kind == "keyword"}
    if "Devoid" in keywords:
        colors = frozenset()
    if "Changeling" in keywords and {"Creature", "Kindred", "Tribal"} & set(f.types):
        subtypes = tuple(sorted(set(subtypes) | subtypes_by_type()["Creature"]))
    # A power or toughness a characteristic-defining ability sets (604.3, 208.2a: printed "*") is its count's
    # value in every zone; the layers compute it on the battlefield (613.4a, ``rules.layers``), elsewhere the model
    # does not (``_stat_fits``, ``engine.sba``: unsupported where it is read).
    defined = {stat for a in f.abilities if a.kind == "static" and a.static is not None and a.static.kind == "defined_pt"
               for stat in defined_stats(a.static)}
    return Characteristics(f.name, f.supertypes, f.types, subtypes, colors, f.abilities,
                           None if "power" in defined else f.power, None if "toughness" in defined else f.toughness)


def matches(sel: Selector | None, ch: Characteristics, o: GameObject, you: str, source: GameObject | None,
            step: str | None = None) -> bool:
    """Does an object with characteristics ``ch`` fit the selector, seen from player ``you``? ``step``: the
    step of the turn, for "attacking" and "blocking" (outside combat no creature is either, 506.4)."""
    if sel is None:
        return source is not None and o.id == source.id
    if ch.colors_unknown and sel.reads_colors():
        raise Unsupported(ch.colors_unknown)
    chosen = sel.chosen_type or sel.not_chosen_type
    if not sel.fits(ch.types, ch.subtypes, ch.supertypes, ch.colors,
                    source.choice("creature type") if source is not None and chosen else None):
        return False
    if sel.controller == "defending":
        # 508.5: who that is depends on what the source attacks; target legality decides it (``rules.targets``)
        raise Unsupported(f"{sel.describe()!r}: which player is the defending player is not known here")
    if sel.controller == "you" and o.controller != you:
        return False
    if sel.controller in ("opponent", "not_you") and o.controller == you:
        return False
    if sel.other and source is not None and o.id == source.id:
        return False
    if sel.untapped and o.tapped:
        return False
    if sel.tapped and not o.tapped:
        return False
    if sel.token is not None and o.token != sel.token:
        return False
    if sel.with_keyword and not ch.has_keyword(sel.with_keyword):
        return False
    if sel.without_keyword and ch.has_keyword(sel.without_keyword):
        return False
    if sel.stat is not None and not _stat_fits(sel.stat, ch, o):
        return False
    if sel.lesser_power:
        # compared with the source's power only as a target is checked (``rules.targets``); elsewhere, what it is
        # less than is not known
        raise Unsupported(f"{sel.describe()!r}: whose power it is less than is not known here")
    if sel.counter and o.counter(sel.counter) <= 0:
        return False
    if sel.combat:
        # 506.4: only during the combat phase, from the declaration of attackers, is a creature attacking or
        # blocking (508.1k, 509.1g: the objects' combat state)
        if step is not None and step not in COMBAT_STEPS:
            return False
        if step is None:
            raise Unsupported(f"{sel.describe()!r}: which creatures are {sel.combat} is not known here")
        attacking, blocking = o.zone == "battlefield" and o.attacking is not None, o.zone == "battlefield" and bool(o.blocking)
        return {"attacking": attacking, "blocking": blocking,
                "attacking or blocking": attacking or blocking}.get(sel.combat, False) or (
            sel.combat not in ("attacking", "blocking", "attacking or blocking") and _unknown_combat(sel))
    return True


def _unknown_combat(sel) -> bool:
    raise Unsupported(f"{sel.describe()!r}: which creatures are {sel.combat} is not modelled")


def object_mana_value(o: GameObject) -> int:
    """The mana value of an object (202.3): 0 face down (708.2) or with no mana cost (202.3a); a transformed
    double-faced permanent's back face counts its front face's cost (202.3b); a split card off the stack counts
    both halves (202.3d); X is 0 off the stack and the number chosen on it (202.3e)."""
    if o.face_down:
        return 0
    if is_unknown(o) and o.zone != "stack":
        raise Unsupported(f"the mana value of {unknown_card(o)} matters: it is not known")
    faces = o.card.faces
    if o.card.layout in ("split", "aftermath") and o.zone != "stack":
        return sum(mana_value(f.mana_cost or ()) for f in faces)
    cost = faces[0].mana_cost if o.card.layout == "transform" else o.printed.mana_cost
    if not cost:
        return 0
    if o.zone == "stack" and any(s.kind == "x" for s in cost) and o.x is None:
        raise Unsupported(f"the mana value of {o.name} ({o.id}): the X chosen for it is not known (202.3e)")
    return mana_value(cost, (o.x or 0) if o.zone == "stack" else 0)


def _stat_fits(stat: tuple[str, str, int], ch: Characteristics, o: GameObject) -> bool:
    what, cmp, n = stat
    value: int | None
    if what == "mana value":
        value = object_mana_value(o)
    elif what == "total power and toughness":      # the sum of the two (208.1), each with its counters (613.4c)
        if ch.power is None or ch.toughness is None:
            return _no_stat(ch, o, what)
        value = ch.power + ch.toughness + (sum(o.counters_pt()) if o.zone == "battlefield" else 0)
    else:
        value = ch.power if what == "power" else ch.toughness
        if value is None:
            return _no_stat(ch, o, what)
        if o.zone == "battlefield":
            # 613.4c: power/toughness counters count in layer 7c, which ``current`` leaves to its readers
            value += o.counters_pt()[0 if what == "power" else 1]
    return value <= n if cmp == "<=" else value >= n if cmp == ">=" else value == n


def _no_stat(ch: Characteristics, o: GameObject, what: str) -> bool:
    """An object with no power or toughness the model knows has no ``what`` to compare (208.3: a noncreature), unless
    it is a creature whose ability defines it (604.3) where the model does not compute it: unsupported."""
    if "Creature" in ch.types:
        raise Unsupported(f"the {what} of {o.name} ({o.id}) in {o.zone}: its characteristic-defining ability sets it "
                          "(604.3), which the model computes on the battlefield only")
    return False


def with_intrinsic(ch: Characteristics) -> Characteristics:
    """Add the 305.6 mana abilities of the land's basic land types, once layer 4 has settled them (computed once
    for each value of ``ch``: a permanent no effect changes has its face's, ``printed_characteristics``)."""
    if "Land" not in ch.types:
        return ch
    return once(ch, "with intrinsic", lambda: _with_intrinsic(ch))


def _with_intrinsic(ch: Characteristics) -> Characteristics:
    extra = tuple(intrinsic_mana_ability(s) for s in BASIC_LAND_TYPES if s in ch.subtypes)
    kept = tuple(a for a in ch.abilities if a.rule_given != "305.6")
    return replace(ch, abilities=kept + extra)


def applies_to(chars: dict, eff: StaticEffect, src, affected: list) -> list:
    """The objects an effect changes: the permanent its source is attached to ("enchanted land"), else the
    ``affected`` ones."""
    if eff.arg("enchanted"):
        return [src.attached_to] if src.attached_to in chars else []
    return affected


#: 702.103b: the ability a bestowed spell or permanent gains, "Enchant creature" (702.5a).
ENCHANT_CREATURE = Ability("keyword", keyword="Enchant", targets=("target creature",),
                           target_specs=(TargetSpec("target creature", objects=(Selector(types=("Creature",)),)),),
                           source_text="Enchant creature")


def bestowed_characteristics(chars: Characteristics) -> Characteristics:
    """702.103b: a spell cast bestowed, and the permanent it becomes while it stays bestowed, "becomes an Aura
    enchantment and gains enchant creature": an enchantment, not a creature (the card's rulings: "either a
    creature or an Aura, but not both"), so without creature types (205.3d), an Aura with "Enchant creature".
    The engine applies it before every layer's effects (``rules.layers`` refuses a bestowed permanent where a
    type-changing effect in layer 4 or an ability-removing one in layer 6 could be ordered with it, 613.7)."""
    creature = subtypes_by_type()["Creature"]
    types = tuple(t for t in chars.types if t != "Creature")
    types = types if "Enchantment" in types else types + ("Enchantment",)
    subtypes = tuple(s for s in chars.subtypes if s not in creature) + ("Aura",)
    return replace(chars, types=types, subtypes=subtypes, abilities=chars.abilities + (ENCHANT_CREATURE,))
