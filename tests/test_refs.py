"""References between the instructions of one resolving spell (608.2c, 608.2h): reading ("its controller",
"If it's <quality>", "equal to its power", "this way", "X", a flicker) and resolution (the object referred to
as it last existed if the instruction before moved it; "this way" is what that instruction did). Expected
values are worked out by hand from the CR and the Gatherer rulings quoted."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, written_args, zone
from mtgjudge.model.engine.kernel.context import Ctx


def kinds(text: str) -> list[str | None]:
    read = read_effect_words(sentences(text))
    assert read is not None
    return [w.kind if w is not None else None for w in read[0]]


def args(text: str, i: int) -> dict:
    words, _ = read_effect_words(sentences(text))
    return written_args(words[i])


# ------------------------------------------------------------------------------------------- reading

def test_its_controller_wraps_the_instruction_you_would_do():
    assert kinds("Destroy target permanent. Its controller creates a 3/3 green Beast creature token.") == \
        ["destroy", "its_controller", "create_tokens"]
    assert kinds("Destroy target creature. Its controller loses 2 life and you gain 2 life.") == \
        ["destroy", "player_acts", "gain_life"]
    assert kinds("Destroy target creature or planeswalker. Its controller investigates.") == \
        ["destroy", "its_controller", "investigate"]
    assert kinds("Exile target creature. Its controller creates a Treasure token.") == \
        ["exile", "its_controller", "create_tokens"]


def test_if_it_is_a_quality_conditions_the_next_instruction():
    assert kinds("Return target creature card from your graveyard to your hand. If it's a Zombie card, draw a card.") \
        == ["regrow", "if_it", "draw"]
    assert args("Return target creature card from your graveyard to your hand. If it's a Zombie card, draw a card.",
                1) == {"quality": "a Zombie card"}
    # "also" adds nothing; the conditioned instruction refers to "it" too
    assert kinds("Target creature gets +2/+1 until end of turn. If it's legendary, it also gains lifelink until "
                 "end of turn.") == ["pump", "if_it", "until_end_of_turn"]
    assert kinds("Destroy target creature. If that creature was a Human, you gain life equal to its toughness.") == \
        ["destroy", "if_it", "life_equal"]


@pytest.mark.parametrize("text, equal, who, sign", [
    ("Destroy target creature. You lose life equal to that creature's toughness.", "toughness", "you", -1),
    ("Exile target creature. You gain life equal to its power.", "power", "you", 1),
    ("~ deals 2 damage to any target. You gain life equal to the damage dealt this way.", "damage_this_way", "you", 1),
    ("Each opponent loses 3 life. You gain life equal to the life lost this way.", "life_lost_this_way", "you", 1),
])
def test_life_equal_to_an_amount_referred_to(text, equal, who, sign):
    assert args(text, 1) == {"equal": equal, "who": who, "sign": sign}


def test_this_way_counts_are_read_by_the_one_count_concept():
    from mtgjudge.model.rules import counts
    assert counts.parse("each card discarded this way").kind == "this_way"
    assert counts.parse("creature destroyed this way").zone == "destroyed"
    with pytest.raises(Exception):
        counts.parse("creature returned this way")


def test_per_this_way_and_flicker():
    assert kinds("Destroy all creatures. You gain 1 life for each creature destroyed this way.") == \
        ["destroy_all", "gain_life_per"]
    assert kinds("Destroy all creatures. Put a +1/+1 counter on ~ for each creature destroyed this way.") == \
        ["destroy_all", "counted"]
    assert kinds("Exile target creature you control, then return that card to the battlefield under your control.") \
        == ["flicker"]
    assert args("Exile target creature you control, then return it to the battlefield under its owner's control.",
                0) == {"target": "creature you control", "under": "owner"}
    # several targets: exiled together, returned together (one instruction, ``WHOLE_USE``)
    assert args("Exile up to two target creatures you control, then return those cards to the battlefield under "
                "their owner's control.", 0) == {"target": "up to two target creatures you control", "under": "owner"}
    assert kinds("You may exile another target permanent you control, then return that card to the battlefield "
                 "under its owner's control.") == ["optional", "flicker"]


def test_what_is_attached_to_it():
    assert args("Destroy target creature and all Equipment attached to it.", 0) == \
        {"verb": "destroy", "target": "creature", "what": "Equipment"}
    assert args("Return target creature and all Auras attached to it to their owners' hands.", 0)["verb"] == "bounce"
    assert kinds("~ deals 5 damage to target creature. Destroy all Equipment attached to that creature.") == \
        ["damage", "attached_to_it"]


def test_damage_to_a_target_equal_to_a_count():
    assert args("~ deals damage to target creature equal to the number of lands you control.", 0) == \
        {"target": "creature", "count": "the number of lands you control"}
    assert args("~ deals damage equal to the number of cards in your hand to any target.", 0) == \
        {"target": "any target", "count": "the number of cards in your hand"}
    # "that player's hand": the target player's, counted for them
    assert args("~ deals damage to target player equal to the number of cards in that player's hand.", 0) == \
        {"target": "player", "count": "the number of cards in your hand", "of_target": True}


def test_counter_unless_pays_for_each():
    assert args("Counter target spell unless its controller pays {1} for each card in your graveyard.", 0) == \
        {"target": "spell", "cost": "{1}", "per": "card in your graveyard"}    # words.countering.read
    read = read_effect_words(sentences("Counter target spell unless its controller pays {1} for each attacking "
                                       "creature."))
    assert read is None or None in read[0]


@pytest.mark.parametrize("text", [
    "~ deals damage to target creature equal to the number of attacking creatures.",   # not a count it reads
    "~ deals damage to target creature equal to the number of cards in that player's hand.",   # no player named
    "~ deals damage to two target creatures equal to the number of lands you control.",
    "~ deals damage to target creature equal to its power.",
])
def test_damage_equal_near_misses(text):
    read = read_effect_words(sentences(text))
    assert read is None or None in read[0]


@pytest.mark.parametrize("text", [
    "Destroy all Equipment attached to that creature.",                    # nothing before it
    "Return target creature and all Auras attached to it.",                # to where?
    "Destroy target creature and all Equipment and Auras attached to it.",
    "You gain life equal to its power.",                                   # nothing before it to refer to
    "If it's a Zombie card, draw a card.",
    "Draw a card. If it's your turn, scry 1.",                             # not a quality of an object
    "~ deals 2 damage to target creature. If it's an artifact creature, ~ deals 4 damage to it instead.",  # 614
    "~ deals 3 damage to target creature. If that creature has a +1/+1 counter on it, draw a card.",
    "Destroy target creature. Its controller may search their library for a basic land card.",
    "Destroy target creature. Its controller creates X 1/1 white Soldier creature tokens.",  # whose X?
    "Destroy target creature. Its controller investigates twice.",
    "Destroy target creature. You gain life equal to twice its mana value.",   # (its mana value alone: removal reads it)
    "Return all creatures to their owners' hands. You gain 1 life for each creature returned this way.",
    "Exile target creature card from a graveyard, then return it to the battlefield under your control.",
    "Exile target creature you control, then return those cards to the battlefield under your control.",
    "Exile two target creatures you control, then return it to the battlefield under its owner's control.",
])
def test_near_misses_stay_unread(text):
    read = read_effect_words(sentences(text))
    assert read is None or None in read[0]


# ------------------------------------------------------------------------------------------- resolving

STATE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{alice}]
      hand: [{{card: {card}, id: spell}}{hand}]
      graveyard: {grave}
      library: [{{card: Grizzly Bears, id: top}}]
    Bob:
      battlefield: [{bob}]
    Carol:
      battlefield: []
actions:
{actions}
expect: [{{stack_size: 0}}]
"""


