"""Proliferate (701.34a): the concept ``words.proliferate`` (its record, its reader, its performer). Expected
answers derived by hand from 701.34a, 122.1f and 704.5c."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.queries.format.files import load_text

BOARD = """
id: t
ask: outcome
state:
  turn: {{active: Alice}}
  players:
    Alice:
      battlefield: [{battlefield}{lands}]
      hand: [{{card: {card}, id: s}}]
      library: 2
    Bob:
      poison: {poison}
      library: 2
actions:
  - cast: s
{targets}  - resolve: all
expect:
  - {{player: Alice, library_size: 1}}
"""


def finals(battlefield: str = "", poison: int = 0, card: str = "Steady Progress", targets: str = "",
           lands: str = "Island, Island, Island") -> list[Game]:
    (q,) = load_text(BOARD.format(battlefield=battlefield, poison=poison, card=card, targets=targets, lands=lands))
    return run(Game(q.state), q.actions)


def counters(g: Game, oid: str) -> dict[str, int]:
    return dict(g.state.obj(oid).counters)


def test_the_word_reads_and_says_itself():
    face = FaceRecord("Steady Progress", "{2}{U}", "Instant", "Proliferate. (You choose any number of permanents "
                      "and/or players with counters on them, then give each another counter of a kind already "
                      "there.)\nDraw a card.", None, None)
    abilities = compile_card(CardRecord("Steady Progress", "normal", (face,))).faces[0].abilities
    assert [e.kind for a in abilities for e in a.effects] == ["proliferate", "draw"]
    assert abilities[0].render() == "Proliferate."
    assert parse_effect({"proliferate": {}}).text() == "Proliferate"


def test_every_choice_is_a_branch_and_each_kind_gets_one_more():
    games = finals("{card: Grizzly Bears, id: bears, counters: {+1/+1: 2, charge: 1}}, "
                   "{card: Llanowar Elves, id: elves, counters: {+1/+1: 1}}, ", poison=3)
    # three candidates (bears, elves, Bob): 2^3 choices, each a different state
    seen = {(tuple(sorted(counters(g, "bears").items())), counters(g, "elves")["+1/+1"], g.state.player("Bob").poison)
            for g in games}
    assert len(seen) == 8
    assert ((("+1/+1", 3), ("charge", 2)), 2, 4) in seen          # all chosen: each kind one more
    assert ((("+1/+1", 2), ("charge", 1)), 1, 3) in seen          # none chosen


def test_a_permanent_or_player_without_counters_is_no_choice():
    games = finals("{card: Grizzly Bears, id: bears}, ")
    assert len(games) == 1 and counters(games[0], "bears") == {}


def test_the_tenth_poison_counter_loses_the_game():
    games = finals(poison=9)
    assert sorted(g.state.player("Bob").poison for g in games) == [9, 10]
    assert any("Bob" in g.left or g.over for g in games if g.state.player("Bob").poison == 10)


def test_near_miss_proliferate_inside_another_sentence_stays_unmodelled():
    with pytest.raises(Unsupported, match="then proliferate"):
        finals("{card: Grizzly Bears, id: bears}, ", card="Grim Affliction", targets="    targets: [bears]\n",
               lands="Swamp, Swamp, Swamp")
