"""A player's instructions: the grammar's section "players" read into acts
of ``player_acts`` (words.players.record) and performed by words.players.perform. Expected answers from the CR and the
Gatherer rulings cited, derived by hand."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import one, zone
from tests.test_engine_triggers import with_card


def _word(text):
    read = read_effect_words(sentences(text))
    if read is None:            # its targets can't be read: nothing of it is
        return None, None
    (w, *rest), targets = read
    assert not rest
    return w, targets


# ------------------------------------------------------------------ reading

@pytest.mark.parametrize("text,who,acts", [
    ("Each player sacrifices two creatures.", "each player", (("sacrifice", 1, ((2, "creatures"),)),)),
    ("Each opponent sacrifices an artifact creature and a nonartifact creature.", "each opponent",
     (("sacrifice", 1, ((1, "artifact creature"), (1, "nonartifact creature"))),)),
    ("Target player sacrifices a creature and loses 1 life.", "target player",
     (("sacrifice", 1, ((1, "creature"),)), ("lose_life", 1, False))),
    ("Each player loses 1 life, discards a card, sacrifices a creature, then sacrifices a land.", "each player",
     (("lose_life", 1, False), ("discard", 1, False), ("sacrifice", 1, ((1, "creature"),)),
      ("sacrifice", 1, ((1, "land"),)))),
    ("You lose half your life, rounded up.", "you", (("lose_half", 1, "up"),)),
    ("Each player loses 1 life for each creature they control.", "each player",
     (("lose_life", ("count", "creature they control", 1), False),)),
    ("You gain life equal to the number of creature cards in your graveyard.", "you",
     (("gain_life", ("count", "the number of creature cards in your graveyard", 1), False),)),
    ("Each player discards all the cards in their hand, then draws that many cards minus one.", "each player",
     (("discard_hand", 1, False), ("draw", ("that_many", 1), False))),
    ("Each player shuffles their hand and graveyard into their library, then draws seven cards.", "each player",
     (("shuffle_in", 1, ("hand", "graveyard")), ("draw", 7, False))),
    ("You draw two cards, then each other player draws a card.", "you",
     (("draw", 2, False), ("draw", 1, False, "each other player"))),
    ("Target player draws three cards, loses 3 life, and gets three poison counters.", "target player",
     (("draw", 3, False), ("lose_life", 3, False), ("poison", 3, False))),
    ("Each player chooses three permanents they control, then sacrifices the rest.", "each player",
     (("keep", 1, (((3, "permanents"),), "permanent")),)),
    ("Each player chooses an artifact, a creature, an enchantment, and a planeswalker from among the nonland "
     "permanents they control, then sacrifices the rest.", "each player",
     (("keep", 1, (((1, "artifact"), (1, "creature"), (1, "enchantment"), (1, "planeswalker")),
                   "nonland permanents")),)),
    ("Target player's life total becomes 20.", "target player", (("life_becomes", 20, False),)),
    ("Each player's life total becomes the number of creatures they control.", "each player",
     (("life_becomes", ("count", "creatures they control", 1), False),)),
    ("Each player returns all artifact cards from their graveyard to the battlefield.", "each player",
     (("return_all", 1, ("artifact", "battlefield")),)),
    ("Target opponent loses 3 life and puts a card from their hand on top of their library.", "target opponent",
     (("lose_life", 3, False), ("put_top", 1, False))),
    ("Draw cards equal to the number of cards in target opponent's hand.", "you",
     (("draw", ("count", "the number of cards in target opponent's hand", 1), False),)),
])
def test_player_sentences_are_read(text, who, acts):
    w, _ = _word(text)
    assert w is not None and w.kind == "player_acts"
    assert w.arg("who") == who and w.arg("acts") == acts


def test_a_target_player_as_a_later_subject():
    w, targets = _word("You draw two cards and target opponent discards two cards.")
    assert targets == ["target opponent"] and w.arg("target") == "opponent"
    assert w.arg("acts") == (("draw", 2, False), ("discard", 2, False, "target opponent"))


@pytest.mark.parametrize("text", [
    "You gain life equal to the highest converted mana cost among permanents in your graveyard.",   # no such count
    "You gain 3 life for each land card discarded this way.",      # "this way": words.references.perform' (608.2c)
    "Each player sacrifices all colored permanents they control.",  # "all ... they control": not read
    "Each player shuffles their hand into target player's library.",  # someone else's library
    "Target player draws that many cards.",                        # "that many" with nothing before
    "Each player loses 1 life for each creature attacking them.",   # combat: not a count the engine reads
    "Each player chooses a creature they control, then draws a card.",   # a choice is a sentence of its own
    "Draw three cards, then put a card from your hand on the bottom of your library.",   # under unknown cards
    "Target opponent puts a card from their hand on top of your library.",   # someone else's library
    "Each player's life total becomes the lowest life total among all players.",   # not a count read
    "Each player returns all creature cards from their graveyard to the battlefield tapped.",   # tapped: not read
    "Draw a card for each creature target player controls, then draw a card for each creature another target "
    "player controls.",                                              # two target players
    # "a creature or planeswalker" is not one kind of permanent (words.players.perform reads each item with
    # phrases.parse_np): Archon of Cruelty's line crashed its outcome question while it resolved
    "Target opponent sacrifices a creature or planeswalker, discards a card, and loses 3 life.",
    "Each player sacrifices a creature or planeswalker and loses 1 life.",
])
def test_near_misses_stay_unread(text):
    w, _ = _word(text)
    assert w is None


def test_one_permanent_of_one_kind_stays_perm_sentences():
    # "one rule in one place": a single sacrifice of one kind is perm_sentences' word (701.21a)
    assert _word("Each opponent sacrifices a creature.")[0].kind == "sacrifice_each"
    assert _word("Sacrifice a creature.")[0].kind == "sacrifice_own"


# ------------------------------------------------------------------ performing

def _run(text, monkeypatch=None, card=None):
    if card is not None:
        with_card(monkeypatch, *card)
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def _spell(name, text, cost_lands, hand_extra="", bob="", alice_more=""):
    return f"""
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{', '.join(['Swamp'] * cost_lands)}{alice_more}]
      hand: [{{card: {name}, id: sp}}{hand_extra}]
      library: 5
    Bob:
{bob}
actions:
  - cast: sp
  - resolve: all
