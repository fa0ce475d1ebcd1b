"""Targets (CR 601.2c, 115.1, 702.11b, 702.18a) and permissions to play from other zones (601.3, 611.2a)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.rules.permissions import play_permissions
from mtgjudge.model.rules.turns import next_turn_of, turn_owner
from mtgjudge.model.state import EffectInForce, Turn
from mtgjudge.model.rules.targets import legal_targets, target_requirements
from mtgjudge.model.build import obj, state_of


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


def test_unknown_phrase_is_unsupported():
    with pytest.raises(Unsupported):
        legal_targets(state_of(), "creature with the most counters among them", "Alice", None)


def test_one_object_may_be_chosen_for_two_uses_of_target():
    # 601.2c: "if the spell uses the word 'target' in multiple places, the same object ... can be chosen once
    # for each instance of the word 'target'".
    s = state_of(obj("bear", "Grizzly Bears", controller="Bob"))
    assert [ok for _, ok in target_requirements(s, ("creature", "creature"), "Alice", None)] == [True, True]
    # But not twice for one instance: two target creatures need two creatures.
    (_, ok), = target_requirements(s, ("two target creatures",), "Alice", None)
    assert not ok


def test_another_target_with_one_candidate_is_not_decided():
    s = state_of(obj("bear", "Grizzly Bears", controller="Bob"))
    with pytest.raises(Unsupported):
        target_requirements(s, ("creature", "another target creature"), "Alice", None)


def test_graveyard_and_spell_targets():
    s = state_of(obj("bear", "Grizzly Bears", controller="Bob", zone="graveyard"))
    assert legal_targets(s, "creature card from a graveyard", "Alice", None) == (["bear"], False)
    assert legal_targets(s, "creature card from your graveyard", "Alice", None) == ([], False)
    assert legal_targets(s, "creature card from your graveyard", "Bob", None) == (["bear"], False)
    assert legal_targets(s, "creature", "Alice", None) == ([], False)
    assert legal_targets(s, "spell", "Alice", None) == ([], False)


def test_next_turn_counts_round_the_table():
    s = state_of(players=("Alice", "Bob", "Carol"))
    assert next_turn_of(s, "Alice", 1) == 4   # began on her own turn: her next is 3 turns later
    assert next_turn_of(s, "Alice", 2) == 4   # began on Bob's turn
    assert next_turn_of(s, "Carol", 1) == 3


def test_turns_are_counted_from_the_active_player_not_from_turn_one():
    # Bob is active on turn 5 of a two-player game: turns 3 and 7 are his too (the question format).
    s = replace(state_of(players=("Alice", "Bob")), turn=Turn("Bob", 5))
    assert [turn_owner(s, n) for n in (3, 4, 5, 6, 7)] == ["Bob", "Alice", "Bob", "Alice", "Bob"]
    assert next_turn_of(s, "Bob", 5) == 7


def test_a_player_who_left_takes_no_more_turns():
    s = replace(state_of(players=("Alice", "Bob", "Carol")), turn=Turn("Alice", 4), left=("Bob",),
                turns_played=((4, "Alice"),))
    assert [turn_owner(s, n) for n in (2, 3, 5, 6)] == ["Bob", "Carol", "Carol", "Alice"]
    assert next_turn_of(s, "Alice", 4) == 6 and next_turn_of(s, "Bob", 4) is None


@pytest.mark.parametrize("now,in_force", [(3, True), (4, True), (5, True), (6, False)])
def test_until_end_of_your_next_turn(now, in_force):
    s = state_of(obj("top1", "Llanowar Elves", zone="exile"))
    s = replace(s, turn=Turn("Alice" if now % 2 else "Bob", now),
                effects=(EffectInForce(card_db().find("Compleated Conjurer")[0], "Alice", face=1, began_turn=3,
                                       objects=("top1",)),))
    (perm,) = play_permissions(s, "top1")
    assert perm.in_force is in_force and perm.player == "Alice"
