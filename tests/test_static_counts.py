"""Static abilities that count as the layers apply ("~ gets +1/+1 for each artifact you control", 613.4c): read only
whole, with a count of what is there now; the near misses stay unmodelled. Expected values derived by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.build import obj, state_of
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import read_card
from mtgjudge.model.rules.layers import current


def _lines(text: str, type_line: str = "Creature — Horror") -> list:
    pt = ("1", "1") if "Creature" in type_line else (None, None)
    record = CardRecord("Testy", "normal", (FaceRecord("Testy", "{2}", type_line, text, *pt),))
    return [line for _, lines in read_card(compile_card(record)) for line in lines]


@pytest.mark.parametrize("text, type_line", [
    ("Testy gets +1/+1 for each artifact you control.", "Creature — Horror"),
    ("Testy gets +2/+2 for each Aura attached to it.", "Creature — Horror"),
    ("Testy gets +1/+0 for each card in your hand.", "Creature — Horror"),
    ("Testy gets -1/-1 for each Swamp you control.", "Creature — Horror"),
    ("Enchant creature\nEnchanted creature gets +1/+1 for each Forest you control.", "Enchantment — Aura"),
    ("Equipped creature gets +1/+0 for each artifact you control.\nEquip {1}", "Artifact — Equipment"),
])
def test_the_line_is_read_whole_and_said_back(text, type_line):
    line = [ln for ln in _lines(text, type_line) if "for each" in ln.source][0]
    (a,) = line.abilities
    assert a.kind == "static" and a.static.kind == "pt_per"
    assert line.round_trip, line.rendering


@pytest.mark.parametrize("text, type_line", [
    # "other" of an Aura: other than the enchanted creature, not the Aura itself
    ("Enchant creature\nEnchanted creature gets +2/+2 for each other enchantment on the battlefield.", "Enchantment — Aura"),
    ("Testy gets +2/+2 for each Aura and Equipment attached to it.", "Creature — Horror"),
    ("Enchant creature\nEnchanted creature gets +1/+1 for each of its colors.", "Enchantment — Aura"),
    # a count of power would read what layer 7 is setting; one of an event is no state
    ("Testy gets +1/+1 for each creature with power 4 or greater you control.", "Creature — Horror"),
    ("Testy gets +1/+1 for each creature blocking it.", "Creature — Horror"),
    # a second clause
    ("Enchant creature\nEnchanted creature gets +1/+1 for each Plains you control and has flying.", "Enchantment — Aura"),
])
def test_near_misses_stay_unmodelled(text, type_line):
    line = [ln for ln in _lines(text, type_line) if "for each" in ln.source][0]
    assert not line.modelled


def test_the_count_follows_the_permanents_there_now():
    # Yavimaya Enchantress: +1/+1 for each enchantment on the battlefield, whoever controls it (613.4c)
    none = state_of(obj("y", "Yavimaya Enchantress"), obj("b", "Grizzly Bears", controller="Bob"))
    assert (current(none, "y").power, current(none, "y").toughness) == (2, 2)
    two = state_of(obj("y", "Yavimaya Enchantress"), obj("b", "Grizzly Bears", controller="Bob"),
                   obj("p", "Pacifism", controller="Bob", attached_to="b"), obj("h", "Holy Strength", attached_to="y"))
    assert (current(two, "y").power, current(two, "y").toughness) == (5, 6)     # 2/2, +2/+2, +1/+2
