"""Persist and undying read from a keyword line ("Persist", "Undying", reminder text aside) as the triggered
ability their rules say they mean (702.79a, 702.93a; ``words.persist.record``). A keyword with anything after it
is not one of these and is left to the keyword table (unmodelled). And the line "When ~ dies, return it to its
owner's hand." (or "When ~ is put into a graveyard from the battlefield, return ~ to its owner's hand."), read
whole: that trigger and that one instruction, nothing else."""
from __future__ import annotations

import re

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


#: 700.4: the trigger condition of the object's own dies event, either wording; and the one instruction returning
#: the card that died to its owner's hand, naming it "it" or "~" (``record.SAID_AS``).
_OWN_DIES = re.compile(r"^When ~ (?:dies|is put into a graveyard from the battlefield)$")
_TO_HAND = re.compile(r"^return (it|~) to its owner's hand\.?$")


def returns_to_hand(condition: str, event: TriggerEvent, effect: str, printed: str) -> Ability | None:
    """"When ~ dies, return it to its owner's hand." (603.10a: a leaves-the-battlefield ability, functioning on the
    battlefield, 113.6, and looking back in time): the ability whose trigger is ``condition`` (read as ``event``)
    and whose whole effect is ``effect``, if they are exactly these words; None otherwise (the line is left to the
    other readers)."""
    m = _TO_HAND.match(effect.strip())
    if m is None or not _OWN_DIES.match(condition.strip()) or event != TriggerEvent("dies"):
        return None
    return Ability("triggered", trigger=condition, trigger_event=event,
                   effects=(parse_effect({"return_itself_to_hand": {"said": m.group(1)}}),),
                   source_text=printed, zones=("battlefield",))
