"""The performers of the encoding's basic words: life (119.3), drawing (121.1), damage (120.3), +N/+N (613.4c),
countering (701.6a), recruit (701.70a), exiling the top cards of a library (701.13a), "you may play that card" (611.2a, 601.3), transform
(701.27), "exile ... until ~ leaves the battlefield" (610.3), tokens for each counter (608.2h)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.characteristics import printed_characteristics
from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.sba import power
from mtgjudge.model.engine.exile_until import exile_until_leaves, return_linked
from mtgjudge.model.engine.exile_top import exile_top, exiled_by_this, leave_permission
from mtgjudge.model.engine.transforming import can_transform, transform
from mtgjudge.model.engine.kernel.context import Ctx, Performer, target_permanent, unaffected
from mtgjudge.model.engine.kernel.damage import deal_damage
from mtgjudge.model.engine.kernel.life import life_changes
from mtgjudge.model.engine.kernel.players import change_life, discard_choices, draw, draws
from mtgjudge.model.engine.kernel.objects import add_pt_change, create_token
from mtgjudge.model.engine.kernel.countering import counter_spell



def _recruit(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.70a: draw a card, then discard a card; if a nonland card was discarded, create a 1/1 white Human
    Soldier creature token. No player may act in between (it is one effect)."""
    p = ctx.controller
    drawn = draw(game.log("701.70a", f"{p} recruits: draw a card, then discard a card"), p)
    out = []
    for g, oid in (c for d in drawn for c in discard_choices(d, p)):
        # the card as it is in the graveyard (a card nobody knows: its types are not known, so unsupported)
        if oid is not None and "Land" not in printed_characteristics(g.state.obj(oid)).types:
            g = create_token(g, "Human Soldier", p, "701.70a")
        elif oid is not None:
            g = g.log("701.70a", f"{oid} is a land card: no token is created")
        out.append(g)
    return merge(out)


def _exile_until(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """610.3: exile the targets still legal (608.2b) until the source leaves the battlefield (all the targets of the
    use at once, ``WHOLE_USE``: one for each opponent where it says so)."""
    legal = [t for t, ok in zip(ctx.group, ctx.group_legal) if ok]
    return [exile_until_leaves(game, ctx.source, ctx.source_moves, ctx.controller, legal)]


def _gain(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """119.3: "You gain / lose N life" (``life_changes``)."""
    return [_change_lives(game, e, ctx, None)]


def _change_lives(game: Game, e: Effect, ctx: Ctx, target: str | None) -> Game:
    """The life changes of a word of ``LIFE_WORDS``, one after the other (119.3)."""
    changes = life_changes(e, ctx.controller, target)
    if changes is None:
        raise Unsupported(f"{e.text()!r}: the amounts of life are not performed by the engine")
    for player, delta in changes:
        game = change_life(game, player, delta)
    return game


def _drain(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """119.3: the target player loses N life and the controller gains M (608.2b: an illegal target loses none;
    with its only target illegal the ability doesn't resolve at all)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    if ctx.target not in game.state.player_names:
        raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
    return [_change_lives(game, e, ctx, ctx.target)]


def _return_exiled(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    return [return_linked(game, ctx.source, ctx.source_moves)]


def _pump(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """613.4c (layer 7c): the target gets +N/+N until end of turn (ends in the cleanup step, 514.2)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    return [add_pt_change(game, target_permanent(game, e, ctx), e.arg("power"), e.arg("toughness"), ctx.source)]


def _controller_gains_power(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """"Its controller gains life equal to its power": the target as it last existed on the battlefield
    (608.2h; Swords to Plowshares ruling 2018-03-16); a negative power gains and loses nothing (107.1b)."""
    if len(ctx.targets) != 1 or ctx.before is None:
        raise Unsupported(f"what 'its' refers to in {e.text()!r} is not known to the engine")
    t = ctx.targets[0]
    before = ctx.before
    if not before.has(t) or before.obj(t).zone != "battlefield":
        return [game.log("608.2b", f"{t} was not on the battlefield: no life is gained")]
    o = before.obj(t)
    n = power(Game(before), t)
    if n <= 0:
        return [game.log(("608.2h", "107.1b"), f"{o.name}'s power was {n}: {o.controller} gains no life")]
    return [change_life(game, o.controller, n, ("608.2h", "119.3"), f", the power of {o.name} as it last existed "
                                                                    "on the battlefield")]


def _draw(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """121.1-121.2: "Draw N cards", one draw at a time (``draws``: each may be replaced, 121.6)."""
    return draws(game, ctx.controller, e.arg("n", 1))


def _exile_top(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.13a: "Exile the top N cards of your library" (``exile_top``)."""
    return [exile_top(game, ctx.controller, e.arg("n", 1))]


def _lasting(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """611.2a: a continuous effect the resolving spell or ability leaves in force. The engine performs "you may
    play that card / those cards" (601.3) on the cards an earlier instruction exiled (608.2c); others are
    unsupported, naming them."""
    static = e.arg("static")
    if static.kind != "may_play" or ctx.before is None:
        raise Unsupported(f"the lasting effect {e.text()!r} is not performed by the engine yet")
    src = game.state.obj(ctx.source) if game.state.has(ctx.source) else None
    if src is None:
        raise Unsupported(f"the source of {e.text()!r} ceased to exist: last known information is not modelled")
    objects = exiled_by_this(ctx.before, game.state, ctx.controller)
    return [leave_permission(game, e.arg("until", ""), static.kind, source=src.name, controller=ctx.controller,
                             card=src.card, face=ctx.face, ability=ctx.ability_index, objects=objects)]


def _transform(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.27a, 701.27f: an ability's "Transform this" turns its source over only if it is still the same
    permanent (400.7) and a double-faced one (701.27c)."""
    st = game.state
    if not (st.has(ctx.source) and st.obj(ctx.source).zone == "battlefield" and game.moved(ctx.source) == ctx.source_moves):
        return [game.log(("400.7", "701.27f"), f"{ctx.source} is no longer the permanent whose ability this is: it "
                                               "doesn't transform")]
    if not can_transform(game, ctx.source):
        return [game.log("701.27c", f"{ctx.source} is not a double-faced permanent: nothing happens")]
    if ctx.source_transformed or st.obj(ctx.source).face != ctx.face:
        return [game.log("701.27f", f"{ctx.source} has transformed since the ability was put on the stack: it "
                                    "doesn't transform again")]
    return [transform(game, ctx.source, ("701.27a", "701.27f"))]


#: Words whose performer acts on all the targets of their use at once (``engine.performers.WHOLE_USE``).
WHOLE_USE = frozenset({"exile_until_source_leaves"})

PERFORMERS: dict[str, Performer] = {
    "exile_top": _exile_top,
    "lasting": _lasting,
    "transform": _transform,
    "exile_until_source_leaves": _exile_until,
    "recruit": _recruit,
    "gain_life": _gain,
    "lose_life": _gain,
    "draw": _draw,
    "damage": deal_damage,
    "damage_you": lambda g, e, c: deal_damage(g, e, replace(c, target=c.controller, target_legal=True)),
    "pump": _pump,
    "counter_spell": counter_spell,
    "its_controller_gains_life_equal_to_power": _controller_gains_power,
    "return_exiled": _return_exiled,
    "drain": _drain,
}
