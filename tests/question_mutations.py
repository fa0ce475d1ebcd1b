"""Mutated questions for fuzzing: a question of the bundled corpus, changed in its structure,
its values and its text by a random source. The fuzz test (tests/test_fuzz.py) draws the source from
hypothesis; the long run (bench/fuzz_questions.py) from a seeded ``random.Random``, so that question *i*
of a seed is always the same question.
"""
from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import yaml

from mtgjudge.queries.api import CORPUS


@lru_cache(maxsize=1)
def seeds() -> tuple[dict, ...]:
    """Every question of the bundled corpus, as plain data (the mutations start from these)."""
    out = []
    for path in sorted(Path(CORPUS).rglob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            if isinstance(doc, dict):
                out.append(doc)
    return tuple(out)


CARDS = ["Forest", "Island", "Llanowar Elves", "Birds of Paradise", "Sol Ring", "Magus of the Moon",
         "Mana Reflection", "Prismatic Omen", "Gaea's Cradle", "Doubling Cube", "Treasure", "Grizzly Bears",
         "Llanowar Elfs", "???", "", "Captive Weird // Compleated Conjurer", "Soldier", "Dryad Arbor"]
MANA = ["{G}", "{2}{W/U}{B/P}", "{²}", "{١}", "{-1}", "{X}{X}{X}", "{2/W/U}", "{G}" * 300, "{1}" * 200, "{",
        "{999999999999}", "{W/P/U}", "", "{C}{S}", "G"]
KEYS = ["id", "ask", "state", "actions", "expect", "because", "about", "by", "x", "cost", "mana", "ability",
        "players", "battlefield", "hand", "library", "graveyard", "exile", "stack", "effects", "turn", "life",
        "card", "tapped", "counters", "index", "targets", "cast", "activate", "resolve", "advance", "concede",
        "play", "paying", "mana_pool", "token", "attached_to", "chosen", "timestamp"]


def scalar(rng: random.Random) -> Any:
    """A value of any kind a fuzzer likes: edges of numbers, odd strings, mana, names, nothing."""
    return rng.choice([
        lambda: rng.choice([0, 1, -1, 2, 7, 13, 60, 10**9, 10**18, 10**18 + 1, -10**30]),
        lambda: rng.choice(MANA),
        lambda: rng.choice(CARDS),
        lambda: rng.choice(KEYS),
        lambda: rng.choice(["Alice", "Bob", "Nobody", "yes", "no", "illegal", "unbounded", "next-turn", "all"]),
        lambda: rng.choice([None, True, False, 1.5, float("nan"), "", " ", "\u202e", "é" * 50, "x" * 5000]),
        lambda: [rng.choice(CARDS) for _ in range(rng.randint(0, 4))],
        lambda: {rng.choice(KEYS): rng.choice([1, "x", None, [], {}])},
    ])()


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``node`` (keys and indexes)."""
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, path + (i,))
    return out


def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def _set(node: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(node, path[:-1])[path[-1]] = value
    return node


def _containers(doc: Any, kind: type) -> list[tuple]:
    return [p for p in _paths(doc) if isinstance(_get(doc, p), kind)]


def _replace_value(rng, doc):
    return _set(doc, rng.choice(_paths(doc)), scalar(rng))


def _delete_key(rng, doc):
    maps = [p for p in _containers(doc, dict) if _get(doc, p)]
    if maps:
        m = _get(doc, rng.choice(maps))
        del m[rng.choice(list(m))]
    return doc


def _add_key(rng, doc):
    maps = _containers(doc, dict)
    _get(doc, rng.choice(maps))[rng.choice(KEYS)] = scalar(rng)
    return doc


def _copies(rng, doc):
    """Many copies of one entry of a list (hostile boards: 5-60 copies of a card, long action lists)."""
    lists = [p for p in _containers(doc, list) if _get(doc, p)]
    if lists:
        lst = _get(doc, rng.choice(lists))
        item = rng.choice(lst)
        for n in range(rng.randint(5, 60)):
            # an object's copies get ids of their own (a repeated id is only an error)
            lst.append(dict(item, id=f"{item['id']}-{n}") if isinstance(item, dict) and "id" in item else item)
    return doc


def _shuffle(rng, doc):
    lists = _containers(doc, list)
    if lists:
        rng.shuffle(_get(doc, rng.choice(lists)))
    return doc


def _retype(rng, doc):
    p = rng.choice(_paths(doc))
    v = _get(doc, p)
    return _set(doc, p, rng.choice([[v], {"x": v}, str(v), None]))


def _change_kind(rng, doc):
    doc["ask"] = rng.choice(["could-produce", "can-activate", "can-play", "can-pay", "mana-options", "outcome"])
    return doc


#: Wild mutations mostly make a question an error; gentle ones keep it valid more often, so that it
#: reaches the engine and the solvers (hostile boards, other kinds, reordered actions).
WILD: tuple[Callable[[random.Random, Any], Any], ...] = (_replace_value, _delete_key, _add_key, _retype)
GENTLE: tuple[Callable[[random.Random, Any], Any], ...] = (_copies, _copies, _shuffle, _change_kind)


def _text_mutation(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    i = rng.randrange(len(lines) or 1)
    return rng.choice([
        lambda: "\n".join(lines[:i]),                                          # truncated
        lambda: "\n".join(lines[:i] + [lines[i - 1] if i else "x: 1"] + lines[i:]),   # a line twice
        lambda: text.replace("  ", "\t", 1),
        lambda: text + "\nnote: " + "9" * rng.choice([101, 4301]) + "\n",
        lambda: text + "\nnote: " + rng.choice(["!!int ''", "!!map [1]", "!!seq {a: 1}", "!!python/name:os.system",
                                                 "*undefined", "{? {a: 1} : 2}", "&a [*a]"]) + "\n",
        lambda: "\ufeff" + text.replace("\n", "\r\n"),
        lambda: text + "\n---\n" + text,
    ])()


def mutated(rng: random.Random) -> str:
    """The YAML text of one mutated question: a corpus question with 1-4 mutations of its data, and
    sometimes of its text."""
    doc = yaml.safe_load(yaml.safe_dump(rng.choice(seeds())))   # a deep copy
    mutations = GENTLE if rng.random() < 0.5 else WILD + GENTLE
    for _ in range(rng.randint(1, 4)):
        doc = rng.choice(mutations)(rng, doc)
        if not isinstance(doc, dict):
            doc = {"id": "fuzz", "ask": "mana-options", "state": doc}
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=10**6)
    if rng.random() < 0.25:
        text = _text_mutation(rng, text)
    return text
