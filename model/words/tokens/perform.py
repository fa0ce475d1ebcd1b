"""Performing the words of tokens (``words.tokens.record``, read by ``words.tokens.read``): creating tokens (111.1,
111.2, 111.10; N, X, tapped, one for each counter), investigating (701.16a); and for now "those creatures" after a
group (608.2c). Listed in ``engine.performers``. The token is the card its words describe
(``words.tokens.describe``, 111.3), created by the kernel's ``create_token`` (111.2)."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.tokens.record import PREDEFINED
from mtgjudge.model.engine.kernel.context import Ctx, Performer, the_target, unaffected
from mtgjudge.model.engine.kernel.objects import create_token
from mtgjudge.model.words.tokens.describe import token_card

Ctx = Ctx

#: More tokens than this from one instruction is past the engine's bound (each one is an object it follows).
MAX_TOKENS = 60


def _tokens_per_counter(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"Create a [token] for each [kind] counter on this": the counters on the source as it last existed on
    the battlefield (608.2h, 603.10a: a dies ability; 122.2: it has none once it left); the token is the one
    defined whose characteristics the words give (111.4)."""
    src = ctx.source_lki if ctx.source_lki is not None else game.state.obj(ctx.source)
    if ctx.source_lki is None and src.zone != "battlefield":
        raise Unsupported(f"the counters on {src.name} as it last existed are not known to the engine")
    n = src.counter(e.arg("counter"))
    words = e.arg("token")
    kind = token_card(words)
    if n == 0:
        return [game.log(("608.2h", "122.2"), f"{src.name} had no {e.arg('counter')} counters as it last existed "
                                              f"on the battlefield: no token is created")]
    game = game.log("608.2h", f"{src.name} had {n} {e.arg('counter')} counter(s) as it last existed on the "
                              f"battlefield: {n} token(s)")
    for _ in range(n):
        game = create_token(game, kind, ctx.controller, "111.1")
    return [game]


def _player_creates_tokens(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """111.2: the target player creates the tokens: they come under that player's control (an illegal target
    now gets none, 608.2b; a player who left the game is no legal target, 800.4a)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    kind = token_card(e.arg("token"))
    target = the_target(e, ctx, "targets", who="the player")
    for _ in range(e.arg("n", 1)):
        game = create_token(game, kind, target, "111.2")
    return [game]


def _investigate(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.16a: "Investigate" means "Create a Clue token" (111.10f: a colorless Clue artifact token with
    "{2}, Sacrifice this token: Draw a card.")."""
    return [create_token(game.log("701.16a", f"{ctx.controller} investigates"), token_card(PREDEFINED["Clue"][1]),
                         ctx.controller, ("701.16a", "111.10f"))]


def _x_value(game: Game, e: Effect, ctx: Ctx) -> int:
    """107.3a: X is the value chosen as the spell was cast (a spell's only: the engine keeps no X of an
    activation); 107.3c, 608.2h: "where X is <count>" is counted as the effect is performed."""
    if e.arg("x_count"):
        st = game.state
        same = st.has(ctx.source) and game.moved(ctx.source) == ctx.source_moves
        src = st.obj(ctx.source) if same else ctx.source_lki
        c = counts.stored(e, e.arg("x_count"))
        if counts.reads_power_toughness(c):
            guard_scope(st, "power-toughness", f"{e.arg('x_count')} is counted")
        return counts.value(st, ctx.controller, c, src, pt_guarded=True)
    if ctx.ability_index is not None or ctx.x is None:
        raise Unsupported(f"the value of X in {e.text()!r} is not known to the engine")
    return ctx.x


def _create_tokens(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """111.1, 111.4: create N (or X) tokens the words describe (the card ``describe.token_card`` builds, else
    unsupported), whose power and toughness may be X (107.3a, 107.3c); "tapped": they enter the battlefield tapped
    (110.5b: as the effect that creates them says); a predefined token by its rule (111.10). X of 0 or less creates
    no token (107.1b: a negative result is 0)."""
    if not (e.arg("x") or e.arg("tapped") or e.arg("predefined") or "X/X" in e.arg("token")):
        # a stated number of tokens: all of them (the engine's bound is for a count it learns only as it performs)
        kind = token_card(e.arg("token"))
        for _ in range(e.arg("n", 1)):
            game = create_token(game, kind, ctx.controller, "111.1")
        return [game]
    uses_x = e.arg("x") or "X/X" in e.arg("token")
    x = _x_value(game, e, ctx) if uses_x else 0
    n = x if e.arg("x") else e.arg("n", 1)
    words = e.arg("token").replace("X/X", f"{max(x, 0)}/{max(x, 0)}")
    if uses_x:
        game = game.log(("107.3c", "608.2h") if e.arg("x_count") else ("107.3a",),
                        f"X is {x}" + (f" ({e.arg('x_count')}, as it resolves)" if e.arg("x_count") else ""))
    if n <= 0:
        return [game.log("111.1", f"{e.text()!r}: no token is created (the number is {n})")]
    if n > MAX_TOKENS:
        raise Unsupported(f"{e.text()!r} creates {n} tokens, more than the engine's bound of {MAX_TOKENS}")
    kind = token_card(words)
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


PERFORMERS: dict[str, Performer] = {
    "create_tokens": _create_tokens,
    "create_token_per_counter": _tokens_per_counter,
    "player_creates_tokens": _player_creates_tokens,
    "investigate": _investigate,
    "those_group": _those_group,
}
