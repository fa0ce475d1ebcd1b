"""The effects that real spells use most, cast from their Oracle text and resolved: +N/+N for all
creatures or those you control (613.4c, 611.2c), destroy all (701.8a) with "can't be regenerated" (701.19c),
damage to each creature (120.3, 704.5g), counter target creature spell (701.6a), counters on a target
(122.1), a card returned from the graveyard (400.6), a target player discarding (701.9), untap (701.26b).
Expected values are worked out from the rules by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone
from mtgjudge.model.engine.kernel.context import Ctx

BASE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: {alice_bf}
      hand: {alice_hand}
      graveyard: {alice_gy}
    Bob:
      battlefield: {bob_bf}
      hand: {bob_hand}
actions:
{actions}
expect: [{{stack_size: 0}}]
"""
LANDS = ("{card: Plains, id: w1}, {card: Plains, id: w2}, {card: Swamp, id: b1}, {card: Swamp, id: b2}, "
         "{card: Island, id: u1}, {card: Island, id: u2}, {card: Mountain, id: r1}, {card: Forest, id: g1}")
#: The lands that pay each card's mana cost (one way, so that each question has one branch).
PAY = {"Inspired Charge": "w1, w2, u1, u2", "Shrivel": "b1, b2", "Wrath of God": "w1, w2, u1, u2", "Dark Banishing": "b1, b2, u1", "Festival of Trokin": "w1",
       "Evacuation": "u1, u2, u3, u4, b1",
       "Pyroclasm": "r1, u1", "Essence Scatter": "u1, u2", "Battlegrowth": "g1", "Disentomb": "b1",
       "Zombify": "b1, b2, u1, u2", "Mind Rot": "b1, b2, u1", "Burst of Energy": "w1", "Raise the Alarm": "w1, u1",
       "Diabolic Edict": "b1, u1", "Dry Spell": "b1, u1"}


def finals(actions: str, alice_bf=f"[{{card: Grizzly Bears, id: bears}}, {LANDS}]", alice_hand="[]",
           alice_gy="[]", bob_bf="[{card: Grizzly Bears, id: bbear}]", bob_hand="[]") -> list[Game]:
    (q,) = load_text(BASE.format(alice_bf=alice_bf, alice_hand=alice_hand, alice_gy=alice_gy, bob_bf=bob_bf,
                                 bob_hand=bob_hand, actions=actions))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)




def cast(card: str, targets: str = "") -> tuple[str, str]:
    """(Alice's hand, the actions) casting ``card`` with ``targets`` and resolving everything."""
    t = f", targets: [{targets}]" if targets else ""
    return f"[{{card: {card}, id: spell}}]", f"  - {{cast: spell{t}, paying: [{PAY[card]}]}}\n  - resolve: all"


def test_the_sentences_are_read_as_words():
    for text, kinds in [("Creatures you control get +2/+1 until end of turn.", ["pump_all"]),
                        ("Destroy all creatures. They can't be regenerated.", ["destroy_all", "no_regeneration"]),
                        ("Destroy target creature. It can't be regenerated.", ["destroy", "no_regeneration"]),
                        ("Target player discards two cards.", ["discard"])]:
        words, _ = read_effect_words(sentences(text))
        assert [w.kind for w in words] == kinds


def test_regeneration_words_only_after_the_destroy_they_refer_to():
    # "It can't be regenerated." after anything but "Destroy target ..." is not read (608.2c: what "it" is).
    words, _ = read_effect_words(sentences("Tap target creature. It can't be regenerated."))
    assert words[1] is None


def test_inspired_charge_pumps_only_your_creatures_613_4c():
    hand, actions = cast("Inspired Charge")
    g = one(finals(actions, alice_hand=hand))
    assert (power(g, "bears"), toughness(g, "bears")) == (4, 3)
    assert (power(g, "bbear"), toughness(g, "bbear")) == (2, 2)


def test_shrivel_kills_one_toughness_creatures_704_5f():
    hand, actions = cast("Shrivel")
    g = one(finals(actions, alice_hand=hand, bob_bf="[{card: Memnite, id: memnite}, {card: Grizzly Bears, id: bbear}]"))
    assert zone(g, "memnite") == "graveyard" and zone(g, "bbear") == "battlefield"
    assert (power(g, "bears"), toughness(g, "bears")) == (1, 1)


def test_wrath_of_god_destroys_every_creature_but_not_lands():
    hand, actions = cast("Wrath of God")
    g = one(finals(actions, alice_hand=hand))
    assert zone(g, "bears") == "graveyard" and zone(g, "bbear") == "graveyard"
    assert len(list(g.state.battlefield("Alice"))) == 8


def test_wrath_of_god_and_the_dies_triggers_see_every_creature_die_together_603_10a():
    # Unruly Mob dies at the same time as the Bears: it "looks back" and triggers (603.10a); its counter is
    # put on nothing (400.7), and Moonlit Wake gains one life per creature that died (3).
    hand, actions = cast("Wrath of God")
    g = one(finals(actions, alice_hand=hand, alice_bf=f"[{{card: Grizzly Bears, id: bears}}, {{card: Unruly Mob, "
                                                       f"id: mob}}, {{card: Moonlit Wake, id: wake}}, {LANDS}]"))
    assert g.state.player("Alice").life == 23
    assert zone(g, "mob") == "graveyard"


def test_dark_banishing_destroys_a_green_creature():
    hand, actions = cast("Dark Banishing", "bbear")
    g = one(finals(actions, alice_hand=hand))
    assert zone(g, "bbear") == "graveyard"


def test_pyroclasm_two_damage_to_each_creature_704_5g():
    hand, actions = cast("Pyroclasm")
    g = one(finals(actions, alice_hand=hand, bob_bf="[{card: Grizzly Bears, id: bbear}, {card: Dryad Arbor, id: arbor}]"))
    assert zone(g, "bears") == "graveyard" and zone(g, "bbear") == "graveyard" and zone(g, "arbor") == "graveyard"


