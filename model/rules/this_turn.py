"""What happened this turn, as a condition reads it: "if you attacked this turn" (raid), "if a creature died this
turn" (morbid), "if an opponent was dealt damage this turn" (bloodthirst, 702.54a), "if a permanent you controlled
left the battlefield this turn" (revolt), how many spells a player cast this turn (storm, 702.40a).

The record is ``GameState.this_turn`` (``state.TurnHistory``), kept by the engine where each event happens. When the
question did not state the turn's history (its state's ``this_turn:``) and the turn did not begin during its actions,
what happened before the question is not known: a fact the actions made true is true (the record is a lower bound),
and any other answer is unsupported, saying the question must state it. Nothing is assumed not to have happened."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mtgjudge.model import patterns
from mtgjudge.model.errors import Unsupported

if TYPE_CHECKING:       # (the vocabulary reads the wordings below: no import of the state here)
    from mtgjudge.model.state import GameState, TurnHistory

#: The facts a condition asks about, each with how it is said of a player (``{p}``) in a message.
FACTS = {
    "attacked": "{p} attacked with a creature",
    "died": "a creature died",
    "opponent_damaged": "an opponent of {p} was dealt damage",
    "left": "a permanent {p} controlled left the battlefield",
}

#: The prefix of what a condition about the turn's history counts ("this turn: died"), as
#: ``oracle.intervening.read_condition`` gives it and ``engine.intervening`` reads it.
PREFIX = "this turn: "

#: The rule that says what each fact is, to cite where it is checked.
RULES = {"attacked": "508.6", "died": "700.4", "opponent_damaged": "120.3a", "left": "603.6c"}

#: The wordings of the facts, as a condition says them of its "you".
_WORDINGS = (
    (patterns.compile(r"^you attacked (?:with a creature )?this turn$", re.I), "attacked"),          # raid (508.6)
    (patterns.compile(r"^a creature died this turn$", re.I), "died"),                                 # morbid (700.4)
    (patterns.compile(r"^an opponent was dealt damage this turn$", re.I), "opponent_damaged"),        # 702.54a
    (patterns.compile(r"^a permanent you controlled left the battlefield this turn$", re.I), "left"),  # revolt
)


def fact_of(condition: str) -> str | None:
    """The fact (one of ``FACTS``) a condition's wording says ("a creature died this turn": "died"); None if it is
    no wording of one."""
    t = condition.strip()
    for pattern, fact in _WORDINGS:
        if pattern.match(t):
            return fact
    return None


def _recorded(h: "TurnHistory", fact: str, player: str, opponents: tuple[str, ...]) -> bool:
    if fact == "attacked":
        return player in h.attacked_with
    if fact == "died":
        return h.died > 0
    if fact == "opponent_damaged":
        return any(p in h.damaged for p in opponents)
    if fact == "left":
        return player in h.left
    raise KeyError(fact)


def unstated(fact_said: str, why: str) -> Unsupported:
    """The answer when the turn's history before the question is needed and not stated."""
    return Unsupported(f"{why}: whether {fact_said} this turn before the question's actions is not stated (say it "
                       "in the state's this_turn:)")


def happened(state: "GameState", fact: str, player: str, why: str) -> bool:
    """Did ``fact`` (one of ``FACTS``) happen this turn, said of ``player`` (the condition's "you")? Unsupported when
    the record does not say it happened and the turn's history before the question is not known. ``why``: what asks
    (the condition and its rule), for the message."""
    h = state.this_turn
    if _recorded(h, fact, player, state.opponents(player)) or h.known:
        return _recorded(h, fact, player, state.opponents(player))
    raise unstated(FACTS[fact].format(p=player), why)


def spells_cast(state: "GameState", player: str, why: str) -> int:
    """How many spells ``player`` cast this turn (storm counts them, 702.40a); unsupported when the turn's history
    before the question is not known."""
    h = state.this_turn
    if not h.known:
        raise unstated(f"{player} cast spells (and how many)", why)
    return h.spells_of(player)


def spells_cast_before(state: "GameState", spell: str, moves: int, why: str) -> int:
    """How many spells, cast by any player, were cast this turn before ``spell`` (the object it is after ``moves``
    zone changes) became cast (702.40a: "each other spell that was cast before it this turn", countered ones and
    those cast from anywhere included: Grapeshot's rulings 2013-06-07); unsupported when the turn's history before
    the question is not known, or the spell was not cast during the question's actions."""
    h = state.this_turn
    if not h.known:
        raise unstated("spells were cast (and how many)", why)
    n = h.cast_before(spell, moves)
    if n is None:
        raise Unsupported(f"{why}: {spell} was not cast during the question's actions, so which spells were cast "
                          "before it this turn is not known")
    return n
