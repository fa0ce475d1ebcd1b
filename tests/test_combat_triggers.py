"""Triggered abilities on combat events whose instruction names the player the event was about (603.2): "that
player" of "deals combat damage to a player" (510.2: ingest, 702.115a; "that player discards a card", 701.9b) and
"defending player" of an attacking creature's event (508.5: afflict, 702.130a). The near misses (a player the trigger
does not name, a subject shared with another player, a "that player" after a target, a keyword's wrong parameter)
stay unmodelled; so does "that creature" of an event about two creatures where it could name either or none."""
from __future__ import annotations

import pytest

from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.reading import render_line


def _read(line: str, spell: bool = False):
    return compile_line(line, line, LineContext(spell=spell))


def test_ingest_is_its_meaning_702_115a() -> None:
    (a,) = _read("Ingest")
    assert a.kind == "triggered" and a.keyword == "Ingest"
    assert (a.trigger_event.event, a.trigger_event.who) == ("combat_damage_player", "self")
    (e,) = a.effects
    assert (e.kind, e.arg("who"), e.arg("event"), e.arg("acts")) == ("player_acts", "that player", True,
                                                                      (("exile_top", 1, False),))
    assert render_line((a,)) == "Ingest"


@pytest.mark.parametrize("n", [1, 3])
def test_afflict_is_its_meaning_702_130a(n: int) -> None:
    (a,) = _read(f"Afflict {n}")
    assert a.kind == "triggered" and a.keyword == f"Afflict {n}"
    assert (a.trigger_event.event, a.trigger_event.who) == ("becomes_blocked", "self")
    (e,) = a.effects
    assert (e.arg("who"), e.arg("event"), e.arg("acts")) == ("defending player", True, (("lose_life", n, False),))


@pytest.mark.parametrize("line", [
    "Whenever ~ deals combat damage to a player, that player discards a card.",
    "Whenever ~ deals combat damage to a player, that player exiles the top card of their library.",
    "Whenever a creature you control deals combat damage to a player, that player discards a card.",
    "Whenever ~ attacks, defending player loses 1 life.",
])
def test_event_player_lines_read_whole_and_back(line: str) -> None:
    (a,) = _read(line)
    assert a.kind == "triggered"
    assert all(e.arg("event") for e in a.effects)
    assert render_line((a,)) == line


@pytest.mark.parametrize("line", [
    # a trigger whose event is about no player: "that player" / "defending player" name nothing (608.2c)
    "When ~ enters, that player discards a card.",
    "Whenever ~ becomes blocked, that player loses 2 life.",
    "Whenever ~ blocks, defending player loses 1 life.",
    "Whenever ~ attacks or blocks, defending player loses 1 life.",
    # combat damage to an opponent is not a condition the grammar reads (the event "combat")
    "Whenever ~ deals combat damage to an opponent, that player discards a card.",
    # the event's player and another subject in one sentence
    "Whenever ~ deals combat damage to a player, you draw a card and that player discards a card.",
    # "that player" after a target player could name either (608.2c)
    "Whenever ~ deals combat damage to a player, target player draws a card. That player discards a card.",
    # the keywords' parameters: ingest takes none, afflict a number
    "Ingest 2",
    "Afflict",
    "Afflict X",
])
def test_near_misses_stay_unmodelled(line: str) -> None:
    (a,) = _read(line)
    assert a.kind == "unmodelled" or not any(e.arg("event") for e in a.effects)
    if "target player draws" not in line:
        assert a.kind == "unmodelled"


def test_exile_top_of_your_library_stays_the_impulse_word() -> None:
    """701.13a: "Exile the top card of your library." is the ``exile_top`` word (its "that card" follows it), not a
    player's act."""
    (a,) = _read("When ~ enters, exile the top card of your library. Until the end of your next turn, you may play "
                 "that card.")
    assert [e.kind for e in a.effects] == ["exile_top", "lasting"]


def test_combat_damage_to_a_creature_taps_that_creature_510_2() -> None:
    """"Whenever ~ deals combat damage to a creature" (510.2, once for each creature dealt damage): "that creature"
    is the creature dealt the damage, and the "it" of "tap that creature and it doesn't untap" the creature tapped."""
    line = ("Whenever ~ deals combat damage to a creature, tap that creature and it doesn't untap during its "
            "controller's next untap step.")
    (a,) = _read(line)
    assert a.kind == "triggered"
    assert (a.trigger_event.event, a.trigger_event.who) == ("combat_damage_creature", "self")
    assert [(e.kind, e.arg("it"), e.arg("steps")) for e in a.effects] == [("tap_it", True, None),
                                                                         ("skip_untap", True, 1)]


@pytest.mark.parametrize("line", [
    # more untap steps than the next one, or an "it" that could name either creature
    "Whenever ~ deals combat damage to a creature, tap that creature and it doesn't untap during its controller's "
    "next two untap steps.",
    "Whenever ~ deals combat damage to a creature, tap it.",
    "Whenever a creature you control deals combat damage to a creature, tap that creature.",
    # "it" after "If you do" of another creature's event could be either creature; a target after it is not read
    "Whenever a creature you control attacks, you may pay {E}. If you do, put a +1/+1 counter on it.",
    "Whenever ~ attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it and tap up to one target "
    "creature defending player controls.",
    # energy and mana in one payment, or X energy
    "Whenever ~ attacks, you may pay {E}{2}. If you do, draw a card.",
    "Whenever ~ attacks, you may pay {E}{X}. If you do, draw a card.",
])
def test_combat_damage_creature_and_energy_near_misses(line: str) -> None:
    (a,) = _read(line)
    assert a.kind == "unmodelled"


