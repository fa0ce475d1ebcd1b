"""Reading suspend (702.62a) from Oracle text: the line "Suspend N—<mana cost>" alone, read as the three abilities
the rule says it means (``words.suspend.record``). A number that is X, a cost that is not mana or has X, or more
words ("X can't be 0.") are not read: the keyword then stays unmodelled (its row of ``vocab.keywords``)."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Ability, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect, parse_static
from mtgjudge.model.words.suspend.record import COUNTER, EXILED, KEYWORD, SUSPENDED

_LINE = re.compile(r"^Suspend (\d+) ?— ?((?:\{[0-9WUBRGC/P]+\})+)\.?$")


def suspend_line(body: str, printed: str) -> list[Ability] | None:
    """702.62a: "Suspend 1—{R}" as its static ability (in the hand) and its two triggered abilities (in exile), each
    marked with the keyword; None for any other line."""
    m = _LINE.match(body.strip())
    if m is None:
        return None
    n, cost = int(m.group(1)), m.group(2)
    try:
        static = Ability("static", static=parse_static({"kind": "suspend", "n": n, "cost": cost}), keyword=KEYWORD,
                         source_text=printed, zones=("hand",))
        tick = Ability("triggered", effects=(parse_effect("suspend_tick"),),
                       trigger="At the beginning of your upkeep", trigger_event=TriggerEvent("upkeep", who="you"),
                       intervening=SUSPENDED, keyword=KEYWORD, source_text=printed, zones=("exile",))
        last = TriggerEvent("last_counter_removed", counter=COUNTER)
        cast = Ability("triggered", effects=(parse_effect("suspend_cast"),), trigger=last.render() or "",
                       trigger_event=last, intervening=EXILED, keyword=KEYWORD, source_text=printed, zones=("exile",))
    except DefinitionError:
        return None
    return [static, tick, cast]
