"""Reading unearth (CR 702.84a) and scavenge (702.97a) from a keyword line's item: "Unearth {1}{R}", "unearth {B}"
(one of several keywords on a line), "Scavenge {3}{B}{G}". The item is read as the activated ability the keyword
means (``record``): its cost by the cost grammar, which must read it whole as mana (every unearth and scavenge is
printed with a mana cost; scavenge's has "Exile this card from your graveyard" after it); anything else after the
keyword ("Unearth—Pay 3 life", a cost the grammar does not read) leaves the keyword unmodelled, as it was (the
keyword table's row: an activated ability of the graveyard, ``vocab.keywords``)."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.graveyard_abilities.record import SCAVENGE, UNEARTH, validate, validate_scavenge

#: The keyword and a cost of mana symbols only, nothing after it but a period.
_KEYWORD = re.compile(r"^(?P<keyword>unearth|scavenge) (?P<cost>(?:\{[^{}]+\})+)\.?$", re.I)


def keyword_ability(item: str, spell: bool) -> Ability | None:
    """702.84a, 702.97a: the item "Unearth [mana cost]" or "Scavenge [mana cost]" of a permanent card as the
    activated ability it means; None for any other item, on an instant or sorcery (the card returns, or has a
    power, as a permanent card), or when its cost is not read whole."""
    m = _KEYWORD.match(item.strip())
    if m is None or spell:
        return None
    cost = m.group("cost")
    try:
        parse_cost(cost)
        if m.group("keyword").lower() == "unearth":
            a = Ability("activated", cost=phrases.cost_parts(cost), effects=(parse_effect({"unearth": {}}),),
                        timing="sorcery", zones=("graveyard",), keyword=UNEARTH, source_text=item)
            validate(a)
            return a
        a = Ability("activated", cost=phrases.cost_parts(f"{cost}, Exile ~ from your graveyard"),
                    effects=(parse_effect({"scavenge": {"target": "creature"}}),), targets=("target creature",),
                    timing="sorcery", zones=("graveyard",), keyword=SCAVENGE, source_text=item)
        validate_scavenge(a)
    except (DefinitionError, ValueError):
        return None
    return a
