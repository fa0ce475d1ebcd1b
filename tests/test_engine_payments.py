"""Three ways of paying a cost that must agree (CR 601.2f-h, 107.4, 118, 119.4, 302.6, 106.12b), on generated
boards:

1. the decision (``payment.decide.solve``, z3) and the enumeration (``payment.enumeration.all_payments``):
   a cost can be paid exactly when some payment is listed;
2. the engine (``engine.actions.run`` with ``{cast: ...}``, which pays with ``engine.paying.pay``) and the
   enumeration expanded to the permanents (``member_choices``): the final branches' tapped and sacrificed
   permanents, counters, life paid and mana left in the pool are exactly those of the listed payments;
3. a naive reference written from the Comprehensive Rules alone (107.4, 106.12b, 302.6, 601.2g-h, 119.4)
   for small boards of basic lands, Llanowar Elves, Birds of Paradise and Sol Ring, with and without
   Mana Reflection: every subset of the usable permanents and every choice of the mana each makes, kept
   when that mana pays the cost with each tapped permanent's mana spent at least in part.

Every permanent has an explicit id (none starts with "_"), so that every assignment of a payment to the
permanents is a distinct final state.
"""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace
from itertools import combinations, permutations, product

from hypothesis import HealthCheck, example, given, reject, settings
from hypothesis import strategies as st

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Illegal, SearchBound
from mtgjudge.model.legality import can_play
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.objects import CardDef
from mtgjudge.model.payment.decide import solve
from mtgjudge.model.payment.enumeration import all_payments, member_choices
from mtgjudge.model.payment.problem import build_problem
from mtgjudge.model.rules.costs import total_cost
from mtgjudge.model.state import PoolMana

