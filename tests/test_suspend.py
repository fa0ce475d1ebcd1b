"""Suspend (CR 702.62a): the line read whole as its three abilities and said back as the keyword; a suspended card
in exile (702.62b, given by the question's state) loses a time counter at its owner's upkeep and is cast without
paying its mana cost as the last is removed (corpus questions in queries/corpus/outcome/suspend.yaml, from the rule
and Ancestral Vision's rulings by hand); near misses the engine does not perform stay unsupported, naming it."""
from __future__ import annotations

import pytest

from mtgjudge.model.objects import CardDef
from mtgjudge.model.oracle.reading import render_line
from tests.card_helpers import card, answer

REMINDER = (" (Rather than cast this card from your hand, you may pay {G} and exile it with five time counters on it. "
            "At the beginning of your upkeep, remove a time counter. When the last is removed, cast it without paying "
            "its mana cost.)")


UPKEEP = """
id: t
ask: outcome
state:
  turn: {{active: Bob, number: 2}}
  players:
    Alice:
      exile: [{{card: {name}, id: s, counters: {{time: {n}}}}}]
      library: 5
    Bob:
      battlefield: [{bob}]
      library: 5
actions:
  - advance: next-turn
  - resolve: all
{expect}
"""


def at_upkeep(name: str, expect: str, *cards: CardDef, n: int = 1, bob: str = "") -> tuple[str, object, str]:
    return answer(UPKEEP.format(name=name, n=n, bob=bob, expect=expect), *cards)


# ---------------------------------------------------------------- reading

def test_suspend_reads_as_its_three_abilities_and_renders_as_the_keyword():
    c = card("Frob Baloth", "Sorcery", "{4}{G}{G}", "Suspend 5—{G}" + REMINDER + "\nYou gain 5 life.")
    static, tick, cast = c.faces[0].abilities[:3]
    assert static.static.kind == "suspend" and static.static.arg("n") == 5 and static.zones == ("hand",)
    assert tick.trigger_event.event == "upkeep" and tick.intervening == "suspended" and tick.zones == ("exile",)
    assert cast.trigger_event.event == "last_counter_removed" and cast.intervening == "exiled"
    assert render_line((static, tick, cast)) == "Suspend 5—{G}"
    assert c.modelled and not any(a.kind == "unmodelled" for a in c.faces[0].abilities)


@pytest.mark.parametrize("line", ["Suspend X—{X}{3}{U}. X can't be 0.", "Suspend 3—{2}{W}, Pay 2 life.",
                                  "Suspend 2—{X}{G}"])
def test_near_misses_of_the_suspend_line_stay_unmodelled(line):
    c = card("Frob Baloth", "Sorcery", "{4}{G}{G}", line + "\nYou gain 5 life.")
    first = c.faces[0].abilities[0]
    assert first.keyword != "Suspend" and first.render() is None or "not read" in (first.render() or "")


# ---------------------------------------------------------------- performing

def test_a_suspended_spell_with_no_legal_target_remains_exiled_with_no_time_counter():
    # Ancestral Vision ruling 2013-06-07: "If you can't cast the card, perhaps because there are no legal targets
    # available, it remains exiled with no time counters on it, and it's no longer suspended"
    doom = card("Frob Doom", "Sorcery", "{3}{B}", "Suspend 1—{B}" + REMINDER + "\nDestroy target creature.")
    status, value, msg = at_upkeep("Frob Doom", "expect:\n  - {object: s, zone: exile, counters: {}}\n"
                                   "  - {stack_size: 0}", doom)
    assert (status, value) == ("pass", True), msg


def test_a_card_in_exile_with_time_counters_but_no_suspend_keeps_them():
    # 702.62b: "suspended" needs suspend: a card without it has no such upkeep ability
    status, value, msg = at_upkeep("Grizzly Bears", "expect:\n  - {object: s, zone: exile, counters: {time: 1}}")
    assert (status, value) == ("pass", True), msg


def test_the_suspend_static_leaves_what_the_hand_can_cast_unchanged():
    # 702.62a, 116.2f: suspending is a special action, not casting: a card with no mana cost still can't be cast
    # from the hand (118.6)
    status, value, msg = answer("""
id: t
ask: can-play
about: vision
state:
  players:
    Alice:
      battlefield: [Island]
      hand: [{card: Ancestral Vision, id: vision}]
    Bob: {}
expect: no
""")
    assert (status, value) == ("pass", False), msg


def test_near_miss_a_suspended_creature_cast_is_unsupported():
    # 702.62a: a creature spell cast this way gains haste until its controller loses control of it: not performed,
    # so the branch that casts it makes the answer unsupported, never skipped
    baloth = card("Frob Baloth", "Creature — Beast", "{4}{G}{G}", "Suspend 5—{G}" + REMINDER, "5/5")
    status, _, msg = at_upkeep("Frob Baloth", "expect:\n  - {stack_size: 0}", baloth)
    assert status == "unsupported" and "haste" in msg, msg


def test_near_miss_a_suspended_aura_cast_is_unsupported():
    plating = card("Frob Plating", "Enchantment — Aura", "{2}{G}", "Enchant creature\nEnchanted creature gets +2/+2.\n"
                   "Suspend 2—{G}" + REMINDER)
    status, _, msg = at_upkeep("Frob Plating", "expect:\n  - {stack_size: 0}", plating,
                               bob="{card: Grizzly Bears, id: bear}")
    assert status == "unsupported" and "Aura" in msg, msg


def test_a_suspended_creature_with_counters_left_is_answered():
    # its last counter is not removed this upkeep: the cast (and its haste) is not reached
    baloth = card("Frob Baloth", "Creature — Beast", "{4}{G}{G}", "Suspend 5—{G}" + REMINDER, "5/5")
    status, value, msg = at_upkeep("Frob Baloth", "expect:\n  - {object: s, zone: exile, counters: {time: 2}}", baloth,
                                   n=3)
    assert (status, value) == ("pass", True), msg
