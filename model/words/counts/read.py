"""Reading a sentence whose amount is a count: "Draw a card for each creature you control.",
"You gain X life and draw X cards, where X is the number of creatures you control.", "Create a 1/1 green
Insect creature token for each Forest you control." (608.2h: counted once, as the effect is performed; 107.3e).

The sentence without its count, with its amount written "{n}", must be read by the other readers (draw, life,
tokens, counters, ...) for several values of n, always as the same word: the word ``counted`` keeps that text
and the count, and the engine reads it again with the amount it counts (``words.counts.perform``). Only sentences
without a target are read (targets are chosen as the spell is cast, 601.2c, from the word the sentence is).
"""
from __future__ import annotations

import re
from typing import Callable

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

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
    # read with several amounts: always one word of one kind (and never this one again)
    kinds = set()
    for n in (1, 2, 3):
        w = read(fill(template, n))
        if w is None or w.kind == "counted":
            return None
        kinds.add(w.kind)
    if len(kinds) != 1:
        return None
    try:
        return parse_effect({"counted": {"count": m.group("count"), "text": template, "per": per}})
    except DefinitionError:
        return None
