"""Evolve read from a keyword line ("Evolve", reminder text aside) as the triggered ability its rule says it means
(702.100a; ``words.evolve.record``). "Evolve" with anything after it is left to the keyword table (unmodelled)."""
from __future__ import annotations

from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.evolve.record import INTERVENING, TRIGGER


def evolve(keyword: str, param: str, printed: str) -> Ability | None:
    """The triggered ability "Evolve" means; None for any other keyword, or with a parameter."""
    if keyword != "Evolve" or param:
        return None
    return Ability("triggered", keyword=keyword, trigger=TRIGGER, trigger_event=phrases.parse(TRIGGER, "trigger_condition"),
                   effects=(parse_effect("evolve"),), intervening=INTERVENING, source_text=printed,
                   zones=("battlefield",))
