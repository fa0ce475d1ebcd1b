"""Tokens counted by X and tapped tokens (111.1, 107.3a, 107.3c,
110.5b), "those creatures" / "them" / "they" after an instruction that acted on a group (608.2c, 611.2c), and
keywords that only matter for blocks granted until end of turn (613.1f). How the compiler reads them (the
grammar's ``tokens_create``, ``words.tokens.read``), near misses that must stay unread, and what the engine does.
Expected values are worked out by hand from the rules cited."""
from __future__ import annotations

import pytest

from mtgjudge.model.words.tokens import perform as token_groups
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, written_args
from tests.test_until import BASE, finals, keywords
from mtgjudge.model.engine.kernel.context import Ctx


def words(text: str):
    read = read_effect_words(sentences(text))
    assert read is not None
    return read[0]


@pytest.mark.parametrize("text, args", [
    ("Create X 1/1 white Warrior creature tokens.", {"x": True, "token": "1/1 white Warrior creature token"}),
    ("Create an X/X green Ooze creature token.", {"n": 1, "token": "X/X green Ooze creature token"}),
    ("Create X X/X green Ooze creature tokens.", {"x": True, "token": "X/X green Ooze creature token"}),
    ("Create thirteen tapped 2/2 black Zombie creature tokens.",
     {"n": 13, "tapped": True, "token": "2/2 black Zombie creature token"}),
    ("Create X tapped 2/2 black Zombie creature tokens.",
     {"x": True, "tapped": True, "token": "2/2 black Zombie creature token"}),
    ("Create X 4/4 white Angel creature tokens with flying.",
     {"x": True, "token": "4/4 white Angel creature token with flying"}),
    ("Create an X/X black Demon creature token with flying, where X is the number of cards in your hand.",
     {"n": 1, "token": "X/X black Demon creature token with flying", "x_count": "the number of cards in your hand"}),
])
def test_token_templates(text, args):
    (w,) = words(text)
    assert w is not None and w.kind == "create_tokens", (text, w)
    assert written_args(w) == args


@pytest.mark.parametrize("text", [
    "Create two 1/1 white Soldier creature tokens.",        # the plain sentence: a stated number, untapped
])
def test_plain_tokens_are_a_stated_number(text):
    (w,) = words(text)
    assert w is not None and w.kind == "create_tokens"
    assert dict(w.args) == {"n": 2, "token": "1/1 white Soldier creature token"}


@pytest.mark.parametrize("args", [
    {"n": 2, "x": True, "token": "1/1 white Warrior creature token"},          # a number and X: which?
    {"n": 0, "token": "1/1 white Warrior creature token"},                     # no token: not a reading
    {"n": 1, "token": "1/1 white Warrior creature token", "x_count": "the number of cards in your hand"},  # no X
    {"n": 1, "token": "colorless Treasure artifact token", "predefined": "Treasure"},  # not 111.10a's words
])
def test_create_tokens_refuses_arguments_that_are_no_reading(args):
    from mtgjudge.model.errors import DefinitionError
    with pytest.raises(DefinitionError):
        parse_effect({"create_tokens": args})


def test_create_tokens_without_a_number_is_one_token_111_1():
    e = parse_effect({"create_tokens": {"token": "1/1 white Warrior creature token"}})
    assert e.render() == "Create a 1/1 white Warrior creature token"


@pytest.mark.parametrize("text", [
    "Create X 1/1 green Saproling creature token.",         # number and noun disagree
    "Create an X/1 green Ooze creature token.",             # X only in the power: not read
    "Create X 1/1 green Saproling creature tokens, where X is the greatest power among attacking creatures.",
    "Create thirteen tapped 2/2 black Zombie creature tokens, where X is the number of cards in your hand.",
    "Create X 1/1 red Goblin creature tokens that are tapped and attacking.",
])
def test_token_near_misses_stay_unread(text):
    assert words(text)[-1] is None or words(text)[-1].kind != "create_tokens"


@pytest.mark.parametrize("text, kinds", [
    ("Creatures you control get +1/+1 until end of turn. Untap them.", ["pump_all", "those_group"]),
    ("Creatures you control get +1/+2 until end of turn. Untap those creatures.", ["pump_all", "those_group"]),
    ("Untap all creatures you control. They gain hexproof and indestructible until end of turn.",
     ["untap_all", "those_group"]),
])
def test_those_after_a_group(text, kinds):
    w = words(text)
    assert [x.kind if x else None for x in w] == kinds
    assert w[1].arg("np") == "creatures you control"


