"""Performing damage (120) and its prevention add-ons, listed in ``engine.performers``: damage to the
ability's controller ("~ deals N damage to you", 120.3a), X damage (107.3a: the X chosen as the spell was
cast), "Counter target spell unless its controller pays {N}" (118.12a, 701.6a; the payment is the product's
single payment model, ``engine.paying``), "~ deals N damage to each player" (120.3a), "... to each player equal
to the number of lands they control" (608.2h), "... to each creature that player controls" (608.2c), "Damage
can't be prevented this turn" (615.12), "Prevent the next X damage ..." (615.7 with X, 107.3a) and "a source of
your choice" (609.7a, every source a branch). The damage itself is ``deal_damage`` (120.3), the shields
``engine.shields``; "can't be prevented" is consulted where prevention is applied (``shields.prevent``), one
place."""
from __future__ import annotations

from dataclasses import replace
from mtgjudge.model.engine import instructions, targeting, shields
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge, name_of
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.engine.sba import power
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.payment.enumeration import all_payments
from mtgjudge.model.payment.problem import build_problem
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.spending import Purpose
from mtgjudge.model.state import DelayedTrigger, PreventionShield, TurnReplacement
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.phrases import cost_parts
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.engine.kernel.context import Ctx, Performer, the_target, unaffected
from mtgjudge.model.engine.kernel.countering import counter_spell
from mtgjudge.model.engine.kernel.damage import deal_damage
from mtgjudge.model.engine.kernel.objects import add_counters


Ctx = Ctx


def _with_n(e: Effect, n: int) -> Effect:
    return replace(e, args=tuple((k, v) for k, v in e.args if k != "n") + (("n", n),))


