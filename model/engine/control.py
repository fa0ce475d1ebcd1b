"""Gaining control of a permanent by a resolving spell or ability, with no duration (613.1b, 611.2a): the
word ``gain_control`` ("Gain control of target creature."). Control "until end of turn" is ``until``'s; both
change the controller the one way, ``until.set_controller``. Also one instruction on two targets ("Destroy target
creature and target land", ``destroy_two``/``exile_two``/``bounce_two``): both leave at once (``removal``).

The state keeps no record of a control effect that lasts for the rest of the game: the permanent's controller
is the record. That is sound where nothing ends the effect early: a player who leaves the game while
controlling another's permanent is unsupported (``leave_game``, 800.4a), and a later "until end of turn"
control change remembers the controller before it (``until.end_control``)."""
from __future__ import annotations

from mtgjudge.model.engine import instructions
from mtgjudge.model.engine.game import Game, merge, name_of
from mtgjudge.model.words.removal.perform import remove_all
from mtgjudge.model.words.until.perform import set_controller
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.engine.kernel.context import Ctx, Performer, target_permanent, unaffected

Ctx = Ctx


def _gain_control(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """613.1b, 611.2a: the spell's or ability's controller controls the target permanent for the rest of the
    game (608.2b: an illegal target is not affected); 302.6: it has not been under their control since their
    turn began (``set_controller``)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    return [set_controller(game, target_permanent(game, e, ctx), ctx.controller, ("613.1b", "611.2a"), lasting=True)]


def _remove_two(kind: str):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """701.8a, 406.3, 400.6, 608.2c: "Destroy target creature and target land.": one instruction, so both
        targets leave the battlefield at once (``removal.remove_all``; 603.10a: what their leaving triggers sees
        both leave); a target illegal now is not affected (608.2b), nor one an earlier instruction moved (400.7);
        one object chosen for both uses (601.2c allows it) leaves once."""
        ids: list[str] = []
        for t, ok in ((ctx.target, ctx.target_legal), (ctx.target2, ctx.target2_legal)):
            if t is None:
                raise Unsupported(f"what {e.text()!r} acts on is not known to the engine")
            st = game.state
            if ok and ctx.before is not None and st.has(t) and ctx.before.has(t) and st.moved(t) != ctx.before.moved(t):
                ok = False
            if not ok:
                game = game.log("608.2b", f"{t} is an illegal target now: it is not affected")
                continue
            if t in st.player_names or not st.has(t) or st.obj(t).zone != "battlefield":
                raise Unsupported(f"{e.text()!r} on {name_of(st, t)}, not a permanent, is not performed by the engine")
            if t not in ids:
                ids.append(t)
        return [remove_all(game, ids, kind, not ctx.no_regeneration)] if ids else [game]
    return handler


def _all_of(kind: str):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """701.8a, 406.3, 400.6, 611.2c: "Destroy all enchantments target player controls.": every permanent the
        phrase names that the target player controls as it resolves leaves at once (``removal.remove_all``); a
        player no longer a legal target is not affected (608.2b)."""
        skip = unaffected(game, ctx)
        if skip is not None:
            return [skip]
        st = game.state
        if ctx.target not in st.player_names:
            raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
        ids = [oid for oid in instructions.affected(game, e, ctx) if st.obj(oid).controller == ctx.target]
        if not ids:
            return [game.log("608.2c", f"{ctx.target} controls no {e.arg('affects')}: nothing happens")]
        return [remove_all(game, ids, kind, not ctx.no_regeneration)]
    return handler


def _gain_control_owned(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """613.1b, 611.2a, 611.2c: "Gain control of all permanents you own.": each permanent the phrase names as it
    resolves that the spell's controller owns (108.3) and another player controls comes under their control for
    the rest of the game (``until.set_controller``)."""
    st = game.state
    ids = [oid for oid in instructions.affected(game, e, ctx)
           if st.obj(oid).owner == ctx.controller and st.obj(oid).controller != ctx.controller]
    if not ids:
        return [game.log("611.2c", f"{ctx.controller} controls every {e.arg('affects')} they own: nothing changes")]
    for oid in ids:
        game = set_controller(game, oid, ctx.controller, ("613.1b", "611.2a"), lasting=True)
    return [game]


def _destroy_all_or(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.8a, 608.2d: "Destroy all lands or all creatures.": the spell's controller chooses one of the two as it
    resolves, each choice a branch; the permanents the chosen phrase names are destroyed at once."""
    out = []
    for key in ("affects", "affects2"):
        phrase = e.arg(key)
        one = Effect("destroy_all", (("affects", phrase),), EFFECT_WORDS["destroy_all"])
        g = game.choose(f"{ctx.controller} chooses to destroy all {phrase}").log(
            "608.2d", f"{ctx.controller} chooses \"all {phrase}\"")
        ids = instructions.affected(g, one, ctx)
        out.append(remove_all(g, ids, "destroy", not ctx.no_regeneration) if ids else
                   g.log("701.8a", f"there are no {phrase}: nothing is destroyed"))
    return merge(out)


PERFORMERS: dict[str, Performer] = {"gain_control": _gain_control, "gain_control_owned": _gain_control_owned,
            "destroy_all_or": _destroy_all_or, "destroy_all_of": _all_of("destroy"), "exile_all_of": _all_of("exile"),
            "bounce_all_of": _all_of("bounce"), "destroy_two": _remove_two("destroy"), "exile_two": _remove_two("exile"),
            "bounce_two": _remove_two("bounce")}