@pytest.mark.parametrize("text", [
    # the first instruction changes what the noun phrase reads (tapped / keywords): "those" are not read again
    "Untap all tapped creatures you control. They gain haste until end of turn.",
    "Creatures you control with flying gain vigilance until end of turn. Untap them.",
    # control changes: the noun phrase would name other permanents
    "Untap target creature and gain control of it until end of turn. Untap them.",
    # "those" after a single target is not a group
    "Target creature gets +1/+1 until end of turn. Untap those creatures.",
    # the first instruction changes their color: "white creatures" read again would name others
    "White creatures you control become black until end of turn. Untap those creatures.",
])
def test_those_near_misses(text):
    w = words(text)
    assert w[-1] is None or w[-1].kind != "those_group"


@pytest.mark.parametrize("text, kw", [
    ("Target creature gains fear until end of turn.", "Fear"),
    ("Target creature gains swampwalk until end of turn.", "Swampwalk"),
    ("Target creature gets +2/+0 and gains shadow until end of turn.", "Shadow"),
    ("Creatures you control gain intimidate until end of turn.", "Intimidate"),
])
def test_combat_keywords_granted(text, kw):
    (w,) = words(text)
    assert w is not None and w.kind == "until_end_of_turn" and kw in w.arg("keywords")


@pytest.mark.parametrize("text", [
    "Target creature gains infect until end of turn.",      # changes what damage does: the engine deals damage
    "Target creature gains undying until end of turn.",     # a triggered keyword the engine does not perform
    "Target creature gains wither until end of turn.",
])
def test_other_keywords_stay_unread(text):
    (w,) = words(text)
    assert w is None


# ------------------------------------------------------------------ the engine

def test_x_tokens_from_the_cast():
    # 107.3a: X = 2 chosen as Secure the Wastes is cast: two 1/1 Warrior tokens
    g = one(finals("  - {cast: s, x: 2}\n  - resolve: all", "[Plains, Plains, Plains]",
                   "[{card: Secure the Wastes, id: s}]"))
    toks = [o for o in g.state.objects if o.token and o.zone == "battlefield"]
    assert len(toks) == 2 and all(o.controller == "Alice" and not o.tapped for o in toks)
    assert all((power(g, o.id), toughness(g, o.id)) == (1, 1) for o in toks)


def test_x_x_token_power_and_toughness():
    # Slime Molding, X = 3: one 3/3 Ooze
    g = one(finals("  - {cast: s, x: 3}\n  - resolve: all", "[Forest, Forest, Forest, Forest]",
                   "[{card: Slime Molding, id: s}]"))
    (tok,) = [o for o in g.state.objects if o.token and o.zone == "battlefield"]
    assert (power(g, tok.id), toughness(g, tok.id)) == (3, 3)


def test_tapped_tokens_enter_tapped():
    # 110.5b: "Create thirteen tapped ... tokens": each enters tapped
    g = one(finals("  - {cast: a}\n  - resolve: all", "[" + ", ".join(["Swamp"] * 8) + "]",
                   "[{card: Army of the Damned, id: a}]"))
    toks = [o for o in g.state.objects if o.token and o.zone == "battlefield"]
    assert len(toks) == 13 and all(o.tapped for o in toks)


def test_them_is_the_group_of_the_instruction_before():
    # 608.2c: Rallying Roar untaps Alice's creature, not Bob's
    g = one(finals("  - {cast: r}\n  - resolve: all", "[{card: Grizzly Bears, id: b, tapped: true}, Plains, Plains, Plains]",
                   "[{card: Rallying Roar, id: r}]", "[{card: Grizzly Bears, id: o, tapped: true}]"))
    assert not g.state.obj("b").tapped and g.state.obj("o").tapped
    assert (power(g, "b"), toughness(g, "b")) == (3, 3) and (power(g, "o"), toughness(g, "o")) == (2, 2)


def test_combat_keyword_recorded_and_ends():
    g = one(finals("  - {cast: h}\n  - resolve: all", "[{card: Grizzly Bears, id: b}, Swamp, Swamp, Swamp]",
                   "[{card: Hideous Visage, id: h}]"))
    assert keywords(g, "b") == {"Intimidate"}
    g = one(finals("  - {cast: h}\n  - resolve: all\n  - advance: next-turn",
                   "[{card: Grizzly Bears, id: b}, Swamp, Swamp, Swamp]", "[{card: Hideous Visage, id: h}]"))
    assert keywords(g, "b") == set()


