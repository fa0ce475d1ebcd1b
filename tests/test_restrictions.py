"""Statics that forbid activating abilities (602.5, 101.2; ``words.restrictions``, ``rules.restrictions``): what is
read, what stays unread, and where the rule applies (activation, mana sources, mana-options), with the case the
searches over mana abilities do not follow."""
from __future__ import annotations

import pytest

from mtgjudge.model.build import obj, state_of
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import activated_abilities
from mtgjudge.model.rules.mana_options import mana_options
from mtgjudge.model.rules.mana_sources import mana_sources
from mtgjudge.model.rules.restrictions import activation_forbidden
from mtgjudge.model.words.restrictions.read import restriction_static


@pytest.mark.parametrize("line,objects,unless", [
    ("Activated abilities of artifacts can't be activated.", "artifacts", False),
    ("Activated abilities of creatures your opponents control can't be activated.", "creatures your opponents control", False),
    ("Activated abilities of artifacts and creatures can't be activated unless they're mana abilities.",
     "artifacts and creatures", True),
])
def test_the_lines_read(line, objects, unless):
    a = restriction_static(line, line)
    assert a is not None and a.static.kind == "cant_activate"
    assert (a.static.arg("objects"), a.static.arg("unless_mana", False)) == (objects, unless)
    assert a.render() == line.rstrip(".") + "." or a.render() == line.rstrip(".")


def test_a_chosen_name_is_read():
    line = "Activated abilities of sources with the chosen name can't be activated unless they're mana abilities."
    a = restriction_static(line, line)
    assert a is not None and a.static.arg("chosen_name") and a.static.arg("unless_mana")
    assert a.render().rstrip(".") == line.rstrip(".")


def test_a_chosen_name_the_question_does_not_give_is_unsupported():
    st = state_of(obj("needle", "Pithing Needle", controller="Bob"), obj("pyro", "Prodigal Pyromancer"))
    with pytest.raises(Unsupported, match="no name was chosen"):
        activation_forbidden(st, "pyro", activated_abilities(st, "pyro")[0])


@pytest.mark.parametrize("line", [
    # a time, a kind the vocabulary does not read, three kinds: no reading
    "Activated abilities of artifacts can't be activated during your turn.",
    "Activated abilities of artifacts, creatures, and enchantments can't be activated.",
])
def test_other_wordings_stay_unread(line):
    assert restriction_static(line, line) is None


def test_only_permanents_on_the_battlefield_are_forbidden():
    # Stony Silence ruling (2017-03-14): only artifacts on the battlefield; a card elsewhere is not a permanent
    st = state_of(obj("rod", "Null Rod", controller="Bob"), obj("ring", "Sol Ring"),
                  obj("ring2", "Sol Ring", zone="hand"))
    ring = activated_abilities(st, "ring")[0]
    assert activation_forbidden(st, "ring", ring) is not None
    assert activation_forbidden(st, "ring2", activated_abilities(st, "ring2")[0]) is None


def test_mana_sources_leave_out_forbidden_mana_abilities():
    st = state_of(obj("rod", "Null Rod", controller="Bob"), obj("ring", "Sol Ring"), obj("f", "Forest"))
    assert [m.source for m in mana_sources(st, "Alice")] == ["f"]


def test_sacrificing_the_forbidding_permanent_for_mana_is_unsupported():
    # Krark-Clan Ironworks could sacrifice Cursed Totem for {C}{C}, after which Llanowar Elves could tap for {G}:
    # the searches read the prohibition once, so they must not answer (the pool {C}{C}{G} would be missed).
    st = state_of(obj("totem", "Cursed Totem"), obj("kci", "Krark-Clan Ironworks"), obj("elves", "Llanowar Elves"))
    with pytest.raises(Unsupported, match="forbids activating abilities"):
        mana_options(st, "Alice")
    with pytest.raises(Unsupported, match="forbids activating abilities"):
        mana_sources(st, "Alice")


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
    a = restriction_static(line, line)
    assert a is not None and a.static.kind == "cast_only" and a.static.arg("clauses") == clauses
    assert a.render() == line.replace("~", "this spell")


@pytest.mark.parametrize("line", [
    # what happened this turn or this step, which the state does not record; a point after combat, not read
    "Cast ~ only if you've cast another spell this turn.",
    "Cast ~ only after combat.",
    "Cast ~ only during combat on your opponent's turn.",
])
def test_other_cast_restrictions_stay_unread(line):
    assert restriction_static(line, line) is None


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
