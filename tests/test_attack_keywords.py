"""Keywords of attacking creatures read as the abilities their rules say they mean: mentor (702.134a: its target an
attacking creature with less power than the source's, as it is chosen and as it resolves), battle cry (702.91a),
dethrone (702.105a: the life totals as attackers are declared). The near misses (a number they do not take, a
"with lesser power" target of a spell or of another condition, "the player with the most life" without "or tied")
stay unmodelled or unsupported, so a question they could change is never answered as if they did nothing."""
from __future__ import annotations

import pytest

from mtgjudge.model.cards import lookup
from mtgjudge.model.cards.loader import built_in_cards, known_names
from mtgjudge.model.cards.lookup import CardDB
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.sba import power
from mtgjudge.model.engine.triggers import attack_events
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.oracle import compile_card
from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.reading import render_line
from mtgjudge.model.objects import GameObject
from mtgjudge.model.rules.characteristics import matches, printed_characteristics
from mtgjudge.model.vocab import phrases
from mtgjudge.queries.format.files import load_text


def _read(line: str):
    return compile_line(line, line, LineContext(spell=False))


def test_mentor_is_its_meaning_702_134a() -> None:
    (a,) = _read("Mentor")
    assert a.kind == "triggered" and a.keyword == "Mentor"
    assert (a.trigger_event.event, a.trigger_event.who) == ("attacks", "self")
    (e,) = a.effects
    assert e.kind == "counter_target" and e.arg("kind") == "+1/+1"
    spec = phrases.parse_target(e.arg("target"))
    (sel,) = spec.objects
    assert sel.lesser_power and sel.combat == "attacking" and "Creature" in sel.types
    assert render_line((a,)) == "Mentor"


def test_battle_cry_is_its_meaning_702_91a() -> None:
    (a,) = _read("Battle cry")
    assert a.kind == "triggered" and a.keyword == "Battle cry"
    assert (a.trigger_event.event, a.trigger_event.who) == ("attacks", "self")
    (e,) = a.effects
    assert e.kind == "until_end_of_turn" and (e.arg("power"), e.arg("toughness")) == (1, 0)


def test_dethrone_is_its_meaning_702_105a() -> None:
    (a,) = _read("Dethrone")
    assert a.kind == "triggered" and a.keyword == "Dethrone"
    assert (a.trigger_event.event, a.trigger_event.who) == ("attacks_most_life", "self")
    (e,) = a.effects
    assert e.kind == "counter" and e.arg("kind") == "+1/+1" and e.arg("self_as_it")


def test_dethrone_event_is_the_most_life_or_tied_702_105a() -> None:
    """An attacker of a player no player has more life than attacks the player with the most life; one of a
    planeswalker never does (Grenzo's Cutthroat's ruling 2014-05-29)."""
    lives = {"Alice": 20, "Bob": 20, "Carol": 7}
    events = attack_events({"a": "Bob", "b": "Carol", "c": "pw"}, lives)
    assert [e for e in events if e[0] == "attacks_most_life"] == [("attacks_most_life", "a", "Bob")]
    assert ("attacks_most_life", "a", "Alice") not in attack_events({"a": "Alice"}, {"Alice": 19, "Bob": 20})


def test_lesser_power_is_compared_only_for_a_target() -> None:
    """"with lesser power" says less than whose power only where a target is checked against its source
    (``rules.targets``); matched anywhere else it is unsupported."""
    (a,) = _read("Mentor")
    (sel,) = phrases.parse_target(a.effects[0].arg("target")).objects
    assert sel.describe() == "attacking creature with lesser power"
    bears = next(c for c in built_in_cards() if c.name == "Grizzly Bears")
    o = GameObject("b", bears, "Alice", "Alice", "battlefield")
    with pytest.raises(Unsupported):
        matches(sel, printed_characteristics(o), o, "Alice", None, "declare-attackers")


@pytest.mark.parametrize("line", [
    "Mentor 2",                                     # 702.134a takes no number
    "Battle cry 1",                                 # 702.91a takes no number
    "Dethrone 1",                                   # 702.105a takes no number
    # "lesser power" than what: a creature the event is about, not the source
    "Whenever a creature you control attacks, put a +1/+1 counter on target attacking creature with lesser power.",
    # not "or tied for most life"
    "Whenever ~ attacks the player with the most life, put a +1/+1 counter on it.",
    # "lesser power" after other qualifiers is not read
    "Whenever ~ attacks, put a +1/+1 counter on target attacking creature you control with lesser power.",
])
def test_near_misses_stay_unmodelled(line: str) -> None:
    (a,) = _read(line)
    assert a.kind == "unmodelled"


def _with_card(monkeypatch, name: str, text: str, pt=("3", "1")) -> None:
    record = CardRecord(name, "normal", (FaceRecord(name, "{1}", "Creature — Soldier", text, *pt),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)


_ATTACK = """
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{{card: {attacker}, id: a}}, {{card: Grizzly Bears, id: b}}]
    Bob:
      battlefield: []
actions: [{{attack: {{a: Bob, b: Bob}}}}, {{advance: end-of-combat}}]
expect: [{{stack_size: 0}}]
"""


def _finals(attacker: str) -> list[Game]:
    (question,) = load_text(_ATTACK.format(attacker=attacker))
    assert not isinstance(question, Exception), question
    return run(Game(question.state), question.actions)


def test_mentor_like_line_not_read_is_unsupported(monkeypatch) -> None:
    """Near miss: a mentor-like line whose target is any creature with lesser power of yours, not an attacking one,
    is not read: attacking with it is unsupported, never answered as if the Bears got nothing."""
    _with_card(monkeypatch, "Drill Sergeant", "Whenever ~ attacks, put a +1/+1 counter on target creature you control "
                                              "with lesser power.")
    with pytest.raises(Unsupported):
        _finals("Drill Sergeant")


def test_dethrone_like_line_not_read_is_unsupported(monkeypatch) -> None:
    """Near miss: "attacks the player with the most life" (no "or tied") is a combat condition not read: the tied
    players' attack is unsupported rather than answered as if it did or didn't trigger."""
    _with_card(monkeypatch, "Usurper", "Whenever ~ attacks the player with the most life, put a +1/+1 counter on it.")
    with pytest.raises(Unsupported):
        _finals("Usurper")


def test_two_mentors_each_trigger_702_134b(monkeypatch) -> None:
    """702.134b: two instances of mentor on one 3/1 each trigger; both target the Bears (power 2): the first makes
    them 3/3, the second's target, no longer of lesser power, is illegal as it resolves (608.2b)."""
    _with_card(monkeypatch, "Twice Mentoring", "Mentor\nMentor")
    gs = _finals("Twice Mentoring")
    assert gs
    for g in gs:
        assert power(g, "b") == 3
        assert g.state.player("Bob").life == 20 - 6
