"""Face-down spells (CR 702.37, 708): the concept ``words.face_down`` (its record and reader) and casting face down
(``legality``). Expected answers derived by hand from 702.37a-e, 708.2a, 708.4 and the rulings named at each
test; near misses the model does not perform stay unsupported."""
from __future__ import annotations


from mtgjudge.model.objects import CardDef
from mtgjudge.model.vocab.abilities import Ability
from tests.card_helpers import card, answer

_REMINDER = " (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its morph cost.)"


def abilities(text: str) -> tuple[Ability, ...]:
    return card("Frob Morpher", "Creature — Beast", "{4}{G}{G}", text, "5/5").faces[0].abilities


# ------------------------------------------------------------------ the record and the reader

def test_morph_reads_as_its_word_and_renders_back_702_37a():
    (a,) = abilities("Morph {2}{G}{G}" + _REMINDER)
    assert a.kind == "static" and a.static is not None and a.static.kind == "morph"
    assert a.static.arg("cost") == "{2}{G}{G}" and not a.static.arg("mega")
    assert a.render() is not None and a.render().rstrip(".") == "Morph {2}{G}{G}"


def test_megamorph_is_a_morph_ability_702_37b():
    (a,) = abilities("Megamorph {5}{G}")
    assert a.static is not None and a.static.kind == "morph" and a.static.arg("mega")
    assert a.render() is not None and a.render().rstrip(".") == "Megamorph {5}{G}"


def test_morph_with_a_cost_that_is_not_mana_reads_702_37a():
    (a,) = abilities("Morph—Pay 5 life.")
    assert a.kind == "static" and a.static is not None and a.static.kind == "morph"
    assert a.render() is not None and a.render().startswith("Morph—")


def test_morph_with_a_cost_not_read_stays_unmodelled():
    (a,) = abilities("Morph—Frobnicate a widget.")
    assert a.kind == "unmodelled"


def test_disguise_stays_unmodelled_702_168():
    (a,) = abilities("Disguise {2}{G}")
    assert a.kind == "unmodelled"


# ------------------------------------------------------------------ casting face down

_HAND = """
id: t
ask: can-play
about: m
state:
  turn: {{active: Alice{step}}}
  players:
    Alice:
      battlefield: [{lands}]
      {zone}: [{{card: {card}, id: m}}]
    Bob: {{}}
"""


def _ask(card_name: str, lands: str, *cards: CardDef, zone: str = "hand", step: str = "") -> tuple[str, object, str]:
    return answer(_HAND.format(card=card_name, lands=lands, zone=zone, step=step), *cards)


def test_face_down_for_three_generic_702_37c():
    m = card("Frob Morpher", "Creature — Beast", "{4}{G}{G}", "Morph {2}{G}{G}", "5/5")
    assert _ask("Frob Morpher", "Island, Island, Island", m)[1] is True


def test_face_down_needs_three_mana_601_2h():
    m = card("Frob Morpher", "Creature — Beast", "{4}{G}{G}", "Morph {2}{G}{G}", "5/5")
    assert _ask("Frob Morpher", "Forest, Forest", m)[1] is False


def test_face_down_spell_has_no_flash_of_its_own_708_2():
    # 708.2: the face-down spell has no text, so the card's own flash does not let it be cast face down at instant
    # speed; face up it costs {4}{G}{G}, which three Forests can't pay
    m = card("Frob Flasher", "Creature — Beast", "{4}{G}{G}", "Flash\nMorph {2}{G}{G}", "5/5")
    assert _ask("Frob Flasher", "Forest, Forest, Forest", m, step=", step: end")[1] is False
    # in a main phase it is cast face down, as any creature spell
    assert _ask("Frob Flasher", "Forest, Forest, Forest", m)[1] is True


def test_morph_adds_no_zone_to_cast_from_702_37c():
    # "You can use a morph ability to cast a card from any zone from which you could normally cast it"
    m = card("Frob Morpher", "Creature — Beast", "{4}{G}{G}", "Morph {2}{G}{G}", "5/5")
    assert _ask("Frob Morpher", "Forest, Forest, Forest", m, zone="graveyard")[1] is False


def test_near_miss_disguise_stays_unsupported_702_168():
    # a "no" for its mana cost: the unread disguise line could cast it face down (for {3}, with ward {2})
    d = card("Frob Disguiser", "Creature — Beast", "{4}{G}{G}", "Disguise {2}{G}", "5/5")
    status, value, _ = _ask("Frob Disguiser", "Forest, Forest, Forest", d)
    assert status == "unsupported" and value is None


def test_the_cast_action_casts_face_up_702_37d():
    # 702.37d: a card is cast face down only by announcing its morph ability; the engine's cast casts it face up, for
    # its mana cost, which three Plains can't pay
    status, value, message = answer("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Plains, Plains, Plains]
      hand: [{card: Exalted Angel, id: angel}]
    Bob: {}
actions:
  - cast: angel
expect: illegal
""")
    assert status == "pass", message


def test_near_miss_casting_face_down_by_an_action_is_unsupported_702_37c():
    # "alternative: true" may mean morph's {3} (702.37c: it follows the rules for alternative costs), which the engine
    # does not cast: unsupported, never "illegal" for the face-up cost
    status, value, message = answer("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Plains, Plains, Plains]
      hand: [{card: Exalted Angel, id: angel}]
    Bob: {}
actions:
  - cast: angel
    alternative: true
expect: []
""")
    assert status == "unsupported" and "702.37c" in message
