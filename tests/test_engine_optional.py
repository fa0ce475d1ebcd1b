"""Optional instructions (608.2d) and the instructions depending on that choice (608.2c): reading ("You may
<instruction>" around any instruction the readers read; "If you do / If you don't" only after one) and
resolution (both choices are branches; an instruction that changed nothing was not done, 609.3). Expected
values are worked out by hand from the CR."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone


def kinds(text: str) -> list[str | None]:
    read = read_effect_words(sentences(text))
    assert read is not None
    return [w.kind if w is not None else None for w in read[0]]


def test_you_may_wraps_the_instruction_the_readers_read():
    assert kinds("You may destroy target artifact.") == ["optional", "destroy"]
    # a sentence another reader reads whole with its own "may" stays theirs ("you may search", 701.23)...
    assert kinds("You may shuffle.") == ["shuffle"]
    words, targets = read_effect_words(sentences("You may destroy target creature."))
    assert [w.kind for w in words] == ["optional", "destroy"]
    assert targets == ["target creature"]      # chosen as it is put on the stack (601.2c)


def test_if_you_do_and_if_you_dont_follow_an_optional_instruction():
    assert kinds("You may discard a card. If you do, draw a card.") == ["optional", "player_acts", "if_you_do", "draw"]
    # ...unless "If you do" depends on it (608.2c)
    assert kinds("You may draw a card. If you don't, you gain 3 life.") == \
        ["optional", "draw", "if_you_dont", "gain_life"]


@pytest.mark.parametrize("text", [
    "Draw a card. If you do, you gain 3 life.",               # nothing optional before "If you do"
    "You may cast a creature spell from your graveyard.",     # a permission (611.2a), not an instruction
    "Any player may draw a card.",                            # another player's choice
    "You may draw a card unless an opponent pays {2}.",
    "You may pay 2 life. If you do, draw a card.",            # a cost of life paid on resolution (118.12)
])
def test_near_misses_stay_unread(text):
    read = read_effect_words(sentences(text))
    assert read is None or None in read[0] or "optional" not in [w.kind for w in read[0] if w is not None]


def test_if_you_do_alone_is_unread():
    assert kinds("Draw a card. If you do, you gain 3 life.")[-1] is None


STATE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{lands}]
      hand: [{{card: {card}, id: it}}{hand}]
      library: [{{card: Grizzly Bears, id: top}}]
    Bob:
      battlefield: {bob}
actions:
  - cast: it
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def finals(card: str, lands: str, hand: str = "", bob: str = "[]") -> list[Game]:
    (q,) = load_text(STATE.format(card=card, lands=lands, hand=hand, bob=bob))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_may_discard_if_you_do_draw_has_two_outcomes():
    games = finals("Keldon Raider", "Mountain, Mountain, Mountain, Mountain", hand=", {card: Lightning Bolt, id: bolt}")
    got = sorted((zone(g, "bolt"), zone(g, "top")) for g in games)
    # 608.2d: discarded (then drew the Bears, 608.2c) or declined (nothing drawn)
    assert got == [("graveyard", "hand"), ("hand", "library")]


def test_may_discard_with_nothing_to_discard_draws_nothing():
    g = one(finals("Keldon Raider", "Mountain, Mountain, Mountain, Mountain"))
    assert zone(g, "top") == "library"          # 608.2c, 609.3: she didn't discard, so she doesn't draw


def test_may_destroy_target_both_choices():
    games = finals("Reclamation Sage", "Forest, Forest, Forest", bob="[{card: Ornithopter, id: thopter}]")
    assert sorted(zone(g, "thopter") for g in games) == ["battlefield", "graveyard"]


# -- costs paid "unless" at the beginning of an upkeep: echo (702.30a) and cumulative upkeep (702.24a) ----------

def _line(text: str, type_line: str = "Creature — Elf"):
    """The one line of a card with this text, as the compiler reads it back."""
    from mtgjudge.model.cards.sources import CardRecord, FaceRecord
    from mtgjudge.model.oracle import compile_card
    from mtgjudge.model.oracle.reading import read_card

    card = compile_card(CardRecord("Testcard", "normal", (FaceRecord(name="Testcard", mana_cost="{G}",
                                                                     type_line=type_line, text=text, power="2",
                                                                     toughness="2"),)))
    ((_, (line,)),) = read_card(card)
    return line


@pytest.mark.parametrize("text, said, effects", [
    ("Echo {1}{G} (At the beginning of your upkeep, if this came under your control since the beginning of your last "
     "upkeep, sacrifice it unless you pay its echo cost.)", "Echo {1}{G}", [("sacrifice_unless", "pay")]),
    ("Echo—Discard a card.", "Echo—Discard a card.", [("sacrifice_unless", "discard")]),
    ("Echo—Sacrifice two lands.", "Echo—Sacrifice two lands.", [("sacrifice_unless", "sacrifice_own")]),
    ("Cumulative upkeep {1}{U}", "Cumulative upkeep {1}{U}", [("counter", None), ("sacrifice_unless", "pay")]),
    ("Cumulative upkeep—Pay 2 life.", "Cumulative upkeep—Pay 2 life.", [("counter", None), ("sacrifice_unless", "pay")]),
    ("Cumulative upkeep—Pay {B} and 1 life.", "Cumulative upkeep—Pay {B} and 1 life.",
     [("counter", None), ("sacrifice_unless", "pay")]),
])
def test_upkeep_keywords_read_as_their_meaning_and_back_as_the_keyword(text, said, effects):
    line = _line(text)
    (a,) = line.abilities
    assert line.rendering == said and line.round_trip
    assert a.kind == "triggered" and a.trigger_event.event == "upkeep" and a.trigger_event.who == "you"
    assert [(e.kind, e.arg("action")) for e in a.effects] == effects
    assert a.intervening == ("on_battlefield" if a.keyword == "Cumulative upkeep" else "controlled_since_last_upkeep")
    if a.keyword == "Cumulative upkeep":
        assert dict(a.effects[0].args) == {"kind": "age", "n": 1} and a.effects[1].arg("per_counter") == "age"


@pytest.mark.parametrize("text", [
    "Cumulative upkeep {W} or {U}",                  # a choice for each age counter (702.24a), not read
    "Cumulative upkeep—Sacrifice a creature.",       # a different creature for each counter: not read
    "Cumulative upkeep—Add {R}.",
    "Echo {X}",
    "Echo",                                           # no cost (the Urza block's printed echo, 702.30b)
])
def test_upkeep_keyword_costs_not_read_stay_unmodelled(text):
    line = _line(text)
    assert not line.modelled and [a.kind for a in line.abilities] == ["unmodelled"]


def test_the_keyword_form_is_said_only_of_the_meaning_itself():
    from dataclasses import replace

    (a,) = _line("Echo {G}").abilities
    assert a.render() == "Echo {G}"
    # another condition, another event or a multiplied cost is not what echo means: not said as echo, but as the
    # ability it is (or not at all)
    def not_a_keyword(ability) -> bool:
        said = ability.render()
        return said is None or not said.startswith(("Echo", "Cumulative upkeep"))

    assert not_a_keyword(replace(a, intervening="kicked"))
    assert not_a_keyword(replace(a, intervening=""))
    (cu,) = _line("Cumulative upkeep {G}").abilities
    assert not_a_keyword(replace(a, effects=cu.effects[1:]))
    assert not_a_keyword(replace(cu, effects=cu.effects[1:]))
    assert not_a_keyword(replace(cu, keyword="Echo"))


def _state(step: str, active: str, **status):
    from mtgjudge.model.build import obj, state_of

    return state_of(obj("acolyte", "Multani's Acolyte", **status), active=active, step=step)


def test_controlled_since_last_upkeep_counts_the_upkeeps_begun():
    from mtgjudge.model.errors import Unsupported
    from mtgjudge.model.rules.timing import controlled_since_last_upkeep, upkeeps_controlled

    # 302.6: not under her control as her turn began, so after its upkeep began
    assert upkeeps_controlled(_state("precombat-main", "Alice", summoning_sick=True), "acolyte") == 0
    assert controlled_since_last_upkeep(_state("precombat-main", "Bob", summoning_sick=True), "acolyte")
    # in her upkeep, the one in progress is not her last (Paradox Haze ruling 2006-09-25)
    assert controlled_since_last_upkeep(_state("upkeep", "Alice", upkeeps_controlled=1), "acolyte")
    assert not controlled_since_last_upkeep(_state("upkeep", "Alice", upkeeps_controlled=2), "acolyte")
    assert not controlled_since_last_upkeep(_state("precombat-main", "Alice", upkeeps_controlled=1), "acolyte")
    assert not controlled_since_last_upkeep(_state("upkeep", "Bob", upkeeps_controlled=1), "acolyte")
    with pytest.raises(Unsupported, match="upkeeps_controlled"):
        controlled_since_last_upkeep(_state("precombat-main", "Alice"), "acolyte")


UPKEEP = """
id: t
ask: outcome
state:
  turn: {{active: Bob}}
  players:
    Alice:
      battlefield: [{{card: Forest, id: f1}}, {acolyte}]
    Bob: {{}}
