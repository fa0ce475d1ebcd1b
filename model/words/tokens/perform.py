"""Performing tokens counted by X and tapped tokens (``words.tokens.record``, read by ``words.tokens.read``),
"those creatures" after a group and "tap that creature" (608.2c); listed in ``engine.performers``."""
from __future__ import annotations

from mtgjudge.model.engine import instructions
from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.words.tokens.record import PREDEFINED
from mtgjudge.model.engine.kernel.context import Ctx, Performer, the_target
from mtgjudge.model.engine.kernel.objects import create_token, token_kind

Ctx = Ctx

#: More tokens than this from one instruction is past the engine's bound (each one is an object it follows).
MAX_TOKENS = 60


def _x_value(game: Game, e: Effect, ctx: Ctx) -> int:
    """107.3a: X is the value chosen as the spell was cast (a spell's only: the engine keeps no X of an
    activation); 107.3c, 608.2h: "where X is <count>" is counted as the effect is performed."""
    if e.arg("x_count"):
        st = game.state
        same = st.has(ctx.source) and game.moved(ctx.source) == ctx.source_moves
        src = st.obj(ctx.source) if same else ctx.source_lki
        c = counts.parse(e.arg("x_count"))
        if counts.reads_power_toughness(c):
            guard_scope(st, "power-toughness", f"{e.arg('x_count')} is counted")
        return counts.value(st, ctx.controller, c, src, pt_guarded=True)
    if ctx.ability_index is not None or ctx.x is None:
        raise Unsupported(f"the value of X in {e.text()!r} is not known to the engine")
    return ctx.x


def _create_tokens_more(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """111.1, 111.4: create N (or X) tokens the words describe, whose power and toughness may be X (107.3a,
    107.3c); "tapped": they enter the battlefield tapped (110.5b: as the effect that creates them says). X of 0
    or less creates no token (107.1b: a negative result is 0)."""
    uses_x = e.arg("x") or "X/X" in e.arg("token")
    x = _x_value(game, e, ctx) if uses_x else 0
    n = x if e.arg("x") else e.arg("n")
    words = e.arg("token").replace("X/X", f"{max(x, 0)}/{max(x, 0)}")
    if uses_x:
        game = game.log(("107.3c", "608.2h") if e.arg("x_count") else ("107.3a",),
                        f"X is {x}" + (f" ({e.arg('x_count')}, as it resolves)" if e.arg("x_count") else ""))
    if n <= 0:
        return [game.log("111.1", f"{e.text()!r}: no token is created (the number is {n})")]
    if n > MAX_TOKENS:
        raise Unsupported(f"{e.text()!r} creates {n} tokens, more than the engine's bound of {MAX_TOKENS}")
    kind = token_kind(words)
    rule = ("111.1", PREDEFINED[e.arg("predefined")][0]) if e.arg("predefined") else "111.1"
    for _ in range(n):
        game = create_token(game, kind, ctx.controller, rule, tapped=bool(e.arg("tapped")))
    if e.arg("tapped"):
        game = game.log("110.5b", f"the {n} token(s) entered the battlefield tapped, as the effect says")
    return [game]


def _those_group(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """608.2c: "those creatures" / "them" / "they" are the permanents the instruction before acted on, the ones
    its noun phrase names (read so only where nothing between the two can change which those are:
    ``words.tokens.read._stable_group``); the sentence is performed with that noun phrase (611.2c: fixed as it
    begins)."""
    game = game.log("608.2c", f"\"those\" are the {e.arg('np')} the instruction before acted on")
    return ctx.perform(game, e.arg("effect"), ctx)


def _tap_it(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26a, 608.2c: "Tap that creature": the object the instruction before acted on, if it is still that
    object on the battlefield (400.7); else nothing is tapped."""
    st = game.state
    target = the_target(e, ctx)
    if not st.has(target) or st.obj(target).zone != "battlefield":
        return [game.log("400.7", f"{target} is no longer on the battlefield: it is not tapped")]
    game = game.log("608.2c", f"\"that creature\" is {name_of(st, target)}, the object the instruction before "
                              "acted on")
    tap = instructions.PERFORMERS["tap_target"]
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
    untap = instructions.PERFORMERS["untap_target"]
    return untap(game, Effect("untap_target", (("target", "permanent"),), EFFECT_WORDS["untap_target"]), ctx)


PERFORMERS: dict[str, Performer] = {
    "create_tokens_more": _create_tokens_more,
    "those_group": _those_group,
    "tap_it": _tap_it,
    "untap_those": _untap_those,
}
