"""Reading madness (702.35a) from Oracle text: the line "Madness <mana cost>" alone, read as the two abilities the
rule says it means (``words.madness.record``). A cost that is not mana, or has X, is not read: the keyword then
stays unmodelled (its row of ``vocab.keywords``)."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Ability, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect, parse_static
from mtgjudge.model.words.madness.record import EVENT, KEYWORD, TRIGGER_TEXT

_LINE = re.compile(r"^Madness ((?:\{[0-9WUBRGC/P]+\})+)\.?$")


def madness_line(body: str, printed: str) -> list[Ability] | None:
    """702.35a: "Madness {1}{R}" as its static ability (in the hand) and its linked trigger (in exile), each marked
    with the keyword; None for any other line."""
    m = _LINE.match(body.strip())
    if m is None:
        return None
    cost = m.group(1)
    try:
        static = Ability("static", static=parse_static({"kind": "madness", "cost": cost}), keyword=KEYWORD,
                         source_text=printed, zones=("hand",))
        trigger = Ability("triggered", effects=(parse_effect({"madness_cast": {"cost": cost}}),), trigger=TRIGGER_TEXT,
                          trigger_event=TriggerEvent(EVENT), keyword=KEYWORD, source_text=printed, zones=("exile",))
    except DefinitionError:
        return None
    return [static, trigger]
