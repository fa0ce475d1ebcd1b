"""Shields of the ``shields`` family: prevention shields on one object or player (615.7, 615.1a),
regeneration (701.19a), "can't be regenerated" (701.19c) and "if it would die this turn, exile it instead"
(614.1a). How the compiler reads them (the grammar's ``shield_effect``, ``words.shields.read``), near
misses that must stay unread, and what the engine does with them on hand-written states. Every expected value
is worked out by hand from the rule or Gatherer ruling cited, never from the verifier's output."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds.outcome import summary
from tests.engine_helpers import one, written_args, zone
from mtgjudge.model.state import PreventionShield, TurnReplacement


def words(text: str) -> list:
    read = read_effect_words(sentences(text))
    return [None] if read is None else read[0]


def kinds(text: str) -> list[str | None]:
    return [w.kind if w is not None else None for w in words(text)]


# ------------------------------------------------------------------ reading

@pytest.mark.parametrize("text, expected", [
    ("Regenerate target creature.", ["regenerate"]),
    ("Regenerate ~.", ["regenerate"]),
    ("Target creature gets +2/+0 until end of turn. Regenerate it.", ["pump", "regenerate"]),
    ("Target creature can't be regenerated this turn.", ["no_regeneration_this_turn"]),
    ("~ deals 1 damage to target creature. It can't be regenerated this turn.", ["damage", "no_regeneration_this_turn"]),
    ("~ deals 3 damage to any target. A creature dealt damage this way can't be regenerated this turn.",
     ["damage", "no_regeneration_this_turn"]),
    ("~ deals 3 damage to each creature. If a creature dealt damage this way would die this turn, exile it instead.",
     ["damage_each", "exile_if_dies"]),
    ("~ deals 4 damage to target creature. If that creature would die this turn, exile it instead.",
     ["damage", "exile_if_dies"]),
    ("~ deals 3 damage to any target. If it's a creature, it can't be regenerated this turn, and if it would die "
     "this turn, exile it instead.", ["damage", "no_regeneration_exile"]),
    ("Prevent the next 4 damage that would be dealt to any target this turn.", ["prevent_next"]),
    ("Prevent the next 2 damage that would be dealt to target creature this turn.", ["prevent_next"]),
    ("Prevent all damage that would be dealt to target creature this turn.", ["prevent_all_to"]),
    ("Prevent all damage target creature would deal this turn.", ["prevent_all_by"]),
])
def test_shield_sentences_are_read(text, expected):
    assert kinds(text) == expected


def test_the_words_keep_their_subject():
    (w,) = words("Prevent the next 4 damage that would be dealt to any target this turn.")
    assert (w.arg("n"), w.arg("target")) == (4, "any target")
    (w,) = words("Regenerate target creature.")
    assert w.arg("target") == "creature"
    _, w = words("~ deals 3 damage to each creature. If a creature dealt damage this way would die this turn, exile "
                 "it instead.")
    assert w.arg("damaged") and not w.arg("it")


@pytest.mark.parametrize("text", [
    # X is not a number the grammar reads here; dividing a shield among targets (601.2d) is not performed
    # ("Prevent the next X damage ... this turn." is read with the spell's X: tests/test_engine_damage.py)
    "Prevent the next 3 damage that would be dealt this turn to any number of targets, divided as you choose.",
    "Prevent all damage that would be dealt to you and permanents you control this turn by sources you don't control.",
    "Prevent all damage that would be dealt to creatures this turn by sources you don't control.",
    # "it" with nothing before it to refer to (608.2c)
    "It can't be regenerated this turn.",
    "If that creature would die this turn, exile it instead.",
    # "this way" after an instruction that deals no damage
    "Destroy target creature. A creature dealt damage this way can't be regenerated this turn.",
    # not a creature
    "~ deals 3 damage to target creature. If that land would die this turn, exile it instead.",
    # a regeneration shield on a player
    "Regenerate target player.",
])
def test_near_misses_stay_unread(text):
    got = kinds(text)
    assert got[-1] is None or got == [None], got


def test_it_after_a_player_target_is_not_read():
    # "it" must name one permanent: after damage to any target it may be a player (only "If it's a creature"
    # reads that case)
    assert kinds("~ deals 3 damage to any target. It can't be regenerated this turn.")[-1] is None


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
    Bob:
      battlefield: [{bob}]
      hand: [{bob_hand}]
actions:
{actions}
expect: [{{stack_size: 0}}]
"""

