"""Payment (CR 601.2f-h, 107.4, 118, 119.4): the z3 model against hand derivations, and against a naive
reference (every assignment of sources to cost symbols) on generated small boards."""
from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgjudge.model.explain import step
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.payment.problem import build_problem
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.rules.spending import Purpose, parse_restriction
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds import can_pay


def question(cost: str, battlefield: list[str], life: int = 20, x: int = 0, pool: str = ""):
    bf = ", ".join(f'"{b}"' for b in battlefield)
    text = (f'id: q\nask: can-pay\ncost: "{cost}"\nx: {x}\nstate:\n  players:\n    Alice:\n      life: {life}\n'
            + (f'      mana_pool: "{pool}"\n' if pool else "") + f"      battlefield: [{bf}]\n")
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return q


def ask(cost: str, battlefield: list[str], **kw):
    return can_pay.answer(question(cost, battlefield, **kw))


# ------------------------------------------------------------------------------------ hand derivations

def test_reaper_king_each_color_and_generic():
    rk = "{2/W}{2/U}{2/B}{2/R}{2/G}"
    assert ask(rk, ["Plains", "Island", "Swamp", "Mountain", "Forest"]).value is True
    assert ask(rk, ["Wastes"] * 10).value is True
    assert ask(rk, ["Wastes"] * 9).value is False


def test_colorless_reason_names_rule_and_sources():
    a = ask("{C}", ["Forest", "Mountain"])
    assert a.value is False
    texts = " ".join(s.text for s in a.why)
    assert "107.4c" in a.cited_rules() and "none of Alice's mana sources can make it" in texts


def test_phyrexian_life_boundary():
    assert ask("{B/P}", [], life=1).value is False
    assert ask("{B/P}", [], life=2).value is True
    assert "119.4" in ask("{B/P}", [], life=1).cited_rules()


def test_identical_symbols_are_one_reason_with_their_count():
    # 601.2h once for the 60 {G}, and what there is to pay with (118.3): not 60 reasons, nor a pair of them.
    a = ask("{G}" * 60, ["Forest"])
    assert a.value is False
    assert [s.rules for s in a.why] == [("601.2h",), ("118.3",)]
    assert "60 {G}" in a.why[0].text


def test_a_hybrid_symbols_reason_says_both_ways_to_pay_it():
    # 107.4e: {2/W} is paid with {W} or with two generic mana; one Mountain can do neither. The reasons say both
    # ways, that {W} needs white mana, and what there is (one red mana), not only "{W} needs white mana".
    a = ask("{2/W}", ["Mountain"])
    assert a.value is False
    assert a.why[0] == step(("601.2h", "107.4e"), "{2/W} in the cost must be paid (no partial payments), with {W} or "
                                                  "with two generic mana")
    assert [s.rules for s in a.why[1:]] == [("107.4a",), ("118.3",)]
    twice = ask("{W/U}{W/U}", ["Mountain"])
    assert twice.why[0].text == "2 {W/U} in the cost must all be paid (no partial payments), each with {W} or with {U}"
    assert ask("{B/P}", [], life=1).why[0].rules == ("601.2h", "107.4f", "119.4")


def test_the_plan_says_the_mana_came_from_the_permanents_that_made_it():
    # Four Forests, {1}{G}: two Forests tap; the payment names those two, not the whole group of four.
    a = ask("{1}{G}", ["Forest"] * 4)
    tapped = [x["source"] for x in a.witness["activate"]]
    assert len(tapped) == 2
    assert {p["from"] for p in a.witness["paid_with"]} == {f"Forest ({', '.join(tapped)})"}


def test_identical_hybrid_symbols_are_paid_by_counts():
    a = ask("{G/W}{G/W}{G/W}", ["Plains", "Forest", "Forest"])
    assert a.value is True
    assert sorted((w["as"], w.get("times", 1)) for w in a.witness["symbols"]) == [("{G}", 2), ("{W}", 1)]
    assert ask("{G/W}{G/W}{G/W}", ["Plains", "Forest"]).value is False


