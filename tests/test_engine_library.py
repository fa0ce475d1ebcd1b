"""Libraries, hands and players (e-library), cast from their Oracle text and resolved: scry (701.22), looking and
putting back in any order (401.4), shuffling (701.24), searching (701.23), a player's instructions joined by
"and" / ", then" (121.1, 119.3, 701.9, 701.17), a spell's lines followed in order (608.2c). Expected values are
worked out from the rules by hand; cards nobody knows (``library: N``) move without their own text applying (the
question format's convention) and stay unsupported wherever what they are matters."""
from __future__ import annotations

import pytest
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.words.library.perform import BASIC_LANDS
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.words.library.read import library_word, looked_more_after, search_more_word, searched_more_after
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, written_args, zone
from mtgjudge.model.engine.kernel.context import Ctx
from mtgjudge.queries.runner import run_question


BASE = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{{card: Island, id: u1}}, {{card: Island, id: u2}}, {{card: Swamp, id: b1}}, {{card: Swamp, id: b2}},
                    {{card: Forest, id: g1}}, {{card: Forest, id: g2}}, {{card: Forest, id: g3}}, {{card: Mountain, id: r1}}]
      hand: [{{card: {card}, id: spell}}{hand}]
      library: {alice_library}
    Bob:
      battlefield: [{{card: Grizzly Bears, id: bbear}}]
      hand: {bob_hand}
      graveyard: [{{card: Memnite, id: bgy}}]
      library: {bob_library}
actions:
  - {{cast: spell{targets}, paying: [{paying}]}}
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def finals(card: str, paying: str, alice_library="3", bob_library="3", bob_hand="[]", hand="",
           targets: str = "") -> list[Game]:
    t = f", targets: [{targets}]" if targets else ""
    (q,) = load_text(BASE.format(card=card, paying=paying, alice_library=alice_library, bob_library=bob_library,
                                 bob_hand=bob_hand, hand=hand, targets=t))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def hand(g: Game, p: str = "Alice") -> tuple[str, ...]:
    return g.state.player(p).zone("hand")


# ------------------------------------------------------------------ reading


@pytest.mark.parametrize("sentence,kind,args", [
    ("Scry 2, then draw a card.", "player_acts", {"who": "you", "acts": (("scry", 2, False), ("draw", 1, False))}),
    ("Target player draws two cards and loses 2 life.", "player_acts",
     {"who": "target player", "target": "player", "acts": (("draw", 2, False), ("lose_life", 2, False))}),
    ("Draw four cards, then discard three cards at random.", "player_acts",
     {"who": "you", "acts": (("draw", 4, False), ("discard", 3, True))}),
    ("Each player loses 2 life.", "player_acts", {"who": "each player", "acts": (("lose_life", 2, False),)}),
    ("Target player puts the top five cards of their library into their graveyard.", "player_acts",
     {"who": "target player", "target": "player", "acts": (("mill", 5, False),)}),
    ("Search your library for up to two basic land cards, put them onto the battlefield tapped, then shuffle "
     "your library.", "search", {"n": 2, "up_to": True, "quality": "basic land", "to": "battlefield_tapped",
                                  "shuffle": True}),
    ("If you do, shuffle your library.", "shuffle", {"if_done": True}),
    ("Look at the top three cards of your library, then put them back in any order.", "look_top", {"n": 3}),
])
def test_sentences_are_read_into_words(sentence, kind, args):
    found = ("target player",) if "Target player" in sentence else ()
    w = library_word(sentence, found)
    assert w is not None and w.kind == kind
    assert written_args(w) == args


@pytest.mark.parametrize("sentence", [
    "Target player draws two cards and you lose 2 life.",     # two subjects: not one player's instructions
    "Draw two cards, then discard a card unless you discard a creature card.",
    "Search your library for a card, put it into your hand, then put the rest on the bottom of your library.",
    "Look at the top three cards of your library, then put one of them into your hand.",
    "Draw a cards.",                                         # number and noun disagree
    "Scry 2, then each opponent draws two card.",           # number and noun disagree after a new subject
    # ("Scry 2, then each opponent draws a card.": a new subject in mid-sentence, read now:
    # tests/test_players.py)
])
def test_near_misses_stay_unread(sentence):
    assert library_word(sentence, ()) is None


