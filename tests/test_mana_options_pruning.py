"""The shortcuts of the mana-options search (model.rules.mana_options) agree with doing the work plainly:
an activation's effect computed once per capped pool, pools where a free activation adds mana dropped
as stopping points, the answer pruned as 12 counts then as 6, witness paths linked while searching."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgjudge.model.build import obj, state_of
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.rules.mana_options import (_Search, _Unlinker, _gains, _maximal_dict, _most_taken, _unlink,
                                               mana_options)


def _search(*names):
    state = state_of(*[obj(f"a{i}", n) for i, n in enumerate(names)], obj("b0", "Badlands", "Bob"))
    s = _Search(state, "Alice")
    key = (frozenset(), (), state.player("Alice").life, frozenset())
    return s, s._activations(key)


_BOARD = _search("Castle Sengir", "Mystic Gate", "Mana Reflection", "Zendikar Resurgent", "Sunken Ruins",
                 "Graven Cairns")


@settings(max_examples=150, deadline=None)
@given(st.tuples(*[st.integers(0, 5)] * 6), st.tuples(*[st.integers(0, 2)] * 6))
def test_changes_per_capped_pool_agree_with_paying_from_the_pool(unrestricted, restricted):
    """What an activation does to a pool, computed once per capped pool and added, is what paying its cost
    from the pool itself and resolving it gives (a cap too low would lose ways to pay)."""
    s, acts = _BOARD
    pool = unrestricted + restricted
    assert acts
    for act in acts:
        fast = sorted(s._children(pool, act), key=repr)
        plain = sorted(s._children_of_pool(pool, act), key=repr)
        assert fast == plain


def test_most_mana_a_cost_takes_from_one_type():
    assert _most_taken(parse_cost("{2}{W/U}")) == 3
    assert _most_taken(parse_cost("{2/W}")) == 2        # {2} or {W}: at most two of one type
    assert _most_taken(parse_cost("{W/P}")) == 1        # {W} or 2 life
    assert _most_taken(parse_cost("{1}{B}{B}")) == 3


def test_a_free_activation_that_adds_mana_gains_one_that_costs_mana_or_adds_none_does_not():
    zero, one = (0,) * 12, (0, 0, 1) + (0,) * 9
    key = (frozenset(), (), 20, frozenset())
    assert _gains((None, "x", 1, None, (), 20, [(key, None, None, [(one, "adds {B}")])]))
    assert not _gains((None, "x", 1, None, parse_cost("{1}"), 20, [(key, None, None, [(one, "adds {B}")])]))
    assert not _gains((None, "x", 1, None, (), 20, [(key, None, None, [(zero, "adds nothing")])]))
    assert not _gains((None, "x", 1, None, (), 20, [(key, None, None, None)]))     # double_pool: depends on the pool


def test_a_pool_with_a_free_activation_left_is_no_answer_but_one_with_only_costly_ones_is():
    """Forest and Castle Sengir (derived by hand): {G} then {T}: add {C} gives {G}{C}; or {G} pays {1} for
    {B}; {2} can't be paid. {G} alone is not maximal ({G}{C} contains it)."""
    state = state_of(obj("f", "Forest"), obj("c", "Castle Sengir"))
    assert mana_options(state, "Alice").pools == {"{G}{C}", "{B}"}
    # Forest and Doubling Cube ({3}, {T}: double the pool): {G} can't pay {3}, so {G} is the answer.
    state = state_of(obj("f", "Forest"), obj("d", "Doubling Cube"))
    assert mana_options(state, "Alice").pools == {"{G}"}


def test_restricted_mana_counts_in_the_amount():
    """Eldrazi Temple: {T}: add {C}, or {C}{C} to spend only on Eldrazi (106.6). With a Forest the maximal
    amounts are {G}{C}{C} alone: {G}{C} (unrestricted) is contained in it as an amount, though not as 12
    counts (the second pruning, as 6 counts)."""
    state = state_of(obj("f", "Forest"), obj("t", "Eldrazi Temple"))
    assert mana_options(state, "Alice").pools == {"{G}{C}{C}"}


def test_linked_paths_unlink_to_the_lists_sharing_starts():
    a = ("first", None)
    b = ("second", a)
    c1, c2 = ("third", b), ("other", b)
    unlink = _Unlinker()
    assert unlink(c1) == ["first", "second", "third"] == _unlink(c1)
    assert unlink(c2) == ["first", "second", "other"] == _unlink(c2)
    assert unlink(b) == ["first", "second"] and unlink(None) == []
    out = unlink(c1)
    out.append("changed")          # each answer's list is its own
    assert unlink(c1) == ["first", "second", "third"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1000), st.integers(0, 1000), st.integers(0, 3)), min_size=300, max_size=400,
                unique=True))
def test_maximal_pools_with_many_distinct_counts(stored):
    """Past 256 distinct counts in a position the bit sets are made one by one: the same answer."""
    kept = _maximal_dict({p: i for i, p in enumerate(stored)})
    expected = {p: i for i, p in enumerate(stored)
                if not any(q != p and all(a <= b for a, b in zip(p, q)) for q in stored)}
    assert kept == expected
