"""Choices and conditional countering: countering or destroying with a condition checked as the spell
resolves (608.2c: "Counter target spell if it's blue."), "Counter target <any spell phrase> unless its controller
pays {N}" (118.12a), and a creature type chosen as the spell resolves (608.2d: "Choose a creature type.", then
"of the chosen type" / "of that type"). Expected answers from the rules and Gatherer rulings cited; near misses
stay unread."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.loader import load_text as load_cards
from mtgjudge.model.words.choices import perform as choose
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.vocab import phrases
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone


def _words(text: str):
    read = read_effect_words(sentences(text))
    return None if read is None else read[0]


# ------------------------------------------------------------------ reading

@pytest.mark.parametrize("text, verb, target, cond, what", [
    ("Counter target spell if it's blue.", "counter", "spell", "quality", "blue"),
    ("Counter target instant spell if it's blue.", "counter", "instant spell", "quality", "blue"),
    ("Destroy target permanent if it's red.", "destroy", "permanent", "quality", "red"),
    ("Counter target spell if its controller is poisoned.", "counter", "spell", "poisoned", None),
    ("Counter target spell if it shares a color with a creature you control.", "counter", "spell", "shares_color",
     "a creature you control"),
    ("Counter target spell if you control more creatures than that spell's controller.", "counter", "spell",
     "more_creatures", None),
])
def test_target_if_read(text, verb, target, cond, what):
    (w,) = _words(text)
    assert (w.kind, w.arg("verb"), w.arg("target"), w.arg("cond"), w.arg("what")) == ("target_if", verb, target,
                                                                                       cond, what)


@pytest.mark.parametrize("text, target, cost", [
    ("Counter target noncreature spell unless its controller pays {2}.", "noncreature spell", "{2}"),
    ("Counter target instant or sorcery spell unless its controller pays {1}.", "instant or sorcery spell", "{1}"),
    ("Counter target nonartifact spell unless its controller pays {2}.", "nonartifact spell", "{2}"),
])
def test_counter_unless_pays_reads_any_spell_phrase(text, target, cost):
    (w,) = _words(text)
    assert (w.kind, w.arg("target"), w.arg("cost"), w.arg("per")) == ("counter_unless_pays", target, cost, None)


def test_choose_a_creature_type_then_the_chosen_type():
    a, b = _words("Choose a creature type. You gain 2 life for each permanent you control of that type.")
    assert (a.kind, a.arg("kind")) == ("choose_value", "creature type")
    assert b.kind == "gain_life_per"
    assert phrases.parse_np("permanent of the chosen type you control").chosen_type
    assert phrases.parse_np("permanent you control of that type").chosen_type
    assert not phrases.parse_np("permanent you control").chosen_type


def test_destroy_all_that_arent_of_the_chosen_type():
    a, b = _words("Choose a creature type. Destroy all creatures that aren't of the chosen type.")
    assert (a.kind, b.kind) == ("choose_value", "destroy_all")
    assert b.arg("affects") == "creatures that aren't of the chosen type"
    sel = phrases.parse_np("creatures that aren't of the chosen type")
    assert sel.not_chosen_type and not sel.chosen_type
    assert sel.fits(("Creature",), ("Elf",), (), (), "Bear") and not sel.fits(("Creature",), ("Bear",), (), (), "Bear")


def test_damage_to_that_spells_controller_after_a_counter():
    a, b = _words("Counter target spell. ~ deals 2 damage to that spell's controller.")
    assert (a.kind, b.kind, b.arg("n"), b.arg("it")) == ("counter_spell", "damage_its_controller", 2, 1)


def test_counter_riders_composed():
    """Counter instructions composed with other readers' sentences (608.2c)."""
    (w,) = _words("Counter up to two target spells.")
    assert (w.kind, w.arg("target")) == ("counter_spell", "up to two target spells")
    a, b = _words("Counter target spell unless its controller pays {1}. That player discards a card.")
    assert (a.kind, b.kind, b.arg("who")) == ("counter_unless_pays", "player_acts", "its controller")
    a, b = _words("Counter target spell and ~ deals 3 damage to target creature.")
    assert (a.kind, b.kind, b.arg("target")) == ("counter_spell", "damage", "creature")


