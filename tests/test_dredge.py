"""Drawing and the hand: dredge (CR 702.52a-b), a replacement of each of its owner's draws by a card in their
graveyard, every choice of applying it a branch (616.1e), wherever a draw is performed (a spell's, the draw step's,
a delayed ability's "up to"); and "no maximum hand size" (402.2) in the cleanup step's discard (514.1). Corpus
questions in queries/corpus/outcome/dredge.yaml and maximum-hand-size.yaml (answers by hand from the rules and the
rulings); near misses that the model does not read stay unmodelled, and what it does not perform stays
unsupported, naming it."""
from __future__ import annotations

import pytest

from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.reading import render_line
from mtgjudge.model.vocab.keywords import BY_NAME
from mtgjudge.model.vocab.scopes import Scope
from tests.card_helpers import card, answer

REMINDER = (" (If you would draw a card, instead you may put exactly three cards from the top of your library into "
            "your graveyard. If you do, return this card from your graveyard to your hand. Otherwise, draw a card.)")


# ---------------------------------------------------------------- reading

def test_dredge_reads_as_a_static_ability_of_the_graveyard_and_renders_as_the_keyword():
    c = card("Frob Blast", "Instant", "{B}", "Target creature gets -1/-1 until end of turn.\nDredge 3" + REMINDER)
    (spell, dredge) = c.faces[0].abilities
    assert dredge.kind == "static" and dredge.static.kind == "dredge" and dredge.static.arg("n") == 3
    assert dredge.keyword == "Dredge" and dredge.zones == ("graveyard",)
    assert dredge.functions_in("graveyard") and not dredge.functions_in("battlefield") \
        and not dredge.functions_in("hand")
    assert dredge.static.word.scopes == {Scope.DRAW}
    assert render_line((dredge,)).rstrip(".") == "Dredge 3"
    assert c.modelled and not any(a.kind == "unmodelled" for a in c.faces[0].abilities)


@pytest.mark.parametrize("line", ["Dredge X", "Dredge 0", "Dredge—Pay 2 life.", "Dredge 2, then draw a card.",
                                  "Dredge 2 and discard a card."])
def test_near_misses_of_the_dredge_line_stay_unmodelled(line):
    (a,) = compile_line(line, line, LineContext(spell=False))
    assert a.kind == "unmodelled"


def test_the_dredge_row_keeps_an_unread_line_to_the_graveyard_and_draws_702_52a():
    row = BY_NAME["dredge"]
    assert row.zones == ("graveyard",) and row.kind == "static" and row.scopes == {Scope.DRAW}
    (a,) = compile_line("Dredge X", "Dredge X", LineContext(spell=True))
    assert a.kind == "unmodelled" and a.functions_in("graveyard") and not a.functions_in("battlefield")
    assert a.may_concern(Scope.DRAW) and not a.may_concern(Scope.POWER_TOUGHNESS)


@pytest.mark.parametrize("line, who", [("You have no maximum hand size.", "you"),
                                       ("Players have no maximum hand size.", "players")])
def test_no_maximum_hand_size_reads_whole_402_2(line, who):
    (a,) = compile_line(line, line, LineContext(spell=False))
    assert a.kind == "static" and a.static.kind == "no_maximum_hand_size" and a.static.arg("who") == who
    assert a.static.word.scopes == {Scope.HAND_SIZE}
    assert a.render().rstrip(".") == line.rstrip(".")


@pytest.mark.parametrize("line", [
    "Your maximum hand size is two.", "Your maximum hand size is increased by one.",
    "Each opponent's maximum hand size is reduced by one.", "The chosen player's maximum hand size is four.",
    "You have no maximum hand size until your next turn.",
    "Players have no maximum hand size and don't lose the game for drawing from an empty library.",
    "As long as you control an Island, you have no maximum hand size.",
])
def test_near_misses_of_no_maximum_hand_size_stay_unmodelled(line):
    (a,) = compile_line(line, line, LineContext(spell=False))
    assert a.kind == "unmodelled"


def test_a_spells_no_maximum_hand_size_is_not_a_static_ability():
    # an instant's or sorcery's line is an instruction (a lasting effect, 611.2a), which is not read
    (a,) = compile_line("You have no maximum hand size.", "You have no maximum hand size.", LineContext(spell=True))
    assert a.kind != "static" and a.static is None


# ---------------------------------------------------------------- performing dredge

THINK = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Island, Island{battlefield}]
      hand: [{{card: Think Twice, id: tt}}]
      graveyard: [{graveyard}]
      library: [{{card: Grizzly Bears, id: b1}}, {{card: Memnite, id: m1}}, {{card: Forest, id: f1}}, Forest, Forest]
    Bob: {{}}
