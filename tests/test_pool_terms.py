"""Sets of pools in factored form (model.pool_terms): every operation on terms agrees with doing it on the
elements one by one, on generated terms."""
from __future__ import annotations

from operator import add

import pytest
from hypothesis import assume, given, settings, strategies as st

from mtgjudge.model.mana import ManaSyntaxError
from mtgjudge.model.pool_terms import (Choice, Lots, PoolSet, Term, all_contained, all_strictly_contained, covers, expand,
                                       factor, make_term, maximal, minus_unit, none_contained, parse_term, parts,
                                       some_contained, split, term_text)
from mtgjudge.model.pool_terms import TooManyPieces, _Packed, _Piece, _absorbed_pieces, _outside, _rank_sum, absorbed, packed, ranks

SIZE = 6


def _leq(a, b):
    return all(x <= y for x, y in zip(a, b))


def _brute_maximal(pools):
    return {p for p in pools if not any(q != p and _leq(p, q) for q in pools)}


def _pool(draw_counts):
    return tuple(draw_counts)


types = st.lists(st.integers(0, SIZE - 1), min_size=1, max_size=4, unique=True).map(lambda t: tuple(sorted(t)))
lots = st.builds(Lots, st.integers(0, 3), st.integers(1, 2), types)
amounts = st.lists(st.integers(0, 2), min_size=SIZE, max_size=SIZE).map(tuple)


@st.composite
def choices(draw):
    total = draw(st.integers(1, 3))
    alts = set()
    for _ in range(draw(st.integers(1, 4))):
        v = [0] * SIZE
        for _ in range(total):
            v[draw(st.integers(0, SIZE - 1))] += 1
        alts.add(tuple(v))
    return Choice(tuple(sorted(alts)))


@st.composite
def terms(draw):
    groups = draw(st.lists(st.one_of(lots, choices()), max_size=3))
    return make_term(draw(amounts), groups)


def _elements(t: Term) -> set:
    return set(t.elements())


@settings(max_examples=60, deadline=None)
@given(amounts, st.lists(st.one_of(lots, choices()), max_size=3))
def test_the_canonical_term_has_the_same_elements(fixed, groups):
    raw = {fixed}
    for g in groups:
        raw = {tuple(map(add, s, e)) for s in raw for e in g.elements(SIZE)}
    assert _elements(make_term(fixed, groups)) == raw


@settings(max_examples=60, deadline=None)
@given(terms(), st.integers(0, SIZE - 1))
def test_minus_one_unit_and_split_agree_with_the_elements(t, i):
    e = _elements(t)
    less = {p[:i] + (p[i] - 1,) + p[i + 1:] for p in e if p[i]}
    assert set().union(*[_elements(x) for x in minus_unit(t, i)]) == less
    none, some = split(t, i)
    assert (set() if none is None else _elements(none)) | set().union(*[_elements(x) for x in some]) == e
    assert all(p[i] == t.fixed[i] for p in (_elements(none) if none else ()))
    assert all(p[i] > t.fixed[i] for x in some for p in _elements(x))


@settings(max_examples=60, deadline=None)
@given(terms(), terms(), amounts)
def test_containment_tests_are_sound(a, b, v):
    ea, eb = _elements(a), _elements(b)
    assert covers(b, v) == any(_leq(v, q) for q in eb)
    if none_contained(a, b):
        assert not any(_leq(p, q) for p in ea for q in eb)
    if all_strictly_contained(a, b):
        assert all(any(_leq(p, q) and p != q for q in eb) for p in ea)


#: Terms of the shape of a board's mana: "n of [S]" groups of one mana each (lands of several colors, a
#: Chromatic Lantern making every land "any color"), a few Choices (what the other permanents make).
wide_lots = st.builds(Lots, st.integers(0, 5), st.just(1), types)


@st.composite
def board_terms(draw):
    groups = draw(st.lists(wide_lots, max_size=3)) + draw(st.lists(choices(), max_size=1))
    return make_term(draw(amounts), groups)


