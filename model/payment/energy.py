"""Paying energy (CR 107.14): "To pay {E}, a player removes one energy counter from themselves." A player can pay
only what they have (118.3: N energy needs N energy counters); paying removes them (122.1). The one place the rule
lives: a payment of {E} an ability offers as it resolves ("You may pay {E}{E}.", ``words.optional``) calls it."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.state import GameState


def energy_of(state: GameState, player: str) -> int:
    """How many energy counters ``player`` has (122.1, 107.14)."""
    return dict(state.player(player).counters).get("energy", 0)


def can_pay_energy(state: GameState, player: str, n: int) -> bool:
    """118.3, 107.14: can ``player`` pay ``n`` energy ({E} ``n`` times): do they have that many energy counters?"""
    return energy_of(state, player) >= n


def pay_energy(state: GameState, player: str, n: int) -> GameState:
    """107.14: ``player`` pays ``n`` energy, removing that many energy counters from themselves (one way only:
    energy counters are interchangeable, 122.1); the caller has checked ``can_pay_energy``."""
    pl = state.player(player)
    c = dict(pl.counters)
    left = c.get("energy", 0) - n
    if left < 0:
        raise ValueError(f"{player} can't pay {n} energy")
    if left:
        c["energy"] = left
    else:
        c.pop("energy", None)
    return state.with_player(replace(pl, counters=tuple(sorted(c.items()))))
