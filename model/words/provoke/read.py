"""Provoke read from a keyword line ("Provoke", reminder text aside) as the triggered ability its rule says it means
(702.39a; ``words.provoke.record``)."""
from __future__ import annotations

from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.provoke.record import KEYWORD, TARGET, TRIGGER


def provoke(keyword: str, param: str, printed: str) -> Ability | None:
    """The triggered ability "Provoke" means; None for any other keyword."""
    if keyword != KEYWORD or param:
        return None
    return Ability("triggered", keyword=KEYWORD, trigger=TRIGGER, trigger_event=phrases.parse(TRIGGER, "trigger_condition"),
                   effects=(parse_effect({"provoke": {"target": TARGET}}),), targets=(f"target {TARGET}",),
                   source_text=printed, zones=("battlefield",))
