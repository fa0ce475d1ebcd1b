"""Targets (CR 601.2c, 115.1, 702.11b, 702.18a) and permissions to play from other zones (601.3, 611.2a)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.permissions import controllers_next_turn, play_permissions
from mtgjudge.model.state import EffectInForce, Turn
from mtgjudge.model.rules.targets import legal_targets, target_requirements
from tests.conftest import obj, state_of


def test_hexproof_stops_only_opponents():
    s = state_of(obj("scout", "Gladecover Scout", controller="Bob"))
    assert legal_targets(s, "creature", "Alice", None) == ([], False)
    assert legal_targets(s, "creature", "Bob", None) == (["scout"], False)


def test_any_target_includes_players():
    found, _ = legal_targets(state_of(), "any target", "Alice", None)
    assert set(found) == {"Alice", "Bob"}


def test_optional_targets_need_none():
    (_, ok), = target_requirements(state_of(), ("any number of targets",), "Alice", None)
    assert ok


def test_unknown_phrase_and_several_targets_are_unsupported():
    with pytest.raises(Unsupported):
        legal_targets(state_of(), "creature with the most counters among them", "Alice", None)
    with pytest.raises(Unsupported):
        target_requirements(state_of(), ("creature", "creature"), "Alice", None)


def test_next_turn_counts_round_the_table():
    s = state_of(players=("Alice", "Bob", "Carol"))
    assert controllers_next_turn(s, "Alice", 1) == 4   # began on her own turn: her next is 3 turns later
    assert controllers_next_turn(s, "Alice", 2) == 4   # began on Bob's turn
    assert controllers_next_turn(s, "Carol", 1) == 3


@pytest.mark.parametrize("now,in_force", [(3, True), (4, True), (5, True), (6, False)])
def test_until_end_of_your_next_turn(now, in_force):
    s = state_of(obj("top1", "Llanowar Elves", zone="exile"))
    s = replace(s, turn=Turn("Alice" if now % 2 else "Bob", now),
                effects=(EffectInForce("Compleated Conjurer", "Alice", began_turn=3, objects=("top1",)),),
                _index={}, _cache={})
    (perm,) = play_permissions(s, "top1")
    assert perm.in_force is in_force and perm.player == "Alice"