def test_plan_pays_every_symbol():
    a = ask("{1}{G}", ["Forest", "Mountain"])
    assert a.value is True
    paid = a.witness["paid_with"]
    assert sum(p["amount"] for p in paid) == 2
    assert {p["for"] for p in paid} == {"G", "generic"}


def test_filter_order_is_in_plan():
    a = ask("{U}{U}", ["Mystic Gate", "Plains"])
    assert a.value is True
    acts = a.witness["activate"]
    assert [x["text"][:5] for x in acts] == ["{T}: ", "{W/U}"]


def test_malformed_cost_is_an_error():
    with pytest.raises(Exception):
        parse_cost("{Q/W}")


def test_restriction_vocabulary():
    r = parse_restriction("cast colorless Eldrazi spells or activate abilities of colorless Eldrazi")
    eldrazi = Purpose("spell", frozenset({"Creature"}), frozenset({"Eldrazi"}), frozenset())
    bear = Purpose("spell", frozenset({"Creature"}), frozenset({"Bear"}), frozenset({"G"}))
    assert r.allows(eldrazi) and not r.allows(bear) and not r.allows(Purpose("cost"))
    p = parse_restriction("anything but casting a nonartifact spell")
    assert p.allows(Purpose("cost")) and not p.allows(bear)


def test_all_payments_count_hand_derived():
    # {G/W}{G/W}{B/P}, life 3, Forest, Plains, Birds: with {B} from Birds, 1 way; with 2 life, the two
    # hybrids from {Forest, Plains, Birds}: GG 1, GW 3, WW 1: 6 in all.
    from mtgjudge.model.payment.enumeration import all_payments
    q = question("{G/W}{G/W}{B/P}", ["Forest", "Plains", "Birds of Paradise"], life=3)
    pr = build_problem(q.state, "Alice", TotalCost(parse_cost("{G/W}{G/W}{B/P}")))
    assert len(all_payments(pr)) == 6
    # Two Forests are one choice: {G} from 2 Forests and a Mountain is 1 payment, {1}{G} is 2.
    q = question("{1}{G}", ["Forest", "Forest", "Mountain"])
    pr = build_problem(q.state, "Alice", TotalCost(parse_cost("{1}{G}")))
    assert len(all_payments(pr)) == 2


# ------------------------------------------------------------------------------------- naive reference

#: What each card in the generated boards can make: (types, snow).
SOURCES = {
    "Forest": ("G", False), "Island": ("U", False), "Plains": ("W", False), "Mountain": ("R", False),
    "Swamp": ("B", False), "Wastes": ("C", False), "Snow-Covered Forest": ("G", True),
    "Snow-Covered Island": ("U", True), "Birds of Paradise": ("WUBRG", False),
}
SYMBOLS = ["{1}", "{2}", "{W}", "{G}", "{U}", "{C}", "{S}", "{W/U}", "{2/G}", "{G/P}", "{G/W/P}", "{X}"]


def _unit_ways(sym, x):
    """Each way to pay one symbol: (list of unit kinds, life)."""
    k = sym.kind
    if k == "generic":
        return [(["generic"] * sym.amount, 0)]
    if k == "x":
        return [(["generic"] * x, 0)]
    if k == "colored":
        return [([sym.colors], 0)]
    if k == "colorless":
        return [(["C"], 0)]
    if k == "snow":
        return [(["snow"], 0)]
    if k == "hybrid":
        return [([c], 0) for c in sym.colors]
    if k == "mono_hybrid":
        return [([sym.colors], 0), (["generic", "generic"], 0)]
    if k == "phyrexian":
        return [([sym.colors], 0), ([], 2)]
    if k == "hybrid_phyrexian":
        return [([c], 0) for c in sym.colors] + [([], 2)]
    raise AssertionError(k)


