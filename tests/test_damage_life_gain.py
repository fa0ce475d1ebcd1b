""""Whenever ~ deals damage, you gain that much life." (603.2): a trigger on the object's own damage, once for all it
deals at once, "that much" the damage dealt; performed for combat damage (510.2), noncombat damage from such a
source unsupported. The near misses (another object's damage, damage to a player, "that much" of another event or
with nothing before it) stay unmodelled."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.reading import render_line
from mtgjudge.queries.format.files import load_text

LINE = "Whenever ~ deals damage, you gain that much life."


def _read(line: str, spell: bool = False):
    return compile_line(line, line, LineContext(spell=spell))


def test_the_trigger_is_read_603_2() -> None:
    (a,) = _read(LINE)
    assert a.kind == "triggered" and (a.trigger_event.event, a.trigger_event.who) == ("deals_damage", "self")
    (e,) = a.effects
    assert e.arg("acts") == (("gain_life", ("that_much", 0), False),)
    assert render_line((a,)) == LINE


@pytest.mark.parametrize("line,spell", [
    ("Whenever a creature you control deals damage, you gain that much life.", False),
    ("Whenever ~ deals damage to a player, you gain that much life.", False),         # a narrower event
    ("Whenever ~ deals combat damage to a player, you gain that much life.", False),  # "that much" of another event
    ("When ~ enters, you gain that much life.", False),
    ("Whenever ~ deals damage, each opponent loses that much life.", False),          # "that much" of another verb
    ("You gain that much life.", True),                                               # nothing it refers to
])
def test_near_misses_stay_unmodelled(line: str, spell: bool) -> None:
    (a,) = _read(line, spell)
    assert a.kind == "unmodelled"


def _with_card(monkeypatch, text: str) -> None:
    record = CardRecord("Healer", "normal", (FaceRecord("Healer", "{1}", "Creature — Cleric", text, "2", "2"),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


def _finals(actions: str) -> list[Game]:
    (question,) = load_text(f"""
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{{card: Healer, id: h}}]
    Bob:
      battlefield: []
actions: {actions}
expect: [{{stack_size: 0}}]
""")
    assert not isinstance(question, Exception), question
    return run(Game(question.state), question.actions)


def test_combat_damage_triggers_it_with_that_much(monkeypatch) -> None:
    _with_card(monkeypatch, LINE)
    gs = _finals("[{attack: {h: Bob}}, {advance: end-of-combat}]")
    assert gs and all(g.state.player("Alice").life == 22 and g.state.player("Bob").life == 18 for g in gs)


def test_noncombat_damage_of_such_a_source_is_unsupported(monkeypatch) -> None:
    """Its own noncombat damage would trigger it too (603.2): not performed, so unsupported, never ignored."""
    _with_card(monkeypatch, LINE + "\n{T}: ~ deals 1 damage to any target.")
    with pytest.raises(Unsupported, match="triggers as it deals damage"):
        _finals("[{activate: h, targets: [Bob]}, {resolve: all}]")


def test_is_dealt_damage_and_that_much_damage_are_read_603_2() -> None:
    (a,) = _read("Whenever ~ is dealt damage, it deals that much damage to any target.")
    assert (a.trigger_event.event, a.trigger_event.who) == ("dealt_damage", "self")
    (e,) = a.effects
    assert (e.kind, e.arg("target")) == ("damage_that_much", "any target")
    assert render_line((a,)) == "Whenever ~ is dealt damage, it deals that much damage to any target."


@pytest.mark.parametrize("line", [
    "Whenever a creature you control is dealt damage, you gain 1 life.",    # another creature's damage
    "Whenever ~ is dealt damage, it deals that much damage to each player.",   # "each player" is not read
    "When ~ enters, it deals that much damage to any target.",             # "that much" of no damage
    "Whenever ~ attacks, you gain that much life.",
])
def test_dealt_damage_near_misses_stay_unmodelled(line: str) -> None:
    (a,) = _read(line)
    assert a.kind == "unmodelled"
