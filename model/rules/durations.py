"""How long effects last (CR 611.2a-b, 514.2, 511.2, 610.3): the durations a ``lasting`` effect may state, whether
one is still in force, and whether it ends in this turn's cleanup step; "until end of combat" (511.2), which ends
as the combat phase does. Every duration is a ``state.Duration`` stated as its effect began; permissions (601.3)
and the engine's one end of durations (``engine.turn.end_lasting``) read this one statement."""
from __future__ import annotations

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.turns import next_turn_of
from mtgjudge.model.state import STEPS, UNKNOWN, Duration, GameState

#: Durations a ``lasting`` effect may state (611.2a), "for as long as it remains exiled", and "" (the rest
#: of the game).
DURATIONS = ("end_of_turn", "end_of_your_next_turn", "while_exiled", "")


def known(duration: Duration) -> Duration:
    """The duration, if the engine knows it; else unsupported, saying why."""
    if duration.until == UNKNOWN:
        raise Unsupported(duration.why)
    return duration


def last_turn(state: GameState, duration: Duration) -> int | None:
    """The last turn the effect lasts into (it ends in that turn's cleanup step at the latest, 514.2); None: no
    such end."""
    until, began = known(duration).until, duration.began
    if until in ("end_of_turn", "end_of_combat"):
        return began
    if until == "end_of_your_next_turn":
        return next_turn_of(state, duration.controller, began)
    return None


def in_force(state: GameState, duration: Duration, card_zone: str) -> tuple[bool, str]:
    """Is an effect with this duration in force now? And its span, in words. ``card_zone``: the zone of the card
    a "for as long as it remains exiled" duration speaks of (611.2b)."""
    now = state.turn.number
    until, controller, began = known(duration).until, duration.controller, duration.began
    if until == "end_of_turn":
        return now == began, f"until the end of turn {began}"
    if until == "end_of_your_next_turn":
        last = last_turn(state, duration)
        if last is None:
            return False, f"until the end of {controller}'s next turn, which never comes ({controller} left the game)"
        return began <= now <= last, f"until the end of {controller}'s next turn (turn {last})"
    if until == "while_exiled":
        return card_zone == "exile", "for as long as the card remains exiled"
    return True, "for the rest of the game"


def ends_this_cleanup(state: GameState, duration: Duration) -> bool:
    """Does the effect end in the cleanup step of the current turn (514.2)?"""
    return last_turn(state, duration) == state.turn.number


def until_source_leaves(duration: Duration) -> bool:
    """610.3: does the effect last until its source leaves the battlefield (cards exiled "until ~ leaves the
    battlefield" then return by themselves), rather than until an ability linked to it ends it (607.2a)?"""
    return duration.until == "source_leaves"


#: The steps of the combat phase (506.1).
COMBAT_STEPS = STEPS[STEPS.index("beginning-of-combat"):STEPS.index("end-of-combat") + 1]


def ends_with_combat(until: str) -> bool:
    """511.2: does an effect of this duration ("end_of_combat": "until end of combat") expire at the end of the
    combat phase, as its end of combat step ends?"""
    return until == "end_of_combat"


def starts_in_combat(until: str, step: str) -> bool:
    """Can an effect of this duration begin in this step as the engine ends it? "Until end of combat" only
    during the combat phase (511.2), where the end of this combat ends it; any other duration anywhere."""
    return not ends_with_combat(until) or step in COMBAT_STEPS
