"""Keywords that put +1/+1 counters on a creature as it enters or move them: modular (702.43a), graft (702.58a),
devour (702.82a) and amplify (702.38a). Each is read only whole and said back as the keyword; its choices are made where
the engine performs them (a resolving permanent spell) and are unsupported elsewhere; the near misses (702.43c's
"Modular—Sunburst", "Devour X", 702.82c's "Devour [quality] N", a hand nobody knows) stay unmodelled or
unsupported. Expected answers derived by hand from the rules and rulings cited."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import read_card
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds.branches import perform_actions
from tests.engine_helpers import ask_text

MODULAR = ("Modular 2 (This enters the battlefield with two +1/+1 counters on it. When it dies, you may put its "
           "+1/+1 counters on target artifact creature.)")
DEVOUR = ("Devour 2 (As this enters the battlefield, you may sacrifice any number of creatures. This creature enters "
          "the battlefield with twice that many +1/+1 counters on it.)")
GRAFT = ("Graft 2 (This creature enters the battlefield with two +1/+1 counters on it. Whenever another creature "
         "enters the battlefield, you may move a +1/+1 counter from this creature onto it.)")
AMPLIFY = ("Amplify 1 (As this creature enters the battlefield, put a +1/+1 counter on it for each Beast card you "
           "reveal in your hand.)")


def _record(text: str, type_line: str, pt: tuple[str, str] = ("0", "0")) -> CardRecord:
    return CardRecord("Testy", "normal", (FaceRecord("Testy", "{2}", type_line, text, *pt),))


def _lines(text: str, type_line: str = "Artifact Creature — Construct") -> list:
    return [line for _, lines in read_card(compile_card(_record(text, type_line))) for line in lines]


def _with_card(monkeypatch, text: str, type_line: str, pt: tuple[str, str] = ("0", "0")) -> None:
    cards = list(built_in_cards()) + [compile_card(_record(text, type_line, pt))]
    db = CardDB(cards, known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


def test_modular_is_read_whole_as_the_two_abilities_it_means():
    """702.43a: "This permanent enters with N +1/+1 counters on it" and its dies trigger, said back as the keyword."""
    (line,) = _lines(MODULAR)
    static, trigger = line.abilities
    assert static.static is not None and static.static.kind == "enters_with_counters"
    assert (static.static.arg("counter"), static.static.arg("n")) == ("+1/+1", 2)
    assert trigger.kind == "triggered" and trigger.trigger_event is not None
    assert (trigger.trigger_event.event, trigger.trigger_event.who) == ("dies", "self")
    assert trigger.targets == ("target artifact creature",)
    assert [e.kind for e in trigger.effects] == ["optional", "counter_target_per_own"]
    assert line.rendering == "Modular 2" and line.round_trip, line.rendering


def test_graft_is_read_whole_as_the_two_abilities_it_means():
    """702.58a: "This permanent enters with N +1/+1 counters on it" and "Whenever another creature enters, if this
    permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this permanent onto that creature"."""
    (line,) = _lines(GRAFT, "Creature — Human Mutant")
    static, trigger = line.abilities
    assert static.static is not None and (static.static.arg("counter"), static.static.arg("n")) == ("+1/+1", 2)
    assert trigger.trigger_event is not None and (trigger.trigger_event.event, trigger.trigger_event.who) == (
        "enters", "other")
    assert [e.kind for e in trigger.effects] == ["intervening_if", "optional", "move_counter_to_subject"]
    assert line.rendering == "Graft 2" and line.round_trip, line.rendering


@pytest.mark.parametrize("text, kind, n", [(DEVOUR, "devour", 2), (AMPLIFY, "amplify", 1)])
def test_devour_and_amplify_are_read_as_their_statics(text, kind, n):
    (line,) = _lines(text, "Creature — Beast")
    (a,) = line.abilities
    assert a.static is not None and (a.static.kind, a.static.arg("n")) == (kind, n)
    assert line.round_trip, line.rendering


@pytest.mark.parametrize("text", [
    # 702.43c: modular's number set by sunburst
    "Modular—Sunburst (This enters the battlefield with a +1/+1 counter on it for each color of mana spent to cast "
    "it. When it dies, you may put its +1/+1 counters on target artifact creature.)",
    # Thromok the Insatiable's variable devour, and 702.82c's devour of another quality
    "Devour X, where X is the number of creatures devoured this way (As this enters the battlefield, you may "
    "sacrifice any number of creatures. This creature enters the battlefield with X +1/+1 counters on it for each "
    "of those creatures.)",
    "Devour artifact 1",
    "Amplify X",
    "Graft",
    # 702.82b: "it" is the other creature here, not a creature with devour; and a static's condition not read
    "Whenever another creature enters the battlefield, draw a card for each creature it devoured.",
    "Testy has flying and trample if it devoured a creature.",
])
def test_the_variants_not_read_stay_unmodelled(text):
    assert not _lines(text)[-1].modelled


@pytest.mark.parametrize("text", [
    "{T}: Put a +1/+1 counter on target creature for each -1/-1 counter on Testy.",     # two kinds
    "{T}: Put two +1/+1 counters on target creature for each +1/+1 counter on Testy.",  # two for each
    "{T}: Put a +1/+1 counter on target creature for each +1/+1 counter on it.",        # "it" is not read
])
def test_near_misses_of_the_counted_sentence_are_not_its_word(text):
    (line,) = _lines(text)
    assert "counter_target_per_own" not in [e.kind for a in line.abilities for e in a.effects]