@settings(max_examples=150, deadline=None)
@given(board_terms(), board_terms())
def test_containment_is_exact_between_unions_of_uniform_terms(a, b):
    """``some_contained`` and ``all_contained`` (polymatroid ranks) are exactly "some element of a is under
    one of b" and "every element of a is under one of b", for each uniform part."""
    assume(parts(a) is not None and parts(b) is not None)     # a Choice of lots of two mana has no uniform parts
    eb = _elements(b)
    for x in parts(a):
        ex = _elements(x)
        for y in parts(b):
            ey = _elements(y)
            assert some_contained(x, y) == any(_leq(p, q) for p in ex for q in ey)
            assert all_contained(x, y) == all(any(_leq(p, q) for q in ey) for p in ex)
    assert set().union(*[_elements(x) for x in parts(a)]) == _elements(a)
    del eb


@settings(max_examples=300, deadline=None)
@given(board_terms(), board_terms())
def test_outside_is_exactly_the_elements_under_no_element(a, b):
    """``_outside`` (the facets of the polymatroid of a uniform term: sets of types closed and inseparable,
    and the types it never has) leaves exactly the elements of a uniform term under no element of another;
    a point with no mana of some types (a loop of its polymatroid) included."""
    assume(parts(a) is not None and parts(b) is not None)     # a Choice of lots of two mana has no uniform parts
    for x in parts(a):
        for y in parts(b):
            ey = _elements(y)
            out = set().union(*[_elements(p) for p in _outside(x, y)])
            assert out == {p for p in _elements(x) if not any(_leq(p, q) for q in ey)}


@settings(max_examples=200, deadline=None)
@given(board_terms(), board_terms())
def test_pieces_known_by_their_ranks_are_the_terms_made(a, b):
    """The pieces ``_outside`` gives as ``_Piece``s (their packed ranks and the sum of their ranks carried
    over from the term they are cut from) are the terms it makes, with the ranks computed from them; and
    absorbing them before they are made keeps the same terms as absorbing the terms."""
    assume(parts(a) is not None and parts(b) is not None)
    for x in parts(a):
        for y in parts(b):
            made = _outside(x, y)
            lazy = _outside(x, y, True)
            terms = [p.term() if isinstance(p, _Piece) else p for p in lazy]
            assert terms == made
            for p, t in zip(lazy, terms):
                if isinstance(p, _Piece):
                    assert p.packed == _Packed(t).packed and p.rank_sum == _rank_sum(t) == sum(ranks(t))
                    assert packed(t).ranks == ranks(t)
            assert _absorbed_pieces(lazy + [x]) == absorbed(made + [x])


@settings(max_examples=150, deadline=None)
@given(st.lists(board_terms(), min_size=1, max_size=5))
def test_maximal_is_exact_on_board_shaped_terms(ts):
    """Many units of several types in terms of several totals (where the pieces are split on how many units
    of a set of types the groups that may be of it have)."""
    union = set().union(*[_elements(t) for t in ts])
    try:
        # a piece bound below the product's keeps the slowest examples (minutes of pruning) out of the suite
        kept = maximal([(t, n) for n, t in enumerate(ts)], bound=2000)
    except TooManyPieces:
        # past its piece bound the pruning gives up and mana-options lists every amount instead (never a partial
        # answer): nothing to compare here
        assume(False)
        return
    assert expand([t for t, _ in kept]) == _brute_maximal(union)
    for piece, n in kept:
        assert _elements(piece) <= _elements(ts[n])


@settings(max_examples=120, deadline=None)
@given(st.lists(terms(), min_size=1, max_size=5))
def test_maximal_keeps_exactly_the_maximal_elements(ts):
    union = set().union(*[_elements(t) for t in ts])
    kept = maximal([(t, n) for n, t in enumerate(ts)])
    assert expand([t for t, _ in kept]) == _brute_maximal(union)
    for piece, n in kept:     # each piece is part of the term it is tagged with
        assert _elements(piece) <= _elements(ts[n])


@settings(max_examples=60, deadline=None)
@given(terms())
def test_factor_gives_back_the_set(t):
    e = _elements(t)
    if len({sum(p) for p in e}) == 1:
        assert _elements(make_term((0,) * SIZE, factor(e))) == e


