"""How long effects last (CR 611.2a-b, 514.2, 610.3): the durations a ``lasting`` effect may state, whether
one is still in force, and whether it ends in this turn's cleanup step. Permissions (601.3) and the engine's
cleanup step both read this one statement."""
from __future__ import annotations

from mtgjudge.model.rules.turns import next_turn_of
from mtgjudge.model.state import GameState

#: Durations a ``lasting`` effect may state (611.2a), "for as long as it remains exiled", and "" (the rest
#: of the game).
DURATIONS = ("end_of_turn", "end_of_your_next_turn", "while_exiled", "")


def last_turn(state: GameState, until: str, controller: str, began: int) -> int | None:
    """The last turn the effect lasts into (it ends in that turn's cleanup step, 514.2); None: no such end."""
    if until == "end_of_turn":
        return began
    if until == "end_of_your_next_turn":
        return next_turn_of(state, controller, began)
    return None


def in_force(state: GameState, until: str, controller: str, began: int, card_zone: str) -> tuple[bool, str]:
    """Is an effect with this duration, begun on turn ``began``, in force now? And its span, in words."""
    now = state.turn.number
    if until == "end_of_turn":
        return now == began, f"until the end of turn {began}"
    if until == "end_of_your_next_turn":
        last = last_turn(state, until, controller, began)
        if last is None:
            return False, f"until the end of {controller}'s next turn, which never comes ({controller} left the game)"
        return began <= now <= last, f"until the end of {controller}'s next turn (turn {last})"
    if until == "while_exiled":
        return card_zone == "exile", "for as long as the card remains exiled"
    return True, "for the rest of the game"


def ends_this_cleanup(state: GameState, until: str, controller: str, began: int) -> bool:
    """Does the effect end in the cleanup step of the current turn (514.2)?"""
    return last_turn(state, until, controller, began) == state.turn.number
