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
