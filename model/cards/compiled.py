"""Cards compiled once and kept between processes, as plain data (``model.cache``: JSON that loads no code): the
built-in cards (given by Oracle text or encoded by hand) and the cards of the store. Compiling a card needs the
Oracle compiler and its phrase grammar (Lark), which a process imports and builds only when a card is not kept:
a question about kept cards loads neither.

A kept card can never be stale: each card is one entry, named by a hash of every source file of the model (the
compiler, its grammar and vocabulary, the rules) and a hash of what it is compiled from (its record or definition
and its source), so any change to the product or to the card compiles it again. A card is kept as the fields of
its records, each record named by its class, and read back only into the classes of :data:`RECORDS`: an entry
someone changed can at worst fail to read (the card is then compiled again) or give a card the model could have
compiled; it never runs code.
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import os
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from mtgjudge.model import cache
from mtgjudge.model.cards.sources import CardRecord
from mtgjudge.model.mana import Symbol
from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.selectors import Count, Selector, TargetSpec
from mtgjudge.model.vocab.abilities import (Ability, CostPart, Effect, ManaProduction, ManaTrigger, StaticEffect,
                                            TriggerEvent)
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.words import EFFECT_WORDS, STATIC_WORDS

MODEL = Path(__file__).resolve().parents[1]
#: The files whose content decides what a compiled card is.
SOURCE_SUFFIXES = (".py", ".lark", ".txt", ".yaml", ".gz")
#: The only classes a kept card is read back into: the records of the card encoding.
RECORDS: dict[str, type] = {c.__name__: c for c in (CardDef, Face, Ability, CostPart, Effect, ManaProduction,
                                                     ManaTrigger, StaticEffect, TriggerEvent, Selector, TargetSpec,
                                                     Count, Symbol)}
ENUMS: dict[str, type[enum.Enum]] = {"Scope": Scope}
#: How long every source file must have stood unchanged before the model's hash is kept (nanoseconds).
SETTLED_NS = 2_000_000_000
#: Whether compiled cards are kept (the tests turn it off, so that a test that changes the compiler sees its change).
KEEP = True
#: The vocabulary a record's ``word`` is looked up in, by the record's class.
_WORDS = {"Effect": EFFECT_WORDS, "StaticEffect": STATIC_WORDS}


@lru_cache(maxsize=1)
def model_fingerprint() -> str:
    """A hash of every source file of the model (names and contents).

    Reading and hashing the files (4 MB) costs every process that reads a kept card ~5 ms; the hash is kept
    instead, named by each file's size, inode and times of change. Writing a file always sets its change time
    (``st_ctime``, which no tool sets back), so any change to a file, and any file added or removed, names
    another entry and the files are read and hashed again."""
    # os.walk, not Path.rglob: every process that reads a kept card pays this
    found = []
    for root, dirs, files in os.walk(MODEL):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [os.path.join(root, f) for f in files if f.endswith(SOURCE_SUFFIXES)]
    found.sort()
    signature = hashlib.sha256()
    skip = len(str(MODEL))     # each path inside MODEL, as os.walk joined it
    latest = 0
    try:
        for path in found:
            st = os.stat(path)
            signature.update(f"{path[skip:]}\0{st.st_size}\0{st.st_ino}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0".encode())
            latest = max(latest, st.st_ctime_ns)
    except OSError:
        return _content_hash(found)
    name = f"fingerprint-{signature.hexdigest()[:32]}.json"
    kept_hash = cache.read(name)
    if isinstance(kept_hash, str) and len(kept_hash) == 64 and all(c in "0123456789abcdef" for c in kept_hash):
        return kept_hash
    made = _content_hash(found)
    # a file's times are kept at the clock's coarse tick (a few ms): a file changed as it was read could be changed
    # again within the same tick, so the hash is kept only once every file has stood unchanged a while
    if time.time_ns() - latest > SETTLED_NS:
        cache.keep(name, made)
    return made


def _content_hash(found: list[str]) -> str:
    h = hashlib.sha256()
    for path in sorted(found):
        if os.path.isfile(path):
            h.update(os.path.relpath(path, MODEL).encode())
            h.update(b"\0")
            with open(path, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()


def encode(x: Any) -> Any:
    """A card (or any value of its records) as plain data."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        name = type(x).__name__
        if RECORDS.get(name) is not type(x):
            raise TypeError(f"{name} is not a record of the card encoding")
        out: dict[str, Any] = {"@": name}
        for f in dataclasses.fields(x):
            v = getattr(x, f.name)
            out[f.name] = (v.name if v is not None else None) if f.name == "word" and name in _WORDS else encode(v)
        return out
    if isinstance(x, enum.Enum):
        return {"@enum": type(x).__name__, "value": x.value}
    if isinstance(x, (tuple, list)):
        return type(x)(encode(v) for v in x)
    if isinstance(x, frozenset):
        return frozenset(encode(v) for v in x)
    if isinstance(x, dict):
        return {encode(k): encode(v) for k, v in x.items()}
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    raise TypeError(f"{type(x).__name__} is not part of the card encoding")