def test_x_of_an_activated_ability_is_unsupported():
    # 107.3a: the engine keeps no X of an activation: a word with X from an ability says so, never a guess
    e = parse_effect({"create_tokens": {"x": True, "token": "1/1 white Warrior creature token"}})
    (q,) = load_text(BASE.format(alice_bf="[Plains]", alice_hand="[]", bob_bf="[]", actions="  - resolve: all"))
    assert not isinstance(q, Exception), q
    ctx = Ctx(source="x", controller="Alice", targets=(), source_moves=0, ability_index=1, x=2)
    with pytest.raises(Unsupported):
        token_groups._create_tokens(Game(q.state), e, ctx)
    ctx = Ctx(source="x", controller="Alice", targets=(), source_moves=0, x=None)
    with pytest.raises(Unsupported):
        token_groups._create_tokens(Game(q.state), e, ctx)


# ------------------------------------------------------------------ becomes <color> (613.1e, layer 5)

def colors(g, oid: str) -> set[str]:
    return set(current(g.state, oid).colors)


def test_becomes_a_color_until_end_of_turn_and_that_creature_untaps():
    # 105.3: the new color replaces the old one (Grizzly Bears is green); 608.2c "that creature"; 514.2: it ends
    acts = "  - {cast: w, targets: [b]}\n  - resolve: all"
    g = one(finals(acts, "[{card: Grizzly Bears, id: b, tapped: true}, Island]", "[{card: Cerulean Wisps, id: w}]"))
    assert colors(g, "b") == {"U"} and not g.state.obj("b").tapped
    g = one(finals(acts + "\n  - advance: next-turn", "[{card: Grizzly Bears, id: b, tapped: true}, Island]",
                   "[{card: Cerulean Wisps, id: w}]"))
    assert colors(g, "b") == {"G"}


def test_tap_that_creature():
    g = one(finals("  - {cast: w, targets: [b]}\n  - resolve: all", "[Plains]", "[{card: Niveous Wisps, id: w}]",
                   "[{card: Grizzly Bears, id: b}]"))
    assert colors(g, "b") == {"W"} and g.state.obj("b").tapped


def test_color_effects_apply_in_timestamp_order_with_static_ones():
    # 613.7: Celestial Dawn ("Nonland permanents you control are white") and Cerulean Wisps both apply in layer 5;
    # the later timestamp wins: Wisps after Dawn -> blue; Dawn after Wisps -> white
    dawn_first = ("  - {cast: d}\n  - resolve: all\n  - {cast: w, targets: [b]}\n  - resolve: all")
    g = one(finals(dawn_first, "[{card: Grizzly Bears, id: b}, Plains, Plains, Plains, Island]",
                   "[{card: Celestial Dawn, id: d}, {card: Cerulean Wisps, id: w}]"))
    assert colors(g, "b") == {"U"}
    wisps_first = ("  - {cast: w, targets: [b]}\n  - resolve: all\n  - {cast: d}\n  - resolve: all")
    g = one(finals(wisps_first, "[{card: Grizzly Bears, id: b}, Plains, Plains, Plains, Island]",
                   "[{card: Celestial Dawn, id: d}, {card: Cerulean Wisps, id: w}]"))
    assert colors(g, "b") == {"W"}


@pytest.mark.parametrize("text", [
    "Target creature becomes the color or colors of your choice until end of turn.",
    "Target creature becomes black and red until end of turn.",     # two colors: not read
    "Target creature becomes a 3/3 until end of turn.",
])
def test_becomes_near_misses(text):
    w = words(text)
    assert w[-1] is None or not w[-1].arg("colors")


# ------------------------------------------------------------------ two instructions joined by "and"

@pytest.mark.parametrize("text, kinds", [
    ("Untap target creature and gain control of it until end of turn. That creature gains haste until end of turn.",
     ["untap_target", "until_end_of_turn", "until_end_of_turn"]),
    ("Put a +1/+1 counter on target creature and untap it.", ["counter_target", "untap_it"]),
    ("Until end of turn, you gain control of target creature and it gains haste.",
     ["until_end_of_turn", "until_end_of_turn"]),
])
def test_joined_instructions(text, kinds):
    w = words(text)
    assert [x.kind if x else None for x in w] == kinds
    assert w[1].arg("it")


