"""Reading unearth (CR 702.84a) from a keyword line's item: "Unearth {1}{R}", "unearth {B}" (one of several
keywords on a line). The item is read as the activated ability the keyword means (``record``): its cost by the
cost grammar, which must read it whole as mana (every unearth is printed with a mana cost); anything else after the
keyword ("Unearth—Pay 3 life", a cost the grammar does not read) leaves the keyword unmodelled, as it was (the
keyword table's row: an activated ability of the graveyard, ``vocab.keywords``)."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.graveyard_abilities.record import UNEARTH, validate

#: The keyword and a cost of mana symbols only, nothing after it but a period.
_UNEARTH = re.compile(r"^unearth (?P<cost>(?:\{[^{}]+\})+)\.?$", re.I)


def keyword_ability(item: str, spell: bool) -> Ability | None:
    """702.84a: the item "Unearth [mana cost]" of a permanent card as the activated ability it means; None for any
    other item, on an instant or sorcery (unearth returns a permanent card), or when its cost is not read whole."""
    m = _UNEARTH.match(item.strip())
    if m is None or spell:
        return None
    cost = m.group("cost")
    try:
        parse_cost(cost)
        a = Ability("activated", cost=phrases.cost_parts(cost), effects=(parse_effect({"unearth": {}}),),
                    timing="sorcery", zones=("graveyard",), keyword=UNEARTH, source_text=item)
        validate(a)
    except (DefinitionError, ValueError):
        return None
    return a
