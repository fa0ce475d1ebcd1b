"""Searching, looking at and revealing libraries (issue 9 round 4, library2): the cards looked at put into the hand
and the rest back in the library (401.4, 608.2c), searches of a quality (701.23b) or a quantity (701.23d), searches
whose cards are exiled (701.23a, 406.3), "cards exiled this way" (611.2a). Expected values are worked out by hand
from the rules and the cards' rulings; near misses stay unread or unsupported."""
from __future__ import annotations

import pytest

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.library2 import looked2_after, search2_word, searched2_after
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.vocab.parse import parse_effect
from tests.engine_helpers import one
from tests.test_engine_library import finals, hand


def _look(n: int):
    return parse_effect({"look_at": {"n": n}})


# ------------------------------------------------------------------ reading


@pytest.mark.parametrize("sentence,n,args", [
    ("Put one of them into your hand and the other on the bottom of your library.", 2,
     {"n": 2, "k": 1, "quality": "", "rest": "bottom"}),
    ("Put one of them into your hand and the rest on top of your library in any order.", 5,
     {"n": 5, "k": 1, "quality": "", "rest": "top"}),
    ("Put one of those cards into your hand, one on top of your library, and one on the bottom of your library.", 3,
     {"n": 3, "k": 1, "quality": "", "rest": "library"}),
    ("You may reveal a colorless card from among them and put it into your hand.", 5,
     {"n": 5, "k": 1, "quality": "colorless", "may": True, "rest": ""}),
    ("You may reveal a creature card and/or a land card from among them and put the revealed cards into your hand.",
     4, {"n": 4, "k": 2, "quality": "creature or land", "may": True, "rest": ""}),
    ("You may reveal any number of creature cards from among them and put the revealed cards into your hand.", 5,
     {"n": 5, "k": 5, "quality": "creature", "may": True, "rest": ""}),
    ("You may reveal up to two instant and/or sorcery cards from among them and put the revealed cards into your "
     "hand.", 4, {"n": 4, "k": 2, "quality": "instant or sorcery", "may": True, "rest": ""}),
    ("Put all creature and land cards revealed this way into your hand and the rest on the bottom of your library "
     "in any order.", 2, {"n": 2, "k": 2, "quality": "creature or land", "rest": "bottom"}),
])
def test_what_is_done_with_the_cards_looked_at(sentence, n, args):
    w = looked2_after(sentence, [_look(n)])
    assert w is not None and w.kind == "take_looked"
    assert {k: v for k, v in w.args if v not in (False,)} == {k: v for k, v in args.items() if v is not False}


@pytest.mark.parametrize("sentence,n", [
    ("Put one of them into your hand and the other on the bottom of your library.", 3),   # "the other": 2 cards
    ("Put one of those cards into your hand, one on top of your library, and one on the bottom of your library.", 4),
    ("Put one of them into your hand and the other into your graveyard.", 2),     # cards nobody knows to a graveyard
    ("Put up to two creature cards from among them onto the battlefield.", 7),    # onto the battlefield: not read
    ("You may reveal up to six creature cards from among them and put the revealed cards into your hand.", 5),
])
def test_near_misses_after_a_look_stay_unread(sentence, n):
    assert looked2_after(sentence, [_look(n)]) is None


def test_the_cards_looked_at_are_read_only_right_after_the_look():
    assert looked2_after("Put one of them into your hand and the other on the bottom of your library.", []) is None
    draw = parse_effect({"player_acts": {"who": "you", "acts": (("draw", 1, False),)}})
    assert looked2_after("Put one of them into your hand and the other on the bottom of your library.", [draw]) is None


@pytest.mark.parametrize("sentence,found,kind,args", [
    ("Search your library for a multicolored card, reveal it, and put it into your hand.", (), "search",
     {"n": 1, "quality": "multicolored", "to": "hand"}),
    ("Search your library for up to X cards and put those cards into your hand.", (), "search",
     {"n": "X", "up_to": True, "to": "hand"}),
    ("Search your library for up to three Aura cards with different names, reveal them, and put them into your "
     "hand.", (), "search", {"n": 3, "up_to": True, "quality": "Aura", "with": "with different names", "to": "hand"}),
    ("Search your library for three cards, exile them, then shuffle your library.", (), "search_exile",
     {"n": 3, "shuffle": True}),
    ("Search target player's library for up to seven cards and exile them.", ("target player",), "search_exile",
     {"n": 7, "up_to": True, "target": "player"}),
])
def test_searches_are_read(sentence, found, kind, args):
    w = search2_word(sentence, found)
    assert w is not None and w.kind == kind
    assert {k: v for k, v in w.args if v not in (False, "")} == args


@pytest.mark.parametrize("sentence,found", [
    ("Search your library for a creature card with converted mana cost X or less and put it onto the "
     "battlefield.", ()),                                  # onto the battlefield: which card matters
    ("Search target player's library for up to three cards with flashback and put them into that player's "
     "graveyard.", ("target player",)),                    # into a graveyard: not read
    ("Search target player's library for up to seven cards and exile them.", ()),    # the target must be found
    ("Search your library for a card, put that card into your hand, discard a card at random, then shuffle your "
     "library.", ()),
])
def test_search_near_misses_stay_unread(sentence, found):
    assert search2_word(sentence, found) is None