@pytest.mark.parametrize("text", [
    # "it" after a phrase of several targets is not one object: stays unread
    "Untap two target creatures and gain control of it until end of turn.",
    # "them", not "it"
    "Put a +1/+1 counter on each creature you control and untap them.",
])
def test_joined_near_misses(text):
    w = words(text)
    assert None in w


def test_threaten_steals_untaps_and_gives_haste_until_end_of_turn():
    acts = "  - {cast: t, targets: [b]}\n  - resolve: all"
    g = one(finals(acts, "[Mountain, Mountain, Mountain]", "[{card: Threaten, id: t}]",
                   "[{card: Grizzly Bears, id: b, tapped: true}]"))
    o = g.state.obj("b")
    assert o.controller == "Alice" and not o.tapped and keywords(g, "b") == {"Haste"}
    g = one(finals(acts + "\n  - advance: next-turn", "[Mountain, Mountain, Mountain]", "[{card: Threaten, id: t}]",
                   "[{card: Grizzly Bears, id: b, tapped: true}]"))
    assert g.state.obj("b").controller == "Bob" and keywords(g, "b") == set()


# ------------------------------------------------------------------ loses <keyword> (613.1f, layer 6)

def test_loses_flying_given_by_an_earlier_equipment():
    # 613.7: Cobbled Wings' "Equipped creature has flying" has the earlier timestamp; Canopy Claws removes it
    g = one(finals("  - {cast: c, targets: [b]}\n  - resolve: all",
                   "[{card: Grizzly Bears, id: b}, {card: Cobbled Wings, id: w, attached_to: b}, Forest]",
                   "[{card: Canopy Claws, id: c}]"))
    assert keywords(g, "b") == set()


def test_flying_given_after_the_loss_stays():
    # 613.7: Flight enters after Canopy Claws resolved: its later "Enchanted creature has flying" applies after
    acts = "  - {cast: c, targets: [b]}\n  - resolve: all\n  - {cast: f, targets: [b]}\n  - resolve: all"
    g = one(finals(acts, "[{card: Grizzly Bears, id: b}, Forest, Island]",
                   "[{card: Canopy Claws, id: c}, {card: Flight, id: f}]"))
    assert keywords(g, "b") == {"Flying"}


def test_loses_flying_ends_in_cleanup():
    acts = "  - {cast: c, targets: [o]}\n  - resolve: all"
    g = one(finals(acts, "[Forest]", "[{card: Canopy Claws, id: c}]", "[{card: Ornithopter, id: o}]"))
    assert keywords(g, "o") == set()
    g = one(finals(acts + "\n  - advance: next-turn", "[Forest]", "[{card: Canopy Claws, id: c}]",
                   "[{card: Ornithopter, id: o}]"))
    assert keywords(g, "o") == {"Flying"}


@pytest.mark.parametrize("text, loses", [
    ("Target creature loses flying until end of turn.", ("Flying",)),
    ("All creatures lose flying until end of turn.", ("Flying",)),
    ("Target creature loses shadow until end of turn.", ("Shadow",)),
])
def test_loses_templates(text, loses):
    (w,) = words(text)
    assert w is not None and w.arg("loses") == loses


@pytest.mark.parametrize("text", [
    "Target creature loses flying and gains flying until end of turn.",     # one effect both ways: not read
    "Target creature loses all abilities until end of turn.",               # not a keyword: not read
    "Target creature loses infect until end of turn.",
])
def test_loses_near_misses(text):
    (w,) = words(text)
    assert w is None or not w.arg("loses")


# ------------------------------------------------------------------ "where X is its power" (608.2h)

def test_x_is_the_targets_power_as_it_resolves():
    # Rush of Blood ruling (2012-05-01): X is determined as it resolves: a 3/3 (2/2 with a +1/+1 counter) gets +3/+0
    g = one(finals("  - {cast: r, targets: [b]}\n  - resolve: all",
                   "[{card: Grizzly Bears, id: b, counters: {+1/+1: 1}}, Mountain, Mountain, Mountain]",
                   "[{card: Rush of Blood, id: r}]"))
    assert (power(g, "b"), toughness(g, "b")) == (6, 3)


@pytest.mark.parametrize("text", [
    "Creatures you control get +X/+0 until end of turn, where X is its power.",     # "its": no one target
    "Target creature gets +X/+0 until end of turn, where X is its color.",
    "Up to two target creatures each get +X/+0 until end of turn, where X is its power.",
])
def test_x_stat_near_misses(text):
    w = words(text)
    assert w[-1] is None


