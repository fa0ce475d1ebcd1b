"""Damage in the engine: several targets for one use of "target" (601.2c, 115.3), each affected
and checked on resolution (608.2b); "another target" (a different object); damage compositions (608.2c,
120.3a); "counter target spell unless its controller pays" (118.12a, 701.6a); the total cost for the number
of targets chosen (601.2f). Expected values are worked out from the rules by hand."""
from __future__ import annotations

import pytest
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.errors import Illegal, Unsupported, DefinitionError
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.oracle.targets import find_targets
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab import phrases
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone
from mtgjudge.model.state import PreventionShield, TurnReplacement


BASE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      life: {life}
      battlefield: {alice_bf}
      hand: {alice_hand}
    Bob:
      battlefield: {bob_bf}
      hand: {bob_hand}
actions:
{actions}
expect: [{{stack_size: 0}}]
"""


def finals(actions: str, alice_bf: str, alice_hand: str, bob_bf: str = "[]", bob_hand: str = "[]",
           life: int = 20) -> list[Game]:
    (question,) = load_text(BASE.format(alice_bf=alice_bf, alice_hand=alice_hand, bob_bf=bob_bf, bob_hand=bob_hand,
                                        actions=actions, life=life))
    assert not isinstance(question, Exception), question
    return run(Game(question.state), question.actions)


BEARS2 = "[{card: Grizzly Bears, id: b1}, {card: Grizzly Bears, id: b2}]"


def test_swelter_two_targets_both_die():
    g = one(finals("  - cast: sw\n  - resolve: all", "[Mountain, Mountain, Mountain, Mountain]", "[{card: Swelter, id: sw}]",
                   BEARS2))
    assert zone(g, "b1") == zone(g, "b2") == "graveyard"


def test_swelter_needs_two_different_creatures_115_3():
    with pytest.raises(Illegal):
        finals("  - cast: sw", "[Mountain, Mountain, Mountain, Mountain]", "[{card: Swelter, id: sw}]",
               "[{card: Grizzly Bears, id: b1}]")
    with pytest.raises(Illegal):
        finals("  - {cast: sw, targets: [b1, b1]}", "[Mountain, Mountain, Mountain, Mountain]", "[{card: Swelter, id: sw}]",
               BEARS2)


def test_into_the_void_every_number_of_targets_is_a_branch_601_2c():
    games = finals("  - cast: v\n  - resolve: all", "[Island, Island, Island, Island]",
                   "[{card: Into the Void, id: v}]", BEARS2)
    outcomes = sorted((zone(g, "b1"), zone(g, "b2")) for g in games)
    assert outcomes == [("battlefield", "battlefield"), ("battlefield", "hand"), ("hand", "battlefield"),
                        ("hand", "hand")]
    assert all(zone(g, "v") == "graveyard" for g in games)


def test_consume_strength_another_target_is_a_different_creature():
    games = finals("  - cast: cs\n  - resolve: all", "[Swamp, Forest, Forest]", "[{card: Consume Strength, id: cs}]",
                   BEARS2)
    # +2/+2 on one Bears, -2/-2 (dies, 704.5f) on the other; never both on the same creature.
    outcomes = sorted((zone(g, "b1"), zone(g, "b2")) for g in games)
    assert outcomes == [("battlefield", "graveyard"), ("graveyard", "battlefield")]
    for g in games:
        alive = "b1" if zone(g, "b1") == "battlefield" else "b2"
        assert (power(g, alive), toughness(g, alive)) == (4, 4)


def test_ashes_to_ashes_deals_five_to_its_controller_120_3a():
    g = one(finals("  - cast: a\n  - resolve: all", "[Swamp, Swamp, Swamp]", "[{card: Ashes to Ashes, id: a}]",
                   BEARS2, life=6))
    assert zone(g, "b1") == zone(g, "b2") == "exile"
    assert g.state.player("Alice").life == 1


def test_mana_leak_payment_branches_118_12a():
    games = finals("  - cast: bears\n  - {cast: leak, by: Bob, targets: [bears]}\n  - resolve: all",
                   "[Forest, Forest, Forest, Forest, Forest]", "[{card: Grizzly Bears, id: bears}]",
                   "[Island, Island]", "[{card: Mana Leak, id: leak}]")
    assert sorted(zone(g, "bears") for g in games) == ["battlefield", "graveyard"]
    paid = next(g for g in games if zone(g, "bears") == "battlefield")
    assert all(paid.state.obj(f).tapped for f in paid.state.player("Alice").zone("battlefield")
               if paid.state.obj(f).name == "Forest")


def test_fireball_costs_one_more_for_each_target_beyond_the_first_601_2f():
    # X=1: {1}{R} for one target; two targets cost {2}{R}, more than two Mountains can pay.
    games = finals("  - {cast: fb, x: 1}", "[Mountain, Mountain, {card: Grizzly Bears, id: b0}]",
                   "[{card: Fireball, id: fb}]", "[]")
    # "any number of targets": zero or one target (Alice, Bob, the Bears); never two
    assert sorted(len(g.state.obj("fb").targets) for g in games) == [0, 1, 1, 1]
    with pytest.raises(Illegal):
        finals("  - {cast: fb, x: 1, targets: [b0, Bob]}", "[Mountain, Mountain, {card: Grizzly Bears, id: b0}]",
               "[{card: Fireball, id: fb}]", "[]")


def test_divided_damage_stays_unsupported():
    # 601.2d: "divided as you choose" is a choice made on casting that the engine does not perform yet.
    with pytest.raises(Unsupported):
        finals("  - {cast: fb, x: 2}\n  - resolve: all", "[Mountain, Mountain, Mountain]",
               "[{card: Fireball, id: fb}]", BEARS2)


def test_forked_bolt_divides_among_two_each_at_least_one_601_2d():
    games = finals("  - {cast: fb, targets: [bears, m1]}\n  - resolve: all", "[Mountain]",
                   "[{card: Forked Bolt, id: fb}]",
                   "[{card: Grizzly Bears, id: bears}, {card: Memnite, id: m1}]")
    # two targets: 1 and 1 is the only division (each gets at least 1): Memnite dies, the Bears keep 1 damage
    g = one(games)
    assert zone(g, "m1") == "graveyard" and g.state.obj("bears").damage == 1


def test_forked_bolt_one_target_gets_both():
    g = one(finals("  - {cast: fb, targets: [Bob]}\n  - resolve: all", "[Mountain]", "[{card: Forked Bolt, id: fb}]"))
    assert g.state.player("Bob").life == 18


def test_pyrotechnics_every_division_is_a_branch_and_no_more_targets_than_damage():
    games = finals("  - {cast: p, targets: [Alice, Bob]}\n  - resolve: all", "[Mountain, Mountain, Mountain, Mountain, "
                   "Mountain]", "[{card: Pyrotechnics, id: p}]")
    # 4 divided between two players, each at least 1: 1+3, 2+2, 3+1
    assert sorted((g.state.player("Alice").life, g.state.player("Bob").life) for g in games) == \
        [(17, 19), (18, 18), (19, 17)]
    with pytest.raises(Illegal):       # five targets for 4 damage: one would get none (601.2d)
        finals("  - {cast: p, targets: [Alice, Bob, b1, b2, m1]}", "[Mountain, Mountain, Mountain, Mountain, "
               "Mountain]", "[{card: Pyrotechnics, id: p}]",
               "[{card: Grizzly Bears, id: b1}, {card: Grizzly Bears, id: b2}, {card: Memnite, id: m1}]")


def test_divided_damage_illegal_target_gets_nothing_608_2b():
    games = finals("  - {cast: fb, targets: [bears, m1]}\n  - {cast: u, by: Bob, targets: [m1]}\n  - resolve: all",
                   "[Mountain]", "[{card: Forked Bolt, id: fb}]",
                   "[{card: Grizzly Bears, id: bears}, {card: Memnite, id: m1}, Island]", "[{card: Unsummon, id: u}]")
    # the Memnite's 1 is not dealt to anyone else: the Bears get their 1 only
    g = one(games)
    assert zone(g, "m1") == "hand" and g.state.obj("bears").damage == 1


FIGHTERS = "[{card: Hill Giant, id: giant}, Forest, Forest, Forest, Forest]"


def test_prey_upon_both_deal_damage_701_14a():
    g = one(finals("  - {cast: p, targets: [giant, bears]}\n  - resolve: all", FIGHTERS, "[{card: Prey Upon, id: p}]",
                   "[{card: Grizzly Bears, id: bears}]"))
    assert zone(g, "bears") == "graveyard" and g.state.obj("giant").damage == 2


def test_prey_upon_one_target_gone_neither_fights_701_14b():
    g = one(finals("  - {cast: p, targets: [giant, bears]}\n  - {cast: u, by: Bob, targets: [bears]}\n"
                   "  - resolve: all", FIGHTERS, "[{card: Prey Upon, id: p}]",
                   "[{card: Grizzly Bears, id: bears}, Island]", "[{card: Unsummon, id: u}]"))
    assert zone(g, "bears") == "hand" and g.state.obj("giant").damage == 0


def test_rabid_bite_only_the_first_deals_damage():
    g = one(finals("  - {cast: r, targets: [giant, bears]}\n  - resolve: all", FIGHTERS, "[{card: Rabid Bite, id: r}]",
                   "[{card: Grizzly Bears, id: bears}]"))
    assert zone(g, "bears") == "graveyard" and g.state.obj("giant").damage == 0


def test_rabid_bite_first_target_gone_no_damage_ruling():
    # Rabid Bite ruling (2018-07-13): if either creature is an illegal target, the creature you control won't
    # deal damage.
    g = one(finals("  - {cast: r, targets: [b1, bears]}\n  - {cast: u, by: Bob, targets: [b1]}\n  - resolve: all",
                   "[{card: Grizzly Bears, id: b1}, Forest, Forest]", "[{card: Rabid Bite, id: r}]",
                   "[{card: Grizzly Bears, id: bears}, Island]", "[{card: Unsummon, id: u}]"))
    assert zone(g, "bears") == "battlefield" and g.state.obj("bears").damage == 0


def test_swift_kick_it_is_the_pumped_creature_608_2c():
    # +1/+0 makes the Bears 3/2: they deal 3 to the Giant (3/3, dies) and take 3 (die too).
    g = one(finals("  - {cast: k, targets: [b1, giant]}\n  - resolve: all",
                   "[{card: Grizzly Bears, id: b1}, Mountain, Mountain, Mountain, Mountain]",
                   "[{card: Swift Kick, id: k}]", "[{card: Hill Giant, id: giant}]"))
    assert zone(g, "b1") == "graveyard" and zone(g, "giant") == "graveyard"


def test_chandras_outrage_damages_the_creatures_controller():
    g = one(finals("  - {cast: o, targets: [bears]}\n  - resolve: all", "[Mountain, Mountain, Mountain, Mountain]",
                   "[{card: Chandra's Outrage, id: o}]", "[{card: Grizzly Bears, id: bears}]"))
    assert zone(g, "bears") == "graveyard" and g.state.player("Bob").life == 18 and \
        g.state.player("Alice").life == 20


def test_hurricane_x_damage_to_fliers_and_each_player_107_3a():
    g = one(finals("  - {cast: h, x: 2}\n  - resolve: all", "[Forest, Forest, Forest, {card: Grizzly Bears, id: b}]",
                   "[{card: Hurricane, id: h}]", "[{card: Ornithopter, id: o}]"))
    assert zone(g, "o") == "graveyard" and zone(g, "b") == "battlefield" and g.state.obj("b").damage == 0
    assert g.state.player("Alice").life == g.state.player("Bob").life == 18


def test_electrolyze_two_paragraphs_resolve_in_order_608_2c():
    (question,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Island, Mountain, Mountain]
      hand: [{card: Electrolyze, id: e}]
      library: [{card: Memnite, id: lib1}]
    Bob:
      battlefield: [{card: Memnite, id: m1}, {card: Memnite, id: m2}]
actions:
  - {cast: e, targets: [m1, m2]}
  - resolve: all
expect: [{stack_size: 0}]
""")
    g = one(run(Game(question.state), question.actions))
    assert zone(g, "m1") == zone(g, "m2") == "graveyard" and zone(g, "lib1") == "hand"


