"""Gaining control of a permanent by a resolving spell or ability, with no duration (613.1b, 611.2a): the
word ``gain_control`` ("Gain control of target creature."). Control "until end of turn" is ``until``'s; both
change the controller the one way, ``until.set_controller``.

The state keeps no record of a control effect that lasts for the rest of the game: the permanent's controller
is the record. That is sound where nothing ends the effect early: a player who leaves the game while
controlling another's permanent is unsupported (``leave_game``, 800.4a), and a later "until end of turn"
control change remembers the controller before it (``until.end_control``)."""
from __future__ import annotations

from mtgjudge.model.engine import resolve
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.until import set_controller
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.vocab.abilities import Effect

Ctx = resolve.Ctx


def _gain_control(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """613.1b, 611.2a: the spell's or ability's controller controls the target permanent for the rest of the
    game (608.2b: an illegal target is not affected); 302.6: it has not been under their control since their
    turn began (``set_controller``)."""
    skip = resolve._unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    if ctx.target in st.player_names or not st.has(ctx.target) or st.obj(ctx.target).zone != "battlefield":
        raise Unsupported(f"{e.text()!r} on {ctx.target}, not a permanent, is not performed by the engine")
    return [set_controller(game, ctx.target, ctx.controller, ("613.1b", "611.2a"))]


HANDLERS = {"gain_control": _gain_control}
resolve.HANDLERS.update(HANDLERS)
