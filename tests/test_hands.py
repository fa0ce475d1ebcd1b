"""Hands and libraries: a card chosen from a revealed hand with a mana value or exiled in
the same sentence (701.20a, 701.9b, 406.3), discarding a hand (701.9a), X in a player's instructions (107.3a), a
tutor that shuffles and puts the card found on top (701.24b), Cultivate's one card onto the battlefield and the
other into the hand, "you may have target opponent discard a card" (608.2d). Expected values are worked out by
hand from the rules and the rulings named; near misses stay unread or unsupported."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.words.library.perform import x_value
from mtgjudge.model.words.library.perform import BASIC_LANDS

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.words.library.read import hand_after, library_word
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, written_args, zone
from mtgjudge.model.engine.kernel.context import Ctx

LANDS = ("u1", "u2", "u3", "b1", "b2", "g1", "g2", "g3", "r1", "w1")
BASE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{{card: Island, id: u1}}, {{card: Island, id: u2}}, {{card: Island, id: u3}}, {{card: Swamp, id: b1}},
                    {{card: Swamp, id: b2}}, {{card: Forest, id: g1}}, {{card: Forest, id: g2}}, {{card: Forest, id: g3}},
                    {{card: Mountain, id: r1}}, {{card: Plains, id: w1}}]
      hand: [{{card: {card}, id: spell}}{hand}]
      library: {alice_library}
      graveyard: {alice_gy}
    Bob:
      hand: {bob_hand}
      library: {bob_library}
      graveyard: {bob_gy}
actions:
  - {{cast: spell{targets}{x}, paying: [{paying}]}}
  - resolve: all
expect: [{{stack_size: 0}}]
"""
BOB_HAND = "[{card: Grizzly Bears, id: bear}, {card: Memnite, id: memnite}, {card: Forest, id: forest}, " \
           "{card: Wit's End, id: big}]"


def finals(card: str, paying: str, alice_library="3", bob_library="3", bob_hand=BOB_HAND, hand="",
           targets: str = "", x: int | None = None, alice_gy="[]", bob_gy="[]") -> list[Game]:
    t = f", targets: [{targets}]" if targets else ""
    (q,) = load_text(BASE.format(card=card, paying=paying, alice_library=alice_library, bob_library=bob_library,
                                 bob_hand=bob_hand, hand=hand, targets=t, x=f", x: {x}" if x is not None else "",
                                 alice_gy=alice_gy, bob_gy=bob_gy))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def hand(g: Game, p: str = "Alice") -> tuple[str, ...]:
    return g.state.player(p).zone("hand")


# ------------------------------------------------------------------ reading

def _words(text: str):
    read = read_effect_words(sentences(text))
    return None if read is None else read[0]


def test_a_choice_with_a_mana_value_is_read():
    words = _words("Target player reveals their hand. You choose a nonland card from it with converted mana cost 3 or "
                   "less. That player discards that card.")
    assert [w.kind for w in words] == ["reveal_hand", "choose_from_hand", "chosen_to"]
    assert words[1].arg("with") == words[2].arg("with") == "with mana value 3 or less"


def test_choose_and_exile_in_one_sentence_is_one_word():
    words = _words("Target opponent reveals their hand. You choose a nonland card from it and exile that card.")
    assert [w.kind for w in words] == ["reveal_hand", "chosen_to"]
    assert written_args(words[1]) == {"quality": "nonland", "to": "exile", "chosen": True}


@pytest.mark.parametrize("sentence", [
    "You choose a nonland card from it with power 3 or less.",          # a hand's card: only a mana value is read
    "You choose a nonland card from it and put that card on top of its owner's library.",
    "You choose two nonland cards from it.",
])
def test_near_misses_of_the_choice_stay_unread(sentence):
    prev = Effect("reveal_hand", (("target", "opponent"),))
    assert hand_after(sentence, [prev]) is None


def test_x_and_hands_in_a_players_instructions():
    assert dict(library_word("Target player discards X cards at random.", ("target player",)).args)["acts"] == \
        (("discard", "X", True),)
    assert dict(library_word("Each player discards their hand, then draws seven cards.", ()).args)["acts"] == \
        (("discard_hand", 1, False), ("draw", 7, False))
    # "You may have target opponent discard a card." (608.2d): the optional instruction "target opponent
    # discards a card", read by the one "you may have" reader (words.entering.read)
    words, _ = read_effect_words(sentences("You may have target opponent discard a card."))
    assert [w.kind for w in words] == ["optional", "discard"] and words[1].arg("target") == "opponent"