def finals(card: str, alice: str, bob: str = "", hand: str = "", grave: str = "[]",
           actions: str = "  - {cast: spell, targets: [t]}\n  - resolve: 1") -> list[Game]:
    (q,) = load_text(STATE.format(card=card, alice=alice, bob=bob, hand=hand, grave=grave, actions=actions))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def tokens(g: Game, player: str) -> list[str]:
    return sorted(o.name + " Token" for o in g.state.battlefield() if o.token and o.controller == player)


def test_its_controller_is_the_targets_controller():
    g = one(finals("Beast Within", "Forest, Forest, Forest", bob="{card: Grizzly Bears, id: t}"))
    assert zone(g, "t") == "graveyard"
    assert tokens(g, "Bob") == ["Beast Token"] and tokens(g, "Alice") == []
    # the caster's own permanent: the caster gets the token
    g = one(finals("Beast Within", "Forest, Forest, Forest, {card: Grizzly Bears, id: t}"))
    assert tokens(g, "Alice") == ["Beast Token"] and tokens(g, "Bob") == []


def test_toughness_as_it_last_existed_and_the_quality_checked_then():
    # Death's Caress ruling 2011-01-22: a Human (Soulmender 1/1, +3/+3 from Giant Growth) -> 4 life
    acts = "  - {cast: gg, targets: [t]}\n  - resolve: 1\n  - {cast: spell, targets: [t]}\n  - resolve: 1"
    g = one(finals("Death's Caress", "Swamp, Swamp, Swamp, Swamp, Swamp, Forest", bob="{card: Soulmender, id: t}",
                   hand=", {card: Giant Growth, id: gg}", actions=acts))
    assert zone(g, "t") == "graveyard" and g.state.player("Alice").life == 24
    # not a Human: no life
    g = one(finals("Death's Caress", "Swamp, Swamp, Swamp, Swamp, Swamp", bob="{card: Grizzly Bears, id: t}"))
    assert g.state.player("Alice").life == 20