def test_a_paragraph_starting_with_it_is_not_joined_to_the_one_before():
    from mtgjudge.model.engine.resolve import spell_ability
    from mtgjudge.model.vocab.abilities import Ability
    from mtgjudge.model.vocab.parse import parse_effect
    first = Ability("spell", effects=(parse_effect({"pump": {"power": 1, "toughness": 0, "target": "creature"}}),),
                    targets=("target creature",))
    second = Ability("spell", effects=(parse_effect({"fight": {"it": 1, "target2": "creature"}}),),
                     targets=("target creature",))
    with pytest.raises(Unsupported):
        spell_ability((first, second))
    assert spell_ability((first,)) is first


def test_elven_rite_distributes_two_counters_601_2d():
    games = finals("  - cast: r\n  - resolve: all", "[Forest, Forest, {card: Grizzly Bears, id: b1}]",
                   "[{card: Elven Rite, id: r}]", "[{card: Memnite, id: m}]")
    # one target: both counters on it; two targets: one each (each at least one, 601.2d)
    seen = sorted((g.state.obj("b1").counter("+1/+1"), g.state.obj("m").counter("+1/+1")) for g in games)
    assert seen == [(0, 2), (1, 1), (2, 0)]


def test_distributing_counters_other_than_plus_or_minus_one_is_not_read():
    from mtgjudge.model.oracle.lines import read_effect_words, sentences
    words, _ = read_effect_words(sentences("Distribute two -2/-1 counters among one or two target creatures."))
    assert words == [None]


