"""Reading proliferate (701.34a) from Oracle text: the sentence "Proliferate." read whole (its reminder text is
gone before a line is read, 207.2). "..., then proliferate." inside another sentence is not read here: that
sentence stays unmodelled unless its other reader takes all of it."""
from __future__ import annotations

import re

from mtgjudge.model import patterns


def sentence_patterns() -> tuple:
    """(pattern, word, argument keys) for ``oracle.lines.effect_word``."""
    return ((patterns.compile(r"^Proliferate\.$", re.I), "proliferate", ()),)
