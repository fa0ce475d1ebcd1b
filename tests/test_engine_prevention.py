"""Prevention shields of resolved spells (615.1a): how the compiler reads "Prevent all combat damage that would
be dealt this turn" (the grammar's ``prevent_effect``, ``words.prevention.read``), near misses that must stay
unread, and what the engine does with the shield (kept in force as a ``Lasting`` record, ended in cleanup, 514.2).
Expected values are worked out by hand from the rules cited."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.oracle.lines import read_effect_words, sentences
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds.outcome import summary
from tests.engine_helpers import one, zone
from mtgjudge.model.state import Duration, PreventionShield


def kinds(text: str) -> list[str | None]:
    read = read_effect_words(sentences(text))
    if read is None:
        return [None]
    return [w.kind if w is not None else None for w in read[0]]


@pytest.mark.parametrize("text", [
    "Prevent all combat damage that would be dealt this turn.",
    "prevent all combat damage that would be dealt this turn",
])
def test_fog_is_read(text):
    assert kinds(text) == ["prevent_combat_damage"]


@pytest.mark.parametrize("text, by", [
    ("Prevent all combat damage that would be dealt this turn by attacking creatures.", "attacking creature"),
    ("Prevent all combat damage that would be dealt this turn by creatures with power 4 or less.",
     "creature with power 4 or less"),
    ("Prevent all combat damage that would be dealt this turn by creatures without trample.",
     "creature without trample"),
    # "non-Spider" names no Spider (205.3; read since the etb branch): Moment's Peace-like restrictions
    ("Prevent all combat damage that would be dealt this turn by non-Spider creatures.", "non-Spider creature"),
])
def test_restricted_fog_keeps_its_sources(text, by):
    (w,) = read_effect_words(sentences(text))[0]
    assert w.kind == "prevent_combat_damage" and w.arg("by") == by and not w.arg("to_players")


def test_fog_to_players_only():
    (w,) = read_effect_words(sentences("Prevent all combat damage that would be dealt to players this turn."))[0]
    assert w.kind == "prevent_combat_damage" and w.arg("to_players") is True and not w.arg("by")


@pytest.mark.parametrize("text", [
    # restricted shields (a noun phrase of sources, a target opponent), a condition, a mana condition,
    # another duration, all damage (not combat only), redirection: none is Fog's word
    "Prevent all combat damage that would be dealt this turn by creatures target opponent controls.",
    "Prevent all combat damage that would be dealt this turn by creatures of the creature type of your choice.",
    "Prevent all combat damage that would be dealt this turn by creatures with no +1/+1 counters on them.",
    "Prevent all combat damage that would be dealt this turn if {G} was spent to cast this spell.",
    "Prevent all combat damage that would be dealt this turn unless an opponent pays {2}.",
    "Prevent all damage that would be dealt this turn.",
    "Prevent all combat damage that would be dealt to you this turn.",
    "Prevent all combat damage that would be dealt to you this turn. That damage is dealt to you instead.",
])
def test_near_misses_stay_unread(text):
    assert "prevent_combat_damage" not in kinds(text)


STATE = """
id: t
ask: outcome
state:
  turn: {{active: Alice, step: precombat-main}}
  players:
    Alice:
      battlefield: [{{card: Forest, id: g1}}, {{card: Mountain, id: r1}}]
      hand: [{{card: Fog, id: fog}}, {{card: Lightning Bolt, id: bolt}}]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: bears}}]
actions:
{actions}
expect: [{{stack_size: 0}}]
"""


def play(actions: str) -> list[Game]:
    (q,) = load_text(STATE.format(actions=actions))
    assert not isinstance(q, Exception), q
    return run(Game(q.state), q.actions)


def test_fog_leaves_one_shield_shown_in_the_outcome():
    g = one(play("  - {cast: fog, paying: [g1]}\n  - resolve: all"))
    assert [(l.payload.what, l.payload.origin, l.duration) for l in g.state.lasting_of(PreventionShield)] == \
        [("combat damage", "Fog", Duration("end_of_turn", 1))]
    assert summary(g)["prevention"] == ["all combat damage that would be dealt this turn is prevented (Fog)"]
    assert zone(g, "fog") == "graveyard"


def test_fog_does_not_prevent_noncombat_damage():
    # 615.1a: combat damage only; Bolt's 3 damage (120.3e) kills the 2/2 Bears (704.5g)
    g = one(play("  - {cast: fog, paying: [g1]}\n  - resolve: all\n"
                 "  - {cast: bolt, targets: [bears], paying: [r1]}\n  - resolve: all"))
    assert zone(g, "bears") == "graveyard"
    assert len(g.state.in_force(PreventionShield)) == 1


def test_the_shield_ends_in_cleanup():
    g = one(play("  - {cast: fog, paying: [g1]}\n  - resolve: all\n  - advance: next-turn"))
    assert g.state.in_force(PreventionShield) == ()
    assert "prevention" not in summary(g)
    assert any("514.2" in step.rules and "shield" in step.text for step in g.steps)


def test_no_shield_before_fog_resolves():
    g = one(play("  - {cast: fog, paying: [g1]}"))
    assert g.state.in_force(PreventionShield) == ()