def words(text: str) -> list:
    read = read_effect_words(sentences(text))
    return [None] if read is None else read[0]


def kinds(text: str) -> list[str | None]:
    return [w.kind if w is not None else None for w in words(text)]


# ------------------------------------------------------------------ reading

@pytest.mark.parametrize("text, expected", [
    ("~ deals 3 damage to each player.", ["damage_each_player"]),
    ("Damage can't be prevented this turn.", ["no_prevention"]),
    ("~ deals 4 damage to target creature. The damage can't be prevented.", ["damage"]),
    ("~ deals X damage to any target, where X is the number of basic land types among lands you control.",
     ["damage_count"]),
    ("~ deals X damage to target creature, where X is 3 plus the number of artifacts you control.", ["damage_count"]),
    # the life gain "where X is <count>" is the players reader's (the same count, read as it resolves, 608.2h)
    ("~ deals X damage to target creature and you gain X life, where X is the number of Swamps you control.",
     ["damage_count", "player_acts"]),
    ("~ deals X damage to target creature and you gain X life.", ["damage_x", "player_acts"]),
    ("~ deals 2 damage to any target and 1 damage to another target.", ["damage", "damage"]),
    ("~ deals 1 damage to any target, 2 damage to another target, and 3 damage to a third target.",
     ["damage", "damage", "damage"]),
    ("~ deals 3 damage divided as you choose among one, two, or three targets.", ["damage_divided"]),
    ("~ deals 4 damage divided as you choose among one, two, or three target creatures.", ["damage_divided"]),
    ("~ deals 3 damage to each of two targets.", ["damage"]),
    ("~ deals X damage to each of up to two targets.", ["damage_x"]),
    ("Prevent the next X damage that would be dealt to any target this turn.", ["prevent_next_x"]),
    ("Prevent the next X damage that would be dealt to you this turn.", ["prevent_next_x"]),
    # 608.2h: a count of what the target player controls; an untargeted "damage to ... equal to <count>"
    ("~ deals X damage to target opponent, where X is twice the number of white creatures that player controls.",
     ["damage_count"]),
    ("~ deals damage to target player equal to the number of nonbasic lands that player controls.", ["damage_count"]),
    ("~ deals damage to each creature with flying equal to your devotion to green.", ["counted"]),
    ("~ deals damage equal to the number of Giants you control to each non-Giant creature.", ["counted"]),
    # 702.33d: "it" of a kicked sentence is this spell
    ("~ deals 3 damage to any target. If ~ was kicked, it deals 3 damage to another target.",
     ["damage", "if_kicked", "damage"]),
    ("~ deals 4 damage to target creature. If this spell was kicked, it also deals 4 damage to target player.",
     ["damage", "if_kicked", "damage"]),
])
def test_damage_compound_sentences_are_read(text, expected):
    assert kinds(text) == expected