def test_countered_into_its_owners_hand():
    (w,) = _words("Counter target spell. If that spell is countered this way, put it into its owner's hand instead of "
                  "into that player's graveyard.")
    assert (w.kind, w.arg("instead")) == ("counter_spell", "hand")
    assert w.text().endswith("put it into its owner's hand instead of into that player's graveyard")


def test_if_you_control_a_permanent_then_an_instruction():
    # read by words.conditions.read (608.2c), the one reader of conditions checked on resolution
    a, b, c = _words("Counter target spell unless its controller pays {3}. If you control a Wizard, draw a card.")
    assert (a.kind, b.kind, b.arg("condition"), c.kind) == ("counter_unless_pays", "if_state", "you control a Wizard",
                                                           "draw")
    a, b = _words("If you control a blue creature, draw a card, then discard a card.")
    assert (a.kind, a.arg("condition"), b.kind) == ("if_state", "you control a blue creature", "player_acts")


@pytest.mark.parametrize("text", [
    "If you control a creature with power 4 or greater, counter that spell instead.",   # a replacement: not read
    "If you control a Swamp, you may sacrifice a creature rather than pay this spell's mana cost.",   # a cost
    "If you control a Wizard, flurgle a card.",                    # an instruction no reader reads
])
def test_if_you_control_near_misses(text):
    words = _words(text)
    assert words is None or all(w is None or w.kind != "if_state" for w in words)


@pytest.mark.parametrize("text", [
    "Counter up to two target creatures.",                       # not spells
    "Counter target spell. If that spell is countered this way, put it into your hand instead of into that "
    "player's graveyard.",                                       # your hand, not its owner's: not read
    "Destroy target creature. That player discards a card.",     # "that player" after no counter instruction
    "Counter target spell. That spell's controller may draw a card.",   # another player's "may": not read
    "Counter target spell if it's your turn.",                   # not a quality of the spell
    "Counter target creature if it's blue.",                     # a counter word acts on spells only
    "Destroy target spell if it's blue.",                        # destroy acts on permanents only
    "Counter target spell if that spell's controller is poisoned.",     # not the template read
    "Counter target noncreature spell unless its controller pays {3}{½}.",   # half mana: not a cost the model pays
    "Choose a creature type other than Wall.",                   # a restricted choice: not read
    "Choose a color.",                                           # colors: not this word (yet)
    "Choose a creature type. Destroy all creatures that aren't of a type chosen this way.",   # not "the chosen type"
    "Counter target spell. ~ deals 2 damage to that spell's owner.",   # its owner: not the controller word
])
def test_near_misses_stay_unread(text):
    words = _words(text)
    assert words is None or None in words or all(w.kind not in ("target_if", "choose_value", "counter_unless_pays")
                                                 for w in words if w)


# ------------------------------------------------------------------ engine

def _question(text: str):
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return q


def _games(text: str) -> list[Game]:
    q = _question(text)
    return run(Game(q.state), q.actions)


CORRUPTED = """
id: t
ask: outcome
state:
  turn: {active: Bob, step: precombat-main}
  stack:
    - {card: Grizzly Bears, id: bears, controller: Bob}
  players:
    Alice:
      battlefield: [Island, Island]
      hand: [{card: Corrupted Resolve, id: cr}]
      library: 3
    Bob:
      library: 3
actions:
  - {cast: cr, by: Alice, targets: [bears]}
  - resolve: all
expect:
  - {stack_size: 0}
"""


