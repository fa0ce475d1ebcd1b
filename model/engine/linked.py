"""Exile "until [this] leaves the battlefield" (CR 610.3) and players leaving the game (800.4a).

The exiling one-shot effect records which cards it exiled and the object its source was. Immediately after
that object leaves the battlefield (it left if its zone-change count changed, 400.7) a second one-shot effect
returns the cards that are still the objects exiled (not moved since) to the battlefield under their owners'
control (610.3c), simultaneously (610.3d); nothing happens in between, not even state-based actions. A token
that was exiled has ceased to exist (704.5d) or can't return (111.8). If the source had already left the
battlefield when the exile would happen, nothing is exiled (610.3a-b).
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.engine.game import Game, Linked, new_state
from mtgjudge.model.engine import zones


def source_on_battlefield(game: Game, source: str, source_moves: int) -> bool:
    st = game.state
    return st.has(source) and st.obj(source).zone == "battlefield" and game.moved(source) == source_moves


def exile_until_leaves(game: Game, source: str, source_moves: int, controller: str, targets: list[str]) -> Game:
    if not source_on_battlefield(game, source, source_moves):
        return game.log(("610.3a", "610.3b"), f"{source} left the battlefield before this resolved: "
                                              "the permanents are not exiled")
    from mtgjudge.model.engine.events import after_moves

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
        game = replace(game, linked=game.linked + (Linked(source, source_moves, controller, tuple(exiled)),))
    return after_moves(game, moved, "permanents are exiled")


def returns_after_leaving(game: Game) -> Game:
    """610.3: the linked cards of every source that has left return now, simultaneously (610.3d)."""
    from mtgjudge.model.engine.events import after_moves, enters_counters

    due = [l for l in game.linked if not source_on_battlefield(game, l.source, l.source_moves)]
    if not due:
        return game
    game = replace(game, linked=tuple(l for l in game.linked if l not in due))
    moved = []
    for l in due:
        for oid, n in l.exiled:
            st = game.state
            if not st.has(oid):
                game = game.log(("111.7", "610.3"), f"{oid} ceased to exist in exile: it does not return")
                continue
            o = st.obj(oid)
            if o.zone != "exile" or game.moved(oid) != n:
                game = game.log(("400.7", "610.3"), f"{oid} is no longer the object exiled: it does not return")
                continue
            if o.token:
                game = game.log(("111.8", "610.3"), f"the token {oid} can't return to the battlefield")
                continue
            if o.owner in game.left:
                continue
            counters = enters_counters(game, oid, None)
            game = zones.move(game, oid, "battlefield", controller=o.owner, counters=counters)
            game = game.log(("610.3", "610.3c"), f"{l.source} left the battlefield: immediately, {o.name} ({oid}) "
                                                 f"returns to the battlefield under its owner's ({o.owner}) control")
            moved.append((o, "exile", "battlefield"))
    return after_moves(game, moved, "exiled cards return") if moved else game


def leave_game(game: Game, player: str) -> Game:
    """800.4a: all objects the player owns leave the game; their abilities on the stack cease to exist; objects
    they still control are exiled. Sources that left the battlefield return their linked cards (610.3)."""
    from mtgjudge.model.engine.events import after_moves
    from mtgjudge.model.state import StackAbility

    if player in game.left:
        raise Unsupported(f"{player} has already left the game")
    game = replace(game, left=game.left + (player,)).log("800.4a", f"{player} leaves the game")
    st = game.state
    moved = []
    for o in list(st.objects):
        if o.owner == player:
            moved.append((o, o.zone, "none"))
            game = zones.cease_to_exist(game, o.id).log("800.4a", f"{o.name} ({o.id}), owned by {player}, leaves the game")
    st = game.state
    keep = tuple(s for s in st.stack if not (isinstance(s, StackAbility) and s.controller == player))
    if len(keep) != len(st.stack):
        game = game.with_state(new_state(st, stack=keep)).log("800.4a", f"abilities {player} controlled on the stack "
                                                                        "cease to exist")
    for o in list(game.state.objects):
        if o.controller == player and o.zone in ("battlefield", "stack"):
            raise Unsupported(f"{o.id}: {player} controlled an object another player owns; control effects ending "
                              "(800.4a) are not modelled")
    # the player's own zones are gone with them
    st = game.state
    players = tuple(p for p in st.players if p.name != player)
    if len(players) <= 1:
        raise Unsupported("only one player remains: the game ends (104.2a), which is not modelled")
    game = game.with_state(new_state(st, players=players))
    game = replace(game, pending=tuple(p for p in game.pending if p.controller != player))
    return after_moves(game, moved, f"{player} leaves the game")
