"""Explore (701.44): the concept ``words.explore`` (its record, its reader, its performer). Expected answers come
from CR 701.44a-c and the explore cards' rulings (2018-01-19); each near miss is a line with a piece the reading
does not take: it stays unmodelled."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.vocab.parse import parse_effect
from tests.engine_helpers import ask_text

REMINDER = (" (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a "
            "+1/+1 counter on this creature, then put the card back or put it into your graveyard.)")


def compiled(text: str):
    return compile_card(CardRecord("Test Card", "normal",
                                   (FaceRecord("Test Card", "{1}{G}", "Creature — Merfolk Scout", text, "2", "1"),)))


@pytest.mark.parametrize("text, times", [
    ("When Test Card enters the battlefield, it explores." + REMINDER, 1),
    ("When Test Card enters the battlefield, it explores, then it explores again.", 2),
    ("Whenever Test Card deals combat damage to a player, it explores." + REMINDER, 1),
])
def test_its_own_explore_is_read(text, times):
    a, = compiled(text).faces[0].abilities
    assert a.kind == "triggered" and [(e.kind, e.arg("times")) for e in a.effects] == [("explore", times)]


def test_whenever_a_creature_you_control_explores_is_read():
    # 701.44b: Lurking Chupacabra's and Shadowed Caravel's condition, any creature its controller controls
    a, = compiled("Whenever a creature you control explores, put a +1/+1 counter on Test Card.").faces[0].abilities
    t = a.trigger_event
    assert a.kind == "triggered" and t is not None and (t.event, t.who) == ("explores", "any")
    assert t.render() == "Whenever a creature you control explores"


def test_an_activated_explore_is_its_source_exploring():
    a, = compiled("{1}, Discard a card: Test Card explores." + REMINDER).faces[0].abilities
    assert a.kind == "activated" and a.effects[0].kind == "explore"


def test_the_word_renders_and_validates():
    assert parse_effect({"explore": {"times": 1}}).text() == "~ explores"
    assert parse_effect({"explore": {"times": 2}}).text() == "~ explores, then it explores again"
    with pytest.raises(DefinitionError, match="times"):
        parse_effect({"explore": {"times": 3}})


@pytest.mark.parametrize("text", [
    # another permanent explores (Enter the Unknown, Path of Discovery): not read
    "Target creature you control explores.",
    "Whenever a creature enters the battlefield under your control, it explores.",
    # "whenever a creature you control explores" (Wildgrowth Walker): its effect's "and you gain 3 life" is not read
    "Whenever a creature you control explores, put a +1/+1 counter on Test Card and you gain 3 life.",
    # "it" of another creature's explore: which object it names is not read
    "Whenever a creature you control explores, it gets +1/+1 until end of turn.",
    # a count of explores the reading does not take
    "When Test Card enters the battlefield, it explores twice.",
])
def test_near_misses_stay_unmodelled(text):
    a, = compiled(text).faces[0].abilities
    assert a.kind == "unmodelled"


UNKNOWN_LIBRARY = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, Forest]
      hand: [{card: Merfolk Branchwalker, id: walker}]
      library: 5
    Bob: {}
actions:
  - cast: walker
  - resolve: all
expect: [EXPECT]
"""


@pytest.mark.parametrize("expect, status", [
    # a card nobody knows may be a land card (into the hand) or not (a counter): neither holds in every branch
    ("{object: walker, counters: {}}", "fail"),
    ('{object: walker, counters: {"+1/+1": 1}}', "fail"),
    # the card is put into the hand, left on top, or put into the graveyard: the library loses at most one card
    ("{count: 1, name: Merfolk Branchwalker, zone: battlefield}", "pass"),
])
def test_a_card_nobody_knows_on_top_is_each_kind_of_card(expect, status):
    r = ask_text(UNKNOWN_LIBRARY.replace("EXPECT", expect))
    assert r.status == status, r.message


LEFT = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, Forest]
      hand: [{card: Merfolk Branchwalker, id: walker}]
      library: [{card: Grizzly Bears, id: top}]
    Bob: {}
actions:
  - cast: walker
  - resolve: 1
  - destroy: walker
  - resolve: all
expect: [{object: top, zone: library}]
"""


def test_a_permanent_that_left_the_battlefield_is_unsupported():
    # 701.44c: it still explores, its controller as it last existed there: not kept for an enters trigger
    r = ask_text(LEFT)
    assert r.status == "unsupported" and "701.44c" in (r.message or "")


def with_creature(monkeypatch, name: str, text: str) -> None:
    """The built-in cards and one more creature, ``name`` with the Oracle text ``text``."""
    from mtgjudge.model.cards import lookup
    from mtgjudge.model.cards.loader import built_in_cards, known_names
    from mtgjudge.model.cards.lookup import CardDB

    record = CardRecord(name, "normal", (FaceRecord(name, "{1}{G}", "Creature — Elemental", text, "1", "3"),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


WATCHED = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Grove Watcher, id: watcher}, Forest, Forest]
      hand: [{card: Merfolk Branchwalker, id: walker}]
      library: [{card: Forest, id: top}]
    Bob: {}
actions:
  - cast: walker
  - resolve: all
expect: [{object: top, zone: hand}]
"""


def test_an_unread_explores_trigger_is_unsupported_once_a_creature_explores(monkeypatch):
    # Wildgrowth Walker's line, its "and you gain 3 life" not read: as the Branchwalker explores it triggers
    with_creature(monkeypatch, "Grove Watcher", "Whenever a creature you control explores, put a +1/+1 counter on "
                                                "Grove Watcher and you gain 3 life.")
    r = ask_text(WATCHED)
    assert r.status == "unsupported" and "Grove Watcher" in (r.message or ""), (r.status, r.message)
    # read whole, it is performed: one counter on it, once the exploring is done
    with_creature(monkeypatch, "Grove Watcher", "Whenever a creature you control explores, put a +1/+1 counter on "
                                                "Grove Watcher.")
    r = ask_text(WATCHED.replace("[{object: top, zone: hand}]", '[{object: watcher, counters: {"+1/+1": 1}}]'))
    assert r.status == "pass", r.message
