"""The timing concept (``model.words.timing``): a card's own text about when it may be cast, read and applied.
"Cast this spell only ..." (601.3, 506.7) and "You may cast ~ as though it had flash ..." (702.8a, 601.3c,
601.2f, with the cleanup-step sacrifice of its rider, 603.7a and 514.3a). Expected answers derived by hand from
those rules and the cards' rulings (Ghitu Fire 2004-10-04, Armor of Thorns 2009-10-01)."""
from __future__ import annotations

import pytest

from mtgjudge.model.build import obj, state_of
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.words.restrictions.read import restriction_static
from mtgjudge.model.words.timing.read import timing_static
from tests.card_helpers import card, answer_and_reasons as answer

# ---------------------------------------------------------------- "Cast this spell only ..." (601.3, 506.7)

@pytest.mark.parametrize("line,clauses", [
    ("Cast ~ only during combat.", ("during combat",)),
    ("Cast ~ only during combat before blockers are declared.", ("during combat before blockers are declared",)),
    ("Cast ~ only during your turn and only during combat.", ("during your turn", "during combat")),
    ("Cast ~ only before blockers are declared.", ("before blockers are declared",)),
    ("Cast ~ only during the declare blockers step.", ("during the declare blockers step",)),
    ("Cast ~ only during an opponent's turn, before attackers are declared.",
     ("during an opponent's turn, before attackers are declared",)),
])
def test_cast_restrictions_read(line, clauses):
    a = timing_static(line, line)
    assert a is not None and a.static.kind == "cast_only" and a.static.arg("clauses") == clauses
    assert a.render() == line.replace("~", "this spell")


@pytest.mark.parametrize("line", [
    # what happened this turn or this step, which the state does not record; a point after combat, not read
    "Cast ~ only if you've cast another spell this turn.",
    "Cast ~ only after combat.",
    "Cast ~ only during combat on your opponent's turn.",
])
def test_other_cast_restrictions_stay_unread(line):
    assert timing_static(line, line) is None and restriction_static(line, line) is None


def _cast_allowed(card: str, step: str, active: str = "Alice", attacking: bool = True) -> bool:
    from mtgjudge.model.rules.timing import cast_restrictions

    objects = [obj("c", card, zone="hand")]
    if attacking:
        objects.append(obj("a", "Grizzly Bears", controller=active, attacking="Bob" if active == "Alice" else "Alice"))
    st = state_of(*objects, active=active, step=step)
    return all(ok for _, ok in cast_restrictions(st, "c", "Alice"))


#: 506.7b-c: Panic ("during combat before blockers are declared") and Aleatory ("... after blockers are declared")
#: in each step of a turn whose attackers were declared.
_COMBAT_TIMES = {"upkeep": (False, False), "precombat-main": (False, False), "beginning-of-combat": (True, False),
                 "declare-attackers": (True, False), "declare-blockers": (False, True), "combat-damage": (False, True),
                 "end-of-combat": (False, True), "postcombat-main": (False, False), "end": (False, False)}


@pytest.mark.parametrize("step", sorted(_COMBAT_TIMES))
def test_the_points_of_combat_in_each_step(step):
    assert (_cast_allowed("Panic", step), _cast_allowed("Aleatory", step)) == _COMBAT_TIMES[step]


def test_whose_turn_a_restriction_names():
    # Festival: only during an opponent's upkeep; Panic names no player (506.7c: any player's combat)
    assert _cast_allowed("Festival", "upkeep", active="Bob", attacking=False)
    assert not _cast_allowed("Festival", "upkeep", active="Alice", attacking=False)
    assert _cast_allowed("Panic", "declare-attackers", active="Bob")


