"""Unit tests of the mana model: layer-4 dependency (613.8), replacement orders (616.1f), sources."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.could_produce import could_produce
from mtgjudge.model.rules.mana_production import candidate_replacements, ev, replacement_outcomes
from mtgjudge.model.rules.mana_sources import mana_sources
from mtgjudge.model.build import obj, state_of
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds import could_produce as kind


def test_blood_moon_removes_urborg_effect():
    st = state_of(obj("u", "Urborg, Tomb of Yawgmoth"), obj("f", "Forest"), obj("bm", "Blood Moon"))
    assert current(st, "u").subtypes == ("Mountain",)
    assert "Swamp" not in current(st, "f").subtypes


def test_damping_sphere_becomes_applicable_after_reflection():
    st = state_of(obj("f", "Forest"), obj("d", "Damping Sphere"), obj("m", "Mana Reflection"))
    a = current(st, "f").abilities[-1]
    cands = candidate_replacements(st, "f", a, "Alice")
    assert set(replacement_outcomes(ev("G"), cands, ("Forest",))) == {ev("C")}


def test_commuting_effects_give_one_outcome():
    st = state_of(obj("f", "Forest"), *[obj(f"m{i}", "Mana Reflection") for i in range(6)])
    a = current(st, "f").abilities[-1]
    outs = replacement_outcomes(ev("G"), candidate_replacements(st, "f", a, "Alice"), ("Forest",))
    assert list(outs) == [ev("G" * 64)]


def test_mana_sources_outputs_include_triggers_by_source():
    # Mana Reflection doubles the Forest's own {G} (614.1a); Wild Growth's triggered ability adds {G} of its
    # own, whose source is Wild Growth (605.1b, 106.3).
    st = state_of(obj("f", "Forest"), obj("w", "Wild Growth", attached_to="f"), obj("m", "Mana Reflection"))
    (src,) = mana_sources(st, "Alice")
    assert src.outputs == (((("G", 2),), (("w", (("G", 1),)),)),)


def test_witness_names_order():
    st = state_of(obj("f", "Forest"), obj("m", "Mana Reflection"), obj("c", "Contamination"))
    r = could_produce(st, "f")
    assert r.types == {"B"} and r.witness["B"]["produces"] == "{B}"
    assert "G" in r.missing


def test_could_produce_cites_the_land_type_effect_that_decides():
    # Volcanic Island under Blood Moon is a Mountain (305.7): its {R} comes from that, and it is no longer an
    # Island. With Spreading Seas on it after Blood Moon, Seas's later effect wins (613.7): {U}, no {R}.
    def why(battlefield: str) -> dict[str, tuple]:
        (q,) = load_text(f"id: q\nask: could-produce\nabout: v\nstate:\n  players:\n    Alice:\n      battlefield: {battlefield}\n")
        return {s.text: s.rules for s in kind.answer(q).why}

    moon = why("[{card: Volcanic Island, id: v}, Blood Moon]")
    assert moon["{R}: ability 1 ({T}: Add {R}.), which it has because Blood Moon's effect (Nonbasic lands are "
                "Mountains) makes it a Mountain, it adds {R}: it produces {R}"] == ("106.7", "305.6", "305.7", "613.1d")
    assert moon["not {U}: Blood Moon's effect (Nonbasic lands are Mountains) sets its land type, so it is no longer "
                "an Island and loses that type's mana ability"] == ("305.7", "613.1d")
    seas = why("[{card: Volcanic Island, id: v}, Blood Moon, {card: Spreading Seas, attached_to: v}]")
    (u,) = [t for t in seas if t.startswith("{U}")]
    assert seas[u] == ("106.7", "305.6", "305.7", "613.1d", "613.7")
    assert "Spreading Seas's effect (Enchanted land is an Island) makes it an Island, applied after Blood Moon's effect" in u


def test_a_land_type_of_its_own_is_not_put_down_to_an_effect_that_adds_it_again():
    # Prismatic Omen gives Volcanic Island every basic land type (305.7, last sentence): {W}, {B} and {G} come from
    # it; {U} and {R} are its own, so their reasons don't name the Omen.
    (q,) = load_text("id: q\nask: could-produce\nabout: v\nstate:\n  players:\n    Alice:\n"
                     "      battlefield: [{card: Volcanic Island, id: v}, Prismatic Omen]\n")
    why = {s.text[:3]: s for s in kind.answer(q).why if s.text[:1] == "{"}
    assert all("Prismatic Omen" in why[t].text and "305.7" in why[t].rules for t in ("{W}", "{B}", "{G}"))
    assert all("Prismatic Omen" not in why[t].text and "305.7" not in why[t].rules for t in ("{U}", "{R}"))


def test_a_land_type_added_after_a_land_type_setting_effect_cites_the_timestamp_order():
    # Blood Moon, then Dryad of the Ilysian Grove (later): the Dryad's types are added after Blood Moon set the
    # land type (613.7), so Exotic Orchard is every basic land type; before, only a Mountain.
    (q,) = load_text("id: q\nask: could-produce\nabout: o\nstate:\n  players:\n    Alice:\n"
                     "      battlefield: [{card: Exotic Orchard, id: o}, Blood Moon, Dryad of the Ilysian Grove]\n")
    (g,) = [s for s in kind.answer(q).why if s.text.startswith("{G}")]
    assert "613.7" in g.rules
    assert "Dryad of the Ilysian Grove's effect" in g.text and "applied after Blood Moon's effect (timestamp" in g.text


def test_mana_sources_read_the_damage_and_the_once_each_turn_of_mana_abilities():
    # "~ deals 1 damage to you" (120.3a) is read as the ability's damage; "Activate only once each turn" (602.5b)
    # as a limit, and as spent once activated this turn
    st = state_of(obj("aw", "Adarkar Wastes"), obj("w", "Wall of Roots"), obj("w2", "Wall of Roots"))
    st = st.with_object(replace(st.obj("w2"), activated_this_turn=(1,)))
    by = {(s.source, s.ability_index): s for s in mana_sources(st, "Alice")}
    assert (by[("aw", 1)].damage, by[("aw", 2)].damage) == (0, 1)
    assert by[("w", 1)].once and not by[("w", 1)].used_this_turn and by[("w2", 1)].used_this_turn


def test_mana_options_near_miss_a_shield_on_the_damage_before_life_costs():
    # with a "Pay 1 life" ability beside a painland, the painland's damage decides what life is left (119.4); a
    # prevention shield in force could prevent it: unsupported, never fewer options
    from mtgjudge.queries.runner import run_question

    def q(extra: str) -> str:
        return ("id: q\nask: mana-options\nby: Alice\nstate:\n  turn: {active: Alice, step: precombat-main}\n"
                "  players:\n    Alice:\n      life: 1\n      hand: [{card: Mending Hands, id: mh}]\n"
                f"      battlefield: [{{card: Plains, id: pl}}, {{card: Adarkar Wastes, id: aw}}{extra}]\n    Bob: {{}}\n"
                "actions:\n  - cast: mh\n    targets: [Alice]\n    paying: [pl]\n  - resolve: 1\n")
    (with_life,) = load_text(q(", {card: Horizon Canopy, id: hc}"))
    r = run_question(with_life)
    assert r.answer.unsupported and "prevention" in r.answer.unsupported
    (without,) = load_text(q(""))
    assert run_question(without).answer.value   # no life cost: the damage decides nothing


def test_mana_options_adds_a_hand_mana_ability_and_refuses_where_the_hand_is_read():
    # Simian Spirit Guide in the hand (113.6m): its {R} is in every maximal amount
    from mtgjudge.model.objects import CardDef, Face
    from mtgjudge.model.rules.mana_options import mana_options
    from mtgjudge.model.vocab.abilities import Ability, CostPart, ManaProduction
    from mtgjudge.model.errors import Unsupported
    import pytest
    st = state_of(obj("g", "Simian Spirit Guide", zone="hand"), obj("f", "Forest"))
    assert mana_options(st, "Alice").pools == frozenset({"{R}{G}"})
    # near miss: a mana ability adding a color of a card in the hand (no printed card has one; built here) could
    # add red or not depending on whether the Spirit Guide was exiled first: unsupported
    counting = Ability("mana", cost=(CostPart("tap"),), production=ManaProduction("color_of_card", card_zone="hand"))
    probe = CardDef((Face("Probe Relic", types=("Artifact",), abilities=(counting,)),))
    st = state_of(obj("g", "Simian Spirit Guide", zone="hand"), replace(obj("r", "Sol Ring"), card=probe))
    with pytest.raises(Unsupported, match="reads the hand"):
        mana_options(st, "Alice")