def test_also_is_read_as_no_change_of_meaning():
    w = words("Creatures you control get +2/+1 until end of turn. White creatures you control also gain first strike "
              "until end of turn.")
    assert w[1].kind == "until_end_of_turn" and w[1].arg("affects") == "white creatures you control"
    assert w[1].arg("keywords") == ("First strike",)
    # near miss: "also" with "that creature" and no instruction before it to refer to
    assert words("That creature also gets +2/+2 until end of turn.") == [None]


# ------------------------------------------------------------------ "those creatures" after several targets

@pytest.mark.parametrize("text, kinds", [
    ("Gain control of any number of target creatures until end of turn. Untap those creatures. They gain haste until "
     "end of turn.", ["until_end_of_turn", "untap_those", "until_end_of_turn"]),
    ("Untap up to two target creatures. They each get +2/+2 until end of turn.", ["untap_target", "until_end_of_turn"]),
    ("Untap two target creatures. Each of them gets +1/+1 until end of turn.", ["untap_target", "until_end_of_turn"]),
    ("Any number of target creatures each get +1/+1 and gain flying until end of turn.", ["until_end_of_turn"]),
])
def test_those_targets(text, kinds):
    w = words(text)
    assert [x.kind if x else None for x in w] == kinds
    assert all(x.arg("those") for x in w[1:])


@pytest.mark.parametrize("text", [
    "Untap target creature. They each get +2/+2 until end of turn.",       # one target: "it", not "they"
    "Target creature gets +1/+1 until end of turn. Untap those creatures.",
])
def test_those_targets_near_misses(text):
    w = words(text)
    assert w[-1] is None


def test_harness_by_force_on_two_creatures():
    # strive: {1}{R}{R} + {2}{R} for the second target; 608.2c: "those creatures" / "they" are both targets
    g = one(finals("  - {cast: h, targets: [a, b]}\n  - resolve: all", "[" + ", ".join(["Mountain"] * 6) + "]",
                   "[{card: Harness by Force, id: h}]",
                   "[{card: Grizzly Bears, id: a, tapped: true}, {card: Grizzly Bears, id: b, tapped: true}]"))
    for oid in ("a", "b"):
        o = g.state.obj(oid)
        assert o.controller == "Alice" and not o.tapped and keywords(g, oid) == {"Haste"}


def test_synchronized_strike_untaps_and_pumps_each():
    g = one(finals("  - {cast: s, targets: [a, b]}\n  - resolve: all",
                   "[{card: Grizzly Bears, id: a, tapped: true}, Forest, Forest, Forest]",
                   "[{card: Synchronized Strike, id: s}]", "[{card: Grizzly Bears, id: b, tapped: true}]"))
    for oid in ("a", "b"):
        assert not g.state.obj(oid).tapped and (power(g, oid), toughness(g, oid)) == (4, 4)


# ------------------------------------------------------------------ "the greatest power among ..." (a count)

def test_greatest_power_is_a_count():
    from mtgjudge.model.rules import counts
    c = counts.parse("the greatest power among creatures you control")
    assert (c.kind, c.zone) == ("greatest", "power") and counts.reads_power_toughness(c)
    c = counts.parse("the highest converted mana cost among permanents you control")
    assert (c.kind, c.zone) == ("greatest", "mana value") and not counts.reads_power_toughness(c)


@pytest.mark.parametrize("text", [
    "the greatest power among attacking creatures",            # combat: not in the states the engine reads
    "the greatest power among other creatures you control",    # "other" than what? not read
    "the greatest number of creatures a player controls",
])
def test_greatest_near_misses(text):
    from mtgjudge.model.errors import DefinitionError
    from mtgjudge.model.rules import counts
    with pytest.raises(DefinitionError):
        counts.parse(text)


def test_greatest_power_needs_the_callers_guard():
    from mtgjudge.model.rules import counts
    (q,) = load_text(BASE.format(alice_bf="[{card: Grizzly Bears, id: b, counters: {+1/+1: 2}}]", alice_hand="[]",
                                 bob_bf="[{card: Grizzly Bears, id: o, counters: {+1/+1: 5}}]",
                                 actions="  - resolve: all"))
    c = counts.parse("the greatest power among creatures you control")
    with pytest.raises(Unsupported):
        counts.value(q.state, "Alice", c)
    assert counts.value(q.state, "Alice", c, pt_guarded=True) == 4     # 2/2 with two +1/+1 counters; not Bob's
    assert counts.value(q.state, "Bob", c, pt_guarded=True) == 7


