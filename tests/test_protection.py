"""Protection (702.16, ``rules.protection``): the qualities read from the keyword, each of its parts (DEBT) where
the rules would be wrong without it, the order it takes among prevention shields (616.1), and the qualities that
stay unmodelled. Expected values are worked out by hand from the rules cited."""
from __future__ import annotations

import pytest

from mtgjudge.model.engine import shields
from mtgjudge.model.engine.game import Game
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.rules import protection
from mtgjudge.model.state import Duration, Lasting, PreventionShield
from mtgjudge.queries.api import loads
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.runner import run_question
from tests.test_engine_triggers import with_card


@pytest.mark.parametrize("param, qualities", [
    ("from black", ("B",)),
    ("from black and from red", ("B", "R")),                          # 702.16g
    ("from creatures", ("Creature",)),                                 # 702.16a: a card type
    ("from artifacts and from enchantments", ("Artifact", "Enchantment")),
    ("from all colors", ("W", "U", "B", "R", "G")),                   # 702.16h
    ("from each color", ("W", "U", "B", "R", "G")),
    ("from everything", ("everything",)),                              # 702.16j
    ("from red and from red", ("R",)),                                 # 702.16m: redundant
    ("from Goblins", ("Goblin",)),                                     # 702.16a: a subtype
    ("from Elves", ("Elf",)),
    ("from Humans and from Zombies", ("Human", "Zombie")),
    ("from multicolored", ("multicolored",)),                          # 105.2c
    ("from monocolored", ("monocolored",)),                            # 105.2b
])
def test_qualities_read(param, qualities):
    assert protection.read(param) == qualities


@pytest.mark.parametrize("param", [
    "from the chosen player", "from the chosen color", "from colored spells", "from non-Spirit creatures",
    "from black and from legendary creatures", "from creatures with power 4 or greater", "from goblins",
    "from Destroy", "from two-word names", "",
])
def test_other_qualities_are_no_reading(param):
    assert protection.read(param) is None


@pytest.mark.parametrize("line, modelled", [
    ("Protection from red", True),
    ("First strike, protection from black and from red", True),
    ("Protection from Goblins", True),
    ("Protection from non-Spirit creatures", False),
    ("Protection from the chosen player", False),
    ("Protection from colored spells", False),
])
def test_the_keyword_is_modelled_only_when_its_quality_is_read(line, modelled):
    got = [a for a in compile_line(line, line, LineContext(spell=False)) if "rotection" in (a.source_text or a.text())]
    assert len(got) == 1
    assert (got[0].kind == "keyword" and got[0].keyword == "Protection") is modelled
    if modelled:
        assert got[0].render().lower() == line.split(", ")[-1].lower()       # rendered from the qualities


BOARD = """
id: q
ask: outcome
state:
  turn: {{active: Alice, step: precombat-main}}
  players:
    Alice:
      battlefield: [{{card: Raging Goblin, id: goblin}}]
    Bob:
      battlefield: [{{card: {card}, id: crab}}]
actions: [{{advance: end}}]
expect: []
"""


def _game(card: str) -> Game:
    (q,) = loads(BOARD.format(card=card))
    return Game(q.state)


def test_protection_orders_with_a_next_n_shield_616_1():
    """616.1: Bob chooses the order of the prevention effects on damage to his Oraxid: protection first leaves
    a "next 3" shield whole, the shield first uses 2 of it; either way no damage is dealt (702.16e)."""
    g = _game("Oraxid")
    st = g.state
    g = g.with_state(st.adding(Lasting(PreventionShield("damage", "Test Shield", to="crab", left=3), Duration("end_of_turn", 1))))
    got = sorted((tuple(s.left for s in b.state.in_force(PreventionShield)), left) for b, left in shields.prevent(g, "goblin", "crab", 2))
    assert got == [((1,), 0), ((3,), 0)]


def test_protection_of_another_quality_prevents_nothing():
    g = _game("White Knight")                    # protection from black; the Goblin is red
    assert [left for _, left in shields.prevent(g, "goblin", "crab", 2)] == [2]


def test_unpreventable_damage_is_dealt_despite_protection_615_12():
    g = _game("Oraxid")
    assert [left for _, left in shields.prevent(g, "goblin", "crab", 2, unpreventable=True)] == [2]


def test_protection_from_everything_prevents_a_colorless_source(monkeypatch):
    """702.16j: all damage that would be dealt to it is prevented, whatever the source's qualities."""
    with_card(monkeypatch, "Test Avatar", "Creature — Avatar", "Protection from everything", ("3", "3"))
    g = _game("Test Avatar")
    st = g.state
    assert protection.protected_from(st, "crab", "goblin") == "everything"
    assert [left for _, left in shields.prevent(g, "goblin", "crab", 5)] == [0]


