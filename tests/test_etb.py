"""Enters-the-battlefield triggers: what their lines become in the model's vocabulary, with
near misses that must stay unread, and what the engine does with them. Expected values are derived by hand from
the rules (603.4 intervening "if", 608.2d optional instructions, 701.14 fight, 122.1 counters, 118.12a
"unless" costs) and the rulings cited; never from the verifier's output."""
from __future__ import annotations

import pytest
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.triggers import trigger_of, watched_trigger
from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.intervening import read_condition
from mtgjudge.model.words.permanents.read import perm_sentence
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability, TriggerEvent
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
    # near misses: another creature's death (this turn's history is read as whether one died, rules.this_turn), a
    # comparison between players, a name, a counter on a permanent: none is a count the engine reads (603.4 stays
    # unmodelled). ("it was kicked", "you cast it from your hand": the source's history, read by
    # words.kicker.read, see tests/test_kicker.py.)
    "another creature died this turn",
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
    # an event that never happens in the engine's games, tests/py)
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


# ---------------------------------------------------------------- "Sacrifice / exile it unless you ..." (118.12a)


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


def abilities(text: str, type_line: str = "Creature — Spirit"):
    card = compile_card(CardRecord("Test Card", "normal", (FaceRecord("Test Card", "{2}", type_line, text),)))
    return card.faces[0].abilities


# ------------------------------------------------------------------ reading

def test_haunt_conditions_read_702_55c():
    t = phrases.parse("When ~ enters the battlefield or the creature it haunts dies", "trigger_condition")
    assert t == TriggerEvent("enters", "self", None, also="haunted_dies")
    assert phrases.parse("When the creature ~ haunts dies", "trigger_condition").event == "haunted_dies"


@pytest.mark.parametrize("words", [
    # near misses: another event of the haunted creature, or of a creature it doesn't haunt
    "When ~ enters the battlefield or the creature it haunts leaves the battlefield",
    "When ~ enters the battlefield or the creature it enchants dies",
])
def test_other_second_events_stay_unread(words):
    with pytest.raises(DefinitionError):
        phrases.parse(words, "trigger_condition")


def test_a_permanents_haunt_triggers_as_it_dies_a_spells_is_unread_702_55a():
    haunt, etb = abilities("Haunt (When this creature dies, exile it haunting target creature.)\n"
                           "When Test Card enters the battlefield or the creature it haunts dies, you gain 2 life.")
    assert haunt.kind == "unmodelled" and trigger_of(haunt) == TriggerEvent("dies")
    assert etb.kind == "triggered" and etb.trigger_event.on("enters") and etb.trigger_event.on("haunted_dies")
    # an instant's Haunt triggers as it is put into a graveyard during its resolution: not a word the grammar has
    spell_haunt = abilities("You gain 1 life.\nHaunt (When this spell card is put into a graveyard after resolving, "
                            "exile it haunting target creature.)", "Instant")[1]
    assert spell_haunt.kind == "unmodelled" and trigger_of(spell_haunt) is None


def test_step_zone_change_and_cast_triggers_are_watched_where_they_are():
    up, = abilities("At the beginning of your upkeep, if you have more cards in hand than each opponent, you may "
                    "return Test Card from your graveyard to your hand.", "Instant")
    forest, = abilities("Whenever a Forest enters the battlefield under your control, you may return Test Card "
                        "from your graveyard to your hand.", "Instant")
    assert up.kind == forest.kind == "unmodelled"
    assert watched_trigger(up) and watched_trigger(forest)
    # near miss: a condition the grammar doesn't read is watched nowhere: it stays unsupported on any event
    other, = abilities("Whenever you surveil, return Test Card from your graveyard to your hand.", "Instant")
    assert not watched_trigger(other)


@pytest.mark.parametrize("sentence, action, affects, n", [
    ("Sacrifice it unless you sacrifice two Swamps.", "sacrifice_own", "Swamp", 2),
    ("Sacrifice ~ unless you sacrifice four creatures.", "sacrifice_own", "creature", 4),
    ("Sacrifice it unless you return two Forests you control to their owner's hand.", "return_own",
     "Forest you control", 2),
    ("Sacrifice it unless you return three basic lands you control to their owner's hand.", "return_own",
     "basic land you control", 3),
])
def test_unless_costs_of_several_permanents_118_12a(sentence, action, affects, n):
    e = perm_sentence(sentence)
    assert e is not None and e.kind == "sacrifice_unless"
    assert (e.arg("action"), e.arg("affects"), e.arg("n")) == (action, affects, n)