from mtgjudge.model.build import obj, state_of

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: MTGJUDGE_EXAMPLES=10 runs ten times as many examples (a deeper search than CI's).
SCALE = int(os.environ.get("MTGJUDGE_EXAMPLES", "1"))


# ------------------------------------------------------------------------------------------- boards

def spell(cost: str, base: str = "Grizzly Bears", oid: str = "spell"):
    """A card in Alice's hand: ``base`` (its types, subtypes) with the mana cost ``cost`` (its colors follow
    from that cost, 105.2 / 202.2)."""
    o = obj(oid, base, zone="hand")
    faces = tuple(replace(f, mana_cost=tuple(parse_cost(cost))) for f in o.card.faces)
    return replace(o, card=CardDef(faces, token=o.card.token, source=o.card.source))


def board_state(perms, cost: str, base: str = "Grizzly Bears", life: int = 20, pool: tuple[str, ...] = (),
                reflection: str | None = None):
    """Alice's permanents ``perms`` ((name, tapped, sick, counters) each, ids p0, p1, ...), the spell in her
    hand, her life and pool; Mana Reflection under ``reflection``'s control when given."""
    objs = []
    for i, (name, tapped, sick, counters) in enumerate(perms):
        o = obj(f"p{i}", name, tapped=tapped, summoning_sick=sick, counters=counters)
        if o.card.token:
            o = replace(o, token=True)
        objs.append(o)
    if reflection:
        objs.append(obj("refl", "Mana Reflection", controller=reflection))
    objs.append(spell(cost, base))
    s = state_of(*objs, life={"Alice": life})
    if pool:
        p = s.player("Alice")
        s = s.with_player(replace(p, mana_pool=tuple(PoolMana(t) for t in pool)))
    return s


#: The richer card pool of tests 1 and 2: lands, mana creatures, artifacts that are sacrificed, tap
#: another permanent or pay life, a filter (Mystic Gate), counters (Vivid Grove),
#: restricted mana (Powerstone, Eldrazi Temple), snow, a triggered mana ability (Mana Flare), a replacement
#: (Nyxbloom Ancient; Mana Reflection is added apart), non-mana creatures for Altar and Drum, and mana abilities
#: that deal damage to Alice (Adarkar Wastes, Ancient Tomb: 120.3a) or put a counter on their permanent once
#: each turn (Wall of Roots: 602.5b).
RICH = ["Forest", "Island", "Plains", "Wastes", "Snow-Covered Forest", "Tundra", "Birds of Paradise",
        "Llanowar Elves", "Boreal Druid", "Sol Ring", "Lotus Petal", "Treasure", "Mana Confluence", "Mystic Gate",
        "Ashnod's Altar", "Springleaf Drum", "Vivid Grove", "Powerstone", "Eldrazi Temple", "Snow-Covered Wastes",
        "Naga Vitalist", "Mana Flare", "Nyxbloom Ancient", "Grizzly Bears", "Memnite", "Adarkar Wastes",
        "Ancient Tomb", "Wall of Roots"]
COUNTERS = {"Vivid Grove": "charge"}
RICH_SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{G}", "{C}", "{S}", "{W/U}", "{G/W}", "{2/G}", "{G/P}", "{W/U/P}", "{X}"]
#: The spell's card: a creature, an artifact creature (Powerstone), a colorless Eldrazi (Eldrazi Temple).
BASES = ["Grizzly Bears", "Memnite", "Endless One"]
#: Life totals: small ones, where 119.4 bounds the life paid, and 20 (then the whole cast action is run).
LIVES = [0, 1, 2, 3, 4, 5, 20]


@st.composite
def rich_perm(draw):
    name = draw(st.sampled_from(RICH))
    counters = ()
    if name in COUNTERS:
        n = draw(st.integers(0, 2))
        counters = ((COUNTERS[name], n),) if n else ()
    return name, draw(st.integers(0, 3).map(lambda n: n == 0)), draw(st.booleans()), counters


@st.composite
def rich_case(draw):
    perms = draw(st.lists(rich_perm(), min_size=1, max_size=5))
    symbols = draw(st.lists(st.sampled_from(RICH_SYMBOLS), min_size=1, max_size=4))
    return dict(perms=perms, cost="".join(symbols), x=draw(st.integers(0, 2)), base=draw(st.sampled_from(BASES)),
                life=draw(st.sampled_from(LIVES)), pool=tuple(draw(st.lists(st.sampled_from("WGC"), max_size=2))),
                reflection=draw(st.sampled_from([None, None, "Alice", "Bob"])))


def case_state(c):
    return board_state(c["perms"], c["cost"], c["base"], c["life"], c["pool"], c["reflection"])


def problem_of(state, x: int = 0):
    return build_problem(state, "Alice", total_cost(state, "Alice", "spell", x=x))


# ------------------------------------------------------------------------------------------- outcomes

def outcome_of_branch(initial, final) -> tuple:
    """What paying did, read from a final state: (tapped permanents, sacrificed permanents, counters on the
    permanents, life paid, the pool's mana by type)."""
    before = {o.id for o in initial.objects if o.zone == "battlefield"}
    now = {o.id: o for o in final.objects if o.zone == "battlefield"}
    tapped = frozenset(i for i, o in now.items() if o.tapped)
    gone = frozenset(before - set(now))
    counters = frozenset((i, o.counters) for i, o in now.items() if o.counters)
    life = initial.player("Alice").life - final.player("Alice").life
    pool = tuple(sorted(m.type for m in final.player("Alice").mana_pool))
    return tapped, gone, counters, life, pool


#: With at least this much life, no generated payment can bring Alice to 0 life (4 Phyrexian symbols and
#: five Mana Confluences at most), so the whole cast action (which then checks state-based actions, and a
#: player at 0 life losing the game is not modelled) is run; below it the engine's payment step is run
#: as the cast action runs it, without settling afterwards.
CAST_LIFE = 14


def engine_finals(state, x: int = 0) -> list | None:
    """The engine's final states after casting the spell (601.2a-h); None when the engine refuses the cast
    as illegal."""
    if state.player("Alice").life >= CAST_LIFE:
        try:
            return [g.state for g in run(Game(state=state, initial=state), [{"cast": "spell", "x": x}])]
        except Illegal:
            return None
    ans = can_play(state, "spell", "Alice", x)
    assert not ans.is_unsupported, ans.unsupported
    if ans.value is not True:
        return None
    game = zones.move(Game(state=state, initial=state), "spell", "stack", controller="Alice")
    return [g.state for g in pay(game, state, "Alice", total_cost(state, "Alice", "spell", x=x), None)]


def engine_outcomes(state, x: int = 0) -> set[tuple] | None:
    """The outcomes of the engine's final branches after casting the spell; None when the engine refuses
    the cast as illegal."""
    finals = engine_finals(state, x)
    if finals is None:
        return None
    for f in finals:
        assert f.obj("spell").zone == "stack"
    return {outcome_of_branch(state, f) for f in finals}


def expected_outcomes(state, pr, payments) -> set[tuple]:
    """The outcomes of every payment expanded to the permanents, built from the Payment and Event values:
    what each permanent undergoes, the life (paid, and lost to the damage of mana abilities, 120.3a), the pool
    mana spent and left."""
    start = {o.id: o for o in state.objects if o.zone == "battlefield"}
    pool0 = Counter(m.type for m in state.player("Alice").mana_pool)
    out = set()
    for p in payments:
        pool = Counter(pool0)
        for gi, n in p.pool_spent:
            pool[pr.pool[gi].type] -= n
        for t, _, n in p.leftover:
            pool[t] += n
        assert all(n >= 0 for n in pool.values()), p
        pool_t = tuple(sorted(pool.elements()))
        for members in member_choices(pr, p):
            tapped = {i for i, o in start.items() if o.tapped}
            gone = set()
            removed: dict[str, Counter] = {}
            damage = 0
            for i, evs in members.items():
                for e in evs:
                    damage += e.damage
                    if e.tap:
                        assert i not in tapped, (i, members)     # 118.3: a tapped permanent can't be tapped
                        tapped.add(i)
                    if e.untap:
                        tapped.discard(i)
                    if e.sacrifice:
                        gone.add(i)
                    for k, n in e.counters:
                        removed.setdefault(i, Counter())[k] += n
            counters = set()
            for i, o in start.items():
                if i in gone:
                    continue
                c = Counter(dict(o.counters))
                c.subtract(removed.get(i, Counter()))
                assert all(n >= 0 for n in c.values()), (i, members)
                cs = tuple(sorted((k, n) for k, n in c.items() if n))
                if cs:
                    counters.add((i, cs))
            out.add((frozenset(tapped - gone), frozenset(gone), frozenset(counters), p.life + damage, pool_t))
    return out


# ------------------------------------------------------------------- 1. decision and enumeration agree

@settings(max_examples=120 * SCALE, **SETTINGS)
@given(rich_case())
def test_decision_agrees_with_enumeration(c):
    pr = problem_of(case_state(c), c["x"])
    decided = solve(pr).sat
    try:
        listed = all_payments(pr)
    except SearchBound:
        reject()    # the listing is bounded (BOUND_SECONDS, MAX_PAYMENTS): nothing to compare past the bound
    assert decided is bool(listed), (c, decided, len(listed))


# ------------------------------------------------- 2. the engine's branches are exactly the listed payments

@settings(max_examples=50 * SCALE, **SETTINGS)
@given(rich_case())
def test_engine_branches_are_the_listed_payments(c):
    state = case_state(c)
    pr = problem_of(state, c["x"])
    try:
        listed = all_payments(pr)
    except SearchBound:
        reject()    # the listing is bounded in time (10 s; a rare generated board under load): nothing to compare
    expected = expected_outcomes(state, pr, listed)
    try:
        got = engine_outcomes(state, c["x"])
    except SearchBound:
        reject()    # the engine's branches are bounded (MAX_BRANCHES): nothing to compare past the bound
    if got is None:
        assert not expected, c
        return
    assert got == expected, (c, sorted(got - expected, key=repr), sorted(expected - got, key=repr))


def test_listing_never_overdraws_life_shared_by_two_groups_119_4():
    """Two Mana Confluence in two groups (one marked as entered this turn, which doesn't matter for a land,
    302.6) and 1 life: only one can be tapped (119.4: 1 life can be paid once), so {1}{1} has no payment.
    Each group's cap was read from the budget alone and the listing once paid 2 life (found by hypothesis)."""
    mc = "Mana Confluence"
    s = board_state([(mc, False, False, ()), (mc, False, True, ())], "{1}{1}", life=1)
    pr = problem_of(s)
    assert all_payments(pr) == [] and not solve(pr).sat
    s = board_state([(mc, False, False, ()), (mc, False, True, ())], "{1}{1}", life=2)
    assert [p.life for p in all_payments(problem_of(s))] == [2]


def test_engine_branches_hand_derived():
    """{1}{G} with two Forests and Sol Ring (ids p0, p1, p2): tap p0 and p1; or a Forest and Sol Ring, {C}
    left in the pool; Sol Ring can't pay {G}: 3 branches."""
    forest, ring = ("Forest", False, False, ()), ("Sol Ring", False, False, ())
    s = board_state([forest, forest, ring], "{1}{G}")
    got = {(tuple(sorted(t)), pool) for t, _, _, _, pool in engine_outcomes(s)}
    assert got == {(("p0", "p1"), ()), (("p0", "p2"), ("C",)), (("p1", "p2"), ("C",))}


# ---------------------------------------------------------------------------- 3. a naive reference

#: What each permanent of the simple boards makes when tapped for mana (its printed mana ability):
#: the possible results of one activation, as (type, amount).
SIMPLE = {
    "Forest": [("G", 1)], "Island": [("U", 1)], "Plains": [("W", 1)], "Mountain": [("R", 1)], "Swamp": [("B", 1)],
    "Wastes": [("C", 1)],
    "Llanowar Elves": [("G", 1)],
    "Birds of Paradise": [(c, 1) for c in "WUBRG"],   # one mana of any color
    "Sol Ring": [("C", 2)],
}
CREATURES = {"Llanowar Elves", "Birds of Paradise"}
SIMPLE_SYMBOLS = ["{1}", "{2}", "{G}", "{W}", "{C}", "{G/W}", "{2/G}", "{G/P}"]


def symbol_ways(sym: str) -> list[tuple[tuple[str, ...], int]]:
    """107.4: each way to pay one symbol, as (the mana units it needs, each a type or "any", life)."""
    ways = {
        "{1}": [(("any",), 0)],                       # 107.4b: generic, any type
        "{2}": [(("any", "any"), 0)],
        "{G}": [(("G",), 0)], "{W}": [(("W",), 0)],   # 107.4a
        "{C}": [(("C",), 0)],                         # 107.4c: only colorless mana
        "{G/W}": [(("G",), 0), (("W",), 0)],          # 107.4e: either half
        "{2/G}": [(("G",), 0), (("any", "any"), 0)],  # 107.4e: one green or two of any type
        "{G/P}": [(("G",), 0), ((), 2)],              # 107.4f: one green or 2 life
    }
    return ways[sym]


def naive_payments(perms, cost_symbols: list[str], life: int, reflection: bool) -> set[tuple]:
    """Every (tapped permanents, life paid, mana left in the pool) with which Alice can pay the cost.

    Usable: untapped (118.3), and a creature only when it is not summoning sick (302.6; the rule is about
    creatures only, so a land or Sol Ring that came under Alice's control this turn taps for mana).
    Mana Reflection (106.12b, 614.1a) doubles what a permanent tapped for mana makes: twice as much of that
    mana, so Birds makes two of the one color chosen. The cost is paid (601.2h) with mana made during
    601.2g; each symbol is paid one of its ways (107.4), colored units only with their type, life only up
    to the life total (119.4). A tapped permanent belongs to the payment when at least one of its mana is
    spent; the rest of its mana stays in the pool (106.4)."""
    usable = [i for i, (name, tapped, sick, _) in enumerate(perms)
              if not tapped and not (sick and name in CREATURES)]
    factor = 2 if reflection else 1
    out = set()
    for ways in product(*[symbol_ways(s) for s in cost_symbols]):
        paid_life = sum(w[1] for w in ways)
        if paid_life > life:
            continue
        need = Counter(u for w in ways for u in w[0])
        total = sum(need.values())
        for r in range(len(usable) + 1):
            for subset in combinations(usable, r):
                for made in product(*[SIMPLE[perms[i][0]] for i in subset]):
                    made = [(t, n * factor) for t, n in made]
                    # how many of each permanent's mana is spent: at least one (its mana is needed)
                    for spent in product(*[range(1, n + 1) for _, n in made]):
                        if sum(spent) != total:
                            continue
                        used = Counter()
                        for (t, _), k in zip(made, spent):
                            used[t] += k
                        # the units that need a type get that type; "any" takes the rest (107.4b)
                        if any(used[t] < n for t, n in need.items() if t != "any"):
                            continue
                        left = Counter()
                        for (t, n), k in zip(made, spent):
                            left[t] += n - k
                        out.add((frozenset(f"p{i}" for i in subset), paid_life, tuple(sorted(left.elements()))))
    return out


@st.composite
def simple_case(draw):
    perms = draw(st.lists(st.tuples(st.sampled_from(sorted(SIMPLE)),
                                    st.integers(0, 3).map(lambda n: n == 0),
                                    st.booleans(), st.just(())), min_size=1, max_size=5))
    return dict(perms=perms, symbols=draw(st.lists(st.sampled_from(SIMPLE_SYMBOLS), min_size=1, max_size=3)),
                life=draw(st.sampled_from(LIVES)), reflection=draw(st.sampled_from([None, "Alice", "Bob"])))


def check_against_reference(c):
    state = board_state(c["perms"], "".join(c["symbols"]), life=c["life"], reflection=c["reflection"])
    expected = naive_payments(c["perms"], c["symbols"], c["life"], c["reflection"] == "Alice")
    got = engine_outcomes(state)
    got = set() if got is None else {(t - {f"p{i}" for i, p in enumerate(c["perms"]) if p[1]}, life, pool)
                                     for t, _, _, life, pool in got}
    assert got == expected, (c, sorted(got - expected, key=repr), sorted(expected - got, key=repr))
    # the enumeration, expanded, says the same
    pr = problem_of(state)
    listed = {(t - {f"p{i}" for i, p in enumerate(c["perms"]) if p[1]}, life, pool)
              for t, _, _, life, pool in expected_outcomes(state, pr, all_payments(pr))}
    assert listed == expected, (c, sorted(listed - expected, key=repr), sorted(expected - listed, key=repr))


@settings(max_examples=150 * SCALE, **SETTINGS)
@given(simple_case())
@example(dict(perms=[("Birds of Paradise", False, False, ())], symbols=["{G}", "{W}"], life=0, reflection="Alice"))
@example(dict(perms=[("Llanowar Elves", False, True, ()), ("Forest", False, True, ())], symbols=["{G}"], life=0,
              reflection=None))
@example(dict(perms=[("Sol Ring", False, False, ()), ("Forest", False, False, ())], symbols=["{G/P}", "{G/P}", "{1}"],
              life=4, reflection="Alice"))
def test_engine_agrees_with_naive_reference(c):
    check_against_reference(c)


def test_naive_reference_hand_derived():
    """The reference itself, on small cases worked by hand."""
    f, e = ("Forest", False, False, ()), ("Llanowar Elves", False, True, ())
    b, s = ("Birds of Paradise", False, False, ()), ("Sol Ring", False, False, ())
    # {G/P} with a Forest and 2 life: the Forest, or 2 life.
    assert naive_payments([f], ["{G/P}"], 2, False) == {(frozenset({"p0"}), 0, ()), (frozenset(), 2, ())}
    # a sick Elves can't tap (302.6): {G} can't be paid.
    assert naive_payments([e], ["{G}"], 20, False) == set()
    # Mana Reflection: Birds makes two of one color; {G}{W} needs two colors, so not Birds alone.
    assert naive_payments([b], ["{G}", "{W}"], 0, True) == set()
    # Sol Ring for {1} with Mana Reflection: {C}{C}{C} left.
    assert naive_payments([s], ["{1}"], 0, True) == {(frozenset({"p0"}), 0, ("C", "C", "C"))}
    # Forest and Sol Ring for {2}: both spend at least one: {C} left; Sol Ring alone: none left.
    assert naive_payments([f, s], ["{2}"], 0, False) == {(frozenset({"p0", "p1"}), 0, ("C",)),
                                                         (frozenset({"p1"}), 0, ())}


# ------------------------------------------------------------------- defects found while checking by hand
# Not disagreements between the three methods (they shared the defects): differences from the rules found
# while verifying the examples by hand, fixed since (the source of mana is the permanent whose ability made
# it, 106.3).

def test_leftover_mana_comes_from_the_tapped_permanent():
    """Two Sol Rings, {1}: tapping either leaves {C}, made by the Sol Ring tapped for it (106.3: the source
    of mana an ability produced is that ability's source)."""
    s = board_state([("Sol Ring", False, False, ()), ("Sol Ring", False, False, ())], "{1}")
    finals = engine_finals(s)
    assert len(finals) == 2
    for f in finals:
        (tapped,) = [o.id for o in f.objects if o.zone == "battlefield" and o.tapped]
        assert [m.source for m in f.player("Alice").mana_pool] == [tapped]


def test_mana_flare_mana_is_not_snow():
    """Snow-Covered Forest and Mana Flare: tapping the Forest makes {G} from the Forest (snow) and {G} from
    Mana Flare's triggered mana ability, whose source is Mana Flare (106.3, 605.1b), not snow; so {S}{S}
    (107.4h: mana produced by a snow source) can't be paid; {S} can."""
    s = board_state([("Snow-Covered Forest", False, False, ()), ("Mana Flare", False, False, ())], "{S}{S}")
    assert solve(problem_of(s)).sat is False
    assert not all_payments(problem_of(s))


def test_mana_flare_mana_is_unrestricted():
    """Mishra's Workshop and Mana Flare, casting Grizzly Bears for {1}: the Workshop's {C}{C}{C} can be spent
    only on artifact spells, but Mana Flare adds {C} of its own (106.3, 106.6: only the mana of the ability
    with the restriction is restricted), which pays {1} (107.4b)."""
    s = board_state([("Mishra's Workshop", False, False, ()), ("Mana Flare", False, False, ())], "{1}")
    assert solve(problem_of(s)).sat is True
    assert all_payments(problem_of(s))


# ------------------------------------------- 2b. a paying: list gives exactly the branches that use those

@settings(max_examples=40 * SCALE, **SETTINGS)
@given(rich_case())
def test_paying_list_gives_the_branches_using_exactly_those(c):
    """The engine with ``paying:`` (which lists payments only over the listed permanents and those whose
    abilities take no part themselves) performs exactly the branches of the unrestricted payment in which
    exactly the listed permanents are tapped, untapped or sacrificed."""
    state = case_state(c)
    if state.player("Alice").life < CAST_LIFE:
        return
    cost = total_cost(state, "Alice", "spell", x=c["x"])
    if not can_play(state, "spell", "Alice", c["x"]).value is True:
        return
    game = zones.move(Game(state=state, initial=state), "spell", "stack", controller="Alice")
    everything = pay(game, state, "Alice", cost, None)

    def used(g) -> frozenset:
        before = {o.id: o for o in state.objects if o.zone == "battlefield"}
        now = {o.id: o for o in g.state.objects if o.zone == "battlefield"}
        return frozenset(i for i, o in before.items() if i not in now or now[i].tapped != o.tapped)

    by_used: dict = {}
    for g in everything:
        by_used.setdefault(used(g), set()).add(outcome_of_branch(state, g.state))
    for ids, outcomes in by_used.items():
        listed = pay(game, state, "Alice", cost, tuple(sorted(ids)))
        assert {outcome_of_branch(state, g.state) for g in listed} == outcomes, (c, ids)


def test_the_payment_step_names_the_permanents_that_activate_each_mana_ability():
    # Six Mountains pay {5}{R}: the step names each Mountain that taps for ability 1, never one Mountain's ability
    # "x6" beside six tapped Mountains.
    state = board_state([("Mountain", False, False, ())] * 6, "{5}{R}")
    (g,) = run(Game(state), ({"cast": "spell", "by": "Alice"},))
    (paid,) = [s.text for s in g.steps if "activates mana abilities" in s.text]
    assert paid.startswith("Alice activates mana abilities (ability 1 of p0, p1, p2, p3, p4, p5); pays p0: tapped")


# ------------------------------------------- member assignment: distinct assignments, not arrangements

def every_arrangement(pr, payment) -> list[dict]:
    """The reference for ``member_choices``: every arrangement of each group's blocks over its members (n!
    of them), the anonymous members' blocks sorted, duplicates dropped."""
    per_group = []
    for gi, blocks in payment.members:
        g = pr.groups[gi]
        named = [i for i in g.ids if not i.startswith("_")]
        anonymous = [i for i in g.ids if i.startswith("_")]
        options = set()
        for perm in set(permutations(list(blocks) + [()] * (g.n - len(blocks)))):
            assigned = dict(zip(named + anonymous, perm))
            anon = tuple(sorted(assigned[i] for i in anonymous))
            options.add(tuple(sorted((i, assigned[i]) for i in named)) + tuple(zip(anonymous, anon)))
        per_group.append(sorted(options))
    return [{i: evs for part in combo for i, evs in part if evs} for combo in product(*per_group)]


@st.composite
def mixed_case(draw):
    """A rich case whose permanents are drawn from few names, some of them anonymous (ids "_a0", ...: the
    question listed them without ids), so that groups have several members of both kinds."""
    names = draw(st.lists(st.sampled_from(RICH), min_size=1, max_size=2, unique=True))
    perms = draw(st.lists(st.sampled_from(names).map(lambda n: (n, False, False, ())), min_size=1, max_size=6))
    anonymous = draw(st.lists(st.booleans(), min_size=len(perms), max_size=len(perms)))
    # at most three symbols: with four, listing every payment of six rich permanents can take seconds an example
    symbols = draw(st.lists(st.sampled_from(RICH_SYMBOLS), min_size=1, max_size=3))
    return dict(perms=perms, anonymous=anonymous, cost="".join(symbols), x=draw(st.integers(0, 2)),
                life=draw(st.sampled_from(LIVES)))


@settings(max_examples=60 * SCALE, **SETTINGS)
@given(mixed_case())
@example(dict(perms=[("Forest", False, False, ())] * 6, anonymous=[True, True, True, False, False, False],
              cost="{1}{G}", x=0, life=20))
def test_member_choices_are_exactly_the_distinct_arrangements(c):
    """``member_choices`` deals each group's blocks to its members once per distinct result; the reference
    tries every arrangement and drops duplicates. Same list, in the same order."""
    objs = [obj(("_a" if anon else "p") + str(i), name) for i, ((name, *_), anon) in enumerate(zip(c["perms"], c["anonymous"]))]
    state = state_of(*objs, spell(c["cost"]), life={"Alice": c["life"]})
    pr = problem_of(state, c["x"])
    try:
        listed = all_payments(pr)
    except SearchBound:
        reject()
    for p in listed:
        assert member_choices(pr, p) == every_arrangement(pr, p), (c, p)


def test_member_choices_of_six_forests_hand_derived():
    """{1}{G} from three named Forests (f0-f2) and three anonymous ones: two Forests are tapped. Distinct
    results: two named (3), one named and one anonymous (3), two anonymous (1): 7, where the arrangements
    number 6! = 720."""
    objs = [obj(f"f{i}", "Forest") for i in range(3)] + [obj(f"_f{i}", "Forest") for i in range(3)]
    state = state_of(*objs, spell("{1}{G}"))
    pr = problem_of(state)
    listed = all_payments(pr)
    assert len(listed) == 1
    tapped = [frozenset(i for i, evs in m.items() if any(e.tap for e in evs)) for m in member_choices(pr, listed[0])]
    assert len(tapped) == len(set(tapped)) == 7
    named = [len({"f0", "f1", "f2"} & t) for t in tapped]
    assert sorted(named) == [0, 1, 1, 1, 2, 2, 2]


# ------------------------------------------------------------------- mana abilities performed (605.3a-b)

def test_a_mana_ability_activated_alone_resolves_at_once_a_branch_per_amount():
    # Adarkar Wastes' "{T}: Add {W} or {U}. ~ deals 1 damage to you.": no stack (605.3b), a branch for {W} and one
    # for {U} in the pool (106.4), each with the damage dealt (120.3a)
    s = state_of(obj("aw", "Adarkar Wastes"))
    finals = [g.state for g in run(Game(state=s, initial=s), [{"activate": "aw", "ability": 2}])]
    got = sorted((tuple(m.type for m in f.player("Alice").mana_pool), f.player("Alice").life, len(f.stack))
                 for f in finals)
    assert got == [(("U",), 19, 0), (("W",), 19, 0)]
    assert all(m.source == "aw" for f in finals for m in f.player("Alice").mana_pool)     # 106.3


def test_a_hand_mana_ability_pays_and_exiles_its_card():
    # Simian Spirit Guide pays {R} from the hand (113.6m): exiled, nothing left in the pool; with a Mountain too,
    # either pays: two branches
    s = state_of(obj("ssg", "Simian Spirit Guide", zone="hand"), spell("{R}"))
    (f,) = [g.state for g in run(Game(state=s, initial=s), [{"cast": "spell"}])]
    assert f.obj("ssg").zone == "exile" and not f.player("Alice").mana_pool and f.obj("spell").zone == "stack"
    s = state_of(obj("ssg", "Simian Spirit Guide", zone="hand"), obj("m", "Mountain"), spell("{R}"))
    zones_of = sorted((g.state.obj("ssg").zone, g.state.obj("m").tapped) for g in run(Game(state=s, initial=s),
                                                                                       [{"cast": "spell"}]))
    assert zones_of == [("exile", False), ("hand", True)]
