"""Enters-the-battlefield triggers (issue 9, slice etb): what their lines become in the model's vocabulary, with
near misses that must stay unread, and what the engine does with them. Expected values are derived by hand from
the rules (603.4 intervening "if", 608.2d optional instructions, 701.14 fight, 122.1 counters, 118.12a
"unless" costs) and the rulings cited; never from the verifier's output."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.intervening import read_condition
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone


def ability(text: str, type_line: str = "Creature — Spirit") -> Ability:
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", type_line, text),)))
    first, = card.faces[0].abilities
    return first


def kinds(a: Ability) -> list[str]:
    return [e.kind for e in a.effects]


# ------------------------------------------------------------------ reading

@pytest.mark.parametrize("cond, read", [
    ("you control another Spirit", ("another Spirit you control", ">=", 1)),
    ("you control two or more Gates", ("Gates you control", ">=", 2)),
    ("you control no tapped lands", ("tapped lands you control", "==", 0)),
    ("you control an enchantment", ("enchantment you control", ">=", 1)),
    ("you have no cards in hand", ("cards in your hand", "==", 0)),
    ("you have four or more creature cards in your graveyard", ("creature cards in your graveyard", ">=", 4)),
])
def test_intervening_conditions_read_as_counts(cond, read):
    assert read_condition(cond) == read


@pytest.mark.parametrize("cond", [
    # near misses: this turn's history, a comparison between players, a name, a counter on a permanent: none is
    # a count the engine reads (603.4 stays unmodelled). ("it was kicked", "you cast it from your hand": the
    # source's history, read by oracle.kicker, see tests/test_kicker.py.)
    "a creature died this turn",
    "an opponent controls more lands than you", "you control another creature named ~",
    "you control a creature with a +1/+1 counter on it",
])
def test_other_conditions_stay_unread(cond):
    with pytest.raises(DefinitionError):
        read_condition(cond)
    a = ability(f"When ~ enters the battlefield, if {cond}, you gain 3 life.")
    assert a.kind == "unmodelled"


def test_an_intervening_if_is_the_first_word_of_the_trigger_603_4():
    a = ability("When ~ enters the battlefield, if you control another Spirit, you gain 3 life.")
    assert a.kind == "triggered" and kinds(a) == ["intervening_if", "gain_life"]
    assert a.effects[0].arg("condition") == "you control another Spirit" and a.effects[1].arg("n") == 3
    # with targets: the condition's word first, then the instruction's (its target chosen as it triggers)
    b = ability("When ~ enters the battlefield, if you control another Pirate, tap up to two target nonland "
                "permanents.")
    assert kinds(b) == ["intervening_if", "tap_target"] and b.targets == ("up to two target nonland permanents",)


def test_a_trigger_reads_its_sentences_as_a_spell_does():
    # "It can't be regenerated." after "destroy target ..." (701.19c), read by the spells' reader
    a = ability("When ~ enters the battlefield, destroy target creature with power 4 or greater. It can't be "
                "regenerated.")
    assert kinds(a) == ["destroy", "no_regeneration"]


@pytest.mark.parametrize("text, words", [
    ("When ~ enters the battlefield, you may have target opponent discard a card.", ["optional", "discard"]),
    ("When ~ enters the battlefield, you may have target creature get -1/-1 until end of turn.", ["optional", "pump"]),
    ("When ~ enters the battlefield, you may have it deal 4 damage to target creature with flying.",
     ["optional", "damage"]),
    ("When ~ enters the battlefield, you may have it fight target creature you don't control.",
     ["optional", "fight_self"]),
    ("When ~ enters the battlefield, put a +1/+1 counter on each creature you control.", ["counters_each"]),
])
def test_etb_templates(text, words):
    a = ability(text)
    assert a.kind == "triggered" and kinds(a) == words


@pytest.mark.parametrize("text", [
    # near misses: "have" with an instruction no reader reads, "block it ... if able", counters on each
    # creature a target player controls (a target inside the phrase)
    "When ~ enters the battlefield, you may have target creature block it this turn if able.",
    "When ~ enters the battlefield, put a -1/-1 counter on each creature target player controls.",
    "When ~ enters the battlefield, you may have target player have a card.",
])
def test_etb_near_misses_stay_unmodelled(text):
    assert ability(text).kind == "unmodelled"


def test_island_and_forest_are_read_after_an_adjective():
    # the grammar's "is" and "for" are whole words: "Is|land", "For|est" are not read as them
    for np, sub in (("untapped Island you control", "Island"), ("untapped Forest you control", "Forest")):
        sel, = phrases.parse(np, "target_np").objects
        assert sel.subtypes == (sub,) and sel.untapped and sel.controller == "you"


# ------------------------------------------------------------------ performing

BOARD = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{alice}]
      hand: [{hand}]
    Bob:
      battlefield: [{bob}]
actions:
{actions}
expect: [{{stack_size: 0}}]
"""