def test_a_spells_sentences_are_read_each_by_its_family():
    words, targets = read_effect_words(sentences("~ deals 2 damage to any target. Scry 1."))
    assert [w.kind for w in words] == ["damage", "player_acts"] and targets == ["any target"]


# ------------------------------------------------------------------ performing


def test_opt_scries_cards_nobody_knows_then_draws_one():
    # 701.22a: looking at a card nobody knows and putting it back changes nothing anyone is told; 608.2c: the
    # second line follows the first; 121.1: one card drawn.
    g = one(finals("Opt", "u1"))
    assert len(hand(g)) == 1 and g.state.player("Alice").unknown_library == 2


def test_opt_with_a_named_library_gives_both_scry_choices():
    # 701.22a: the top card stays (and is drawn) or goes to the bottom (and the next is drawn).
    games = finals("Opt", "u1", alice_library="[{card: Grizzly Bears, id: top}, {card: Memnite, id: second}]")
    drawn = sorted(hand(g) for g in games)
    assert drawn == [("second",), ("top",)]
    bottom = next(g for g in games if hand(g) == ("second",))
    assert bottom.state.player("Alice").zone("library") == ("top",)


def test_preordain_orders_two_named_cards_every_way():
    # 701.22a with two cards: kept in either order, one kept, or both to the bottom in either order; then the
    # top card is drawn: the card drawn can be either one, and the library holds the other.
    games = finals("Preordain", "u1", alice_library="[{card: Grizzly Bears, id: a}, {card: Memnite, id: b}]")
    assert {hand(g) for g in games} == {("a",), ("b",)}
    assert all(len(g.state.player("Alice").zone("library")) == 1 for g in games)


def test_rampant_growth_finds_nothing_or_each_basic_land_tapped():
    # 701.23b: a stated quality may be left unfound; 205.4c: the library of cards nobody knows may hold any basic
    # land card; it enters tapped. 1 + 12 outcomes.
    games = finals("Rampant Growth", "g1, g2")
    assert len(games) == 1 + len(BASIC_LANDS)
    found = sorted(o.name for g in games for o in g.state.battlefield("Alice") if o.id not in
                   ("u1", "u2", "b1", "b2", "g1", "g2", "g3", "r1"))
    assert found == sorted(BASIC_LANDS)
    assert all(o.tapped for g in games for o in g.state.battlefield("Alice") if o.id.startswith(("plains", "island",
               "swamp", "mountain", "forest-", "wastes", "snow")))
    assert sorted(g.state.player("Alice").unknown_library for g in games) == [2] * 12 + [3]


def test_rampant_growth_on_an_empty_library_finds_nothing():
    games = finals("Rampant Growth", "g1, g2", alice_library="0")
    assert len(games) == 1 and len(list(games[0].state.battlefield("Alice"))) == 8


def test_demonic_tutor_must_find_a_card():
    # 701.23d: "a card" states no quality: the player must find one (a card nobody knows, in hand).
    g = one(finals("Demonic Tutor", "b1, g1"))
    assert len(hand(g)) == 1 and g.state.player("Alice").unknown_library == 2


def test_a_search_of_a_named_library_finds_each_card_and_shuffles_into_each_order():
    # 701.23d: "a card" must be found if there is one: each named card a branch; 701.24a: then each order of the rest
    games = finals("Demonic Tutor", "b1, g1", alice_library="[{card: Memnite, id: m}, {card: Ornithopter, id: o}]")
    assert sorted(zone(g, "m") + "/" + zone(g, "o") for g in games) == ["hand/library", "library/hand"]