actions:
  - advance: next-turn
expect: [{{stack_size: 0}}]
"""


def test_echo_whose_history_is_not_known_is_unsupported_naming_the_key():
    from tests.engine_helpers import ask_text

    r = ask_text(UPKEEP.format(acolyte="{card: \"Multani's Acolyte\", id: a}"))
    assert r.status == "unsupported" and "upkeeps_controlled" in (r.message or r.answer.unsupported)
    # told, it is answered: an Acolyte controlled since before Alice's last upkeep does not trigger
    assert ask_text(UPKEEP.format(acolyte="{card: \"Multani's Acolyte\", id: a, upkeeps_controlled: 1}")).status == "pass"


def test_upkeeps_controlled_is_a_count_of_a_permanent():
    from mtgjudge.queries.format.files import load_text as load

    (bad,) = load(UPKEEP.format(acolyte="{card: \"Multani's Acolyte\", id: a, upkeeps_controlled: -1}"))
    assert isinstance(bad, Exception) and "upkeeps_controlled" in str(bad)
    (q,) = load(UPKEEP.replace("battlefield: [{{card: Forest, id: f1}}, {acolyte}]",
                               "hand: [{{card: Forest, upkeeps_controlled: 0}}]").format())
    assert isinstance(q, Exception) and "only for permanents" in str(q)


def test_gaining_control_starts_the_count_again():
    from mtgjudge.model.words.until.perform import set_controller

    g = Game(_state("precombat-main", "Alice", upkeeps_controlled=4))
    o = set_controller(g, "acolyte", "Bob", ("613.1b",)).state.obj("acolyte")
    assert o.controller == "Bob" and o.upkeeps_controlled == 0


def test_a_payment_for_each_age_counter_is_made_whole_or_not_at_all():
    # 702.24a: three age counters, {G} each: with two Forests only not paying is left (118.3)
    games = run(Game(one_state(3)), [{"advance": "next-turn"}, {"resolve": 1}])
    assert {zone(g, "efreet") for g in games} == {"graveyard"}
    games = run(Game(one_state(2)), [{"advance": "next-turn"}, {"resolve": 1}])
    assert sorted(zone(g, "efreet") for g in games) == ["battlefield", "graveyard"]
    paid = next(g for g in games if zone(g, "efreet") == "battlefield")
    assert dict(paid.state.obj("efreet").counters) == {"age": 2}


def one_state(age_after: int):
    (q,) = load_text(f"""
