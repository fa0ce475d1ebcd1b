"""Trigger conditions on combat events: attacking (508.1m, 508.3a), blocking and becoming blocked (509.1i,
509.3a-c), combat damage dealt to a player (510.3a). The phrase grammar reads the conditions the engine
performs (``trigger_condition``: "Whenever ~ attacks", "blocks", "becomes blocked", "blocks or becomes
blocked", "attacks or blocks", "Whenever a creature you control attacks [alone]", "Whenever ~ blocks a
creature", "becomes blocked by a creature", "Whenever ~ deals combat damage to a player"); ``engine.triggers.triggered_by_combat`` triggers them as attackers and blockers are
declared (``engine.declaring``) and as combat damage is dealt (``engine.combat_damage``).

Any other condition naming a combat event ("Whenever ~ attacks and isn't blocked", "becomes blocked by a
non-Wall creature", "attacks you", "deals combat damage to an opponent") is read here as the
event ``combat``: some combat event, not known which, so any combat event while it exists makes the answer
unsupported, naming it. The condition's subject may be any noun phrase; what makes the reading sound is that
the condition names a combat event and no other: any word of another event (entering, dying, casting, a step,
targeting, this turn's delayed triggers, ...) leaves it unread, so an "or" joining a combat event to another
one is never read as combat alone."""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.vocab.abilities import TriggerEvent

#: The combat events whose object is a creature in combat (the attacker, the blocker, the creature dealing the
#: damage): in a triggered ability of one of them, "it" / "that creature" names that creature (603.2, 702.83a).
COMBAT_SUBJECT_EVENTS = frozenset({"attacks", "attacks_alone", "attacks_most_life", "blocks", "becomes_blocked",
                                   "combat_damage_player", "deals_damage", "dealt_damage"})
#: The combat events of one creature about another (509.3b: "~ blocks a creature", the attacker it blocks; 509.3d:
#: "~ becomes blocked by a creature", the blocker): "that creature" names the other one, and the ability is read
#: only for "~" itself and with no "it" (which could name either; a template's "its" is its own object's).
#: 510.2: "~ deals combat damage to a creature": "that creature" is the creature dealt the damage.
OTHER_SUBJECT_EVENTS = frozenset({"blocks_creature", "blocked_by_creature", "combat_damage_creature"})

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
    """A trigger condition naming only combat events (attacking, blocking, combat damage) that the grammar does
    not read, as the event ``combat`` of any object (any combat event may meet it); None otherwise."""
    w = words.strip()
    if not _COMBAT.match(w) or _OTHER.search(w):
        return None
    return TriggerEvent("combat", "any")