LANDS = ", ".join([f"{{card: Mountain, id: r{i}}}" for i in range(1, 6)] + [f"{{card: Plains, id: w{i}}}" for i in range(1, 3)]
                  + [f"{{card: Swamp, id: b{i}}}" for i in range(1, 4)] + ["{card: Forest, id: g1}"])


def play(actions: list[str], hand: str, bob: str = "{card: Grizzly Bears, id: bears}", bob_hand: str = "") -> list[Game]:
    text = STATE.format(lands=LANDS, hand=hand, bob=bob, bob_hand=bob_hand,
                        actions="\n".join(f"  - {a}" for a in actions))
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_the_next_n_damage_shield_is_reduced_as_it_prevents():
    # 615.7: Mending Hands prevents 4: the first Bolt's 3 are prevented (1 left), the second's 1 of 3: the 3/3
    # Hill Giant is dealt 2 and lives (704.5g)
    g = one(play(["{cast: mend, targets: [giant], paying: [w1]}", "resolve: all",
                  "{cast: bolt1, targets: [giant], paying: [r1]}", "resolve: all",
                  "{cast: bolt2, targets: [giant], paying: [r2]}", "resolve: all"],
                 "{card: Mending Hands, id: mend}, {card: Lightning Bolt, id: bolt1}, {card: Lightning Bolt, id: bolt2}",
                 bob="{card: Hill Giant, id: giant}"))
    assert zone(g, "giant") == "battlefield"
    assert g.state.obj("giant").damage == 2
    assert g.state.in_force(PreventionShield) == ()         # used up


def test_a_shield_on_a_player():
    # 615.7: 3 of the 4 are prevented: Bob stays at 20 and 1 damage is still shielded, shown in the outcome
    g = one(play(["{cast: mend, targets: [Bob], paying: [w1]}", "resolve: all",
                  "{cast: bolt1, targets: [Bob], paying: [r1]}", "resolve: all"],
                 "{card: Mending Hands, id: mend}, {card: Lightning Bolt, id: bolt1}"))
    assert g.state.player("Bob").life == 20
    assert [s.left for s in g.state.in_force(PreventionShield)] == [1]
    assert summary(g)["prevention"] == ["the next 1 damage that would be dealt to Bob this turn is prevented "
                                        "(Mending Hands)"]


def test_prevent_all_damage_to_a_creature():
    g = one(play(["{cast: pass, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: bolt1, targets: [bears], paying: [r1]}", "resolve: all"],
                 "{card: Shielded Passage, id: pass}, {card: Lightning Bolt, id: bolt1}"))
    assert zone(g, "bears") == "battlefield" and g.state.obj("bears").damage == 0


def test_two_shields_in_either_order_are_branches():
    # 616.1: "all" first leaves Mending Hands' 4 unused; Mending Hands first uses 3 of it (1 left)
    games = play(["{cast: pass, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: mend, targets: [bears], paying: [w2]}", "resolve: all",
                  "{cast: bolt1, targets: [bears], paying: [r1]}", "resolve: all"],
                 "{card: Shielded Passage, id: pass}, {card: Mending Hands, id: mend}, {card: Lightning Bolt, id: bolt1}")
    assert sorted(tuple(sorted(str(s.left) for s in g.state.in_force(PreventionShield))) for g in games) == [("1", "None"), ("4", "None")]
    assert all(g.state.obj("bears").damage == 0 for g in games)


def test_regeneration_replaces_lethal_damage():
    # 701.19a, 704.5g: Death Ward's shield: instead of being destroyed the Bears is tapped and its damage removed
    g = one(play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: bolt1, targets: [bears], paying: [r1]}", "resolve: all"],
                 "{card: Death Ward, id: ward}, {card: Lightning Bolt, id: bolt1}"))
    b = g.state.obj("bears")
    assert (b.zone, b.tapped, b.damage) == ("battlefield", True, 0)
    assert g.state.in_force(TurnReplacement) == ()       # the shield is used up


def test_a_shield_is_used_once():
    # 701.19a: "the next time": a second lethal Bolt destroys it
    g = one(play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: bolt1, targets: [bears], paying: [r1]}", "resolve: all",
                  "{cast: bolt2, targets: [bears], paying: [r2]}", "resolve: all"],
                 "{card: Death Ward, id: ward}, {card: Lightning Bolt, id: bolt1}, {card: Lightning Bolt, id: bolt2}"))
    assert zone(g, "bears") == "graveyard"


