"""Persist (702.79a) and undying (702.93a) read as the triggered abilities their rules mean, said back as the
keywords only where the encoding is exactly that meaning, and performed: the intervening "if" on the object as it
last existed on the battlefield (603.4, 603.10a), the card returned from the graveyard only if it is still the card
put there (400.7). Expected answers derived from the rules and Kitchen Finks's rulings (2013-06-07)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import as_keyword, read_card
from mtgjudge.model.vocab.parse import parse_effect
from tests.engine_helpers import ask_text


def _lines(text: str, type_line: str = "Creature — Ouphe") -> list:
    face = FaceRecord("Testy", "{2}", type_line, text, "2", "2")
    return [line for _, lines in read_card(compile_card(CardRecord("Testy", "normal", (face,)))) for line in lines]


@pytest.mark.parametrize("keyword, kind", [("Persist", "-1/-1"), ("Undying", "+1/+1")])
def test_the_keyword_is_its_dies_trigger_said_back_as_the_keyword(keyword, kind):
    (line,) = _lines(f"{keyword} (When this creature dies, if it had no {kind} counters on it, return it to the "
                     f"battlefield under its owner's control with a {kind} counter on it.)")
    (a,) = line.abilities
    assert a.kind == "triggered" and a.trigger_event is not None and a.trigger_event.event == "dies"
    assert a.intervening == f"no_counters:{kind}" and [e.kind for e in a.effects] == ["return_with_counter"]
    assert line.rendering == keyword and line.round_trip


def test_an_ability_other_than_the_meaning_is_not_said_as_the_keyword():
    (line,) = _lines("Persist")
    a = line.abilities[0]
    other = replace(a, effects=(parse_effect({"return_with_counter": {"counter": "+1/+1"}}),))
    assert other.render() == ("When ~ dies, if it had no -1/-1 counters on it, return it to the battlefield under its "
                              "owner's control with a +1/+1 counter on it.")
    assert as_keyword(a, "") == "Persist" and as_keyword(replace(a, intervening=""), "") is None


def test_a_keyword_with_words_after_it_is_not_read():
    (line,) = _lines("Persist 2")
    assert not line.modelled


def test_the_word_takes_only_the_two_kinds_of_counter():
    with pytest.raises(DefinitionError, match="counter must be one of"):
        parse_effect({"return_with_counter": {"counter": "charge"}})


_BOARD = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{{card: Kitchen Finks, id: finks, counters: {counters}}}, {{card: Howlgeist, id: geist, counters: {counters}}}]
    Bob: {{}}
actions:
  - {{destroy: finks}}
  - {{destroy: geist}}
  - resolve: all
expect:
  - {{object: finks, zone: {finks}}}
  - {{object: geist, zone: {geist}}}
"""


@pytest.mark.parametrize("counters, finks, geist", [
    ("{}", "battlefield", "battlefield"),
    ('{"-1/-1": 1}', "graveyard", "battlefield"),
    ('{"+1/+1": 1}', "battlefield", "graveyard"),
])
def test_only_a_counter_of_its_own_kind_keeps_it_in_the_graveyard(counters, finks, geist):
    """702.79a, 702.93a: persist reads -1/-1 counters, undying +1/+1 counters, as it last existed (603.10a)."""
    result = ask_text(_BOARD.format(counters=counters, finks=finks, geist=geist))
    assert result.status == "pass", result
