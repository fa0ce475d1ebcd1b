"""Attaching an Equipment by its equip ability (701.3, 702.6a, 301.5c): the concept ``words.attach``. Expected
answers derived by hand from those rules."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.game import Game
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.words.attach.perform import _why_not
from mtgjudge.queries.format.files import load_text

STATE = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Bonesplitter, id: bs, attached_to: bears}, {card: Grizzly Bears, id: bears}]
    Bob: {}
actions: [{advance: end}]
possible: [{object: bs, zone: battlefield}]
"""


def game() -> Game:
    (q,) = load_text(STATE)
    return Game(q.state)


def test_equip_reads_as_its_keyword():
    face = FaceRecord("Bonesplitter", "{1}", "Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {1}", None, None)
    abilities = compile_card(CardRecord("Bonesplitter", "normal", (face,))).faces[0].abilities
    equip = abilities[-1]
    assert [e.kind for e in equip.effects] == ["attach_to_target"] and equip.render().rstrip(".") == "Equip {1}"


def test_an_equipment_attached_to_that_creature_already_does_nothing():
    assert "already attached" in (_why_not(game(), "bs", "bears") or "")


def test_near_miss_an_equipment_that_is_also_a_creature_cant_equip():
    # 301.5c: an Equipment that's also a creature can't equip a creature (without reconfigure)
    g = game()
    o = g.state.obj("bs")
    face = replace(o.printed, types=("Artifact", "Creature"), power=1, toughness=1)
    g = g.with_state(g.state.with_object(replace(o, card=replace(o.card, faces=(face,)), attached_to=None)))
    assert "also a creature" in (_why_not(g, "bs", "bears") or "")


def test_an_equipment_cant_equip_itself():
    assert "itself" in (_why_not(game(), "bs", "bs") or "")
