"""Counts valued over the characteristics a caller gives (608.2h: determined once, as the effect is performed):
``rules.counts`` values them over the layers' characteristics (613), and the layers value the count of a
characteristic-defining ability over those of layers 1-6 while it applies in layer 7a (613.4a), which is why this
is a module of its own, below both. ``Seen`` is what a count sees: every permanent's characteristics and a way to
read any object's."""
from __future__ import annotations

from typing import Callable, Mapping

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import BASIC_LAND_TYPES
from mtgjudge.model.rules.characteristics import Characteristics, matches, object_mana_value
from mtgjudge.model.selectors import Count
from mtgjudge.model.words.colors_spent.record import colors_spent_to_cast
from mtgjudge.model.lazy_dataclass import dataclass

#: The argument in which a word keeps the counts of its phrases, each read once as the card is compiled
#: (``rules.counts.compiled``), so that what resolves reads the stored ``Count`` (``stored``), never the phrase.
ARG = "counts"


#: The count kinds that read what a permanent or a player is now, no event and no power or toughness: what a static
#: ability may count as the layers apply (613.4a, 613.4c; a count of power would read what layer 7 is setting).
STATE_KINDS = frozenset({"permanents", "cards", "domain", "devotion", "card_types", "counters", "attached"})


@dataclass(frozen=True)
class Seen:
    """The characteristics a count reads: ``battlefield``, every permanent's by id; ``of``, any object's by id."""

    battlefield: Mapping[str, Characteristics]
    of: Callable[[str], Characteristics]


def stored(word, text: str) -> Count:
    """The Count of the phrase ``text`` that the word (an ``Effect`` or ``StaticEffect``) kept as it was compiled
    (``rules.counts.compiled``); Unsupported if it kept none (a word made otherwise: never counted from its phrase
    here)."""
    for t, c in word.arg(ARG, ()) or ():
        if t == text:
            return c
    raise Unsupported(f"the count {text!r} was not read as the card was compiled")


def permanents(state, seen: Seen, selector, player: str, source=None) -> int:
    """The permanents on the battlefield ``selector`` names for ``player`` (their characteristics as ``seen``)."""
    chars = seen.battlefield
    return sum(1 for q in state.battlefield() if matches(selector, chars[q.id], q, player, source))


def cards_in(state, seen: Seen, player: str, zone: str, selector, source=None) -> int:
    """``player``'s cards in their ``zone`` (hand, graveyard) that ``selector`` names (None: every card)."""
    sels = selector if isinstance(selector, tuple) else (selector,)
    return sum(1 for q in state.in_zone(player, zone)
               if selector is None or any(matches(s, seen.of(q.id), q, player, source) for s in sels))


def domain(state, seen: Seen, player: str) -> int:
    """305.6: the basic land types among lands ``player`` controls."""
    chars = seen.battlefield
    return len({t for q in state.battlefield(player) if "Land" in chars[q.id].types
                for t in chars[q.id].subtypes if t in BASIC_LAND_TYPES})


def greatest(state, seen: Seen, player: str, selector, stat: str, source=None) -> int:
    """ The greatest power, toughness or mana value (202.3) among the permanents ``selector`` names
    for ``player``, as it resolves (608.2h); 0 if there is none (Miming Slime ruling 2013-01-24). Power and
    toughness after the layers (613) with +1/+1 and -1/-1 counters (613.4c), as ``engine.sba`` reads them; the
    engine guards unmodelled text that may change them before it reads this (``reads_power_toughness``)."""
    chars = seen.battlefield
    values = [0]
    for q in state.battlefield():
        ch = chars[q.id]
        if not matches(selector, ch, q, player, source):
            continue
        if stat == "mana value":
            values.append(object_mana_value(q))
            continue
        base = ch.power if stat == "power" else ch.toughness
        if base is None:
            raise Unsupported(f"{q.name} has no printed {stat}: the greatest {stat} is not known to the engine")
        values.append(base + q.counters_pt()[0 if stat == "power" else 1])
    return max(values)


def reads_power_toughness(count: Count) -> bool:
    """Does the count read power or toughness (so that unmodelled text changing them must be guarded by the engine,
    ``rules.guards.guard_scope``, which this module can't import)?"""
    return count.kind == "greatest" and count.zone in ("power", "toughness")


def devotion(state, player: str, color: str) -> int:
    """700.5: the mana symbols of ``color`` among the mana costs of permanents ``player`` controls (a hybrid or
    Phyrexian symbol counts for each of its colors, Nykthos's ruling of 2013-09-15; a face-down permanent has
    no mana cost, 708.2)."""
    return sum(1 for q in state.battlefield(player) if not q.face_down and q.printed.mana_cost
               for sym in q.printed.mana_cost if color in sym.colors)




