"""Card definitions: every bundled file loads; errors name the file, the card and the field; names match
as the spec says; abilities the rules give (CR 305.6) are there."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.cards.loader import CardDefinitionError, load_file
from mtgjudge.model.rules.layers import activated_abilities, current
from mtgjudge.queries.cards_cmd import describe_card
from mtgjudge.model.build import obj, state_of


def test_bundled_definitions_load_and_have_unique_names():
    db = card_db()
    assert len(db.names) >= 20
    # the cards given by Oracle text are compiled when first asked for: here, every one of them
    assert all(c.modelled for c in db.built_in()) and len(db.built_in()) == len(db.names)
    assert db.find("Llanowar Elves")[0].name == "Llanowar Elves"


@pytest.mark.parametrize("query,expected", [
    ("llanowar elves", "Llanowar Elves"),
    ("LLANOWAR-ELVES", "Llanowar Elves"),
    ("Compleated Conjurer", "Captive Weird // Compleated Conjurer"),
    ("Captive Weird // Compleated Conjurer", "Captive Weird // Compleated Conjurer"),
])
def test_names_match_without_case_or_punctuation(query, expected):
    assert card_db().find(query)[0].name == expected


def test_back_face_name_finds_the_back_face():
    card, face = card_db().find("Compleated Conjurer")
    assert face == 1


def test_unknown_name_suggests_close_names():
    assert "Llanowar Elves" in card_db().suggest("Lanowar Elfs")


def test_real_card_without_definition_is_known():
    assert card_db().is_known_card("Black Lotus") == "Black Lotus"


def test_basic_land_types_give_mana_abilities_by_rule():
    s = state_of(obj("f", "Forest"), obj("a", "Dryad Arbor"))
    for oid in ("f", "a"):
        (ability,) = activated_abilities(s, oid)
        assert ability.rule_given == "305.6" and ability.production.fixed == ("G",)


def test_static_haste_is_granted_in_layer_6():
    s = state_of(obj("fervor", "Fervor"), obj("e", "Llanowar Elves"), obj("b", "Llanowar Elves", controller="Bob"))
    assert current(s, "e").has_keyword("Haste")
    assert not current(s, "b").has_keyword("Haste")


def test_definition_errors_name_file_card_and_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Broken Elf\ntype: Creature — Elf\nabilities:\n  - {cost: '{T}', add: '{Z}'}\n")
    with pytest.raises(CardDefinitionError) as e:
        load_file(bad)
    msg = str(e.value)
    assert "bad.yaml" in msg and "Broken Elf" in msg and "abilities[1]" in msg


def test_unknown_key_in_definition_is_refused(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Odd\ntype: Artifact\ncolour: red\n")
    with pytest.raises(CardDefinitionError, match="colour"):
        load_file(bad)


def test_cards_show_numbers_rule_given_abilities():
    text = describe_card("dryad arbor")
    assert "[1] mana ability: {T}: Add {G}." in text and "305.6" in text


@pytest.mark.parametrize("name", ["Birds of Paradise", "Celebrate the Mountain-king", "Llanowar Elves"])
def test_cards_show_numbers_every_line_as_a_stack_entrys_index_counts_them(name):
    import re
    from mtgjudge.model.cards.lookup import card_db
    text = describe_card(name)
    card, _ = card_db().find(name)
    numbered = re.findall(r"^ +(\d+)\. (?:\[\d+\] )?[a-z ]+: (.*)$", text, re.M)
    # queries/format/state.py reads a stack ability's index among the face's own abilities
    assert [(int(i), t) for i, t in numbered] == [(i, a.text()) for i, a in enumerate(card.faces[0].abilities, 1)]


def test_cards_show_keeps_activated_abilities_numbered_as_ability_counts_them():
    text = describe_card("Birds of Paradise")
    assert "   1. keyword: Flying" in text and "   2. [1] mana ability: {T}: Add one mana of any color." in text