@pytest.mark.parametrize("text", [
    # two targets (Daghatar the Adamant), several counters, any counter (Leech Bonder), "it" for the object itself
    "{1}{G}: Move a +1/+1 counter from target creature onto a second target creature.",
    "{1}: Move two +1/+1 counters from Testy onto target creature.",
    "{U}, {Q}: Move a counter from target creature onto a second target creature.",
    "{1}: Move a +1/+1 counter from it onto target creature.",
])
def test_moves_not_read_stay_unmodelled(text):
    (line,) = _lines(text)
    assert not any(e.kind.startswith("move_counter") for a in line.abilities for e in a.effects)


def test_what_it_devoured_is_counted_on_the_permanent_itself():
    """702.82b: "for each creature it devoured" in its own enters ability names the permanent itself (608.2c)."""
    (line,) = _lines("When Testy enters the battlefield, draw a card for each creature it devoured.")
    (a,) = line.abilities
    assert a.kind == "triggered" and "creature ~ devoured" in repr(a.effects)


def test_a_permanent_the_question_put_on_the_battlefield_devoured_an_unknown_number():
    """702.82b is remembered only by a permanent that entered during the actions: one the question put there is
    unsupported where the count matters (``rules.counts``), never 0."""
    from mtgjudge.model.errors import Unsupported
    from mtgjudge.model.objects import GameObject
    from mtgjudge.model.rules import count_values, counts
    card = compile_card(_record("Devour 1", "Creature — Elemental"))
    o = GameObject(id="m", card=card, owner="Alice", controller="Alice", zone="battlefield")
    # (the count reads the permanent alone: no state, no characteristics)
    with pytest.raises(Unsupported, match="702.82b"):
        count_values.value(None, None, "Alice", counts.parse("creature ~ devoured"), o)  # type: ignore[arg-type]
    assert count_values.value(None, None, "Alice", counts.parse("creatures ~ devoured"),  # type: ignore[arg-type]
                              GameObject(id="m", card=card, owner="Alice", controller="Alice", zone="battlefield",
                                         devoured=2)) == 2


def _outcome(text: str):
    r = ask_text(text)
    assert r.answer is not None
    return r


def test_a_devour_creature_returned_by_an_effect_is_unsupported():
    """702.82a's choice is made where the engine performs it (a resolving permanent spell); Zombify's return puts
    Gorger Wurm onto the battlefield without it: unsupported, never "it enters with no counters"."""
    r = _outcome("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Grizzly Bears, id: bears}, Swamp, Swamp, Swamp, Swamp]
      hand: [{card: Zombify, id: zombify}]
      graveyard: [{card: Gorger Wurm, id: wurm}]
actions:
  - {cast: zombify, targets: [wurm]}
  - resolve: all
expect:
  - {object: wurm, zone: battlefield, counters: {}}
""")
    assert r.answer.unsupported and "devour" in str(r.answer.unsupported), r


def test_amplify_with_a_card_nobody_knows_in_the_hand_is_unsupported():
    """702.38a reads the creature types of the cards in the hand: a card drawn from a library of cards nobody knows
    (Gitaxian Probe, paid with 2 life) may share one with the Rogon: unsupported, never "it enters with none"."""
    r = _outcome("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, Forest, Forest, Forest, Forest, Forest]
      hand: [{card: Glowering Rogon, id: rogon}, {card: Gitaxian Probe, id: probe}]
      library: 3
    Bob: {}
actions:
  - {cast: probe, targets: [Bob]}
  - resolve: all
  - {cast: rogon}
  - resolve: all
expect:
  - {object: rogon, zone: battlefield, counters: {}}
""")
    assert r.answer.unsupported and "702.38a" in str(r.answer.unsupported), r


def test_interchangeable_creatures_are_devoured_by_count():
    """Two Grizzly Bears the question gave no ids are interchangeable: devouring one or the other is one branch,
    so the Wurm enters with 0, 1 or 2 counters, three final states."""
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Grizzly Bears, Grizzly Bears, Mountain, Forest, Forest, Forest, Forest]
      hand: [{card: Gorger Wurm, id: wurm}]
actions:
  - {cast: wurm}
  - resolve: all
expect:
  - {object: wurm, zone: battlefield}
""")
    finals = perform_actions(q)
    assert isinstance(finals, list)
    assert sorted(dict(g.state.obj("wurm").counters).get("+1/+1", 0) for g in finals) == [0, 1, 2]


def test_a_devouring_creature_that_watches_deaths_is_unsupported(monkeypatch):
    """Whether the devouring creature sees the creatures it devours die is not decided by the engine: a creature
    with devour and "Whenever another creature dies" is unsupported as it enters, never an answer."""
    _with_card(monkeypatch, DEVOUR + "\nWhenever another creature dies, you gain 1 life.", "Creature — Horror",
               ("2", "2"))
    r = _outcome("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Grizzly Bears, id: bears}, Swamp, Swamp]
      hand: [{card: Testy, id: testy}]
actions:
  - {cast: testy}
  - resolve: all
expect:
  - {object: testy, zone: battlefield}
""")
    assert r.answer.unsupported and "devours" in str(r.answer.unsupported), r


def test_modular_from_a_graveyard_enters_with_its_counters():
    """702.43a's static applies however it enters (614.1c): Arcbound Worker returned by Zombify is a 1/1."""
    r = _outcome("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp, Swamp]
      hand: [{card: Zombify, id: zombify}]
      graveyard: [{card: Arcbound Worker, id: worker}]
actions:
  - {cast: zombify, targets: [worker]}
  - resolve: all
expect:
  - {object: worker, zone: battlefield, counters: {"+1/+1": 1}, power: 1, toughness: 1}
""")
    assert r.status == "pass", r
