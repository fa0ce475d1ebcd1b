"""Rulings as published with card data: MTGJSON v3's ``rulings_*.json`` (an object keyed by card name, each a
list of ``{"date", "text"}``) and Scryfall's rulings bulk file (a list of ``{"object": "ruling", "oracle_id",
"published_at", "comment"}``, whose cards are named through the ``oracle_id`` of an oracle-cards file).

A file is told to be rulings from its first bytes, so that card data files, which are far larger, are not
parsed twice; a rulings file is never taken for a malformed card file.
"""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any, Iterable, Mapping

from mtgjudge.model.cards.sources import MAX_FILE_BYTES
from mtgjudge.model.lazy_dataclass import dataclass

#: How much of a file is read to tell whether it is rulings.
_SNIFF = 1 << 16
_SCRYFALL = re.compile(r'^\s*\[\s*\{[^\[\]]*"object"\s*:\s*"ruling"')
_MTGJSON3 = re.compile(r'^\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*(?:\]|\{\s*"(?:date|text)"\s*:)')


class RulingsError(Exception):
    """A rulings file that can't be read; the message names the file."""


@dataclass(frozen=True)
class Ruling:
    """One ruling: the date it was published and its text."""

    date: str
    text: str


def is_rulings_file(path: str | Path) -> bool:
    """Does the file begin as a Scryfall or MTGJSON v3 rulings file does? (Only a regular file is looked at: a
    pipe or a device is never opened, so that it can't block or be read without end.)"""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, encoding="utf-8-sig", errors="replace") as fh:
            head = fh.read(_SNIFF)
    except OSError:
        return False
    return bool(_SCRYFALL.match(head) or _MTGJSON3.match(head))


def read_rulings(path: str | Path, oracle_names: Mapping[str, str]) -> dict[str, list[Ruling]]:
    """The rulings of a file, by card name; ``oracle_names`` (oracle_id -> card name) names Scryfall's. A
    ruling of a card that ``oracle_names`` does not name is left out."""
    try:
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise RulingsError(f"{path}: the file is {size:,} bytes, over the reader's limit of {MAX_FILE_BYTES:,}")
        data: Any = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        raise RulingsError(f"{path}: a rulings file that can't be read ({type(e).__name__}: {str(e)[:200]})") from None
    out: dict[str, list[Ruling]] = {}
    if isinstance(data, dict):
        for name, items in data.items():
            if not isinstance(items, list):
                raise RulingsError(f"{path}: the rulings of {name!r} are not a list")
            out[name] = [_ruling(path, name, i.get("date"), i.get("text")) for i in items if isinstance(i, dict)]
        return out
    if isinstance(data, list):
        for item in data:
            if not isinstance(item, dict) or item.get("object") != "ruling":
                raise RulingsError(f"{path}: an item that is not a ruling: {str(item)[:80]}")
            name = oracle_names.get(str(item.get("oracle_id")))
            if name is not None:
                out.setdefault(name, []).append(_ruling(path, name, item.get("published_at"), item.get("comment")))
        return out
    raise RulingsError(f"{path}: not a rulings file")


def _ruling(path: str | Path, name: str, date: Any, text: Any) -> Ruling:
    if not isinstance(date, str) or not isinstance(text, str):
        raise RulingsError(f"{path}: a ruling of {name!r} without a date and a text")
    return Ruling(date, text)


def scryfall_oracle_names(path: str | Path) -> dict[str, str]:
    """oracle_id -> name of every card of a Scryfall cards file (empty for any other file)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    if not isinstance(data, list):
        return {}
    return {c["oracle_id"]: c["name"] for c in data
            if isinstance(c, dict) and isinstance(c.get("oracle_id"), str) and isinstance(c.get("name"), str)}


#: A rule number a ruling's text names: a rule with its subrule ("613.1f", "702.19"), or a whole rule by the
#: word "rule" ("rule 613").
_RULE = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?![\d])|\brules? (\d{3})(?![\d.])")


def rules_mentioned(text: str) -> set[str]:
    """The rule numbers a ruling's text names."""
    return {a or b for a, b in _RULE.findall(text)}


def _within(rule: str) -> set[str]:
    """The rule and the rules it is part of: "702.19b" is part of 702.19 and of 702."""
    out = {rule, rule.split(".")[0]}
    m = re.fullmatch(r"(\d{3}\.\d+)[a-z]", rule)
    if m:
        out.add(m.group(1))
    return out


def mentions_rule(text: str, cited: Iterable[str]) -> bool:
    """Does a ruling's text name one of the ``cited`` rules, a rule one of them is part of, or a part of one of
    them (a ruling naming 702.19 speaks to an answer citing 702.19b, and one naming 702.19c too)?"""
    cited = set(cited)
    return any(m in _within(c) or c in _within(m) for m in rules_mentioned(text) for c in cited)