def test_a_search_of_named_cards_among_cards_nobody_knows_is_unsupported():
    # what a card nobody knows is decides whether it may be found, and the shuffle would put named cards among them
    from dataclasses import replace as _replace
    from mtgjudge.model.words.library.perform import shuffles
    (q,) = load_text(BASE.format(card="Demonic Tutor", paying="b1, g1", alice_library="[{card: Memnite, id: m}]",
                                 bob_library="3", bob_hand="[]", hand="", targets=""))
    g = Game(q.state)
    st = g.state.with_player(_replace(g.state.player("Alice"), unknown_library=2))
    with pytest.raises(Unsupported, match="order becomes unknown"):
        shuffles(g.with_state(st), "Alice")


def test_sign_in_blood_target_player_draws_two_and_loses_two():
    g = one(finals("Sign in Blood", "b1, b2", targets="Bob"))
    assert len(hand(g, "Bob")) == 2 and g.state.player("Bob").life == 18
    assert g.state.player("Alice").life == 20 and hand(g) == ()


def test_careful_study_draws_then_discards_named_cards():
    # 701.9a: with a hand of only the two drawn cards, both are discarded: one outcome.
    g = one(finals("Careful Study", "u1", alice_library="[{card: Grizzly Bears, id: a}, {card: Memnite, id: b}]"))
    assert zone(g, "a") == "graveyard" and zone(g, "b") == "graveyard" and hand(g) == ()


def test_careful_study_discards_cards_nobody_knows_by_the_formats_convention():
    # The question does not name the library's cards: by the format's convention what they are decides nothing as
    # they move (docs/question-format.md, "Cards nobody knows"), so the two drawn cards are discarded.
    g = one(finals("Careful Study", "u1"))
    pl = g.state.player("Alice")
    assert hand(g) == () and len(pl.zone("graveyard")) == 3 and pl.unknown_library == 1


def test_a_discarded_named_card_keeps_its_own_text_as_it_is_discarded():
    # Beside the above: a card the question names keeps its own text: Fiery Temper's madness (702.35a) exiles each
    # one discarded, and its trigger lets Alice cast it for {R} (her one Mountain pays for one of them) or puts it
    # into her graveyard; either way both end in the graveyard once the stack is empty (608.2n).
    games = finals("Careful Study", "u1", alice_library="[{card: Fiery Temper, id: a}, {card: Fiery Temper, id: b}]")
    assert all(zone(g, "a") == zone(g, "b") == "graveyard" for g in games)
    assert {g.state.player("Bob").life for g in games} == {20, 17}
    assert min(g.state.player("Alice").life for g in games) == 17


def test_tome_scour_mills_as_many_as_there_are():
    # 701.17b: two cards in the library: both are milled; no one loses for it.
    g = one(finals("Tome Scour", "u1", bob_library="[{card: Grizzly Bears, id: a}, {card: Memnite, id: b}]",
                   targets="Bob"))
    assert zone(g, "a") == "graveyard" and zone(g, "b") == "graveyard"
    assert g.state.player("Bob").zone("library") == ()


def test_milling_cards_nobody_knows_moves_them_to_the_graveyard():
    # 701.17a: Bob's three cards nobody knows (fewer than five: 701.17b) are milled, by the format's convention
    g = one(finals("Tome Scour", "u1", targets="Bob"))
    bob = g.state.player("Bob")
    assert bob.unknown_library == 0 and len(bob.zone("graveyard")) == 4


def test_what_a_milled_card_nobody_knows_is_stays_unknown():
    # Near miss of the above: in the graveyard its characteristics are not known, so whether it is a creature
    # card Disentomb may target matters, and the answer is unsupported (the Memnite beside it is known).
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Island, Swamp]
      hand: [{card: Tome Scour, id: scour}, {card: Disentomb, id: dis}]
      graveyard: [{card: Memnite, id: mem}]
      library: 3
actions:
  - {cast: scour, targets: [Alice]}
  - resolve: all
  - {cast: dis, targets: [mem]}
  - resolve: all
expect:
  - {object: mem, zone: hand}
