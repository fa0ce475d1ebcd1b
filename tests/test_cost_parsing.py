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


# ------------------------------------------------------------------------ cost texts read once, as compiled

def test_a_words_cost_texts_are_read_as_its_card_is_compiled_601_2f():
    """A kicker's, an additional cost's or an alternative cost's text is read once, as its word is (both as a
    spell's cost, whose parts may be X, and as an activation's), so that totalling a cost parses nothing."""
    from mtgjudge.model.vocab.grammar import COSTS, cost_of
    from mtgjudge.model.vocab.parse import parse_static
    word = parse_static({"kind": "additional_cost", "cost": "Sacrifice a creature", "or_cost": "Pay 3 life"})
    assert cost_of(word) == parse_cost_text("Sacrifice a creature")
    assert cost_of(word, "or_cost") == parse_cost_text("Pay 3 life")
    assert cost_of(word, x_parts=True) == parse_cost_text("Sacrifice a creature", x_parts=True)
    # read again (a word made from another's arguments): read anew, not kept from before
    again = parse_static({"kind": "additional_cost", **{k: v for k, v in word.args if k not in ("kind", COSTS)}})
    assert cost_of(again) == cost_of(word)


def test_a_cost_text_the_grammar_does_not_read_fails_as_it_would_have_parsed():
    from dataclasses import replace
    from mtgjudge.model.vocab.grammar import cost_of
    from mtgjudge.model.vocab.parse import parse_static
    # "Pay X life" is read only as a spell's additional cost (107.3): as an activation's it fails as the parse did
    word = parse_static({"kind": "additional_cost", "cost": "Pay X life"})
    assert cost_of(word, x_parts=True) == parse_cost_text("Pay X life", x_parts=True)
    with pytest.raises(DefinitionError, match="an X here is read only in a spell's additional cost"):
        cost_of(word)
    # a word whose cost was never read (made otherwise than by the reader) is refused, not parsed
    bare = replace(word, args=tuple((k, v) for k, v in word.args if k == "cost"))
    with pytest.raises(DefinitionError, match="not read"):
        cost_of(bare)


def test_jump_start_and_retrace_add_the_costs_their_rules_say_702_133a_702_81a():
    from mtgjudge.model.rules.permissions import ADDITIONAL
    for text, parts in ADDITIONAL.values():
        assert parts == parse_cost_text(text)
