"""State triggers (603.8): "When you control no Islands, sacrifice ~." triggers as soon as the game state matches its
condition (``engine.triggers.state_triggered``, asked after every zone change and every check of state-based
actions), and not again until it has left the stack. Each near miss is a line with a piece the reading does not
take: it stays unmodelled."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import read_card
from mtgjudge.model.selectors import Selector
from tests.engine_helpers import ask_text


def compiled(text: str, type_line: str = "Creature — Fish"):
    return compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{U}", type_line, text, "4", "1"),)))


@pytest.mark.parametrize("text, kind", [
    ("When you control no Islands, sacrifice Test Card.", Selector(subtypes=("Island",), controller="you")),
    ("When you control no other creatures, sacrifice Test Card.",
     Selector(types=("Creature",), controller="you", other=True)),
    ("When you control no snow lands, sacrifice Test Card.",
     Selector(types=("Land",), supertypes=("Snow",), controller="you")),
])
def test_you_control_no_reads_a_state_trigger(text, kind):
    a, = compiled(text).faces[0].abilities
    assert a.kind == "triggered" and a.effects[0].kind == "sacrifice_self"
    t = a.trigger_event
    assert t is not None and (t.event, t.who) == ("control_none", "you") and t.what is not None
    assert t.what.objects == (kind,)


def test_the_state_trigger_reads_back_as_written():
    card = compiled("When you control no other artifacts, sacrifice Test Card.", "Artifact Creature — Construct")
    (line,), = [lines for _, lines in read_card(card)]
    assert line.round_trip and line.rendering.startswith("When you control no other artifacts, ")


@pytest.mark.parametrize("text", [
    # a chosen color (Lurebound Scarecrow) is not a kind the noun phrases read
    "When you control no permanents of the chosen color, sacrifice Test Card.",
    # two kinds at once: not read
    "When you control no Islands or Swamps, sacrifice Test Card.",
    # another player's permanents, and permanents anywhere: other conditions
    "When an opponent controls no Islands, sacrifice Test Card.",
    "When there are no creatures on the battlefield, sacrifice Test Card.",
    # a count of counters on the object itself (Afiya Grove) is not read
    "When Test Card has no +1/+1 counters on it, sacrifice it.",
    # a controller said inside the noun phrase as well
    "When you control no Islands you control, sacrifice Test Card.",
])
def test_near_misses_stay_unmodelled(text):
    a, = compiled(text).faces[0].abilities
    assert a.kind == "unmodelled"


def test_the_kind_is_counted_for_its_controller_only():
    # 109.5: "you" is the ability's controller; with a controller given, the phrase is refused
    a, = compiled("When you control no Islands, sacrifice Test Card.").faces[0].abilities
    sel, = a.trigger_event.what.objects
    assert replace(sel, controller="any") == Selector(subtypes=("Island",))


ONE_ISLAND = """
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [{card: Dandân, id: fish}, {card: Island, id: isl}]
    Bob:
      battlefield: [Mountain, Mountain]
      hand: [{card: Lightning Bolt, id: b1}, {card: Lightning Bolt, id: b2}]
actions:
  - destroy: isl
  - {cast: b1, targets: [Alice]}
  - resolve: 1
  - {cast: b2, targets: [Alice]}
  - resolve: 1
expect: [{stack_size: 1}, {object: fish, zone: battlefield}, {player: Alice, life: 14}]
"""


def test_a_state_trigger_on_the_stack_does_not_trigger_again():
    # 603.8: two more events with the state still matching: the one ability stays the only one on the stack
    r = ask_text(ONE_ISLAND)
    assert r.status == "pass", r.message


ENTERS_ALONE = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, Forest, Forest, Forest<more>]
      hand: [{card: Synod Centurion, id: cent}]
    Bob: {}
actions:
  - cast: cent
  - resolve: 1
expect: [{stack_size: 1}, {object: cent, zone: battlefield}]
"""


def test_a_permanent_entering_into_the_state_triggers_at_once():
    # 603.8: Synod Centurion enters while its controller controls no other artifact: the state matches at once
    r = ask_text(ENTERS_ALONE.replace("<more>", ""))
    assert r.status == "pass", r.message
    # with another artifact, nothing triggers: the stack is empty once the Centurion has resolved
    r = ask_text(ENTERS_ALONE.replace("<more>", ", Ornithopter"))
    assert r.status == "fail"


def with_creature(monkeypatch, name: str, text: str) -> None:
    """The built-in cards and one more creature, ``name`` with the Oracle text ``text``."""
    from mtgjudge.model.cards import lookup
    from mtgjudge.model.cards.loader import built_in_cards, known_names
    from mtgjudge.model.cards.lookup import CardDB

    record = CardRecord(name, "normal", (FaceRecord(name, "{U}", "Creature — Fish", text, "2", "2"),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


UNREAD_EFFECT = """
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [{card: Reef Fish, id: fish}, {card: Island, id: isl}, Island]
    Bob: {}
actions:
  - destroy: isl
expect: [{object: fish, zone: battlefield}]
"""


def test_an_unmodelled_state_trigger_is_unsupported_only_when_the_state_matches(monkeypatch):
    # the condition is read, the effect is not: the line is unmodelled, and matters only once it triggers
    with_creature(monkeypatch, "Reef Fish", "When you control no Islands, Reef Fish phases out.")
    a, = compiled("When you control no Islands, Test Card phases out.").faces[0].abilities
    assert a.kind == "unmodelled"
    r = ask_text(UNREAD_EFFECT)
    assert r.status == "pass", r.message          # another Island is left: it does not trigger
    r = ask_text(UNREAD_EFFECT.replace(", Island]", "]"))
    assert r.status == "unsupported" and "Reef Fish" in (r.message or ""), (r.status, r.message)