def naive_can_pay(cost: str, battlefield: list[str], life: int, x: int) -> bool:
    """Every way to pay each symbol, then every assignment of each source (unused, or one unit of mana of
    one of its types) to the units of the cost."""
    syms = parse_cost(cost)
    for ways in product(*[_unit_ways(s, x) for s in syms]):
        units = [u for w in ways for u in w[0]]
        if sum(w[1] for w in ways) > life:
            continue
        if len(units) > len(battlefield):
            continue
        for assign in product(range(-1, len(units)), repeat=len(battlefield)):
            used = [a for a in assign if a >= 0]
            if sorted(used) != list(range(len(units))):
                continue
            ok = True
            for src, a in zip(battlefield, assign):
                if a < 0:
                    continue
                types, snow = SOURCES[src]
                need = units[a]
                if need == "generic":
                    continue
                if need == "snow":
                    ok = ok and snow
                elif need not in types:
                    ok = False
                if not ok:
                    break
            if ok:
                return True
    return False


@settings(max_examples=50, deadline=None)
@given(board=st.lists(st.sampled_from(sorted(SOURCES)), max_size=5),
       symbols=st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4),
       life=st.integers(0, 5), x=st.integers(0, 2))
def test_solver_agrees_with_naive_reference(board, symbols, life, x):
    cost = "".join(symbols)
    expected = naive_can_pay(cost, board, life, x)
    got = ask(cost, board, life=life, x=x)
    assert got.value is expected, (cost, board, life, x, [s.text for s in got.why])
    if got.value:
        used = sum(p["amount"] for p in got.witness["paid_with"])
        assert used + got.witness["life"] // 2 >= 0


# ------------------------------------------------------- mana abilities that do more than add mana (605.3b)

def _all(cost: str, battlefield: list[str], **kw) -> list:
    from mtgjudge.model.payment.enumeration import all_payments
    q = question(cost, battlefield, **kw)
    return all_payments(build_problem(q.state, "Alice", TotalCost(tuple(parse_cost(cost)), 0, (), ())))


def test_a_mana_abilitys_damage_is_dealt_before_the_costs_life_119_4():
    # 601.2g-h, 605.3b: Ancient Tomb resolves (2 damage) before the two {B/P} take 4 life: 5 life is not enough
    # (5 - 2 < 4), 6 is; decision and enumeration agree, and the damage is part of the payment's result
    for life, ok in ((5, False), (6, True)):
        a = ask("{1}{B/P}{B/P}", ["Ancient Tomb"], life=life)
        assert a.value is ok, life
        assert bool(_all("{1}{B/P}{B/P}", ["Ancient Tomb"], life=life)) is ok
    assert "120.3a" in ask("{1}{B/P}{B/P}", ["Ancient Tomb"], life=5).cited_rules()
    (p,) = _all("{1}{B/P}{B/P}", ["Ancient Tomb"], life=6)
    assert p.life == 4 and sum(e.damage for _, sets in p.members for evs in sets for e in evs) == 2
    # a Mountain pays the {1} instead: no damage, 4 of 5 life
    assert ask("{1}{B/P}{B/P}", ["Ancient Tomb", "Mountain"], life=5).value is True


def test_a_mana_abilitys_damage_is_no_cost():
    # 119.4 is about paying life; the painland's damage is its effect (ruling 2015-06-22): at 0 life it still pays
    assert ask("{W}", ["Adarkar Wastes"], life=0).value is True
    # both ways of paying {1} are listed, one of them dealing 1 damage (a branch per way of paying)
    damage = sorted(sum(e.damage for _, sets in p.members for evs in sets for e in evs)
                    for p in _all("{1}", ["Adarkar Wastes"]))
    assert damage == [0, 1]


def test_life_costs_before_a_painlands_damage():
    # Horizon Canopy's "Pay 1 life" first (1 -> 0), then Battlefield Forge's damage: {G}{W} at 1 life (119.4)
    assert ask("{G}{W}", ["Horizon Canopy", "Battlefield Forge"], life=1).value is True
    assert ask("{G}{W}", ["Horizon Canopy", "Battlefield Forge"], life=0).value is False