def test_that_player_shuffles_only_after_a_search_of_a_target_players_library():
    words, targets = read_effect_words(sentences("Search target player's library for a card and exile it. Then that "
                                                 "player shuffles their library."))
    assert [w.kind for w in words] == ["search_exile", "searched_library_shuffles"] and targets == ["target player"]
    mine = parse_effect({"search_exile": {"n": 1}})
    assert searched2_after("Then that player shuffles their library.", [mine]) is None


# ------------------------------------------------------------------ performing


def test_sleight_of_hand_puts_one_card_nobody_knows_into_the_hand():
    # 401.4: one of the two cards into the hand, the other on the bottom: the library is one card shorter
    g = one(finals("Sleight of Hand", "u1", alice_library="5"))
    assert len(hand(g)) == 1 and g.state.player("Alice").unknown_library == 4


def test_sleight_of_hand_with_named_cards_is_unsupported():
    # near miss: which named card goes where is a choice the take-looked instruction does not enumerate
    with pytest.raises(Unsupported):
        finals("Sleight of Hand", "u1", alice_library="[{card: Grizzly Bears, id: a}, {card: Memnite, id: b}]")


def test_telling_time_with_one_card_puts_it_into_the_hand():
    # Telling Time ruling (2005-10-01): fewer than three cards: the instructions in the order given
    g = one(finals("Telling Time", "u1, u2", alice_library="1"))
    assert len(hand(g)) == 1 and g.state.player("Alice").unknown_library == 0


def test_gift_of_the_gargantuan_reveals_none_one_or_two():
    # ruling (2008-10-01): a creature card, a land card, or both; "you may": none
    games = finals("Gift of the Gargantuan", "g1, g2, g3", alice_library="6")
    assert sorted(len(hand(g)) for g in games) == [0, 1, 2]
    assert sorted(g.state.player("Alice").unknown_library for g in games) == [4, 5, 6]


def test_extract_exiles_one_card_of_the_target_players_library():
    # 701.23d: "a card" must be found; 406.3: exiled; 701.24a: that player shuffles
    g = one(finals("Extract", "u1", targets="Bob", bob_library="4"))
    bob = g.state.player("Bob")
    assert bob.unknown_library == 3 and len(bob.zone("exile")) == 1
    assert g.state.player("Alice").unknown_library == 3


def test_extract_on_a_named_library_is_unsupported():
    with pytest.raises(Unsupported):
        finals("Extract", "u1", targets="Bob", bob_library="[{card: Grizzly Bears, id: a}]")


# ------------------------------------------------------------------ a card with a name, in a library and a graveyard


@pytest.mark.parametrize("sentence,args", [
    ("Search your library and/or graveyard for a card named Chandra, Bold Pyromancer, reveal it, and put it into "
     "your hand.", {"name": "Chandra, Bold Pyromancer", "zones": "either"}),
    ("You may search your library and/or graveyard for a card named Huatli, Dinosaur Knight, reveal it, then put it "
     "into your hand.", {"name": "Huatli, Dinosaur Knight", "zones": "either", "may": True}),
    ("Search your library and graveyard for a card named Nissa, Nature's Artisan, reveal it, and put it into your "
     "hand.", {"name": "Nissa, Nature's Artisan", "zones": "both"}),
])
def test_a_search_for_a_card_with_a_name_is_read(sentence, args):
    w = search2_word(sentence, ())
    assert w is not None and w.kind == "search_named_zones" and dict(w.args) == args


@pytest.mark.parametrize("sentence", [
    "You may search your graveyard, hand, and/or library for an Aura card and put it onto the battlefield.",
    "Search your library and/or graveyard for a card named Jace, Ingenious Mind-Mage and put it onto the "
    "battlefield.",
    "Search your library and graveyard for a card named Forest, a card named Brambleweft Behemoth, and a card named "
    "Nissa, Genesis Mage.",
])
def test_a_search_for_a_card_with_a_name_near_misses(sentence):
    assert search2_word(sentence, ()) is None


_NAMED = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [Island, Island, Island, Island, Island]
      hand: [{{card: Grasping Current, id: gc}}]
      graveyard: {graveyard}
      library: {library}
    Bob: {{}}
actions:
  - cast: gc
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def _named(graveyard: str, library: str):
    from mtgjudge.model.engine.actions import run
    from mtgjudge.model.engine.game import Game
    from mtgjudge.queries.format.files import load_text
    (q,) = load_text(_NAMED.format(graveyard=graveyard, library=library))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_grasping_current_finds_jace_in_either_zone_or_none():
    # 701.23b: the library is hidden (Jace may be left unfound, or be one of the cards nobody knows); the graveyard
    # is searched by choice ("and/or"): three outcomes
    games = _named('[{card: "Jace, Ingenious Mind-Mage", id: jace}]', "3")
    where = sorted((g.state.obj("jace").zone, len(hand(g)), g.state.player("Alice").unknown_library) for g in games)
    assert where == [("graveyard", 0, 3), ("graveyard", 1, 2), ("hand", 1, 3)]
    found = next(g for g in games if g.state.player("Alice").unknown_library == 2)
    assert found.state.obj(hand(found)[0]).name == "Jace, Ingenious Mind-Mage"


