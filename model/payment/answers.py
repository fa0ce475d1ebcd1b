"""Whether a player can pay a cost now, as an answer (601.2g-h, 118.3): the payment problem decided by the solver
(``decide``), a "yes" with one plan in words as its witness (every distinct payment too, on request: ``enumeration``),
a "no" with one minimal set of reasons. Every question and rule that asks "can this be paid" asks here (casting,
activating, costs to attack).

Inside :func:`deciding_once` (a listing of every legal action asks about one state), a cost asked about again
is not decided again: the abilities of one permanent whose costs are the same ("{T}: Add {R}" and "{T}: Add
{G}" of a land that has every basic land type), or one spell's several ways, pose the very same payment
problem (``build_problem`` reads nothing but the state, the player and the cost), so they get the same
decision."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.explain import Answer, Step, step
from mtgjudge.model.payment.decide import PaymentResult, solve
from mtgjudge.model.payment.problem import PaymentProblem, build_problem
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.rules.timing import Requirement
from mtgjudge.model.state import GameState

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mtgjudge.model.payment.enumeration import Payment


#: Inside ``deciding_once``: its state, and the problems of that state decided so far with their decisions,
#: by (player, total cost).
_decided: ContextVar[tuple[GameState, dict[tuple[str, TotalCost], tuple[PaymentProblem, PaymentResult]]] | None] = \
    ContextVar("decided payments", default=None)


@contextmanager
def deciding_once(state: GameState) -> Iterator[None]:
    """Within it, ``can_pay`` decides each (player, total cost) of ``state`` once, when its other requirements
    all hold, and answers it again from that decision. A requirement that fails joins the solver's reasons, so
    such a question is decided on its own. A "no" answered again keeps the first asking's minimal reasons (a
    minimal set never holds a requirement that holds, but another minimal set could be found asked alone)."""
    token = _decided.set((state, {}))
    try:
        yield
    finally:
        _decided.reset(token)


def _decide(state: GameState, player: str, cost: TotalCost,
            extra: list[Requirement] | tuple) -> tuple[PaymentProblem, PaymentResult]:
    """The payment problem and its decision, from ``deciding_once``'s decisions when it was made already."""
    memo = _decided.get()
    decided = memo[1] if memo is not None and memo[0] is state and all(ok for _, ok in extra) else None
    if decided is not None and (player, cost) in decided:
        return decided[(player, cost)]
    problem = build_problem(state, player, cost)
    result = solve(problem, extra=list(extra))
    if decided is not None:
        decided[(player, cost)] = (problem, result)
    return problem, result


def can_pay(state: GameState, player: str, cost: TotalCost, all_ways: bool = False,
            extra: list[Requirement] | tuple = (), lead: tuple[Step, ...] = ()) -> Answer:
    """Can ``player`` pay ``cost`` now (with the ``extra`` requirements holding too)? A "yes" has one plan as
    its witness (every distinct payment too, with ``all_ways``); a "no" one minimal set of reasons."""
    problem, result = _decide(state, player, cost, extra)
    if not result.sat:
        return Answer(value=False, why=tuple(result.reasons))
    why = list(lead) + plan_steps(result.plan or {}, player)
    witness: Any = result.plan
    if all_ways:
        from mtgjudge.model.payment.enumeration import all_payments   # only --all lists every payment

        found = all_payments(problem)
        if not found:
            raise Unsupported("the decision found a payment that the enumeration does not list: the two disagree")
        witness = {"plan": result.plan, "payments": [p.to_json(problem) for p in found], "count": len(found)}
        why.append(step("601.2h", f"{len(found)} distinct payment(s), interchangeable permanents counted once"))
    return Answer(value=True, why=tuple(why), witness=witness)


def payments(state: GameState, player: str, cost: TotalCost) -> tuple[PaymentProblem, list[Payment]]:
    """Every distinct payment of ``cost`` by ``player`` now, with the problem they refer to."""
    from mtgjudge.model.payment.enumeration import all_payments   # the engine's branches on payments

    problem = build_problem(state, player, cost)
    return problem, all_payments(problem)


def plan_steps(plan: dict, player: str) -> list[Step]:
    """A payment plan in words, one step per part."""
    out: list[Step] = []
    for a in plan.get("activate", []):
        paid = ""
        if a.get("paid_with"):
            paid = " (paying its cost with " + ", ".join(
                f"{p['amount']}×{{{p['mana']}}} from {p['from']}" if p['mana'] not in ("convoke", "improvise", "delve")
                else f"{p['amount']} by {p['mana']}" for p in a["paid_with"]) + ")"
        out.append(step("605.3a", f"{player} activates {a['source']}'s mana ability {a['text']!r}, adding {a['adds']}{paid}"))
        if a.get("damage"):
            out.append(step(("605.3b", "120.3a"), f"as it resolves, {a['source']} deals {a['damage']} damage to {player}"))
    chosen = [w for w in plan.get("symbols", []) if w["symbol"] != w["as"]]
    if chosen:
        rules = tuple(dict.fromkeys(["601.2b"] + [r for w in chosen for r in w["rules"]]))
        out.append(step(rules, f"{player} chooses to pay " + ", ".join(
            f"{w['symbol']} as {w['as']}" + (f" ({w['times']} times)" if w.get("times", 1) > 1 else "") for w in chosen)))
    paid = plan.get("paid_with", [])
    if paid:
        parts = []
        for p in paid:
            if p["mana"] in ("convoke", "improvise", "delve"):
                parts.append(f"{p['amount']} {('generic' if p['for'] == 'generic' else '{' + p['for'] + '}')} by {p['mana']} ({p['from']})")
            else:
                parts.append(f"{p['amount']}×{{{p['mana']}}} from {p['from']} for "
                             f"{'generic mana' if p['for'] == 'generic' else ('{S}' if p['for'] == 'snow' else '{' + p['for'] + '}')}")
        out.append(step("601.2h", "pays " + "; ".join(parts)))
    for o in plan.get("other", []):
        out.append(step("601.2h", f"pays {o['part']} with {', '.join(o['by'])}"))
    if plan.get("life"):
        out.append(step("119.4", f"{player} pays {plan['life']} life"))
    if not paid and not plan.get("life") and not plan.get("other"):
        out.append(step("118.5", f"the cost {plan.get('cost') or '{0}'} needs no resources"))
    return out
