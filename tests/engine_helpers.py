"""Helpers for the engine's tests: the one final game of a list, and where an object is."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game


def one(games: list[Game]) -> Game:
    """The only final game (the test's actions leave no choice)."""
    assert len(games) == 1, [g.choices for g in games]
    return games[0]


def zone(g: Game, oid: str) -> str:
    return g.state.obj(oid).zone