def _run(alice, hand, bob="", actions="  - {cast: it}\n  - resolve: all"):
    (q,) = load_text(BOARD.format(alice=alice, hand=hand, bob=bob, actions=actions))
    return run(Game(q.state), q.actions)


def test_dwynens_elite_makes_a_token_only_with_another_elf_603_4():
    with_elf = one(_run("Forest, Forest, {card: Llanowar Elves, id: elves, summoning_sick: true}",
                         "{card: Dwynen's Elite, id: it}"))
    assert len(list(with_elf.state.battlefield("Alice"))) == 5        # 2 Forests, Elves, Elite, an Elf Warrior token
    # the Elite is an Elf but not "another" one: no trigger, no token
    alone = one(_run("Forest, Forest", "{card: Dwynen's Elite, id: it}"))
    assert len(list(alone.state.battlefield("Alice"))) == 3


def test_indrik_fights_only_if_its_controller_chooses_608_2d():
    games = _run("Forest, Forest, Forest, Forest, Forest, Forest", "{card: Affectionate Indrik, id: it}",
                 "{card: Grizzly Bears, id: bears}")
    assert sorted(zone(g, "bears") for g in games) == ["battlefield", "graveyard"]
    fought = next(g for g in games if zone(g, "bears") == "graveyard")
    assert fought.state.obj("it").damage == 2                    # 701.14a: the Bears dealt 2 back


def test_karoo_with_no_untapped_island_is_sacrificed_118_12a():
    g = one(_run("{card: Island, id: isl, tapped: true}", "{card: Coral Atoll, id: it}",
                 actions="  - {play: it}\n  - resolve: all"))
    assert zone(g, "it") == "graveyard" and zone(g, "isl") == "battlefield"


def test_a_permanent_card_is_no_instant_or_sorcery_110_4a():
    sel, = phrases.parse_target("target permanent card from your graveyard").objects
    assert set(sel.not_types) == {"Instant", "Sorcery"}
    spell, = phrases.parse_target("target permanent spell").objects
    assert set(spell.not_types) == {"Instant", "Sorcery"}
    # near miss: "target card" and a permanent on the battlefield name no such restriction
    assert phrases.parse_target("target card from your graveyard").objects[0].not_types == ()
    assert phrases.parse_target("target permanent").objects[0].not_types == ()


def test_an_enters_trigger_targets_a_card_in_its_controllers_graveyard_115_1():
    games = _run("Swamp, Swamp, Swamp", "{card: Cadaver Imp, id: it}")
    assert all(zone(g, "it") == "battlefield" for g in games)     # no creature card: no target (603.3d)
    (q,) = load_text(BOARD.format(alice="Swamp, Swamp, Swamp", hand="{card: Cadaver Imp, id: it}", bob="",
                                  actions="  - {cast: it}\n  - resolve: all").replace(
        "      hand: [{card: Cadaver Imp, id: it}]",
        "      hand: [{card: Cadaver Imp, id: it}]\n      graveyard: [{card: Grizzly Bears, id: bears}, "
        "{card: Lightning Bolt, id: bolt}]"))
    games = run(Game(q.state), q.actions)
    assert sorted(zone(g, "bears") for g in games) == ["graveyard", "hand"]      # 608.2d: may
    assert all(zone(g, "bolt") == "graveyard" for g in games)                    # not a creature card


