"""Targets (CR 601.2c, 115.1, 702.11b, 702.18a) and permissions to play from other zones (601.3, 611.2a)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.rules.permissions import play_permissions
from mtgjudge.model.rules.turns import next_turn_of, turn_owner
from mtgjudge.model.engine.turn import end_lasting
from mtgjudge.model.rules.durations import in_force
from mtgjudge.model.rules.in_force import stated_duration
from mtgjudge.model.state import UNKNOWN, Duration, EffectInForce, Lasting, PTChange, Turn, UntapSkip
from mtgjudge.model.rules.targets import legal_targets, target_requirements, target_spec
from mtgjudge.model.build import obj, state_of
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.queries.format.files import load_text


def test_hexproof_stops_only_opponents():
    s = state_of(obj("scout", "Gladecover Scout", controller="Bob"))
    assert legal_targets(s, target_spec("creature"), "Alice", None) == ([], False)
    assert legal_targets(s, target_spec("creature"), "Bob", None) == (["scout"], False)


def test_any_target_includes_players():
    found, _ = legal_targets(state_of(), target_spec("any target"), "Alice", None)
    assert set(found) == {"Alice", "Bob"}


def test_optional_targets_need_none():
    (_, ok), = target_requirements(state_of(), [target_spec("any number of targets")], "Alice", None)
    assert ok


def test_unknown_phrase_is_unsupported():
    with pytest.raises(Unsupported):
        legal_targets(state_of(), target_spec("creature with the most counters among them"), "Alice", None)


def test_one_object_may_be_chosen_for_two_uses_of_target():
    # 601.2c: "if the spell uses the word 'target' in multiple places, the same object ... can be chosen once
    # for each instance of the word 'target'".
    s = state_of(obj("bear", "Grizzly Bears", controller="Bob"))
    assert [ok for _, ok in target_requirements(s, [target_spec("creature"), target_spec("creature")], "Alice", None)] == [True, True]
    # But not twice for one instance: two target creatures need two creatures.
    (_, ok), = target_requirements(s, [target_spec("two target creatures")], "Alice", None)
    assert not ok


def test_another_target_with_one_candidate_is_not_decided():
    s = state_of(obj("bear", "Grizzly Bears", controller="Bob"))
    with pytest.raises(Unsupported):
        target_requirements(s, [target_spec("creature"), target_spec("another target creature")], "Alice", None)


def test_graveyard_and_spell_targets():
    s = state_of(obj("bear", "Grizzly Bears", controller="Bob", zone="graveyard"))
    assert legal_targets(s, target_spec("creature card from a graveyard"), "Alice", None) == (["bear"], False)
    assert legal_targets(s, target_spec("creature card from your graveyard"), "Alice", None) == ([], False)
    assert legal_targets(s, target_spec("creature card from your graveyard"), "Bob", None) == (["bear"], False)
    assert legal_targets(s, target_spec("creature"), "Alice", None) == ([], False)
    assert legal_targets(s, target_spec("spell"), "Alice", None) == ([], False)


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
    conjurer = card_db().find("Compleated Conjurer")[0]
    s = replace(s, turn=Turn("Alice" if now % 2 else "Bob", now),
                lasting=(Lasting(EffectInForce(conjurer, "Alice", face=1, objects=("top1",)),
                                 stated_duration(conjurer, 1, None, "Alice", 3)),))
    (perm,) = play_permissions(s, "top1")
    assert perm.in_force is in_force and perm.player == "Alice"


def test_the_duration_is_stated_once_as_the_effect_is_made():
    # 611.2a: "until the end of your next turn" is read from the card's words as the effect is made, with whose
    # turn it speaks of; a card whose words state no duration the engine reads keeps why, for whoever needs its end
    conjurer = card_db().find("Compleated Conjurer")[0]
    assert stated_duration(conjurer, 1, None, "Alice", 3) == Duration("end_of_your_next_turn", 3, "Alice")
    elves = card_db().find("Llanowar Elves")[0]
    unknown = stated_duration(elves, 0, None, "Alice", 3)
    assert unknown.until == UNKNOWN and "Llanowar Elves" in unknown.why
    with pytest.raises(Unsupported, match="Llanowar Elves"):
        in_force(state_of(), unknown, "exile")


def _cleanup_of(s, until: str, began: int, controller: str = "Alice") -> bool:
    """Does the one end of durations end an effect of this duration in the cleanup step of ``s``'s turn?"""
    made = Lasting(PTChange("bears", 1, 1, "Test"), Duration(until, began, controller))
    return not end_lasting(Game(s.adding(made)), "cleanup").state.lasting


