"""Exile "until [this] leaves the battlefield" (CR 610.3): the exiling one-shot effect records which cards it
exiled and the object its source was (a ``LinkedExile`` in force); the return is part of settling after the
source leaves (``settle.after_moves``). If the source had already left the battlefield when the exile would
happen, nothing is exiled (610.3a-b).

The older two-ability wording (Oblivion Ring, Journey to Nowhere: "exile another target nonland permanent" and
"When this leaves the battlefield, return the exiled card ...") is two linked abilities (607.2a): the exile
records the card for the object its source was (``LinkedExile`` with ``until=False``), nothing returns it by
itself, and the leaves-the-battlefield ability returns what was recorded when it resolves. If that ability
resolves before the exile happens, nothing is recorded yet, so the card is exiled for good."""
from __future__ import annotations

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.settle import after_moves, return_exiled_card, source_on_battlefield
from mtgjudge.model.rules.durations import until_source_leaves
from mtgjudge.model.state import Duration, Lasting, LinkedExile


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
        link = LinkedExile(source, source_moves, controller, tuple(exiled))
        game = game.with_state(game.state.adding(Lasting(link, Duration("source_leaves", game.state.turn.number))))
    return after_moves(game, moved, "permanents are exiled")


def link_exiled(game: Game, source: str, source_moves: int, controller: str, oid: str) -> Game:
    """607.2a: the card ``oid`` just exiled by an ability of ``source`` is "the exiled card" of the object's
    linked ability."""
    entry = LinkedExile(source, source_moves, controller, ((oid, game.moved(oid)),))
    return game.with_state(game.state.adding(Lasting(entry, Duration("", game.state.turn.number))))


def return_linked(game: Game, source: str, source_moves: int) -> Game:
    """607.2a, 610.3c: "return the exiled card to the battlefield under its owner's control": the cards the
    linked ability of the object ``source`` was (``source_moves``) exiled, each if it is still that object in
    exile (400.7). None recorded: nothing happens."""
    links = game.state.lasting_of(LinkedExile)
    mine = [l for l in links if not until_source_leaves(l.duration) and l.payload.source == source
            and l.payload.source_moves == source_moves]
    if not mine:
        return game.log("607.2a", f"no card was exiled by the linked ability of {source}: nothing returns")
    game = game.with_state(game.state.with_lasting(LinkedExile, [l for l in links if l not in mine]))
    moved = []
    for l in mine:
        for oid, n in l.payload.exiled:
            game, m = return_exiled_card(game, oid, n, ("607.2a", "610.3c", "400.7"), "")
            moved += m
    return after_moves(game, moved, "the exiled card returns")