@pytest.mark.parametrize("text", [
    # a count the engine does not read
    "~ deals X damage to any target, where X is 2 plus the number of cards named ~ in all graveyards.",
    "~ deals damage to any target equal to the number of attacking creatures you control.",
    # "can't be prevented" with a condition, or after an instruction that is not one damage instruction
    "If X is 5 or more, ~ can't be countered and the damage can't be prevented.",
    "~ deals 2 damage to each creature. The damage can't be prevented.",
    # "to each player who ...": not every player
    "~ deals 3 damage to each player who attacked this turn.",
    # "X" targets; a list of counts that is not a run
    "~ deals 2 damage to each of X targets.",
    "~ deals 4 damage divided as you choose among one, three, or four targets.",
    # "that player" with a target that is not a player; "they" with any target
    "~ deals damage to target creature equal to the number of lands that player controls.",
    "~ deals damage to any target equal to the number of lands they control.",
])
def test_near_misses_stay_unread(text):
    assert None in words(text)


def test_the_target_phrases():
    assert find_targets("~ deals 2 damage to any target and 1 damage to another target.") == ("any target",
                                                                                               "another target")
    assert find_targets("~ deals 3 damage to each of up to two targets.") == ("up to two targets",)
    # "another target creature" is still the grammar's "target another creature"
    assert find_targets("Tap another target creature.") == ("target another creature",)
    spec = phrases.parse_target("one, two, or three target creatures")
    assert (spec.minimum, spec.maximum) == (1, 3)
    assert all(o.other for o in phrases.parse_target("another target").objects)
    assert phrases.parse_target("another target").players == "any"
    with pytest.raises(DefinitionError):
        phrases.parse_target("one, three, or four targets")