@pytest.mark.parametrize("sentence", [
    # near misses: returning without saying where to, sacrificing "to their owner's hand", another player's
    # permanents returned, a total power
    "Sacrifice it unless you return two Forests.",
    "Sacrifice it unless you sacrifice two Swamps to their owner's hand.",
    "Sacrifice it unless you return two creatures your opponents control to their owner's hand.",
    "Sacrifice it unless you sacrifice any number of creatures with total power 12 or greater.",
])
def test_other_unless_costs_stay_unread(sentence):
    assert perm_sentence(sentence) is None


# ------------------------------------------------------------------ the engine

OWN_BOARD = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{alice}]
      hand: [{hand}]
      graveyard: [{grave}]
      library: 5
    Bob:
      battlefield: [{bob}]
      library: 5
actions:
{actions}
expect: [{{stack_size: 0}}]
"""


def _run_own(alice="", hand="", grave="", bob="", actions="  - {cast: it}\n  - resolve: all"):
    (q,) = load_text(OWN_BOARD.format(alice=alice, hand=hand, grave=grave, bob=bob, actions=actions))
    return run(Game(q.state), q.actions)


def test_mold_demon_sacrifices_both_swamps_or_itself_118_12a():
    games = _run_own("{card: Swamp, id: s1}, {card: Swamp, id: s2}, Plains, Plains, Plains, Plains, Plains",
                 "{card: Mold Demon, id: it}")
    outcomes = {(zone(g, "it"), zone(g, "s1"), zone(g, "s2")) for g in games}
    # both Swamps at once, or neither (one Swamp can't pay: 118.3)
    assert outcomes == {("battlefield", "graveyard", "graveyard"), ("graveyard", "battlefield", "battlefield")}


def test_bull_elephant_with_one_forest_is_sacrificed_118_3():
    g = one(_run_own("{card: Forest, id: f1}, Plains, Plains, Plains", "{card: Bull Elephant, id: it}"))
    assert zone(g, "it") == "graveyard" and zone(g, "f1") == "battlefield"


def test_recover_in_the_graveyard_triggers_when_a_creature_dies_702_59a():
    # Krovikan Rot waits in Alice's graveyard: her Grizzly Bears dying triggers Recover, which is not performed
    with pytest.raises(Unsupported, match="Recover"):
        _run_own("{card: Grizzly Bears, id: bears}", grave="{card: Krovikan Rot, id: rot}", actions="  - destroy: bears")


def test_recover_on_the_stack_doesnt_trigger_608_2n():
    g = one(_run_own("Swamp, Swamp, Swamp, {card: Grizzly Bears, id: bears}", "{card: Krovikan Rot, id: it}",
                 actions="  - {cast: it, targets: [bears]}\n  - resolve: all"))
    assert zone(g, "bears") == "graveyard" and zone(g, "it") == "graveyard" and not g.state.stack


def test_a_forest_entering_triggers_reach_of_branches_in_the_graveyard_a_plains_doesnt():
    # Reach of Branches ruling 2008-04-01: any land with the subtype Forest entering under your control
    with pytest.raises(Unsupported, match="Reach of Branches"):
        _run_own(hand="{card: Forest, id: it}", grave="{card: Reach of Branches, id: reach}", actions="  - {play: it}")
    g = one(_run_own(hand="{card: Plains, id: it}", grave="{card: Reach of Branches, id: reach}",
                 actions="  - {play: it}"))
    assert zone(g, "it") == "battlefield" and zone(g, "reach") == "graveyard"


def test_an_upkeep_ability_in_the_graveyard_is_asked_as_the_upkeep_begins_503_1a():
    # nothing happens to it while Alice's turn goes on ...
    g = one(_run_own(grave="{card: Death of a Thousand Stings, id: st}", actions="  - advance: end"))
    assert zone(g, "st") == "graveyard"
    # ... and at the beginning of an upkeep it may trigger: unsupported, naming it
    with pytest.raises(Unsupported, match="Death of a Thousand Stings"):
        _run_own(grave="{card: Death of a Thousand Stings, id: st}", actions="  - advance: next-turn\n"
                                                                          "  - advance: next-turn")


def test_a_haunt_creature_dying_triggers_haunt_702_55a():
    with pytest.raises(Unsupported, match="Haunt"):
        _run_own("{card: Absolver Thrull, id: thrull}", actions="  - destroy: thrull")


# ------------------------------------------------------------------ combat events (508.1, 509.1, 510.2)

@pytest.mark.parametrize("words", [
    "Whenever a creature you control with a +1/+1 counter on it attacks",
    "Whenever ~ deals combat damage to an opponent",
    "Whenever one or more creatures an opponent controls attack you and aren't blocked",
    "Whenever a creature attacks you or a planeswalker you control",
    "When you attack with three or more creatures",
    "Whenever enchanted creature becomes blocked",
])
def test_combat_conditions_not_read_are_any_combat_event(words):
    """A condition naming combat events only, which the grammar does not read: some combat event, not known which
    (``combat``): every attack, block and combat damage is unsupported while it exists (engine.triggers)."""
    from mtgjudge.model.vocab.combat_triggers import combat_condition
    t = combat_condition(words)
    assert t is not None and t.event == "combat" and not t.on("attacks")


@pytest.mark.parametrize("words", [
    # near misses: another event joined by "or", a spell's delayed trigger ("this turn", 603.7), noncombat damage,
    # targeting
    "Whenever ~ enters the battlefield or a creature you control deals combat damage to a player",
    "Whenever a creature attacks this turn",
    "Whenever a creature attacks and isn't blocked this combat",
    "Whenever ~ deals damage to a player",
    "Whenever ~ attacks or becomes the target of a spell",
])
def test_other_conditions_with_combat_words_stay_unread(words):
    from mtgjudge.model.vocab.combat_triggers import combat_condition
    assert combat_condition(words) is None


def test_a_permanent_with_a_combat_trigger_enters_and_its_other_trigger_resolves(monkeypatch):
    # the combat ability can't trigger on casting or entering (603.2); the enters one does (603.6a)
    from tests.test_engine_triggers import with_card
    with_card(monkeypatch, "Raid Captain", "Creature — Human",
              "When Raid Captain enters the battlefield, you gain 2 life.\n"
              "Whenever a creature you control with a +1/+1 counter on it attacks, draw a card.")
    g = one(_run_own("Plains, Plains", "{card: Raid Captain, id: it}"))
    assert zone(g, "it") == "battlefield" and g.state.player("Alice").life == 22
    # near miss: a trigger condition no reader knows makes the cast unsupported, naming it
    with_card(monkeypatch, "Raid Captain", "Creature — Human",
              "When Raid Captain enters the battlefield, you gain 2 life.\n"
              "Whenever a creature you control becomes monstrous, draw a card.")
    with pytest.raises(Unsupported, match="cannot read the trigger"):
        _run_own("Plains, Plains", "{card: Raid Captain, id: it}")


# ------------------------------------------------------------------ Tribute (702.104)

def test_tribute_reads_as_a_static_and_its_condition_as_an_intervening_if():
    tribute, etb = abilities("Tribute 3 (As this creature enters the battlefield, an opponent of your choice may "
                             "put three +1/+1 counters on it.)\nWhen Test Card enters the battlefield, if tribute "
                             "wasn't paid, you gain 4 life.")
    assert tribute.kind == "static" and tribute.static.kind == "tribute" and tribute.static.arg("n") == 3
    assert etb.kind == "triggered" and etb.intervening == "tribute_unpaid"
    # near miss: "if tribute was paid" is no condition the engine decides
    _, other = abilities("Tribute 3\nWhen Test Card enters the battlefield, if tribute was paid, you gain 4 life.")
    assert other.kind == "unmodelled"


def test_snake_of_the_golden_grove_paid_is_a_7_7_unpaid_gains_4_life_702_104():
    games = _run_own("Forest, Forest, Forest, Forest, Forest", "{card: Snake of the Golden Grove, id: it}")
    seen = {(dict(g.state.obj("it").counters).get("+1/+1", 0), g.state.player("Alice").life) for g in games}
    assert seen == {(3, 20), (0, 24)}


def test_a_tribute_creature_entering_other_than_as_a_spell_is_unsupported():
    from mtgjudge.model.engine.entering import put_onto_battlefield
    (q,) = load_text(OWN_BOARD.format(alice="", hand="", grave="{card: Snake of the Golden Grove, id: snake}", bob="",
                                  actions="  - advance: end"))
    with pytest.raises(Unsupported, match="Tribute"):
        put_onto_battlefield(Game(q.state), "snake", "Alice", None, "400.6", "returned")


def test_enters_or_transforms_into_itself_is_either_event_603_2():
    t = phrases.parse("Whenever this creature enters the battlefield or transforms into ~", "trigger_condition")
    assert t == TriggerEvent("enters", "self", None, also="transforms")
    # near miss: transforming into another name is not this object's event as the grammar reads it
    with pytest.raises(DefinitionError):
        phrases.parse("Whenever this creature enters the battlefield or transforms into a Werewolf",
                      "trigger_condition")


# ------------------------------------------------------------------ "Untap up to N lands" (701.26b)

def test_untap_up_to_n_lands_reads_and_near_misses_dont():
    e = perm_sentence("Untap up to two lands.")
    assert e is not None and (e.kind, e.arg("n"), e.arg("affects")) == ("untap_up_to", 2, "land")
    # near misses: exactly two (no choice of fewer), creatures
    assert perm_sentence("Untap two lands.") is None and perm_sentence("Untap up to two creatures.") is None


def test_cloud_of_faeries_untaps_any_two_of_three_tapped_lands():
    # Cloud of Faeries ruling 2016-06-08: any lands, not only the controller's; ruling 2004-10-04: 0, 1 or 2
    games = _run_own("{card: Island, id: i1}, {card: Island, id: i2}", "{card: Cloud of Faeries, id: it}",
                 bob="{card: Forest, id: f, tapped: true}")
    untapped = {frozenset(x for x in ("i1", "i2", "f") if not g.state.obj(x).tapped) for g in games}
    every = {frozenset(s) for s in ((), ("i1",), ("i2",), ("f",), ("i1", "i2"), ("i1", "f"), ("i2", "f"))}
    assert untapped == every


def test_enters_or_is_turned_face_up_reads_the_enters_half_702_37e():
    t = phrases.parse("When ~ enters the battlefield or is turned face up", "trigger_condition")
    assert t.on("enters") and t.on("turned_face_up") and watched_trigger_event_never("turned_face_up")
    # near miss: "is turned face down" is no event the grammar reads
    with pytest.raises(DefinitionError):
        phrases.parse("When ~ enters the battlefield or is turned face down", "trigger_condition")


def watched_trigger_event_never(event: str) -> bool:
    from mtgjudge.model.engine.triggers import _STEP_OR_NEVER
    return event in _STEP_OR_NEVER


# -- lands that choose or check how they enter (614.1c-d) -------------------------------------------------------

def _land_kinds(text: str, type_line: str = "Land") -> list:
    face = FaceRecord("Test Land", None, type_line, text, None, None)
    return [(a.kind, a.static.kind if a.static else None) for a in compile_card(CardRecord("Test Land", "normal", (face,))).faces[0].abilities]


def test_lands_that_choose_how_they_enter_are_read_whole():
    assert _land_kinds("As Test Land enters the battlefield, you may pay 2 life. If you don't, Test Land enters the "
                       "battlefield tapped.") == [("static", "enters_tapped_unless_pays")]
    assert _land_kinds("Test Land enters the battlefield tapped unless you control a Forest or a Plains.") == \
        [("static", "enters_tapped_unless_control")]
    # near misses: a reveal from the hand, and another player's lands, are other conditions: not read
    assert _land_kinds("As Test Land enters the battlefield, you may reveal a Dragon card from your hand. If you "
                       "don't, Test Land enters the battlefield tapped.") == [("unmodelled", None)]
    assert _land_kinds("Test Land enters the battlefield tapped unless an opponent controls a Plains.") == \
        [("unmodelled", None)]
    assert _land_kinds("Test Land enters the battlefield tapped unless you control two or more basic lands.") == \
        [("static", "enters_tapped_unless_control")]
    assert _land_kinds("Test Land enters the battlefield tapped unless you have two or more opponents.") == \
        [("static", "enters_tapped_unless_opponents")]
    assert _land_kinds("Test Land enters the battlefield tapped with two depletion counters on it.") == \
        [("static", "enters_with_counters")]
    # near misses: entering tapped under a condition or if kicked is not the unconditional "tapped"; basic lands
    # of one type, cards in a hand, teammates: other conditions, not read
    for line in ("Test Land enters the battlefield tapped with a charge counter on it if a creature died this turn.",
                 "If Test Land was kicked, it enters the battlefield tapped with two +1/+1 counters on it."):
        assert _land_kinds(line) == [("unmodelled", None)], line
    for line in ("Test Land enters the battlefield tapped unless you control two or more basic Forests.",
                 "Test Land enters the battlefield tapped unless you have two or more cards in hand.",
                 "Test Land enters the battlefield tapped unless you have two or more teammates."):
        assert _land_kinds(line) == [("unmodelled", None)], line


def test_a_shock_land_put_onto_the_battlefield_by_an_effect_is_unsupported_naming_the_choice():
    # the choice of paying life is made as a land is played; an effect putting one onto the battlefield (here a
    # return from the graveyard) meets it as unsupported rather than choosing for the player
    from mtgjudge.model.engine.entering import enters_tapped, life_choices
    from mtgjudge.queries.format.files import load_text
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      life: 2
      graveyard: [{card: Hallowed Fountain, id: hf}]
    Bob: {}
actions: [{advance: end}]
possible: [{object: hf, zone: graveyard}]
""")
    g = Game(q.state)
    assert life_choices(g, "hf", "Alice") == [True, False]          # 119.4: 2 life can be paid with 2 life
    with pytest.raises(Unsupported, match="paying life as it enters"):
        enters_tapped(g, "hf", "Alice")


