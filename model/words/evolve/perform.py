"""Evolve performed (702.100a): the comparison of the creature that entered (the trigger's subject) with the
creature with evolve, as it triggers (``engine.triggers``) and again as it resolves (603.4); a +1/+1 counter on
the creature with evolve if either of the entering creature's power and toughness is greater. 702.100c: a
creature can't have a greater power or toughness than a noncreature permanent. Cloudfin Raptor's rulings
(2013-04-15): power is compared with power and toughness with toughness; if the entering creature has left the
battlefield, its last known power and toughness are used (not kept by the engine: unsupported)."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.kernel.objects import add_counters
from mtgjudge.model.engine import intervening
from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.vocab.abilities import Effect


def _evolve(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """603.4: the comparison again as the ability resolves; then a +1/+1 counter on the creature with evolve (none
    if it is no longer on the battlefield, 400.7)."""
    if ctx.subject is None:
        raise Unsupported("evolve (702.100a): the creature whose entering triggered it is not known to the engine")
    if not source_on_battlefield(game, ctx.source, ctx.source_moves):
        return [game.log("400.7", f"{ctx.source} is no longer on the battlefield: no counter is put on it")]
    if not intervening.evolves(game, ctx.source, ctx.subject):
        return [game.log(("702.100a", "603.4"), f"neither the power nor the toughness of {ctx.subject} is greater "
                                                f"than {ctx.source}'s as the ability resolves: it does nothing")]
    game = game.log(("702.100a", "603.4"), f"the power or toughness of {ctx.subject} is greater than {ctx.source}'s "
                                           "as the ability resolves")
    return [add_counters(game, ctx.source, "+1/+1", 1)]


PERFORMERS: dict[str, Performer] = {"evolve": _evolve}
