"""Triggered abilities that sacrifice their own permanent (603.2): "At the beginning of the end step, sacrifice ~."
(513.1a's wording for every turn's end step, once "at end of turn"). Each near miss is a line with a piece the
readings do not take: it stays unmodelled."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import read_card
from mtgjudge.model.vocab.abilities import TriggerEvent


def compiled(text: str, type_line: str = "Creature — Elemental"):
    return compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{R}", type_line, text, "3", "1"),)))


def test_the_end_step_is_each_end_step():
    # 513.1a: "the end step" triggers at the beginning of every player's end step, as "each end step" does
    a, = compiled("At the beginning of the end step, sacrifice Test Card.").faces[0].abilities
    assert a.kind == "triggered" and a.effects[0].kind == "sacrifice_self"
    assert a.trigger_event == TriggerEvent("end", "each", the=True)
    assert a.trigger_event.on("end") and not a.trigger_event.on("upkeep")


def test_the_end_step_reads_back_as_written():
    card = compiled("At the beginning of the end step, sacrifice Test Card.")
    (line,), = [lines for _, lines in read_card(card)]
    assert line.round_trip and line.rendering.startswith("At the beginning of the end step, ")
    each = compiled("At the beginning of each end step, sacrifice Test Card.").faces[0].abilities[0]
    assert each.trigger_event == TriggerEvent("end", "each") != compiled(
        "At the beginning of the end step, sacrifice Test Card.").faces[0].abilities[0].trigger_event


@pytest.mark.parametrize("text", [
    # a condition the sacrifice reading does not take (Instill Furor's granted line, said of the end step)
    "At the beginning of the end step, sacrifice Test Card unless it attacked this turn.",
    # an intervening "if" (603.4) not read
    "At the beginning of the end step, if Test Card attacked this turn, sacrifice it.",
    # "the next end step" is a delayed trigger's wording (603.7), not a permanent's own condition
    "At the beginning of the next end step, sacrifice Test Card.",
    "At the beginning of the end step of each turn, sacrifice Test Card.",
])
def test_near_misses_stay_unmodelled(text):
    a, = compiled(text).faces[0].abilities
    assert a.kind == "unmodelled"


# ---------------------------------------------------------------- "When ~ becomes the target of a spell or ability"

def test_becoming_a_target_reads_its_own_event_and_sacrifice_it():
    # 608.2c: "it" is the object the condition names (the Illusions' "sacrifice it")
    a, = compiled("When Test Card becomes the target of a spell or ability, sacrifice it.").faces[0].abilities
    assert a.kind == "triggered" and a.trigger_event == TriggerEvent("becomes_target")
    assert a.effects[0].kind == "sacrifice_self"


@pytest.mark.parametrize("text", [
    # only spells: the grammar takes the whole "a spell or ability" alone
    "When Test Card becomes the target of a spell, sacrifice it.",
    # ward's condition ("an opponent controls", 702.21a) is not this one
    "When Test Card becomes the target of a spell or ability an opponent controls, sacrifice it.",
    # the spell's controller (Lava Runner) is not read
    "Whenever Test Card becomes the target of a spell or ability, that spell or ability's controller sacrifices a land.",
    # another object's becoming a target (Horobi) is not read as a line
    "Whenever a creature becomes the target of a spell or ability, destroy that creature.",
])
def test_becoming_a_target_near_misses_stay_unmodelled(text):
    a, = compiled(text).faces[0].abilities
    assert a.kind == "unmodelled"


TARGETED = """
id: t
ask: outcome
state:
  turn: {{active: Bob}}
  players:
    Alice:
      battlefield: [{{card: Phantasmal Bear, id: bear}}]
    Bob:
      battlefield: [Mountain, Mountain, Mountain, Mountain]
      hand: [{{card: {card}, id: c}}]
actions:
  - {{cast: c{targets}}}
  - resolve: all
expect: [{{object: bear, zone: graveyard}}]
"""


def test_a_triggered_ability_that_may_target_it_is_unsupported():
    # 603.3d: targets chosen as a triggered ability is put on the stack: the engine does not perform the trigger
    from tests.engine_helpers import ask_text

    r = ask_text(TARGETED.format(card="Flametongue Kavu", targets=""))
    assert r.status == "unsupported" and "becomes a target" in (r.message or r.answer.unsupported)

