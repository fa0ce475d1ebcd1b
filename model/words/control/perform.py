"""Gaining control of a permanent by a resolving spell or ability, with no duration (613.1b, 611.2a): the
word ``gain_control`` ("Gain control of target creature."). Control "until end of turn" is ``until``'s; both
change the controller the one way, ``until.set_controller``.

The state keeps no record of a control effect that lasts for the rest of the game: the permanent's controller
is the record. That is sound where nothing ends the effect early: a player who leaves the game while
controlling another's permanent is unsupported (``leave_game``, 800.4a), and a later "until end of turn"
control change remembers the controller before it (``until.end_control``)."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.words.until.perform import set_controller
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.kernel.context import affected, Ctx, Performer, target_permanent, unaffected



def _gain_control(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """613.1b, 611.2a: the spell's or ability's controller controls the target permanent for the rest of the
    game (608.2b: an illegal target is not affected); 302.6: it has not been under their control since their
    turn began (``set_controller``)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    return [set_controller(game, target_permanent(game, e, ctx), ctx.controller, ("613.1b", "611.2a"), lasting=True)]


def _gain_control_owned(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """613.1b, 611.2a, 611.2c: "Gain control of all permanents you own.": each permanent the phrase names as it
    resolves that the spell's controller owns (108.3) and another player controls comes under their control for
    the rest of the game (``until.set_controller``)."""
    st = game.state
    ids = [oid for oid in affected(game, e, ctx)
           if st.obj(oid).owner == ctx.controller and st.obj(oid).controller != ctx.controller]
    if not ids:
        return [game.log("611.2c", f"{ctx.controller} controls every {e.arg('affects')} they own: nothing changes")]
    for oid in ids:
        game = set_controller(game, oid, ctx.controller, ("613.1b", "611.2a"), lasting=True)
    return [game]


PERFORMERS: dict[str, Performer] = {"gain_control": _gain_control, "gain_control_owned": _gain_control_owned}
