"""Mutated card data files for fuzzing: a few real-looking cards written in one of the shapes the reader takes
(Scryfall bulk data, MTGJSON AtomicCards v5, MTGJSON v3; ``model/cards/sources.py``), changed in their
structure, their values and their bytes by a random source. The fuzz test (tests/test_fuzz_cards.py) draws the
source from hypothesis; the long run (bench/fuzz_cards.py) from a seeded ``random.Random``, so that file *i*
of a seed is always the same file.
"""
from __future__ import annotations

import copy
import json
import random
from typing import Any

#: Faces as a card data file prints them (Oracle text the compiler reads, and some it does not).
FACES = [
    {"name": "Fuzz Bear", "mana_cost": "{1}{G}", "type_line": "Creature — Bear", "oracle_text": "Trample",
     "power": "2", "toughness": "2"},
    {"name": "Fuzz Bolt", "mana_cost": "{R}", "type_line": "Instant",
     "oracle_text": "Fuzz Bolt deals 3 damage to any target."},
    {"name": "Fuzz Elf", "mana_cost": "{G}", "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}.",
     "power": "1", "toughness": "1"},
    {"name": "Fuzz Archon", "mana_cost": "{6}{B}{B}", "type_line": "Creature — Archon",
     "oracle_text": "Flying\nWhenever this creature enters or attacks, target opponent sacrifices a creature or "
                    "planeswalker, discards a card, and loses 3 life. You draw a card and gain 3 life.",
     "power": "6", "toughness": "6"},
    {"name": "Fuzz Walker", "mana_cost": "{2}{U}", "type_line": "Legendary Planeswalker — Jace",
     "oracle_text": "+1: Draw a card.\n−2: Return target creature to its owner's hand.", "loyalty": "3"},
    {"name": "Fuzz Land", "mana_cost": "", "type_line": "Land", "oracle_text": "({T}: Add {C}.)"},
    {"name": "Fuzz Star", "mana_cost": "{3}{G}", "type_line": "Creature — Elemental",
     "oracle_text": "Fuzz Star's power and toughness are each equal to the number of lands you control.",
     "power": "*", "toughness": "1+*"},
]
BACK = {"name": "Fuzz Back", "mana_cost": "", "type_line": "Creature — Horror", "oracle_text": "Menace",
        "power": "4", "toughness": "3", "color_indicator": ["B"]}

#: Values a mutation puts in place of another that the reader takes: other cards' words, so that what is
#: imported reaches the compiler and the store in shapes nobody wrote.
GOOD: list[Any] = [
    "*", "1+*", "-1", "½", "∞", "X", "0", "13", "", "Creature — Bear", "Legendary Artifact", "Instant", "Land",
    "{X}{R}", "{2}{W/U}{B/P}", "{G}" * 50, "Fuzz Bear", "fuzz bear", "FUZZ BEAR", "Fuzz Bear // Fuzz Back",
    "Trample", "Flying\nHaste", " " * 5000 + "x", "(" * 200 + ")" * 200, "(" * 300, "Whenever ~ enters, " * 50,
    "Destroy target creature or planeswalker.", "Sacrifice a creature or planeswalker.",
    "Target player sacrifices an artifact or creature.", "Each player sacrifices a creature or planeswalker.",
    "{T}: Add {G}." + " " * 3000 + "(x)", "Kicker {2}\nWhen this creature enters, if it was kicked, draw a card.",
    "Lim-Dûl", "_____", ["W"], ["White"], "normal", "transform", "split", "meld", "adventure", "modal_dfc", "flip",
    "saga", "token", "a", "b",
]
#: Values a mutation puts in place of another: what data files get wrong, and what an attacker writes.
VALUES: list[Any] = [
    None, True, 0, -1, 2 ** 70, 1.5, 1e308, "", " ", "\t\n", "*", "1+*", "-1", "½", "∞", "inf", "nan", "X",
    "9" * 50, "{G}" * 500, "{", "Creature", "Creature — ", "Legendary Snow Artifact Creature — Elf Druid Horror",
    "Fuzz Bear", "fuzz bear", "FUZZ BEAR", "Fuzz Bear // Fuzz Back", "\x1b[2J\x1b]0;pwned\x07", "\u202eevil",
    "\x00", "\ud800", "\x9b31m", "A" * 300, " " * 5000 + "x", "(" * 200 + ")" * 200, "(" * 300,
    "Whenever ~ enters, " * 50, "Destroy target creature or planeswalker.", "Sacrifice a creature or planeswalker.",
    "Target player sacrifices an artifact or creature.", [], [1, 2], ["W"], ["White", "Purple"], {}, {"x": 1},
    "normal", "transform", "split", "meld", "adventure", "modal_dfc", "flip", "saga", "token",
]

#: Bytes that break a file on its way: a truncation, a byte that is no UTF-8, a BOM, nesting.
_RAW = [b"\xff", b"\x00", b"\xef\xbb\xbf", b"[" * 3000, b"{" * 50, b"]", b"}", b",", b"\"", b"\\u", b"\\ud800",
        b"9" * 5000, b"NaN", b"-Infinity", b"1e99999", b"\n" * 100, b" " * 10000]


def _face(rng: random.Random, shape: str) -> dict:
    f = dict(rng.choice(FACES))
    if shape == "scryfall":
        return {"object": "card_face", **f}
    names = {"mana_cost": "manaCost", "type_line": "type", "oracle_text": "text", "color_indicator": "colorIndicator"}
    return {names.get(k, k): v for k, v in f.items()}