def test_essence_scatter_counters_a_creature_spell_701_6a():
    # Alice holds priority after casting her own Bears and counters it (117.3c).
    g = one(finals("  - {cast: bear2, paying: [g1, r1]}\n  - {cast: spell, targets: [bear2], paying: [u1, u2]}\n"
                   "  - resolve: all", alice_hand="[{card: Essence Scatter, id: spell}, {card: Grizzly Bears, id: bear2}]"))
    assert zone(g, "bear2") == "graveyard"


def test_battlegrowth_puts_a_counter_122_1():
    hand, actions = cast("Battlegrowth", "bbear")
    g = one(finals(actions, alice_hand=hand))
    assert g.state.obj("bbear").counter("+1/+1") == 1 and power(g, "bbear") == 3


def test_raise_dead_and_zombify_400_6():
    hand, actions = cast("Disentomb", "dead")
    g = one(finals(actions, alice_hand=hand, alice_gy="[{card: Grizzly Bears, id: dead}]"))
    assert zone(g, "dead") == "hand"
    hand, actions = cast("Zombify", "dead")
    g = one(finals(actions, alice_hand=hand, alice_gy="[{card: Grizzly Bears, id: dead}]"))
    assert zone(g, "dead") == "battlefield" and g.state.obj("dead").controller == "Alice"


def test_mind_rot_every_pair_a_branch_701_9():
    hand, actions = cast("Mind Rot", "Bob")
    games = finals(actions, alice_hand=hand, bob_hand="[{card: Grizzly Bears, id: h1}, {card: Forest, id: h2}, "
                                                      "{card: Lightning Bolt, id: h3}]")
    kept = sorted(tuple(g.state.player("Bob").zone("hand")) for g in games)
    assert kept == [("h1",), ("h2",), ("h3",)]


def test_mind_rot_with_one_card_in_hand_discards_it():
    hand, actions = cast("Mind Rot", "Bob")
    g = one(finals(actions, alice_hand=hand, bob_hand="[{card: Forest, id: h1}]"))
    assert zone(g, "h1") == "graveyard"


def test_burst_of_energy_untaps_701_26b():
    hand, actions = cast("Burst of Energy", "tl")
    g = one(finals(actions, alice_hand=hand, alice_bf=f"[{{card: Forest, id: tl, tapped: true}}, {LANDS}]"))
    assert g.state.obj("tl").tapped is False


def test_raise_the_alarm_two_soldier_tokens_111_1():
    hand, actions = cast("Raise the Alarm")
    g = one(finals(actions, alice_hand=hand))
    soldiers = [o for o in g.state.battlefield("Alice") if o.token and o.name == "Soldier"]
    assert len(soldiers) == 2


def test_diabolic_edict_every_creature_of_the_player_a_branch_701_21a():
    hand, actions = cast("Diabolic Edict", "Bob")
    games = finals(actions, alice_hand=hand, bob_bf="[{card: Grizzly Bears, id: bbear}, {card: Memnite, id: mem}, "
                                                    "{card: Sol Ring, id: ring}]")
    gone = sorted(oid for g in games for oid in ("bbear", "mem") if zone(g, oid) == "graveyard")
    assert gone == ["bbear", "mem"] and all(zone(g, "ring") == "battlefield" for g in games)


def test_dry_spell_damages_creatures_and_players_120_3():
    hand, actions = cast("Dry Spell")
    g = one(finals(actions, alice_hand=hand, bob_bf="[{card: Memnite, id: mem}, {card: Grizzly Bears, id: bbear}]"))
    assert zone(g, "mem") == "graveyard" and g.state.obj("bbear").damage == 1
    assert g.state.player("Alice").life == 19 and g.state.player("Bob").life == 19


def test_a_subtype_phrase_keeps_its_capital_so_the_engine_reads_it_again():
    # "Destroy all Forests." (Acid Rain): the noun phrase the word keeps is one the engine parses again.
    from mtgjudge.model.vocab.phrases import parse_np
    for text in ("Destroy all Forests.", "~ deals 1 damage to each Human creature.",
                 "Creatures you control get +1/+1 until end of turn."):
        (word,), _ = read_effect_words(sentences(text))
        parse_np(word.arg("affects"))


def test_the_whole_board_words_exile_bounce_tap_untap_and_life_per():
    hand, actions = cast("Festival of Trokin")
    g = one(finals(actions, alice_hand=hand))
    assert g.state.player("Alice").life == 22     # one creature Alice controls: the Bears
    hand, actions = cast("Evacuation")
    g = one(finals(actions, alice_hand=hand, alice_bf=f"[{{card: Grizzly Bears, "
                   f"id: bears}}, {LANDS}, {{card: Island, id: u3}}, {{card: Island, id: u4}}]"))
    assert zone(g, "bears") == "hand" and zone(g, "bbear") == "hand"


def test_a_phrase_about_combat_is_unsupported_not_guessed():
    # "creatures attacking" is combat, which the engine does not perform
    from mtgjudge.model.engine.instructions import affected

    from mtgjudge.model.vocab.abilities import Effect
    from mtgjudge.model.vocab.words import EFFECT_WORDS
    e = Effect("tap_all", (("affects", "attacking creatures"),), EFFECT_WORDS["tap_all"])
    (q,) = load_text(BASE.format(alice_bf="[]", alice_hand="[]", alice_gy="[]", bob_bf="[]", bob_hand="[]",
                                 actions="  - resolve: all"))
    with pytest.raises(Unsupported):
        affected(Game(q.state), e, Ctx("x", "Alice", (), 0))
