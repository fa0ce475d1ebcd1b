"""Instructions about the turn: extra turns (CR 500.7), the word ``extra_turn`` (read by ``words.turns.read``): the
turns are added directly after the current one, one at a time, the most recently created taken first
(``Turn.extra``; ``rules.turns.following_turn`` takes them as the turn ends)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.kernel.context import Ctx, Performer

Ctx = Ctx


def _extra_turn(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """500.7: the player (the target player, else the controller) takes N extra turns after this one; 608.2b:
    an illegal target takes none."""
    if e.arg("target"):
        if not ctx.target_legal:
            return [game.log("608.2b", f"{ctx.target} is no longer a legal target: no extra turn")]
        if ctx.target not in game.state.player_names:
            raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
        player = ctx.target
    else:
        player = ctx.controller
    n = e.arg("n", 1)
    turn = game.state.turn
    # each added directly after this turn, one at a time: the last added is the first taken (500.7)
    game = game.with_state(game.state.evolve(turn=replace(turn, extra=(player,) * n + turn.extra)))
    return [game.log("500.7", f"{player} will take {'an' if n == 1 else n} extra turn{'s' if n > 1 else ''} "
                              f"after this one")]




PERFORMERS: dict[str, Performer] = {"extra_turn": _extra_turn}