def _damage_x(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """107.3a, 601.2b: X is the value the spell's controller chose as it was cast; 120.8: a source that would
    deal 0 damage deals no damage."""
    if ctx.x is None:
        raise Unsupported(f"{e.text()!r}: the value of X is not known to the engine")
    if ctx.x <= 0:
        skip = unaffected(game, ctx)
        return [skip if skip is not None else game.log("120.8", f"X is {ctx.x}: no damage is dealt")]
    return deal_damage(game, _with_n(e, ctx.x), ctx)


# DIVIDED, the amount divided and whether targets can each get 1 of it (601.2d) are ``targeting``'s: a triggered
# ability's targets are chosen with them too (``triggers``, which can't import this module)
DIVIDED = targeting.DIVIDED
_divided_amount = targeting.divided_amount
division_possible = targeting.division_possible


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to divide ``total`` among ``parts`` targets in order, each at least 1 (601.2d)."""
    if parts == 0:
        return [()] if total == 0 else []
    if parts == 1:
        return [(total,)] if total >= 1 else []
    return [(first,) + rest for first in range(1, total - parts + 2) for rest in compositions(total - first, parts - 1)]


def _damage_divided(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """601.2d, 120.3: the damage divided among the targets as the spell's controller announced while casting
    it (each at least 1); every division is a branch. The division is chosen here, as the spell resolves:
    nothing between casting and resolving depends on it, so the positions reached are those of every division
    announced on casting. 608.2b: a target that is illegal now is dealt none of its share (it is not
    re-divided)."""
    amount = _divided_amount(e, ctx.x)
    if amount is None:
        raise Unsupported(f"{e.text()!r}: the value of X is not known to the engine")
    k = len(ctx.group)
    if k == 0:
        return [game.log("601.2c", "no targets were chosen: no damage is dealt")]
    shares = compositions(amount, k)
    if not shares:
        raise Unsupported(f"{e.text()!r}: {amount} damage can't be divided among {k} targets, each getting at "
                          "least 1 (601.2d)")
    if len(shares) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} divisions of {amount} damage: the search bound was reached")
    out = []
    for share in shares:
        g = game.log("601.2d", "the damage is divided: " + ", ".join(f"{n} to {t}" for n, t in zip(share, ctx.group)))
        if len(shares) > 1:
            g = g.choose("divides " + ", ".join(f"{n} to {t}" for n, t in zip(share, ctx.group)))
        branches = [g]
        for n, t, ok in zip(share, ctx.group, ctx.group_legal):
            c = replace(ctx, target=t, target_legal=ok)
            branches = [r for b in branches for r in deal_damage(b, _with_n(e, n), c)]
        out += branches
    return merge(out)


def _distribute_counters(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """601.2d, 122.1: the counters distributed among the targets as announced while casting (each at least
    one); every distribution is a branch (chosen here: nothing before resolution depends on it); a target
    illegal now gets none of its share (608.2b)."""
    k = len(ctx.group)
    if k == 0:
        return [game.log("601.2c", "no targets were chosen: no counters are put")]
    shares = compositions(e.arg("n"), k)
    if not shares:
        raise Unsupported(f"{e.text()!r}: {e.arg('n')} counters can't be distributed among {k} targets (601.2d)")
    out = []
    for share in shares:
        g = game.log("601.2d", "the counters are distributed: " + ", ".join(f"{n} on {t}" for n, t in zip(share, ctx.group)))
        if len(shares) > 1:
            g = g.choose("distributes " + ", ".join(f"{n} on {t}" for n, t in zip(share, ctx.group)))
        for n, t, ok in zip(share, ctx.group, ctx.group_legal):
            if not ok:
                g = g.log("608.2b", f"{t} is an illegal target now: it gets no counters")
                continue
            if not (g.state.has(t) and g.state.obj(t).zone == "battlefield"):
                raise Unsupported(f"{e.text()!r} on {name_of(g.state, t)}, not a permanent, is not performed by the engine")
            guard_scope(g.state, "power-toughness", f"counters are put on {t}")
            g = add_counters(g, t, e.arg("kind"), n)
        out.append(g)
    return merge(out)


def _counter_unless_pays(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """118.12a: "Counter target spell unless its controller pays {N}" means that player may pay {N}; if they
    don't, the spell is countered (701.6a). The spell's controller chooses: every way to pay (the payment
    model's payments, ``engine.paying``) is a branch, and so is not paying (they may decline even if able)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    target = the_target(e, ctx, "targets")
    o = st.obj(target)
    if o.zone != "stack":
        raise Unsupported(f"{e.text()!r} on {o.name} ({o.id}), not a spell on the stack, is not performed")
    payer = o.controller
    text = e.arg("cost")
    if text.upper() == "{X}":
        # 107.3a: X is the value chosen as the countering spell was cast
        if ctx.x is None:
            raise Unsupported(f"{e.text()!r}: the value of X is not known to the engine")
        text = f"{{{ctx.x}}}"
    symbols = tuple(s for part in cost_parts(text) for s in part.mana)
    if e.arg("per"):
        # "{1} for each card in your graveyard": counted as it resolves (608.2h), "your" the countering spell's
        # controller's
        src = st.obj(ctx.source) if st.has(ctx.source) else None
        k = counts.value(st, ctx.controller, counts.stored(e, e.arg("per")), src)
        game = game.log("608.2h", f"there are {k} {e.arg('per')} as it resolves")
        symbols, text = symbols * k, text * k if k else "{0}"
    cost = TotalCost(symbols, purpose=Purpose("cost"))
    if not symbols or cost.text() == "{0}":
        return [game.log("118.12a", f"{payer} pays {{0}}: {o.name} ({o.id}) is not countered")]
    if not all_payments(build_problem(st, payer, cost)):
        return counter_spell(game.log("118.12a", f"{payer} can't pay {text}"), e, ctx)
    declined = counter_spell(game.log("118.12a", f"{payer} doesn't pay {text}").choose(
        f"{payer} doesn't pay {text}"), e, ctx)
    paid = [g.log("118.12a", f"{payer} pays {text}: {o.name} ({o.id}) is not countered").choose(
        f"{payer} pays {text}") for g in pay(game, st, payer, cost, None)]
    return merge(declined + paid)


def _creature_on_battlefield(game: Game, oid: str | None) -> bool:
    st = game.state
    return oid is not None and st.has(oid) and st.obj(oid).zone == "battlefield" and \
        "Creature" in current(st, oid).types


def _deals_power(game: Game, e: Effect, ctx: Ctx, source: str, n: int, to: str) -> list[Game]:
    """``source`` (a creature) deals ``n`` damage to ``to`` (120.3; 120.8: 0 damage is no damage; 107.1b:
    a negative power deals none): the creature is the source, so its own keywords matter (702.2b, 702.15b)."""
    if n <= 0:
        return [game.log(("120.8", "107.1b"), f"{source} would deal {n} damage: it deals no damage")]
    c = replace(ctx, source=source, source_lki=None, target=to, target_legal=True)
    return deal_damage(game, _with_n(e, n), c)


def _fight(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.14a: each of the two creatures deals damage equal to its power to the other (at once: both powers
    are read first). 701.14b: if either is not on the battlefield, not a creature, or an illegal target now,
    neither deals damage. 701.14c: a creature fighting itself deals itself twice its power."""
    a, b = ctx.target, ctx.target2
    if not (ctx.target_legal and ctx.target2_legal):
        return [game.log(("701.14b", "608.2b"), f"{a} or {b} is an illegal target now: neither fights")]
    if a is None or b is None or not (_creature_on_battlefield(game, a) and _creature_on_battlefield(game, b)):
        return [game.log("701.14b", f"{a} or {b} is not a creature on the battlefield: neither fights")]
    if a == b:
        return _deals_power(game, e, ctx, a, 2 * power(game, a), a)
    pa, pb = power(game, a), power(game, b)
    game = game.log("701.14a", f"{a} fights {b}")
    return merge([r for g in _deals_power(game, e, ctx, a, pa, b) for r in _deals_power(g, e, ctx, b, pb, a)])


fight = _fight      # public: etb's "~ fights target creature" (701.14a) fights the same way


def _bite(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3: the first creature deals damage equal to its power to the other target; if either is an illegal
    target now, it deals none (608.2b; Rabid Bite ruling 2018-07-13), nor if it is no longer a creature on the
    battlefield."""
    a, b = ctx.target, ctx.target2
    if not (ctx.target_legal and ctx.target2_legal):
        return [game.log("608.2b", f"{a} or {b} is an illegal target now: no damage is dealt")]
    if a is None or not _creature_on_battlefield(game, a):
        return [game.log("608.2b", f"{a} is not a creature on the battlefield: it deals no damage")]
    if b is None:
        raise Unsupported(f"what {e.text()!r} deals damage to is not known to the engine")
    return _deals_power(game, e, ctx, a, power(game, a), b)


def _bite_itself(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3: the target creature deals damage equal to its power to itself (608.2b: none if illegal now)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    a = ctx.target
    if a is None or not _creature_on_battlefield(game, a):
        return [game.log("608.2b", f"{a} is not a creature on the battlefield: it deals no damage")]
    return _deals_power(game, e, ctx, a, power(game, a), a)


def _damage_each_opponent(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3a: the source deals N damage to each opponent of its controller (in the game, 800.4a)."""
    branches = [game]       # several prevention shields on one player may apply in several orders (616.1)
    for p in game.state.player_names:
        if p != ctx.controller and p not in game.left:
            c = replace(ctx, target=p, target_legal=True)
            branches = merge([r for g in branches for r in deal_damage(g, e, c)])
    return branches


def _damage_that_much(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3, 603.2: as much damage as the trigger event's ("that much": the damage the source was dealt, or dealt)
    to its target, or to the ability's controller ("to you", 120.3a); none when that was 0 (120.8)."""
    if ctx.amount is None:
        raise Unsupported(f"{e.text()!r}: how much damage 'that much' is is not known to the engine")
    if ctx.amount <= 0:
        return [game]
    if e.arg("you"):
        return deal_damage(game, Effect("damage", (("n", ctx.amount), ("target", "player"))),
                           replace(ctx, target=ctx.controller, target_legal=True))
    return deal_damage(game, Effect("damage", (("n", ctx.amount), ("target", e.arg("target")))), ctx)


def _damage_its_controller(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3a: N damage to the controller of the permanent the effect before acted on, as it last existed
    on the battlefield if it has left (608.2h; the state as the resolution began); or of the spell it acted on
    ("Counter target spell. ~ deals 2 damage to that spell's controller.": as it last existed on the stack)."""
    before = ctx.before
    t = ctx.target
    if not ctx.target_legal or before is None or t is None or not before.has(t) or \
            before.obj(t).zone not in ("battlefield", "stack"):
        raise Unsupported(f"{e.text()!r}: which player is that permanent's controller is not known to the engine")
    controller = game.state.obj(t).controller if game.state.has(t) and game.state.obj(t).zone == "battlefield" \
        else before.obj(t).controller
    return deal_damage(game, e, replace(ctx, target=controller, target_legal=True))


def _damage_each_x(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """107.3a, 120.3: X (chosen as the spell was cast) damage to each permanent the phrase names (and each
    player): ``effects``' damage to each; 120.8: X of 0 deals no damage."""
    if ctx.x is None:
        raise Unsupported(f"{e.text()!r}: the value of X is not known to the engine")
    if ctx.x <= 0:
        return [game.log("120.8", f"X is {ctx.x}: no damage is dealt")]
    return instructions.damage_each(game, _with_n(e, ctx.x), ctx)


PERFORMERS: dict[str, Performer] = {
    "damage_each_opponent": _damage_each_opponent,
    "damage_its_controller": _damage_its_controller,
    "damage_it": deal_damage,       # on "it" (``resolve.run_effects``: ctx.target is what it names)
    "damage_that_much": _damage_that_much,
    "damage_each_x": _damage_each_x,
    "fight": _fight,
    "bite": _bite,
    "bite_itself": _bite_itself,
    "damage_x": _damage_x,
    "counter_unless_pays": _counter_unless_pays,
    "damage_divided": _damage_divided,
}




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
        branches = merge([r for g in branches for r in deal_damage(g, one, c)])
    return branches


def damage_each_count(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3a, 608.2h: damage to each player (or each opponent) equal to a count of what that player controls,
    every count read first, as the effect begins (the damage is dealt at once: 120.3); 120.8: 0 is no damage."""
    st = game.state
    src = st.obj(ctx.source) if st.has(ctx.source) else ctx.source_lki
    c = counts.stored(e, e.arg("count"))
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
        branches = merge([r for g in branches for r in deal_damage(g, one, c2)])
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
    for p in st.in_force(PreventionShield):
        ids += [p.to, p.source]
    ids += [r.object for r in st.in_force(TurnReplacement)]
    ids += [i for d in st.in_force(DelayedTrigger) for i, _ in d.objects]
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
            skip = unaffected(game, ctx)
            if skip is not None:
                return [skip]
            if ctx.target is None:      # an empty ``to`` would be a shield against damage to anything
                raise Unsupported(f"what {e.text()!r} protects is not known to the engine")
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
        shield = PreventionShield("damage", _origin(game, ctx), to=to, source=s, left=e.arg("n"))
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
    elif t is not None and st.has(t) and st.obj(t).zone == "battlefield":
        player = st.obj(t).controller
    else:
        raise Unsupported(f"{e.text()!r}: the controller of {name_of(st, t)}, no longer on the battlefield, is not known here")
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
        branches = merge([r for g in branches for r in deal_damage(g, one, c)])
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
    return ctx.perform(game, word, ctx)


PERFORMERS.update({
    "damage_each_player": damage_each_player,
    "no_prevention": no_prevention,
    "damage_each_theirs": damage_each_theirs,
    "damage_each_count": damage_each_count,
    "prevent_source_choice": prevent_source_choice,
    "prevent_next_x": prevent_next_x,
})
PERFORMERS["distribute_counters"] = _distribute_counters
#: Words whose performer acts on every target of its use of "target" at once (damage divided among them, 601.2d).
WHOLE_USE = frozenset(DIVIDED)
