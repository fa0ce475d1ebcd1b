"""Umbra armor (CR 702.89; "totem armor" on older cards, 702.89b): read as the keyword ``Umbra armor``, a
replacement of the enchanted permanent's destruction (``engine.shields.umbra_armor``). The corpus
(``outcome/umbra-armor.yaml``) has what it does; here the readings and the near misses that stay unsupported."""
from __future__ import annotations

import yaml

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle import compile_card
from mtgjudge.queries.format.fields import QuestionValidator
from mtgjudge.queries.format.questions import read_question
from mtgjudge.queries.runner import run_question

_REMINDER = "(If enchanted creature would be destroyed, instead remove all damage from it and destroy this Aura.)"


def _card(name: str, type_line: str, text: str) -> CardDef:
    return compile_card(CardRecord(name, "normal", (FaceRecord(name, "{W}", type_line, text, None, None),)))


def _run(doc: str) -> tuple[str, str]:
    r = run_question(read_question(QuestionValidator(file="<test>", line=1), yaml.safe_load(doc)))
    return r.status, r.message


def test_totem_armor_is_read_as_umbra_armor():
    # 702.89b: the older name of one ability
    for name in ("Totem armor", "Umbra armor"):
        c = _card("Frob Umbra", "Enchantment — Aura", f"Enchant creature\n{name} {_REMINDER}")
        (a,) = [a for a in c.faces[0].abilities if a.keyword != "Enchant"]
        assert a.kind == "keyword" and a.keyword == "Umbra armor", a


def test_near_miss_granting_totem_armor_stays_unmodelled():
    # "Auras attached to permanents you control have totem armor." (an ability granted to other Auras): not read
    c = _card("Frob Mystic", "Creature — Human Wizard",
              "Auras attached to permanents you control have totem armor.")
    assert [a.kind for a in c.faces[0].abilities] == ["unmodelled"]


def test_near_miss_two_umbras_make_the_choice_unsupported():
    # 616.1 and the rulings of 2010-06-15: with two Auras with totem armor, the enchanted creature's controller
    # chooses which one is destroyed instead: a choice the engine does not perform
    status, msg = _run("""
id: t
ask: outcome
state:
  turn: {active: Alice, step: precombat-main}
  players:
    Alice:
      battlefield: [{card: Swamp, id: b1}, {card: Swamp, id: b2}, {card: Swamp, id: b3}]
      hand: [{card: Dark Banishing, id: banish}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears}, {card: Hyena Umbra, attached_to: bears},
                    {card: Spider Umbra, attached_to: bears}]
actions:
  - {cast: banish, targets: [bears], paying: [b1, b2, b3]}
  - resolve: all
expect:
  - {object: bears, zone: battlefield}
""")
    assert status == "unsupported" and "umbra armor" in msg, (status, msg)


def test_near_miss_a_regeneration_shield_and_an_umbra_make_the_choice_unsupported():
    # the rulings of 2010-06-15: with a regeneration shield too, its controller chooses which replacement applies
    status, msg = _run("""
id: t
ask: outcome
state:
  turn: {active: Alice, step: precombat-main}
  players:
    Alice:
      battlefield: [{card: Mountain, id: r1}]
      hand: [{card: Lightning Bolt, id: bolt}]
    Bob:
      battlefield: [{card: Plains, id: w1}, {card: Grizzly Bears, id: bears}, {card: Hyena Umbra, attached_to: bears}]
      hand: [{card: Death Ward, id: ward}]
actions:
  - {cast: bolt, targets: [bears], paying: [r1]}
  - {cast: ward, by: Bob, targets: [bears], paying: [w1]}
  - resolve: all
expect:
  - {object: bears, zone: battlefield}
""")
    assert status == "unsupported" and "regeneration shield" in msg, (status, msg)
