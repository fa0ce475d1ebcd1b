"""Effects that change what a permanent is until end of turn: the concept ``words.becomes`` (its record, its
reader, its performer) and its layers (613.1d-f, 613.4b in ``rules.layers``). Expected answers derived by hand
from the rules cited and the cards' rulings."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import Duration, Lasting, PTChange
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.queries.format.files import load_text


def _abilities(name: str, text: str, type_line: str = "Land", pt: tuple = (None, None)):
    face = FaceRecord(name, None if type_line == "Land" else "{1}{U}", type_line, text, *pt)
    return compile_card(CardRecord(name, "normal", (face,))).faces[0].abilities


def _words(name: str, text: str, type_line: str = "Land") -> list:
    return [e for a in _abilities(name, text, type_line) if a.kind in ("activated", "spell", "triggered")
            for e in a.effects]


@pytest.mark.parametrize("text, args", [
    ("{1}: Mutavault becomes a 2/2 creature with all creature types until end of turn. It's still a land.",
     {"self": True, "types": "Creature", "still": "Land", "all_creature_types": True, "power": 2, "toughness": 2}),
    ("{3}{W}{U}: Until end of turn, Mutavault becomes a 4/4 white and blue Elemental creature with flying and "
     "vigilance. It's still a land.",
     {"self": True, "lead": True, "types": "Creature", "still": "Land", "colors": "WU", "creature_types": "Elemental",
      "keywords": ("Flying", "Vigilance"), "power": 4, "toughness": 4}),
    ("{1}: Mutavault becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land.",
     {"self": True, "types": "Artifact Creature", "still": "Land", "creature_types": "Assembly-Worker",
      "power": 2, "toughness": 2}),
    ("{1}: Until end of turn, target land becomes a 3/3 creature that's still a land.",
     {"target": "land", "lead": True, "types": "Creature", "still": "Land", "power": 3, "toughness": 3}),
])
def test_creature_land_sentences_are_read_whole(text, args):
    (word,) = _words("Mutavault", text)
    assert word.kind == "becomes"
    assert dict(word.args) == args


@pytest.mark.parametrize("text, args", [
    # Nightsky Mimic: the two parts of one duration
    ("Whenever ~ attacks, ~ has base power and toughness 4/4 until end of turn and gains flying until end of turn.",
     {"self": True, "power": 4, "toughness": 4, "keywords": ("Flying",)}),
    # Merfolk Trickster: "it" is the target of the instruction before (608.2c)
    ("When ~ enters the battlefield, tap target creature an opponent controls. It loses all abilities until end "
     "of turn.", {"it": True, "loses_all": True}),
    # Peacewalker Colossus: "another target" (a Vehicle's own power and toughness, 208.3)
    ("{1}{W}: Another target Vehicle you control becomes an artifact creature until end of turn.",
     {"target": "another Vehicle you control", "types": "Artifact Creature"}),
    ("{1}: Until end of turn, target creature you control has base power and toughness 5/5 and gains trample.",
     {"target": "creature you control", "lead": True, "power": 5, "toughness": 5, "keywords": ("Trample",)}),
    # no duration stated: the rest of the game (611.2a; Figure of Destiny ruling 2008-08-01)
    ("{R/W}: ~ becomes a Kithkin Spirit with base power and toughness 2/2.",
     {"self": True, "until": "", "creature_types": "Kithkin Spirit", "power": 2, "toughness": 2}),
    ("{6}: ~ becomes a 3/3 Elemental artifact creature that's still a land.",
     {"self": True, "until": "", "types": "Artifact Creature", "still": "Land", "creature_types": "Elemental",
      "power": 3, "toughness": 3}),
])
def test_the_other_forms_are_read_whole(text, args):
    (word,) = [w for w in _words("Nightsky Mimic", text, "Creature — Spirit") if w.kind == "becomes"]
    assert dict(word.args) == args


def test_the_frog_sentences_are_read_and_say_themselves():
    text = "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and toughness 1/1."
    (word,) = _words("Turn to Frog", text, "Instant")
    assert dict(word.args) == {"target": "creature", "lead": True, "loses_all": True, "colors": "U",
                               "creature_types": "Frog", "power": 1, "toughness": 1}
    assert word.text() == text[:-1]
    text = "Until end of turn, target creature loses all abilities and has base power and toughness 0/1."
    (word,) = _words("Ovinize", text, "Instant")
    assert word.text() == text[:-1]
    mutavault = "Mutavault becomes a 2/2 creature with all creature types until end of turn. It's still a land"
    (word,) = _words("Mutavault", "{1}: " + mutavault + ".")
    assert word.text() == "~" + mutavault[len("Mutavault"):]


def test_crew_means_becoming_an_artifact_creature():
    # 702.122a: "Crew N" means "Tap any number of other untapped creatures you control with total power N or
    # greater: This permanent becomes an artifact creature until end of turn."; its printed power and toughness
    # are then its own (Sky Skiff ruling 2017-09-29)
    (crew,) = [a for a in _abilities("Sky Skiff", "Flying\nCrew 1", "Artifact — Vehicle") if a.kind == "activated"]
    (word,) = crew.effects
    assert dict(word.args) == {"self": True, "types": "Artifact Creature"}
    assert word.text() == "~ becomes an artifact creature until end of turn"


@pytest.mark.parametrize("text", [
    # a quoted ability granted is not read (Raging Ravine): the line stays unmodelled
    "{2}{R}{G}: Until end of turn, Mutavault becomes a 3/3 red and green Elemental creature with \"Whenever this "
    "creature attacks, put a +1/+1 counter on it.\" It's still a land.",
    # without "It's still a land" the land would stop being one (205.1a), which the word does not do
    "{1}: Mutavault becomes a 2/2 creature until end of turn.",
    # a clause the reader does not read (Creeping Tar Pit)
    "{1}{U}{B}: Mutavault becomes a 3/2 blue and black Elemental creature until end of turn and can't be blocked "
    "this turn. It's still a land.",
    # X of an activation, not a number (Mirror Entity)
    "{X}: Until end of turn, creatures you control have base power and toughness X/X and gain all creature types.",
    # "legendary": a supertype the word does not add
    "{1}: Until end of turn, Mutavault becomes a legendary 4/4 red Dragon creature with flying. It's still a land.",
    # not a creature type
    "{1}: Mutavault becomes a 2/2 Forest creature until end of turn. It's still a land.",
    # a condition (Figure of Destiny's second ability): "it" is not an instruction's object here
    "{R/W}{R/W}{R/W}: If Mutavault is a Spirit, it becomes a Kithkin Spirit Warrior with base power and toughness 4/4.",
    # another duration
    "{1}: Mutavault becomes a 2/2 creature until your next turn. It's still a land.",
])
def test_near_misses_stay_unmodelled(text):
    (ability,) = [a for a in _abilities("Mutavault", text) if "{T}: Add" not in (a.source_text or "")]
    assert ability.kind == "unmodelled" or any(e.kind == "other" for e in ability.effects)


@pytest.mark.parametrize("args, why", [
    ({"self": True, "types": "Creature", "power": 2, "toughness": 2}, "still"),
    ({"self": True, "types": "Enchantment Creature", "still": "Land", "power": 2, "toughness": 2}, "only"),
    ({"self": True, "target": "land", "loses_all": True}, "exactly one"),
    ({"self": True, "power": 2}, "together"),
    ({"self": True, "creature_types": "Forest", "power": 1, "toughness": 1}, "creature type"),
    ({"self": True, "keywords": ["flying"]}, "changes neither"),
])
def test_the_record_refuses_what_it_does_not_mean(args, why):
    with pytest.raises(DefinitionError, match=why):
        parse_effect({"becomes": args})


BOARD = """
id: t
ask: outcome
state:
  turn: {{active: Alice, step: precombat-main}}
  players:
    Alice:
      battlefield: [{battlefield}]
      hand: [{hand}]
    Bob:
      battlefield: [{theirs}]
