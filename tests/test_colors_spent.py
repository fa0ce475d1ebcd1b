"""The colors of mana spent to cast a spell (sunburst 702.44, converge 207.2c): the numbers a payment allows
(``payment.enumeration.colors_spent``), the reading of the lines (``words.colors_spent.read``), the engine's record of
the number on the spell and what reads it (``words.colors_spent``), and the near misses that stay unsupported.
Expected values are worked out by hand from the CR and the Gatherer rulings named, never from the verifier's
output."""
from __future__ import annotations

import pytest

from mtgjudge.model.build import obj, state_of
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.payment.enumeration import colors_spent
from mtgjudge.model.payment.enumeration import all_payments
from mtgjudge.model.payment.problem import build_problem
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one


def counts_of(*lands: str, cost: str) -> set[frozenset[int]]:
    """For each payment of ``cost`` with these lands, the numbers of colors it may spend."""
    state = state_of(*(obj(f"l{i}", name) for i, name in enumerate(lands)))
    return {colors_spent(p) for p in all_payments(build_problem(state, "Alice", TotalCost(parse_cost(cost))))}


# ------------------------------------------------------------------------------------------- the payment

def test_each_basic_land_spends_its_color_and_colorless_is_none():
    # 106.1a: colorless is no color (Chamber Sentry ruling 2018-10-05)
    assert counts_of("Forest", "Island", cost="{2}") == {frozenset({2})}
    assert counts_of("Forest", "Wastes", cost="{2}") == {frozenset({1})}
    assert counts_of("Forest", "Forest", cost="{2}") == {frozenset({1})}


def test_a_land_of_any_color_makes_the_number_a_choice():
    # City of Brass adds one mana of any color (605.3b: chosen as it resolves): with a Forest, green twice (one
    # color) or green and another (two)
    assert counts_of("City of Brass", "Forest", cost="{2}") == {frozenset({1, 2})}


def test_a_zero_cost_spends_no_color():
    assert counts_of("Forest", cost="{0}") == {frozenset({0})}


# ------------------------------------------------------------------------------------------- reading

def line(text: str, spell: bool = False):
    return compile_line(text, text, LineContext(spell=spell))


def test_sunburst_and_converge_lines_are_read():
    (a,) = line("Sunburst")
    assert a.kind == "static" and a.static.kind == "enters_with_colors_spent" and a.static.arg("counter") == "sunburst"
    (b,) = line("Converge — ~ enters the battlefield with a +1/+1 counter on it for each color of mana spent to cast it.")
    assert b.kind == "static" and b.static.arg("counter") == "+1/+1"
    (c,) = line("~ enters with a crystal counter on it for each color of mana spent to cast it.")
    assert c.static.arg("counter") == "crystal"


@pytest.mark.parametrize("text,spell", [
    # 702.44c: sunburst setting another keyword's number, read by no reader
    ("Modular—Sunburst", False),
    # a condition or a second clause the reader does not read
    ("~ enters the battlefield with a +1/+1 counter on it for each color of mana spent to cast it if you control a "
     "Forest.", False),
    ("~ enters the battlefield with two +1/+1 counters on it for each color of mana spent to cast it.", False),
    # the number compared in a search or a condition (Bring to Light, Exert Influence)
    ("Search your library for a creature, instant, or sorcery card with converted mana cost less than or equal to the "
     "number of colors of mana spent to cast ~, exile that card, then shuffle your library. You may cast that card "
     "without paying its mana cost.", True),
])
def test_near_misses_stay_unread(text, spell):
    abilities = line(text, spell)
    assert all(a.kind == "unmodelled" or (a.kind == "spell" and a.effects[0].kind == "other") for a in abilities)


# ------------------------------------------------------------------------------------------- the engine

STACK = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice: {{battlefield: [Forest]}}
    Bob: {{battlefield: [{{card: Grizzly Bears, id: bear}}]}}
  stack: [{{card: {card}, controller: Alice, id: it{extra}}}]
actions:
  - resolve: all
expect: [{{stack_size: 0}}]
"""


@pytest.mark.parametrize("card", ["Suntouched Myr", "Radiant Flames"])
def test_a_spell_on_the_stack_without_its_colors_spent_is_unsupported(card):
    (q,) = load_text(STACK.format(card=card, extra=""))
    assert not isinstance(q, Exception), q
    with pytest.raises(Unsupported, match="colors"):
        run(Game(q.state), q.actions)


def test_a_spell_on_the_stack_with_its_colors_spent_is_read():
    (q,) = load_text(STACK.format(card="Suntouched Myr", extra=", colors_spent: 3"))
    g = one(run(Game(q.state), q.actions))
    assert g.state.obj("it").counters == (("+1/+1", 3),)
    (q,) = load_text(STACK.format(card="Radiant Flames", extra=", colors_spent: 2"))
    g = one(run(Game(q.state), q.actions))
    assert g.state.obj("bear").zone == "graveyard"          # 2 damage to the 2/2 (704.5g)


@pytest.mark.parametrize("extra", [", colors_spent: 6", ", colors_spent: -1", ", colors_spent: two"])
def test_colors_spent_out_of_range_is_an_input_error(extra):
    (bad,) = load_text(STACK.format(card="Suntouched Myr", extra=extra))
    assert isinstance(bad, Exception) and "colors_spent" in str(bad)


def test_colors_spent_is_only_for_a_spell_on_the_stack():
    (bad,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice: {battlefield: [{card: Suntouched Myr, colors_spent: 2}]}
actions: []
expect: [{stack_size: 0}]
""")
    assert isinstance(bad, Exception) and "colors_spent" in str(bad)


def test_a_spell_without_such_text_records_nothing_and_branches_no_more():
    # Grizzly Bears reads no colors spent: its payments are not told apart by them (no branch added)
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, City of Brass, Island]
      hand: [{card: Grizzly Bears, id: b}]
actions:
  - cast: b
expect: [{stack_size: 1}]
""")
    games = run(Game(q.state), q.actions)
    assert all(g.state.obj("b").colors_spent is None for g in games)
    assert len(games) == 3          # the Forest with the City or the Island, or the City paying {G}