def test_an_opponents_turn_before_attackers_are_declared():
    # Siren's Call: 506.7a, before the declare attackers step begins, on an opponent's turn only
    from mtgjudge.model.rules.timing import during_requirement

    clause = "during an opponent's turn, before attackers are declared"
    allowed = {(active, step) for active in ("Alice", "Bob") for step in ("upkeep", "precombat-main",
               "beginning-of-combat", "declare-attackers", "end")
               if during_requirement(state_of(active=active, step=step), "Alice", clause, "cast", "601.3")[1]}
    assert allowed == {("Bob", "upkeep"), ("Bob", "precombat-main"), ("Bob", "beginning-of-combat")}


def test_after_blockers_with_no_attacker_left_is_unsupported():
    # 506.7f, 508.8: with no creature attacking in the end of combat step, the declare blockers step may have been
    # skipped (then Aleatory can't be cast) or the attackers left combat; the state does not say which
    with pytest.raises(Unsupported, match="506.7f"):
        _cast_allowed("Aleatory", "end-of-combat", attacking=False)


# ---------------------------------------------------------------- "as though it had flash" (702.8a, 601.3c)

RIDER = ("If you cast it any time a sorcery couldn't have been cast, the controller of the permanent it becomes "
         "sacrifices it at the beginning of the next cleanup step.")


@pytest.mark.parametrize("line,extra,sacrificed", [
    ("You may cast ~ as though it had flash.", "", False),
    ("You may cast ~ as though it had flash if you pay {2} more to cast it.", "{2}", False),
    ("You may cast ~ as though it had flash. " + RIDER, "", True),
])
def test_flash_permissions_read_and_render(line, extra, sacrificed):
    a = timing_static(line, line)
    assert a is not None and a.static.kind == "flash_permission"
    assert (a.static.arg("extra", ""), a.static.arg("sacrificed", False)) == (extra, sacrificed)
    assert a.static.text() == line.rstrip(".")


@pytest.mark.parametrize("line", [
    # a condition first (Hungering Yeti, Dragon Grip), another rider, both an extra cost and the rider, an X
    "As long as you control a green or blue permanent, you may cast ~ as though it had flash.",
    "Ferocious — If you control a creature with power 4 or greater, you may cast ~ as though it had flash.",
    "You may cast ~ as though it had flash. If you cast it any time a sorcery couldn't have been cast, draw a card.",
    "You may cast ~ as though it had flash if you pay {2} more to cast it. " + RIDER,
    "You may cast ~ as though it had flash if you pay {X} more to cast it.",
])
def test_other_flash_permissions_stay_unread(line):
    assert timing_static(line, line) is None


def _can_play(name: str, lands: str, active: str, stack: str = "") -> tuple[str, object, str]:
    return answer(f"""
id: t
ask: can-play
about: c
state:
  turn: {{active: {active}}}
  players:
    Alice:
      battlefield: [{lands}]
      hand: [{{card: {name}, id: c}}]
    Bob: {{}}
{stack}
""")


def test_the_extra_is_paid_only_when_the_permission_is_used_601_3c():
    # Rout {3}{W}{W}: on Bob's turn five Plains are short of the {2} more, seven pay it; on Alice's turn, five
    assert _can_play("Rout", ", ".join(["Plains"] * 6), "Bob")[:2] == ("answered", False)
    assert _can_play("Rout", ", ".join(["Plains"] * 7), "Bob")[:2] == ("answered", True)
    assert _can_play("Rout", ", ".join(["Plains"] * 5), "Alice")[:2] == ("answered", True)
    # Alice's main phase with a spell on the stack: a sorcery couldn't be cast, so the permission is used
    bolt = "  stack: [{card: Lightning Bolt, controller: Bob, targets: [Alice]}]"
    assert _can_play("Rout", ", ".join(["Plains"] * 5), "Alice", bolt)[:2] == ("answered", False)
    assert _can_play("Rout", ", ".join(["Plains"] * 7), "Alice", bolt)[:2] == ("answered", True)


def test_the_extra_is_not_part_of_the_mana_cost_ghitu_fire_2004_10_04():
    # X=0: {X}{R} and {2}, three Mountains; the answer says the {2} is added to the mana cost, not in it
    status, value, msg = _can_play("Ghitu Fire", "Mountain, Mountain, Mountain", "Bob")
    assert (status, value) == ("answered", True), msg
    assert "its mana cost {X}{R} plus {2}" in msg, msg