@pytest.mark.parametrize("sentence,found", [
    # ("Target player discards X cards, where X is the number of cards in your hand.": read now, 107.3e,
    # tests/test_players.py)
    ("Target player discards X cards, where X is the number of cards in their hand.", ("target player",)),
    ("You may have target opponent sacrifice a creature.", ("target opponent",)),
    ("Scry X.", ()),                                    # X only for draw, life, discard, mill
    ("Search your library for up to two basic land cards, reveal those cards, and put one onto the battlefield "
     "and the other into your hand.", ()),            # not tapped: not the template read
    ("Search your library for up to two creature cards, reveal those cards, and put one onto the battlefield "
     "tapped and the other into your hand.", ()),     # a creature card entering must be known
])
def test_near_misses_stay_unread(sentence, found):
    assert library_word(sentence, found) is None


def test_a_tutor_is_joined_only_with_its_own_second_sentence():
    assert len(sentences("Search your library for a creature card and reveal that card. Shuffle your library, then "
                         "put the card on top of it.")) == 1
    assert len(sentences("Search your library for a creature card and reveal that card. Shuffle your library.")) == 2


def test_x_of_an_ability_is_not_known():
    # 107.3m: an ability's X is its own cost's; the spell's X is not it.
    with pytest.raises(Unsupported):
        x_value(Effect("player_acts", ()), Ctx("s", "Alice", (), 0, x=2, ability_index=1))
    assert x_value(Effect("player_acts", ()), Ctx("s", "Alice", (), 0, x=2)) == 2


# ------------------------------------------------------------------ performing

def test_inquisition_chooses_only_nonland_cards_of_mana_value_3_or_less():
    # Bears (2) and Memnite (0) may be chosen; Forest is a land and Wit's End's mana value is 7: never discarded.
    games = finals("Inquisition of Kozilek", "b1", targets="Bob")
    assert sorted(next(o for o in ("bear", "memnite", "forest", "big") if zone(g, o) == "graveyard") for g in games) \
        == ["bear", "memnite"]
    assert all(zone(g, "forest") == "hand" and zone(g, "big") == "hand" for g in games)


def test_castigate_exiles_the_one_nonland_card():
    # "You choose" (no "may"): with one nonland card it is the one chosen; 406.3 exiled from the hand.
    g = one(finals("Castigate", "w1, b1", targets="Bob",
                   bob_hand="[{card: Grizzly Bears, id: bear}, {card: Forest, id: forest}]"))
    assert zone(g, "bear") == "exile" and zone(g, "forest") == "hand"


def test_castigate_on_a_hand_of_lands_exiles_nothing():
    g = one(finals("Castigate", "w1, b1", targets="Bob", bob_hand="[{card: Forest, id: forest}]"))
    assert zone(g, "forest") == "hand"


def test_mind_twist_discards_x_cards_every_set_a_branch():
    # 701.9b at random: any 2 of the 4 cards may be the ones: C(4,2) = 6 outcomes, each leaving 2 cards.
    games = finals("Mind Twist", "b1, u1, u2", targets="Bob", x=2)
    assert len(games) == 6 and all(len(hand(g, "Bob")) == 2 for g in games)


def test_mind_twist_for_x_0_discards_nothing():
    g = one(finals("Mind Twist", "b1", targets="Bob", x=0))
    assert len(hand(g, "Bob")) == 4


def test_stroke_of_genius_draws_x():
    g = one(finals("Stroke of Genius", "u1, u2, u3, b1, b2", targets="Bob", x=2))
    assert len(hand(g, "Bob")) == 6 and g.state.player("Bob").unknown_library == 1


def test_wheel_of_fortune_each_player_discards_their_hand_then_draws_seven():
    g = one(finals("Wheel of Fortune", "r1, b1, b2", hand=", {card: Grizzly Bears, id: mine}", alice_library="10",
                   bob_library="10"))
    assert zone(g, "mine") == "graveyard" and all(zone(g, o) == "graveyard" for o in ("bear", "memnite", "forest", "big"))
    assert len(hand(g)) == 7 and len(hand(g, "Bob")) == 7


def test_wits_end_discards_the_whole_hand():
    g = one(finals("Wit's End", "b1, b2, u1, u2, u3, g1, g2", targets="Bob"))
    assert hand(g, "Bob") == ()


