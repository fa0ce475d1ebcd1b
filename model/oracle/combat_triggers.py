"""Trigger conditions on combat events the engine never performs : attacking (508.1),
blocking and being blocked (509.1, 509.1h), combat damage (510.2). The engine declares no attackers
(``engine.turn``: with no attackers the declare-blockers and combat-damage steps are skipped, 508.8), so no such
event happens in its games, and an ability that triggers only on one of them never triggers there (603.2).

The condition's subject is any noun phrase ("a creature you control with a +1/+1 counter on it", "one or more
creatures an opponent controls", "equipped creature"); what makes the reading sound is that the condition names
a combat event and no other: any word of another event (entering, dying, casting, a step, targeting, this turn's
delayed triggers, ...) leaves it unread, so an "or" joining a combat event to another one is never read as
combat alone."""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.vocab.abilities import TriggerEvent

#: A combat event, as its verb: "attacks", "attack with", "blocks", "becomes blocked", "aren't blocked",
#: "deals combat damage", "is dealt combat damage".
_COMBAT = patterns.compile(r"^(?:when|whenever) .*\b(?:attacks?|blocks?|becomes? blocked|(?:is|are)(?:n't| not)? blocked|"
                     r"deals? combat damage|(?:is|are) dealt combat damage)\b", re.I)
#: Words of any other event, or of a delayed trigger a spell creates ("this turn", "this combat", 603.7): not read.
_OTHER = patterns.compile(r"\b(?:enters?|dies|die|leaves?|casts?|cast|upkeep|draw step|end step|beginning|transforms?|"
                    r"turned|face|targets?|discards?|put|puts|returned|sacrific\w*|draws?|gains?|loses?|the target|"
                    r"tapped|taps?|untaps?|untapped|cycles?|exiled?|this turn|this combat|next|copy|monarch|activates?|"
                    r"crews?|fights?|prevented|noncombat|spell|ability)\b", re.I)


def combat_condition(words: str) -> TriggerEvent | None:
    """A trigger condition naming only combat events (attacking, blocking, combat damage), read as the event
    ``attacks`` of any object (which never happens in the engine's games, ``TriggerEvent``); None otherwise."""
    w = words.strip()
    if not _COMBAT.match(w) or _OTHER.search(w):
        return None
    return TriggerEvent("attacks", "any")