actions:
  - cast: tt
  - resolve: all
{expect}
"""


def drawn(graveyard: str, expect: str, *cards: CardDef, battlefield: str = "") -> tuple[str, object, str]:
    return answer(THINK.format(graveyard=graveyard, expect=expect, battlefield=battlefield), *cards)


def test_dredging_and_drawing_are_each_a_branch_616_1e():
    both = ("possible:\n  - {object: dark, zone: hand}\n  - {object: b1, zone: hand}\n"
            "  - {player: Alice, library_size: 2}\n  - {player: Alice, library_size: 4}")
    assert drawn("{card: Darkblast, id: dark}", both)[:2] == ("pass", True)
    # whichever is chosen, one card comes to the hand
    assert drawn("{card: Darkblast, id: dark}", "expect:\n  - {player: Alice, hand_size: 1}")[:2] == ("pass", True)


def test_a_card_with_dredge_elsewhere_than_the_graveyard_replaces_nothing_702_52a():
    status, value, _ = drawn("", "expect:\n  - {object: b1, zone: hand}\n  - {object: imp, zone: battlefield}",
                             battlefield=", {card: Stinkweed Imp, id: imp}")
    assert (status, value) == ("pass", True)


def test_a_dredge_line_not_read_in_the_graveyard_makes_a_draw_unsupported():
    odd = card("Frob Shell", "Creature — Plant", "{1}{B}", "Dredge X", "3/1")
    status, _, message = drawn("{card: Frob Shell, id: s}", "expect:\n  - {object: b1, zone: hand}", odd)
    assert status == "unsupported" and "Dredge X" in message


def test_dredging_a_card_with_a_trigger_not_read_is_unsupported():
    # Golgari Brownscale: "When ~ is put into your hand from your graveyard, you gain 2 life."
    status, _, message = drawn("{card: Golgari Brownscale, id: gb}", "expect:\n  - {object: tt, zone: graveyard}")
    assert status == "unsupported" and "Golgari Brownscale" in message


def test_text_that_takes_abilities_from_graveyard_cards_makes_a_draw_unsupported():
    jailer = card("Frob Jailer", "Creature — Zombie", "{B}", "Cards in graveyards lose all abilities.", "1/1")
    status, _, message = drawn("{card: Darkblast, id: dark}", "expect:\n  - {object: b1, zone: hand}", jailer,
                               battlefield=", {card: Frob Jailer}")
    assert status == "unsupported" and "Frob Jailer" in message


def test_another_replacement_of_the_draw_not_read_is_unsupported_616_1():
    other = card("Frob Archive", "Enchantment", "{2}", "If you would draw a card, you may mill a card instead.")
    status, _, message = drawn("{card: Darkblast, id: dark}", "expect:\n  - {object: b1, zone: hand}", other,
                               battlefield=", {card: Frob Archive}")
    assert status == "unsupported" and "Frob Archive" in message


def test_a_delayed_draw_up_to_two_may_be_dredged_each_time_608_2d():
    doc = """
id: t
ask: outcome
state:
  turn: {active: Alice, number: 3}
  players:
    Alice:
      hand: [{card: Lightning Bolt, id: bolt}]
      battlefield: [Mountain]
      graveyard: [{card: Darkblast, id: dark}]
      library: [{card: Grizzly Bears, id: b1}, {card: Memnite, id: m1}, {card: Forest, id: f1}, Forest, Forest]
    Bob:
      hand: [{card: Arcane Denial, id: ad}]
      battlefield: [Island, Island]
      library: 5
actions:
  - {cast: bolt, targets: [Bob]}
  - {cast: ad, by: Bob, targets: [bolt]}
  - resolve: all
  - advance: next-turn
  - resolve: all
possible_together:
  - [{object: dark, zone: hand}, {player: Alice, hand_size: 1, library_size: 2}]
  - [{object: dark, zone: hand}, {object: b1, zone: hand}, {player: Alice, hand_size: 2, library_size: 1}]
  - [{object: dark, zone: graveyard}, {player: Alice, hand_size: 0, library_size: 5}]
  - [{object: dark, zone: graveyard}, {object: b1, zone: hand}, {object: m1, zone: hand}]
"""
    assert answer(doc)[:2] == ("pass", True)


# ---------------------------------------------------------------- the maximum hand size

CLEANUP = """
id: t
ask: outcome
state:
  turn: {{active: Alice, step: end}}
  players:
    Alice:
      battlefield: [{alice}]
      hand: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest]
      library: 5
    Bob:
      battlefield: [{bob}]
      library: 5
actions:
  - advance: cleanup
expect: [{{player: Alice, hand_size: {n}}}]
"""


def test_players_have_no_maximum_hand_size_of_an_opponents_permanent_402_2():
    anvil = card("Frob Anvil", "Artifact", "{2}", "Players have no maximum hand size.")
    assert answer(CLEANUP.format(alice="", bob="Frob Anvil", n=9), anvil)[:2] == ("pass", True)


def test_no_maximum_hand_size_of_a_permanent_that_lost_its_abilities_is_not_read_613():
    # the static functions only while its permanent has it (its abilities now, 613.1f): a text that may take it
    # away that the model does not read is the guard's
    shade = card("Frob Shade", "Enchantment", "{2}", "Artifacts lose all abilities.")
    status, _, message = answer(CLEANUP.format(alice="Spellbook, Frob Shade", bob="", n=9), shade)
    assert status == "unsupported" and "Frob Shade" in message


def test_another_maximum_hand_size_beside_it_is_unsupported_613_11():
    # Reliquary Tower ruling 2009-02-01: several effects on a maximum hand size apply in timestamp order
    # (613.11); a maximum hand size that is a number is not read, so which one wins is not known
    cap = card("Frob Cap", "Enchantment", "{2}", "Your maximum hand size is two.")
    status, _, message = answer(CLEANUP.format(alice="Reliquary Tower, Frob Cap", bob="", n=9), cap)
    assert status == "unsupported" and "Frob Cap" in message


def test_without_a_permanent_that_says_so_the_maximum_is_seven_514_1():
    assert answer(CLEANUP.format(alice="", bob="", n=7))[:2] == ("pass", True)


def test_a_card_with_no_definition_in_the_graveyard_makes_a_draw_unsupported():
    # a real card the verifier has no definition for (not built in, no card store) may have dredge
    status, _, message = drawn("{card: Shambling Shell, id: s}", "expect:\n  - {object: b1, zone: hand}")
    assert status == "unsupported" and "Shambling Shell" in message and "702.52a" in message