""")
    assert not isinstance(q, Exception), q
    result = run_question(q)
    assert result.status == "unsupported" and "characteristics are not known" in (result.message or "")


def test_burglar_rat_enters_and_each_opponent_discards_a_card_of_their_choice():
    # 701.9b: Bob chooses: either of his two cards.
    games = finals("Burglar Rat", "b1, g1", bob_hand="[{card: Grizzly Bears, id: x}, {card: Memnite, id: y}]")
    assert sorted(hand(g, "Bob") for g in games) == [("x",), ("y",)]


def test_borderland_ranger_may_search_for_a_basic_land_into_hand():
    # "you may": not searching is a choice; searching may find nothing (701.23b) or a basic land card.
    games = finals("Borderland Ranger", "g1, g2, g3")
    assert sorted(len(hand(g)) for g in games) == [0, 1]


def test_wood_elves_finding_a_forest_card_that_may_be_nonbasic_is_unsupported():
    # A Forest card may be any land with the Forest subtype: what enters is not known.
    with pytest.raises(Unsupported):
        finals("Wood Elves", "g1, g2, g3")


def test_anticipate_takes_one_of_three_cards_nobody_knows():
    # Exactly one of the three goes to the hand; the other two go to the bottom: still cards nobody knows.
    g = one(finals("Anticipate", "u1, u2"))
    assert len(hand(g)) == 1 and g.state.player("Alice").unknown_library == 2


def test_adventurous_impulse_may_find_no_creature_or_land():
    # A stated quality may be left unfound ("you may reveal"): the hand gets one card or none.
    games = finals("Adventurous Impulse", "g1")
    assert sorted(len(hand(g)) for g in games) == [0, 1]
    assert sorted(g.state.player("Alice").unknown_library for g in games) == [2, 3]


def test_anticipate_on_a_named_library_is_unsupported():
    with pytest.raises(Unsupported):
        finals("Anticipate", "u1, u2", alice_library="[{card: Memnite, id: m}]")


@pytest.mark.parametrize("text", [
    # "them" with no look before it, and a look whose cards go somewhere the words don't read
    "Put one of them into your hand and the rest on the bottom of your library in any order.",
    "Look at the top three cards of your library. Put one of them into your hand and the rest into exile.",
    "Look at the top three cards of your library. Put the rest on the bottom of your library in any order.",
])
def test_what_is_done_with_looked_at_cards_is_read_only_after_the_look(text):
    words, _ = read_effect_words(sentences(text))
    assert not all(words)


def test_pyretic_ritual_leaves_three_red_mana_in_the_pool():
    # 106.4: the spell's mana goes to its controller's pool (paid with a Forest and a Mountain: nothing else is left).
    g = one(finals("Pyretic Ritual", "g1, r1"))
    assert [m.type for m in g.state.player("Alice").mana_pool] == ["R", "R", "R"]


def test_attune_with_aether_gets_two_energy_whatever_it_finds():
    # 701.23b: a basic land card or nothing (into the hand, known only as a basic land card); then 122.1: two
    # energy counters on Alice in every outcome.
    games = finals("Attune with Aether", "g1")
    assert sorted(len(hand(g)) for g in games) == [0, 1]
    assert all(g.state.player("Alice").counter("energy") == 2 for g in games)
    found = [o for g in games for o in g.state.in_zone("Alice", "hand")]
    assert [o.name for o in found] == ["a basic land card nobody knows"]


@pytest.mark.parametrize("sentence", [
    "Add {R}{R}{R}. If you control a Mountain, add {R} instead.",   # an "instead": not one fixed production
    "Add one mana of any color.",                                   # a choice of color: not read
    "You get {E}{E} and each opponent gets an {E}.",                # two subjects, and a stray article
])
def test_mana_and_energy_near_misses(sentence):
    assert library_word(sentence, ()) is None


def test_duress_discards_the_one_noncreature_nonland_card():
    # 701.9b: Alice chooses among the cards that fit: only Lightning Bolt (Grizzly Bears is a creature).
    g = one(finals("Duress", "b1", bob_hand="[{card: Grizzly Bears, id: x}, {card: Lightning Bolt, id: y}]",
                   targets="Bob"))
    assert zone(g, "y") == "graveyard" and zone(g, "x") == "hand"


def test_duress_with_no_card_that_fits_discards_nothing():
    g = one(finals("Duress", "b1", bob_hand="[{card: Grizzly Bears, id: x}, {card: Forest, id: f}]", targets="Bob"))
    assert hand(g, "Bob") == ("x", "f")


@pytest.mark.parametrize("text", [
    "You choose a nonland card from it. That player discards that card.",          # no hand revealed before
    "Target opponent reveals their hand. That player discards that card.",          # no card chosen
    "Target opponent reveals their hand. You choose a nonland card from it. Put that card on top of its owner's "
    "library.",
])
def test_a_card_chosen_from_a_revealed_hand_is_read_only_in_order(text):
    words, _ = read_effect_words(sentences(text))
    assert not all(words)


def test_griptide_puts_the_creature_on_top_of_its_owners_library():
    # The creature becomes the top card of Bob's library, above his three cards nobody knows (a new object, 400.7).
    g = one(finals("Griptide", "u1, u2, b1, b2", targets="bbear"))
    bob = g.state.player("Bob")
    assert bob.zone("library") == ("bbear",) and bob.unknown_library == 3 and zone(g, "bbear") == "library"


def test_putting_a_player_on_top_of_a_library_is_not_read():
    assert library_word("Put target player on top of its owner's library.", ("target player",)) is None


@pytest.mark.parametrize("sentence,kind,args", [
    ("Search your library for a card, then shuffle your library and put that card on top of it.", "search",
     {"n": 1, "up_to": False, "quality": "", "to": "top", "shuffle": True}),
    ("you may search your library for up to three cards named ~, reveal them, put them into your hand, then "
     "shuffle.", "search", {"n": 3, "up_to": True, "quality": "named ~", "to": "hand", "shuffle": True,
                            "may": True, "reveal": True}),
    ("Exile target card from a graveyard.", "exile_card", {"target": "card from a graveyard"}),
    ("Put target card from your graveyard on top of your library.", "put_on_library",
     {"target": "card from your graveyard"}),
])
def test_more_sentences_are_read(sentence, kind, args):
    from mtgjudge.model.oracle.targets import find_targets
    w = library_word(sentence, find_targets(sentence))
    assert w is not None and w.kind == kind and written_args(w) == args


def test_putting_a_card_of_an_opponents_graveyard_on_top_of_your_library_is_not_read():
    # "your library" is the card's owner's only if the card is in your graveyard.
    s = "Put target card from an opponent's graveyard on top of your library."
    assert library_word(s, ("target card from an opponent's graveyard",)) is None


def test_thorn_of_the_black_rose_makes_alice_the_monarch():
    g = one(finals("Thorn of the Black Rose", "b1, b2, g1, g2"))
    assert g.state.monarch == "Alice"


def test_the_monarchs_end_step_is_unsupported():
    # 725.2: the monarch draws at the beginning of their end step: not performed, so not answered.
    (q,) = load_text(BASE.format(card="Thorn of the Black Rose", paying="b1, b2, g1, g2", alice_library="3",
                                 bob_library="3", bob_hand="[]", hand="", targets="").replace(
        "  - resolve: all\n", "  - resolve: all\n  - advance: end\n"))
    with pytest.raises(Unsupported, match="monarch"):
        run(Game(q.state), q.actions)


def test_hideous_end_its_controller_is_the_destroyed_creatures():
    # 608.2h: the creature is in the graveyard when "its controller" is read: its controller as it last existed.
    g = one(finals("Hideous End", "b1, b2, g1", targets="bbear"))
    assert zone(g, "bbear") == "graveyard" and g.state.player("Bob").life == 18
    assert g.state.player("Alice").life == 20


def test_cremate_exiles_a_card_from_a_graveyard_then_draws():
    # 406.3, then 608.2c the next line: Alice draws a card nobody knows.
    g = one(finals("Cremate", "b1", targets="bgy"))
    assert zone(g, "bgy") == "exile" and len(hand(g)) == 1


def test_revealed_cards_of_a_quality_taken_and_the_rest_milled():
    # "Put all land cards revealed this way into your hand and the rest into your graveyard": any number of the
    # four cards nobody knows may be lands; those that are go to the hand, the others to the graveyard (by the
    # format's convention their own text does nothing as they move): one branch for each number of lands.
    from mtgjudge.model.words.library.perform import _take_looked

    from mtgjudge.model.vocab.parse import parse_effect
    (q,) = load_text(BASE.format(card="Opt", paying="u1", alice_library="4", bob_library="3", bob_hand="[]",
                                 hand="", targets=""))
    e = parse_effect({"take_looked": {"n": 4, "k": 4, "quality": "land", "rest": "graveyard"}})
    games = _take_looked(Game(q.state), e, Ctx("spell", "Alice", (), 0))
    sizes = sorted((len(hand(g)) - 1, len(g.state.player("Alice").zone("graveyard"))) for g in games)
    assert sizes == [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]
    assert all(g.state.player("Alice").unknown_library == 0 for g in games)


def test_goblin_ringleader_style_reveal_reads_all_of_a_quality():
    words, _ = read_effect_words(sentences("Reveal the top four cards of your library. Put all Goblin cards "
                                           "revealed this way into your hand and the rest on the bottom of your "
                                           "library in any order."))
    assert [w.kind for w in words] == ["look_at", "take_looked"] and words[1].arg("k") == 4


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
    w = looked_more_after(sentence, [_look(n)])
    assert w is not None and w.kind == "take_looked"
    assert {k: v for k, v in written_args(w).items() if v not in (False,)} == {k: v for k, v in args.items() if v is not False}


@pytest.mark.parametrize("sentence,n", [
    ("Put one of them into your hand and the other on the bottom of your library.", 3),   # "the other": 2 cards
    ("Put one of those cards into your hand, one on top of your library, and one on the bottom of your library.", 4),
    ("Put one of them into your hand and the other into your graveyard.", 2),     # cards nobody knows to a graveyard
    ("Put up to two creature cards from among them onto the battlefield.", 7),    # onto the battlefield: not read
    ("You may reveal up to six creature cards from among them and put the revealed cards into your hand.", 5),
])
def test_near_misses_after_a_look_stay_unread(sentence, n):
    assert looked_more_after(sentence, [_look(n)]) is None


def test_the_cards_looked_at_are_read_only_right_after_the_look():
    assert looked_more_after("Put one of them into your hand and the other on the bottom of your library.", []) is None
    draw = parse_effect({"player_acts": {"who": "you", "acts": (("draw", 1, False),)}})
    assert looked_more_after("Put one of them into your hand and the other on the bottom of your library.", [draw]) is None


@pytest.mark.parametrize("sentence,found,kind,args", [
    ("Search your library for a multicolored card, reveal it, and put it into your hand.", (), "search",
     {"n": 1, "quality": "multicolored", "to": "hand", "reveal": True}),
    ("Search your library for up to X cards and put those cards into your hand.", (), "search",
     {"n": "X", "up_to": True, "to": "hand"}),
    ("Search your library for up to three Aura cards with different names, reveal them, and put them into your "
     "hand.", (), "search", {"n": 3, "up_to": True, "quality": "Aura", "with": "with different names", "to": "hand",
                            "reveal": True}),
    ("Search your library for three cards, exile them, then shuffle your library.", (), "search_exile",
     {"n": 3, "shuffle": True}),
    ("Search target player's library for up to seven cards and exile them.", ("target player",), "search_exile",
     {"n": 7, "up_to": True, "target": "player"}),
])
def test_searches_are_read(sentence, found, kind, args):
    w = search_more_word(sentence, found)
    assert w is not None and w.kind == kind
    assert {k: v for k, v in written_args(w).items() if v not in (False, "")} == args


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
    assert search_more_word(sentence, found) is None


def test_that_player_shuffles_only_after_a_search_of_a_target_players_library():
    words, targets = read_effect_words(sentences("Search target player's library for a card and exile it. Then that "
                                                 "player shuffles their library."))
    assert [w.kind for w in words] == ["search_exile", "searched_library_shuffles"] and targets == ["target player"]
    mine = parse_effect({"search_exile": {"n": 1}})
    assert searched_more_after("Then that player shuffles their library.", [mine]) is None


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
    w = search_more_word(sentence, ())
    assert w is not None and w.kind == "search_named_zones" and dict(w.args) == args


@pytest.mark.parametrize("sentence", [
    "You may search your graveyard, hand, and/or library for an Aura card and put it onto the battlefield.",
    "Search your library and/or graveyard for a card named Jace, Ingenious Mind-Mage and put it onto the "
    "battlefield.",
    "Search your library and graveyard for a card named Forest, a card named Brambleweft Behemoth, and a card named "
    "Nissa, Genesis Mage.",
])
def test_a_search_for_a_card_with_a_name_near_misses(sentence):
    assert search_more_word(sentence, ()) is None


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
    assert looked_more_after("Put one of them into your hand and the other on the bottom of your library.", [x]) is None


def test_look_at_x_cards_of_a_target_players_library_stays_unread():
    assert search_more_word("Look at the top X cards of target player's library.", ("target player",)) is None


@pytest.mark.parametrize("sentence,quality", [
    ("You may search your library for a basic land card or Gate card, reveal it, put it into your hand, then shuffle "
     "your library.", "basic land or Gate"),
    ("Search your library for an instant card or a card with flash, reveal it, and put it into your hand.",
     "instant or with flash"),
])
def test_a_search_for_either_of_two_qualities_is_one_label(sentence, quality):
    w = search_more_word(sentence, ())
    assert w is not None and w.kind == "search" and w.arg("quality") == quality and w.arg("to") == "hand"


def test_several_cards_of_either_of_two_qualities_stay_unread():
    assert search_more_word("Search your library for up to two basic land cards or Gate cards, reveal them, and put "
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
    assert searched_more_after("You may have that player shuffle their library.", [mine]) is None


def test_natural_selection_on_a_named_library_is_unsupported_when_shuffled():
    # near miss: a shuffle of cards the question names makes their order unknown (not represented)
    with pytest.raises(Unsupported):
        finals("Natural Selection", "g1", targets="Bob",
               bob_library="[{card: Grizzly Bears, id: a}, {card: Memnite, id: b}]")


def test_look_then_put_is_two_instructions_and_put_back_is_one():
    from mtgjudge.model.words.library.read import split_then
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


def test_the_cards_a_search_or_a_choice_may_take_are_read_as_the_card_is_compiled_701_23a():
    """What a search (701.23a) or a choice from a hand may find is read once, as its word is compiled; a quality the
    target grammar does not read is kept unread, and performing the word is then unsupported, naming it."""
    from mtgjudge.model.errors import Unsupported
    from mtgjudge.model.vocab.parse import parse_effect
    from mtgjudge.model.words.players.record import CARDS, cards_of
    found = parse_effect({"search": {"n": 1, "quality": "basic land", "to": "hand"}})
    assert cards_of(found).objects[0].supertypes == ("Basic",) and cards_of(found).zone == "graveyard"
    for word in (parse_effect({"search": {"n": 1, "quality": "frobnicator", "to": "hand"}}),
                 parse_effect({"put_from_hand": {"quality": "frobnicator"}}),
                 parse_effect({"chosen_to": {"quality": "frobnicator", "to": "exile"}})):
        assert word.arg(CARDS) is None
        with pytest.raises(Unsupported, match="frobnicator card"):
            cards_of(word)
