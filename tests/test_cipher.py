"""Cipher (CR 702.99a-c): the line "Cipher" of an instant or sorcery read whole as its spell ability and said back as
the keyword; the encoding performed as the spell resolves (corpus questions in queries/corpus/outcome/cipher.yaml,
from the rule and the rulings of 2013-04-15); the encoded creature's combat damage to a player, whose copy the engine
does not cast (707.12), unsupported, naming the card; bad states refused."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import normalize_reading, render_line
from mtgjudge.queries.format.fields import QuestionError
from tests.card_helpers import answer

REMINDER = (" (Then you may exile this spell card encoded on a creature you control. Whenever that creature deals "
            "combat damage to a player, its controller may cast a copy of the encoded card without paying its mana "
            "cost.)")


def card(name: str, type_line: str, text: str, cost: str = "{3}{U}", pt: str = "") -> CardDef:
    p, t = pt.split("/") if pt else (None, None)
    return compile_card(CardRecord(name, "normal", (FaceRecord(name, cost, type_line, text, p, t),)))


# ---------------------------------------------------------------- reading

def test_cipher_of_a_sorcery_reads_as_its_spell_ability_and_renders_as_the_keyword():
    c = card("Frob Thoughts", "Sorcery", "Draw a card.\nCipher" + REMINDER)
    cipher = c.faces[0].abilities[-1]
    assert cipher.kind == "spell" and [e.kind for e in cipher.effects] == ["cipher"]
    assert normalize_reading(render_line((cipher,)) or "") == normalize_reading("Cipher" + REMINDER) == "cipher"
    assert all(a.kind != "unmodelled" for a in c.faces[0].abilities)


@pytest.mark.parametrize("type_line, line", [
    ("Creature — Frob", "Cipher"),                # 702.99a: only an instant or sorcery has cipher's abilities
    ("Sorcery", "Cipher, then draw a card."),     # a line with more than the keyword is not this keyword
])
def test_near_misses_of_the_cipher_line_stay_unmodelled(type_line, line):
    c = card("Frob Thing", type_line, "Draw a card.\n" + line, pt="1/1" if "Creature" in type_line else "")
    last = c.faces[0].abilities[-1]
    assert last.kind == "unmodelled" or [e.kind for e in last.effects] == ["other"], last


# ---------------------------------------------------------------- performing

COMBAT = """
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Grizzly Bears, id: bear}]
      exile: [{card: Last Thoughts, id: lt%s}]
    Bob: {}
actions:
  - attack: {bear: Bob}
  - advance: end-of-combat
expect:
  - {player: Bob, life: 18}
"""


def test_combat_damage_to_a_player_by_the_encoded_creature_is_unsupported_naming_the_card():
    # 702.99a: the encoded card gives the creature "Whenever this creature deals combat damage to a player, you may
    # copy the encoded card and you may cast the copy": that cast (707.12) is not performed, so no answer is given
    status, _, msg = answer(COMBAT % ", encoded_on: bear")
    assert status == "unsupported" and "Last Thoughts (lt)" in msg and "707.12" in msg, msg


def test_an_exiled_card_that_is_not_encoded_gives_nothing():
    status, value, msg = answer(COMBAT % "")
    assert (status, value) == ("pass", True), msg


def test_combat_damage_to_a_creature_does_not_trigger_the_encoded_cards_ability():
    # 702.99a: the granted ability triggers on combat damage to a player only
    status, value, msg = answer("""
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Grizzly Bears, id: bear}]
      exile: [{card: Last Thoughts, id: lt, encoded_on: bear}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bob-bear}]
actions:
  - attack: {bear: Bob}
  - block: {bob-bear: bear}
  - advance: end-of-combat
expect:
  - {player: Bob, life: 20}
  - {object: bear, zone: graveyard}
  - {object: lt, zone: exile}
  - {object: lt, encoded_on: null}
""")
    assert (status, value) == ("pass", True), msg


BAD = """
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Grizzly Bears, id: bear}]
      graveyard: [{card: Grizzly Bears, id: dead}]
      %s
    Bob: {}
expect:
  - {stack_size: 0}
"""


@pytest.mark.parametrize("entry, error", [
    ("hand: [{card: Last Thoughts, encoded_on: bear}]", "only for a card in exile"),
    ("exile: [{card: Lightning Bolt, encoded_on: bear}]", "has no cipher"),
    ("exile: [{card: Last Thoughts, encoded_on: dead}]", "not on the battlefield"),
])
def test_encoded_on_is_refused_where_no_card_can_be_encoded(entry, error):
    with pytest.raises(QuestionError, match=error):
        answer(BAD % entry)
