"""Provoke (702.39a; ``words.provoke``): its reading and what it says back, the requirement on blocks it leaves in
force (509.1c), and "target creature defending player controls" (508.5) decided against the attacking source."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Illegal, Unsupported
from mtgjudge.model.oracle.reading import ReadingTally
from mtgjudge.queries.format.files import load_text
from tests.card_helpers import card

REMINDER = "Provoke (Whenever this creature attacks, you may have target creature defending player controls untap and block it if able.)"


def test_provoke_reads_as_the_trigger_it_means_and_says_the_keyword():
    c = card("Frob Goat", "Creature — Goat", "{R}", REMINDER, "2/2")
    (a,) = c.faces[0].abilities
    assert a.kind == "triggered" and a.keyword == "Provoke" and a.targets == ("target creature defending player controls",)
    assert a.trigger_event is not None and [e.kind for e in a.effects] == ["provoke"]
    tally = ReadingTally()
    tally.add_card(c)
    assert (tally.lines, tally.modelled, tally.round_trip) == (1, 1, 1)


@pytest.mark.parametrize("line", ["Provoke 2", "Whenever ~ attacks, you may have target creature defending player controls "
                                               "untap and block it if able, then draw a card."])
def test_near_miss_other_lines_are_not_provoke(line):
    (a,) = card("Frob Goat", "Creature — Goat", "{R}", line, "2/2").faces[0].abilities
    assert a.kind == "unmodelled" or a.keyword != "Provoke", a


BOARD = """
id: t
ask: outcome
state:
  turn: {active: Alice, step: precombat-main}
  players:
    Alice:
      battlefield: [{card: Crested Craghorn, id: goat}, {card: Grizzly Bears, id: mine}]
      library: 3
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears, tapped: true}, {card: Grizzly Bears, id: b2}]
      library: 3
    Carol:
      battlefield: [{card: Grizzly Bears, id: c1}]
      library: 3
actions:
  - attack: {goat: Bob}
  - {resolve: all, targets: [TARGET]}
expect: [{stack_size: 0}]
"""


def _branches(target: str = "bears") -> list[Game]:
    (q,) = load_text(BOARD.replace("TARGET", target))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def _block(game: Game, blocks: dict) -> list[Game]:
    return run(game, [{"block": blocks}])


def test_the_provoked_creature_must_block_the_provoker_if_able_509_1c():
    branches = _branches()
    chosen = [g for g in branches if not g.state.obj("bears").tapped]
    declined = [g for g in branches if g.state.obj("bears").tapped]
    assert len(chosen) == 1 and len(declined) == 1
    with pytest.raises(Illegal):
        _block(chosen[0], {})
    with pytest.raises(Illegal):
        _block(chosen[0], {"b2": ["goat"]})
    assert _block(chosen[0], {"bears": ["goat"]}) and _block(chosen[0], {"bears": ["goat"], "b2": ["goat"]})
    assert _block(declined[0], {})      # declined: no requirement


def test_only_a_creature_of_the_player_it_attacks_is_a_target_508_5():
    # Alice's own creature and Carol's (Carol is not attacked) are not "creature defending player controls"
    from mtgjudge.model.rules.targets import is_legal_target, target_spec
    game = _branches()[0]
    spec = target_spec("target creature defending player controls")
    legal = {oid for oid in ("bears", "b2", "mine", "c1", "goat")
             if is_legal_target(game.state, spec, "Alice", "goat", oid)}
    assert legal == {"bears", "b2"}


def test_a_target_that_is_not_the_defending_players_makes_it_do_nothing_608_2b():
    (declined,) = _branches("c1")
    assert declined.state.obj("c1").tapped is False and declined.state.obj("bears").tapped


def test_defending_player_elsewhere_than_a_target_is_unsupported():
    from mtgjudge.model.rules.characteristics import matches, printed_characteristics
    from mtgjudge.model.vocab import phrases
    sel = phrases.parse_np("creature defending player controls")
    (q,) = load_text(BOARD.replace("TARGET", "bears"))
    o = q.state.obj("bears")
    with pytest.raises(Unsupported):
        matches(sel, printed_characteristics(o), o, "Alice", q.state.obj("goat"))
