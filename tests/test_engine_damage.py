"""The e-damage slice in the engine: several targets for one use of "target" (601.2c, 115.3), each affected
and checked on resolution (608.2b); "another target" (a different object); damage compositions (608.2c,
120.3a); "counter target spell unless its controller pays" (118.12a, 701.6a); the total cost for the number
of targets chosen (601.2f). Expected values are worked out from the rules by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.errors import Illegal, Unsupported
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone

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
