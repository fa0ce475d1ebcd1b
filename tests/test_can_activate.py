"""can-activate decided by z3 over the activation's rules (CR 107.5, 107.6, 302.6, 602.5d, 702.10c)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.legality import can_activate
from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.rules.layers import activated_abilities
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.queries.kinds.can_activate import answer
from mtgjudge.model.build import obj, state_of


def ask(state, oid, index=1, player="Alice"):
    ability = activated_abilities(state, oid)[index - 1]
    return can_activate(state, oid, index, ability, player)


def test_untapped_elves_can_tap_and_witness_names_the_payer():
    a = ask(state_of(obj("elves", "Llanowar Elves")), "elves")
    assert a.value is True
    assert a.witness["pays {T}"] == "elves"


def test_summoning_sick_creature_blocked_by_302_6_only():
    a = ask(state_of(obj("elves", "Llanowar Elves", summoning_sick=True)), "elves")
    assert a.value is False
    assert [s.rules for s in a.why] == [("302.6",)]


def test_core_is_minimal_when_two_rules_block():
    # Tapped and summoning sick: either rule alone forbids it, so a minimal core holds exactly one.
    a = ask(state_of(obj("elves", "Llanowar Elves", summoning_sick=True, tapped=True)), "elves")
    assert a.value is False
    assert len(a.why) == 1 and a.why[0].rules[0] in ("302.6", "107.5")


def test_granted_haste_counts_only_for_the_controllers_creatures():
    mine = state_of(obj("f", "Fervor"), obj("elves", "Llanowar Elves", summoning_sick=True))
    theirs = state_of(obj("f", "Fervor", controller="Bob"), obj("elves", "Llanowar Elves", summoning_sick=True))
    assert ask(mine, "elves").value is True
    assert ask(theirs, "elves").value is False


def test_untap_symbol_needs_tapped_permanent():
    a = ask(state_of(obj("pili", "Pili-Pala")), "pili")
    assert a.value is False
    assert ("107.6",) in [s.rules for s in a.why]


def test_land_that_arrived_this_turn_can_tap():
    a = ask(state_of(obj("m", "Mountain", summoning_sick=True)), "m")
    assert a.value is True


def test_sorcery_timing_in_combat_is_blocked():
    s = state_of(obj("w", "Captive Weird"), step="beginning-of-combat")
    a = ask(s, "w")
    assert a.value is False
    assert any("602.5d" in st.rules for st in a.why)


def test_targeted_ability_needs_a_legal_target():
    ok = ask(state_of(obj("p", "Prodigal Pyromancer")), "p")
    assert ok.value is True
    assert any("601.2c" in s.rules for s in ok.why)


def test_unknown_target_phrase_is_unsupported():
    s = state_of(obj("p", "Prodigal Pyromancer"))
    ability = replace(activated_abilities(s, "p")[0], targets=("wizard's familiar's shadow",))
    with pytest.raises(Unsupported, match="wizard's familiar's shadow"):     # its phrase not read: refused
        can_activate(s, "p", 1, ability, "Alice")
    from mtgjudge.model.vocab.parse import read_targets
    with pytest.raises(Unsupported, match="wizard's familiar's shadow"):     # read, and not in the grammar
        can_activate(s, "p", 1, read_targets(ability), "Alice")


def test_unmodelled_static_without_scope_makes_the_answer_unsupported():
    mystery = CardDef((Face("Mystery Relic", types=("Artifact",),
                            abilities=(Ability("unmodelled", source_text="Creatures can't be activated.", unmodelled_kind="static"),)),))
    s = state_of(obj("elves", "Llanowar Elves"), replace(obj("relic", "Fervor"), card=mystery))

    class Q:  # the parts of a Question the kind reads
        state, about, params = s, "elves", {}
    with pytest.raises(Unsupported, match="Creatures can't be activated."):
        answer(Q)


def test_a_permanent_tapped_for_the_cost_cannot_also_tap_for_mana():
    # Cascade Bluffs: "{U/R}, {T}: Add ...": its own {T} can't also make the mana for {U/R} (118.3).
    alone = ask(state_of(obj("b", "Cascade Bluffs")), "b", index=2)
    assert alone.value is False
    assert ask(state_of(obj("b", "Cascade Bluffs"), obj("i", "Island")), "b", index=2).value is True


def test_a_creature_tapped_for_mana_can_then_be_sacrificed_for_the_cost():
    # Birthing Pod ({1}{G/P}, {T}, Sacrifice a creature) at 1 life: the Elves tap for {G} (601.2g) and are
    # then sacrificed (601.2h); Wastes pays {1}.
    s = state_of(obj("pod", "Birthing Pod"), obj("elves", "Llanowar Elves"), obj("w", "Wastes"), life={"Alice": 1})
    a = ask(s, "pod")
    assert a.value is True
    assert a.witness["pays Sacrifice a creature"] == "elves"


def test_an_abilitys_own_tap_is_the_reason_not_a_source_that_can_pay():
    # Cascading Cataracts and four Mountains: "{5}, {T}: Add five mana ..." would be paid if the Cataracts could
    # also tap for {C}; it can't, because its {T} is part of the cost (601.2h, 118.3), and it is not listed
    # among what can pay.
    mountains = [obj(f"m{i}", "Mountain") for i in range(4)]
    a = ask(state_of(obj("cc", "Cascading Cataracts"), *mountains), "cc", index=2)
    assert a.value is False
    own = [s for s in a.why if s.rules == ("601.2h", "118.3")]
    assert len(own) == 1
    assert own[0].text == ("{T} is part of the cost: Cascading Cataracts (cc) is tapped to pay it, so it can't also "
                           "be tapped for mana to pay the rest of that cost")
    resources = [s.text for s in a.why if s.rules == ("118.3",)]
    assert resources == ["a player can't pay a cost without the necessary resources: what can pay now is "
                         "Mountain (m0, m1, m2, m3): {T}: Add {R}."]
