"""603.3b: pending triggers of one controller, ability and subject whose resolution does not depend on which object
is their source (``triggers.interchangeable``: exalted, 702.83a) are ordered once among them while the stack
resolves whole; the reduced search reaches exactly the final states of the full one."""
from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_engine_triggers import _combat, board  # noqa: E402

from mtgjudge.model.engine import triggers  # noqa: E402
from mtgjudge.model.engine.game import full_search  # noqa: E402
from mtgjudge.model.engine.sba import power  # noqa: E402
from mtgjudge.model.errors import Unsupported  # noqa: E402


def _squires(n: int, extra: str = "") -> str:
    cards = [f"{{card: Akrasan Squire, id: s{i}}}" for i in range(n)]
    return "[{card: Grizzly Bears, id: bears}, " + ", ".join(cards) + (", " + extra if extra else "") + "]"


def _finals(alice: str, actions: str, full: bool) -> set:
    with full_search() if full else contextlib.nullcontext():
        return {g.key() for g in _combat(alice, "[]", actions, step="precombat-main")}


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("extra", ["", "{card: Rafiq of the Many, id: rafiq}"])
def test_reduced_orders_reach_the_full_search_states(n, extra):
    """Exhaustive on small boards: n exalted Squires, alone or with Rafiq (an exalted of another name, and a
    double strike trigger that is its own kind): the final states
    of ``attack`` then ``resolve: all`` are the same with and without the reduction."""
    alice = _squires(n, extra)
    actions = "[{attack: {bears: Bob}}, {resolve: all}]"
    assert _finals(alice, actions, False) == _finals(alice, actions, True)


def test_seven_exalted_is_one_order():
    """Seven Squires' exalted (7! = 5040 orders unreduced, past the bound) give the Bears +7/+7 in one state."""
    gs = _combat(_squires(7), "[]", "[{attack: {bears: Bob}}, {resolve: all}]", step="precombat-main")
    assert len(gs) == 1 and power(gs[0], "bears") == 9 and not gs[0].state.stack
    with full_search(), pytest.raises(Unsupported, match="search bound"):
        _combat(_squires(7), "[]", "[{attack: {bears: Bob}}, {resolve: all}]", step="precombat-main")


def test_orders_stay_distinct_where_an_action_can_see_the_stack():
    """Near miss: with no ``resolve: all`` right after the attack an action could respond between the
    resolutions, and the stack objects differ by source: every order is a branch, and seven are past the bound."""
    assert len(_combat(_squires(3), "[]", "[{attack: {bears: Bob}}]", step="precombat-main")) == 6
    with pytest.raises(Unsupported, match="search bound"):
        _combat(_squires(7), "[]", "[{attack: {bears: Bob}}, {advance: end-of-combat}]", step="precombat-main")


def test_what_is_not_interchangeable():
    """A keyword-granting trigger (Rafiq's double strike), a token's exalted and a trigger with no subject are
    their own kind; two Squires' exalted are one kind, Rafiq's exalted another (its name, which the effect
    records, differs)."""
    g, = board(_squires(2, "{card: Rafiq of the Many, id: rafiq}, {card: Akrasan Squire, id: tok, token: true}"))
    from mtgjudge.model.state import PendingTrigger
    def kind(source, index=1, subject="bears"):
        return triggers.interchangeable(g, PendingTrigger(source, index, "Alice", 0, subject=subject))
    assert kind("s0") == kind("s1") is not None
    assert kind("rafiq") is not None and kind("rafiq") != kind("s0")
    assert kind("rafiq", 2) is None and kind("tok") is None and kind("s0", subject=None) is None
