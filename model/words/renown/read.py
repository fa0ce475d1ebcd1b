"""Renown read from a keyword line ("Renown 1", reminder text aside) as the triggered ability its rule says it means
(702.112a; ``words.renown.record``); "Renown" without a number is left to the keyword table (unmodelled)."""
from __future__ import annotations

from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.renown.record import INTERVENING, TRIGGER


def renown(keyword: str, param: str, printed: str) -> Ability | None:
    """The triggered ability "Renown N" means; None for any other keyword, or without a number."""
    if keyword != "Renown" or not param.isdigit() or int(param) < 1:
        return None
    return Ability("triggered", keyword=f"Renown {int(param)}", trigger=TRIGGER,
                   trigger_event=phrases.parse(TRIGGER, "trigger_condition"),
                   effects=(parse_effect({"renown": {"n": int(param)}}),), intervening=INTERVENING, source_text=printed,
                   zones=("battlefield",))
