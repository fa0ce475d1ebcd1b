"""Sunburst and converge read (``words.colors_spent.record``): the keyword "Sunburst" (its reminder text aside) and
the line "~ enters with a <kind> counter on it for each color of mana spent to cast it." (converge's, the ability
word already set aside, 207.2c; or with no ability word). Anything else about the colors spent (a count in a
spell's instruction, "Modular—Sunburst") is left unread: the line stays unmodelled."""
from __future__ import annotations

import re

from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_static
from mtgjudge.model.words.colors_spent.record import SUNBURST

#: 614.1c: the line's whole words, "~" standing for the card's name (or "it" at the end).
_ENTERS = re.compile(r"~ enters(?: the battlefield)? with an? ([+-]\d+/[+-]\d+|[a-z]+) counter on it for each "
                     r"color of mana spent to cast (?:it|~)\.")


def sunburst(keyword: str, param: str, printed: str) -> Ability | None:
    """702.44a: the static ability "Sunburst" means; None for any other keyword, or with a parameter."""
    if keyword != "Sunburst" or param:
        return None
    return Ability("static", static=parse_static({"kind": "enters_with_colors_spent", "counter": SUNBURST}),
                   keyword=keyword, source_text=printed)


def enters_line(norm: str, printed: str) -> Ability | None:
    """614.1c: "~ enters with a +1/+1 counter on it for each color of mana spent to cast it." read whole; None for
    any other line."""
    m = _ENTERS.fullmatch(norm)
    if m is None:
        return None
    return Ability("static", static=parse_static({"kind": "enters_with_colors_spent", "counter": m.group(1)}),
                   source_text=printed)