def _after_mending_hands(cost: str, battlefield: str) -> str:
    return (f'id: q\nask: can-pay\ncost: "{cost}"\nby: Alice\nstate:\n  turn: {{active: Alice, step: precombat-main}}\n'
            f'  players:\n    Alice:\n      life: 6\n      hand: [{{card: Mending Hands, id: mh}}]\n'
            f'      battlefield: [{{card: Plains, id: pl}}, {battlefield}]\n    Bob: {{}}\n'
            'actions:\n  - cast: mh\n    targets: [Alice]\n    paying: [pl]\n  - resolve: 1\n')


def test_a_shield_that_could_prevent_the_damage_before_life_is_unsupported():
    # near miss: with a prevention shield on Alice (615.7), Ancient Tomb's damage may be prevented, so the life
    # left for the {B/P} is not known to payment: unsupported, naming the shield, never a "no"
    from mtgjudge.queries.runner import run_question
    (q,) = load_text(_after_mending_hands("{1}{B/P}{B/P}", "{card: Ancient Tomb, id: tomb}"))
    r = run_question(q)
    assert r.answer.unsupported and "prevention" in r.answer.unsupported
    # without life in the cost the damage decides nothing: answered
    (q,) = load_text(_after_mending_hands("{2}", "{card: Ancient Tomb, id: tomb}"))
    assert run_question(q).answer.value is True


def test_a_mana_ability_with_another_further_effect_stays_unsupported():
    # near miss: Gemstone Mine's "If there are no mining counters on ~, sacrifice it." is no damage to its
    # activator: payment does not read it
    from mtgjudge.model.errors import Unsupported
    with pytest.raises(Unsupported, match="further effects"):
        ask("{W}", ["Gemstone Mine"])


def test_once_each_turn_for_each_permanent_602_5b():
    assert ask("{G}", ["Wall of Roots"]).value is True
    assert ask("{G}{G}", ["Wall of Roots"]).value is False          # once each turn, not twice
    assert ask("{G}{G}", ["Wall of Roots", "Wall of Roots"]).value is True
    assert _all("{G}{G}", ["Wall of Roots"]) == []
    assert len(_all("{G}{G}", ["Wall of Roots", "Wall of Roots"])) == 1   # interchangeable: one payment
# ------------------------------------------------------------------ a "no" past the solver's bound

def _bounded(monkeypatch, fail_from: int) -> None:
    """Every solver check from the ``fail_from``-th on reaches the bound (as a slow check would)."""
    from mtgjudge.model.errors import SearchBound
    from mtgjudge.model.solve import tracked
    calls = [0]
    real = tracked.TrackedSolver._check

    def check(self, reqs, doing=""):
        calls[0] += 1
        if calls[0] >= fail_from:
            raise SearchBound(f"{doing or 'the solver'} reached the solver's bound of 5000 ms")
        return real(self, reqs, doing)
    monkeypatch.setattr(tracked.TrackedSolver, "_check", check)


def test_a_no_whose_minimising_reaches_the_bound_keeps_the_reasons_found(monkeypatch):
    """Three {G} with one Forest and one Island: the search knows "no" after its two checks; minimising the
    reasons reaches the bound at once: the answer is still "no", with the unminimised reasons (each holds) and
    a note that they may not be minimal."""
    exact = ask("{G}{G}{G}", ["Forest", "Island"])
    _bounded(monkeypatch, fail_from=3)
    a = ask("{G}{G}{G}", ["Forest", "Island"])
    assert exact.value is False and a.value is False
    assert "may not be minimal" in a.why[-1].text and not any("may not" in s.text for s in exact.why)
    assert {s.text for s in exact.why} <= {s.text for s in a.why}