def _spider_climb(turn: str, stack: str = "") -> str:
    return f"""
id: t
ask: outcome
state:
  turn: {turn}
  players:
    Alice:
      battlefield: [Forest, Forest, {{card: Grizzly Bears, id: bears}}]
      hand: [{{card: Spider Climb, id: climb}}]
      library: 3
    Bob:
      battlefield: [Mountain]
      hand: [{{card: Lightning Bolt, id: bolt}}]
      library: 3
actions:
{stack}  - {{cast: climb, targets: [bears]}}
  - resolve: all
  - advance: next-turn
expect:
  - {{object: climb, zone: %s}}
"""


def test_the_rider_sacrifices_only_what_was_cast_where_a_sorcery_couldnt_be_702_8a():
    # Bob's turn: sacrificed at Bob's cleanup; Alice's main phase with an empty stack: stays; Alice's main phase
    # with Bob's Lightning Bolt on the stack: sacrificed at Alice's cleanup
    assert answer(_spider_climb("{active: Bob}") % "graveyard")[:2] == ("pass", True)
    assert answer(_spider_climb("{active: Alice}") % "battlefield")[:2] == ("pass", True)
    bolt = "  - {cast: bolt, by: Bob, targets: [Alice]}\n"
    assert answer(_spider_climb("{active: Alice}", bolt) % "graveyard")[:2] == ("pass", True)
    # the sacrifice is that cleanup's: before it, still on the battlefield
    early = _spider_climb("{active: Bob}").replace("advance: next-turn", "advance: end") % "battlefield"
    assert answer(early)[:2] == ("pass", True)


def test_a_spell_with_flash_from_elsewhere_and_a_rider_is_unsupported_armor_of_thorns_2009_10_01():
    # which permission its caster uses decides the sacrifice: a choice the engine does not branch on
    both = card("Frob Ward", "Enchantment", "{1}{W}", "Flash\nYou may cast ~ as though it had flash. " + RIDER)
    status, _, msg = answer("""
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [Plains, Plains]
      hand: [{card: Frob Ward, id: w}]
    Bob: {}
actions:
  - cast: w
  - resolve: 1
expect:
  - {object: w, zone: battlefield}
""", both)
    assert status == "unsupported" and "601.3" in msg, msg


def test_a_spell_with_the_rider_put_on_the_stack_by_the_question_is_unsupported():
    status, _, msg = answer("""
id: t
ask: outcome
state:
  turn: {active: Bob}
  players:
    Alice:
      battlefield: [Grizzly Bears]
    Bob: {}
  stack: [{card: Parapet, controller: Alice}]
actions:
  - resolve: 1
expect:
  - {stack_size: 0}
""")
    assert status == "unsupported" and "Parapet" in msg, msg


def test_a_conditional_permission_stays_unmodelled_near_miss():
    # Hungering Yeti: "As long as you control a green or blue permanent, ..." is not read; on Bob's turn only that
    # line could let it be cast
    status, _, msg = _can_play("Hungering Yeti", ", ".join(["Mountain"] * 5), "Bob")
    assert status == "unsupported" and "Hungering Yeti" in msg, msg


def test_an_unread_permission_from_another_permanent_leaves_the_rider_unsupported_armor_of_thorns_2009_10_01():
    # "You may cast spells as though they had flash." (Vedalken Orrery) is another permission Alice could use, and
    # then Spider Climb would not be sacrificed: while that line is unmodelled the answer is unsupported
    orrery = card("Frob Orrery", "Artifact", "{4}", "You may cast spells as though they had flash.")
    status, _, msg = answer(_spider_climb("{active: Bob}").replace("battlefield: [Forest, Forest,",
                                                                   "battlefield: [Forest, Forest, Frob Orrery,")
                            % "graveyard", orrery)
    assert status == "unsupported" and "Frob Orrery" in msg, msg
