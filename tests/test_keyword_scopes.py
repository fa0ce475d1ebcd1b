"""Keywords whose scopes are narrowed by their own CR 702 rule (model/vocab/keywords.py): where each functions
and what it can change, and the keywords whose abilities apply only if their alternative cost was paid, which a
spell the actions cast for its mana cost doesn't have to model. Each narrowing is checked both ways: a game
where it matters is answered (the corpus questions in queries/corpus/outcome/keyword-scopes.yaml, from the
rules by hand), and a near miss where the keyword could act stays unsupported, naming it."""
from __future__ import annotations

import pytest
import yaml

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.vocab.keywords import BY_NAME, only_if_chosen
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone

SPELL = LineContext(spell=True)


def _ability(line: str):
    (a,) = compile_line(line, line, SPELL)
    assert a.kind == "unmodelled"
    return a


def _run(text):
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


# ---------------------------------------------------------------- the table (702)

def test_madness_functions_in_the_hand_on_the_discard_702_35a():
    a = _ability("Madness {X}{R}")         # a madness line the model does not read (X): the row keeps it
    assert a.functions_in("hand") and not a.functions_in("stack") and not a.functions_in("battlefield")
    assert a.may_concern(Scope.DISCARD) and not a.may_concern(Scope.POWER_TOUGHNESS)


def test_suspend_functions_in_the_hand_and_exile_702_62a():
    a = _ability("Suspend X—{X}{3}{U}. X can't be 0.")     # a suspend line the model does not read: the row keeps it
    assert a.functions_in("hand") and a.functions_in("exile") and not a.functions_in("stack")
    assert a.may_concern(Scope.UPKEEP) and not a.may_concern(Scope.ENTERS)


@pytest.mark.parametrize("line", ["Epic", "Overload {1}{R}", "Awaken 3—{5}{W}{W}"])
def test_spell_keywords_change_only_how_it_resolves_608_2(line):
    a = _ability(line)
    assert a.functions_in("stack") and a.may_concern(Scope.RESOLUTION)
    assert not a.may_concern(Scope.POWER_TOUGHNESS) and not a.may_concern(Scope.DIES)


@pytest.mark.parametrize("name", ["Tribute", "Devour"])
def test_entering_keywords_change_only_how_it_enters_113_6h(name):
    assert BY_NAME[name.lower()].scopes == {Scope.ENTERS}


@pytest.mark.parametrize("line, rule", [
    ("Overload {1}{R}", "702.96"),
    ("Awaken 3—{5}{W}{W}", "702.113"),
    ("Evoke {2}{U} (You may cast this spell for its evoke cost. If you do, it's sacrificed when it enters.)", "702.74"),
])
def test_keywords_that_apply_only_if_their_cost_was_paid(line, rule):
    assert only_if_chosen(line).rule == rule


@pytest.mark.parametrize("line", [
    "Kicker {R}",                   # an additional cost: not this rule
    "Madness {R}",                  # an alternative cost cast from exile: its trigger is not "if paid"
    "Overload {1}{R}, flying",      # more than the keyword
    "Evoke",                        # no cost: not the keyword as printed
    "Evoke {2}{U} and draw a card",
])
def test_near_misses_of_only_if_paid(line):
    assert only_if_chosen(line) is None


# ---------------------------------------------------------------- the engine: near misses stay unsupported

def test_rebound_compiles_to_the_keyword_the_engine_performs_702_88a():
    from mtgjudge.model.oracle.lines import LineContext, compile_line
    (a,) = compile_line("Rebound", "Rebound", LineContext(spell=True))
    assert a.kind == "keyword" and a.keyword == "Rebound"


def test_an_overload_spell_given_on_the_stack_may_have_been_overloaded_702_96a():
    # the same spell as the corpus question, but not cast by the actions: its cost is not known
    with pytest.raises(Unsupported, match="Overload"):
        _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice: {}
    Bob:
      battlefield: [{card: Llanowar Elves, id: elf1}, {card: Llanowar Elves, id: elf2}]
  stack:
    - {card: Electrickery, id: zap, controller: Alice, targets: [elf1]}