def test_cant_be_regenerated_after_destroy():
    # 701.19c: Dark Banishing's "It can't be regenerated": the shield is not applied to Dark Banishing's destruction
    g = one(play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: terror, targets: [bears], paying: [b1, b2, b3]}", "resolve: all"],
                 "{card: Death Ward, id: ward}, {card: Dark Banishing, id: terror}"))
    assert zone(g, "bears") == "graveyard"


def test_destroy_action_is_regenerated():
    g = one(play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all", "destroy: bears"],
                 "{card: Death Ward, id: ward}"))
    assert zone(g, "bears") == "battlefield" and g.state.obj("bears").tapped


def test_zero_toughness_is_not_destruction():
    # 704.5f (not destruction, 701.19c): Disfigure's -2/-2 puts the 2/2 into the graveyard despite the shield
    g = one(play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: dis, targets: [bears], paying: [b1]}", "resolve: all"],
                 "{card: Death Ward, id: ward}, {card: Disfigure, id: dis}"))
    assert zone(g, "bears") == "graveyard"


def test_engulfing_flames_kills_the_skeleton_through_its_shield():
    # Walking Dead's own shield ({B}: Regenerate ~, 701.19a); Engulfing Flames' 1 damage and "It can't be
    # regenerated this turn" (701.19c): the 1/1 is destroyed by 704.5g
    bob = "{card: Walking Dead, id: skel}, {card: Swamp, id: sw}"
    g = one(play(["{activate: skel, by: Bob, paying: [sw]}", "resolve: all",
                  "{cast: flames, targets: [skel], paying: [r1]}", "resolve: all"],
                 "{card: Engulfing Flames, id: flames}", bob=bob))
    assert zone(g, "skel") == "graveyard"


def test_the_skeleton_regenerates_from_a_bolt():
    bob = "{card: Walking Dead, id: skel}, {card: Swamp, id: sw}"
    g = one(play(["{activate: skel, by: Bob, paying: [sw]}", "resolve: all",
                  "{cast: bolt1, targets: [skel], paying: [r1]}", "resolve: all"],
                 "{card: Lightning Bolt, id: bolt1}", bob=bob))
    s = g.state.obj("skel")
    assert (s.zone, s.tapped, s.damage) == ("battlefield", True, 0)


def test_anger_of_the_gods_exiles():
    # 614.1a: the 2/2 dealt 3 would die: exiled instead
    g = one(play(["{cast: anger, paying: [r1, r2, r3]}", "resolve: all"], "{card: Anger of the Gods, id: anger}"))
    assert zone(g, "bears") == "exile"


def test_exiled_even_if_it_dies_later_this_turn():
    # Annihilating Fire ruling 2012-10-01: exiled no matter why it would die this turn (here: Dark Banishing later);
    # Giant Growth first makes the Bears 5/5, so the 3 damage is not lethal
    g = one(play(["{cast: growth, targets: [bears], paying: [g1]}", "resolve: all",
                  "{cast: fire, targets: [bears], paying: [r1, r2, r3]}", "resolve: all",
                  "{cast: terror, targets: [bears], paying: [b1, b2, b3]}", "resolve: all"],
                 "{card: Giant Growth, id: growth}, {card: Annihilating Fire, id: fire}, {card: Dark Banishing, id: terror}"))
    assert zone(g, "bears") == "exile"


def test_prevented_damage_is_not_dealt_this_way():
    # 615.6: all of Annihilating Fire's damage is prevented: no creature was dealt damage this way, so Dark Banishing
    # later puts the Bears into the graveyard
    g = one(play(["{cast: pass, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: fire, targets: [bears], paying: [r1, r2, r3]}", "resolve: all",
                  "{cast: terror, targets: [bears], paying: [b1, b2, b3]}", "resolve: all"],
                 "{card: Shielded Passage, id: pass}, {card: Annihilating Fire, id: fire}, {card: Dark Banishing, id: terror}"))
    assert zone(g, "bears") == "graveyard"


def test_carbonize_on_a_player_does_nothing_more():
    g = one(play(["{cast: carb, targets: [Bob], paying: [r1, r2, r3]}", "resolve: all"], "{card: Carbonize, id: carb}"))
    assert g.state.player("Bob").life == 17 and g.state.in_force(TurnReplacement) == ()


