"""Reading explore (701.44a) from Oracle text: the sentence "~ explores." or "~ explores, then it explores again."
read whole, "~" the permanent itself (a triggered ability's "it" of its own event is already "~" for the reader of
effects, 608.2c; reminder text is gone before a line is read, 207.2). Another subject ("Target creature you
control explores.", the "it" of another creature's event) is not read here: that sentence stays unmodelled."""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

_EXPLORES = patterns.compile(r"^~ explores(, then it explores again)?\.$", re.I)


def explore_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """The word ``explore`` a whole sentence is (``times`` 2 for "then it explores again": the same permanent,
    608.2c), with no target in it; None for any other sentence."""
    m = _EXPLORES.match(sentence.strip())
    if m is None or found:
        return None
    return parse_effect({"explore": {"times": 2 if m.group(1) else 1}})
