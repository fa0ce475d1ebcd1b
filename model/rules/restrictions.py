"""What a player can't do this turn by the effect of a resolved spell or ability (101.2: "can't" wins over
"can"; 611.2a: it lasts until the cleanup step ends it, 514.2): "Target player can't play lands this turn"
(Solfatara), "Your opponents can't cast spells this turn" (Silence), "... can't cast creature spells this turn"
(Cease-Fire). The engine records them (``state.PlayerRestriction``); deciding whether a card
can be played reads them here, in one place (``legality``)."""
from __future__ import annotations

from mtgjudge.model.explain import Answer, step
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import GameState


def applies(r, state: GameState, oid: str, player: str) -> bool:
    """Does the restriction ``r`` forbid ``player`` to play ``oid`` now?"""
    if r.player != player or r.turn != state.turn.number:
        return False
    types = current(state, oid).types
    if r.what == "play_lands":
        return "Land" in types
    if r.what == "cast_spells":
        return "Land" not in types
    return r.what == "cast_creature_spells" and "Creature" in types and "Land" not in types


def forbidden(state: GameState, oid: str, player: str) -> Answer | None:
    """101.2: a "no" when an effect in force says ``player`` can't play ``oid``'s kind of card this turn."""
    for r in state.restrictions:
        if applies(r, state, oid, player):
            return Answer(False, (step(("101.2", "611.2a"), f"{r.describe()}: {state.obj(oid).name} can't be "
                                                             f"{'played' if r.what == 'play_lands' else 'cast'}"),))
    return None