def test_mystical_tutor_leaves_a_library_of_cards_nobody_knows():
    # 701.23b: may find nothing; either way the shuffled library with one card on top is 3 cards nobody knows.
    g = one(finals("Mystical Tutor", "u1"))
    assert g.state.player("Alice").unknown_library == 3 and hand(g) == ()


def test_mystical_tutor_on_a_named_library_is_unsupported():
    with pytest.raises(Unsupported):
        finals("Mystical Tutor", "u1", alice_library="[{card: Memnite, id: m}]")


def test_cultivate_one_land_tapped_and_the_other_to_hand():
    # Nothing (1); one card: onto the battlefield tapped (ruling 2010-08-15), each basic land card (12); two: one of
    # the 12 onto the battlefield tapped, the other into the hand (12).
    games = finals("Cultivate", "g1, b1, b2", alice_library="5")
    assert len(games) == 1 + 2 * len(BASIC_LANDS)
    assert sorted(g.state.player("Alice").unknown_library for g in games) == [3] * 12 + [4] * 12 + [5]
    assert sorted(len(hand(g)) for g in games) == [0] * 13 + [1] * 12
    new = [o for g in games for o in g.state.battlefield("Alice") if o.id not in LANDS]
    assert len(new) == 24 and all(o.tapped for o in new)


def test_brutal_nightstalker_may_have_the_opponent_discard():
    # 608.2d: not doing it is a branch; 701.9b: Bob chooses which card.
    games = finals("Brutal Nightstalker", "b1, b2, u1, u2, u3",
                   bob_hand="[{card: Grizzly Bears, id: bear}, {card: Memnite, id: memnite}]")
    assert sorted(len(hand(g, "Bob")) for g in games) == [1, 1, 2]


# ------------------------------------------------------------------ graveyards

def test_target_card_with_no_type_from_your_graveyard_is_regrowth():
    words = _words("Return target card from your graveyard to your hand.")
    assert [(w.kind, dict(w.args)) for w in words] == [("regrow", {"target": "card from your graveyard"})]
    # near miss: a card from any graveyard returned to "your hand" is not this template
    assert _words("Return target card from a graveyard to your hand.") in (None, [None])


def test_regrowth_returns_a_land_card_too():
    # "target card": any card, a land included (400.6: a new object in its owner's hand).
    g = one(_regrowth())
    assert zone(g, "gy") == "hand"


def _regrowth() -> list[Game]:
    return finals("Regrowth", "g1, g2", targets="gy", alice_gy="[{card: Forest, id: gy}]")


def test_hymn_of_rebirth_puts_an_opponents_creature_card_under_your_control():
    # 110.2: the player who puts it onto the battlefield controls it; its owner stays Bob (108.3).
    g = one(finals("Hymn of Rebirth", "g1, g2, g3, w1, b1", targets="theirs",
                   bob_gy="[{card: Grizzly Bears, id: theirs}]"))
    o = g.state.obj(next(o.id for o in g.state.battlefield("Alice") if o.name == "Grizzly Bears"))
    assert o.controller == "Alice" and o.owner == "Bob"


def _decompose(targets: str) -> list[Game]:
    return finals("Decompose", "b1, g1", targets=targets, alice_gy="[{card: Forest, id: mine}]",
                  bob_gy="[{card: Grizzly Bears, id: t1}, {card: Memnite, id: t2}]")


def test_decompose_reads_cards_from_a_single_graveyard():
    words = _words("Exile up to three target cards from a single graveyard.")
    assert [w.kind for w in words] == ["exile_card"]
    assert read_effect_words(sentences("Exile up to three target cards from a single graveyard."))[1] == \
        ["up to three target cards from a single graveyard"]


def test_decompose_exiles_cards_of_one_graveyard():
    # 406.3; the choice of targets: none, or any of Alice's one card, or any set of Bob's two cards: 1 + 1 + 3.
    games = _decompose("")
    exiled = sorted(tuple(sorted(o for o in ("mine", "t1", "t2") if zone(g, o) == "exile")) for g in games)
    assert exiled == [(), ("mine",), ("t1",), ("t1", "t2"), ("t2",)]


def test_decompose_with_cards_of_two_graveyards_is_illegal():
    # 601.2c: the targets must all be in a single graveyard: near miss of the above.
    from mtgjudge.model.errors import Illegal
    with pytest.raises(Illegal):
        _decompose("mine, t1")


