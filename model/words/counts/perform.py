"""Performing an effect whose amount is a count: the word ``counted`` (read by
``words.counts.read``). 608.2h: the count is read once, as the effect is performed; 107.3e: "where X is ..."."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.words.counts.record import with_amount
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.kernel.context import Ctx, Performer


def _counted(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """608.2h: count as the effect is performed, then do what the sentence says with that amount; an amount of
    0 does nothing (a player draws no card, gains no life, no token is created: 120.8, 119.8 none of it is an
    event)."""
    st = game.state
    # the source as the ability knows it: a source that changed zones since is a new object (400.7), read from
    # last known information where the engine has it
    same = st.has(ctx.source) and game.moved(ctx.source) == ctx.source_moves
    src = st.obj(ctx.source) if same else ctx.source_lki
    c = e.arg("counting")
    if counts.reads_power_toughness(c):     # "the greatest power among ..."
        guard_scope(st, "power-toughness", f"{e.arg('count')} is counted")
    return with_count(game, e, ctx, counts.value(st, ctx.controller, c, src, pt_guarded=True))


def with_count(game: Game, e: Effect, ctx: Ctx, k: int) -> list[Game]:
    """What the sentence of ``counted`` says, with its count ``k`` read (``_counted``; a "this way" count:
    ``words.references.perform``)."""
    n = e.arg("per") * k
    game = game.log(("608.2h", "107.3e"), f"{e.arg('count')}: {k} as it resolves, the amount is {n}")
    if n <= 0:
        return [game]
    return ctx.perform(game, with_amount(e.arg("effect"), e.arg("holes"), n), ctx)


PERFORMERS: dict[str, Performer] = {"counted": _counted}
