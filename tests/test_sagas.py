"""Sagas (714; ``words.sagas``): chapter lines read (714.2b-c), the chapters triggering as lore counters are put
(entering, 714.3a; the precombat main phase, 714.3c), and the near misses: a chapter not read is unsupported only
when lore counters reach it, and read ahead is unsupported."""
from __future__ import annotations

import pytest

from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.words.sagas.read import chapter_abilities, chapter_numbers
from tests.engine_helpers import ask_text as ask


def test_chapter_numbers():
    assert chapter_numbers("II, III — Draw a card.") == ((2, 3), "Draw a card.")
    assert chapter_numbers("IV — Draw a card.") == ((4,), "Draw a card.")
    assert chapter_numbers("Landfall — Whenever a land enters, draw a card.") is None


def test_one_ability_for_each_numeral_and_an_unread_effect_stays_unmodelled():
    made = chapter_abilities("I, II — Draw a card.", "I, II — Draw a card.",
                             lambda effect: ([object()], []), lambda p: Ability("unmodelled", source_text=p))
    assert [a.trigger_event.n for a in made] == [1, 2]
    kept = chapter_abilities("III — Frob.", "III — Frob.", lambda effect: None,
                             lambda p: Ability("unmodelled", source_text=p))
    assert [a.kind for a in kept] == ["unmodelled"]
    # 714.2c, 714.2d: each unread numeral is still its own chapter, so the final chapter and the lore counter that
    # reaches it are known without reading the line again
    unread = chapter_abilities("II, IV — Frob.", "II, IV — Frob.", lambda effect: None,
                               lambda p: Ability("unmodelled", source_text=p, unmodelled_kind="triggered"))
    assert [(a.kind, a.trigger_event.n) for a in unread] == [("unmodelled", 2), ("unmodelled", 4)]
    from mtgjudge.model.engine.triggers import trigger_of
    assert [trigger_of(a).n for a in unread] == [2, 4]


ELSPETH = """
id: t
ask: outcome
state:
  turn: {{active: Alice, step: {step}}}
  players:
    Alice:
      battlefield: [Plains, Plains, Plains, Plains, Plains{saga}]
      hand: [{{card: Elspeth Conquers Death, id: ecd}}]
    Bob:
      battlefield: [{{card: Hill Giant, id: giant}}]
actions:
{actions}
expect:
  - {{object: giant, zone: exile}}
"""


def test_a_chapter_read_is_answered_while_the_unread_ones_wait():
    # chapter I (read) as it enters: answered although chapters II and III are not read (714.2b: they trigger only
    # when the lore counters reach 2 and 3)
    r = ask(ELSPETH.format(step="precombat-main", saga="", actions="  - cast: ecd\n  - resolve: all"))
    assert r.status == "pass", (r.status, r.message)


def test_an_unread_chapter_reached_is_unsupported():
    r = ask(ELSPETH.format(step="draw", saga=", {card: Elspeth Conquers Death, id: laid, counters: {lore: 1}}",
                           actions="  - advance: precombat-main"))
    assert r.status == "unsupported" and "lore counter 2" in (r.message or "")


def test_read_ahead_is_unsupported_as_it_enters():
    from mtgjudge.model.build import obj
    from mtgjudge.model.words.sagas.perform import entering_lore
    o = obj("ecd", "Elspeth Conquers Death")
    with pytest.raises(Exception, match="read ahead"):
        entering_lore(o, ("Saga",), {"Read ahead"})
    assert entering_lore(o, ("Saga",), set()) == 1 and entering_lore(o, ("Aura",), set()) == 0