actions:
{actions}
expect:
  - {{stack_size: 0}}
"""


def finals(battlefield: str, actions: str, hand: str = "", theirs: str = "") -> list[Game]:
    (q,) = load_text(BOARD.format(battlefield=battlefield, hand=hand, theirs=theirs, actions=actions))
    return run(Game(q.state), q.actions)


ANIMATE = "  - {activate: vault, ability: 2, paying: [p1]}\n  - resolve: 1\n"


def test_mutavault_is_every_creature_type_and_still_a_land():
    (g,) = finals("{card: Mutavault, id: vault}, {card: Plains, id: p1}", ANIMATE)
    ch = current(g.state, "vault")
    assert ch.types == ("Land", "Creature")
    assert {"Assembly-Worker", "Frog", "Elf"} <= set(ch.subtypes)
    assert (ch.power, ch.toughness) == (2, 2)
    assert not ch.has_keyword("Changeling")     # Mutavault ruling 2008-04-01


def test_the_frog_keeps_its_other_card_types():
    # Turn to Frog ruling 2014-07-18: it loses other colors and creature types, keeps artifact
    (g,) = finals("{card: Island, id: u1}, {card: Island, id: u2}",
                  "  - {cast: frog, targets: [bot], paying: [u1, u2]}\n  - resolve: 1\n",
                  hand="{card: Turn to Frog, id: frog}", theirs="{card: Ornithopter, id: bot}")
    ch = current(g.state, "bot")
    assert set(ch.types) == {"Artifact", "Creature"} and ch.subtypes == ("Frog",) and ch.colors == {"U"}
    assert (ch.power, ch.toughness, ch.abilities) == (1, 1, ())


def test_an_effect_with_no_duration_outlasts_the_cleanup_step():
    # 611.2a: Figure of Destiny's first ability states no duration (ruling 2008-08-01); the until-end-of-turn
    # Giant Growth ends in the cleanup step (514.2), the 2/2 stays
    (g,) = finals("{card: Figure of Destiny, id: vault}, {card: Mountain, id: p1}, {card: Forest, id: g1}",
                  ANIMATE.replace("ability: 2", "ability: 1") + "  - {cast: gg, targets: [vault], paying: [g1]}\n"
                  "  - resolve: 1\n  - advance: next-turn\n", hand="{card: Giant Growth, id: gg}")
    ch = current(g.state, "vault")
    assert (ch.power, ch.toughness, ch.subtypes) == (2, 2, ("Kithkin", "Spirit"))
    assert [c.duration.until for c in g.state.lasting_of(PTChange)] == [""]


def test_raging_ravine_animated_is_unsupported():
    # the near miss: its ability grants a quoted triggered ability, not read; activating it can't be performed
    with pytest.raises(Unsupported, match="not performed"):
        finals("{card: Raging Ravine, id: rav}, Forest, Forest, Mountain, Mountain",
               "  - {activate: rav, ability: 2}\n  - resolve: 1\n")


def test_a_permanent_losing_a_triggered_ability_is_unsupported():
    # the engine reads triggered abilities from the printed card (603.2): one that has lost them is not performed
    with pytest.raises(Unsupported, match="loses all abilities"):
        finals("{card: Island, id: u1}, {card: Island, id: u2}",
               "  - {cast: frog, targets: [wolves], paying: [u1, u2]}\n  - resolve: 1\n",
               hand="{card: Turn to Frog, id: frog}", theirs="{card: Brazen Wolves, id: wolves}")


def test_new_creature_types_over_old_ones_kept_by_still_is_unsupported():
    # 205.1b keeps "all prior subtypes" where the effect says "It's still a land": a Frog (Turn to Frog, 205.1a)
    # made an Ape that way may be both; which it is is not modelled. The Frog alone is read (and its "enters
    # tapped" does nothing on the battlefield: 614.12)
    village = ("{card: Treetop Village, id: vault}, {card: Forest, id: g1}, {card: Forest, id: g2}, "
               "{card: Forest, id: g3}, {card: Forest, id: g4}, {card: Island, id: u1}, {card: Island, id: u2}")
    frog = ("  - {activate: vault, ability: 2, paying: [g1, g2]}\n  - resolve: 1\n"
            "  - {cast: frog, targets: [vault], paying: [u1, u2]}\n  - resolve: 1\n")
    (g,) = finals(village, frog, hand="{card: Turn to Frog, id: frog}")
    ch = current(g.state, "vault")
    assert ch.subtypes == ("Frog",) and set(ch.types) == {"Land", "Creature"} and ch.abilities == ()
    # another "becomes a 4/4 Elemental creature ... It's still a land" on it, later (as a target land would be)
    later = PTChange("vault", 0, 0, "Elemental", 99, types=("Creature",), creature_types=("Elemental",), base=(4, 4))
    with pytest.raises(Unsupported, match="205.1a-b"):
        current(g.state.adding(Lasting(later, Duration("end_of_turn", g.state.turn.number))), "vault")


@pytest.mark.parametrize("text, args", [
    ("Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.",
     {"enchanted": True, "creature_types": "Treefolk", "power": 0, "toughness": 4, "loses_all": True}),
    ("Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 1/1.",
     {"enchanted": True, "creature_types": "Frog", "colors": "U", "power": 1, "toughness": 1, "loses_all": True}),
    ("Enchanted creature has base power and toughness 0/2.", {"enchanted": True, "power": 0, "toughness": 2}),
])
def test_the_aura_statics_are_read_whole(text, args):
    (a,) = [a for a in _abilities("Lignify", "Enchant creature\n" + text, "Enchantment — Aura") if a.kind == "static"]
    assert a.static.kind == "becomes" and dict(a.static.args) == args


@pytest.mark.parametrize("text", [
    # "Chicken" is no creature type now (205.3m): Fowl Play's old wording stays unread
    "Enchanted creature is a Chicken with base power and toughness 1/1 and loses all abilities.",
    "Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities until end of turn.",
    "Enchanted creature is a Treefolk with base power and toughness 0/4 and has flying.",
])
def test_aura_near_misses_stay_unmodelled(text):
    (a,) = [a for a in _abilities("Lignify", "Enchant creature\n" + text, "Enchantment — Aura") if a.kind != "keyword"]
    assert a.kind == "unmodelled"


def test_a_lignified_creature_with_a_triggered_ability_is_unsupported():
    # the engine reads triggered abilities from the printed card: one the Aura removes is not modelled (613.1f)
    (q,) = load_text(BOARD.format(battlefield="{card: Lignify, id: lig, attached_to: wolves}", hand="",
                                  theirs="{card: Brazen Wolves, id: wolves}", actions="  - advance: end"))
    with pytest.raises(Unsupported, match="loses all abilities"):
        current(q.state, "wolves")


def test_what_an_animated_land_was_as_it_died_is_unsupported():
    # 603.10a: "Whenever a creature dies" looks back at the permanent as it last existed: a 2/2 creature land,
    # not its printed land; last known characteristics under an effect that changed what it is are not modelled
    with pytest.raises(Unsupported, match="603.10a"):
        finals("{card: Mutavault, id: vault}, {card: Plains, id: p1}, Moonlit Wake", ANIMATE + "  - destroy: vault\n")
