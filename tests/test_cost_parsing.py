"""The cost language of card definitions and mana costs (CR 107.4, 107.5, 107.6, 118).

The seed rulings "The tap symbol is {T}. The tap symbol in an activation cost means 'Tap this permanent.'"
and the same for {Q} are definitions, not questions: they are checked here.
"""
from __future__ import annotations

import pytest

from mtgjudge.model.errors import DefinitionError

from mtgjudge.model.vocab.grammar import parse_cost_text
from mtgjudge.model.mana import ManaSyntaxError, mana_string, mana_value, parse_cost, parse_mana


def test_tap_symbol_means_tap_this_permanent():
    (part,) = parse_cost_text("{T}")
    assert part.kind == "tap"


def test_untap_symbol_means_untap_this_permanent():
    (part,) = parse_cost_text("{Q}")
    assert part.kind == "untap"


def test_mixed_activation_cost_keeps_its_parts_in_order():
    parts = parse_cost_text("{2}, {T}, Sacrifice a land, Pay 1 life")
    assert [p.kind for p in parts] == ["mana", "tap", "sacrifice", "pay_life"]
    assert parts[2].what.types == ("Land",) and parts[2].what.controller == "you"   # 701.21a


@pytest.mark.parametrize("text,kinds", [
    ("{2}{W/U}{B/P}{S}{X}", ["generic", "hybrid", "phyrexian", "snow", "x"]),
    ("{2/W}{G/W/P}{C}", ["mono_hybrid", "hybrid_phyrexian", "colorless"]),
])
def test_mana_cost_symbols(text, kinds):
    assert [s.kind for s in parse_cost(text)] == kinds


def test_mana_value_counts_mono_hybrid_as_two_and_x_as_chosen():
    assert mana_value(parse_cost("{2/W}{2/U}{2/B}{2/R}{2/G}")) == 10   # Reaper King (202.3)
    assert mana_value(parse_cost("{X}{X}"), x=2) == 4


@pytest.mark.parametrize("bad", ["{2}{W", "{W/W}", "{Y}", "G", "{2/C}"])
def test_malformed_costs_are_refused(bad):
    with pytest.raises(ManaSyntaxError):
        parse_cost(bad)


def test_mana_amounts_only_of_the_six_types():
    assert mana_string(parse_mana("{G}{W}{G}")) == "{W}{G}{G}"
    with pytest.raises(ManaSyntaxError):
        parse_mana("{2}")


def test_large_amounts_are_written_with_counts():
    # A long run of one type is written with its count, and read back either way.
    assert mana_string(parse_mana("{G}" * 16)) == "{G}" * 16
    assert mana_string(parse_mana("{G}" * 17 + "{W}")) == "{W}{G}×17"
    assert parse_mana("{W}{G}×17") == parse_mana("{G}x17{W}") == parse_mana("{G}" * 17 + "{W}")
    assert mana_string({"G": 2 ** 30}) == "{G}×1073741824"
    for bad in ("{G}×", "{G}×3a", "×3", "{2}×3"):
        with pytest.raises(ManaSyntaxError):
            parse_mana(bad)


def test_unknown_cost_words_are_a_definition_error():
    with pytest.raises(DefinitionError):
        parse_cost_text("{T}, Juggle a goat")