def test_overwhelming_stampede_ruling_example():
    # ruling 2010-08-15: the greatest power as it resolves (2 here) for each of Alice's creatures
    # (the Elves may pay for it or not: every payment is a branch, the same in each)
    for g in finals("  - {cast: s}\n  - resolve: all",
                    "[{card: Grizzly Bears, id: b}, {card: Llanowar Elves, id: e}, Forest, Forest, Forest, Forest, Forest]",
                    "[{card: Overwhelming Stampede, id: s}]"):
        assert (power(g, "b"), toughness(g, "b")) == (4, 4) and (power(g, "e"), toughness(g, "e")) == (3, 3)


def test_non_subtype_at_the_start_of_a_sentence():
    # Eyeblight Massacre: "Non-Elf creatures get -2/-2 until end of turn." (the capital is the sentence's)
    (w,) = words("Non-Elf creatures get -2/-2 until end of turn.")
    assert w.kind == "until_end_of_turn" and w.arg("affects") == "non-Elf creatures"
    assert words("Non-Elfish creatures get -2/-2 until end of turn.") == [None]      # not a subtype: unread


def test_until_end_of_turn_with_two_subjects():
    # 611.2a: one leading duration for two subjects joined by "and"
    w = words("Until end of turn, creatures you control get +1/+1 and creatures your opponents control get -1/-1.")
    assert [x.arg("affects") for x in w] == ["creatures you control", "creatures your opponents control"]
    w = words("Until end of turn, target creature you control gets +1/+1 and target creature an opponent controls "
              "gets -1/-1.")
    assert [x.arg("target") for x in w] == ["creature you control", "creature an opponent controls"]
    # near misses: "other" than the first subject (not the source): stays unread; one subject with two verbs stays one
    assert words("Until end of turn, target creature you control gets +3/+3 and other creatures you control get "
                 "+1/+1.") == [None]
    assert len(words("Until end of turn, target creature gets +2/+2 and gains trample.")) == 1


# ------------------------------------------------------------------ predefined tokens created by name (111.10)

@pytest.mark.parametrize("text, name, n, tapped", [
    ("Create a Treasure token.", "Treasure", 1, False),
    ("Create two Food tokens.", "Food", 2, False),
    ("Create a tapped Treasure token.", "Treasure", 1, True),
    ("Create a Blood token.", "Blood", 1, False),
    ("Create a Map token.", "Map", 1, False),
])
def test_a_predefined_token_is_read_as_the_words_111_10_gives_it(text, name, n, tapped):
    from mtgjudge.model.words.tokens.record import PREDEFINED

    [e] = words(text)
    assert e.kind == "create_tokens" and e.arg("predefined") == name and e.arg("n") == n
    assert e.arg("token") == PREDEFINED[name][1] and bool(e.arg("tapped")) == tapped
    assert e.render() == text.rstrip(".")


@pytest.mark.parametrize("text", [
    "Create an Incubator token.",            # 111.10i: double-faced, not in the table
    "Create a Powerstone token.",            # 111.10h: its mana's restriction is not read from a token's words
    "Create a Wicked Role token attached to target creature.",
    "Create two Treasure token.",            # the number and the noun disagree
    "Create a Treasure tokens.",
    "Create X Treasure tokens.",             # a count the table's reading does not take
    "Create a Goblin token.",                # not a predefined token: its characteristics are not stated
])
def test_near_misses_of_a_predefined_token_stay_unread(text):
    assert words(text) == [None]


def test_a_created_treasure_token_has_its_mana_ability():
    from mtgjudge.model.words.tokens.describe import token_card
    from mtgjudge.model.words.tokens.record import PREDEFINED

    card = token_card(PREDEFINED["Treasure"][1])
    face = card.faces[0]
    assert face.name == "Treasure" and face.types == ("Artifact",) and face.subtypes == ("Treasure",)
    assert [a.kind for a in face.abilities] == ["mana"] and not face.color_indicator and face.mana_cost is None


def test_every_predefined_token_in_the_table_is_made_by_the_engine():
    from mtgjudge.model.words.tokens.describe import token_card
    from mtgjudge.model.words.tokens.record import PREDEFINED

    for name, (rule, description) in PREDEFINED.items():
        assert rule.startswith("111.10") and token_card(description).faces[0].name == name