def test_carbonize_beats_a_regeneration_shield():
    # Carbonize ruling 2016-06-08: can't be regenerated and exiled if it would die
    g = one(play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: carb, targets: [bears], paying: [r1, r2, r3]}", "resolve: all"],
                 "{card: Death Ward, id: ward}, {card: Carbonize, id: carb}"))
    assert zone(g, "bears") == "exile"


def test_regeneration_and_exile_instead_together_is_unsupported():
    # 616.1: its controller chooses the order of the two replacement effects: not performed, never guessed
    with pytest.raises(Unsupported, match="616.1"):
        play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all",
              "{cast: fire, targets: [bears], paying: [r1, r2, r3]}", "resolve: all"],
             "{card: Death Ward, id: ward}, {card: Annihilating Fire, id: fire}")


def test_the_shields_end_in_cleanup():
    g = one(play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all",
                  "{cast: mend, targets: [bears], paying: [w2]}", "resolve: all", "advance: next-turn"],
                 "{card: Death Ward, id: ward}, {card: Mending Hands, id: mend}"))
    assert g.state.in_force(TurnReplacement) == () and g.state.in_force(PreventionShield) == ()


def test_the_shield_is_shown_and_tells_states_apart():
    g = one(play(["{cast: ward, targets: [bears], paying: [w1]}", "resolve: all"], "{card: Death Ward, id: ward}"))
    assert summary(g)["replacements"] == ["a regeneration shield is on bears (Death Ward)"]
    assert g.key() != Game(g.state.with_lasting(TurnReplacement, ())).key()


@pytest.mark.parametrize("text, args", [
    ("Prevent all damage that would be dealt to creatures this turn.", {"affects": "creatures"}),
    ("Prevent all damage that would be dealt this turn to creatures you control.", {"affects": "creatures you control"}),
    ("Prevent all damage that would be dealt to you and permanents you control this turn.",
     {"you": True, "affects": "permanents you control"}),
    ("Prevent all damage that would be dealt by creatures this turn.", {"affects": "creatures"}),
    ("Prevent all combat damage that would be dealt by target creature this turn.", {"combat": True, "target": "creature"}),
    ("Regenerate each creature you control.", {"affects": "each creature you control"}),
])
def test_noun_phrase_subjects_are_kept_as_written(text, args):
    (w,) = words(text)
    assert written_args(w) == args


def test_a_noun_phrase_the_grammar_does_not_read_stays_unread():
    assert kinds("Prevent all damage that would be dealt this turn by non-Human sources.") == [None]
    assert kinds("Prevent all damage that would be dealt to creatures named Bob this turn.") == [None]


def test_forfend_protects_creatures_that_enter_later_but_not_players():
    # 615.1a: the creatures are those when the damage would be dealt; a player is not a creature: Bob loses 3
    g = one(play(["{cast: forfend, paying: [w1, w2]}", "resolve: all",
                  "{cast: bolt1, targets: [bears], paying: [r1]}", "resolve: all",
                  "{cast: bolt2, targets: [Bob], paying: [r2]}", "resolve: all"],
                 "{card: Forfend, id: forfend}, {card: Lightning Bolt, id: bolt1}, {card: Lightning Bolt, id: bolt2}"))
    assert zone(g, "bears") == "battlefield" and g.state.obj("bears").damage == 0
    assert g.state.player("Bob").life == 17


def test_ethereal_haze_does_not_stop_a_spell():
    # "by creatures": Lightning Bolt, an instant, is the source of its damage (120.3, 609.7): not prevented
    g = one(play(["{cast: haze, paying: [w1]}", "resolve: all",
                  "{cast: bolt1, targets: [bears], paying: [r1]}", "resolve: all"],
                 "{card: Ethereal Haze, id: haze}, {card: Lightning Bolt, id: bolt1}"))
    assert zone(g, "bears") == "graveyard"


def test_safe_passage_shields_its_controller_only():
    # Bob casts it: his Bears and Bob are shielded; Alice is not ("you" is the spell's controller)
    g = one(play(["{cast: pass, by: Bob, paying: [bw, bw2, bw3]}", "resolve: all",
                  "{cast: bolt1, targets: [Bob], paying: [r1]}", "resolve: all",
                  "{cast: bolt2, targets: [bears], paying: [r2]}", "resolve: all"],
                 "{card: Lightning Bolt, id: bolt1}, {card: Lightning Bolt, id: bolt2}",
                 bob="{card: Grizzly Bears, id: bears}, {card: Plains, id: bw}, {card: Plains, id: bw2}, {card: Plains, id: bw3}",
                 bob_hand="{card: Safe Passage, id: pass}"))
    assert g.state.player("Bob").life == 20 and zone(g, "bears") == "battlefield"