expect: [{{stack_size: 0}}]
"""


def test_release_ruling_artifact_creature_is_the_artifact_701_21a(monkeypatch):
    # Release's ruling (2013-04-15): with an artifact creature, a nonartifact creature and nothing else of those
    # types, both are sacrificed: the artifact creature as the artifact, the other as the creature.
    bob = "      battlefield: [{card: Memnite, id: mem}, {card: Grizzly Bears, id: bear}]\n      library: 3"
    games = _run(_spell("Test Release", "", 1, bob=bob), monkeypatch,
                 ("Test Release", "Sorcery", "Each player sacrifices an artifact and a creature."))
    g = one(games)
    assert zone(g, "mem") == "graveyard" and zone(g, "bear") == "graveyard"


def test_two_creatures_of_three_every_pair_a_branch_701_21a(monkeypatch):
    bob = ("      battlefield: [{card: Grizzly Bears, id: b1}, {card: Grizzly Bears, id: b2}, "
           "{card: Grizzly Bears, id: b3}]\n      library: 3")
    games = _run(_spell("Test Barter", "", 1, bob=bob), monkeypatch,
                 ("Test Barter", "Sorcery", "Each opponent sacrifices two creatures."))
    kept = sorted(next(b for b in ("b1", "b2", "b3") if zone(g, b) == "battlefield") for g in games)
    assert kept == ["b1", "b2", "b3"]


def test_each_player_counts_their_own_608_2h(monkeypatch):
    bob = "      battlefield: [Grizzly Bears, Grizzly Bears, Memnite]\n      library: 3"
    g = one(_run(_spell("Test Discipline", "", 1, bob=bob, alice_more=", Grizzly Bears"), monkeypatch,
                 ("Test Discipline", "Sorcery", "Each player loses 2 life for each creature they control.")))
    assert g.state.player("Alice").life == 18 and g.state.player("Bob").life == 14


def test_target_player_count_of_your_permanents(monkeypatch):
    # "Target player discards a card for each Swamp you control": the controller's Swamps (Mind Sludge); Bob
    # has three cards: every pair of them a branch
    bob = ("      hand: [{card: Grizzly Bears, id: h1}, {card: Forest, id: h2}, {card: Lightning Bolt, id: h3}]\n"
           "      library: 3")
    text = _spell("Test Sludge", "", 2, bob=bob).replace("  - cast: sp", "  - {cast: sp, targets: [Bob]}")
    games = _run(text, monkeypatch, ("Test Sludge", "Sorcery", "Target player discards a card for each Swamp you control."))
    assert len(games) == 3
    assert all(g.state.player("Bob").zone("hand").__len__() == 1 for g in games)


def test_half_life_rounded_down_and_never_negative_107_1(monkeypatch):
    g = one(_run(_spell("Test Half", "", 1), monkeypatch,
                 ("Test Half", "Sorcery", "Each player loses half their life, rounded down.")))
    assert g.state.player("Alice").life == 10 and g.state.player("Bob").life == 10


def test_shuffle_in_with_named_library_is_unsupported(monkeypatch):
    text = _spell("Test Twister", "", 1, bob="      graveyard: [Forest]\n      library: [Island]")
    with pytest.raises(Unsupported, match="library with cards the question names"):
        _run(text, monkeypatch, ("Test Twister", "Sorcery", "Each player shuffles their graveyard into their library."))


def test_that_many_after_discarding_two_of_one(monkeypatch):
    # Forget: "discards two cards, then draws as many cards as they discarded this way": one card in hand, one
    # discarded, one drawn
    bob = "      hand: [{card: Forest, id: h1}]\n      library: 3"
    text = _spell("Test Forget", "", 1, bob=bob).replace("  - cast: sp", "  - {cast: sp, targets: [Bob]}")
    g = one(_run(text, monkeypatch, ("Test Forget", "Sorcery", "Target player discards two cards, then draws as "
                                     "many cards as they discarded this way.")))
    assert zone(g, "h1") == "graveyard"
    assert len(g.state.player("Bob").zone("hand")) == 1 and g.state.player("Bob").unknown_library == 2


def test_poison_to_ten_loses_704_5c(monkeypatch):
    # 122.1f poison counters (the player's ``poison``); ten or more lose the game (704.5c): in a two-player game
    # it ends there (104.2a)
    from dataclasses import replace
    with_card(monkeypatch, "Test Caress", "Sorcery", "Target player gets three poison counters.")
    text = _spell("Test Caress", "", 1).replace("  - cast: sp", "  - {cast: sp, targets: [Bob]}")
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    bob = q.state.player("Bob")
    few = q.state.with_player(replace(bob, poison=6))
    g = one(run(Game(few), q.actions))
    assert g.state.player("Bob").poison == 9 and "Bob" not in g.left
    many = q.state.with_player(replace(bob, poison=8))
    g = one(run(Game(many), q.actions))
    assert g.state.player("Bob").poison == 11 and g.left == ("Bob",)
    assert any("704.5c" in s.rules for s in g.steps)


def test_razia_fewer_than_three_keeps_all(monkeypatch):
    # Razia's Purification ruling (2005-10-01): "If a player doesn't control three permanents, that player
    # chooses all the permanents they do control and doesn't sacrifice anything."
    bob = "      battlefield: [{card: Grizzly Bears, id: b1}, {card: Island, id: b2}]\n      library: 3"
    games = _run(_spell("Test Razia", "", 1, bob=bob, alice_more=", {card: Grizzly Bears, id: a1}, "
                        "{card: Memnite, id: a2}, {card: Grizzly Bears, id: a3}"), monkeypatch,
                 ("Test Razia", "Sorcery", "Each player chooses three permanents they control, then sacrifices the rest."))
    # Alice controls four permanents (the Swamp she tapped too): she keeps three of them, each set a branch
    assert len(games) == 4
    assert all(zone(g, "b1") == "battlefield" and zone(g, "b2") == "battlefield" for g in games)
    assert all(sum(zone(g, a) == "graveyard" for a in ("a1", "a2", "a3")) <= 1 for g in games)


def test_life_total_set_119_5(monkeypatch):
    text = _spell("Test Wind", "", 1).replace("  - cast: sp", "  - {cast: sp, targets: [Bob]}")
    g = one(_run(text, monkeypatch, ("Test Wind", "Sorcery", "Target player's life total becomes 3.")))
    assert g.state.player("Bob").life == 3 and g.state.player("Alice").life == 20


def test_life_total_becomes_zero_loses_704_5a(monkeypatch):
    # 704.5a: a player with 0 life loses; in a two-player game the game ends (104.2a)
    text = _spell("Test Void", "", 1).replace("  - cast: sp", "  - {cast: sp, targets: [Bob]}")
    g = one(_run(text, monkeypatch, ("Test Void", "Sorcery", "Target player's life total becomes 0.")))
    assert g.state.player("Bob").life == 0 and g.left == ("Bob",)
    assert any("704.5a" in s.rules for s in g.steps)


def test_put_top_every_order_401_4(monkeypatch):
    # two named cards in hand, both put back: two orders, each a branch; the library's top is the first named
    text = _spell("Test Storm", "", 1, hand_extra=", {card: Forest, id: f1}, {card: Island, id: i1}",
                  bob="      library: 3").replace("library: 5", "library: []")
    games = _run(text, monkeypatch, ("Test Storm", "Instant", "Put two cards from your hand on top of your library "
                                     "in any order."))
    tops = sorted(g.state.player("Alice").zone("library") for g in games)
    assert tops == [("f1", "i1"), ("i1", "f1")]


@pytest.mark.parametrize("text,second", [
    ("Target opponent chooses a creature they control. Destroy that creature.",
     ("that player", (("chosen", 1, (((1, "creature"),), "destroy")),))),
    ("Each player chooses a creature they control. Destroy the rest.",
     ("each player", (("keep", 1, (((1, "creature"),), "creature", "destroy")),))),
])
def test_a_choice_then_what_is_done_with_it_608_2c(text, second):
    (first, then), targets = read_effect_words(sentences(text))
    assert first.kind == "player_acts" and first.arg("acts")[0][0] == "choose"
    assert then.kind == "player_acts" and (then.arg("who"), then.arg("acts")) == second
    assert then.arg("target") is None           # no target of its own: the one target is the choice's (601.2c)


@pytest.mark.parametrize("text", [
    "Target opponent chooses a creature they control. Exile that creature.",      # not read after a choice
    "Target opponent chooses a creature they control. Other creatures they control can't block this turn.",
    "Target opponent chooses an artifact they control. Destroy that creature.",    # "that creature": not an artifact
])
def test_a_choice_then_near_misses(text):
    read = read_effect_words(sentences(text))
    assert read is None or read[0][1] is None or read[0][1].kind != "player_acts"


def test_divine_reckoning_ruling_each_keeps_one(monkeypatch):
    # Divine Reckoning ruling (2011-09-22): each player, in turn order, chooses; every other creature is destroyed
    bob = "      battlefield: [{card: Grizzly Bears, id: b1}, {card: Memnite, id: b2}]\n      library: 3"
    games = _run(_spell("Test Reckoning", "", 1, bob=bob, alice_more=", {card: Grizzly Bears, id: a1}"), monkeypatch,
                 ("Test Reckoning", "Sorcery", "Each player chooses a creature they control. Destroy the rest."))
    assert len(games) == 2
    assert all(zone(g, "a1") == "battlefield" for g in games)
    assert sorted(tuple(zone(g, b) for b in ("b1", "b2")) for g in games) == [("battlefield", "graveyard"),
                                                                                ("graveyard", "battlefield")]


def test_where_x_is_counted_once_107_3e(monkeypatch):
    # "You draw X cards and you lose X life, where X is the number of cards in your hand.": X is counted once as
    # the instruction begins (2 cards besides the spell), not again after the draw (608.2h)
    text = _spell("Test Count", "", 1, hand_extra=", Forest, Forest", bob="      library: 3")
    g = one(_run(text, monkeypatch, ("Test Count", "Sorcery", "You draw X cards and you lose X life, where X is the "
                                     "number of cards in your hand.")))
    assert g.state.player("Alice").life == 18 and len(g.state.player("Alice").zone("hand")) == 4


def test_greatest_power_is_read_but_counted_only_with_the_engines_guards():
    # "the greatest power among ..." is rules.counts'; power is counted only where the engine has
    # guarded unmodelled text that may change it (``pt_guarded``), else unsupported
    w, _ = _word("Target player loses X life and you gain X life, where X is the greatest power among creatures "
                 "you control.")
    assert w is not None and w.kind == "player_acts"
    from mtgjudge.model.errors import Unsupported
    from mtgjudge.model.rules import counts
    from mtgjudge.model.state import GameState, Player, Turn
    st = GameState((Player("Alice"),), (), Turn("Alice", 1))
    with pytest.raises(Unsupported):
        counts.value(st, "Alice", counts.parse("the greatest power among creatures you control"))
    assert counts.value(st, "Alice", counts.parse("the greatest power among creatures you control"),
                        pt_guarded=True) == 0


def test_highest_mana_value_among_permanents(monkeypatch):
    # Grizzly Bears (2) and Memnite (0) and the Swamp (0): two cards drawn
    g = one(_run(_spell("Test Rush", "", 1, bob="      library: 3", alice_more=", Grizzly Bears, Memnite"),
                 monkeypatch, ("Test Rush", "Sorcery", "Draw cards equal to the highest converted mana cost among "
                               "permanents you control.")))
    assert len(g.state.player("Alice").zone("hand")) == 2


def test_highest_mana_value_of_none_is_zero(monkeypatch):
    g = one(_run(_spell("Test Machine", "", 1, bob="      library: 3"), monkeypatch,
                 ("Test Machine", "Sorcery", "Draw cards equal to the highest converted mana cost among artifacts you "
                  "control.")))
    assert len(g.state.player("Alice").zone("hand")) == 0         # no artifact: 0 cards drawn


def test_where_x_target_player_discards(monkeypatch):
    # "Target player discards X cards, where X is the number of cards in your hand.": the controller's hand, as
    # the instruction begins (107.3e): one other card in Alice's hand, so Bob discards one of his two
    bob = "      hand: [{card: Forest, id: h1}, {card: Island, id: h2}]\n      library: 3"
    text = _spell("Test Mind", "", 1, hand_extra=", Forest", bob=bob).replace("  - cast: sp",
                                                                              "  - {cast: sp, targets: [Bob]}")
    games = _run(text, monkeypatch, ("Test Mind", "Sorcery", "Target player discards X cards, where X is the number "
                                     "of cards in your hand."))
    assert len(games) == 2 and all(len(g.state.player("Bob").zone("hand")) == 1 for g in games)


def test_for_each_does_not_take_the_for_of_forest():
    # "for" as a whole word (the grammar's _FOR): a search for "a basic Forest or Plains card" stays read
    from mtgjudge.model.vocab import phrases
    r = phrases.parse("Search your library for a basic Forest or Plains card, reveal it, put it into your hand, then "
                      "shuffle your library.", "library_effect")
    assert r["quality"] == "basic Forest or Plains"


def test_a_kind_the_grammar_refuses_leaves_the_line_unmodelled(monkeypatch):
    """The kinds a player's acts name are read as the card is compiled (``words.players.record.KINDS``): one the
    grammar refuses leaves the line unmodelled, so the answer is unsupported naming the line, never an internal
    error as it resolves; and the engine reads no phrase as it resolves."""
    from mtgjudge.model.errors import DefinitionError
    from mtgjudge.model.vocab import phrases
    from mtgjudge.queries.runner import run_question

    def refused(phrase):
        raise DefinitionError(f"{phrase!r}: expected one kind of permanent")
    monkeypatch.setattr(phrases, "parse_np", refused)
    with_card(monkeypatch, "Edict Test", "Sorcery", "Each player sacrifices two creatures.")
    (q,) = load_text(_spell("Edict Test", "", 1))
    r = run_question(q)
    assert r.status == "unsupported" and "ach player sacrifices two creatures" in r.message, r.message
    monkeypatch.undo()
    with_card(monkeypatch, "Edict Test", "Sorcery", "Each player sacrifices two creatures.")
    (q,) = load_text(_spell("Edict Test", "", 1))
    monkeypatch.setattr(phrases, "parse_np", refused)
    assert run_question(q).status == "pass"
