"""Untapping (502.3): the concept ``words.tapping`` (its records, its reader, the rule of the untap step its
statics make). Expected answers derived by hand from 502.3 and the Claustrophobia ruling (2015-06-22)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.queries.format.files import load_text

BOARD = """
id: t
ask: outcome
state:
  turn: {{active: Bob, number: 4}}
  players:
    Alice:
      battlefield: [{battlefield}]
      library: 5
    Bob:
      library: 5
actions:
  - advance: next-turn
expect:
  - {{player: Alice, library_size: 4}}
"""


def finals(battlefield: str) -> list[Game]:
    (q,) = load_text(BOARD.format(battlefield=battlefield))
    return run(Game(q.state), q.actions)


def _abilities(name: str, type_line: str, text: str) -> tuple:
    face = FaceRecord(name, "{2}", type_line, text, None, None)
    return compile_card(CardRecord(name, "normal", (face,))).faces[0].abilities


@pytest.mark.parametrize("line, rendered", [
    ("Mana Vault doesn't untap during your untap step.", "~ doesn't untap during your untap step."),
    ("You may choose not to untap Mana Vault during your untap step.",
     "You may choose not to untap ~ during your untap step."),
])
def test_the_self_statics_read_and_say_themselves(line: str, rendered: str):
    (a,) = _abilities("Mana Vault", "Artifact", line)
    assert a.kind == "static" and a.static.kind == "no_untap"
    assert a.render() == rendered


@pytest.mark.parametrize("kind", ["creature", "permanent", "artifact", "land"])
def test_the_aura_statics_read(kind: str):
    line = f"Enchanted {kind} doesn't untap during its controller's untap step."
    abilities = _abilities("Veil", "Enchantment — Aura", f"Enchant {kind}\n{line}")
    assert abilities[1].kind == "static" and abilities[1].static.arg("type") == kind
    assert abilities[1].render() == line


def test_an_aura_no_longer_attached_holds_nothing():
    (g,) = finals("{card: Dehydration, id: d}, {card: Grizzly Bears, id: bears, tapped: true}")
    assert not g.state.obj("bears").tapped


def test_may_choose_is_a_branch_each_way():
    games = finals("{card: Tawnos's Weaponry, id: w, tapped: true}")
    assert sorted(g.state.obj("w").tapped for g in games) == [False, True]


def test_may_choose_on_an_untapped_permanent_is_no_choice():
    assert len(finals("{card: Tawnos's Weaponry, id: w}")) == 1


@pytest.mark.parametrize("line", [
    "Mana Vault doesn't untap during your untap step if you control an Island.",
    "Mana Vault doesn't untap during your untap steps.",
])
def test_near_miss_a_condition_or_other_steps_stay_unmodelled(line: str):
    (a,) = _abilities("Mana Vault", "Artifact", line)
    assert a.kind == "unmodelled"


def test_near_miss_an_unread_untap_line_makes_the_untap_step_unsupported():
    # a static of 502.3 with a condition is not read: the untap step is not performed past it
    text = "Dwarven Patrol doesn't untap during your untap step if you control an Island."
    card = compile_card(CardRecord("Dwarven Patrol", "normal",
                                   (FaceRecord("Dwarven Patrol", "{2}{R}", "Creature — Dwarf", text, "4", "2"),)))
    (q,) = load_text(BOARD.format(battlefield="{card: Grizzly Bears, id: bears, tapped: true}"))
    st = q.state.evolve(objects=tuple(replace(o, card=card) if o.id == "bears" else o for o in q.state.objects))
    with pytest.raises(Unsupported, match="if you control an Island"):
        guard_scope(st, "untap", "the active player's permanents untap")


STORAGE = """
id: t
ask: outcome
state:
  turn: {{active: Alice, step: upkeep}}
  stack:
    - {{ability: silos, index: 3, controller: Alice}}
  players:
    Alice:
      battlefield: [{{card: Sand Silos, id: silos, tapped: {tapped}}}]
    Bob: {{}}
