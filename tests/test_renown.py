"""Renown (702.112a) read as the triggered ability its rule means and said back as the keyword; renowned
(702.112b) a designation of a permanent only, given by the question and lost as the permanent leaves."""
from __future__ import annotations

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.reading import as_keyword
from mtgjudge.queries.format.files import load_text


def test_renown_is_its_combat_damage_trigger_said_back_as_the_keyword():
    face = FaceRecord("Testy", "{1}{W}", "Creature — Human Soldier", "Renown 2", "2", "2")
    (a,) = compile_card(CardRecord("Testy", "normal", (face,))).faces[0].abilities
    assert a.kind == "triggered" and a.intervening == "not_renowned"
    assert a.trigger_event is not None and a.trigger_event.event == "combat_damage_player"
    assert [(e.kind, e.arg("n")) for e in a.effects] == [("renown", 2)] and as_keyword(a, a.render() or "") == "Renown 2"


_Q = """
id: t
ask: outcome
state:
  players:
    Alice:
      {zone}: [{{card: Topan Freeblade, id: f, renowned: true}}]
actions: [{{advance: end}}]
expect: [{{stack_size: 0}}]
"""


def test_renowned_is_a_permanents_and_a_new_object_is_not():
    (q,) = load_text(_Q.format(zone="battlefield"))
    assert not isinstance(q, Exception), q
    game = Game(q.state)
    assert game.state.obj("f").renowned
    assert not zones.move(game, "f", "hand").state.obj("f").renowned          # 400.7, 702.112b
    (bad,) = load_text(_Q.format(zone="hand"))
    assert isinstance(bad, Exception) and "renowned" in str(bad)
