"""Power and toughness a characteristic-defining ability sets (604.3, 613.4a): the line read only whole, said back
in its words, applied in layer 7a on the battlefield (before counters and "+N/+N", 613.4c), and not known to the
model in another zone, where reading it is unsupported rather than 0 (the printed "*", 208.2a). The near misses
stay unmodelled. Expected values derived by hand from the rules and rulings cited."""
from __future__ import annotations

import pytest

from mtgjudge.model.build import obj, state_of
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import read_card
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.layers import compute_all, current
from mtgjudge.model.vocab import phrases


def _lines(text: str) -> list:
    record = CardRecord("Testy", "normal", (FaceRecord("Testy", "{2}", "Creature — Horror", text, "*", "*"),))
    return [line for _, lines in read_card(compile_card(record)) for line in lines]


@pytest.mark.parametrize("text, stats", [
    ("Testy's power and toughness are each equal to the number of creatures you control.", "power and toughness"),
    ("Testy's power and toughness are each equal to the number of cards in your hand.", "power and toughness"),
    ("Testy's power and toughness are each equal to 1 plus the number of lands you control.", "power and toughness"),
    ("Testy's power is equal to the number of Swamps you control.", "power"),
    ("Testy's toughness is equal to the number of creature cards in your graveyard.", "toughness"),
])
def test_the_line_is_read_whole_and_said_back(text, stats):
    (line,) = _lines(text)
    (a,) = line.abilities
    assert a.kind == "static" and a.static.kind == "defined_pt" and a.static.arg("stats") == stats
    assert line.round_trip, line.rendering


@pytest.mark.parametrize("text", [
    # a second clause (Tarmogoyf's "and its toughness is equal to that number plus 1")
    "Testy's power is equal to the number of card types among cards in all graveyards and its toughness is equal "
    "to that number plus 1.",
    # a count of power: it would read what layer 7a sets (613.8)
    "Testy's power and toughness are each equal to the greatest power among creatures you control.",
    # a count the model does not read, and one of an event, not a characteristic
    "Testy's power and toughness are each equal to the number of creatures blocking it.",
    "Testy's power and toughness are each equal to the number of creature cards in all graveyards.",
    # the verb that does not fit the subject
    "Testy's power and toughness is equal to the number of creatures you control.",
])
def test_near_misses_stay_unmodelled(text):
    (line,) = _lines(text)
    assert not line.modelled


def test_layer_7a_comes_before_counters_and_static_pumps():
    # Crusader of Odric with one other creature and Gaea's Anthem: 2/2 in layer 7a, +1/+1 in 7c (613.4a, 613.4c)
    state = state_of(obj("c", "Crusader of Odric"), obj("e", "Llanowar Elves"), obj("a", "Gaea's Anthem"),
                     obj("b", "Grizzly Bears", controller="Bob"))
    ch = compute_all(state)["c"]
    assert (ch.power, ch.toughness) == (3, 3)
    assert (current(state, "b").power, current(state, "b").toughness) == (2, 2)     # Bob's: no anthem, not counted


def test_the_value_follows_what_is_counted_on_each_state():
    # the count is read as the layers apply (604.3), not kept: one creature more is one more, in another state
    one = state_of(obj("c", "Crusader of Odric"))
    two = state_of(obj("c", "Crusader of Odric"), obj("e", "Llanowar Elves"))
    assert (current(one, "c").power, current(two, "c").power) == (1, 2)
    assert compute_all(two) is compute_all(two)         # computed once for a state (the state never changes)


def test_off_the_battlefield_its_power_is_not_guessed():
    # the ruling (Crusader of Odric, 2012-07-01): "works in all zones, not just the battlefield"; the model computes
    # it on the battlefield only, so a question reading it elsewhere is unsupported, never 0
    state = state_of(obj("c", "Crusader of Odric", zone="graveyard"), obj("e", "Llanowar Elves"))
    sel = phrases.parse_np("creature with power 2 or less")
    with pytest.raises(Unsupported, match="604.3"):
        matches(sel, current(state, "c"), state.obj("c"), "Alice", None)
    assert current(state, "c").power is None