def blocking(state, seen: Seen, source, beyond: int = 0) -> int:
    """702.23a-b: the creatures blocking ``source`` now (as the effect resolves: a blocker removed from combat, or
    that left the battlefield, no longer counts; 506.4), less the first ``beyond`` of them, never below 0."""
    if source is None or source.zone != "battlefield":
        raise Unsupported("the creatures blocking an object not on the battlefield: its last known information is "
                          "not modelled")
    n = sum(1 for q in state.battlefield() if source.id in q.blocking and "Creature" in seen.of(q.id).types)
    return max(0, n - beyond)


def attached(state, seen: Seen, player: str, source, selector) -> int:
    """301.5, 303.4: the permanents attached to ``source`` (Auras, Equipment) that ``selector`` names."""
    if source is None or source.zone != "battlefield":
        raise Unsupported("what is attached to an object not on the battlefield: its last known information is not "
                          "modelled")
    return sum(1 for q in state.battlefield() if q.attached_to == source.id and q.id in seen.battlefield
               and matches(selector, seen.battlefield[q.id], q, player, source))


def value(state, seen: Seen, player: str, count: Count, source=None, pt_guarded: bool = False) -> int:
    """The value of ``count`` for ``player`` (the controller of the effect) on ``state``: read as the effect
    resolves (608.2h), once. A "this way" count is read from two states (``this_way``), not here."""
    return _base(state, seen, player, count, source, pt_guarded) * count.times + count.plus


def _base(state, seen: Seen, player: str, count: Count, source=None, pt_guarded: bool = False) -> int:
    if count.kind == "this_way":
        raise Unsupported(f"{count.text!r}: what the instruction before did is not known here")
    if count.kind == "permanents":
        return permanents(state, seen, count.selector, player, source)
    if count.kind == "cards":
        return cards_in(state, seen, player, count.zone, count.selector, source)
    if count.kind == "domain":
        return domain(state, seen, player)
    if count.kind == "opponents":
        # 102.3 (no teams modelled: every other player), 702.125b and 800.4a: players who left the game are not
        # counted
        return len([p for p in state.opponents(player) if p not in state.left])
    if count.kind == "greatest":
        if reads_power_toughness(count) and not pt_guarded:
            # the caller has not guarded unmodelled text that may change power or toughness
            raise Unsupported(f"{count.text!r} is not counted here: text the verifier does not read could change "
                              "power and toughness")
        return greatest(state, seen, player, count.selector, count.zone, source)
    if count.kind == "devotion":
        return devotion(state, player, count.color)
    if count.kind == "card_types":
        # 205.2a: the card types among the cards in ``player``'s graveyard (a card's own types, 205.2a; tribal
        # and the like count too)
        return len({t for q in state.in_zone(player, count.zone) for t in seen.of(q.id).types})
    if count.kind == "kicked":
        # 702.33d-e: the spell, or the permanent it became, remembers its kicker costs paid; an object that left
        # the stack or the battlefield is a new object (400.7) that doesn't
        if source is None or source.zone not in ("stack", "battlefield"):
            raise Unsupported(f"the {count.text!r} of an object that left: its last known information is not "
                              "modelled")
        return len(source.kicked)
    if count.kind == "devoured":
        # 702.82b: the permanent remembers how many creatures it devoured as it entered (``GameObject.devoured``); a
        # permanent the question put on the battlefield, or an object that left it, is not known to
        if source is None or source.zone != "battlefield" or source.devoured is None:
            raise Unsupported(f"{count.text!r}: how many creatures it devoured as it entered (702.82b) is not known")
        return source.devoured
    if count.kind == "colors_spent":
        # converge: the resolving spell's colors of mana spent to cast it (``words.colors_spent.record``)
        if source is None:
            raise Unsupported(f"{count.text!r}: the spell it counts for is not known here")
        return colors_spent_to_cast(source)[0]
    if count.kind == "blocking":
        return blocking(state, seen, source, count.beyond)
    if count.kind == "attached":
        return attached(state, seen, player, source, count.selector)
    if count.kind == "counters":
        # 122.1, 608.2h: the counters on the source as it is now, or as it last existed on the battlefield (the
        # caller's ``source``); a source that is no permanent, as far as the caller knows, is not read (122.2: an
        # object that left the battlefield has none, but its last known information is not modelled here)
        if source is None or source.zone != "battlefield":
            raise Unsupported(f"{count.text!r} of an object not on the battlefield: its last known information is "
                              "not modelled")
        return source.counter(count.counter)
    raise ValueError(count.kind)