@pytest.mark.parametrize("poison, where", [(0, "battlefield"), (1, "graveyard")])
def test_corrupted_resolve_counters_only_if_the_controller_is_poisoned(poison, where):
    """Corrupted Resolve ruling 2011-06-01 and 122.1f: a player is poisoned with one or more poison counters."""
    q = _question(CORRUPTED)
    st = q.state
    if poison:
        st = st.with_player(replace(st.player("Bob"), poison=poison))
    g = one(run(Game(st), q.actions))
    assert zone(g, "bears") == where


RAIN = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, Forest, Forest, Grizzly Bears, Grizzly Bears, Memnite]
      hand: [{card: Luminescent Rain, id: rain}]
      library: 3
    Bob:
      battlefield: [Grizzly Bears]
      library: 3
actions:
  - cast: rain
  - resolve: all
expect:
  - {stack_size: 0}
"""


def test_creature_types_that_act_alike_are_one_branch():
    """608.2d: Bear (2 of Alice's permanents), Construct (Memnite), every other type (none): three branches, the
    lives 24, 22 and 20; Bob's Grizzly Bears is a Bear too, so Bear's group is still one."""
    games = _games(RAIN)
    assert sorted(g.state.player("Alice").life for g in games) == [20, 22, 24]
    q = _question(RAIN)
    groups = choose.type_groups(Game(q.state))
    assert len(groups) == 3
    assert ("Bear",) in groups and ("Construct",) in groups
    assert "Elf" in max(groups, key=len)


def test_a_choice_whose_spell_does_not_hold_it_is_unsupported():
    """608.2d: the types are grouped by the instructions after the choice in the spell that holds it; when the
    object on the stack holds no such instruction (Grizzly Bears), which ones follow is not known: unsupported,
    not a crash on the missing instructions."""
    from mtgjudge.model.engine.kernel.context import Ctx
    e, _ = _words("Choose a creature type. You gain 2 life for each permanent you control of that type.")
    q = _question(DOUSING)
    with pytest.raises(Unsupported, match="instructions the engine cannot find"):
        choose.PERFORMERS["choose_value"](Game(q.state), e, Ctx("bears", "Bob", (), 0))


def test_an_instruction_that_could_tell_grouped_types_apart_is_unsupported():
    """Tokens made after the choice could have types no object had when the types were grouped: not performed."""
    (card,) = load_cards('name: "Test Kindred Tokens"\ncost: "{2}{G}"\ntype: "Instant"\noracle: |\n  Choose a creature '
                         'type. Create a 1/1 white Soldier creature token.\n', "test")
    q = _question(RAIN)
    st = q.state
    rain = st.obj("rain")
    st = st.with_object(replace(rain, card=card))
    with pytest.raises(Unsupported, match="Choose a creature type"):
        run(Game(st), q.actions)


DOUSING = """
id: t
ask: outcome
state:
  turn: {active: Bob, step: precombat-main}
  stack:
    - {card: Grizzly Bears, id: bears, controller: Bob}
  players:
    Alice:
      battlefield: [Island, Island, Island, {card: Prodigal Pyromancer, id: wizard}]
      hand: [{card: Sage's Dousing, id: dousing}]
      library: 3
    Bob:
      library: 3
actions:
  - {cast: dousing, by: Alice, targets: [bears]}
  - resolve: all
expect:
  - {stack_size: 0}
"""


@pytest.mark.parametrize("wizard, hand", [(True, 1), (False, 0)])
def test_the_condition_is_checked_as_the_spell_resolves(wizard, hand):
    """608.2c: the Wizard must be Alice's as Sage's Dousing resolves: removed before, no card is drawn."""
    q = _question(DOUSING)
    st = q.state
    if not wizard:
        st = st.with_object(replace(st.obj("wizard"), controller="Bob"))
    g = one(run(Game(st), q.actions))
    assert zone(g, "bears") == "graveyard"
    assert len(g.state.player("Alice").zone("hand")) == hand


# ------------------------------------------------------------------ choices made as a permanent enters (614.12)

def _line(text: str, name: str = "Test Entering Choice"):
    (card,) = load_cards(f'name: "{name}"\ncost: "{{2}}"\ntype: "Artifact"\noracle: |\n  {text}\n', "test")
    (a,) = card.faces[0].abilities
    return a


@pytest.mark.parametrize("text, what", [
    ("As ~ enters the battlefield, choose a creature type.", "creature type"),
    ("As ~ enters, choose a creature type.", "creature type"),
    ("As ~ enters the battlefield, choose a color.", "color"),
])
def test_as_it_enters_choose_is_read(text, what):
    a = _line(text.replace("~", "Test Entering Choice"))
    assert a.kind == "static" and a.static.kind == "enters_choosing" and a.static.arg("what") == what
    assert a.static.render() == f"As this enters, choose a {what}"


@pytest.mark.parametrize("text", [
    "As ~ enters the battlefield, choose a color other than white.",     # a narrowed choice: not read
    "As ~ enters the battlefield, choose an opponent.",                  # a player: not this word
    "As ~ enters the battlefield, choose a card name.",                  # card names: not branched over
    "As ~ enters the battlefield, choose a creature type. Creatures of the chosen type get +1/+1.",
    "~ has protection from the chosen color.",                           # Voice of All's: not read
])
def test_entering_choice_near_misses_stay_unmodelled(text):
    a = _line(text.replace("~", "Test Entering Choice"))
    assert a.kind == "unmodelled"


PLAGUE = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Swamp, Swamp, Swamp]
      hand: [{card: Engineered Plague, id: plague}]
    Bob:
      battlefield: [{card: Llanowar Elves, id: elves}, {card: Grizzly Bears, id: bears}]
actions:
  - {cast: plague}
  - resolve: all
expect:
  - {stack_size: 0}
"""


def test_entering_choice_branches_on_types_that_act_differently():
    """614.12: Elf and Druid (only Llanowar Elves has them) act alike, Bear is Grizzly Bears' alone, every other
    type no object has: three branches, each remembered on the permanent (the group as one value)."""
    games = _games(PLAGUE)
    chosen = sorted(g.state.obj("plague").choice("creature type") for g in games)
    assert len(chosen) == 3
    assert "Bear" in chosen and "Druid|Elf" in chosen
    other = next(c for c in chosen if c not in ("Bear", "Druid|Elf"))
    assert "Goblin" in other.split("|")
    assert sorted(zone(g, "elves") for g in games) == ["battlefield", "battlefield", "graveyard"]


def test_a_group_told_apart_later_is_unsupported():
    """A type group chosen as one value (``alike_types``) is sound only while every object has all of its types or
    none: an object with some of them (a Druid that is no Elf) makes the reading unsupported, not a guess."""
    from mtgjudge.model.vocab import phrases as ph
    sel = ph.parse_np("creature of the chosen type")
    assert sel.fits(("Creature",), ("Elf", "Druid"), (), (), "Druid|Elf")
    assert not sel.fits(("Creature",), ("Bear",), (), (), "Druid|Elf")
    with pytest.raises(Unsupported, match="some but not all"):
        sel.fits(("Creature",), ("Druid",), (), (), "Druid|Elf")


def test_color_chosen_as_it_enters_is_five_branches():
    """105.1 (Avacyn, Guardian Angel ruling 2014-07-18: white, blue, black, red or green, never colorless)."""
    games = _games(PLAGUE.replace("Swamp, Swamp, Swamp", "Wastes, Wastes")
                   .replace("Engineered Plague, id: plague", "Coldsteel Heart, id: plague"))
    assert sorted(g.state.obj("plague").choice("color") for g in games) == sorted("WUBRG")


def test_entering_choice_other_than_by_resolving_or_playing_is_unsupported():
    """An effect putting the permanent onto the battlefield doesn't make the choice yet: unsupported, naming it."""
    from mtgjudge.model.engine.entering import put_onto_battlefield
    q = _question(PLAGUE)
    with pytest.raises(Unsupported, match="choice made as it enters"):
        put_onto_battlefield(Game(q.state), "plague", "Alice", None, "400.6", "test")
