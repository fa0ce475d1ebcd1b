"""Persist and undying read from a keyword line ("Persist", "Undying", reminder text aside) as the triggered
ability their rules say they mean (702.79a, 702.93a; ``words.persist.record``). A keyword with anything after it
is not one of these and is left to the keyword table (unmodelled)."""
from __future__ import annotations

from mtgjudge.model.vocab.abilities import Ability, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.persist.record import KEYWORDS, NO_COUNTERS

#: 702.79a, 702.93a: "When this permanent is put into a graveyard from the battlefield" (700.4: it dies).
TRIGGER = "When ~ is put into a graveyard from the battlefield"


def dies_return(keyword: str, param: str, printed: str) -> Ability | None:
    """The triggered ability the keyword ``keyword`` (its parameter ``param``, none) means, if it is persist or
    undying; None otherwise. It functions on the battlefield (113.6; it looks back in time, 603.10a)."""
    if keyword not in KEYWORDS or param:
        return None
    kind = KEYWORDS[keyword][1]
    return Ability("triggered", keyword=keyword, trigger=TRIGGER, trigger_event=TriggerEvent("dies"),
                   effects=(parse_effect({"return_with_counter": {"counter": kind}}),),
                   intervening=NO_COUNTERS + kind, source_text=printed, zones=("battlefield",))