def test_scaled_counts():
    c = counts.parse("3 plus the number of artifacts you control")
    assert (c.kind, c.times, c.plus) == ("permanents", 1, 3)
    c = counts.parse("twice the number of creatures you control")
    assert (c.kind, c.times, c.plus) == ("permanents", 2, 0)
    with pytest.raises(DefinitionError):
        counts.parse("twice the number of creatures destroyed this way")    # a "this way" count: not scaled


# ------------------------------------------------------------------ the engine

STATE = """
id: t
ask: outcome
state:
  turn: {{active: Alice, step: precombat-main}}
  players:
    Alice:
      battlefield: [{lands}]
      hand: [{hand}]
      library: [Island, Island]
    Bob:
      battlefield: [{bob}]
      hand: [{bob_hand}]
actions:
{actions}
expect: [{{stack_size: 0}}]
"""

LANDS = ", ".join([f"{{card: Mountain, id: r{i}}}" for i in range(1, 7)] + [f"{{card: Plains, id: w{i}}}" for i in range(1, 4)]
                  + ["{card: Ornithopter, id: thopter}"])


def play(actions: list[str], hand: str, bob: str = "{card: Grizzly Bears, id: bears}", bob_hand: str = "") -> list[Game]:
    text = STATE.format(lands=LANDS, hand=hand, bob=bob, bob_hand=bob_hand,
                        actions="\n".join(f"  - {a}" for a in actions))
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_each_player_is_dealt_damage():
    # 120.3a: Flame Rift's controller is a player too
    g = one(play(["{cast: rift, paying: [r1, r2]}", "resolve: all"], "{card: Flame Rift, id: rift}"))
    assert (g.state.player("Alice").life, g.state.player("Bob").life) == (16, 16)


def test_another_target_must_differ():
    # 601.2c: Arc Trail's "another target" can't be what the first use chose
    with pytest.raises(Illegal):
        play(["{cast: arc, targets: [Bob, Bob], paying: [r1, r2]}", "resolve: all"], "{card: Arc Trail, id: arc}")
    g = one(play(["{cast: arc, targets: [Bob, bears], paying: [r1, r2]}", "resolve: all"], "{card: Arc Trail, id: arc}"))
    assert g.state.player("Bob").life == 18 and g.state.obj("bears").damage == 1


def test_arc_trail_without_fixed_targets_branches_over_pairs():
    # 601.2c: the first target is any of Alice, Bob, the Bears and Ornithopter (an artifact creature), the second
    # any other of them: 4 * 3 ordered pairs, each a branch (some equal positions may be merged)
    games = play(["{cast: arc, paying: [r1, r2]}", "resolve: all"], "{card: Arc Trail, id: arc}")
    assert 1 < len(games) <= 12
    assert any(zone(g, "bears") == "graveyard" and g.state.player("Bob").life == 19 for g in games)


