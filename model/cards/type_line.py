"""Type lines (CR 205): the supertypes, the card types, and the reading of "Legendary Artifact Creature —
Scarecrow" into its three parts, shared by the built-in cards' reader and the Oracle compiler."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError

SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")      # 205.4a
#: 205.2a's card types ("Tribal" is Kindred's name before 2024).
CARD_TYPES = ("Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred", "Land",
              "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal", "Vanguard")


def parse_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """"Legendary Artifact Creature — Scarecrow" -> (supertypes, card types, subtypes)."""
    left, _, right = line.replace(" - ", " — ").partition("—")
    supers, types = [], []
    for w in left.split():
        if w in SUPERTYPES:
            supers.append(w)
        elif w in CARD_TYPES:
            types.append(w)
        else:
            raise DefinitionError(f"type: {w!r} is neither a supertype nor a card type (CR 205)")
    if not types:
        raise DefinitionError(f"type: {line!r} names no card type")
    return tuple(supers), tuple(types), tuple(right.split())
