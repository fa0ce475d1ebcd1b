"""What happened this turn, as a condition reads it: "if you attacked this turn" (raid), "if a creature died this
turn" (morbid), "if an opponent was dealt damage this turn" (bloodthirst, 702.54a), "if a permanent you controlled
left the battlefield this turn" (revolt), how many spells a player cast this turn (storm, 702.40a), and how many
spells each player cast last turn, the turn before this one ("if no spells were cast last turn", "if a player cast two
or more spells last turn": the werewolves' transform).

The record is ``GameState.this_turn`` (``state.TurnHistory``), kept by the engine where each event happens. When the
question did not state the turn's history (its state's ``this_turn:``) and the turn did not begin during its actions,
what happened before the question is not known: a fact the actions made true is true (the record is a lower bound),
and any other answer is unsupported, saying the question must state it. Nothing is assumed not to have happened. The last
turn's spells are the same: known when the question stated them (its state's ``last_turn:``) or when the turn that
ended during the actions was known whole; else the record is a lower bound, and a comparison it does not decide is
unsupported."""
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


def dealt_damage_by(state: "GameState", initial: "GameState | None", to: str, to_moves: int, source: str,
                    source_moves: int, why: str) -> bool:
    """603.10a: was the permanent ``to``, the object it was after ``to_moves`` zone changes (400.7), dealt damage this
    turn by ``source``, the object it is after ``source_moves``? Yes when the record says so; no when the turn's
    history is known, or when either came to be during the question's actions (a zone change since its ``initial``
    state: all it did or was dealt this turn is in the record); else unsupported, saying the question must state it
    (its ``this_turn.dealt_damage``). ``why``: what asks, for the message."""
    h = state.this_turn
    if (to, to_moves, source, source_moves) in h.dealt_damage:
        return True
    if h.known:
        return False
    if initial is not None and any(not initial.has(oid) or initial.moved(oid) != moves
                                   for oid, moves in ((to, to_moves), (source, source_moves))):
        return False
    raise unstated(f"{source} dealt damage to {to}", why)


def spells_cast(state: "GameState", player: str, why: str) -> int:
    """How many spells ``player`` cast this turn (storm counts them, 702.40a); unsupported when the turn's history
    before the question is not known."""
    h = state.this_turn
    if not h.known:
        raise unstated(f"{player} cast spells (and how many)", why)
    return h.spells_of(player)


#: The prefix of what a condition about the last turn's spells counts ("last turn: spells cast"), as
#: ``oracle.intervening.read_condition`` gives it and ``engine.intervening`` reads it.
LAST_PREFIX = "last turn: "
#: What such a condition counts: every spell cast last turn, or the most any one player cast (the Branded Howler
#: ruling, 2016-04-08: "a single player must have cast two or more spells during the previous turn").
LAST_COUNTS = ("spells cast", "most spells cast by a player")

_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUM = r"(two|three|four|five|six|seven|eight|nine|ten|\d+)"
_NO_SPELLS = patterns.compile(r"^no spells were cast last turn$", re.I)
_PLAYER_CAST = patterns.compile(rf"^a player cast {_NUM} or more spells last turn$", re.I)


def last_turn_of(condition: str) -> tuple[str, str, int] | None:
    """A condition about the spells cast last turn as (what is counted, with ``LAST_PREFIX``; comparison; number):
    "no spells were cast last turn" counts every spell (== 0), "a player cast two or more spells last turn" the most
    one player cast (>= 2). None if it is no such wording."""
    t = condition.strip()
    if _NO_SPELLS.match(t):
        return LAST_PREFIX + "spells cast", "==", 0
    m = _PLAYER_CAST.match(t)
    if m:
        n = m.group(1).lower()
        return LAST_PREFIX + "most spells cast by a player", ">=", _NUMBERS[n] if n in _NUMBERS else int(n)
    return None


def _compare(k: int, op: str, n: int) -> bool:
    return k >= n if op == ">=" else k <= n if op == "<=" else k == n


def spells_last_turn(state: "GameState", counted: str, op: str, n: int, why: str) -> bool:
    """Does the count of last turn's spells ``counted`` (one of ``LAST_COUNTS``) compare with ``n`` by ``op``? When
    the record is only a lower bound (what the actions did before the turn ended), what it decides is the answer (a
    count it shows at or above ``n`` is "or more" whatever else happened; any spell at all makes "no spells" false);
    any other is unsupported, saying the question must state ``last_turn:``."""
    h = state.this_turn
    spells = dict(h.last_spells_cast)
    if counted not in LAST_COUNTS:
        raise KeyError(counted)
    k = sum(spells.values()) if counted == "spells cast" else max(spells.values(), default=0)
    # the true count is at least the recorded one: it decides a comparison that every larger count answers alike
    if h.last_known or (op == ">=" and k >= n) or (op in ("==", "<=") and k > n):
        return _compare(k, op, n)
    raise Unsupported(f"{why}: how many spells each player cast last turn is not stated (say it in the state's "
                      "last_turn:)")


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
