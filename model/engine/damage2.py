"""Effects of the damage2 slice (issue 9, round 4), registered in ``resolve.HANDLERS``: "~ deals N damage to
each player" (120.3a), "... to each player equal to the number of lands they control" (608.2h), "... to each
creature that player controls" (608.2c), "Damage can't be prevented this turn" (615.12), "Prevent the next X
damage ..." (615.7 with X, 107.3a) and "a source of your choice" (609.7a, every source a branch). The damage
itself is ``resolve._damage`` (120.3), the shields ``engine.shields``; "can't be prevented" is consulted where
prevention is applied (``shields.prevent``), one place.
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import resolve, shields
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.state import PreventionShield
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.layers import current
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


def choosable_sources(game: Game) -> list[str]:
    """609.7a: the objects a player may choose as "a source of your choice": permanents, spells on the stack,
    objects an object on the stack refers to (its source, its targets), objects a prevention or replacement
    effect waiting to apply or a delayed triggered ability waiting to trigger refers to; a face-up object in the
    command zone (unsupported: the engine has no command zone objects' sources)."""
    st = game.state
    if any(o.zone == "command" for o in st.objects):
        raise Unsupported("choosing a source (609.7a) while an object is in the command zone is not performed")
    ids: list[str] = [o.id for o in st.battlefield()]
    for item in st.stack:
        if isinstance(item, str):
            ids.append(item)
            ids += list(st.obj(item).targets) if st.has(item) else []
        else:
            ids += [item.source, *item.targets]
    for p in st.prevention:
        ids += [p.to, p.source]
    ids += [r.object for r in st.replacements]
    ids += [i for d in st.delayed for i, _ in d.objects]
    out: list[str] = []
    for i in ids:
        if i and i not in st.player_names and st.has(i) and i not in out:
            out.append(i)
    return out


def prevent_source_choice(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """609.7a, 615.1a, 615.7: the spell's controller chooses a source as it resolves (every source a branch,
    ``choosable_sources``); the shield prevents all the damage that source would deal this turn, or (``n``)
    the next N damage it would deal to the target (608.2b: an illegal target gets none) or to you."""
    st = game.state
    to = ""
    if e.arg("n") is not None:
        if e.arg("you"):
            to = ctx.controller
        else:
            skip = resolve._unaffected(game, ctx)
            if skip is not None:
                return [skip]
            to = ctx.target
    sources = choosable_sources(game)
    if len(sources) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} sources to choose from (609.7a): the search bound was reached")
    if not sources:
        return [game.log("609.7a", "there is no source to choose: no shield is made")]
    out = []
    for s in sources:
        g = game.log("609.7a", f"{ctx.controller} chooses {st.obj(s).name} ({s}) as the source").choose(
            f"{ctx.controller} chooses the source {s}")
        shield = PreventionShield("damage", _origin(game, ctx), st.turn.number, to=to, source=s,
                                  left=e.arg("n"))
        out.append(shields.add_shield(g, shield))
    return merge(out)


def damage_each_theirs(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3, 608.2c: N (or X, 107.3a) damage to each creature the player the instruction before targeted
    controls (a planeswalker target: its controller); the creatures are those they control now."""
    st = game.state
    t = ctx.target
    if not ctx.target_legal:
        raise Unsupported(f"{e.text()!r}: which player 'that player' is when the target is illegal (608.2b) is not "
                          "performed by the engine")
    if t in st.player_names:
        player = t
    elif st.has(t) and st.obj(t).zone == "battlefield":
        player = st.obj(t).controller
    else:
        raise Unsupported(f"{e.text()!r}: the controller of {t}, no longer on the battlefield, is not known here")
    game = game.log("608.2c", f"'that player' is {player}")
    n = e.arg("n")
    if e.arg("x"):
        if ctx.x is None:
            raise Unsupported(f"{e.text()!r}: the value of X is not known to the engine")
        n = ctx.x
    if n <= 0:
        return [game.log("120.8", "no damage is dealt")]
    ids = [o.id for o in st.battlefield(player) if "Creature" in current(st, o.id).types]
    if not ids:
        return [game.log("120.3", f"{player} controls no creature: no damage is dealt")]
    one = Effect("damage", (("n", n), ("target", "any target")), EFFECT_WORDS["damage"])
    branches = [game]
    for oid in ids:
        c = replace(ctx, target=oid, target_legal=True)
        branches = merge([r for g in branches for r in resolve._damage(g, one, c)])
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
    "damage_each_theirs": damage_each_theirs,
    "damage_each_count": damage_each_count,
    "prevent_source_choice": prevent_source_choice,
    "prevent_next_x": prevent_next_x,
})
