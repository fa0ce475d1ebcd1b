"""Living weapon read from its keyword line ("Living weapon", reminder text aside) as the triggered ability its
rule says it means (702.92a): "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token,
then attach this Equipment to it." A keyword with anything after it is not this one and is left to the keyword
table (unmodelled)."""
from __future__ import annotations

from mtgjudge.model.vocab.abilities import Ability, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.attach.record import GERM

KEYWORD = "Living weapon"


def living_weapon(keyword: str, param: str, printed: str) -> Ability | None:
    """The triggered ability living weapon means (702.92a), if ``keyword`` is it with no parameter; else None.
    It functions on the battlefield, triggering on the Equipment's own entering (603.6a)."""
    if keyword != KEYWORD or param:
        return None
    return Ability("triggered", keyword=KEYWORD, trigger="When ~ enters", trigger_event=TriggerEvent("enters"),
                   effects=(parse_effect({"create_tokens": {"n": 1, "token": GERM}}),
                            parse_effect("attach_to_created")),
                   source_text=printed, zones=("battlefield",))
