"""Instructions about the turn and the resolving spell itself: extra turns (CR 500.7), the word ``extra_turn``
(read by ``words.turns.read``): the turns are added directly after the current one, one at a time, the
most recently created taken first (``Turn.extra``; ``rules.turns.following_turn`` takes them as the turn
ends); "Exile ~." (``exile_self``, 608.2n), as Temporal Mastery ends its resolution."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.settle import after_moves
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




def _exile_self(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"Exile ~." as an instruction of a resolving instant or sorcery: the spell card is exiled from the stack, and
    so is not put into its owner's graveyard as its resolution ends (608.2n; ``resolve.resolve_top``). As an
    instruction of an ability it would exile the ability's source, which the engine does not perform."""
    st = game.state
    if ctx.ability_index is not None or not st.has(ctx.source) or st.obj(ctx.source).zone != "stack" \
            or game.moved(ctx.source) != ctx.source_moves:
        raise Unsupported(f"{e.text()!r} of an ability (exiling its source) is not performed by the engine yet")
    lki = st.obj(ctx.source)
    g = zones.move(game, ctx.source, "exile").log(("608.2c", "406.3", "608.2n"),
                                                  f"{lki.name} exiles itself: it is not put into its owner's graveyard")
    return [after_moves(g, [(lki, "stack", "exile")], f"{lki.name} is exiled")]


PERFORMERS: dict[str, Performer] = {"extra_turn": _extra_turn, "exile_self": _exile_self}
