"""Surge (702.117a): the alternative cost read from "Surge <mana cost>" (``words.costs``), which its caster may pay
only if they cast another spell this turn (``rules.costs.surge_allowed``, reading ``rules.this_turn``). Expected
values are worked out by hand from CR 702.117a and the surge rulings (2016-01-22), never from the verifier's
output."""
from __future__ import annotations


from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import render_line
from tests.card_helpers import answer

REMINDER = " (You may cast this spell for its surge cost if you or a teammate has cast another spell this turn.)"


def card(name: str, text: str, cost: str = "{4}{R}") -> CardDef:
    return compile_card(CardRecord(name, "normal", (FaceRecord(name, cost, "Sorcery", text, None, None),)))


SALVO = card("Frob Salvo", "Surge {1}{R}" + REMINDER + "\nFrob Salvo deals 4 damage to target creature.")

CAN_PLAY = """
id: t
ask: can-play
about: s
state:
  turn: {active: Alice}
  %s
  players:
    Alice:
      battlefield: [Mountain, Mountain]
      hand: [{card: Frob Salvo, id: s}]
    Bob:
      battlefield: [Grizzly Bears]
"""


def test_surge_is_read_as_its_alternative_cost():
    (surge, spell) = SALVO.front.abilities
    assert (surge.kind, surge.static.kind, surge.static.arg("keyword"), surge.static.arg("cost")) == \
        ("static", "alternative_cost", "Surge", "{1}{R}")
    assert spell.kind == "spell"
    assert render_line((surge,)) == "Surge {1}{R}"


def test_surge_with_x_stays_unmodelled():
    # Fall of the Titans' ruling 2016-01-22: X is chosen and paid for the surge cost, which the engine (X is 0 for
    # an alternative cost) does not do
    c = card("Frob Titans", "Surge {X}{R}" + REMINDER + "\nFrob Titans deals X damage to any target.", "{X}{X}{R}")
    assert c.front.abilities[0].kind == "unmodelled"


def test_near_miss_a_surge_cost_that_is_not_mana_stays_unmodelled():
    c = card("Frob Surger", "Surge—Pay 3 life." + REMINDER + "\nFrob Surger deals 4 damage to target creature.")
    assert c.front.abilities[0].kind == "unmodelled"


def test_near_miss_an_unstated_turn_history_is_unsupported_where_it_decides():
    # 702.117a: whether Alice cast another spell before the question is not stated, and only the surge cost is
    # payable with two lands
    status, _, msg = answer(CAN_PLAY % "", SALVO)
    assert status == "unsupported" and "this_turn" in msg, (status, msg)


def test_the_mana_cost_payable_an_unstated_history_does_not_matter():
    status, value, msg = answer(CAN_PLAY.replace("[Mountain, Mountain]", "[Mountain, Mountain, Mountain, Mountain, "
                                                 "Mountain]") % "", SALVO)
    assert value is True, (status, msg)


def test_another_spell_this_turn_lets_the_surge_cost_be_paid():
    status, value, msg = answer(CAN_PLAY % "this_turn: {spells_cast: {Alice: 1}}", SALVO)
    assert value is True, (status, msg)


def test_near_miss_a_spells_own_surge_rider_stays_unmodelled():
    # Crush of Tentacles: "If ~'s surge cost was paid, create ..." on the spell itself is not read (the copy of such
    # a spell also counts as surged, its ruling 2016-01-22)
    c = card("Frob Crush", "Surge {3}{U}{U}" + REMINDER + "\nReturn all nonland permanents to their owners' hands. If "
             "Frob Crush's surge cost was paid, create an 8/8 blue Octopus creature token.", "{4}{U}{U}")
    assert c.front.abilities[1].kind == "unmodelled"


def test_near_miss_a_surge_trigger_of_a_spell_given_on_the_stack_is_unsupported():
    # 702.117a, 603.4: whether the surge cost of a spell the question put on the stack was paid is not known
    bush = compile_card(CardRecord("Frob Bushwhacker", "normal", (FaceRecord(
        "Frob Bushwhacker", "{2}{R}", "Creature — Goblin", "Surge {1}{R}" + REMINDER + "\nWhen Frob Bushwhacker enters "
        "the battlefield, if its surge cost was paid, it deals 3 damage to any target.", "2", "1"),)))
    assert bush.front.abilities[1].intervening == "surged"
    status, _, msg = answer("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice: {}
    Bob: {}
  stack: [{card: Frob Bushwhacker, id: b, owner: Alice, controller: Alice}]
actions:
  - resolve: all
expect:
  - {player: Bob, life: 20}
""", bush)
    assert status == "unsupported" and "surge cost" in msg, (status, msg)