def test_enters_or_leaves_the_battlefield_is_one_trigger_of_two_events_603_2():
    a = ability("When ~ enters the battlefield or leaves the battlefield, it deals 1 damage to each creature "
                "without flying.", "Creature — Elemental")
    assert a.kind == "triggered" and a.trigger_event.on("enters") and a.trigger_event.on("leaves")
    assert not a.trigger_event.on("dies")
    # near miss: a second event the engine does not watch stays unread ("or is turned face up": read since
    # round 4, an event that never happens in the engine's games, tests/test_etb2.py)
    assert ability("When ~ enters the battlefield or becomes the target of a spell, you gain 1 life.").kind == \
        "unmodelled"


def test_a_trigger_with_up_to_two_targets_may_choose_none_601_2c():
    (q,) = load_text(BOARD.format(alice="Forest, Forest, Forest", hand="{card: Tilling Treefolk, id: it}", bob="",
                                  actions="  - {cast: it}\n  - resolve: all").replace(
        "      hand: [{card: Tilling Treefolk, id: it}]",
        "      hand: [{card: Tilling Treefolk, id: it}]\n      graveyard: [{card: Forest, id: f1}, "
        "{card: Plains, id: p1}]"))
    games = run(Game(q.state), q.actions)
    # none, either, both chosen (601.2c), then returned or not (608.2d): every subset of the two ends in the hand
    assert {tuple(sorted(o for o in ("f1", "p1") if zone(g, o) == "hand")) for g in games} == \
        {(), ("f1",), ("p1",), ("f1", "p1")}


def test_target_opponent_creates_tokens_111_2():
    a = ability("When ~ enters the battlefield, target opponent creates three 2/2 white Knight creature tokens with "
                "first strike.", "Creature — Dragon")
    assert kinds(a) == ["player_creates_tokens"] and a.targets == ("target opponent",)
    assert a.effects[0].arg("n") == 3 and a.effects[0].arg("token") == "2/2 white Knight creature token with first strike"
    # near miss: a creature target can't create tokens
    assert ability("When ~ enters the battlefield, target creature creates a 1/1 white Soldier creature token.").kind \
        == "unmodelled"


def test_non_subtype_names_none_of_that_subtype_205_3():
    sel, = phrases.parse_target("target non-Elf creature").objects
    assert sel.types == ("Creature",) and sel.not_subtypes == ("Elf",)
    assert sel.fits(("Creature",), ("Goblin",), (), ()) and not sel.fits(("Creature",), ("Elf", "Warrior"), (), ())
    # near miss: a word that is no subtype stays unread
    with pytest.raises(DefinitionError):
        phrases.parse_target("target non-Foo creature")


def test_exile_all_cards_from_target_players_graveyard_406_2():
    a = ability("When ~ enters the battlefield, exile all cards from target player's graveyard.", "Land")
    assert kinds(a) == ["exile_graveyard"] and a.targets == ("target player",)
    # near miss: only some of the cards ("all creature cards") is another instruction, unread here
    assert ability("When ~ enters the battlefield, exile all creature cards from target player's graveyard.",
                   "Land").kind == "unmodelled"
    g = [g for g in _run("", "{card: Bojuka Bog, id: it}", "", actions="  - {play: it}\n  - resolve: all")]
    assert all(zone(x, "it") == "battlefield" for x in g)


# ---------------------------------------------------------------- "Sacrifice / exile it unless you ..." (118.12a)

from mtgjudge.model.oracle.perm_sentences import perm_sentence     # noqa: E402


@pytest.mark.parametrize("sentence, args", [
    ("Exile it unless you sacrifice another creature.", {"action": "sacrifice_own", "exile": True}),
    ("Sacrifice it unless you discard two cards.", {"action": "discard", "n": 2}),
    ("Exile it unless you discard a creature card.", {"action": "discard", "affects": "creature", "exile": True}),
])
def test_unless_costs_read(sentence, args):
    w = perm_sentence(sentence)
    assert w is not None and w.kind == "sacrifice_unless"
    assert {k: v for k, v in dict(w.args).items() if k in args} == args


@pytest.mark.parametrize("sentence", [
    "Sacrifice it unless you discard two cards at random.",             # two at random: not enumerated
    "Sacrifice it unless you return an enchantment to its owner's hand.",  # anyone's enchantment: not read
    "Destroy it unless you discard two cards.",                          # another consequence
])
def test_unless_near_misses_stay_unread(sentence):
    assert perm_sentence(sentence) is None