def test_grasping_current_on_an_empty_library_and_graveyard_finds_nothing():
    g = one(_named("[]", "0"))
    assert hand(g) == ()


def test_grasping_current_on_a_named_library_is_unsupported():
    with pytest.raises(Unsupported):
        _named("[]", "[{card: Grizzly Bears, id: a}]")


# ------------------------------------------------------------------ X cards looked at; either of two qualities


def test_the_top_x_cards_then_all_creature_cards_are_read():
    words, _ = read_effect_words(sentences("Reveal the top X cards of your library. Put all creature cards revealed "
                                           "this way into your hand and the rest on the bottom of your library in "
                                           "any order."))
    assert [w.kind for w in words] == ["look_at", "take_looked"]
    assert words[0].arg("n") == "X" and words[1].arg("k") == "X"


def test_the_other_after_x_cards_stays_unread():
    # "the other" needs exactly two cards looked at: X is not known when the text is read
    x = parse_effect({"look_at": {"n": "X"}})
    assert looked2_after("Put one of them into your hand and the other on the bottom of your library.", [x]) is None


def test_look_at_x_cards_of_a_target_players_library_stays_unread():
    assert search2_word("Look at the top X cards of target player's library.", ("target player",)) is None


@pytest.mark.parametrize("sentence,quality", [
    ("You may search your library for a basic land card or Gate card, reveal it, put it into your hand, then shuffle "
     "your library.", "basic land or Gate"),
    ("Search your library for an instant card or a card with flash, reveal it, and put it into your hand.",
     "instant or with flash"),
])
def test_a_search_for_either_of_two_qualities_is_one_label(sentence, quality):
    w = search2_word(sentence, ())
    assert w is not None and w.kind == "search" and w.arg("quality") == quality and w.arg("to") == "hand"


def test_several_cards_of_either_of_two_qualities_stay_unread():
    assert search2_word("Search your library for up to two basic land cards or Gate cards, reveal them, and put "
                        "them into your hand.", ()) is None


def test_enshrined_memories_x_two():
    # 107.3a: X is 2: two cards nobody knows, each a creature card or not: 0, 1 or 2 into the hand
    from mtgjudge.model.engine.actions import run
    from mtgjudge.model.engine.game import Game
    from mtgjudge.queries.format.files import load_text
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, Forest, Forest]
      hand: [{card: Enshrined Memories, id: em}]
      library: 4
    Bob: {}
actions:
  - {cast: em, x: 2}
  - resolve: all
expect: [{stack_size: 0}]
""")
    games = run(Game(q.state), q.actions)
    assert sorted((len(hand(g)), g.state.player("Alice").unknown_library) for g in games) == [(0, 4), (1, 3), (2, 2)]


def test_you_may_have_that_player_shuffle_only_after_a_look_at_a_target_players_library():
    words, targets = read_effect_words(sentences("Look at the top three cards of target player's library, then put "
                                                 "them back in any order. You may have that player shuffle their "
                                                 "library."))
    assert [w.kind for w in words] == ["look_top", "searched_library_shuffles"] and words[1].arg("may")
    mine = parse_effect({"look_top": {"n": 3}})
    assert searched2_after("You may have that player shuffle their library.", [mine]) is None


def test_natural_selection_on_a_named_library_is_unsupported_when_shuffled():
    # near miss: a shuffle of cards the question names makes their order unknown (not represented)
    with pytest.raises(Unsupported):
        finals("Natural Selection", "g1", targets="Bob",
               bob_library="[{card: Grizzly Bears, id: a}, {card: Memnite, id: b}]")


def test_look_then_put_is_two_instructions_and_put_back_is_one():
    from mtgjudge.model.oracle.library2 import split_then
    assert split_then(["look at the top three cards of your library, then put one of them into your hand and the rest "
                       "on the bottom of your library in any order."]) == [
        "Look at the top three cards of your library.",
        "Put one of them into your hand and the rest on the bottom of your library in any order."]
    kept = "Look at the top three cards of your library, then put them back in any order."
    assert split_then([kept]) == [kept]
    assert split_then(["Shuffle your library, then scry 1."]) == ["Shuffle your library.", "Scry 1."]
    assert split_then(["Shuffle your library, then draw a card."]) == ["Shuffle your library, then draw a card."]


def test_search_reveal_them_then_shuffle_and_put_on_top_is_one_search():
    # Congregation at Dawn: 701.24b, the found cards put on top after the shuffle: one instruction (hands' joiner)
    words, _ = read_effect_words(sentences("Search your library for up to three creature cards and reveal them. "
                                           "Shuffle your library, then put those cards on top of it in any order."))
    assert [w.kind for w in words] == ["search"] and words[0].arg("to") == "top"