def test_may_pay_energy_107_14() -> None:
    """"You may pay {E}{E}." as the ability resolves (608.2d): N energy, paid by removing energy counters (107.14)."""
    line = "Whenever ~ attacks, you may pay {E}{E}. If you do, create a 1/1 colorless Servo artifact creature token."
    (a,) = _read(line)
    assert a.kind == "triggered"
    assert [(e.kind, e.arg("energy")) for e in a.effects][:2] == [("may_pay", 2), ("if_you_do", None)]
    assert render_line((a,)) == line


def test_paying_energy_removes_counters_only_if_there_are_enough() -> None:
    """118.3, 107.14: the one rule of paying energy (``payment.energy``)."""
    from dataclasses import replace

    from mtgjudge.model.payment.energy import can_pay_energy, energy_of, pay_energy
    from mtgjudge.model.state import GameState, Player, Turn

    st = GameState(players=(replace(Player("Alice"), counters=(("energy", 3),)), Player("Bob")), objects=(),
                   turn=Turn("Alice", 1))
    assert can_pay_energy(st, "Alice", 3) and not can_pay_energy(st, "Alice", 4)
    assert not can_pay_energy(st, "Bob", 1)
    after = pay_energy(st, "Alice", 2)
    assert energy_of(after, "Alice") == 1
    assert energy_of(pay_energy(after, "Alice", 1), "Alice") == 0
    with pytest.raises(ValueError):
        pay_energy(st, "Bob", 1)


@pytest.mark.parametrize("line", [
    "Whenever ~ attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it.",
    "When ~ enters, you may pay {2}. If you do, put a +1/+1 counter on it.",
])
def test_if_you_do_after_a_payment_its_is_the_object_itself_608_2c(line: str) -> None:
    """With only the payment before it, "it" of "If you do, put a +1/+1 counter on it" is the object itself."""
    (a,) = _read(line)
    assert a.kind == "triggered"
    assert [e.kind for e in a.effects] == ["may_pay", "if_you_do", "counter"]
    assert a.effects[2].arg("self_as_it")
    assert render_line((a,)) == line


def test_attacks_defending_player_is_the_player_attacked_508_5(monkeypatch) -> None:
    """508.5: "Whenever ~ attacks, defending player loses 2 life.": the player it attacks loses it."""
    from tests.test_engine_triggers import _combat, with_card

    with_card(monkeypatch, "Test Skimmer", "Creature — Test", "Whenever Test Skimmer attacks, defending player loses "
              "2 life.", ("2", "2"))
    games = _combat("[{card: Test Skimmer, id: s}]", "[]", "[{attack: {s: Bob}}, {resolve: 1}]",
                    step="precombat-main")
    assert {(g.state.player("Bob").life, g.state.player("Alice").life) for g in games} == {(18, 20)}


def test_combat_damage_player_that_player_is_the_one_dealt_damage(monkeypatch) -> None:
    """510.2: "that player" is the player the creature dealt combat damage: he sacrifices a creature."""
    from tests.test_engine_triggers import _combat, with_card

    with_card(monkeypatch, "Test Executioner", "Creature — Test", "Whenever Test Executioner deals combat damage to a "
              "player, that player sacrifices a creature.", ("2", "2"))
    games = _combat("[{card: Test Executioner, id: x, attacking: Bob}]", "[{card: Grizzly Bears, id: b}]",
                    "[{block: {}}, {advance: end-of-combat}]")
    assert {(g.state.player("Bob").life, g.state.obj("b").zone) for g in games} == {(18, "graveyard")}


def test_blocks_or_becomes_blocked_by_a_creature_names_the_other_creature() -> None:
    """509.3b, 509.3d: one ability with the two events of one creature about another; "that creature" is the
    other creature either way (Inferno Elemental's ruling 2009-10-01)."""
    (a,) = _read("Whenever ~ blocks or becomes blocked by a creature, ~ deals 3 damage to that creature.")
    assert (a.trigger_event.event, a.trigger_event.also, a.trigger_event.who) == \
        ("blocks_creature", "blocked_by_creature", "self")
    (e,) = a.effects
    assert (e.kind, e.arg("n"), e.arg("it")) == ("damage_it", 3, 1)
    assert render_line((a,)) == "Whenever ~ blocks or becomes blocked by a creature, it deals 3 damage to that creature."


@pytest.mark.parametrize("line", [
    # a delayed damage (Sawtooth Ogre): "at end of combat" is not read
    "Whenever ~ blocks or becomes blocked by a creature, ~ deals 1 damage to that creature at end of combat.",
    # "attacks" is about no other creature: "that creature" could name none
    "Whenever ~ attacks or becomes blocked by a creature, ~ deals 1 damage to that creature.",
    # "it" could be either creature
    "Whenever ~ blocks or becomes blocked by a creature, ~ deals 1 damage to it.",
])
def test_that_creature_near_misses_stay_unmodelled(line: str) -> None:
    (a,) = _read(line)
    assert a.kind == "unmodelled"


def test_a_line_left_unmodelled_makes_the_block_unsupported() -> None:
    from tests.card_helpers import answer

    status, _, message = answer("""
id: sawtooth-ogre-blocked
ask: outcome
state:
  turn: {active: Alice, step: declare-attackers}
  players:
    Alice:
      battlefield: [{card: Sawtooth Ogre, id: ogre, attacking: Bob}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - block: {bears: ogre}
  - advance: end-of-combat
expect:
  - {object: bears, zone: graveyard}
""")
    assert status == "unsupported" and "at end of combat" in message
