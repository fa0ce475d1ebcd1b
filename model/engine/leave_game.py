"""A player leaving the game (CR 800.4a): every object they own leaves the game, their abilities on the stack
cease to exist, and cards exiled until one of their permanents leaves return (610.3); cards exiled by a
linked ability (607.2a) don't: the ability that would return them would be theirs (800.4d). Their seat stays in the
turn order, skipped from now on (``rules.turns``)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.durations import until_source_leaves
from mtgjudge.model.state import LinkedExile, StackAbility


def leave_game(game: Game, player: str) -> Game:
    if player in game.left:
        raise Unsupported(f"{player} has already left the game")
    if game.state.monarch == player:
        raise Unsupported(f"{player} is the monarch: who becomes the monarch as they leave (725.5) is not performed "
                          "by the engine yet")
    seats = game.state.turn_order or game.state.player_names
    game = game.remember(left=game.left + (player,), turn_order=seats).log("800.4a", f"{player} leaves the game")
    st = game.state
    moved = []
    owned = {o.id for o in st.objects if o.owner == player}
    for o in list(st.objects):
        if o.id in owned:
            moved.append((o, o.zone, "none"))
            game = zones.cease_to_exist(game, o.id).log("800.4a", f"{o.name} ({o.id}), owned by {player}, leaves the game")
    # Cards of theirs exiled until something leaves have left the game with them: nothing returns (800.4a).
    linked = tuple(l.with_payload(replace(l.payload, exiled=tuple(e for e in l.payload.exiled if e[0] not in owned)))
                   for l in game.state.lasting_of(LinkedExile))
    # 800.4d: the linked leaves-the-battlefield ability of a permanent of theirs (607.2a) would be controlled by
    # a player who left: it isn't put on the stack, and what it would return stays exiled.
    for l in linked:
        link = l.payload
        if not until_source_leaves(l.duration) and link.source in owned and link.exiled:
            game = game.log(("800.4d", "607.2a"), f"the ability of {link.source} that would return "
                                                  f"{', '.join(i for i, _ in link.exiled)} would be controlled by "
                                                  f"{player}, who left the game: it isn't put on the stack, and the "
                                                  "card stays exiled")
    linked = tuple(l for l in linked if until_source_leaves(l.duration) or l.payload.source not in owned)
    game = game.with_state(game.state.with_lasting(LinkedExile, [l for l in linked if l.payload.exiled]))
    st = game.state
    keep = tuple(s for s in st.stack if not (isinstance(s, StackAbility) and s.controller == player))
    if len(keep) != len(st.stack):
        game = game.with_state(st.evolve(stack=keep)).log("800.4a", f"abilities {player} controlled on the stack "
                                                                    "cease to exist")
    for o in list(game.state.objects):
        if o.controller == player and o.zone in ("battlefield", "stack"):
            raise Unsupported(f"{o.name} ({o.id}): {player} controlled an object another player owns; control effects ending "
                              "(800.4a) are not modelled")
    st = game.state
    players = tuple(p for p in st.players if p.name != player)
    if len(players) <= 1:
        raise Unsupported("only one player remains: the game ends (104.2a), which is not modelled")
    game = game.with_state(st.evolve(players=players))
    game = game.remember(pending=tuple(p for p in game.pending if p.controller != player))
    return after_moves(game, moved, f"{player} leaves the game")
