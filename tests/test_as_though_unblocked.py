""""You may have ~ assign its combat damage as though it weren't blocked." (Thorn Elemental): its controller's
choice as combat damage is assigned (510.1b-c), all of it to the blockers or all of it to what the creature
attacks, never split (Thorn Elemental ruling 2018-04-27); the near misses (a choice made as an ability resolves, one
granted to other creatures, a line that is not the choice) stay unmodelled, so combat damage is unsupported."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.reading import render_line
from mtgjudge.model.rules.combat.damage import Assigner, Recipient, divisions, illegal_division
from mtgjudge.model.rules.combat.record import AS_THOUGH_UNBLOCKED
from mtgjudge.queries.format.files import load_text

_LINE = "You may have ~ assign its combat damage as though it weren't blocked."


def test_the_line_is_read_whole() -> None:
    (a,) = compile_line(_LINE, _LINE, LineContext(spell=False))
    assert a.kind == "static" and a.static.kind == AS_THOUGH_UNBLOCKED
    assert render_line((a,)) == _LINE


@pytest.mark.parametrize("line", [
    # a choice made as an ability resolves, for this turn (Gurzigost ruling 2008-04-01)
    "You may have ~ assign its combat damage this turn as though it weren't blocked.",
    # granted to other creatures, each its own choice (Siege Behemoth ruling 2014-11-07)
    "As long as ~ is attacking, for each creature you control, you may have that creature assign its combat damage "
    "as though it weren't blocked.",
    "~ assigns its combat damage as though it weren't blocked.",       # no choice
])
def test_near_misses_stay_unmodelled(line: str) -> None:
    (a,) = compile_line(line, line, LineContext(spell=False))
    assert a.kind == "unmodelled"


def _thorn(blocked: bool = True, power: int = 7, trample: bool = False) -> Assigner:
    return Assigner("thorn", power, (Recipient("bears", 2, True),) if blocked else (), "Bob", trample, blocked,
                    as_though_unblocked=True)


def test_divisions_all_to_blockers_or_all_to_the_player_510_1c() -> None:
    assert sorted(divisions(_thorn())) == sorted([(("bears", 7),), (("Bob", 7),)])


def test_unblocked_it_assigns_as_any_unblocked_creature_510_1b() -> None:
    assert divisions(_thorn(blocked=False)) == [(("Bob", 7),)]


def test_blocked_with_no_blocker_left_it_may_still_assign_to_the_player() -> None:
    """510.1c: a blocked creature with no blocker left assigns no damage, unless it assigns as though unblocked."""
    a = Assigner("thorn", 7, (), "Bob", False, True, as_though_unblocked=True)
    assert sorted(divisions(a)) == sorted([(), (("Bob", 7),)])


def test_it_cant_split_its_damage_ruling_2018_04_27() -> None:
    assert illegal_division(_thorn(), {"bears": 2, "Bob": 5}) is not None
    assert illegal_division(_thorn(), {"Bob": 7}) is None
    assert illegal_division(_thorn(), {"bears": 7}) is None


_BLOCK = """
id: t
ask: outcome
state:
  turn: {active: Alice, step: declare-blockers}
  players:
    Alice:
      battlefield: [{card: Wanderer, id: a, attacking: Bob, blocked: true}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: b, blocking: [a]}]
actions: [{advance: end-of-combat}]
expect: [{stack_size: 0}]
"""


def test_a_choice_made_as_it_resolves_is_unsupported_in_combat(monkeypatch) -> None:
    """Near miss: "this turn" is an effect of a resolving ability, not this static: combat damage is unsupported
    rather than assigned only to the blocker."""
    name, text = "Wanderer", "You may have Wanderer assign its combat damage this turn as though it weren't blocked."
    record = CardRecord(name, "normal", (FaceRecord(name, "{1}", "Creature — Elemental", text, "7", "7"),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)
    (question,) = load_text(_BLOCK)
    assert not isinstance(question, Exception), question
    with pytest.raises(Unsupported):
        run(Game(question.state), question.actions)
