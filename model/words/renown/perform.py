"""Renown performed (702.112a): as the ability resolves, if the creature is still the permanent that dealt the
damage (400.7) and isn't renowned (603.4, 702.112c), N +1/+1 counters are put on it and it becomes renowned
(702.112b). Topan Freeblade's ruling (2015-06-22): if it left the battlefield first, it doesn't become renowned."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.kernel.objects import add_counters
from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.vocab.abilities import Effect


def _renown(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    if not source_on_battlefield(game, ctx.source, ctx.source_moves):
        return [game.log(("400.7", "702.112a"), f"{ctx.source} is no longer on the battlefield: no counter is put on "
                                                "it and it doesn't become renowned")]
    if game.state.obj(ctx.source).renowned:
        return [game.log(("702.112c", "603.4"), f"{ctx.source} is renowned as the ability resolves: it does nothing")]
    game = add_counters(game, ctx.source, "+1/+1", e.arg("n"))
    st = game.state
    game = game.with_state(st.with_object(replace(st.obj(ctx.source), renowned=True)))
    guard_unrecognized(game, f"{ctx.source} becomes renowned")
    return [game.log(("702.112a", "702.112b"), f"{ctx.source} becomes renowned")]


PERFORMERS: dict[str, Performer] = {"renown": _renown}
