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