def _factor_trying_every_set(alts) -> list:
    """``factor`` as it reads, trying every set of types present (the reference its narrowing to the sets an
    amount of the set reaches is checked against)."""
    from itertools import combinations
    rest = set(alts)
    size = len(next(iter(rest)))
    out: list = []
    while len(rest) > 1:
        present = [i for i in range(size) if any(a[i] for a in rest)]
        hit = None
        for r in range(len(present), 1, -1):
            for xs in combinations(present, r):
                cand = {a[:x] + (a[x] - 1,) + a[x + 1:] for a in rest for x in xs if a[x]}
                cand = {c for c in cand if all(c[:x] + (c[x] + 1,) + c[x + 1:] in rest for x in xs)}
                if cand and {c[:x] + (c[x] + 1,) + c[x + 1:] for c in cand for x in xs} == rest:
                    hit = (xs, cand)
                    break
            if hit:
                break
        if not hit:
            break
        out.append(Lots(1, 1, hit[0]))
        rest = hit[1]
    out.append(Choice(tuple(sorted(rest))))
    return out


@settings(max_examples=60, deadline=None)
@given(terms())
def test_factor_takes_out_the_groups_every_set_of_types_would(t):
    e = _elements(t)
    if len({sum(p) for p in e}) == 1:
        assert factor(e) == _factor_trying_every_set(e)


def test_text_round_trip_and_examples():
    t = parse_term("{C}{C} + 9 of [WUBRG]")
    assert t == Term((0, 0, 0, 0, 0, 2), (Lots(9, 1, (0, 1, 2, 3, 4)),))
    assert term_text(t) == "{C}{C} + 9 of [WUBRG]"
    assert term_text(parse_term("2 of [WUBRG]x2 + {G}")) == "{G} + 2 of [WUBRG]x2"
    assert term_text(parse_term("one of [{W}{W} | {U}{B}]")) == "one of [{W}{W} | {U}{B}]"
    # a choice that is "n of [S]" is written so
    assert term_text(parse_term("one of [{W}{W} | {W}{U} | {U}{U}]")) == "2 of [WU]"
    assert term_text(parse_term("")) == "" and parse_term("{G}{G}").groups == ()
    for bad in ("9 of WUBRG", "one of [{W} | {U}{U}]", "2 of [WW]", "{G} + {X}"):
        with pytest.raises(ManaSyntaxError):
            parse_term(bad)


def test_a_pool_set_equals_its_list_of_amounts():
    s = PoolSet([parse_term("{C} + 1 of [WU]")])
    assert s == frozenset({"{W}{C}", "{U}{C}"})
    assert s != frozenset({"{W}{C}"}) and s != frozenset({"{W}{C}", "{U}{C}", "{G}"})
    assert s == PoolSet([parse_term("{W}{C}"), parse_term("{U}{C}")])
    assert PoolSet([parse_term("12 of [WUBRG]")], listed=64).shown() == ["12 of [WUBRG]"]
    assert PoolSet([parse_term("2 of [WU]")]).shown() == ["{U}{U}", "{W}{U}", "{W}{W}"]


def test_packed_ranks_decide_as_the_rank_tuples_do():
    """The pruning's packed ranks (one integer per term, one subtraction per test) give the ranks, the
    containment of every element (``all_contained``) and the meeting of two terms (``some_contained``) exactly as
    the tuples of ranks do, on uniform terms of every small shape."""
    import random
    from mtgjudge.model import pool_terms as pt

    rng = random.Random(7)
    terms = []
    for _ in range(300):
        fixed = tuple(rng.choice([0, 0, 1, 2, 5]) for _ in range(6))
        groups = [pt.Lots(rng.randint(1, 9), 1, tuple(sorted(rng.sample(range(6), rng.randint(2, 6)))))
                  for _ in range(rng.randint(0, 4))]
        terms.append(pt.make_term(fixed, groups))
    for t in terms:
        assert pt.packed(t).ranks == pt.ranks(t)
    for a in terms[:60]:
        for b in terms:
            pa, pb = pt.packed(a), pt.packed(b)
            assert pt._under(pa, pb) == all(x <= y for x, y in zip(pt.ranks(a), pt.ranks(b)))
            assert pt._meets_packed(pa, pb) == pt._meets(pt.ranks(a), pt.ranks(b), a.total)
