"""``can-pay``: can the player pay this mana cost now, with their mana pool, mana abilities and life?
(CR 601.2g-h, 107.4, 118.3, 119.4) A "yes" comes with one complete payment plan (every distinct payment
with ``--all``); a "no" with a minimal set of reasons. The cost is a bare cost: mana whose spending is
restricted to casting certain spells or activating certain abilities can't pay it (106.6)."""
from __future__ import annotations

from mtgjudge.model.explain import Answer
from mtgjudge.model.payment.answers import can_pay
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.rules.spending import Purpose
from mtgjudge.queries.format.fields import QuestionValidator
from mtgjudge.queries.kinds.record import BY, X, Key, Kind, expect_yes_no, asking_player


def answer(question, all_payments: bool = False) -> Answer:
    """Answer a can-pay question; ``all_payments`` lists every distinct payment in the witness."""
    state = question.state
    player = asking_player(question, state, state.active_player)
    cost = TotalCost(parse_cost(question.params["cost"]), int(question.params.get("x", 0) or 0), purpose=Purpose("cost"))
    return can_pay(state, player, cost, all_payments)


#: ``by`` and ``x`` are read before ``cost`` (which key's error a question with two wrong ones reports).
KIND = Kind("can-pay", answer, keys=(Key("cost", QuestionValidator.cost), X, BY), required=("cost",),
            read_order=("by", "x", "cost"), parse_expect=expect_yes_no, options=("all_payments",))