def test_a_no_the_count_of_mana_decides_when_the_solver_reaches_its_bound(monkeypatch):
    """The solver's first check reaches its bound: 118.3, 601.2g: {X}{G/P}{2/W} with X = 4 needs at least 5 mana
    (the Phyrexian symbol paid with life, {2/W} with one {W}) and four basics make at most 4: "no", saying so;
    with X = 3 the count does not decide, and the answer stays unsupported."""
    _bounded(monkeypatch, fail_from=1)
    lands = ["Forest", "Plains", "Island", "Swamp"]
    a = ask("{X}{G/P}{2/W}", lands, x=4)
    assert a.value is False and "needs at least 5 mana (4 for X)" in a.why[0].text and "at most 4" in a.why[0].text
    assert a.why[0].rules == ("118.3", "601.2g", "107.4")
    from mtgjudge.model.errors import SearchBound
    with pytest.raises(SearchBound):
        ask("{X}{G/P}{2/W}", lands, x=3)


def test_the_count_of_mana_counts_one_tap_per_permanent_and_a_filters_net_mana():
    """``mana_shortfall``: a tapped land makes nothing; Mystic Gate ({T}: {C}, or {W/U}, {T}: two mana) nets
    at most 1; so Forest, a tapped Forest and Mystic Gate make at most 2: three {1} can't be paid, two may."""
    from mtgjudge.model.payment.decide import mana_shortfall
    q = load_text('id: q\nask: can-pay\ncost: "{3}"\nstate:\n  players:\n    Alice:\n      battlefield: [Forest, '
                  '{card: Forest, tapped: true}, Mystic Gate]\n')[0]
    for k, short in ((3, True), (2, False)):
        pr = build_problem(q.state, "Alice", TotalCost(parse_cost("{%d}" % k), purpose=Purpose("cost")))
        assert (mana_shortfall(pr) is not None) is short


def test_a_cost_decided_once_is_decided_again_when_another_requirement_fails():
    """``deciding_once``: the same (player, cost) of one state answers from the first decision only while the
    other requirements all hold; a failing one is a reason of its own question."""
    from mtgjudge.model.payment.answers import can_pay as decide_pay, deciding_once

    q = question("{G}", ["Forest"])
    cost = TotalCost(parse_cost("{G}"))
    late = step("307.1", "it is not Alice's main phase")
    with deciding_once(q.state):
        assert decide_pay(q.state, "Alice", cost, extra=[(late, False)]).why == (late,)
        assert decide_pay(q.state, "Alice", cost, extra=[(late, True)]).value is True
        refused = decide_pay(q.state, "Alice", cost, extra=[(late, False)])
        assert refused.value is False and refused.why == (late,)
        assert decide_pay(q.state, "Alice", TotalCost(parse_cost("{G}{G}"))).value is False


# ------------------------------------------------------------- exiling cards from the hand (118.9, 601.2h)

def _hand_state(hand: list[str], battlefield: list[str] = ()):
    cards = ", ".join(f"{{card: {c}, id: h{i}}}" for i, c in enumerate(hand))
    bf = ", ".join(f'"{b}"' for b in battlefield)
    text = ("id: q\nask: can-pay\ncost: \"{0}\"\nstate:\n  players:\n    Alice:\n"
            f"      battlefield: [{bf}]\n      hand: [{cards}]\n")
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return q.state


def _exile_cost(text: str, casting: str | None = None, symbols: str = "") -> TotalCost:
    from mtgjudge.model.vocab import phrases
    return TotalCost(tuple(parse_cost(symbols)) if symbols else (), other=tuple(phrases.cost_parts(text)),
                     casting=casting)


def test_exile_from_hand_counts_only_cards_of_its_quality_and_not_the_spell():
    # 118.3, 601.2a: Force of Will (h0) is on the stack as its cost is paid; Opt (h1) is blue, Lightning Bolt is not
    from mtgjudge.model.payment.answers import can_pay as decide_pay
    from mtgjudge.model.payment.enumeration import all_payments
    from mtgjudge.model.payment.problem import exilable_from_hand
    state = _hand_state(["Force of Will", "Opt", "Lightning Bolt"])
    cost = _exile_cost("Pay 1 life, Exile a blue card from your hand", casting="h0")
    pr = build_problem(state, "Alice", cost)
    assert exilable_from_hand(pr, cost.other[1]) == ("h1",)
    assert decide_pay(state, "Alice", cost).value is True
    (p,) = all_payments(pr)
    assert (p.exile_from_hand, p.life) == (1, 1)
    alone = _hand_state(["Force of Will", "Lightning Bolt"])
    a = decide_pay(alone, "Alice", cost)
    assert a.value is False and "0 blue card(s) in hand to exile" in " ".join(s.text for s in a.why)
    assert all_payments(build_problem(alone, "Alice", cost)) == []


