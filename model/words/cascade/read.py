"""Reading cascade (702.85a) from Oracle text: the keyword "Cascade" alone (it takes no parameter), read as the
triggered ability the rule says it means, which functions only while the spell is on the stack (702.85a). Its
reminder text is gone before a line is read (207.2)."""
from __future__ import annotations

from mtgjudge.model.vocab.abilities import Ability, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect


def keyword_ability(item: str) -> Ability | None:
    """702.85a: the keyword item "Cascade" as its triggered ability "When you cast this spell, [cascade]" (the
    ``cascade`` word), marked with the keyword; None for any other item."""
    if item.strip().rstrip(".").lower() != "cascade":
        return None
    return Ability("triggered", effects=(parse_effect({"cascade": {}}),), trigger="When you cast ~",
                   trigger_event=TriggerEvent("cast", who="self"), keyword="Cascade", source_text=item,
                   zones=("stack",))
