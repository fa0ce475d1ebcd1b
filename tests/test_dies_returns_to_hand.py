"""A permanent's own dies trigger returning the card that died to its owner's hand ("When ~ dies, return it to its
owner's hand."; of a noncreature "When ~ is put into a graveyard from the battlefield, return ~ to its owner's
hand.", 700.4): read only whole, said back in the card's words, and performed on the card in the graveyard, a new
object (400.7), only while it is still there (Mortus Strider's ruling 2013-01-24). The near misses stay unmodelled
or unsupported. Expected answers derived by hand from the rules and rulings cited."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import read_card
from mtgjudge.model.vocab.parse import parse_effect
from tests.engine_helpers import ask_text


def _record(text: str, type_line: str) -> CardRecord:
    pt = ("1", "1") if "Creature" in type_line else (None, None)
    return CardRecord("Testy", "normal", (FaceRecord("Testy", "{2}", type_line, text, *pt),))


def _lines(text: str, type_line: str = "Creature — Skeleton") -> list:
    return [line for _, lines in read_card(compile_card(_record(text, type_line))) for line in lines]


@pytest.mark.parametrize("text, type_line, said", [
    ("When Testy dies, return it to its owner's hand.", "Creature — Skeleton", "it"),
    ("When Testy dies, return Testy to its owner's hand.", "Creature — Phoenix", "~"),
    ("When Testy is put into a graveyard from the battlefield, return Testy to its owner's hand.", "Artifact", "~"),
])
def test_the_line_is_read_whole_and_said_back_in_its_words(text, type_line, said):
    (line,) = _lines(text, type_line)
    (a,) = line.abilities
    assert a.kind == "triggered" and a.trigger_event is not None and a.trigger_event.event == "dies"
    assert a.trigger_event.who == "self" and a.zones == ("battlefield",)       # 603.10a: it looks back in time
    assert [(e.kind, e.arg("said")) for e in a.effects] == [("return_itself_to_hand", said)]
    assert line.round_trip, line.rendering


@pytest.mark.parametrize("text, type_line", [
    # another object's event: the Aura's own card returns from where 704.5m put it (Angelic Destiny)
    ("Enchant creature\nWhen enchanted creature dies, return Testy to its owner's hand.", "Enchantment — Aura"),
    # a choice, a second instruction, another event (from exile too), "whenever", another zone
    ("When Testy dies, you may return it to its owner's hand.", "Creature — Skeleton"),
    ("When Testy dies, return it to its owner's hand and you gain 2 life.", "Creature — Skeleton"),
    ("When Testy dies, return it to its owner's hand. You gain 2 life.", "Creature — Skeleton"),
    ("When Testy leaves the battlefield, return it to its owner's hand.", "Creature — Skeleton"),
    ("Whenever Testy dies, return it to its owner's hand.", "Creature — Skeleton"),
    ("When Testy dies, return it to the battlefield under its owner's control.", "Creature — Skeleton"),
])
def test_near_misses_stay_unmodelled(text, type_line):
    lines = _lines(text, type_line)
    assert not lines[-1].modelled or "return_itself_to_hand" not in [e.kind for a in lines[-1].abilities
                                                                        for e in a.effects]


def test_the_ones_that_must_not_be_read_are_not():
    """The choice and the other events are no reading of this word, and no other reader reads them whole."""
    for text in ("When Testy dies, you may return it to its owner's hand.",
                 "When Testy leaves the battlefield, return it to its owner's hand.",
                 "When Testy dies, return it to its owner's hand and you gain 2 life."):
        assert not _lines(text)[-1].modelled, text


def test_the_word_names_the_card_only_as_it_or_its_name():
    with pytest.raises(DefinitionError, match="said must be one of"):
        parse_effect({"return_itself_to_hand": {"said": "that card"}})


def _with_card(monkeypatch, text: str, type_line: str) -> None:
    cards = list(built_in_cards()) + [compile_card(_record(text, type_line))]
    db = CardDB(cards, known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


def test_rest_in_peace_exiles_it_instead_so_it_never_dies():
    """614.1a, 700.4: under Rest in Peace the Strider is exiled instead of being put into a graveyard: it didn't
    die, its ability doesn't trigger, and it stays in exile."""
    r = ask_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Rest in Peace]
    Bob:
      battlefield: [{card: Mortus Strider, id: strider}]
actions:
  - {destroy: strider}
  - resolve: all
expect:
  - {object: strider, zone: exile}
  - {player: Bob, hand_size: 0}
  - {stack_size: 0}
""")
    assert r.status == "pass", r


def test_an_aura_returned_by_its_enchanted_creatures_death_stays_unsupported(monkeypatch):
    """Angelic Destiny's line ("When enchanted creature dies, return ~ to its owner's hand.") is not this one: the
    enchanted creature's death triggers it and the answer is unsupported, never "it stays in the graveyard"."""
    _with_card(monkeypatch, "Enchant creature\nWhen enchanted creature dies, return Testy to its owner's hand.",
               "Enchantment — Aura")
    r = ask_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Grizzly Bears, id: gb}, {card: Testy, id: aura, attached_to: gb}]
actions:
  - {destroy: gb}
  - resolve: all
expect:
  - {object: aura, zone: graveyard}
""")
    assert r.answer is not None and r.answer.unsupported, r