def decode(x: Any) -> Any:
    """The value :func:`encode` made; ValueError for data that is not one (a record of an unknown class, a word
    the vocabulary does not have)."""
    if isinstance(x, dict):
        if "@" in x:
            cls = RECORDS.get(x["@"])
            if cls is None:
                raise ValueError(f"{x['@']!r} is not a record of the card encoding")
            fields = {f.name for f in dataclasses.fields(cls)}
            kw = {}
            for k, v in x.items():
                if k == "@":
                    continue
                if k not in fields:
                    raise ValueError(f"{cls.__name__} has no field {k!r}")
                if k == "word" and x["@"] in _WORDS:
                    word = _WORDS[x["@"]].get(v) if v is not None else None
                    if v is not None and word is None:
                        raise ValueError(f"the vocabulary has no word {v!r}")
                    kw[k] = word
                else:
                    kw[k] = decode(v)
            return cls(**kw)
        if "@enum" in x:
            kind = ENUMS.get(x["@enum"])
            if kind is None:
                raise ValueError(f"{x['@enum']!r} is not an enumeration of the card encoding")
            return kind(x["value"])
        return {decode(k): decode(v) for k, v in x.items()}
    if isinstance(x, (tuple, list)):
        return type(x)(decode(v) for v in x)
    if isinstance(x, frozenset):
        return frozenset(decode(v) for v in x)
    return x


def kept(what: Any, make: Callable[[], CardDef]) -> CardDef:
    """``make()``, read back when this model made it before from the same ``what`` (plain data: what the card
    is compiled from). A card is kept as it is made, each in its own entry (a process reads only the cards its
    questions name)."""
    if not KEEP or cache.base_dir() is None:
        return make()
    try:
        key = hashlib.sha256(json.dumps(what, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    except (TypeError, ValueError):
        return make()           # a definition that is not plain data: made each time
    name = f"card-{model_fingerprint()[:16]}-{key[:32]}.json"
    data = cache.read(name)
    if data is not None:
        try:
            card = decode(data)
            if isinstance(card, CardDef):
                return card
        except (ValueError, TypeError, KeyError, RecursionError):
            pass        # an entry this model did not write: make the card again
    card = make()
    try:
        cache.keep(name, encode(card))
    except TypeError:
        pass            # a value the encoding can't keep: the card is made again next time
    return card


def compile_kept(record: CardRecord, source: str) -> CardDef:
    """``oracle.compile_card(record, source=source)``, read back when this model compiled it before."""
    return kept(["oracle", record.to_json(), source], lambda: _compile(record, source))


def _compile(record: CardRecord, source: str) -> CardDef:
    # the compiler (and Lark, its grammar's parser) is imported only when a card must be compiled
    from mtgjudge.model.oracle import compile_card

    return compile_card(record, source=source)
