"""Extra turns (500.7): whose turn comes next (``rules.turns``) and the word ``extra_turn``. Expected answers
derived by hand from 500.1, 500.7 and 800.4a."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.model.rules.turns import following_turn, next_turn_of, turn_owner
from mtgjudge.model.state import GameState, Player, Turn


def state(active: str = "A", extra: tuple[str, ...] = (), resume: str = "", left: tuple[str, ...] = ()) -> GameState:
    return GameState(tuple(Player(n) for n in ("A", "B", "C")), (), Turn(active, 5, extra=extra, resume=resume),
                     left=left)


def test_without_extra_turns_the_seats_go_round():
    assert following_turn(state()).active == "B"
    assert [turn_owner(state(), n) for n in (6, 7, 8)] == ["B", "C", "A"]


def test_extra_turns_come_first_then_the_order_goes_on_from_the_regular_turn():
    # during A's turn: B was given an extra turn, then A (the last created is taken first)
    st = state(extra=("A", "B"))
    assert [turn_owner(st, n) for n in (6, 7, 8, 9)] == ["A", "B", "B", "C"]
    nxt = following_turn(st)
    assert (nxt.active, nxt.extra, nxt.resume) == ("A", ("B",), "A")
    after = following_turn(replace(st, turn=nxt))
    assert (after.active, after.extra, after.resume) == ("B", (), "A")
    assert following_turn(replace(st, turn=after)).active == "B"        # B's regular turn after A's seat


def test_a_player_who_left_takes_no_extra_turn():
    st = state(extra=("C",), left=("C",))
    assert following_turn(st).active == "B"


def test_your_next_turn_counts_extra_turns():
    # "until your next turn" (611.2a) for B during A's turn, with an extra turn for B added
    assert next_turn_of(state(extra=("B",)), "B", 5) == 6
    assert next_turn_of(state(extra=("A",)), "B", 5) == 7


def test_reading_extra_turn_sentences():
    words, targets = read_effect_words(sentences("Take an extra turn after this one."))
    assert [(w.kind, w.arg("n"), w.arg("target")) for w in words] == [("extra_turn", 1, None)]
    words, targets = read_effect_words(sentences("Target player takes two extra turns after this one."))
    assert [(w.kind, w.arg("n"), w.arg("target")) for w in words] == [("extra_turn", 2, "player")]
    assert targets == ["target player"]
    # near miss: a delayed turn ("at the beginning of that turn's end step") is not read by this word
    words, _ = read_effect_words(sentences("Take an extra turn after this one. At the beginning of that turn's end "
                                           "step, you lose the game."))
    assert words[1] is None
