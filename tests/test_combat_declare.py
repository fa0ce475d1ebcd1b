"""Declaring attackers and blockers (508.1, 509.1; model/rules/combat): the lines read, what is unsupported, and
the search's maximum checked against every declaration enumerated."""
from __future__ import annotations

from itertools import product

import pytest

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.combat import declare, lines
from mtgjudge.queries.api import loads


def _state(alice: str, bob: str, step: str = "precombat-main"):
    text = f"""\
id: q
ask: outcome
actions: [{{advance: end}}]
expect: [{{stack_size: 0}}]
state:
  turn: {{active: Alice, step: {step}}}
  players:
    Alice:
      battlefield: [{alice}]
    Bob:
      battlefield: [{bob}]
"""
    return loads(text)[0].state


@pytest.mark.parametrize("text,fact", [
    ("Hulking Goblin can't block.", "cant_block"),
    ("Enchanted creature can't attack or block.", "cant_attack_or_block"),
    ("Goblin Brigand attacks each combat if able.", "must_attack"),
    ("All creatures able to block enchanted creature do so.", "lure"),
    ("Palace Guard can block any number of creatures.", "extra_blocks"),
])
def test_lines_read_whole(text, fact):
    name = next(n for n in ("Hulking Goblin", "Goblin Brigand", "Palace Guard") if n in text or n == "Palace Guard")
    assert lines.read(text, name).fact == fact


@pytest.mark.parametrize("text", [
    "Juggernaut can't be blocked by Walls.",
    "Hulking Goblin can't block, and creatures you control have haste.",
    "Protection from creatures",
])
def test_lines_not_read(text):
    assert lines.read(text, "Juggernaut") is None


@pytest.mark.parametrize("text, cost, planeswalkers", [
    ("Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking "
     "you.", "{2}", False),
    ("Creatures can't attack you or a planeswalker you control unless their controller pays {W/P} for each of those "
     "creatures.", "{W/P}", True),
])
def test_costs_to_attack_read_whole(text, cost, planeswalkers):
    line = lines.read(text, "Ghostly Prison")
    assert (line.fact, line.cost, line.planeswalkers) == ("attack_cost", cost, planeswalkers)


SPHERE = ("Creatures can't attack you or a planeswalker you control unless their controller pays {X} for each of "
          "those creatures, where X is the number of enchantments you control.")
RESTRAINT = ("Domain — Creatures can't attack you unless their controller pays {X} for each creature they control "
             "that's attacking you, where X is the number of basic land types among lands you control.")


@pytest.mark.parametrize("text", [SPHERE, RESTRAINT,
                                  "Creatures can't attack you unless their controller pays {2} for each creature.",
                                  "Creatures can't attack you unless their controller pays {2} for each creature they "
                                  "control that's attacking you and sacrifices a land."])
def test_costs_to_attack_not_read(text):
    assert lines.read(text, "Test Sphere") is None


@pytest.mark.parametrize("text", [SPHERE, RESTRAINT])
def test_unread_costs_to_attack_are_unsupported(monkeypatch, text):
    """The near miss: a cost to attack whose amount the model does not read (Sphere of Safety's X) stays
    unsupported, naming the line, even for an attacker whose controller could pay anything."""
    from tests.test_engine_triggers import with_card
    with_card(monkeypatch, "Test Sphere", "Enchantment", text)
    st = _state("{card: Serra Angel, id: angel}, Forest, Forest, Forest, Forest", "Test Sphere")
    with pytest.raises(Unsupported, match="Test Sphere"):
        declare.check_attack(st, {"angel": "Bob"})


def test_the_most_requirements_are_counted_without_costs_508_1d():
    """508.1d: Goblin Brigand attacks each combat if able; attacking Bob costs {2} (Ghostly Prison), attacking
    Carol nothing: not attacking is illegal (it could attack Carol for free), attacking either is legal."""
    text = """\
id: q
ask: outcome
actions: [{advance: end}]
expect: [{stack_size: 0}]
state:
  turn: {active: Alice, step: declare-attackers}
  players:
    Alice:
      battlefield: [{card: Goblin Brigand, id: brigand}, Mountain, Mountain]
    Bob:
      battlefield: [Ghostly Prison]
    Carol:
      battlefield: []
"""
    st = loads(text)[0].state
    assert declare.check_attack(st, {}).value is False
    assert declare.check_attack(st, {"brigand": "Carol"}).value is True
    assert declare.check_attack(st, {"brigand": "Bob"}).value is True
    st2 = loads(text.replace("Mountain, Mountain", "Mountain"))[0].state
    assert declare.check_attack(st2, {"brigand": "Bob"}).value is False        # 508.1j: {2} can't be paid


@pytest.mark.parametrize("permanent", ["Magus of the Moat"])
def test_unread_restrictions_are_unsupported(permanent):
    st = _state("{card: Serra Angel, id: angel}", permanent)
    with pytest.raises(Unsupported, match=permanent):
        declare.check_attack(st, {"angel": "Bob"})


def test_declaring_no_attackers_ignores_restrictions_only():
    """508.1c restricts attacking creatures: declaring none is legal whatever Ghostly Prison says."""
    st = _state("{card: Grizzly Bears, id: bears}", "Ghostly Prison")
    assert declare.declaring_no_attackers(st).value is True


def _brute_force(state) -> int:
    """The most requirements any legal declaration of blockers obeys, by enumerating every declaration."""
    atk = declare.attackers(state)
    order = declare.potential_blockers(state)
    reqs = declare.block_requirements(state)
    best = -1
    for values in product(*[[()] + [(a,) for a in atk] for _ in order]):
        decl = {b: v for b, v in zip(order, values) if v}
        if declare.block_violation(state, decl) is None:
            best = max(best, sum(1 for r in reqs if r.obeyed(decl)))
    return best


@pytest.mark.parametrize("attackers,blockers", [
    (["Boggart Brute", "Grizzly Bears"], ["Grizzly Bears", "Pillarfield Ox", "Hulking Goblin"]),
    (["Air Elemental", "Prized Unicorn", "Gaea's Protector"], ["Giant Spider", "Grizzly Bears", "Pillarfield Ox"]),
    (["Boggart Brute", "Prized Unicorn"], ["Grizzly Bears", "Giant Spider"]),
    (["Gaea's Protector", "Boggart Brute", "Serra Angel"], ["Norwood Archers", "Grizzly Bears", "Black Knight"]),
])
def test_search_maximum_equals_enumeration(attackers, blockers):
    alice = ", ".join(f"{{card: {n}, id: a{i}, attacking: Bob}}" for i, n in enumerate(attackers))
    bob = ", ".join(f"{{card: {n}, id: b{i}}}" for i, n in enumerate(blockers))
    st = _state(alice + ", {card: Lure, attached_to: a0}", bob, step="declare-attackers")
    ans = declare.check_block(st, {})
    best = _brute_force(st)
    got = ans.witness["requirements"]
    assert got == best
    assert ans.value is (best == 0)
