"""Performing the words of tapping and untapping (``words.tapping.record``): "tap / untap target permanent"
and "tap / untap all ..." (701.26a-b), the 608.2c instructions "tap that creature" and "untap those creatures",
the rule of the untap step the ``no_untap`` statics make (502.3, obeyed by ``engine.turn``), and "it doesn't
untap during its controller's next untap step" (611.2, 502.3), kept as ``state.UntapSkip``: the untap step of
whoever controls the permanent then skips untapping it (``untapping``); it ends once used, or when the
permanent leaves the battlefield (400.7). Listed in ``engine.performers``."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.engine.kernel.context import (Ctx, Performer, affected, target_permanent, the_permanent_itself,
                                                  the_target, unaffected)
from mtgjudge.model.engine.triggers import guard_unrecognized, triggered_by_tapping
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import Duration, GameState, Lasting, UntapSkip
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS

#: The static words the untap step obeys (502.3).
UNTAP_STEP_WORDS = frozenset({"no_untap"})

#: 301.5, 303.4: the subtype of a source whose ``no_untap`` static holds the object it is attached to.
_ATTACHER = {"enchanted": "Aura", "equipped": "Equipment"}


def _tap(untap: bool):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """701.26a-b: tap or untap the target permanent (nothing happens if it already is, 701.26)."""
        skip = unaffected(game, ctx)
        if skip is not None:
            return [skip]
        target_permanent(game, e, ctx)
        assert ctx.target is not None   # target_permanent checked it
        st = game.state
        o = st.obj(ctx.target)
        verb = "untapped" if untap else "tapped"
        if o.tapped != untap:
            return [game.log("701.26", f"{o.name} ({o.id}) is already {verb}: nothing happens")]
        if untap:
            guard_scope(st, "untap", f"{o.name} ({o.id}) untaps")
        game = game.with_state(st.with_object(replace(o, tapped=not untap)))
        guard_unrecognized(game, f"{o.name} becomes {verb}")
        if not untap:
            game = triggered_by_tapping(game, [o.id], "an effect taps it")
        return [game.log("701.26b" if untap else "701.26a", f"{o.name} ({o.id}) becomes {verb}")]
    return handler


def _tap_all(untap: bool):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """701.26a-b: every permanent the phrase names is tapped / untapped (those that already are, aren't)."""
        step = _tap(untap)
        for oid in affected(game, e, ctx):
            (game,) = step(game, Effect("untap_target" if untap else "tap_target", (("target", "permanent"),),
                                        EFFECT_WORDS["untap_target" if untap else "tap_target"]),
                           replace(ctx, target=oid, target_legal=True))
        return [game]
    return handler


def held_in_untap_step(state: GameState, active: str) -> tuple[dict[str, str], dict[str, str]]:
    """502.3: of ``active``'s permanents, those their statics say don't untap during this untap step (``held``),
    and those whose controller may choose not to untap them (``optional``): each as its id -> the source whose
    static it is. A static functions only while its source is on the battlefield with that ability now (613:
    an ability it lost holds nothing); an attached subject is the object the Aura or Equipment is attached to
    now, if it has the card type it is named by."""
    held: dict[str, str] = {}
    optional: dict[str, str] = {}
    for src in state.battlefield():
        ch = current(state, src.id)
        for a in ch.abilities:
            if a.kind != "static" or a.static is None or a.static.kind not in UNTAP_STEP_WORDS:
                continue
            s = a.static
            subject = s.arg("subject", "self")
            if subject == "self":
                oid: str | None = src.id
            elif _ATTACHER[subject] in ch.subtypes and src.attached_to is not None and state.has(src.attached_to):
                oid = src.attached_to
                kind = s.arg("type")
                if kind != "permanent" and kind.capitalize() not in current(state, oid).types:
                    oid = None
            else:
                oid = None
            if oid is None or state.obj(oid).zone != "battlefield" or state.obj(oid).controller != active:
                continue
            if s.arg("counter") and not dict(state.obj(oid).counters).get(s.arg("counter"), 0):
                continue        # "if it has a depletion counter on it": checked as the untap step's untap happens
            (optional if s.arg("may", False) else held).setdefault(oid, f"{src.name} ({src.id})")
    return held, {k: v for k, v in optional.items() if k not in held}


def _tap_it(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26a, 608.2c: "Tap that creature": the object the instruction before acted on, if it is still that
    object on the battlefield (400.7); else nothing is tapped."""
    st = game.state
    target = the_target(e, ctx)
    if not st.has(target) or st.obj(target).zone != "battlefield":
        return [game.log("400.7", f"{target} is no longer on the battlefield: it is not tapped")]
    game = game.log("608.2c", f"\"that creature\" is {name_of(st, target)}, the object the instruction before "
                              "acted on")
    tap = _tap(untap=False)
    return tap(game, Effect("tap_target", (("target", "permanent"),), EFFECT_WORDS["tap_target"]), ctx)


def _untap_those(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26b, 608.2c: "Untap those creatures": one of the targets of the instruction before (``resolve.run_effects``
    calls this for each, with whether it is still legal, 608.2b); one that left the battlefield is a new object
    (400.7) and is not untapped."""
    st = game.state
    target = the_target(e, ctx)
    if not ctx.target_legal:
        return [game.log("608.2b", f"{name_of(st, target)} is no longer a legal target: it is not untapped")]
    if not st.has(target) or st.obj(target).zone != "battlefield":
        return [game.log("400.7", f"{target} is no longer on the battlefield: it is not untapped")]
    game = game.log("608.2c", f"\"those creatures\" include {name_of(st, target)}, a target of the instruction "
                              "before")
    untap = _tap(untap=True)
    return untap(game, Effect("untap_target", (("target", "permanent"),), EFFECT_WORDS["untap_target"]), ctx)


def _origin(game: Game, ctx: Ctx) -> str:
    return game.state.obj(ctx.source).name if game.state.has(ctx.source) else ctx.source


def _skip_untap(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """502.3, 611.2: the permanent doesn't untap during its controller's next untap step(s); it may be tapped
    or not now (Frost Lynx's ruling 2017-11-17)."""
    st = game.state
    if e.arg("kinds"):
        if e.arg("player"):
            illegal = unaffected(game, ctx)      # 608.2b
            if illegal is not None:
                return [illegal]
            if ctx.target not in st.player_names:
                raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
        who = ctx.target if e.arg("player") else ctx.controller
        assert who is not None      # a target player was checked just above to be one
        skip = UntapSkip("", 0, _origin(game, ctx), player=who, kinds=tuple(e.arg("kinds").split(",")))
        game = game.with_state(st.adding(Lasting(skip, Duration("untap_step", st.turn.number))))
        return [game.log(("611.2", "502.3"), skip.describe())]
    oid = ctx.target
    if oid is None:
        raise Unsupported(f"what {e.text()!r} applies to is not known to the engine")
    if not ctx.target_legal:
        return [game.log("608.2b", f"{oid} is an illegal target now: it is not affected")]
    if not st.has(oid) or st.obj(oid).zone != "battlefield":
        return [game.log("400.7", f"{oid} is no longer on the battlefield: {e.text()!r} does nothing")]
    skip = UntapSkip(oid, game.moved(oid), _origin(game, ctx), e.arg("steps", 1))
    game = game.with_state(st.adding(Lasting(skip, Duration("untap_step", st.turn.number))))
    return [game.log(("611.2", "502.3"), f"{name_of(st, oid)} {skip.describe()}")]


def untapping(game: Game, active: str) -> tuple[Game, set[str]]:
    """502.3: of the active player's permanents, those that don't untap during this untap step (each skip of
    theirs used once; skips of permanents that left the battlefield end, 400.7)."""
    st = game.state
    kept: list[Lasting[UntapSkip]] = []
    held = set()
    for made in st.lasting_of(UntapSkip):
        s = made.payload
        if s.player:
            if s.player != active:
                kept.append(made)
                continue
            # every such effect wears off in this untap step (Bontu's Last Reckoning's ruling 2017-07-14)
            mine = [o for o in st.battlefield() if o.controller == active
                    and set(s.kinds) & set(current(st, o.id).types)]
            held |= {o.id for o in mine}
            game = game.log("502.3", f"{s.describe()}: {', '.join(o.id for o in mine) or 'none'} don't untap")
            continue
        if not st.has(s.object) or game.moved(s.object) != s.moves or st.obj(s.object).zone != "battlefield":
            continue
        o = st.obj(s.object)
        if o.controller != active:
            kept.append(made)
            continue
        held.add(s.object)
        game = game.log("502.3", f"{o.name} ({o.id}) doesn't untap during this untap step ({s.origin})")
        if s.steps > 1:
            kept.append(made.with_payload(replace(s, steps=s.steps - 1)))
    if tuple(kept) != st.lasting_of(UntapSkip):
        game = game.with_state(game.state.with_lasting(UntapSkip, kept))
    return game, held


def _self(untap: bool) -> Performer:
    tap = _tap(untap)

    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """701.26a-b: "Untap ~." / "Tap ~.": the permanent whose ability it is, if it is still that object on the
        battlefield (400.7; else nothing happens). Of a spell, or of an ability of a card in another zone, it is
        not performed."""
        gone = the_permanent_itself(game, e, ctx, "untapped" if untap else "tapped")
        if gone is not None:
            return [gone]
        return tap(game, e, replace(ctx, target=ctx.source, target_legal=True))
    return handler


PERFORMERS: dict[str, Performer] = {
    "tap_self": _self(untap=False),
    "untap_self": _self(untap=True),
    "tap_it": _tap_it,
    "untap_those": _untap_those,
    "tap_target": _tap(untap=False),
    "untap_target": _tap(untap=True),
    "tap_all": _tap_all(untap=False),
    "untap_all": _tap_all(untap=True),
    "skip_untap": _skip_untap,
}
