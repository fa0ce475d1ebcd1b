"""The pool index of the mana-options search agrees with a plain scan (containment of count vectors)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgjudge.model.rules.mana_options import DominanceIndex, _maximal_dict

pools = st.tuples(*[st.integers(0, 3)] * 6)


@settings(max_examples=200, deadline=None)
@given(st.lists(pools, max_size=30), pools, st.booleans())
def test_index_agrees_with_scan(stored, query, strictly):
    index = DominanceIndex()
    for p in stored:
        index.add(p)
    expected = any(all(a <= b for a, b in zip(query, q)) and not (strictly and q == query) for q in stored)
    assert index.contains_superset_of(query, strictly) is expected


def test_equal_pool_contains_itself_only_when_not_strict():
    index = DominanceIndex()
    index.add((1, 0, 2))
    assert index.contains_superset_of((1, 0, 2))
    assert not index.contains_superset_of((1, 0, 2), strictly=True)
    assert index.contains_superset_of((0, 0, 2), strictly=True)
    assert not index.contains_superset_of((2, 0, 0))


@settings(max_examples=100, deadline=None)
@given(st.lists(pools, max_size=40, unique=True))
def test_maximal_pools_agree_with_scan(stored):
    """_maximal_dict (bit sets) keeps exactly the pools no other pool strictly contains."""
    kept = _maximal_dict({p: i for i, p in enumerate(stored)})
    expected = {p: i for i, p in enumerate(stored)
                if not any(q != p and all(a <= b for a, b in zip(p, q)) for q in stored)}
    assert kept == expected
