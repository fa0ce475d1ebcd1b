"""Exile "until [this] leaves the battlefield" (CR 610.3): the exiling one-shot effect records which cards it
exiled and the object its source was (``GameState.linked``); the return is part of settling after the
source leaves (``settle.after_moves``). If the source had already left the battlefield when the exile would
happen, nothing is exiled (610.3a-b)."""
from __future__ import annotations

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.settle import after_moves, source_on_battlefield
from mtgjudge.model.state import LinkedExile


def exile_until_leaves(game: Game, source: str, source_moves: int, controller: str, targets: list[str]) -> Game:
    if not source_on_battlefield(game, source, source_moves):
        return game.log(("610.3a", "610.3b"), f"{source} left the battlefield before this resolved: "
                                              "the permanents are not exiled")
    moved = []
    exiled = []
    for t in targets:
        lki = game.state.obj(t)
        gone = "; its counters cease to exist (122.2)" if lki.counters else ""
        game = zones.move(game, t, "exile").log(("610.3", "406.3", "400.7") + (("122.2",) if gone else ()),
                                                f"{lki.name} ({t}) is exiled until {source} leaves the battlefield "
                                                f"(a new object, 400.7){gone}")
        moved.append((lki, "battlefield", "exile"))
        exiled.append((t, game.moved(t)))
    if exiled:
        game = game.remember(linked=game.linked + (LinkedExile(source, source_moves, controller, tuple(exiled)),))
    return after_moves(game, moved, "permanents are exiled")
