"""``can-pay``: can the player pay this mana cost now, with their mana pool, mana abilities and life?
(CR 601.2g-h, 107.4, 118.3, 119.4)

A "yes" comes with one complete payment plan; a "no" with a minimal set of reasons (a minimal unsat core of
the payment model, queries.solve.payment_z3). The cost is a bare cost: mana whose spending is restricted
to casting certain spells or activating certain abilities can't pay it (106.6).
"""
from __future__ import annotations

from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.explain import Step, step
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import ManaSyntaxError, parse_cost
from mtgjudge.model.payment.problem import PaymentResult, build_problem
from mtgjudge.model.rules.spending import Purpose
from mtgjudge.model.explain import Answer, unsupported
from mtgjudge.model.errors import InputError


def answer(question, all_payments: bool = False) -> Answer:
    """Answer a can-pay question; ``all_payments`` lists every distinct payment in the witness."""
    state = question.state
    params = question.params
    player = params.get("by") or state.active_player
    try:
        symbols = parse_cost(params.get("cost", ""))
    except ManaSyntaxError as e:
        raise InputError("cost", str(e)) from None
    x = int(params.get("x", 0) or 0)
    try:
        cost = TotalCost(symbols, x, purpose=Purpose("cost"))
        return answer_cost(state, player, cost, all_payments)
    except Unsupported as e:
        return unsupported(str(e))


def answer_cost(state, player: str, cost: TotalCost, all_payments: bool = False,
                extra: list[tuple[Step, bool]] = (), lead: tuple[Step, ...] = ()) -> Answer:
    """Solve one payment and turn the result into an Answer (shared with can-play)."""
    from mtgjudge.model.payment.decide import solve

    problem = build_problem(state, player, cost)
    result: PaymentResult = solve(problem, extra=list(extra))
    if not result.sat:
        return Answer(value=False, why=tuple(result.reasons))
    why = list(lead) + plan_steps(result.plan, player)
    witness = result.plan
    if all_payments:
        from mtgjudge.model.payment.enumeration import all_payments as enumerate_all

        plans = enumerate_all(problem)
        witness = {"plan": result.plan, "payments": plans, "count": len(plans)}
        why.append(step("601.2h", f"{len(plans)} distinct payment(s), interchangeable permanents counted once"))
    return Answer(value=True, why=tuple(why), witness=witness)


def plan_steps(plan: dict, player: str) -> list[Step]:
    """The payment plan in words, one step per part."""
    out: list[Step] = []
    for a in plan.get("activate", []):
        paid = ""
        if a.get("paid_with"):
            paid = " (paying its cost with " + ", ".join(f"{p['amount']}×{{{p['mana']}}} from {p['from']}" if p['mana'] not in ("convoke", "improvise", "delve")
                                                          else f"{p['amount']} by {p['mana']}" for p in a["paid_with"]) + ")"
        out.append(step("605.3a", f"{player} activates {a['source']}'s mana ability {a['text']!r}, adding {a['adds']}{paid}"))
    ways = ", ".join(f"{w['symbol']} as {w['as']}" for w in plan.get("symbols", []) if w["symbol"] != w["as"])
    if ways:
        out.append(step(("601.2b", "107.4e", "107.4f"), f"{player} chooses to pay {ways}"))
    paid = plan.get("paid_with", [])
    if paid:
        parts = []
        for p in paid:
            if p["mana"] in ("convoke", "improvise", "delve"):
                parts.append(f"{p['amount']} {('generic' if p['for'] == 'generic' else '{' + p['for'] + '}')} by {p['mana']} ({p['from']})")
            else:
                parts.append(f"{p['amount']}×{{{p['mana']}}} from {p['from']} for {'generic mana' if p['for'] == 'generic' else ('{S}' if p['for'] == 'snow' else '{' + p['for'] + '}')}")
        out.append(step("601.2h", "pays " + "; ".join(parts)))
    if plan.get("life"):
        out.append(step("119.4", f"{player} pays {plan['life']} life"))
    if not paid and not plan.get("life"):
        out.append(step("118.5", f"the cost {plan.get('cost') or '{0}'} needs no resources"))
    return out
