"""Provoke performed (702.39a): as the ability resolves its controller chooses whether the target creature must block
the creature with provoke this combat if able; if so, that requirement is in force until the end of combat (511.2,
``state.PTChange.blocks``) and the target untaps. Each choice is a branch. A target illegal now (608.2b) makes the
ability do nothing; a provoking creature no longer on the battlefield leaves nothing to block, and the creature
still untaps."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.kernel.context import Ctx, Performer, unaffected
from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.engine.zones import next_timestamp
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.durations import starts_in_combat
from mtgjudge.model.state import Duration, Lasting, PTChange
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.tapping import perform as tapping

#: How long the requirement lasts: "this combat" (702.39a), ended with the combat (511.2).
UNTIL = "end_of_combat"


def _provoke(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    target = ctx.target
    if target is None or not st.has(target) or st.obj(target).zone != "battlefield":
        raise Unsupported(f"{e.text()!r}: its target is not a permanent the engine knows")
    if not starts_in_combat(UNTIL, st.turn.step):
        raise Unsupported(f"{e.text()!r} outside the combat phase: when 'this combat' then ends (511.2) is not "
                          "modelled")
    o = st.obj(target)
    declined = game.log("702.39a", f"{ctx.controller} chooses not to have {o.name} ({target}) block "
                                   f"{ctx.source}").choose(f"{ctx.source}'s provoke: declined")
    chosen = game
    if source_on_battlefield(game, ctx.source, ctx.source_moves):
        origin = st.obj(ctx.source).name
        made = PTChange(target, 0, 0, origin, next_timestamp(st), blocks=ctx.source)
        chosen = chosen.with_state(st.adding(Lasting(made, Duration(UNTIL, st.turn.number))))
        chosen = chosen.log(("702.39a", "509.1c"), f"{o.name} ({target}) blocks {origin} ({ctx.source}) this combat "
                                                   "if able")
    else:
        chosen = chosen.log(("702.39a", "400.7"), f"{ctx.source} is no longer on the battlefield: there is nothing "
                                                  f"for {o.name} to block")
    untapped = [g.choose(f"{ctx.source}'s provoke: {target} must block it")
                for g in tapping.PERFORMERS["untap_target"](chosen, e, ctx)]       # "untap that creature" (701.26b)
    return merge([declined, *untapped])


PERFORMERS: dict[str, Performer] = {"provoke": _provoke}