# ------------------------------------------------------------------ Splinter (701.23b and its example)

SPLINTER = ("Exile target artifact. Search its controller's graveyard, hand, and library for all cards with the same "
            "name as that artifact and exile them. Then that player shuffles their library.")


def test_splinter_is_read_sentence_by_sentence():
    words = _words(SPLINTER)
    assert [w.kind for w in words] == ["exile", "exile_same_name", "searched_shuffles"]
    assert words[1].arg("all") and words[1].arg("whose") == "controller"


@pytest.mark.parametrize("text", [
    # no instruction on one target before it: what "that artifact" is is not known
    "Search its controller's graveyard, hand, and library for all cards with the same name as that artifact and "
    "exile them.",
    # the cards found go elsewhere: not this template
    "Exile target artifact. Search its controller's graveyard, hand, and library for all cards with the same name as "
    "that artifact and put them into your hand.",
    # the shuffle without the search before it
    "Exile target artifact. Then that player shuffles their library.",
])
def test_near_misses_of_splinter_stay_unread(text):
    words = _words(text)
    assert words is None or None in words


def test_splinter_must_find_the_graveyards_copy_and_may_leave_hidden_ones():
    # CR 701.23b's example: the copy in the graveyard (public) must be found; the one in the hand and the ones in
    # the library (hidden zones) may be left unfound: 2 (hand) x 3 (0, 1 or 2 of the 2 cards nobody knows) = 6.
    text = BASE.format(card="Splinter", paying="g1, g2, g3, b1", alice_library="3", bob_library="2",
                       bob_hand="[{card: Sol Ring, id: hand-ring}, {card: Grizzly Bears, id: bear}]", hand="",
                       targets=", targets: [ring]", x="", alice_gy="[]", bob_gy="[{card: Sol Ring, id: gy-ring}]")
    text = text.replace("    Bob:\n", "    Bob:\n      battlefield: [{card: Sol Ring, id: ring}]\n", 1)
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    games = run(Game(q.state), q.actions)
    assert len(games) == 6
    assert all(zone(g, "ring") == "exile" and zone(g, "gy-ring") == "exile" and zone(g, "bear") == "hand"
               for g in games)
    assert sorted((zone(g, "hand-ring"), g.state.player("Bob").unknown_library) for g in games) == \
        [("exile", 0), ("exile", 1), ("exile", 2), ("hand", 0), ("hand", 1), ("hand", 2)]


def test_splinter_on_a_named_library_is_unsupported():
    text = BASE.format(card="Splinter", paying="g1, g2, g3, b1", alice_library="3",
                       bob_library="[{card: Memnite, id: m}]", bob_hand="[]", hand="", targets=", targets: [ring]",
                       x="", alice_gy="[]", bob_gy="[]")
    text = text.replace("    Bob:\n", "    Bob:\n      battlefield: [{card: Sol Ring, id: ring}]\n", 1)
    (q,) = load_text(text)
    with pytest.raises(Unsupported):
        run(Game(q.state), q.actions)


# ------------------------------------------------------------------ a searched card with a qualifier

def test_a_searched_card_may_carry_a_mana_value_or_a_power():
    w = library_word("Search your library for a creature card with power 2 or less, reveal it, put it into your "
                     "hand, then shuffle your library.", ())
    assert written_args(w) == {"n": 1, "up_to": False, "quality": "creature", "to": "hand", "shuffle": True,
                            "with": "with power 2 or less", "reveal": True}
    # near miss: a qualified card put onto the battlefield must be known: not read
    assert library_word("Search your library for a creature card with converted mana cost 3 or less, put it onto "
                        "the battlefield, then shuffle your library.", ()) is None


def test_trinket_mage_finds_an_artifact_card_or_none():
    # 608.2d: may not search; 701.23b: a stated quality may be left unfound; else one card into the hand.
    games = finals("Trinket Mage", "u1, u2, u3")
    assert sorted((len(hand(g)), g.state.player("Alice").unknown_library) for g in games)[0] == (0, 3)
    assert {(len(hand(g)), g.state.player("Alice").unknown_library) for g in games} == {(0, 3), (1, 2)}


# ------------------------------------------------------------------ several cards chosen from a hand