actions:
  - resolve: all
expect: [{stack_size: 0}]
""")


def test_an_evoke_creature_given_on_the_stack_may_have_been_evoked_702_74a():
    with pytest.raises(Unsupported, match="whether its evoke cost was paid"):
        _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      library: 5
    Bob: {}
  stack:
    - {card: Mulldrifter, id: drifter, controller: Alice}
actions:
  - resolve: all
expect: [{stack_size: 0}]
""")


def test_a_madness_card_discarded_beside_a_graveyard_replacement_is_unsupported_616_1():
    # 702.35a, 614.1a: madness and Rest in Peace both replace the discard's move to the graveyard: its owner chooses
    # which applies (616.1), and only madness's makes its trigger: not modelled
    with pytest.raises(Unsupported, match="madness"):
        _run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Swamp, Rest in Peace]
      hand: [{card: Duress, id: duress}]
    Bob:
      hand: [{card: Fiery Temper, id: temper}]
actions:
  - {cast: duress, targets: [Bob]}
  - resolve: all
expect: [{stack_size: 0}]
""")


def test_an_overload_spell_cast_for_its_mana_cost_is_answered():
    g = one(_run("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain]
      hand: [{card: Electrickery, id: zap}]
    Bob:
      battlefield: [{card: Llanowar Elves, id: elf1}, {card: Llanowar Elves, id: elf2}]
actions:
  - {cast: zap, targets: [elf1]}
  - resolve: all
expect: [{stack_size: 0}]
"""))
    assert (zone(g, "elf1"), zone(g, "elf2")) == ("graveyard", "battlefield")


# ---------------------------------------------------------------- 113.6, 113.6k, 113.6m: a trigger that bounces itself

from mtgjudge.model.oracle.scopes import zones_of     # noqa: E402


@pytest.mark.parametrize("line", [
    "Whenever you cast a Spirit or Arcane spell, you may return ~ to its owner's hand.",
    "When a Cartouche enters the battlefield under your control, return ~ to its owner's hand.",
])
def test_a_permanents_trigger_returning_itself_to_hand_functions_on_the_battlefield(line):
    assert zones_of(line, "triggered", spell=False) == ("battlefield",)


@pytest.mark.parametrize("line", [
    # its own event (may happen in another zone), a condition naming another zone (113.6k), a zone it leaves
    # (113.6m), an effect that is more than the bounce
    "When ~ is put into a graveyard from the battlefield, return ~ to its owner's hand.",
    "Whenever a creature card is put into your graveyard from anywhere, you may return ~ to its owner's hand.",
    "Whenever you cast a spell, you may return ~ from your graveyard to your hand.",
    "Whenever you cast a spell, you may return ~ to its owner's hand and draw a card.",
])
def test_near_misses_of_the_bounce_trigger_may_function_anywhere(line):
    assert zones_of(line, "triggered", spell=False) == ()


def test_a_graveyard_counted_by_delirium_is_not_where_the_line_functions_113_6b():
    line = ("Delirium — At the beginning of each opponent's upkeep, if there are four or more card types among cards "
            "in your graveyard, ~ deals 2 damage to that player.")
    assert zones_of(line, "triggered", spell=False) == ("battlefield",)
    # near miss: the effect moves ~ out of the graveyard (113.6m): it functions there
    assert zones_of("At the beginning of your upkeep, if there are four or more card types among cards in your "
                    "graveyard, return ~ from your graveyard to the battlefield.", "triggered", spell=False) == ()


@pytest.mark.parametrize("line", ["Infect", "Deathtouch", "Lifelink", "Wither", "Indestructible", "Protection from red"])
def test_damage_keywords_are_not_how_a_permanent_enters_614_1c(line):
    (a,) = compile_line(line, line, LineContext(spell=False))
    if a.kind == "unmodelled":
        assert not a.may_concern(Scope.ENTERS) and a.may_concern(Scope.LIFE)
    # near miss: a line that modifies how its object enters keeps the scope
    assert BY_NAME["tribute"].scopes >= {Scope.ENTERS} and BY_NAME["amplify"].scopes >= {Scope.ENTERS}