id: t
ask: outcome
state:
  turn: {{active: Bob}}
  players:
    Alice:
      battlefield: [Forest, Forest, {{card: Uktabi Efreet, id: efreet, counters: {{age: {age_after - 1}}}}}]
    Bob: {{}}
actions: [{{advance: next-turn}}]
expect: [{{stack_size: 0}}]
""")
    assert not isinstance(q, Exception), q
    return q.state


@pytest.mark.parametrize("text, inner", [
    ("~ deals 8 damage to you unless you pay {G}{G}{G}{G}.", "damage_you"),
    ("You lose 2 life unless you pay {B}.", "lose_life"),
    ("Destroy target creature unless you pay 2 life.", "destroy"),
    ("You lose 3 life unless you pay {1} and 1 life.", "lose_life"),
])
def test_an_instruction_unless_you_pay_is_the_marker_then_the_instruction(text, inner):
    assert kinds(text) == ["unless_you_pay", inner]


@pytest.mark.parametrize("text", [
    "Draw a card unless target opponent pays {2}.",          # another player pays
    "You lose 2 life unless you pay {X}.",                   # a cost the marker does not say
    "You lose 2 life unless you discard a card.",
    "You may draw a card unless you pay {1}.",               # a choice of its own
])
def test_unless_near_misses_stay_unread(text):
    read = read_effect_words(sentences(text))
    assert read is None or None in read[0] or "unless_you_pay" not in [w.kind for w in read[0] if w is not None]


def test_sacrifice_it_unless_stays_its_own_word():
    assert kinds("Sacrifice ~ unless you pay {U}.") == ["sacrifice_unless"]
