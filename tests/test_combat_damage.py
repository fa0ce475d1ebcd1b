"""Combat damage (CR 510): the divisions of ``rules.combat.damage`` checked against a naive enumeration of every
assignment (510.1c-d, 702.19b), and the engine's guards: what it does not perform makes the answer unsupported.
Expected values are worked out by hand from the rules cited."""
from __future__ import annotations

from itertools import product

import pytest

from mtgjudge.model.rules.combat.damage import Assigner, Recipient, divisions, illegal_division, lethal_for
from mtgjudge.queries.runner import run_question
from mtgjudge.queries.format.files import load_text


def _naive(a: Assigner) -> list[dict[str, int]]:
    """Every assignment of ``a``'s power among its recipients that 510.1c-d and 702.19b allow, unpruned."""
    targets = [r.id for r in a.creatures] + ([a.attacked] if a.trample and a.attacked else [])
    out = []
    for amounts in product(range(a.power + 1), repeat=len(targets)):
        if sum(amounts) != a.power:
            continue
        d = dict(zip(targets, amounts))
        if illegal_division(a, d) is None:
            out.append(d)
    return out


def _canonical(a: Assigner, d: dict[str, int]) -> tuple:
    """What a division does: amounts past lethal to a saturable creature are alike."""
    to_creatures = tuple(sorted((r.id, min(d.get(r.id, 0), r.lethal) if r.saturable else d.get(r.id, 0))
                                for r in a.creatures))
    return to_creatures + (((a.attacked, d.get(a.attacked, 0)),) if a.attacked else ())


CASES = [
    Assigner("x", 3, (Recipient("m", 1, True), Recipient("b", 2, True))),
    Assigner("x", 5, (Recipient("m", 1, True), Recipient("b", 2, True)), "P", True, True),
    Assigner("x", 6, (Recipient("m", 1, True), Recipient("b", 2, False), Recipient("c", 3, True)), "P", True, True),
    Assigner("x", 4, (Recipient("m", 1, False), Recipient("b", 2, False)), "P", True, True),
    Assigner("x", 4, (Recipient("m", 1, True), Recipient("b", 1, True)), "P", True, True),
    Assigner("x", 2, (Recipient("m", 3, True), Recipient("b", 3, True)), "P", True, True),
    Assigner("x", 7, tuple(Recipient(f"r{i}", 2, True) for i in range(4))),
]


@pytest.mark.parametrize("a", CASES)
def test_divisions_are_every_assignment_once(a):
    """Every legal assignment's effect is among the divisions, each division is legal, and no two divisions have
    the same effect (lethal is lethal: 702.19b, 704.5g)."""
    got = divisions(a)
    for d in got:
        assert illegal_division(a, dict(d)) is None, d
    effects = [_canonical(a, dict(d)) for d in got]
    assert len(effects) == len(set(effects))
    assert set(effects) == {_canonical(a, d) for d in _naive(a)}


def test_trample_needs_lethal_on_each_blocker():
    a = Assigner("maw", 6, (Recipient("bears", 2, True),), "Bob", True, True)
    assert illegal_division(a, {"bears": 1, "Bob": 5}) is not None           # 702.19b
    assert illegal_division(a, {"bears": 2, "Bob": 4}) is None
    assert illegal_division(a, {"bears": 6}) is None


def test_lethal_for_deathtouch_and_marked_damage():
    assert lethal_for(3, 0, False) == 3
    assert lethal_for(3, 1, False) == 2            # 702.19b: damage already marked counts
    assert lethal_for(5, 0, True) == 1             # 702.2c
    assert lethal_for(2, 2, True) == 0


def test_ten_blockers_stay_few():
    """A 10-power attacker with ten 1/1 blockers: 2**10 sets of blockers killed, not 92378 compositions."""
    a = Assigner("x", 10, tuple(Recipient(f"r{i}", 1, True) for i in range(10)))
    assert len(divisions(a)) == 2 ** 10 - 1


QUESTION = """
id: q
ask: outcome
state:
  turn: {{active: Alice, step: declare-blockers}}
  players:
    Alice:
      battlefield: [{{card: {attacker}, id: a, attacking: Bob}}]
    Bob:
      battlefield: [{{card: Grizzly Bears, id: b}}]
actions:
  - advance: end-of-combat
expect:
  - {{player: Bob, life: 20}}
"""


@pytest.mark.parametrize("attacker,why", [
    ("Ophidian", "assigns no combat damage"),          # a line of a creature in combat the engine doesn't perform
])
def test_unperformed_text_of_a_creature_in_combat_is_unsupported(attacker, why):
    (q,) = load_text(QUESTION.format(attacker=attacker))
    r = run_question(q)
    text = r.message + (r.answer.unsupported if r.answer is not None and r.answer.unsupported else "")
    assert r.status == "unsupported" and why.lower() in text.lower(), (r.status, text)


@pytest.mark.parametrize("text", [
    "Whenever ~ deals combat damage to an opponent, draw a card.",    # a combat condition not read (``combat``)
    # read, its effect not modelled (the event's player and another subject in one sentence)
    "Whenever ~ deals combat damage to a player, you draw a card and that player discards a card.",
    "Whenever ~ is dealt damage, it deals that much damage to each player.",
])
def test_a_trigger_on_damage_makes_combat_damage_unsupported(monkeypatch, text):
    # 510.2, 603.2: combat damage would trigger it, and the engine does not perform what it then does
    from tests.test_engine_triggers import with_card
    with_card(monkeypatch, "Test Striker", "Creature — Test", text, ("2", "2"))
    (q,) = load_text(QUESTION.format(attacker="Test Striker"))
    r = run_question(q)
    assert r.status == "unsupported", (r.status, r.message)


PROTECTED = """
id: q
ask: outcome
state:
  turn: {{active: Alice, step: declare-blockers}}
  players:
    Alice:
      battlefield: [{{card: Test Striker, id: a, attacking: Bob}}]
    Bob:
      battlefield: [{{card: Vodalian Zombie, id: z, blocking: [a]}}]
actions:
  - advance: end-of-combat
expect:
  - {{object: z, zone: battlefield, damage: 0, counters: {{}}}}
  - {{player: Alice, life: 20}}
  - {{object: a, zone: {zone}}}
"""


@pytest.mark.parametrize("colors, text, zone", [
    ("{G}", "Deathtouch, lifelink", "graveyard"),          # 702.16e: no damage dealt, so no 704.5h and no life
    ("{G}", "Infect", "graveyard"),                         # nor -1/-1 counters (702.90c)
])
def test_protection_prevents_what_combat_damage_would_do(monkeypatch, colors, text, zone):
    """Vodalian Zombie has protection from green: the green attacker's damage is prevented (702.16e), so its
    deathtouch, lifelink and infect do nothing (each needs damage dealt: 702.2b, 702.15b, 702.90c); the Zombie's
    2 destroys the 1/1."""
    from mtgjudge.model.cards import lookup
    from mtgjudge.model.cards.loader import built_in_cards, known_names
    from mtgjudge.model.cards.lookup import CardDB
    from mtgjudge.model.cards.sources import CardRecord, FaceRecord
    from mtgjudge.model.oracle import compile_card
    record = CardRecord("Test Striker", "normal", (FaceRecord("Test Striker", colors, "Creature — Test", text, "1", "1"),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)
    (q,) = load_text(PROTECTED.format(zone=zone))
    r = run_question(q)
    assert r.status == "pass", (r.status, r.message)
