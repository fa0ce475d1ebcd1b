"""Sentences about hands and libraries (issue 9, helper "hands") that the e-library readers
(``oracle.library_lines``) read once put in the form they know.

"Search your library for a creature card and reveal that card. Shuffle your library, then put the card on top of
it." (Worldly Tutor and its cycle) is one instruction written as two sentences: "the card" of the second is the
card the first found (608.2c), and the ruling says "shuffle and put the card on top" is a single action (Mystical
Tutor, 2016-06-08; 701.24b). The two are read as the one sentence the search grammar reads ("..., then shuffle
your library and put that card on top of it."), as ``lines._token_with_quote`` reads a token and its quoted
ability as one.
"""
from __future__ import annotations

import re

_SEARCH_REVEAL = re.compile(r"^(search your library for [^.]+ card) and reveal that card\.$", re.I)
_SHUFFLE_TOP = re.compile(r"^shuffle your library, then put (?:the|that) card on top of it\.?$", re.I)


def search_then_top(parts: list[str]) -> list[str]:
    """The sentences, with "Search your library for X card and reveal that card." and "Shuffle your library,
    then put the card on top of it." right after it joined into one sentence (see the module)."""
    out: list[str] = []
    for s in parts:
        m = _SEARCH_REVEAL.match(out[-1]) if out else None
        if m and _SHUFFLE_TOP.match(s):
            out[-1] = f"{m.group(1)} and reveal that card, then shuffle your library and put that card on top of it."
            continue
        out.append(s)
    return out
