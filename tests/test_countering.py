"""Countering (701.6a): "Counter target <spell phrase>." read for any phrase naming spells, mana value in target
phrases (202.3: X on the stack, 202.3e; split cards off the stack, 202.3d), and the rider "If that spell is
countered this way, ... instead" (614.1a) made part of the counter instruction, so the card goes there in one
zone change. Expected answers from the rules and rulings cited; near misses stay unread."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.rules.characteristics import object_mana_value
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import zone


def _words(text: str):
    read = read_effect_words(sentences(text))
    return None if read is None else read[0]


@pytest.mark.parametrize("text, target", [
    ("Counter target creature spell.", "creature spell"),
    ("Counter target noncreature spell.", "noncreature spell"),
    ("Counter target spell with converted mana cost 4 or greater.", "spell with converted mana cost 4 or greater"),
    ("Counter target spell with converted mana cost 1.", "spell with converted mana cost 1"),
    ("Counter target artifact or enchantment spell.", "artifact or enchantment spell"),
])
def test_counter_target_spell_phrases_read(text, target):
    (w,) = _words(text)
    assert (w.kind, w.arg("target"), w.arg("instead")) == ("counter_spell", target, None)


@pytest.mark.parametrize("rider, where", [
    ("If that spell is countered this way, exile it instead of putting it into its owner's graveyard.", "exile"),
    ("If that spell is countered this way, put it on top of its owner's library instead of into that player's "
     "graveyard.", "library_top"),
    ("If that spell is countered this way, put that card on the top or bottom of its owner's library instead of "
     "into that player's graveyard.", "library_top_or_bottom"),
])
def test_the_rider_becomes_part_of_the_counter_instruction(rider, where):
    (w,) = _words("Counter target spell. " + rider)
    assert (w.kind, w.arg("instead")) == ("counter_spell", where)
    (w,) = _words("Counter target spell unless its controller pays {2}. " + rider)
    assert (w.kind, w.arg("cost"), w.arg("instead")) == ("counter_unless_pays", "{2}", where)


@pytest.mark.parametrize("text", [
    "Counter target creature.",                    # not a spell: the engine counters spells only
    # a rider that does something else with the spell: not read
    "Counter target spell. If that spell is countered this way, its controller may put a creature card from "
    "their hand onto the battlefield.",
    # the rider after something other than a counter instruction
    "Destroy target creature. If that spell is countered this way, exile it instead of putting it into its "
    "owner's graveyard.",
    # no maximum (601.2c: any number): the counted reading needs one; reading it compared None with 2
    "Counter any number of target spells.",
])
def test_near_misses_stay_unread(text):
    words = _words(text)
    assert words is None or None in words or all(w.kind != "counter_spell" for w in words if w)


def test_the_rider_is_shown_with_the_counter_instruction():
    (w,) = _words("Counter target spell. If that spell is countered this way, exile it instead of putting it into "
                  "its owner's graveyard.")
    assert w.text() == ("Counter target spell. If that spell is countered this way, exile it instead of putting "
                        "it into its owner's graveyard")


def _games(text: str) -> list[Game]:
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


HINDER = """
id: t
ask: outcome
state:
  turn: {active: Bob}
  stack: [{card: Grizzly Bears, id: bears, controller: Bob}]
  players:
    Alice:
      battlefield: [Island, Island, Island]
      hand: [{card: Hinder, id: hinder}]
    Bob:
      library: [Forest, Island]
actions:
  - {cast: hinder, by: Alice, targets: [bears]}
  - resolve: all
expect: [{stack_size: 0}]
"""


def test_hinder_is_two_branches_top_and_bottom_of_the_library():
    games = _games(HINDER)
    assert len(games) == 2 and all(zone(g, "bears") == "library" for g in games)
    positions = sorted(g.state.player("Bob").zone("library").index("bears") for g in games)
    assert positions == [0, 2]           # on top of the two cards, or under them


def test_hinder_under_cards_nobody_knows_is_unsupported():
    """The bottom of a library of unknown cards has no place in the state: unsupported, not merged with the
    top (which would let the next draw be the countered card in every branch)."""
    with pytest.raises(Unsupported, match="bottom"):
        _games(HINDER.replace("library: [Forest, Island]", "library: 2"))


# ---------------------------------------------------------------- mana value of an object (202.3)

def _obj(name: str, **status):
    from mtgjudge.model.objects import GameObject
    card = card_db().find(name)[0]
    return GameObject(id="o", card=card, owner="Bob", controller="Bob", **{"zone": "hand", **status})


def test_mana_value_counts_x_only_on_the_stack_202_3e():
    assert object_mana_value(_obj("Hangarback Walker", zone="stack", x=2)) == 4
    assert object_mana_value(_obj("Hangarback Walker", zone="hand")) == 0
    with pytest.raises(Unsupported):
        object_mana_value(_obj("Hangarback Walker", zone="stack"))       # X not given: not known


def test_mana_value_face_down_is_zero_708_2():
    assert object_mana_value(replace(_obj("Grizzly Bears", zone="battlefield"), face_down=True)) == 0
    assert object_mana_value(_obj("Grizzly Bears", zone="battlefield")) == 2


def test_unless_pays_for_each_reads_a_count():
    (w,) = _words("Counter target spell unless its controller pays {1} for each card in your graveyard.")
    assert (w.kind, w.arg("cost"), w.arg("per")) == ("counter_unless_pays", "{1}", "card in your graveyard")
    assert w.text() == "Counter target spell unless its controller pays {1} for each card in your graveyard"
    # a count the model doesn't read (what attacked this turn is not kept): the sentence stays unread
    assert _words("Counter target spell unless its controller pays {1} for each creature that attacked this "
                  "turn.") in (None, [None])