def _card(rng: random.Random, shape: str, i: int) -> tuple[str, Any]:
    """One card of the shape: (its key in an MTGJSON object, the entry)."""
    two = rng.random() < 0.25
    front = _face(rng, shape)
    front["name"] = f"{front['name']} {i}"
    if shape == "scryfall":
        if not two:
            return front["name"], {**{k: v for k, v in front.items() if k != "object"}, "object": "card",
                                   "layout": "normal", "set": "fzz", "prices": {"usd": "0.10"}}
        back = {"object": "card_face", **BACK}
        name = f"{front['name']} // {back['name']}"
        return name, {"object": "card", "name": name, "layout": "transform", "card_faces": [front, back]}
    if shape == "v5":
        faces = [{**front, "layout": "normal"}]
        if two:
            back = {"faceName": BACK["name"], "name": "", "manaCost": "", "type": BACK["type_line"],
                    "text": BACK["oracle_text"], "power": "4", "toughness": "3", "side": "b", "layout": "transform"}
            faces = [{**front, "faceName": front["name"], "side": "a", "layout": "transform"}, back]
            name = f"{front['name']} // {BACK['name']}"
            for f in faces:
                f["name"] = name
            return name, faces
        return front["name"], faces
    entry = {**front, "layout": "normal", "types": ["Creature"], "colors": ["Green"]}
    return front["name"], entry


def _document(rng: random.Random, shape: str) -> Any:
    cards = [_card(rng, shape, i) for i in range(rng.randint(1, 6))]
    if shape == "scryfall":
        return [c for _, c in cards]
    if shape == "v5":
        return {"meta": {"date": "2026-04-17", "version": "5.2.2"}, "data": dict(cards)}
    return dict(cards)


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, path + (i,))
    return out


def _set(node: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    node[path[0]] = _set(node[path[0]], path[1:], value)
    return node


def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


#: What a repetition may make of one value (characters): files of a few MB at most, so that a run measures the
#: reader, not the writing of its input (the reader's own limits are tested apart, in tests/test_card_store.py).
_LARGEST = 1_000_000


def _structure(rng: random.Random, doc: Any) -> Any:
    """One change of the data: a value replaced, a key dropped or added, a card copied, a shape changed."""
    path = rng.choice(_paths(doc))
    what = rng.randrange(6)
    # a copy of the value chosen: the lists and dicts of GOOD and VALUES are never put in a document itself,
    # where a later change would change them (file i of a seed then depended on the files before it) or put a
    # container inside itself (json.dumps: "Circular reference detected")
    if what == 0:
        return _set(doc, path, copy.deepcopy(rng.choice(GOOD if rng.random() < 0.6 else VALUES)))
    target = _get(doc, path)
    if what == 1 and isinstance(target, dict) and target:
        target.pop(rng.choice(list(target)))
    elif what == 2 and isinstance(target, dict):
        target[rng.choice(["name", "power", "toughness", "loyalty", "layout", "card_faces", "names", "side",
                           "faceName", "colorIndicator", "color_indicator", "text", "type", "meta", "data"])] = \
            copy.deepcopy(rng.choice(GOOD if rng.random() < 0.6 else VALUES))
    elif what == 3 and isinstance(target, list) and target and len(json.dumps(target)) < _LARGEST // 50:
        target += [json.loads(json.dumps(rng.choice(target)))] * rng.choice([1, 2, 50])
    elif what == 4 and isinstance(target, (dict, list)):
        return _set(doc, path, list(target.values()) if isinstance(target, dict) else {str(i): v for i, v in
                                                                                       enumerate(target)})
    elif what == 5 and isinstance(target, str):
        k = rng.choice([2, 100, 3000])
        if len(target) * k <= _LARGEST:
            return _set(doc, path, target * k)
    return doc


def _bytes(rng: random.Random, raw: bytes) -> bytes:
    """One change of the file's bytes: cut short, a byte inserted or replaced, a run repeated."""
    if not raw:
        return raw
    i = rng.randrange(len(raw))
    what = rng.randrange(4)
    if what == 0:
        return raw[:i]
    if what == 1:
        return raw[:i] + rng.choice(_RAW) + raw[i:]
    if what == 2:
        return raw[:i] + rng.choice(_RAW) + raw[i + 1:]
    j = min(len(raw), i + rng.randint(1, 40))
    return raw[:i] + raw[i:j] * rng.choice([2, 100]) + raw[j:]


def mutated(rng: random.Random) -> bytes:
    """A card data file's bytes: a document of one of the three shapes, changed up to three times in its
    structure and, one time in seven, in its bytes."""
    shape = rng.choice(["scryfall", "v5", "v3"])
    doc = copy.deepcopy(_document(rng, shape))    # nothing of FACES or BACK is changed by the changes below
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        doc = _structure(rng, doc)
    text = json.dumps(doc, ensure_ascii=rng.random() < 0.5, allow_nan=True, indent=rng.choice([None, 1]))
    raw = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.15:
        raw = _bytes(rng, raw)
    return raw


def names_in(raw: bytes) -> list[str]:
    """The card names a file gives, where it can be read at all (for asking about them after an import)."""
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        return []
    if isinstance(doc, list):
        return [c["name"] for c in doc if isinstance(c, dict) and isinstance(c.get("name"), str)][:3]
    if isinstance(doc, dict):
        data = doc.get("data") if isinstance(doc.get("data"), dict) else doc
        return [k for k in data if isinstance(k, str)][:3]
    return []
