"""Unit tests of the mana model: layer-4 dependency (613.8), replacement orders (616.1f), sources."""
from __future__ import annotations

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
