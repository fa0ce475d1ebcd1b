"""Reading a sentence whose amount is a count: "Draw a card for each creature you control.",
"You gain X life and draw X cards, where X is the number of creatures you control.", "Create a 1/1 green
Insect creature token for each Forest you control." (608.2h: counted once, as the effect is performed; 107.3e).

The sentence without its count, with its amount written "{n}", must be read by the other readers (draw, life,
tokens, counters, ...) for several values of n, always as the same word but for the amount: the word ``counted``
keeps that word, where its amount is, and the count; the engine puts in the amount it counts
(``words.counts.perform``), reading no text. Only sentences without a target are read (targets are chosen as the
spell is cast, 601.2c, from the word the sentence is).
"""
from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Any, Callable

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.selectors import Selector
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.counts.record import Hole

_PER = patterns.compile(r"^(?P<body>.+?) for each (?P<count>[^,.]+?)\.?$", re.I)
_WHERE = patterns.compile(r"^(?P<body>.+?), where X is (?P<count>[^,.]+?)\.?$", re.I)
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
#: The amount of a "for each" sentence: a number (not one of a "1/1" or "+1/+1") before what it counts.
_AMOUNT = patterns.compile(r"(?<![/\d+\-])\b(an?|one|two|three|four|five|\d+)\b(?![/\d])"
                     r"(?= (?:[\w/+\-]+ ){0,6}?(?:cards?|life|damage|tokens?|counters?)\b)", re.I)
_PLURAL = patterns.compile(r"\b(card|token|counter)s?\b", re.I)


def fill(text: str, n: int) -> str:
    """The sentence with its amount ``n``: "{n}" replaced and the counted noun's number agreeing."""
    out = text.replace("{n}", str(n))
    return _PLURAL.sub(lambda m: m.group(1) + ("" if n == 1 else "s"), out)


def counted_word(sentence: str, found: tuple[str, ...], read: Callable[[str], Effect | None]) -> Effect | None:
    """The ``counted`` word of a sentence without targets whose amount is a count ``rules.counts`` reads, or
    None. ``read``: the reader of a sentence without a count (lines.effect_word)."""
    if found:
        return None
    s = sentence.strip()
    m = _WHERE.match(s)
    if m is not None:
        body = m.group("body")
        if re.search(r"X/|/[+-]?X", body) or not re.search(r"\bX\b", body):
            return None             # +X/+X is the until reader's; an X the body doesn't use is not this
        template, per = re.sub(r"\bX\b", "{n}", body), 1
    else:
        m = _PER.match(s)
        if m is None:
            return None
        body = m.group("body")
        amounts = list(_AMOUNT.finditer(body))
        if len(amounts) != 1 or re.search(r"\bX\b", body):
            return None
        a = amounts[0]
        word = a.group(1).lower()
        per = _NUMBERS[word] if word in _NUMBERS else int(word)
        template = body[:a.start()] + "{n}" + body[a.end():]
    try:
        c = counts.parse(m.group("count"))
    except DefinitionError:
        return None
    template = template.rstrip(".") + "."
    if getattr(c.selector, "other", False) and re.search(r"\b(it|its|that|them|they)\b", template, re.I):
        return None     # "other" might be other than what "it" names, not than the source
    # read with several amounts: always one word of one kind (and never this one again), the same but for where
    # the amount is
    readings = [read(fill(template, n)) for n in _AMOUNTS]
    if any(w is None or w.kind == "counted" for w in readings):
        return None
    holes = _holes([w for w in readings if w is not None])
    if holes is None:
        return None
    effect, found_holes = holes
    try:
        return parse_effect({"counted": {"count": m.group("count"), "counting": c, "text": template, "per": per,
                                         "effect": effect, "holes": found_holes}})
    except DefinitionError:
        return None


#: The amounts a counted sentence is read with at compile time, to find where its amount is.
_AMOUNTS = (1, 2, 3)


def _holes(readings: list[Effect]) -> tuple[Effect, tuple[Hole, ...]] | None:
    """The word of a sentence read with each of ``_AMOUNTS`` (``readings``) as the one with the amount 1 and the
    places where the amount sits (``record.with_amount``); None unless the readings are one word, alike but for
    the amount, an integer equal to it or a number in a text."""
    first = readings[0]
    if any(w.kind != first.kind or [k for k, _ in w.args] != [k for k, _ in first.args] for w in readings):
        return None
    holes: list[Hole] = []
    args = []
    for i, (key, value) in enumerate(first.args):
        found = _template([w.args[i][1] for w in readings], (key,), holes)
        if found is _DIFFERENT:
            return None
        args.append((key, found))
    return replace(first, args=tuple(args)), tuple(holes)


_DIFFERENT = object()


def _template(values: list[Any], path: Hole, holes: list[Hole]) -> Any:
    """One argument (or an item of one, at ``path``) as read with each amount: the same value; the amount itself
    (an integer, a hole); a text with the amount written "{n}" (a hole); a tuple of those, item by item; a selector
    of those, field by field (its fields named in the path); or ``_DIFFERENT``."""
    first = values[0]
    if all(v == first for v in values):
        return first
    if all(isinstance(v, int) and not isinstance(v, bool) and v == n for v, n in zip(values, _AMOUNTS)):
        holes.append(path)
        return first
    if all(isinstance(v, str) for v in values) and "{n}" not in first:
        parts = [re.split(r"(\d+)", v) for v in values]
        if len({len(p) for p in parts}) != 1:
            return _DIFFERENT
        out = []
        for i, piece in enumerate(parts[0]):
            same = {p[i] for p in parts}
            if len(same) == 1:
                out.append(piece)
            elif all(p[i] == str(n) for p, n in zip(parts, _AMOUNTS)):
                out.append("{n}")
            else:
                return _DIFFERENT
        holes.append(path)
        return "".join(out)
    if all(isinstance(v, tuple) for v in values) and len({len(v) for v in values}) == 1:
        items = []
        for i in range(len(first)):
            found = _template([v[i] for v in values], path + (i,), holes)
            if found is _DIFFERENT:
                return _DIFFERENT
            items.append(found)
        return tuple(items)
    if isinstance(first, Selector) and all(isinstance(v, Selector) for v in values):
        # a value read from the sentence as it was compiled (a noun phrase's selector, ``selectors.SELECTS``:
        # "with toughness {n} or less"), field by field
        changed = {}
        for f in fields(first):
            found = _template([getattr(v, f.name) for v in values], path + (f.name,), holes)
            if found is _DIFFERENT:
                return _DIFFERENT
            changed[f.name] = found
        return replace(first, **changed)
    return _DIFFERENT