EVERYTHING_BLOCK = """
id: q
ask: can-block
about: thopter
attacker: avatar
state:
  turn: {active: Alice, step: declare-attackers}
  players:
    Alice:
      battlefield: [{card: Test Avatar, id: avatar, attacking: Bob}]
    Bob:
      battlefield: [{card: Ornithopter, id: thopter}]
expect: no
"""


def test_protection_from_everything_cant_be_blocked_by_a_colorless_creature(monkeypatch):
    with_card(monkeypatch, "Test Avatar", "Creature — Avatar", "Protection from everything", ("3", "3"))
    (q,) = load_text(EVERYTHING_BLOCK)
    r = run_question(q)
    assert r.status == "pass" and any("702.16f" in s.rules for s in r.answer.why), (r.status, r.message)


NEMESIS = """
id: q
ask: {ask}
about: {about}
{extra}
state:
  turn: {{active: Alice, step: {step}}}
  players:
    Alice:
      hand: [{{card: Dismember, id: dis}}]
      battlefield: [Swamp, Swamp, Swamp, {{card: Grizzly Bears, id: bears{attacking}}}]
    Bob:
      battlefield: [{{card: True-Name Nemesis, id: tnn}}]
"""


@pytest.mark.parametrize("ask, about, extra, step, attacking", [
    ("can-play", "dis", "", "precombat-main", ""),                          # 702.16b: targets
    ("can-block", "tnn", "attacker: bears", "declare-attackers", ", attacking: Bob"),   # 702.16f: blocking
])
def test_protection_from_a_player_stays_unmodelled(ask, about, extra, step, attacking):
    """The near miss: "protection from the chosen player" (702.16k) is not read; every question it could
    change is unsupported, naming the line."""
    (q,) = load_text(NEMESIS.format(ask=ask, about=about, extra=extra, step=step, attacking=attacking))
    r = run_question(q)
    text = r.message + (r.answer.unsupported if r.answer is not None and r.answer.unsupported else "")
    assert r.status == "unsupported" and "chosen player" in text, (r.status, text)


SUBTYPE_BLOCK = """
id: q
ask: can-block
about: {blocker}
attacker: guard
state:
  turn: {{active: Alice, step: declare-attackers}}
  players:
    Alice:
      battlefield: [{{card: Test Guard, id: guard, attacking: Bob}}]
    Bob:
      battlefield: [{{card: Raging Goblin, id: goblin}}, {{card: Grizzly Bears, id: bears}}]
expect: {expect}
"""


@pytest.mark.parametrize("blocker, expect", [("goblin", "no"), ("bears", "yes")])
def test_protection_from_a_subtype_702_16a(monkeypatch, blocker, expect):
    """702.16a: protection from Goblins: the Goblin Berserker can't block it; the Bear can."""
    with_card(monkeypatch, "Test Guard", "Creature — Human Soldier", "Protection from Goblins", ("2", "2"))
    (q,) = load_text(SUBTYPE_BLOCK.format(blocker=blocker, expect=expect))
    r = run_question(q)
    assert r.status == "pass", (r.status, r.message)


def test_multicolored_is_two_colors_or_more():
    g = _game("Oraxid")
    st = g.state
    assert protection.has_quality(st, "goblin", "monocolored") and not protection.has_quality(st, "goblin", "multicolored")


def test_a_source_that_left_its_zone_is_unsupported_608_2b():
    """The source of an ability that left the battlefield is asked as it last existed there (608.2b), which the
    state no longer holds: unsupported where a protection asks its quality; a card that never moved is read."""
    from dataclasses import replace
    from mtgjudge.model.errors import Unsupported
    st = _game("Oraxid").state
    gone = st.evolve(objects=tuple(replace(o, zone="graveyard") if o.id == "goblin" else o for o in st.objects))
    assert protection.protected_from(gone, "crab", "goblin") == "R"          # a red card in a graveyard
    moved = gone.evolve(zone_changes=(("goblin", 1),))
    with pytest.raises(Unsupported, match="last existed"):
        protection.protected_from(moved, "crab", "goblin")


def test_a_list_of_qualities_with_commas_is_one_keyword_702_16g():
    line = "Protection from blue, from black, and from red"
    (a,) = compile_line(line, line, LineContext(spell=False))
    assert a.kind == "keyword" and a.protection == ("U", "B", "R")
    # near miss: a keyword after it stays its own
    got = compile_line("Protection from white, flying", "Protection from white, flying", LineContext(spell=False))
    assert [(x.keyword, x.protection) for x in got] == [("Protection", ("W",)), ("Flying", ())]
