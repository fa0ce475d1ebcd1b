"""Reading fuse (702.102a) from Oracle text: the line "Fuse" alone (its reminder text aside), read as the static word
``fuse`` that functions in the hand (``words.split.record``). It offers the fused way only on a split card with two
halves (``words.split.perform.has_fuse``); anything after the keyword leaves the line unmodelled."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_static
from mtgjudge.model.words.split.record import KEYWORD


def fuse_line(param: str, item: str) -> Ability | None:
    """702.102a: the keyword "Fuse" with nothing after it, as its static word, in the hand; None for anything
    else ("Fuse {2}", a word after it)."""
    if param.strip():
        return None
    try:
        return Ability("static", static=parse_static({"kind": "fuse"}), keyword=KEYWORD, source_text=item,
                       zones=("hand",))
    except DefinitionError:
        return None
