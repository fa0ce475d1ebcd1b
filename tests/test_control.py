"""Control-changing static abilities of Auras (613.1b, layer 2; 303.4; 611.3a): "You control enchanted creature."
is read whole, applied by the layers in timestamp order (613.7) and written into the state, where every rule that
asks who controls a permanent reads it; near misses stay unmodelled or unsupported. Expected answers derived by
hand from the rules cited and the cards' rulings."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.cards.loader import load_text as load_cards
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import controllers
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.runner import run_question
from tests.engine_helpers import one


def _aura(text: str, name: str = "Test Control Aura", enchant: str = "creature"):
    (card,) = load_cards(f'name: "{name}"\ncost: "{{2}}{{U}}{{U}}"\ntype: "Enchantment — Aura"\noracle: |\n'
                         f'  Enchant {enchant}\n  {text}\n', "test")
    return card


@pytest.mark.parametrize("what", ["creature", "permanent", "artifact", "land", "enchantment", "Equipment",
                                  "artifact creature"])
def test_you_control_enchanted_is_read_whole(what):
    line = f"You control enchanted {what}."
    (_, a) = _aura(line, enchant=what).faces[0].abilities
    assert a.kind == "static" and a.static.kind == "control_enchanted"
    assert a.static.arg("what") == what and a.static.arg("enchanted") is True
    assert a.static.render() + "." == line           # the reading round trip


@pytest.mark.parametrize("line", [
    "You control enchanted creature as long as you control an Island.",    # a condition: not read
    "You control enchanted creature until end of turn.",                   # a duration: not read
    "You control enchanted creature and it has haste.",                    # a further clause: not read
    "You control enchanted player.",                                       # not a permanent
    "As long as enchanted creature is tapped, you control it.",
])
def test_near_misses_stay_unmodelled(line):
    (_, a) = _aura(line).faces[0].abilities
    assert a.kind == "unmodelled"


BOARD = """
id: t
ask: {ask}
{about}
state:
  turn: {{active: {active}, step: precombat-main}}
  players:
    Alice:
      battlefield: [Island, Island, Island, Island, Mountain, Mountain, Mountain{alice}]
      hand: [{{card: Control Magic, id: magic}}, {{card: Threaten, id: threaten}}]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: bears}}{bob}]
{actions}
"""


def _question(ask="can-attack", about="about: bears", active="Alice", alice="", bob="", actions=()):
    acts = "actions:\n" + "".join(f"  - {a}\n" for a in actions) if actions else ""
    (q,) = load_text(BOARD.format(ask=ask, about=about, active=active, alice=alice, bob=bob, actions=acts))
    assert not isinstance(q, Exception), q
    return q


def test_control_magic_gives_control_and_it_returns():
    q = _question(actions=["{cast: magic, targets: [bears]}", "resolve: all"])
    games = run(Game(q.state), q.actions)           # a branch for each way to pay
    for g in games:
        bears = g.state.obj("bears")
        # 613.1b: Alice controls the Bears; 302.6: not continuously since her turn began
        assert bears.controller == "Alice" and bears.summoning_sick and bears.controller_apart == "Bob"
        assert "bears" in g.state.player("Alice").zone("battlefield")
    g = one(run(games[0], _question(actions=["destroy: magic"]).actions))
    bears = g.state.obj("bears")
    # 611.3a: the effect stops applying as Control Magic leaves; Bob controls the Bears again
    assert bears.controller == "Bob" and bears.controller_apart is None
    assert "bears" in g.state.player("Bob").zone("battlefield")
    assert "bears" not in g.state.player("Alice").zone("battlefield")


def test_a_state_lists_a_controlled_permanent_under_the_auras_controller():
    text = BOARD.format(ask="can-attack", about="about: bears", active="Alice", actions="",
                        alice=", {card: Control Magic, id: m2, attached_to: bears}", bob="")
    (q,) = load_text(text)
    assert isinstance(q, Exception) and "613.1b" in str(q) and "Alice" in str(q)


def test_a_state_given_under_the_effect_returns_to_the_owner():
    q = _question(alice=", {card: Control Magic, id: m2, attached_to: b2}, {card: Grizzly Bears, id: b2, owner: Bob}")
    assert controllers(q.state) == {"b2": "Alice"} and q.state.obj("b2").controller_apart == "Bob"


def test_threaten_on_a_creature_under_control_magic_is_unsupported():
    # 613.7: a resolved control effect after the static one applies last; the engine keeps no order between them
    q = _question(alice=", {card: Control Magic, id: m2, attached_to: b2}, {card: Grizzly Bears, id: b2, owner: Bob}",
                  actions=["{cast: threaten, targets: [b2]}", "resolve: all"])
    with pytest.raises(Unsupported, match="613.7"):
        run(Game(q.state), q.actions)


def test_control_magic_on_a_threatened_creature_is_unsupported():
    # the until-end-of-turn control effect ends in the cleanup step: who has it then, under the Aura, is not kept
    q = _question(actions=["{cast: threaten, targets: [bears]}", "resolve: all", "{cast: magic, targets: [bears]}",
                           "resolve: all"])
    with pytest.raises(Unsupported, match="613.7"):
        run(Game(q.state), q.actions)


def test_stealing_the_control_aura_itself_is_unsupported():
    # 613.8a: Control Magic's effect depends on the effect that changes who controls Control Magic
    steal = _aura("You control enchanted enchantment.", "Test Steal Enchantment", "enchantment")
    q = _question(alice=", {card: Control Magic, id: m2, attached_to: b2}, {card: Grizzly Bears, id: b2, owner: Bob}",
                  bob=", {card: Island, id: s1}")
    st = q.state
    st = st.with_object(replace(st.obj("s1"), card=steal, attached_to="m2"))
    with pytest.raises(Unsupported, match="613.8a"):
        controllers(st)


def test_a_near_miss_aura_makes_the_attack_unsupported():
    # a line not read whole ("... as long as ...") keeps every scope: whether the Bears may attack is unsupported
    near = _aura("You control enchanted creature as long as you control an Island.")
    q = _question(ask="can-attack", about="about: b2", alice=", {card: Control Magic, id: m2, attached_to: b2}, "
                                                              "{card: Grizzly Bears, id: b2, owner: Bob}")
    st = q.state.with_object(replace(q.state.obj("m2"), card=near))
    r = run_question(replace(q, state=st))
    assert r.status == "unsupported"
    assert run_question(q).answer.value is True        # with Control Magic itself, answered: it may attack


def test_a_control_effect_in_force_beside_the_aura_is_unsupported():
    # 613.7: the state says Threaten's effect is in force (Bob has the Bears until end of turn, after Control
    # Magic gave them to Alice); as Control Magic leaves, who has them is not modelled
    text = """
id: t
ask: can-attack
about: bears
state:
  turn: {active: Bob, step: precombat-main}
  effects:
    - {from: Threaten, controller: Bob, objects: [bears]}
  players:
    Alice:
      battlefield: [{card: Control Magic, id: magic, attached_to: bears}]
    Bob:
      battlefield: [{card: Grizzly Bears, id: bears, owner: Alice}]
actions:
  - destroy: magic
"""
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q          # listed under Bob: the effect in force may give it to him
    with pytest.raises(Unsupported, match="Threaten"):
        run(Game(q.state), q.actions)