actions:
  - resolve: 1
expect:
  - {{stack_size: 0}}
"""


@pytest.mark.parametrize("tapped, counters", [("true", {"storage": 1}), ("false", {})])
def test_if_it_is_tapped_is_checked_again_as_the_ability_resolves_603_4(tapped: str, counters: dict):
    # Sand Silos ruling 2004-10-04: "It also checks during resolution and you only get a counter if it is still
    # tapped then"
    (q,) = load_text(STORAGE.format(tapped=tapped))
    (g,) = run(Game(q.state), q.actions)
    assert dict(g.state.obj("silos").counters) == counters


@pytest.mark.parametrize("line", [
    "At the beginning of your upkeep, if Frob is tapped or untapped, put a storage counter on it.",
    "At the beginning of your upkeep, if Frob is tapped, put a storage counter on it and untap it.",
    "At the beginning of your upkeep, if a land is tapped, put a storage counter on it.",
])
def test_near_misses_of_if_it_is_tapped_stay_unread(line: str):
    (a,) = _abilities("Frob", "Land", line)
    assert a.kind == "unmodelled", a


@pytest.mark.parametrize("line", [
    "Frob doesn't untap during your untap step if it has two or more depletion counters on it.",
    "Frob doesn't untap during your untap step if it has no depletion counters on it.",
    "Frob doesn't untap during your untap step if you control an Island.",
])
def test_near_misses_of_a_counter_condition_on_untapping_stay_unread(line: str):
    (a,) = _abilities("Frob", "Land", line)
    assert a.kind == "unmodelled", a


@pytest.mark.parametrize("line", ["{2}: Untap Frob and draw a card.", "{2}: Tap Frob and target creature."])
def test_near_misses_of_untapping_itself_stay_unread(line: str):
    abilities = _abilities("Frob", "Artifact", line)
    assert all(e.kind not in ("untap_self", "tap_self") for a in abilities for e in a.effects), abilities


def test_if_it_is_tapped_of_a_source_gone_before_resolution_is_unsupported_608_2h():
    # Howling Mine's ruling 2004-10-04: "If Howling Mine leaves the battlefield before it resolves, then the last
    # known tap or untap state of the card is used": that state is not kept, so no answer is guessed
    (q,) = load_text("""
id: t
ask: outcome
state:
  turn: {active: Alice, step: upkeep}
  stack:
    - {ability: silos, index: 3, controller: Alice}
  players:
    Alice:
      battlefield: [{card: Sand Silos, id: silos, tapped: true}]
    Bob: {}
actions:
  - destroy: silos
  - resolve: 1
expect:
  - {stack_size: 0}
""")
    with pytest.raises(Unsupported, match="last known status"):
        run(Game(q.state), q.actions)



TAPS_ITSELF = """
id: t
ask: outcome
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [{card: Frob, id: f}, Island]
    Bob: {}
actions:
  - {activate: f, ability: 1}
  - resolve: all
expect:
  - {object: f, tapped: %s}
"""


@pytest.mark.parametrize("tapped, status", [("true", "pass"), ("false", "fail")])
def test_tap_itself_taps_the_permanent_701_26a(tapped: str, status: str):
    import yaml
    from mtgjudge.queries.format.fields import QuestionValidator
    from mtgjudge.queries.format.questions import read_question
    from mtgjudge.queries.runner import run_question
    (frob,) = [compile_card(CardRecord("Frob", "normal", (FaceRecord("Frob", "{1}", "Artifact", "{1}: Tap Frob.",
                                                                      None, None),)))]
    d = QuestionValidator(file="<test>", line=1, cards={"frob": (frob, 0)})
    r = run_question(read_question(d, yaml.safe_load(TAPS_ITSELF % tapped)))
    assert r.status == status, r.message