def test_divided_among_one_two_or_three():
    # 601.2d: 4 damage among the Bears and Ornithopter: 1+3, 2+2, 3+1: the 0/2 Ornithopter dies in every one
    # (at least 2 is lethal only with 2 or 3; with 1 it lives): the Bears die with 2 or 3
    games = play(["{cast: fork, targets: [bears, thopter], paying: [r1, r2, r3, r4]}", "resolve: all"],
                 "{card: Forked Lightning, id: fork}")
    outcomes = sorted((zone(g, "bears"), zone(g, "thopter")) for g in games)
    assert outcomes == [("battlefield", "graveyard"), ("graveyard", "battlefield"), ("graveyard", "graveyard")]


def test_the_damage_cant_be_prevented_goes_through_a_shield():
    # 615.12: Mending Hands' shield (the next 4 to the Hill Giant) doesn't apply to Pinpoint Avalanche's damage
    g = one(play(["{cast: mend, targets: [giant], paying: [w1]}", "resolve: all",
                  "{cast: ava, targets: [giant], paying: [r1, r2, r3, r4, r5]}", "resolve: all"],
                 "{card: Mending Hands, id: mend}, {card: Pinpoint Avalanche, id: ava}",
                 bob="{card: Hill Giant, id: giant}"))
    assert zone(g, "giant") == "graveyard"


def test_damage_cant_be_prevented_this_turn_then_cleanup_ends_it():
    # 615.12: after Flaring Pain, Mending Hands' shield on Bob doesn't apply to the Bolt: Bob loses 3
    g = one(play(["{cast: mend, targets: [Bob], paying: [w1]}", "resolve: all",
                  "{cast: pain, paying: [r1, r2]}", "resolve: all",
                  "{cast: bolt, targets: [Bob], paying: [r3]}", "resolve: all"],
                 "{card: Mending Hands, id: mend}, {card: Flaring Pain, id: pain}, {card: Lightning Bolt, id: bolt}"))
    assert g.state.player("Bob").life == 17
    assert [s.left for s in g.state.in_force(PreventionShield)] == [4]          # the shield stays whole
    assert [r.kind for r in g.state.in_force(TurnReplacement)] == ["no_prevention"]


def test_without_flaring_pain_the_shield_prevents():
    # the near miss: the same without Flaring Pain: 3 of the 4 are prevented
    g = one(play(["{cast: mend, targets: [Bob], paying: [w1]}", "resolve: all",
                  "{cast: bolt, targets: [Bob], paying: [r3]}", "resolve: all"],
                 "{card: Mending Hands, id: mend}, {card: Lightning Bolt, id: bolt}"))
    assert g.state.player("Bob").life == 20


def test_where_x_is_three_plus_artifacts():
    # 107.3e, 608.2h: X = 3 + 1 (Ornithopter): 4 damage kills the 3/3 Hill Giant; a 4/4... is not needed
    g = one(play(["{cast: sparks, targets: [giant], paying: [r1, r2, r3]}", "resolve: all"],
                 "{card: Welding Sparks, id: sparks}", bob="{card: Hill Giant, id: giant}"))
    assert zone(g, "giant") == "graveyard" and g.state.obj("giant").damage == 0


def test_prevent_the_next_x():
    # 615.7, 107.3a: X = 3: Flame Rift's 4 damage to Alice: 3 prevented, she loses 1; Bob loses 4
    g = one(play(["{cast: fest, x: 3, paying: [w1, w2, w3, r1]}", "resolve: all",
                  "{cast: rift, paying: [r2, r3]}", "resolve: all"],
                 "{card: Festival of the Guildpact, id: fest}, {card: Flame Rift, id: rift}"))
    assert (g.state.player("Alice").life, g.state.player("Bob").life) == (19, 16)


def test_each_player_by_their_own_count():
    # 608.2h, 120.3a: Acidic Soil: Alice controls 9 lands (6 Mountains, 3 Plains; Ornithopter is no land),
    # Bob controls none (the Bears are no land): 0 is no damage (120.8)
    g = one(play(["{cast: soil, paying: [r1, r2, r3]}", "resolve: all"], "{card: Acidic Soil, id: soil}"))
    assert (g.state.player("Alice").life, g.state.player("Bob").life) == (11, 20)


