"""Built-in cards compiled once, kept between processes: a card given by its Oracle text is compiled by
``model.oracle`` the first time a process asks for it, which costs a question that names ninety cards about
0.4 s (reading the text with the phrase grammar). The compiled card is kept in the user's cache directory
(platformdirs) and read back by later processes.

A kept card can never be stale: its key is a hash of the card's record and of every source file of the model
(the compiler, its grammar and vocabulary, the rules), so any change to the product or to the card compiles
it again. ``MTGJUDGE_CACHE`` names another cache directory, or ``off`` to compile every time. Any failure to
read or write the cache is ignored: the card is compiled as if there were none.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
from functools import lru_cache
from pathlib import Path

import platformdirs

from mtgjudge.model.cards.sources import CardRecord
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card

ENV_VAR = "MTGJUDGE_CACHE"
MODEL = Path(__file__).resolve().parents[1]
#: The files whose content decides what a compiled card is.
SOURCE_SUFFIXES = (".py", ".lark", ".txt", ".yaml", ".gz")


@lru_cache(maxsize=1)
def model_fingerprint() -> str:
    """A hash of every source file of the model (names and contents)."""
    h = hashlib.sha256()
    for p in sorted(MODEL.rglob("*")):
        if p.suffix in SOURCE_SUFFIXES and p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(MODEL)).encode())
            h.update(b"\0")
            h.update(p.read_bytes())
    return h.hexdigest()


def cache_dir() -> Path | None:
    """The directory of kept cards for this version of the model; None when caching is off."""
    chosen = os.environ.get(ENV_VAR)
    if chosen is not None and chosen.strip().lower() in ("off", "0", "no", ""):
        return None
    base = Path(chosen) if chosen else Path(platformdirs.user_cache_dir("mtgjudge"))
    return base / f"compiled-{model_fingerprint()[:20]}"


def compile_built_in(record: CardRecord, source: str) -> CardDef:
    """``compile_card(record, source=source)``, read from the cache when this model compiled it before."""
    where = cache_dir()
    if where is None:
        return compile_card(record, source=source)
    key = hashlib.sha256(json.dumps([record.to_json(), source], sort_keys=True).encode()).hexdigest()
    path = where / f"{key}.pickle"
    try:
        card = pickle.loads(path.read_bytes())
        if isinstance(card, CardDef):
            return card
    except Exception:  # noqa: BLE001  (a missing, truncated or foreign file: compile it again)
        pass
    card = compile_card(record, source=source)
    _keep(where, path, card)
    return card


def _keep(where: Path, path: Path, card: CardDef) -> None:
    try:
        if not where.is_dir():
            _forget_other_versions(where)
            where.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(pickle.dumps(card, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, path)       # atomic: a concurrent reader sees the whole file or none
    except Exception:  # noqa: BLE001  (a read-only or full disk only loses the saving)
        pass


def _forget_other_versions(where: Path) -> None:
    """Remove the kept cards of other versions of the model (they can never be read again)."""
    for old in where.parent.glob("compiled-*") if where.parent.is_dir() else ():
        if old != where:
            shutil.rmtree(old, ignore_errors=True)