FUSED = """
id: q
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: %s
      hand: [{card: Alive, id: alive}]
      library: 3
actions:
  - {cast: alive}
expect:
  - {object: alive, zone: stack}
"""


def test_fuse_with_both_halves_castable_adds_the_fused_way_702_102a():
    # 702.102a-c: with {3}{G} and {W} both payable, Alive // Well may be cast as either half or as one fused split
    # spell with both halves' characteristics (``words.split``): each a branch
    games = _run(FUSED % "[Forest, Forest, Forest, Forest, Plains]")
    cast = {(g.state.obj("alive").name, g.state.obj("alive").fused) for g in games}
    assert cast == {("Alive", False), ("Well", False), ("Alive // Well", True)}


def test_fuse_with_one_half_uncastable_casts_the_other_702_102c():
    # 702.102c: the fused spell's total cost includes each half's mana cost; Well's {W} can't be paid, so neither it
    # nor the fused spell can be cast: Alive is the only branch
    games = _run(FUSED % "[Forest, Forest, Forest, Forest]")
    assert len(games) == 1 and games[0].state.obj("alive").name == "Alive"


def test_fuse_with_neither_half_payable_is_a_no_702_102c():
    # 702.102c: one Forest pays neither half, nor the fused spell, whose total cost includes both mana costs
    from mtgjudge.queries.format.fields import QuestionValidator
    from mtgjudge.queries.format.questions import read_question
    from mtgjudge.queries.runner import run_question

    doc = yaml.safe_load("""
id: t
ask: can-play
about: alive
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest]
      hand: [{card: Alive, id: alive}]
    Bob: {}
expect: no
""")
    r = run_question(read_question(QuestionValidator(file="<test>", line=1), doc))
    assert r.status == "pass", (r.status, r.message)


def test_an_unread_keyword_cost_of_several_parts_keeps_the_keywords_zones():
    # "Escape—{2}{R}, Exile two other cards from your graveyard.": the keyword (702.138a), not a spell instruction;
    # it functions in the graveyard, where it may let the card be cast (113.6, 601.3)
    a = _ability("Escape—{2}{R}, Exile two other cards from your graveyard.")
    assert a.functions_in("graveyard") and a.may_concern(Scope.CAST_OPTIONS)


def test_words_after_flashback_that_are_no_cost_keep_every_scope():
    # Catalyst Stone's "Flashback costs you pay cost up to {2} less." is no flashback keyword (702.34a takes a cost):
    # unmodelled, it may change anything, wherever the card is
    a = compile_line("Flashback costs you pay cost up to {2} less.", "Flashback costs you pay cost up to {2} less.",
                     LineContext(spell=False))[0]
    assert a.kind == "unmodelled" and a.scope == () and a.zones == ()


@pytest.mark.parametrize("line,keyword,cost", [
    ("Flashback {2}{U}", "Flashback", "{2}{U}"),
    ("Flashback—{1}{U}, Pay 3 life.", "Flashback", "{1}{U}, Pay 3 life"),
    ("Flashback—Tap three untapped white creatures you control.", "Flashback",
     "Tap three untapped white creatures you control"),
    ("Jump-start", "Jump-start", None),
    ("Retrace", "Retrace", None),
    ("Aftermath", "Aftermath", None),
])
def test_ways_to_cast_from_the_graveyard_compile_to_their_word(line, keyword, cost):
    # 601.3, 702.34a, 702.133a, 702.81a, 702.127a: every word of the line read, the cost whole
    (a,) = compile_line(line, line, SPELL)
    assert a.kind == "static" and a.static.kind == "cast_from_graveyard"
    assert (a.static.arg("keyword"), a.static.arg("cost")) == (keyword, cost)
