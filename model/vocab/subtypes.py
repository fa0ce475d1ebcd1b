"""The subtypes of CR 205.3g-205.3q (``subtypes.txt``, taken from the Comprehensive Rules), so that a phrase's
capitalized word is read as a subtype only when it is one ("Elves" is the creature type Elf; "Destroy" is no
subtype), and the plural a card text uses is read back to the subtype."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

SOURCE = Path(__file__).with_name("subtypes.txt")
#: Plurals that don't just add "s" (Oracle text says "Elves", "Dwarves", "Wolves").
IRREGULAR = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Werewolves": "Werewolf", "Mice": "Mouse",
             "Fungi": "Fungus", "Homunculi": "Homunculus", "Octopi": "Octopus", "Cyclopes": "Cyclops",
             "Allies": "Ally", "Faeries": "Faerie", "Zombies": "Zombie", "Sphinxes": "Sphinx",
             "Foxes": "Fox", "Oxen": "Ox", "Bodies": "Body"}


@lru_cache(maxsize=1)
def subtypes_by_type() -> dict[str, frozenset[str]]:
    """Card type -> its subtypes (instants and sorceries share theirs, creatures and kindreds theirs)."""
    out: dict[str, frozenset[str]] = {}
    for line in SOURCE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kinds, _, names = line.partition(":")
        words = frozenset(n.strip() for n in names.split(",") if n.strip())
        for k in kinds.split():
            out[k] = out.get(k, frozenset()) | words
    return out


@lru_cache(maxsize=1)
def all_subtypes() -> frozenset[str]:
    return frozenset().union(*subtypes_by_type().values())


def subtype(word: str) -> str | None:
    """The subtype a word of card text names, singular ("Goblins" -> "Goblin"), or None if it names none."""
    known = all_subtypes()
    candidates = [word, IRREGULAR.get(word, "")]
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")
    if word.endswith("es"):
        candidates.append(word[:-2])
    if word.endswith("s"):
        candidates.append(word[:-1])
    for c in candidates:
        if c and c in known:
            return c
    return None
