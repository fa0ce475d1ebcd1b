"""Effects of the damage2 slice (issue 9, round 4), registered in ``resolve.HANDLERS``: "~ deals N damage to
each player" (120.3a), "Damage can't be prevented this turn" (615.12) and "Prevent the next X damage ..."
(615.7 with X, 107.3a). The damage itself is ``resolve._damage`` (120.3), the shields ``engine.shields``;
"can't be prevented" is consulted where prevention is applied (``shields.prevent``), one place.
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import resolve, shields
from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS

Ctx = resolve.Ctx


def _origin(game: Game, ctx: Ctx) -> str:
    st = game.state
    return st.obj(ctx.source).name if st.has(ctx.source) else ctx.source


def damage_each_player(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3a, 800.4a: the source deals N damage to each player still in the game (simultaneously: no
    state-based action is checked between them, 704.3)."""
    one = Effect("damage", (("n", e.arg("n")), ("target", "any target")), EFFECT_WORDS["damage"])
    branches = [game]       # several prevention shields on one player may apply in several orders (616.1)
    for p in game.state.player_names:
        if p in game.left:
            continue
        c = replace(ctx, target=p, target_legal=True)
        branches = merge([r for g in branches for r in resolve._damage(g, one, c)])
    return branches


def damage_each_count(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3a, 608.2h: damage to each player (or each opponent) equal to a count of what that player controls,
    every count read first, as the effect begins (the damage is dealt at once: 120.3); 120.8: 0 is no damage."""
    st = game.state
    src = st.obj(ctx.source) if st.has(ctx.source) else ctx.source_lki
    c = counts.parse(e.arg("count"))
    who = [p for p in st.player_names if p not in game.left and not (e.arg("opponents") and p == ctx.controller)]
    amounts = {p: counts.value(st, p, c, src) for p in who}
    game = game.log("608.2h", "; ".join(f"{e.arg('count').replace('you control', f'{p} controls')}: {k}"
                                        for p, k in amounts.items()))
    branches = [game]
    for p in who:
        if amounts[p] <= 0:
            continue            # 120.8
        one = Effect("damage", (("n", amounts[p]), ("target", "any target")), EFFECT_WORDS["damage"])
        c2 = replace(ctx, target=p, target_legal=True)
        branches = merge([r for g in branches for r in resolve._damage(g, one, c2)])
    return branches


def no_prevention(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """615.12: "Damage can't be prevented this turn": prevention effects (shields already in force or made
    later this turn) don't apply to damage dealt for the rest of the turn; the cleanup step ends it (514.2)."""
    return [shields.add_replacement(game, "no_prevention", "", _origin(game, ctx), ("615.12", "514.2"))]


def prevent_next_x(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """615.7, 107.3a: the "prevent the next N damage" shield of ``shield_effects`` with N the X chosen as the
    spell was cast; an X of 0 prevents nothing (no shield is made)."""
    if ctx.x is None:
        raise Unsupported(f"{e.text()!r}: the value of X is not known to the engine")
    if ctx.x <= 0:
        return [game.log("615.7", f"X is {ctx.x}: no damage is prevented")]
    word = Effect("prevent_next", tuple(e.args) + (("n", ctx.x),), EFFECT_WORDS["prevent_next"])
    return resolve.HANDLERS["prevent_next"](game, word, ctx)


resolve.HANDLERS.update({
    "damage_each_player": damage_each_player,
    "no_prevention": no_prevention,
    "damage_each_count": damage_each_count,
    "prevent_next_x": prevent_next_x,
})
