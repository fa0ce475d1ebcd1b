"""The engine with targets and the stack: casting and activating with targets chosen (601.2c, 602.2b; every
legal choice a branch, 115.5), responses, resolution of the top object with targets checked again (608.2b),
and the effects performed on resolution: damage (120.3a/e, 704.5g), +N/+N until end of turn (613.4c,
704.5f, 514.2), destroy (701.8a), exile, return to hand, life equal to power (608.2h, 107.1b), counter
target spell (701.6a). Expected values are worked out from the rules by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Illegal, InputError, Unsupported
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, written_args, zone
from mtgjudge.model.rules.guards import DAMAGE_KEYWORDS
from mtgjudge.model.state import Duration, Lasting, PTChange

BASE = """
id: t
ask: outcome
state:
  turn: {{active: Bob}}
  players:
    Alice:
      battlefield: {alice_bf}
      hand: {alice_hand}
    Bob:
      battlefield: {bob_bf}
      hand: {bob_hand}
actions:
{actions}
expect: [{{stack_size: 0}}]
"""


def finals(actions: str, alice_bf="[{card: Grizzly Bears, id: bears}, Forest, Forest]", alice_hand="[]",
           bob_bf="[Mountain, Island, Island, Plains]", bob_hand="[]") -> list[Game]:
    (question,) = load_text(BASE.format(alice_bf=alice_bf, alice_hand=alice_hand, bob_bf=bob_bf, bob_hand=bob_hand,
                                        actions=actions))
    assert not isinstance(question, Exception), question
    return run(Game(question.state), question.actions)




def life(g: Game, p: str) -> int:
    return g.state.player(p).life


BOLT = "[{card: Lightning Bolt, id: bolt}]"
GROWTH = "[{card: Giant Growth, id: gg}]"


def test_bolt_kills_the_bears_704_5g():
    g = one(finals("  - {cast: bolt, targets: [bears]}\n  - resolve: 1", bob_hand=BOLT))
    assert zone(g, "bears") == "graveyard" and zone(g, "bolt") == "graveyard"
    assert life(g, "Alice") == 20


def test_every_legal_target_is_a_branch_601_2c():
    # Any target: Alice, Bob, the Bears (lands are not creatures): three distinct outcomes.
    games = finals("  - cast: bolt\n  - resolve: 1", bob_hand=BOLT)
    outcomes = sorted((life(g, "Alice"), life(g, "Bob"), zone(g, "bears")) for g in games)
    assert outcomes == [(17, 20, "battlefield"), (20, 17, "battlefield"), (20, 20, "graveyard")]


def test_giant_growth_in_response_saves_the_bears():
    g = one(finals("  - {cast: bolt, targets: [bears]}\n  - {cast: gg, by: Alice}\n  - resolve: all",
                   alice_hand=GROWTH, bob_hand=BOLT))
    bears = g.state.obj("bears")
    assert bears.zone == "battlefield" and bears.damage == 3
    from mtgjudge.model.engine.sba import power, toughness
    assert (power(g, "bears"), toughness(g, "bears")) == (5, 5)


def test_pump_ends_in_cleanup_514_2():
    g = one(finals("  - {cast: bolt, targets: [bears]}\n  - {cast: gg, by: Alice}\n  - resolve: all\n"
                   "  - advance: next-turn", alice_hand=GROWTH, bob_hand=BOLT))
    from mtgjudge.model.engine.sba import toughness
    assert g.state.obj("bears").damage == 0 and toughness(g, "bears") == 2 and not g.state.in_force(PTChange)


def test_target_illegal_on_resolution_doesnt_resolve_608_2b():
    # Alice's Giant Growth on the Bears; Bob Bolts them in response; the Bears die first.
    g = one(finals("  - {cast: gg, by: Alice, targets: [bears]}\n  - {cast: bolt, targets: [bears]}\n"
                   "  - resolve: all", alice_hand=GROWTH, bob_hand=BOLT))
    assert zone(g, "bears") == "graveyard" and zone(g, "gg") == "graveyard"
    assert any(s.rules == ("608.2b",) for s in g.steps)


def test_counterspell_counters_a_spell_701_6a():
    g = one(finals("  - {cast: bears2}\n  - {cast: cs, by: Alice}\n  - resolve: all",
                   alice_bf="[Island, Island]", alice_hand="[{card: Counterspell, id: cs}]",
                   bob_bf="[Forest, Forest]", bob_hand="[{card: Grizzly Bears, id: bears2}]"))
    assert zone(g, "bears2") == "graveyard" and zone(g, "cs") == "graveyard" and not g.state.stack


def test_counterspell_against_nothing_is_illegal():
    with pytest.raises(Illegal) as e:
        finals("  - cast: cs", bob_hand="[{card: Counterspell, id: cs}]")
    assert any("115.1" in s.rules for s in e.value.why)


def test_a_spell_cant_target_itself_115_5():
    # Counterspell with only itself on the stack would have no legal target: but it is checked before it
    # moves (can-play), so the answer is illegal either way; with another spell below it, it targets that one.
    games = finals("  - {cast: bolt, targets: [Alice]}\n  - {cast: cs}\n  - resolve: 1",
                   bob_hand="[{card: Counterspell, id: cs}, {card: Lightning Bolt, id: bolt}]")
    g = one(games)
    assert zone(g, "bolt") == "graveyard" and life(g, "Alice") == 20


def test_fixed_illegal_target_is_illegal():
    with pytest.raises(Illegal):
        finals("  - {cast: gg, by: Alice, targets: [Bob]}", alice_hand=GROWTH)


def test_hexproof_is_no_choice_702_11b():
    games = finals("  - cast: bolt\n  - resolve: 1", alice_bf="[{card: Gladecover Scout, id: scout}]", bob_hand=BOLT)
    assert all(zone(g, "scout") == "battlefield" for g in games) and len(games) == 2


def test_swords_exiles_and_gains_power_as_last_known_608_2h():
    g = one(finals("  - {cast: gg, by: Alice, targets: [bears]}\n  - resolve: 1\n  - {cast: stp, targets: [bears]}\n"
                   "  - resolve: 1", alice_hand=GROWTH, bob_hand="[{card: Swords to Plowshares, id: stp}]"))
    assert zone(g, "bears") == "exile" and life(g, "Alice") == 25 and life(g, "Bob") == 20


def test_swords_on_zero_power_gains_nothing_107_1b():
    g = one(finals("  - {cast: stp, targets: [birds]}\n  - resolve: 1", alice_bf="[{card: Birds of Paradise, id: birds}]",
                   bob_hand="[{card: Swords to Plowshares, id: stp}]"))
    assert zone(g, "birds") == "exile" and life(g, "Alice") == 20


def test_disfigure_zero_toughness_704_5f():
    g = one(finals("  - {cast: d, targets: [bears]}\n  - resolve: 1", bob_hand="[{card: Disfigure, id: d}]",
                   bob_bf="[Swamp]"))
    assert zone(g, "bears") == "graveyard"
    assert any("704.5f" in s.rules for s in g.steps)


def test_unsummon_in_response_bolt_doesnt_resolve():
    g = one(finals("  - {cast: bolt, targets: [bears]}\n  - {cast: u, by: Alice, targets: [bears]}\n  - resolve: all",
                   alice_bf="[{card: Grizzly Bears, id: bears}, Island]", alice_hand="[{card: Unsummon, id: u}]",
                   bob_hand=BOLT))
    assert zone(g, "bears") == "hand" and zone(g, "bolt") == "graveyard" and life(g, "Alice") == 20


def test_activated_ability_with_a_target_602_2b():
    g = one(finals("  - {activate: pyro, targets: [elves]}\n  - resolve: 1",
                   alice_bf="[{card: Llanowar Elves, id: elves}]",
                   bob_bf="[{card: Prodigal Pyromancer, id: pyro}]"))
    assert zone(g, "elves") == "graveyard" and g.state.obj("pyro").tapped


def test_activated_ability_may_target_its_source():
    games = finals("  - activate: pyro\n  - resolve: 1", alice_bf="[]",
                   bob_bf="[{card: Prodigal Pyromancer, id: pyro}]")
    assert sorted(zone(g, "pyro") for g in games) == ["battlefield", "battlefield", "graveyard"]


def test_wrong_number_of_targets_is_an_input_error():
    with pytest.raises(InputError):
        finals("  - {cast: bolt, targets: [bears, Alice]}", bob_hand=BOLT)


def test_damage_keyword_of_source_is_unsupported():
    # A source with lifelink: the engine does not perform 702.15b, so it says so.

    assert "Lifelink" in DAMAGE_KEYWORDS and "Deathtouch" in DAMAGE_KEYWORDS


@pytest.mark.parametrize("sentence, kind, args", [
    ("~ deals 3 damage to any target.", "damage", {"n": 3, "target": "any target"}),
    ("~ deals two damage to target creature or player.", "damage", {"n": 2, "target": "creature or player"}),
    ("Destroy target nonblack creature.", "destroy", {"target": "nonblack creature"}),
    ("Exile target creature.", "exile", {"target": "creature"}),
    ("Return target creature to its owner's hand.", "bounce", {"target": "creature"}),
    ("Target creature gets -2/-2 until end of turn.", "pump", {"power": -2, "toughness": -2, "target": "creature"}),
    ("Counter target spell.", "counter_spell", {"target": "spell"}),
    ("Draw a card.", "draw", {"n": 1}),
    ("Its controller gains life equal to its power.", "its_controller_gains_life_equal_to_power", {}),
    # counted targets (601.2c) and the damage / countering words
    ("Counter target spell unless its controller pays {3}.", "counter_unless_pays",
     {"target": "spell", "cost": "{3}"}),
    ("Exile up to one target creature.", "exile", {"target": "up to one target creature"}),
    ("Destroy two target nonblack creatures.", "destroy", {"target": "two target nonblack creatures"}),
    ("Return up to two target creatures to their owners' hands.", "bounce",
     {"target": "up to two target creatures"}),
    ("Two target creatures each get -1/-1 until end of turn.", "pump",
     {"target": "two target creatures", "power": -1, "toughness": -1}),
    ("~ deals 2 damage to each of two target creatures.", "damage", {"n": 2, "target": "two target creatures"}),
    ("~ deals 5 damage to you.", "damage_you", {"n": 5}),
    ("~ deals X damage to any target.", "damage_x", {"target": "any target"}),
])
def test_compiler_reads_effect_sentences_as_words(sentence, kind, args):
    from mtgjudge.model.oracle.lines import effect_word
    from mtgjudge.model.oracle.targets import find_targets
    e = effect_word(sentence, find_targets(sentence))
    assert e is not None and e.kind == kind and written_args(e) == args


@pytest.mark.parametrize("sentence", [
    "Destroy target creature or planeswalker an opponent controls with mana value 3 or less unless it has flying.",
    "Target creature gets +3/+3 until end of turn and gains trample.",
    # near misses: a cost the word does not take (X, "for each"), a count the reading does not take
    "Counter target spell unless its controller pays {X}, where X is your devotion to blue.",
    "Counter target spell unless its controller pays {1} for each creature that attacked this turn.",
    "~ deals X plus 1 damage divided as you choose among any number of targets.",
    "Target creature you control fights target creature you don't control unless it has flying.",
    "Exile up to X target creatures.",
    "Destroy two target creatures unless either one is a color the other isn't.",
])
def test_compiler_leaves_other_sentences_as_text(sentence):
    from mtgjudge.model.oracle.lines import effect_word
    from mtgjudge.model.oracle.targets import find_targets
    assert effect_word(sentence, find_targets(sentence) or ()) is None


def test_a_spell_line_is_words_only_when_read_whole_608_2c():
    from mtgjudge.model.oracle.lines import LineContext, _spell_line
    # (the second sentence is no word of the encoding; "It can't be regenerated." is, since the effects of spells were read,
    # and "Its controller creates ..." since references were read)
    a = _spell_line("Destroy target creature. Its controller may search their library for a basic land card.", "",
                    LineContext(spell=True))
    assert [e.kind for e in a.effects] in (["other"], []) and a.kind in ("spell", "unmodelled")
    b = _spell_line("Exile target creature. Its controller gains life equal to its power.", "", LineContext(spell=True))
    assert [e.kind for e in b.effects] == ["exile", "its_controller_gains_life_equal_to_power"]
    assert b.targets == ("target creature",)


def _bears_only_game(bob_bf: str = "[]") -> Game:
    (question,) = load_text(BASE.format(alice_bf="[{card: Grizzly Bears, id: bears}]", alice_hand="[]", bob_bf=bob_bf,
                                        bob_hand="[]", actions="  - advance: end"))
    return Game(question.state)


def specs(*phrases: str):
    """The uses of "target" as the card compiler reads them (``vocab.parse.read_targets``)."""
    from mtgjudge.model.vocab.phrases import parse_target
    return [parse_target(p) for p in phrases]


def test_up_to_one_target_chooses_none_or_one_601_2c():
    from mtgjudge.model.engine.targeting import choose_targets
    assert choose_targets(_bears_only_game(), specs("up to one target creature",), "Bob", "x", None) == [(), ("bears",)]


def test_two_targets_for_one_use_are_different_objects_115_3():
    # 115.3: one use of "target" can't choose the same object twice; two creatures: one choice (a set, not
    # an order); "up to two": none, either one, or both.
    from mtgjudge.model.engine.targeting import choose_targets
    g = _bears_only_game("[{card: Grizzly Bears, id: b2}]")
    assert choose_targets(g, specs("two target creatures",), "Bob", "x", None) == [("bears", "b2")]
    assert sorted(choose_targets(g, specs("up to two target creatures",), "Bob", "x", None)) == \
        [(), ("b2",), ("bears",), ("bears", "b2")]
    with pytest.raises(Illegal):
        choose_targets(_bears_only_game(), specs("two target creatures",), "Bob", "x", None)     # only one creature
    with pytest.raises(Illegal):
        choose_targets(g, specs("two target creatures",), "Bob", "x", ["bears", "bears"])


def test_another_target_is_not_the_first_target_and_two_variable_uses_are_unsupported():
    from mtgjudge.model.engine.targeting import choose_targets
    g = _bears_only_game("[{card: Grizzly Bears, id: b2}]")
    assert sorted(choose_targets(g, specs("target creature", "target another creature"), "Bob", "x", None)) == \
        [("b2", "bears"), ("bears", "b2")]
    with pytest.raises(Unsupported):    # which chosen object belongs to which use could not be told
        choose_targets(g, specs("up to one target creature", "up to one target creature"), "Bob", "x", None)
    with pytest.raises(Unsupported):    # an ability: "another" may mean other than its source too
        choose_targets(g, specs("target creature", "target another creature"), "Bob", "x", None, itself_illegal=False)


def _two_target_spell_game(bears_zone: str, player_target: str):
    """A spell with two uses of "target" (2 damage to target creature, 2 damage to any target) on the stack,
    targeting the Bears and a player; the Bears already moved (or not)."""
    from mtgjudge.model.build import obj, state_of
    from mtgjudge.model.cards.loader import parse_card
    from mtgjudge.model.engine import zones
    from mtgjudge.model.objects import GameObject
    card = parse_card({"name": "Test Twin Sparks", "cost": "{R}", "type": "Instant", "abilities": [
        {"effects": [{"damage": {"n": 2, "target": "creature"}}, {"damage": {"n": 2, "target": "any target"}}]}]})
    spell = GameObject("sp", card, "Bob", "Bob", "stack", targets=("bears", player_target))
    g = Game(state_of(obj("bears", "Grizzly Bears", "Alice"), spell, stack=("sp",)))
    if bears_zone != "battlefield":
        g = zones.move(g, "bears", bears_zone)
    return g


def test_illegal_target_among_legal_ones_is_not_affected_608_2b():
    from mtgjudge.model.engine.resolve import resolve_top
    (g,) = resolve_top(_two_target_spell_game("hand", "Alice"))
    assert g.state.player("Alice").life == 18 and g.state.obj("bears").zone == "hand"
    assert g.state.obj("sp").zone == "graveyard"
    assert any("608.2b" in s.rules and "not affected" in s.text for s in g.steps)


def test_all_targets_illegal_spell_doesnt_resolve_608_2b():
    from mtgjudge.model.engine.resolve import resolve_top
    g0 = _two_target_spell_game("hand", "Alice")
    g0 = g0.remember(left=("Alice",))              # a player who left the game is no legal target (800.4a)
    (g,) = resolve_top(g0)
    assert g.state.player("Alice").life == 20 and g.state.obj("sp").zone == "graveyard"
    assert any(s.rules == ("608.2b",) and "doesn't resolve" in s.text for s in g.steps)


def test_own_unmodelled_text_on_the_stack_is_unsupported_702_88a():
    # Rebound (unmodelled) would exile the spell instead of putting it into the graveyard: never guessed.
    from mtgjudge.model.build import state_of
    from mtgjudge.model.cards.loader import parse_card
    from mtgjudge.model.engine.resolve import resolve_top
    from mtgjudge.model.objects import GameObject
    card = parse_card({"name": "Test Rebound Draw", "cost": "{U}", "type": "Instant", "abilities": [
        {"unmodelled": "Rebound", "kind": "static", "scope": ["resolution", "draw"], "zones": ["stack"]},
        {"effect": {"draw": {"n": 2}}}]})
    g = Game(state_of(GameObject("sp", card, "Alice", "Alice", "stack"), stack=("sp",)))
    with pytest.raises(Unsupported, match="Rebound"):
        resolve_top(g)


def test_compiler_reads_removal_only_of_permanents():
    # "Exile target card from a graveyard" is not the permanent-removal word (the engine would do nothing): it is
    # the word for a card in a graveyard (406.3).
    from mtgjudge.model.oracle.lines import effect_word
    from mtgjudge.model.oracle.targets import find_targets
    s = "Exile target card from a graveyard."
    w = effect_word(s, find_targets(s))
    assert w is not None and w.kind == "exile_card" and w.kind != "exile"


@pytest.mark.parametrize("sentence,found", [
    # "one or two target creatures" chooses one or two (601.2c): read as "two target creatures" it made a
    # spell with one creature to target uncastable (a wrong "no")
    ("Return one or two target creatures to their owners' hands.", ("one or two target creatures",)),
    ("One or two target creatures gain flying until end of turn.", ("One or two target creatures",)),
    # "one, two, or three" is the run of counts 1 to 3 (601.2c); a list that is not a run stays unread
    ("~ deals 4 damage divided as you choose among one, two, or three target creatures.",
     ("one, two, or three target creatures",)),
    ("~ deals 4 damage divided as you choose among one, three, or four target creatures.", None),
])
def test_find_targets_reads_a_range_of_counts(sentence, found):
    from mtgjudge.model.oracle.targets import find_targets
    from mtgjudge.model.rules.targets import target_spec
    assert find_targets(sentence) == found
    if found:
        top = 3 if "three" in found[0] else 2
        assert (target_spec(found[0]).minimum, target_spec(found[0]).maximum) == (1, top)


@pytest.mark.parametrize("sentence,found", [
    # 115.1: "target spell or nonland permanent" (Commit) is one use of "target" that may choose a spell or a nonland
    # permanent; read as "target spell" it made Commit uncastable with only a creature to target (a wrong "no")
    ("Put target spell or nonland permanent into its owner's library second from the top.", None),
    ("Counter target spell or ability.", None),
    ("Counter target spell, activated ability, or triggered ability.", None),
    ("Destroy target creature or planeswalker.", ("target creature or planeswalker",)),
    ("Tap target creature or untap it.", ("target creature",)),
])
def test_find_targets_never_cuts_a_list_of_kinds_joined_by_or(sentence, found):
    from mtgjudge.model.oracle.targets import find_targets
    assert find_targets(sentence) == found


# ------------------------------------------------------------------------------------------- target phrases read once

def _with_modes(a):
    yield a
    for m in a.modes:
        yield from _with_modes(m)


def test_every_built_in_cards_target_phrases_are_read_as_it_is_compiled():
    """601.2c: each use of "target" is chosen by the spec its card's compilation read, one for each phrase, in the
    order written; so choosing and checking targets as a question is answered parses no phrase."""
    from mtgjudge.model.cards.loader import built_in_cards
    from mtgjudge.model.vocab.phrases import parse_target
    seen = 0
    for card in built_in_cards():
        for face in card.faces:
            for ab in (x for a in face.abilities + face.overloaded for x in _with_modes(a)):
                assert len(ab.target_specs) == len(ab.targets), (card.name, ab.targets)
                for phrase, spec in zip(ab.targets, ab.target_specs):
                    assert spec == parse_target(phrase), (card.name, phrase)
                    seen += 1
    assert seen > 100


def test_a_target_phrase_the_grammar_does_not_read_is_unsupported_naming_it():
    from mtgjudge.model.rules.targets import specs_of
    from mtgjudge.model.vocab.abilities import Ability
    from mtgjudge.model.vocab.parse import read_targets
    read = read_targets(Ability("spell", targets=("target creature", "target frobnicator")))
    assert read.target_specs[0] is not None and read.target_specs[0].phrase == "target creature"
    assert read.target_specs[1] is None
    with pytest.raises(Unsupported, match="target frobnicator"):
        specs_of(read)
    # an ability whose phrases were never read is refused, not parsed as it resolves
    with pytest.raises(Unsupported, match="not read"):
        specs_of(Ability("spell", targets=("target creature",)))


def test_a_modal_spells_modes_read_their_targets_too_700_2():
    from mtgjudge.model.rules.modes import mode_targets
    from mtgjudge.model.vocab.abilities import Ability
    from mtgjudge.model.vocab.parse import read_targets
    modal = read_targets(Ability("spell", choose=(1, 1), modes=(Ability("spell", targets=("target creature",)),
                                                                Ability("spell", targets=("target player",)))))
    assert [s.phrase for s in mode_targets(modal, (2,))] == ["target player"]
    assert [s.phrase for s in mode_targets(modal, (1, 2))] == ["target creature", "target player"]


def test_bestows_enchant_creature_is_the_phrase_the_grammar_reads_702_103b():
    from mtgjudge.model.rules.characteristics import ENCHANT_CREATURE
    from mtgjudge.model.vocab.phrases import parse_target
    assert ENCHANT_CREATURE.target_specs == (parse_target("target creature"),)
