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
    ("Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)",
     "protection"),
])
def test_lines_read_whole(text, fact):
    name = next(n for n in ("Hulking Goblin", "Goblin Brigand", "Palace Guard", "White Knight") if n in text or n == "White Knight")
    assert lines.read(text, name).fact == fact


@pytest.mark.parametrize("text", [
    "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
    "Juggernaut can't be blocked by Walls.",
    "Hulking Goblin can't block, and creatures you control have haste.",
    "Protection from creatures",
])
def test_lines_not_read(text):
    assert lines.read(text, "Juggernaut") is None


@pytest.mark.parametrize("permanent", ["Ghostly Prison", "Magus of the Moat"])
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


def test_a_blocker_with_too_many_choices_is_unsupported_not_enumerated():
    """509.1a: Palace Guard facing 30 attackers has 2**30 ways to block; the search says so as unsupported
    instead of building them (which took minutes and gigabytes, past any bound, and in a worker thread no
    alarm stops it). With 3 attackers it still answers."""
    many = ", ".join(f"{{card: Raging Goblin, id: g{i}, attacking: Bob}}" for i in range(30))
    st = _state(many, "{card: Palace Guard, id: guard}", step="declare-attackers")
    with pytest.raises(Unsupported, match="Palace Guard could block 30 of 30 attackers"):
        declare.check_block(st, {"guard": ("g0", "g1")})
    few = ", ".join(f"{{card: Raging Goblin, id: g{i}, attacking: Bob}}" for i in range(3))
    st = _state(few, "{card: Palace Guard, id: guard}", step="declare-attackers")
    assert declare.check_block(st, {"guard": ("g0", "g1", "g2")}).value is True