def test_wrap_in_vigor_regenerates_each_creature():
    g = one(play(["{cast: wrap, by: Bob, paying: [bg, bg2]}", "resolve: all",
                  "{cast: anger, paying: [r1, r2]}", "resolve: all"],
                 "{card: Pyroclasm, id: anger}",
                 bob="{card: Grizzly Bears, id: bears}, {card: Forest, id: bg}, {card: Forest, id: bg2}",
                 bob_hand="{card: Wrap in Vigor, id: wrap}"))
    b = g.state.obj("bears")
    assert (b.zone, b.tapped, b.damage) == ("battlefield", True, 0)


def test_the_next_n_damage_to_you():
    (w,) = words("Prevent the next 2 damage that would be dealt to you this turn.")
    assert dict(w.args) == {"n": 2, "you": True}
    assert kinds("Prevent the next 2 damage that would be dealt to creatures you control this turn.") == [None]


@pytest.mark.parametrize("text, expected", [
    ("Destroy target nonartifact, nonblack creature. That creature can't be regenerated.", ["destroy", "no_regeneration"]),
    ("Destroy all creatures. Creatures destroyed this way can't be regenerated.", ["destroy_all", "no_regeneration"]),
    ("Destroy target creature. A creature destroyed this way can't be regenerated.", ["destroy", "no_regeneration"]),
    # near misses: "that creature" after a phrase that is not of creatures; "this turn" is another word's
    ("Destroy target artifact. That creature can't be regenerated.", ["destroy", None]),
])
def test_cant_be_regenerated_after_a_destruction(text, expected):
    assert kinds(text) == expected


def test_regenerating_during_combat_is_unsupported():
    # 701.19a: "If it's an attacking or blocking creature, remove it from combat": not known to the engine
    text = STATE.format(lands=LANDS, hand="{card: Death Ward, id: ward}, {card: Lightning Bolt, id: bolt1}",
                        bob="{card: Grizzly Bears, id: bears}", bob_hand="",
                        actions="\n".join(f"  - {a}" for a in ["{cast: ward, targets: [bears], paying: [w1]}",
                                                               "resolve: all",
                                                               "{cast: bolt1, targets: [bears], paying: [r1]}",
                                                               "resolve: all"]))
    (q,) = load_text(text.replace("step: precombat-main", "step: declare-blockers"))
    with pytest.raises(Unsupported, match="removed from combat"):
        run(Game(q.state), q.actions)


def test_redeem_shields_each_of_its_targets():
    # 601.2c, 608.2c: one use of "target" chose two creatures: each gets the shield; Pyroclasm kills neither
    (w,) = words("Prevent all damage that would be dealt this turn to up to two target creatures.")
    assert w.arg("target") == "up to two target creatures"
    assert w.text() == "Prevent all damage that would be dealt to up to two target creatures this turn"
    g = one(play(["{cast: redeem, targets: [bears, giant], paying: [w1, w2]}", "resolve: all",
                  "{cast: clasm, paying: [r1, r2]}", "resolve: all"],
                 "{card: Redeem, id: redeem}, {card: Pyroclasm, id: clasm}",
                 bob="{card: Grizzly Bears, id: bears}, {card: Hill Giant, id: giant}, {card: Grizzly Bears, id: bears2}"))
    assert zone(g, "bears") == "battlefield" and zone(g, "giant") == "battlefield"
    assert zone(g, "bears2") == "graveyard"


def test_cant_be_regenerated_in_a_trigger_and_an_activated_ability():
    from mtgjudge.model.oracle.lines import LineContext, compile_line
    ctx = LineContext(spell=False)
    (a,) = compile_line("When ~ enters the battlefield, destroy target nonblack creature. It can't be regenerated.",
                        "When X enters the battlefield, destroy target nonblack creature. It can't be regenerated.", ctx)
    assert a.kind == "triggered" and [e.kind for e in a.effects] == ["destroy", "no_regeneration"]
    (a,) = compile_line("{T}: Destroy target creature. It can't be regenerated.",
                        "{T}: Destroy target creature. It can't be regenerated.", ctx)
    assert a.kind == "activated" and [e.kind for e in a.effects] == ["destroy", "no_regeneration"]
