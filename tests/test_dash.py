"""Dash (702.109a): the alternative cost read from "Dash <cost>" (``words.costs``), the permanent's haste while its
dash cost was paid (``as_long_as`` with the condition ``dashed``, layer 6: ``rules.layers``) and the delayed return
to its owner's hand made as the dashed spell resolves (``words.delayed.perform.dash_return``). Expected values are
worked out by hand from CR 702.109a and Mardu Scout's rulings (2014-11-24), never from the verifier's output."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import render_line
from mtgjudge.queries.format.fields import QuestionError
from tests.card_helpers import answer

REMINDER = (" (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the "
            "battlefield to its owner's hand at the beginning of the next end step.)")


def card(name: str, text: str, cost: str = "{R}{R}", pt: str = "3/1") -> CardDef:
    p, t = pt.split("/")
    return compile_card(CardRecord(name, "normal", (FaceRecord(name, cost, "Creature — Goblin Scout", text, p, t),)))


SCOUT = card("Frob Scout", "Dash {1}{R}" + REMINDER)


def test_dash_is_read_as_its_alternative_cost_and_its_haste():
    kinds = [(a.kind, a.static.kind if a.static is not None else None, a.keyword) for a in SCOUT.front.abilities]
    assert kinds == [("static", "alternative_cost", "Dash"), ("static", "as_long_as", "Dash")]
    assert SCOUT.front.abilities[0].static.arg("cost") == "{1}{R}"


def test_a_dash_line_renders_back_as_the_keyword():
    assert render_line(SCOUT.front.abilities) == "Dash {1}{R}"


def test_a_dash_cost_not_read_leaves_the_keyword_unmodelled():
    c = card("Frob Dasher", "Dash—Frobnicate a goblin." + REMINDER)
    assert [a.kind for a in c.front.abilities] == ["unmodelled"]


ON_THE_BATTLEFIELD = """
id: t
ask: can-attack
about: x
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [%s]
    Bob: {}
"""


def test_near_miss_given_on_the_battlefield_whether_it_was_dashed_is_not_known():
    # 702.109a, 302.6: it has haste only if its dash cost was paid, which the question does not say
    status, _, msg = answer(ON_THE_BATTLEFIELD % "{card: Frob Scout, id: x, summoning_sick: true}", SCOUT)
    assert status == "unsupported" and "dash cost was paid" in msg, (status, msg)


def test_given_on_the_battlefield_not_dashed_it_has_no_haste():
    status, value, msg = answer(ON_THE_BATTLEFIELD % "{card: Frob Scout, id: x, summoning_sick: true, dashed: false}",
                                SCOUT)
    assert value is False, (status, value, msg)


def test_a_dashed_permanent_can_not_be_given_on_the_battlefield():
    # its delayed return may have triggered, resolved or been countered already: not said by dashed: true
    with pytest.raises(QuestionError, match="dashed: true is only for a spell on the stack"):
        answer(ON_THE_BATTLEFIELD % "{card: Frob Scout, id: x, dashed: true}", SCOUT)


def test_dashed_is_only_for_a_card_with_dash():
    bear = card("Frob Bear", "", "{1}{G}", "2/2")
    with pytest.raises(QuestionError, match="only for a spell or permanent with dash"):
        answer(ON_THE_BATTLEFIELD % "{card: Frob Bear, id: x, dashed: false}", bear)


ON_THE_STACK = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  stack: [%s]
  players:
    Alice: {}
    Bob: {}
actions:
  - resolve: all
  - advance: end
  - resolve: all
expect:
  - {object: x, zone: %s}
"""


def test_near_miss_a_spell_given_on_the_stack_without_saying_whether_it_was_dashed():
    status, _, msg = answer(ON_THE_STACK % ("{card: Frob Scout, id: x}", "hand"), SCOUT)
    assert status == "unsupported" and "dash cost was paid" in msg, (status, msg)


@pytest.mark.parametrize("dashed, zone", [(True, "hand"), (False, "battlefield")])
def test_a_spell_given_on_the_stack_dashed_or_not(dashed, zone):
    # 702.109a: only a spell whose dash cost was paid makes the delayed return as it resolves
    status, value, msg = answer(ON_THE_STACK % (f"{{card: Frob Scout, id: x, dashed: {str(dashed).lower()}}}", zone),
                                SCOUT)
    assert value is True, (status, value, msg)
