"""Casting a card while another ability resolves, without paying its mana cost (608.2g, 118.9b): cascade
(702.85a, ``words.cascade``) and ``engine.resolving_cast``. Expected answers derived by hand from 702.85a, 608.2g,
118.9d and the Bloodbraid Elf rulings (2009-05-01); the near misses stay unsupported."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.queries.format.files import load_text

REMINDER = ("Cascade (When you cast this spell, exile cards from the top of your library until you exile a nonland "
            "card that costs less. You may cast it without paying its mana cost. Put the exiled cards on the bottom "
            "of your library in a random order.)")

BOARD = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Forest, Forest{battlefield}]
      hand: [{{card: Bloodbraid Elf, id: elf}}]
      library: {library}
    Bob:
      library: 3
actions:
  - cast: elf
  - resolve: all
expect:
  - {{object: elf, zone: battlefield}}
"""


def finals(library: str, battlefield: str = "") -> list[Game]:
    (q,) = load_text(BOARD.format(library=library, battlefield=battlefield))
    return run(Game(q.state), q.actions)


def test_the_keyword_reads_as_its_triggered_ability():
    face = FaceRecord("Shardless Agent", "{1}{G}{U}", "Artifact Creature — Human Rogue", REMINDER, "2", "2")
    (a,) = compile_card(CardRecord("Shardless Agent", "normal", (face,))).faces[0].abilities
    assert a.kind == "triggered" and a.keyword == "Cascade" and a.zones == ("stack",)
    assert [e.kind for e in a.effects] == ["cascade"]
    assert a.trigger_event is not None and a.trigger_event.render() == "When you cast ~"
    assert "on the bottom of your library in a random order" in a.render()


def test_both_choices_and_every_random_order_are_branches():
    games = finals("[{card: Forest, id: f1}, {card: Island, id: i1}, {card: Grizzly Bears, id: bears}]")
    zones = {g.state.obj("bears").zone for g in games}
    assert zones == {"battlefield", "library"}
    # declined: three cards to the bottom, 3! orders; cast: the two lands, 2 orders
    orders = {g.state.player("Alice").zone("library") for g in games}
    assert len(orders) == 6 + 2
    assert all(g.state.player("Alice").zone("library")[-1] != "elf" for g in games)


def test_a_library_of_cards_nobody_knows_is_unsupported():
    # near miss: the same cascade, but what the library holds is not known: never a guess
    with pytest.raises(Unsupported, match="does not name"):
        finals("5")


def test_a_cost_still_paid_is_unsupported():
    # near miss: 118.9d, Thalia's tax applies to a noncreature spell cast without paying its mana cost
    with pytest.raises(Unsupported, match="total cost is not nothing"):
        finals("[{card: Lightning Bolt, id: bolt}]", ", {card: \"Thalia, Guardian of Thraben\", id: thalia}")


def test_a_modal_card_is_unsupported():
    with pytest.raises(Unsupported, match="modes"):
        finals("[{card: Abrade, id: abrade}]")


def test_a_creature_hit_with_thalia_costs_nothing_more():
    # Thalia taxes noncreature spells only: Grizzly Bears is cast for nothing
    games = finals("[{card: Grizzly Bears, id: bears}]", ", {card: \"Thalia, Guardian of Thraben\", id: thalia}")
    assert {g.state.obj("bears").zone for g in games} == {"battlefield", "library"}
