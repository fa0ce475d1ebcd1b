"""Protection (CR 702.16): what a "Protection from [quality]" keyword is from, and whether an object is a source
it protects against. Each of its four parts ("DEBT") asks here, once: damage that would be dealt by such a source
is prevented (702.16e, ``engine.shields.prevent``, the one place that prevents damage), it can't be enchanted,
equipped or fortified by such a permanent (702.16c-d, ``rules.enchanting`` and the state-based actions 704.5m-n),
blocked by such a creature (702.16f, ``rules.combat.declare``) or targeted by such a spell or ability from such a
source (702.16b, ``rules.targets``).

The qualities read (``read``): the five colors, "each color" / "all colors" (702.16h: one protection for each
color), "multicolored" and "monocolored" (105.2b-c), card types and subtypes (702.16a: permanents of that type,
and sources of that type not on the battlefield: "from creatures", "from Goblins"), and "everything"
(702.16j); several joined by "and from" are one each (702.16g). Any other quality (a player, a name, a
supertype, "the chosen color", "colored spells", "non-Spirit creatures") is no reading, and its line stays
unmodelled."""
from __future__ import annotations

import re

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import require_modelled
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import GameState
from mtgjudge.model.mana import COLOR_NAMES, COLORS
from mtgjudge.model.vocab.abilities import PROTECTION_TYPES, PROTECTION_WORDS, quality_name, subtype_plural
from mtgjudge.model.vocab.subtypes import subtype
from mtgjudge.model.vocab.scopes import Scope

COLOR_WORDS = {name: letter for letter, name in COLOR_NAMES.items() if letter in COLORS}
#: 702.16j: protection from everything.
EVERYTHING = "everything"
#: Qualities of how many colors a source has (105.2b-c).
COLOR_COUNTS = ("multicolored", "monocolored")
_ALL_COLORS = re.compile(r"^from (?:each color|all colors)$", re.I)


def read(param: str) -> tuple[str, ...] | None:
    """The qualities of a protection keyword's parameter ("from black and from red": ("B", "R"); "from creatures":
    ("Creature",); "from everything"), or None where any part of it is not read."""
    text = param.strip().rstrip(".").strip()
    if _ALL_COLORS.match(text):
        return tuple(COLORS)                        # 702.16h
    out: list[str] = []
    for part in re.split(r"\s+and\s+(?=from\b)", text):                  # 702.16g
        m = re.fullmatch(r"from ([\w-]+)", part.strip(), re.I)
        if m is None:
            return None
        word = m.group(1)
        w = word.lower()
        q = COLOR_WORDS.get(w) or PROTECTION_TYPES.get(w) or (w if w in PROTECTION_WORDS else None)
        if q is None and word[0].isupper():
            q = subtype(word)               # 702.16a: "from Goblins"
            if q is not None and subtype_plural(q) != word:
                q = None                    # read back only as it renders
        if q is None:
            return None
        if q not in out:
            out.append(q)                           # 702.16m: the same quality twice is redundant
    return tuple(out) or None


def qualities(state: GameState, oid: str) -> tuple[str, ...]:
    """Every quality the permanent ``oid`` has protection from now (its current abilities, 613)."""
    out: list[str] = []
    for a in current(state, oid).abilities:
        if a.kind == "keyword" and a.keyword == "Protection":
            out += [q for q in a.protection if q not in out]
    return tuple(out)


def has_quality(state: GameState, source: str, q: str) -> bool:
    """Does the object ``source`` have the quality ``q`` now (702.16a)? A color is the object's color; a card type
    counts for a permanent of that type and for a source of that type not on the battlefield."""
    if q == EVERYTHING:
        return True
    o = state.obj(source)
    if o.zone not in ("battlefield", "stack") and state.moved(source):
        # 608.2b, 702.16a: a source that left its zone is asked as it last existed there, which the state no
        # longer holds (its color or types could have been changed there)
        raise Unsupported(f"the source {o.name} ({source}) left the zone it was in: whether it had the quality of "
                          "a protection as it last existed there (702.16a, 608.2b) is not decided")
    if o.zone != "battlefield":
        # effects may change the characteristics of cards and spells too (Celestial Dawn)
        require_modelled(state, (Scope.COLORS_OFF_BATTLEFIELD,), "the characteristics of a source off the "
                                                                  "battlefield decide protection (702.16a)")
    ch = current(state, source)
    if q in COLORS:
        return q in ch.colors
    if q in COLOR_COUNTS:
        return len(ch.colors) >= 2 if q == "multicolored" else len(ch.colors) == 1      # 105.2b-c
    return q in ch.types if q in PROTECTION_TYPES.values() else q in ch.subtypes


def protected_from(state: GameState, oid: str, source: str | None) -> str | None:
    """The quality by which ``oid`` has protection from the object ``source`` (None if it has none that applies).
    A source the state does not hold, while ``oid`` has protection, is unsupported: its qualities are unknown."""
    if oid in state.player_names or not state.has(oid):
        return None
    qs = qualities(state, oid)
    if not qs:
        return None
    if EVERYTHING in qs:
        return EVERYTHING
    if source is None or source in state.player_names or not state.has(source):
        raise Unsupported(f"{state.obj(oid).name} ({oid}) has protection and the source ({source or 'unknown'}) is "
                          "not an object the verifier knows: whether its quality applies (702.16a) is not decided")
    return next((q for q in qs if has_quality(state, source, q)), None)


def why(state: GameState, oid: str, q: str) -> str:
    """How a reason names the protection: "White Knight has protection from black"."""
    return f"{state.obj(oid).name} has protection from {quality_name(q)}"


def has_it(state: GameState, source: str, q: str) -> str:
    """How a reason says that the source has the quality: "Black Knight is black", "Grizzly Bears is a creature"."""
    name = state.obj(source).name
    if q == EVERYTHING:
        return f"{name} is an object (protection from everything)"
    if q in COLORS:
        return f"{name} is {quality_name(q)}"
    if q in COLOR_COUNTS:
        return f"{name} is {q}"
    return f"{name} is {'an' if q[0] in 'AEIOU' else 'a'} {q.lower() if q in PROTECTION_TYPES.values() else q}"