def test_exile_two_cards_from_hand_needs_two():
    from mtgjudge.model.payment.answers import can_pay as decide_pay
    cost = _exile_cost("Exile two green cards from your hand", casting="h0")
    assert decide_pay(_hand_state(["Allosaurus Rider", "Grizzly Bears", "Llanowar Elves"]), "Alice", cost).value is True
    assert decide_pay(_hand_state(["Allosaurus Rider", "Grizzly Bears", "Opt"]), "Alice", cost).value is False


@pytest.mark.parametrize("text", [
    "Exile a blue card from your hand, Discard a card",
    "Exile a blue card from your hand, Exile a card from your hand",
    "Exile a blue card from your hand, Reveal a blue card from your hand",
])
def test_exile_from_hand_beside_another_use_of_the_hand_is_unsupported(text):
    # which card pays which part (a card exiled is no longer there to discard or reveal) is not modelled
    from mtgjudge.model.errors import Unsupported
    with pytest.raises(Unsupported, match="exiles cards from the hand"):
        build_problem(_hand_state(["Opt", "Counterspell", "Lightning Bolt"]), "Alice", _exile_cost(text))


def test_exile_from_hand_beside_mana_from_the_hand_is_unsupported():
    # Simian Spirit Guide exiles itself from the hand for mana (113.6m): which cards then stay is not modelled
    from mtgjudge.model.errors import Unsupported
    with pytest.raises(Unsupported, match="could make mana from the hand"):
        build_problem(_hand_state(["Opt", "Simian Spirit Guide"]), "Alice",
                      _exile_cost("Exile a blue card from your hand", symbols="{1}"))


# ------------------------------------------------------------------ a cost that leaves no choice

def _decided_both_ways(battlefield_entry: str, life: int = 20, extra: tuple = ()):
    """The decision of "{T}" of the permanent ``p`` without the solver (``paid_without_choice``) and by it."""
    from mtgjudge.model.payment import decide
    from mtgjudge.model.vocab.abilities import CostPart
    (q,) = load_text(f"id: q\nask: can-activate\nabout: p\nstate:\n  players:\n    Alice:\n      life: {life}\n"
                     f"      battlefield:\n        - {battlefield_entry}\n")
    assert not isinstance(q, Exception), q
    cost = TotalCost(symbols=(), other=(CostPart("tap"),), source="p")
    pr = build_problem(q.state, "Alice", cost)
    fast = decide.paid_without_choice(pr, extra)
    real = decide.solve(build_problem(q.state, "Alice", cost), extra=extra)
    return fast, real


def test_a_cost_of_its_own_tap_is_decided_as_the_solver_decides_it():
    fast, real = _decided_both_ways("{card: Llanowar Elves, id: p}")
    assert fast is not None and real.sat and fast.plan == real.plan
    assert fast.plan["other"] == [{"part": "{T}", "by": ["p"]}]


@pytest.mark.parametrize("entry, life, extra", [
    ("{card: Llanowar Elves, id: p, tapped: true}", 20, ()),                 # 107.5: already tapped
    ("{card: Llanowar Elves, id: p, summoning_sick: true}", 20, ()),         # 302.6: no haste
    ("{card: Llanowar Elves, id: p}", 20, ((step("117.1", "no priority"), False),)),   # a failed outside requirement
])
def test_a_cost_that_cannot_be_paid_is_left_to_the_solver_for_its_reasons(entry, life, extra):
    fast, real = _decided_both_ways(entry, life, extra)
    assert fast is None and not real.sat and real.reasons
