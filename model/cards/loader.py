"""Load card definitions (``data/*.yaml``), validate them, and find cards by name.

Names match without regard to case, punctuation or spacing; a double-faced card is found by either face
or by "A // B". ``known_names.txt.gz`` lists the names of every card printed up to the card data the
product was built from, so that a real card the product does not model yet is told apart from a typo.
"""
from __future__ import annotations

import difflib
import gzip
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable



from mtgjudge.model.vocab.abilities import Ability

from mtgjudge.model.vocab.parse import parse_ability

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import COLORS, ManaSyntaxError, parse_cost
from mtgjudge.model.names import normalize
from mtgjudge.model.safe_yaml import FileProblem, load_documents
from mtgjudge.model.objects import CardDef, Face

DATA_DIR = Path(__file__).parent / "data"
KNOWN_NAMES = Path(__file__).parent / "known_names.txt.gz"

SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")      # 205.4a
#: 205.2a's card types ("Tribal" is Kindred's name before 2024).
CARD_TYPES = ("Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred", "Land",
              "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal", "Vanguard")
FACE_KEYS = {"name", "cost", "type", "pt", "color_indicator", "abilities"}
CARD_KEYS = FACE_KEYS | {"back", "token"}


class CardDefinitionError(ValueError):
    """A card definition file that breaks the encoding: names the file, the card and the field."""


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


def _face(data: dict, where: str) -> Face:
    unknown = set(data) - FACE_KEYS - ({"back", "token"} if where == "front" else set())
    if unknown:
        raise DefinitionError(f"unknown key {sorted(unknown)[0]!r}; allowed: {sorted(FACE_KEYS)}")
    if "name" not in data or not isinstance(data["name"], str):
        raise DefinitionError("name: missing or not a string")
    if "type" not in data:
        raise DefinitionError("type: missing")
    supers, types, subs = parse_type_line(str(data["type"]))
    cost = None
    if "cost" in data:
        try:
            cost = parse_cost(data["cost"])
        except ManaSyntaxError as e:
            raise DefinitionError(f"cost: {e}") from None
    power = toughness = None
    if "pt" in data:
        m = re.fullmatch(r"(\d+|\*)/(\d+|\*)", str(data["pt"]))
        if not m:
            raise DefinitionError(f"pt: {data['pt']!r} is not like 2/3")
        power = int(m.group(1)) if m.group(1) != "*" else 0
        toughness = int(m.group(2)) if m.group(2) != "*" else 0
    indicator = None
    if "color_indicator" in data:
        ci = data["color_indicator"]
        if not isinstance(ci, list) or any(c not in COLORS for c in ci):
            raise DefinitionError(f"color_indicator: a list of letters from {COLORS}")
        indicator = tuple(ci)
    raw = data.get("abilities", [])
    if not isinstance(raw, list):
        raise DefinitionError("abilities: must be a list")
    abilities: list[Ability] = []
    for i, a in enumerate(raw, 1):
        try:
            abilities.append(parse_ability(a))
        except DefinitionError as e:
            raise DefinitionError(f"abilities[{i}]: {e}") from None
    return Face(data["name"], cost, indicator, supers, types, subs, power, toughness, tuple(abilities))


def parse_card(data: Any, source: str = "") -> CardDef:
    """One YAML document -> CardDef, or DefinitionError naming the field."""
    if not isinstance(data, dict):
        raise DefinitionError("a card definition is a mapping")
    front = _face(data, "front")
    faces = [front]
    if "back" in data:
        try:
            faces.append(_face(data["back"], "back"))
        except DefinitionError as e:
            raise DefinitionError(f"back: {e}") from None
    return CardDef(tuple(faces), layout="transform" if len(faces) > 1 else "normal", token=bool(data.get("token", False)),
                   source=source)


class CardDB:
    """All card definitions the product has, looked up by name."""

    def __init__(self, cards: Iterable[CardDef], known_names: Iterable[str] = ()) -> None:
        self.cards: dict[str, CardDef] = {}
        self._by_norm: dict[str, tuple[CardDef, int]] = {}
        for c in cards:
            if normalize(c.name) in self._by_norm:
                raise CardDefinitionError(f"{c.source}: card {c.name!r} is defined twice")
            self.cards[c.name] = c
            self._by_norm[normalize(c.name)] = (c, 0)
            for i, f in enumerate(c.faces):
                self._by_norm.setdefault(normalize(f.name), (c, i))
        self.known = {normalize(n): n for n in known_names}

    def find(self, name: str) -> tuple[CardDef, int] | None:
        """The card and face a name refers to, or None."""
        return self._by_norm.get(normalize(name))

    def is_known_card(self, name: str) -> str | None:
        """The printed name if ``name`` is a real card the product has no definition for."""
        return self.known.get(normalize(name))

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest names, for "did you mean"."""
        pool = {**self.known, **{k: v[0].name for k, v in self._by_norm.items()}}
        close = difflib.get_close_matches(normalize(name), list(pool), n=n, cutoff=0.6)
        return list(dict.fromkeys(pool[c] for c in close))


def load_text(text: str, source: str) -> list[CardDef]:
    """The card definitions of one file's text (one YAML document each), read by the same strict reader as
    question files (duplicate keys, tags and oversized aliases refused) and checked word by word; the first
    that breaks the encoding raises CardDefinitionError naming the file, the line, the card and the field."""
    try:
        docs = load_documents(text)
    except FileProblem as p:
        raise CardDefinitionError(f"{source}:{p.line or 1}: {p.message}") from None
    out = []
    for i, doc in enumerate(docs, 1):
        data = doc.data
        label = data.get("name", f"document {i}") if isinstance(data, dict) else f"document {i}"
        if doc.problem is not None:
            raise CardDefinitionError(f"{source}:{doc.problem.line or doc.line}: card {label!r}: {doc.problem.message}")
        try:
            out.append(parse_card(data, source=source))
        except DefinitionError as e:
            raise CardDefinitionError(f"{source}:{doc.line}: card {label!r}: {e}") from None
    return out


def load_file(path: Path) -> list[CardDef]:
    return load_text(path.read_text(encoding="utf-8"), str(path))


def _known_names() -> list[str]:
    if not KNOWN_NAMES.exists():
        return []
    with gzip.open(KNOWN_NAMES, "rt", encoding="utf-8") as fh:
        return [line.rstrip("\n") for line in fh if line.strip()]


@lru_cache(maxsize=1)
def card_db() -> CardDB:
    """The product's card definitions (loaded once per process)."""
    cards: list[CardDef] = []
    for path in sorted(DATA_DIR.glob("*.yaml")):
        cards += load_file(path)
    return CardDB(cards, _known_names())
