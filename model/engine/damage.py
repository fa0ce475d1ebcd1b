"""Effects of the e-damage slice (issue 9), registered in ``resolve.HANDLERS``: damage to the ability's
controller ("~ deals N damage to you", 120.3a), X damage (107.3a: the X chosen as the spell was cast), and
"Counter target spell unless its controller pays {N}" (118.12a, 701.6a; the payment is the product's single
payment model, ``engine.paying``). The damage itself is ``resolve._damage`` (120.3), reused, not copied.
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import resolve
from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.payment.enumeration import all_payments
from mtgjudge.model.payment.problem import build_problem
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.rules.spending import Purpose
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.phrases import cost_parts

Ctx = resolve.Ctx


def _with_n(e: Effect, n: int) -> Effect:
    return replace(e, args=tuple((k, v) for k, v in e.args if k != "n") + (("n", n),))


def _damage_you(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3a: the source deals N damage to its controller ("you"), who loses that much life."""
    return resolve._damage(game, e, replace(ctx, target=ctx.controller, target_legal=True))


def _damage_x(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """107.3a, 601.2b: X is the value the spell's controller chose as it was cast; 120.8: a source that would
    deal 0 damage deals no damage."""
    if ctx.x is None:
        raise Unsupported(f"{e.text()!r}: the value of X is not known to the engine")
    if ctx.x <= 0:
        skip = resolve._unaffected(game, ctx)
        return [skip if skip is not None else game.log("120.8", f"X is {ctx.x}: no damage is dealt")]
    return resolve._damage(game, _with_n(e, ctx.x), ctx)


def _counter_unless_pays(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """118.12a: "Counter target spell unless its controller pays {N}" means that player may pay {N}; if they
    don't, the spell is countered (701.6a). The spell's controller chooses: every way to pay (the payment
    model's payments, ``engine.paying``) is a branch, and so is not paying (they may decline even if able)."""
    skip = resolve._unaffected(game, ctx)
    if skip is not None:
        return [skip]
    st = game.state
    o = st.obj(ctx.target)
    if o.zone != "stack":
        raise Unsupported(f"{e.text()!r} on {o.name} ({o.id}), not a spell on the stack, is not performed")
    payer = o.controller
    symbols = tuple(s for part in cost_parts(e.arg("cost")) for s in part.mana)
    cost = TotalCost(symbols, purpose=Purpose("cost"))
    if not all_payments(build_problem(st, payer, cost)):
        return resolve._counter_spell(game.log("118.12a", f"{payer} can't pay {e.arg('cost')}"), e, ctx)
    declined = resolve._counter_spell(game.log("118.12a", f"{payer} doesn't pay {e.arg('cost')}").choose(
        f"{payer} doesn't pay {e.arg('cost')}"), e, ctx)
    paid = [g.log("118.12a", f"{payer} pays {e.arg('cost')}: {o.name} ({o.id}) is not countered").choose(
        f"{payer} pays {e.arg('cost')}") for g in pay(game, st, payer, cost, None)]
    return merge(declined + paid)


resolve.HANDLERS.update({
    "damage_you": _damage_you,
    "damage_x": _damage_x,
    "counter_unless_pays": _counter_unless_pays,
})