def test_look_at_a_hand_and_choose_several_cards_is_read():
    words = _words("Look at target player's hand and choose X cards from it. That player discards those cards.")
    assert [(w.kind, w.arg("n")) for w in words] == [("choose_from_hand", "X"), ("chosen_to", "X")]
    # near misses: "that card" after two cards chosen, "those cards" after one (608.2c: they must agree)
    assert None in _words("Look at target player's hand and choose two cards from it. That player discards that card.")
    assert None in _words("Look at target player's hand and choose a card from it. That player discards those cards.")


def test_choose_two_is_not_a_modal_spell():
    from mtgjudge.model.oracle.lines import _CASTING_WORDS
    assert not _CASTING_WORDS.search("look at target player's hand and choose two cards from it.")
    assert not _CASTING_WORDS.search("you choose one of them.")
    assert _CASTING_WORDS.search("Choose one — • Draw a card.")
    assert _CASTING_WORDS.search("Choose two target creatures.")


def test_mind_warp_discards_x_cards_chosen_by_the_caster():
    # 107.3a X = 2 of Bob's 4 cards: C(4,2) = 6 choices.
    games = finals("Mind Warp", "b1, b2, u1, u2, u3, g1", targets="Bob", x=2)
    assert len(games) == 6 and all(len(hand(g, "Bob")) == 2 for g in games)


def test_blackmail_any_card_of_the_hand_may_be_the_one():
    # The revealing player picks three of four cards, then Alice one of those: each of the four cards can end up
    # discarded (each is in some three revealed), and exactly one card is discarded.
    games = finals("Blackmail", "b1", targets="Bob")
    assert sorted(next(o for o in ("bear", "memnite", "forest", "big") if zone(g, o) == "graveyard") for g in games) \
        == ["bear", "big", "forest", "memnite"]


def test_any_number_of_cards_is_up_to_as_many_as_the_library_holds():
    from mtgjudge.model.vocab.phrases import ANY_NUMBER
    w = library_word("Search your library for any number of basic land cards, put them into your hand, then "
                     "shuffle your library.", ())
    assert (w.arg("n"), w.arg("up_to")) == (ANY_NUMBER, True)
    assert w.text().startswith("Search your library for any number of basic land cards")


def test_goblin_recruiter_leaves_the_library_cards_nobody_knows():
    # The found Goblin cards go back on top: the library is the same 3 cards nobody knows; nothing reaches the hand.
    g = one(finals("Goblin Recruiter", "r1, b1"))
    assert g.state.player("Alice").unknown_library == 3 and hand(g) == ()
    # near miss: the plural second sentence is joined only with a plural first sentence
    assert len(sentences("Search your library for a Goblin card and reveal that card. Shuffle your library, then put "
                         "them on top of it in any order.")) == 2


# ------------------------------------------------------------------ a card put from the hand onto the battlefield

def test_a_land_card_put_from_the_hand_is_read():
    w = library_word("You may put a land card from your hand onto the battlefield.", ())
    assert w.kind == "put_from_hand" and written_args(w) == {"quality": "land", "may": True}
    assert w.render() == "You may put a land card from your hand onto the battlefield"
    w = library_word("Put a creature card from your hand onto the battlefield tapped.", ())
    assert written_args(w) == {"quality": "creature", "tapped": True}


@pytest.mark.parametrize("sentence", [
    "You may put a land card from your hand onto the battlefield tapped under your control.",
    "You may put two land cards from your hand onto the battlefield.",
    "You may put a land card from your graveyard onto the battlefield.",
    "You may put a card with flying from your hand onto the battlefield.",
])
def test_near_misses_of_a_card_put_from_the_hand_stay_unread(sentence):
    assert library_word(sentence, ()) is None


def test_a_card_put_from_a_hand_nobody_knows_is_unsupported():
    # 305.4: a card of that hand the question does not name may be a land card or not
    with pytest.raises(Unsupported, match="whether it may be put onto the battlefield matters"):
        finals("Growth Spiral", "u1, g1", hand=", Forest, {card: Island, id: i}", alice_library="3")


def test_every_land_card_of_the_hand_or_none_is_a_branch():
    games = finals("Growth Spiral", "u1, g1", hand=", {card: Forest, id: f}, {card: Grizzly Bears, id: gb}",
                   alice_library="[{card: Island, id: top}]")
    ends = {(zone(g, "f"), zone(g, "top"), zone(g, "gb")) for g in games}
    assert ends == {("battlefield", "hand", "hand"), ("hand", "battlefield", "hand"), ("hand", "hand", "hand")}
