"""can-play's reasons name the rule that decides (CR 702.8a flash, 601.2f the total cost locked in, 305.7 and
613.7 land types), on boards of built-in cards whose answers are derived by hand."""
from __future__ import annotations

from mtgjudge.model.explain import Answer
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds import can_play


def ask(text: str) -> Answer:
    (q,) = load_text("id: q\nask: can-play\nabout: x\n" + text)
    assert not isinstance(q, Exception), q
    return can_play.answer(q)


def test_flash_is_the_reason_a_permanent_spell_is_cast_in_another_players_turn():
    # Dictate of Karametra has flash (702.8a): Alice may cast it in Bob's end step, which sorcery timing forbids.
    a = ask("""state:
  turn: {active: Bob, step: end}
  players:
    Alice:
      battlefield: [Forest, Forest, Forest, Forest, Forest]
      hand: [{card: Dictate of Karametra, id: x}]
    Bob: {}
""")
    assert a.value is True
    (flash,) = [s for s in a.why if "702.8a" in s.rules]
    assert flash.text == ("Dictate of Karametra has flash: it may be cast any time Alice could cast an instant, "
                          "although it is Bob's turn and it is the end step")


def test_flash_is_not_said_where_it_decides_nothing():
    a = ask("""state:
  players:
    Alice:
      battlefield: [Forest, Forest, Forest, Forest, Forest]
      hand: [{card: Dictate of Karametra, id: x}]
""")
    assert a.value is True and "702.8a" not in a.cited_rules()


def test_a_changed_total_cost_is_said_in_full_and_locked_in():
    # Thalia: Lightning Bolt costs {1}{R} (601.2f); two Mountains pay it, one doesn't.
    board = """state:
  players:
    Alice:
      battlefield: [{mountains}]
      hand: [{{card: Lightning Bolt, id: x}}]
    Bob:
      battlefield: ["Thalia, Guardian of Thraben"]
"""
    yes = ask(board.format(mountains="Mountain, Mountain"))
    assert yes.value is True
    (total,) = [s.text for s in yes.why if s.rules == ("601.2f",)]
    assert total.endswith("Noncreature spells cost {1} more to cast; so the total cost is {1}{R}, locked in before "
                          "it is paid")
    no = ask(board.format(mountains="Mountain"))
    assert no.value is False
    (total,) = [s.text for s in no.why if s.rules == ("601.2f",)]
    assert total.endswith("so the total cost is {1}{R}, locked in before it is paid")
    assert ("118.3",) in [s.rules for s in no.why]


def test_a_land_type_effect_that_takes_the_colour_away_is_the_reason():
    # Spreading Seas makes Volcanic Island an Island, but Blood Moon's later effect makes it a Mountain (613.7,
    # 305.7): it can't make {U} for Brainstorm.
    a = ask("""state:
  players:
    Alice:
      battlefield: [{card: Volcanic Island, id: v}, {card: Spreading Seas, attached_to: v}, Blood Moon]
      hand: [{card: Brainstorm, id: x}]
""")
    assert a.value is False
    (why,) = [s for s in a.why if "107.4a" in s.rules]
    assert {"305.7", "613.7"} <= set(why.rules)
    assert ("Volcanic Island (v) could not: Spreading Seas's effect would make Volcanic Island an Island, but Blood "
            "Moon's effect applies later") in why.text
