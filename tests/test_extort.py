"""Extort read as the ability its rule says it means (702.101a): "You may pay {W/B}." a payment its controller makes
or not as it resolves (608.2d: ``words.optional``'s ``may_pay``), "If you do" after it, and "you gain that much life"
the total life the act before lost (Syndic of Tithes's ruling 2013-04-15). The near misses (a number extort does
not take, a payment of X or of life, "that much" with no life lost before it) stay unmodelled."""
from __future__ import annotations

import pytest

from mtgjudge.model.oracle.lines import LineContext, compile_line
from mtgjudge.model.oracle.reading import render_line
from mtgjudge.model.words.players.record import valid_sequence


def _read(line: str, spell: bool = False):
    return compile_line(line, line, LineContext(spell=spell))


def test_extort_is_its_meaning_702_101a() -> None:
    (a,) = _read("Extort")
    assert a.kind == "triggered" and a.keyword == "Extort"
    assert (a.trigger_event.event, a.trigger_event.who) == ("cast", "you")
    pay, if_do, acts = a.effects
    assert (pay.kind, pay.arg("mana")) == ("may_pay", "{W/B}")
    assert if_do.kind == "if_you_do"
    assert acts.arg("acts") == (("lose_life", 1, False), ("gain_life", ("that_much", 0), False, "you"))
    assert render_line((a,)) == "Extort"


def test_may_pay_reads_back() -> None:
    line = "When ~ enters, you may pay {2}. If you don't, sacrifice ~."
    (a,) = _read(line)
    assert [e.kind for e in a.effects] == ["may_pay", "if_you_dont", "sacrifice_self"]


def test_that_much_only_after_life_lost() -> None:
    assert valid_sequence((("lose_life", 1, False), ("gain_life", ("that_much", 0), False, "you")))
    assert not valid_sequence((("draw", 1, False), ("gain_life", ("that_much", 0), False, "you")))
    # first, it is the trigger event's damage: only a "deals damage" trigger's reader accepts it (test_damage_life_gain)
    assert valid_sequence((("gain_life", ("that_much", 0), False, "you"),))
    # the same subject gaining what it lost is not "you"
    assert not valid_sequence((("lose_life", 1, False), ("gain_life", ("that_much", 0), False)))


@pytest.mark.parametrize("line", [
    "Extort 2",                                                     # 702.101a takes no number
    "Extort {W/B}",                                                 # nor a cost
    # a payment of X, or of life, is not the mana "may_pay" reads
    "Whenever you cast a spell, you may pay {X}. If you do, each opponent loses 1 life and you gain that much life.",
    "Whenever you cast a spell, you may pay 2 life. If you do, each opponent loses 1 life and you gain that much life.",
    # "that much" with nothing lost before it
    "Whenever you cast a spell, you gain that much life.",
    "Whenever you cast a spell, each opponent loses 1 life and gains that much life.",
])
def test_near_misses_stay_unmodelled(line: str) -> None:
    (a,) = _read(line)
    assert a.kind == "unmodelled"


def test_extort_like_line_not_read_is_unsupported(monkeypatch) -> None:
    """Near miss: an extort-like ability paid with life is not read, so casting a spell while it is on the battlefield
    is unsupported rather than answered as if it did nothing."""
    from mtgjudge.model.cards import lookup
    from mtgjudge.model.cards.loader import built_in_cards, known_names
    from mtgjudge.model.cards.lookup import CardDB
    from mtgjudge.model.cards.sources import CardRecord, FaceRecord
    from mtgjudge.model.engine.actions import run
    from mtgjudge.model.engine.game import Game
    from mtgjudge.model.errors import Unsupported
    from mtgjudge.model.oracle import compile_card
    from mtgjudge.queries.format.files import load_text
    text = ("Whenever you cast a spell, you may pay 2 life. If you do, each opponent loses 1 life and you gain that "
            "much life.")
    record = CardRecord("Tithe Taker", "normal", (FaceRecord("Tithe Taker", "{1}", "Creature — Cleric", text, "2", "2"),))
    db = CardDB(list(built_in_cards()) + [compile_card(record)], known_names())
    monkeypatch.setattr(lookup, "_card_db", lambda store: db)
    (question,) = load_text("""
id: t
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Tithe Taker, id: t}, Mountain]
      hand: [{card: Lightning Bolt, id: bolt}]
    Bob: {}
actions: [{cast: bolt, targets: [Bob]}, {resolve: all}]
expect: [{stack_size: 0}]
""")
    assert not isinstance(question, Exception), question
    with pytest.raises(Unsupported):
        run(Game(question.state), question.actions)
