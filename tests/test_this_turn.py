"""What happened this turn (``state.TurnHistory``, ``rules.this_turn``): the engine records each event where it
happens, a turn begins with nothing done, ``this_turn:`` states the history before the question (validated
strictly), and a condition that needs an unstated history is unsupported, never assumed false."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules import this_turn
from mtgjudge.model.state import TurnHistory
from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import load_text
from tests.engine_helpers import ask_text, one

HEAD = """
id: q
ask: outcome
state:
  turn: {{active: Alice, step: {step}}}
{history}  players:
    Alice:
      battlefield: {alice_bf}
      hand: {alice_hand}
    Bob:
      battlefield: {bob_bf}
actions: {actions}
expect:
  - {{stack_size: 0}}
"""


def _text(alice_bf="[]", alice_hand="[]", bob_bf="[]", actions="[{advance: end}]", history="", step="precombat-main") -> str:
    return HEAD.format(alice_bf=alice_bf, alice_hand=alice_hand, bob_bf=bob_bf, actions=actions,
                       history=f"  this_turn: {history}\n" if history else "", step=step)


def _games(**kw) -> list[Game]:
    (q,) = load_text(_text(**kw))
    assert not isinstance(q, Exception), q
    return run(Game(q.state, initial=q.state), q.actions)


def _error(**kw) -> QuestionError:
    (q,) = load_text(_text(**kw))
    assert isinstance(q, QuestionError), q
    return q


# ---- unstated history: unsupported, never "nothing happened"

def test_morbid_trigger_with_the_history_unstated_is_unsupported() -> None:
    r = ask_text(_text(alice_bf="[Forest, Forest, Forest, Forest, Forest]", alice_hand="[{card: Hollowhenge "
                       "Scavenger, id: hs}]", actions="[{cast: hs}, {resolve: all}]"))
    assert r.status == "unsupported", r
    assert "this_turn" in r.answer.unsupported and "a creature died" in r.answer.unsupported


def test_the_same_morbid_trigger_with_the_history_stated_is_answered() -> None:
    r = ask_text(_text(alice_bf="[Forest, Forest, Forest, Forest, Forest]", alice_hand="[{card: Hollowhenge "
                       "Scavenger, id: hs}]", actions="[{cast: hs}, {resolve: all}]", history="{}"))
    assert r.status == "pass", r
    assert "608.3" in {rule for st in r.answer.why for rule in st.rules}


def test_bloodthirst_with_the_history_unstated_is_unsupported() -> None:
    r = ask_text(_text(alice_bf="[Mountain, Mountain, Mountain, Mountain]",
                       alice_hand="[{card: Gorehorn Minotaurs, id: m}]", actions="[{cast: m}, {resolve: all}]"))
    assert r.status == "unsupported", r
    assert "this_turn" in r.answer.unsupported and "opponent" in r.answer.unsupported


def test_raid_with_the_history_unstated_is_unsupported() -> None:
    r = ask_text(_text(alice_bf="[Plains, Plains, Plains]", alice_hand="[{card: Mardu Hordechief, id: c}]",
                       actions="[{cast: c}, {resolve: all}]", step="postcombat-main"))
    assert r.status == "unsupported", r
    assert "attacked" in r.answer.unsupported


def test_a_fact_the_actions_made_true_needs_no_stated_history() -> None:
    (g,) = _games(bob_bf="[{card: Grizzly Bears, id: bear}]", actions="[{destroy: bear}]")
    h = g.state.this_turn
    assert not h.known and h.died == 1 and h.left == ("Bob",)
    assert this_turn.happened(g.state, "died", "Alice", "test")
    assert this_turn.happened(g.state, "left", "Bob", "test")
    with pytest.raises(Unsupported, match="this_turn"):
        this_turn.happened(g.state, "left", "Alice", "test")


# ---- the spells cast, counted by the actions on top of what the question states

def test_spells_cast_count_adds_the_actions_casts_to_the_stated_count() -> None:
    g = one(_games(alice_bf="[Mountain]", alice_hand="[{card: Lightning Bolt, id: bolt}]",
                   actions="[{cast: bolt, targets: [Bob]}, {resolve: all}]", history="{spells_cast: {Alice: 1}}"))
    assert this_turn.spells_cast(g.state, "Alice", "storm") == 2
    assert this_turn.spells_cast(g.state, "Bob", "storm") == 0
    assert g.state.this_turn.damaged == ("Bob",)


def test_spells_cast_count_is_unsupported_when_the_history_is_unstated() -> None:
    g = one(_games(alice_bf="[Mountain]", alice_hand="[{card: Lightning Bolt, id: bolt}]",
                   actions="[{cast: bolt, targets: [Bob]}, {resolve: all}]"))
    assert g.state.this_turn.spells_of("Alice") == 1           # what the actions did: a lower bound
    with pytest.raises(Unsupported, match="this_turn"):
        this_turn.spells_cast(g.state, "Alice", "storm (702.40a)")


# ---- combat, steps and turns

def test_attacking_records_raid_and_the_players_attacked_this_step_only() -> None:
    g = one(_games(alice_bf="[{card: Grizzly Bears, id: bear}]", actions="[{attack: {bear: Bob}}]"))
    h = g.state.this_turn
    assert h.attacked_with == ("Alice",) and h.attacked == ("Bob",)
    later = one(run(g, [{"advance": "postcombat-main"}]))
    h = later.state.this_turn
    assert h.attacked_with == ("Alice",) and h.attacked == ()       # 508.6: "this step" is over
    assert h.damaged == ("Bob",)                                     # combat damage to a player (510.2)


def test_a_new_turn_begins_with_a_known_empty_history() -> None:
    g = one(_games(alice_bf="[Mountain]", alice_hand="[{card: Lightning Bolt, id: bolt}]",
                   actions="[{cast: bolt, targets: [Bob]}, {resolve: all}, {advance: next-turn}]"))
    h = g.state.this_turn
    assert h.known and h.spells_cast == () and h.damaged == () and h.died == 0 and h.left == ()
    assert h.last_spells_cast == (("Alice", 1),) and not h.last_known     # the turn that ended: tests/test_last_turn.py
    assert this_turn.happened(g.state, "opponent_damaged", "Bob", "test") is False


def test_the_record_notes_a_player_once_and_counts_every_spell() -> None:
    h = TurnHistory(known=True)
    assert h.noting("damaged", "Bob").noting("damaged", "Bob").damaged == ("Bob",)
    assert h.cast("Alice").cast("Alice").spells_of("Alice") == 2


# ---- the question format

def test_this_turn_is_read() -> None:
    (q,) = load_text(_text(history="{spells_cast: {Alice: 2}, damaged: [Bob], died: 1, left: [Alice], "
                                   "attacked_with: [Alice]}", step="postcombat-main"))
    assert not isinstance(q, Exception), q
    assert q.state.this_turn == TurnHistory(known=True, spells_cast=(("Alice", 2),), damaged=("Bob",), died=1,
                                            left=("Alice",), attacked_with=("Alice",))


@pytest.mark.parametrize("history, key, words", [
    ("{storm: 2}", "state.this_turn.storm", "unknown key"),
    ("[Bob]", "state.this_turn", "must be a mapping"),
    ("{died: -1}", "state.this_turn.died", "at least 0"),
    ("{died: yes}", "state.this_turn.died", "whole number"),
    ("{damaged: [Carol]}", "state.this_turn.damaged", "not a player"),
    ("{damaged: Bob}", "state.this_turn.damaged", "a list"),
    ("{damaged: [Bob, Bob]}", "state.this_turn.damaged", "twice"),
    ("{spells_cast: [Alice]}", "state.this_turn.spells_cast", "mapping"),
    ("{spells_cast: {Alice: two}}", "state.this_turn.spells_cast.Alice", "whole number"),
    ("{attacked_with: [Bob]}", "state.this_turn.attacked_with", "506.2"),
    ("{attacked_with: [Alice], attacked: [Bob]}", "state.this_turn.attacked", "declare-attackers"),
])
def test_bad_this_turn_is_a_clear_error(history: str, key: str, words: str) -> None:
    e = _error(history=history)
    assert e.key == key and words in str(e), str(e)


def test_attacked_this_step_is_read_in_the_declare_attackers_step() -> None:
    (q,) = load_text(_text(history="{attacked_with: [Alice], attacked: [Bob]}", step="declare-attackers"))
    assert not isinstance(q, Exception), q
    assert q.state.this_turn.attacked == ("Bob",)


# ---- the damage dealt this turn, and by what (603.10a: "a creature dealt damage by ~ this turn dies")

_BOLT_BEARS = dict(alice_bf="[{card: Sengir Vampire, id: sengir}, {card: Mountain, id: m}]",
                   alice_hand="[{card: Lightning Bolt, id: bolt}]", bob_bf="[{card: Grizzly Bears, id: bears}]",
                   actions="[{cast: bolt, targets: [bears]}, {resolve: all}]")


def test_a_death_sengir_may_have_caused_earlier_this_turn_is_unsupported_unstated() -> None:
    # the Bears were on the battlefield before the question: Sengir Vampire may have dealt them damage earlier
    r = ask_text(_text(**_BOLT_BEARS))
    assert r.status == "unsupported", r
    assert "this_turn" in r.answer.unsupported and "sengir dealt damage to bears" in r.answer.unsupported


def test_the_stated_history_decides_it() -> None:
    assert [g.state.obj("sengir").counter("+1/+1") for g in _games(**_BOLT_BEARS, history="{}")] == [0]
    assert [g.state.obj("sengir").counter("+1/+1") for g in
            _games(**_BOLT_BEARS, history="{dealt_damage: {bears: [sengir]}}")] == [1]


def test_an_object_that_came_to_be_during_the_actions_has_its_whole_turn_in_the_record() -> None:
    # the Bears cast during the actions are a new object (400.7): Sengir can't have damaged them before
    games = _games(alice_bf="[{card: Sengir Vampire, id: sengir}, {card: Mountain, id: m}, {card: Forest, id: f1}, "
                            "{card: Forest, id: f2}]",
                   alice_hand="[{card: Lightning Bolt, id: bolt}, {card: Grizzly Bears, id: bears}]",
                   actions="[{cast: bears}, {resolve: all}, {cast: bolt, targets: [bears]}, {resolve: all}]")
    assert [g.state.obj("sengir").counter("+1/+1") for g in games] == [0]


def test_the_record_keeps_each_damaged_permanent_and_source_as_the_objects_they_are() -> None:
    h = TurnHistory().damage_dealt("bears", 0, "sengir", 0).damage_dealt("bears", 0, "sengir", 0)
    assert h.dealt_damage == (("bears", 0, "sengir", 0),)
    assert h.following().dealt_damage == ()


@pytest.mark.parametrize("history, says", [
    ("{dealt_damage: [bears]}", "maps each permanent"),
    ("{dealt_damage: {nobody: [sengir]}}", "nobody"),
    ("{dealt_damage: {bolt: [sengir]}}", "on the battlefield"),
])
def test_a_wrong_dealt_damage_is_an_error(history: str, says: str) -> None:
    assert says in str(_error(**_BOLT_BEARS, history=history))


def test_a_death_the_trigger_does_not_watch_needs_no_history() -> None:
    # 700.4: an artifact put into a graveyard is no creature: "a creature dealt damage by ~" is not met, whatever the
    # turn's history before the question
    games = _games(alice_bf="[{card: Sengir Vampire, id: sengir}, {card: Plains, id: p1}, {card: Plains, id: p2}]",
                   alice_hand="[{card: Divine Offering, id: offering}]", bob_bf="[{card: Sol Ring, id: ring}]",
                   actions="[{cast: offering, targets: [ring]}, {resolve: all}]")
    assert [(g.state.obj("ring").zone, g.state.obj("sengir").counter("+1/+1")) for g in games] == [("graveyard", 0)]