@pytest.mark.parametrize("text, expected", [
    ("~ deals damage to each player equal to the number of lands they control.", "the number of lands you control"),
    ("~ deals damage to each opponent equal to the number of Islands that player controls.",
     "the number of Islands you control"),
])
def test_each_player_counts_are_read(text, expected):
    (w,) = words(text)
    assert w.kind == "damage_each_count" and w.arg("count") == expected


def test_each_player_count_of_the_controller_is_one_count():
    # the spell's controller's count ("you control") is not each player's: one count, the count family's word
    (w,) = words("~ deals damage to each player equal to the number of lands you control.")
    assert w.kind == "counted" and w.arg("count") == "the number of lands you control"


def test_a_source_of_your_choice_is_every_source_a_branch():
    # 609.7a: Bob chooses among the permanents (Alice's 9 lands and Ornithopter, his Bears) and the spells on the
    # stack (the Bolt; Pay No Heed itself as it resolves): only choosing the Bolt saves the Bears
    games = play(["{cast: bolt, targets: [bears], paying: [r1]}", "{cast: heed, by: Bob, paying: [bw]}",
                  "resolve: all"], "{card: Lightning Bolt, id: bolt}",
                 bob="{card: Plains, id: bw}, {card: Grizzly Bears, id: bears}", bob_hand="{card: Pay No Heed, id: heed}")
    alive = [g for g in games if zone(g, "bears") == "battlefield"]
    assert len(alive) == 1 and alive[0].state.obj("bears").damage == 0
    assert len(games) > 2


def test_source_choice_near_miss_stays_unread():
    # "dealt to you ... by a source of your choice" is not this reading (nor the shields family's)
    assert words("Prevent all damage that would be dealt to you this turn by a source of your choice.") == [None]


def test_each_creature_that_player_controls():
    # 608.2c: "that player" is the target player: Bob's Bears are dealt 1, Alice's Ornithopter (0/2) none
    g = one(play(["{cast: rl, targets: [Bob], paying: [r1, r2, r3, r4]}", "resolve: all"],
                 "{card: Radiating Lightning, id: rl}"))
    assert g.state.player("Bob").life == 17
    assert g.state.obj("bears").damage == 1 and g.state.obj("thopter").damage == 0


def test_each_creature_that_player_controls_needs_a_player_target():
    # near miss: "that player" after a creature target is not read
    assert words("~ deals 2 damage to target creature and 1 damage to each creature that player controls.")[-1] is None


def test_instant_and_sorcery_cards_are_either():
    # "the number of instant and sorcery cards in your graveyard" counts each card that is an instant or a sorcery
    text = STATE.format(lands="{card: Mountain, id: r1}", hand="", bob="", bob_hand="", actions="  - resolve: all")
    text = text.replace("      library: [Island, Island]",
                        "      library: [Island, Island]\n      graveyard: [Lightning Bolt, Flame Rift, Grizzly Bears]")
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    c = counts.parse("the number of instant and sorcery cards in your graveyard")
    assert counts.value(q.state, "Alice", c) == 2
    assert counts.value(q.state, "Bob", c) == 0


def test_damage_to_that_creature_is_dealt_to_the_target_before_it_608_2c():
    """Burning Cloak: "Target creature gets +2/+0 until end of turn. ~ deals 2 damage to that creature." ("that
    creature" is the target of the instruction before, 608.2c): the 2/2 Bears, now 4/2, are dealt 2 and die."""
    from tests.card_helpers import answer, card

    cloak = card("Burning Cloak", "Sorcery", "{R}", "Target creature gets +2/+0 until end of turn. Burning Cloak deals "
                                                   "2 damage to that creature.")
    (a,) = cloak.faces[0].abilities
    assert [e.kind for e in a.effects] == ["pump", "damage_it"]
    status, value, message = answer("""
id: cloak
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Mountain]
      hand: [{card: Burning Cloak, id: cloak}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - {cast: cloak, targets: [bears]}
  - resolve: all
expect:
  - {object: bears, zone: graveyard}
""", cloak)
    assert status == "pass", message