@pytest.mark.parametrize("now,ends", [(3, False), (4, False), (5, True)])
def test_one_end_of_durations_ends_each_in_its_cleanup_step(now, ends):
    # 514.2: "until end of turn" in the cleanup step of the turn it began; "until the end of your next turn" in
    # the cleanup step of Alice's next turn (5, turn 4 being Bob's); no duration stated (611.2a): never
    s = replace(state_of(obj("bears", "Grizzly Bears")), turn=Turn("Alice" if now % 2 else "Bob", now))
    assert _cleanup_of(s, "end_of_turn", now) is True
    assert _cleanup_of(s, "end_of_your_next_turn", 3) is ends
    assert _cleanup_of(s, "", 3) is False and _cleanup_of(s, "source_leaves", 3) is False


def test_one_end_of_durations_ends_until_end_of_combat_as_combat_ends():
    # 511.2: "until end of combat" ends as the combat phase does; "until end of turn" stays until the cleanup step
    s = state_of(obj("bears", "Grizzly Bears"))
    combat = Lasting(PTChange("bears", 1, 1, "Combat"), Duration("end_of_combat", 1))
    turn = Lasting(PTChange("bears", 2, 2, "Turn"), Duration("end_of_turn", 1))
    g = end_lasting(Game(s.adding(combat, turn)), "end_of_combat")
    assert g.state.lasting == (turn,) and "511.2" in g.steps[-1].rules


def test_an_effect_whose_end_is_not_known_makes_the_cleanup_step_unsupported():
    s = state_of(obj("bears", "Grizzly Bears"))
    made = Lasting(PTChange("bears", 1, 1, "Test"), Duration(UNKNOWN, 1, "Alice", "when Test ends is not known"))
    with pytest.raises(Unsupported, match="when Test ends is not known"):
        end_lasting(Game(s.adding(made)), "cleanup")


def test_what_is_in_force_is_kept_in_one_order_whatever_order_it_began_in():
    s = state_of(obj("bears", "Grizzly Bears"))
    pump = Lasting(PTChange("bears", 1, 1, "Test"), Duration("end_of_turn", 1))
    skip = Lasting(UntapSkip("bears", 0, "Test"), Duration("untap_step", 1))
    assert s.adding(pump, skip) == s.adding(skip).adding(pump)
    assert s.adding(pump, skip).in_force(UntapSkip) == (skip.payload,)
    assert s.adding(pump, skip).with_lasting(PTChange, ()).lasting == (skip,)


def _outcome(text: str):
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


GRAVEYARD_BY_EFFECT = """
id: q
ask: outcome
state:
  turn: {active: Alice, number: 3, step: precombat-main}
  effects:
    - {from: Compleated Conjurer, controller: Alice, began_turn: 3, objects: [tt]}
  players:
    Alice:
      battlefield: [Island, Island, Island]
      library: 3
    Bob:
      graveyard: [{card: Think Twice, id: tt}]
actions:
  - {cast: tt, by: Alice}
  - resolve: all
expect:
  - {object: tt, zone: graveyard}
"""


def test_flashback_card_cast_from_a_graveyard_by_another_permission_is_not_exiled():
    # 702.34a: "If the flashback cost was paid, exile this card ...": Alice casts Bob's Think Twice from Bob's
    # graveyard under an effect (601.3), for its mana cost (flashback is "from your graveyard" only): it goes to its
    # owner's graveyard as it resolves (608.2n), and its mana cost {1}{U} is what was paid (one Island left)
    games = _outcome(GRAVEYARD_BY_EFFECT)
    assert games and all(g.state.obj("tt").zone == "graveyard" for g in games)
    assert all(sum(1 for o in g.state.battlefield() if not o.tapped) == 1 for g in games)


def test_flashback_card_in_its_owners_graveyard_with_another_permission_is_unsupported():
    # 601.3, 118.9a: its own flashback and an effect both let Alice cast it: which one she uses is a choice the
    # model doesn't make (only flashback's cost exiles it)
    with pytest.raises(Unsupported, match="choosing between them"):
        _outcome(GRAVEYARD_BY_EFFECT.replace("    Bob:\n      graveyard: [{card: Think Twice, id: tt}]\n", "")
                 .replace("      library: 3\n", "      library: 3\n      graveyard: [{card: Think Twice, id: tt}]\n", 1))


def test_a_flashback_spell_put_on_the_stack_by_the_question_is_unsupported_as_it_leaves():
    # 702.34a: whether it is exiled depends on how it was cast, which a stack given by the question doesn't say
    text = """
id: q
ask: outcome
state:
  turn: {active: Alice, step: precombat-main}
  stack: [{card: Think Twice, id: tt, controller: Alice}]
  players:
    Alice:
      library: 3
actions:
  - resolve: all
expect:
  - {object: tt, zone: exile}
"""
    with pytest.raises(Unsupported, match="702.34a"):
        _outcome(text)