def test_if_it_reads_a_card_returned_to_hand_as_it_was_in_the_graveyard():
    g = one(finals("Cemetery Recruitment", "Swamp, Swamp", grave="[{card: Fleshbag Marauder, id: t}]"))
    assert zone(g, "t") == "hand" and zone(g, "top") == "hand"          # a Zombie: draws
    g = one(finals("Cemetery Recruitment", "Swamp, Swamp", grave="[{card: Soulmender, id: t}]"))
    assert zone(g, "t") == "hand" and zone(g, "top") == "library"       # not a Zombie: doesn't


def test_x_and_life_lost_this_way():
    g = one(finals("Death Grasp", "Plains, Swamp, Swamp, Swamp", bob="{card: Grizzly Bears, id: t}",
                   actions="  - {cast: spell, targets: [t], x: 2}\n  - resolve: 1"))
    assert zone(g, "t") == "graveyard" and g.state.player("Alice").life == 22
    g = one(finals("Blood Tithe", "Swamp, Swamp, Swamp, Swamp", actions="  - cast: spell\n  - resolve: 1"))
    assert [g.state.player(p).life for p in ("Alice", "Bob", "Carol")] == [26, 17, 17]


def test_flicker_returns_a_new_object_and_not_a_token():
    g = one(finals("Cloudshift", "Plains, {card: Grizzly Bears, id: t, counters: {'+1/+1': 1}, damage: 1}"))
    o = g.state.obj("t")
    assert o.zone == "battlefield" and o.counters == () and o.damage == 0 and o.summoning_sick
    g = one(finals("Cloudshift", "Plains, {card: Grizzly Bears, id: t, token: true}"))
    assert not g.state.has("t") or g.state.obj("t").zone != "battlefield"


def test_a_reference_to_nothing_is_unsupported():
    """"Draw a card. You gain life equal to its power.": the instruction before acted on no object."""
    from mtgjudge.model.engine.resolve import run_effects
    from mtgjudge.model.vocab.abilities import Ability
    from mtgjudge.model.vocab.parse import parse_effect
    effects = (parse_effect({"draw": 1}), parse_effect({"life_equal": {"who": "you", "sign": 1, "equal": "power"}}))
    (q,) = load_text(STATE.format(card="Grizzly Bears", alice="Forest, Forest", bob="", hand="", grave="[]",
                                  actions="  - cast: spell"))
    assert not isinstance(q, Exception), q
    ctx = Ctx(source="spell", controller="Alice", targets=(), source_moves=0)
    with pytest.raises(Unsupported, match="refers to"):
        run_effects(Game(q.state), Ability("spell", effects=effects), ctx)
    # alone (nothing before it), it is unsupported too
    with pytest.raises(Unsupported):
        run_effects(Game(q.state), Ability("spell", effects=effects[1:]), ctx)


def test_equipment_attached_leave_with_the_creature():
    g = one(finals("Turn to Slag", "Mountain, Mountain, Mountain, Mountain, Mountain",
                   bob="{card: Grizzly Bears, id: t}, {card: Cobbled Wings, id: eq, attached_to: t}, "
                       "{card: Cobbled Wings, id: spare}"))
    assert zone(g, "t") == "graveyard" and zone(g, "eq") == "graveyard" and zone(g, "spare") == "battlefield"


def test_damage_equal_to_a_count_and_the_damage_dealt_this_way():
    # Corrupt ruling 2010-08-15: the damage is not bounded by toughness; the life gained is the damage dealt
    g = one(finals("Corrupt", "Swamp, Swamp, Swamp, Swamp, Swamp, Swamp", bob="{card: Grizzly Bears, id: t}"))
    assert zone(g, "t") == "graveyard" and g.state.player("Alice").life == 26
    g = one(finals("Ground Assault", "Mountain, Forest", bob="{card: Nyx-Fleece Ram, id: t}"))
    assert g.state.obj("t").damage == 2
