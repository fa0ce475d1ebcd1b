"""Reading the statics that exile what would be put into a graveyard (``words.graveyard_replacement.record``):
the whole line "If a card or token would be put into a graveyard from anywhere, exile it instead." or "If a card
would be put into [an opponent's] graveyard from anywhere, exile it instead."; any other subject ("a nontoken
creature", "a card an opponent owns ... this turn") or result is no reading."""
from __future__ import annotations

import re

from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_static

_TO_EXILE = re.compile(r"If a card(?P<tokens> or token)? would be put into (?P<where>a graveyard|an opponent's "
                       r"graveyard) from anywhere, exile it instead\.")


def graveyard_replacement_static(norm: str, printed: str) -> Ability | None:
    """The line as a ``graveyard_to_exile`` static, or None when it is not one this module reads whole."""
    m = _TO_EXILE.fullmatch(norm.strip())
    if m is None:
        return None
    args = {"kind": "graveyard_to_exile", **({"tokens": True} if m.group("tokens") else {}),
            **({"opponents": True} if m.group("where") != "a graveyard" else {})}
    return Ability("static", static=parse_static(args), source_text=printed)