def test_near_miss_the_legend_rule_beside_text_that_may_change_it_is_unsupported():
    # 704.5j is performed, each choice a branch (corpus: outcome/legend-rule.yaml); Mirror Gallery's unread
    # "The 'legend rule' doesn't apply." could change it: the check is unsupported, naming the legend rule
    from mtgjudge.model.engine.sba import checks
    from mtgjudge.queries.format.files import load_text
    board = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{gallery}{{card: "Isamaru, Hound of Konda", id: old}}, {{card: "Isamaru, Hound of Konda", id: new}}]
    Bob: {{}}
actions: [{{advance: end}}]
possible: [{{object: old, zone: battlefield}}]
"""
    (q,) = load_text(board.format(gallery=""))
    assert len(checks(Game(q.state))) == 2                   # keep either one
    (q,) = load_text(board.format(gallery="{card: Mirror Gallery}, "))
    with pytest.raises(Unsupported, match="704.5j"):
        checks(Game(q.state))


_ENTERING = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Mountain, Forest, Swamp]
      hand: [{{card: {card}, id: it}}]
    Bob: {{}}
actions:
  - {{cast: it}}
  - resolve: all
expect:
  - {{object: it, zone: battlefield, counters: {{}}}}
"""


@pytest.mark.parametrize("card, named", [
    # 702.54a: bloodthirst is read (``rules.this_turn``), but the question does not state the turn's history and no
    # damage was dealt during its actions: whether an opponent was dealt damage this turn is not known
    ("Scab-Clan Mauler", "Bloodthirst 2 (702.54a)"),
])
def test_entering_text_the_model_cannot_settle_is_unsupported_as_it_enters(card, named):
    from tests.engine_helpers import ask_text
    result = ask_text(_ENTERING.format(card=card))
    assert result.status == "unsupported" and named in str(result.answer), result


def test_evolve_with_the_entered_creature_gone_is_unsupported():
    """Cloudfin Raptor ruling 2013-04-15: evolve then compares the entered creature's last known power and
    toughness, which the engine does not keep: unsupported, naming evolve (never an answer without them)."""
    from tests.engine_helpers import ask_text
    result = ask_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Cloudfin Raptor, id: raptor}]
      hand: [{card: Memnite, id: memnite}]
    Bob: {}
actions:
  - {cast: memnite}
  - {resolve: 1}
  - {destroy: memnite}
  - resolve: all
expect:
  - {object: raptor, counters: {}}
""")
    assert result.status == "unsupported" and "702.100a" in str(result.answer), result


def test_evolve_is_read_as_its_meaning_and_said_back_as_the_keyword():
    from mtgjudge.model.oracle.reading import as_keyword
    a = ability("Evolve (Whenever a creature enters the battlefield under your control, if that creature has greater "
                "power or toughness than this creature, put a +1/+1 counter on this creature.)", "Creature — Bird")
    assert a.kind == "triggered" and a.intervening == "evolve" and [e.kind for e in a.effects] == ["evolve"]
    assert as_keyword(a, a.render() or "") == "Evolve"
    assert ability("Evolve 2").kind == "unmodelled"
