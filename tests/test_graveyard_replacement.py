"""Replacement effects of going to a graveyard (614.1a; ``words.graveyard_replacement``, ``engine.zones``): what is
read, what stays unread, and the cases where another replacement effect of the same move applies (616.1: the
affected object's controller chooses, with different results), which stay unsupported."""
from __future__ import annotations

import pytest

from mtgjudge.model.words.graveyard_replacement.read import graveyard_replacement_static
from tests.engine_helpers import ask_text as ask


@pytest.mark.parametrize("line,tokens,opponents", [
    ("If a card or token would be put into a graveyard from anywhere, exile it instead.", True, False),
    ("If a card would be put into an opponent's graveyard from anywhere, exile it instead.", False, True),
])
def test_the_lines_read_and_say_back(line, tokens, opponents):
    a = graveyard_replacement_static(line, line)
    assert a is not None and (a.static.arg("tokens", False), a.static.arg("opponents", False)) == (tokens, opponents)
    assert a.render().rstrip(".") == line.rstrip(".")


@pytest.mark.parametrize("line", [
    "If a nontoken creature an opponent controls would die, exile that card instead.",
    "If a card would be put into an opponent's graveyard from anywhere, put it on the bottom of its owner's library instead.",
    "If a card or token would be put into a graveyard from anywhere this turn, exile it instead.",
])
def test_other_wordings_stay_unread(line):
    assert graveyard_replacement_static(line, line) is None


def test_buyback_beside_rest_in_peace_is_unsupported():
    # 616.1: Capsize's buyback (to its owner's hand, 702.27a) and Rest in Peace (exile) both replace its move
    # into the graveyard: Alice chooses which applies, and the two results differ
    r = ask("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Island, Island, Island, Island, Island, Island, {card: Rest in Peace, id: rip}]
      hand: [{card: Capsize, id: cap}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - {cast: cap, targets: [bears], buyback: true}
  - resolve: all
expect:
  - {object: bears, zone: hand}
""")
    assert r.status == "unsupported" and "616.1" in (r.message or "")


def test_memory_lapse_beside_rest_in_peace_is_unsupported():
    r = ask("""
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [Island, Island, {card: Rest in Peace, id: rip}]
      hand: [{card: Memory Lapse, id: lapse}]
    Bob:
      battlefield: [Mountain]
      hand: [{card: Lightning Bolt, id: bolt}]
actions:
  - {cast: bolt, targets: [Alice]}
  - {cast: lapse, targets: [bolt], by: Alice}
  - resolve: 1
expect:
  - {object: bolt, zone: library}
""")
    assert r.status == "unsupported" and "616.1" in (r.message or "")


def test_leyline_of_the_void_leaves_tokens_alone():
    # Leyline of the Void ruling (2010-08-15): a token is put into the opponent's graveyard as normal, then ceases
    # to exist: the Raise the Alarm Soldiers die (their dies abilities would trigger), the Bears' card is exiled
    r = ask("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Plains, Plains, Plains, Plains, {card: Leyline of the Void, id: leyline}]
      hand: [{card: Wrath of God, id: wrath}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}, {card: Soldier, id: sol, token: true}]
actions:
  - cast: wrath
  - resolve: all
expect:
  - {object: bears, zone: exile}
  - {object: sol, zone: none}
  - {object: wrath, zone: graveyard}
""")
    assert r.status == "pass", (r.status, r.message)


def test_a_permanent_dying_with_others_exiles_them_too():
    """400.6, 614.1a: state-based actions put every creature with lethal damage into a graveyard at once (704.3);
    the replacement effect of one of them applies to that event, its own card and the others' alike (Kalitas,
    Traitor of Ghet's ruling 2016-01-22), whichever the engine moves first. Pyroclasm left the stack before them
    (608.2n), while the Warden was there."""
    from tests.card_helpers import answer, card
    warden = card("Test Warden", "Creature — Spirit", "{1}{B}",
                  "If a card would be put into an opponent's graveyard from anywhere, exile it instead.", "1/1")
    status, value, message = answer("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain, Mountain, Mountain]
      hand: [{card: Pyroclasm, id: pc}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: b1}, {card: Test Warden, id: w}, {card: Grizzly Bears, id: b2}]
    Carol:
      battlefield: [{card: Grizzly Bears, id: c1}]
actions:
  - cast: pc
  - resolve: all
expect:
  - {object: b1, zone: graveyard}
  - {object: b2, zone: graveyard}
  - {object: w, zone: graveyard}
  - {object: c1, zone: exile}
  - {object: pc, zone: exile}
""", warden)
    assert (status, value) == ("pass", True), message
