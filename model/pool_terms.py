"""Sets of mana pools in factored form: a *term* is a fixed amount of mana plus groups, and stands for every
sum of the fixed part and one element of each group; a list of terms stands for the union of theirs.

A group is one of two shapes:

* :class:`Lots` ``(n, k, types)``: ``n`` lots of ``k`` mana, each lot all of one type among ``types``
  (``k = 1``: "n mana, each of any type in types", what n lands that each tap for any of those types make;
  ``k = 2``: what such lands make under one doubling effect);
* :class:`Choice` ``(alts)``: one of the listed amounts.

Pools are count vectors (tuples of one length, one count per type: six in WUBRGC order for an answer).
Every term here has one total: each element of a term has the same amount of mana (a Choice's
alternatives have one total), so that no element of a term strictly contains another, and a union of
terms of one total is a set no element of which strictly contains another. :func:`maximal` keeps, of a
union of terms of several totals, exactly the elements no other element strictly contains, in factored
form (splitting a term only where part of it is contained in a larger one).

A term whose groups are all "n of [S]" (*uniform*) is the set of integer bases of a polymatroid whose rank
on a set of types is the most mana of those types an element has (:func:`ranks`); containment between
two uniform terms is then decided exactly from their ranks (:func:`some_contained`, :func:`all_contained`),
and the elements of one under no element of another are terms again, one family for each facet of the
other's polymatroid (``_outside``). A term with Choices is the union of uniform terms (:func:`parts`).

Text (:func:`term_text`, :func:`parse_term`): a term is its parts joined by `` + ``: a fixed amount
``{C}{C}``; ``9 of [WUBRG]`` (nine mana, each of any of those types); ``2 of [WUBRG]x3`` (two lots of
three mana, each lot of one type); ``one of [{W}{W} | {U}{B}]``. A plain amount of mana is a term with
a fixed part only, and ``""`` is no mana.
"""
from __future__ import annotations

import re
import sys
from array import array
from itertools import combinations, combinations_with_replacement, product
from math import comb
from functools import lru_cache
from operator import add, gt, le, mul
from typing import Iterator, cast, overload

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import TYPES, ManaSyntaxError, mana_string, parse_mana
from mtgjudge.model.lazy_dataclass import dataclass

Pool = tuple


class _Ordered:
    """Groups sort by their shape first (lots before choices), so that terms of any groups sort."""

    def __lt__(self, other: "Group") -> bool:
        return _group_order(cast("Group", self)) < _group_order(other)


@dataclass(frozen=True)
class Lots(_Ordered):
    """``n`` lots of ``k`` mana, each lot all of one type in ``types`` (indices of the count vector)."""

    n: int
    k: int
    types: tuple[int, ...]

    def __hash__(self) -> int:
        # Kept once computed: the groups of the terms that are hashed by the thousand while pruning.
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash((self.n, self.k, self.types))
            object.__setattr__(self, "_hash", h)
        return h

    def elements(self, size: int) -> Iterator[Pool]:
        """Every amount this group can be (``size`` counts)."""
        for pick in combinations_with_replacement(self.types, self.n):
            v = [0] * size
            for t in pick:
                v[t] += self.k
            yield tuple(v)

    def count(self) -> int:
        return comb(self.n + len(self.types) - 1, self.n)

    @property
    def total(self) -> int:
        return self.n * self.k


@dataclass(frozen=True)
class Choice(_Ordered):
    """One of ``alts`` (amounts of one total, sorted)."""

    alts: tuple[Pool, ...]

    def __hash__(self) -> int:
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(self.alts)
            object.__setattr__(self, "_hash", h)
        return h

    def elements(self, size: int) -> Iterator[Pool]:
        return iter(self.alts)

    def count(self) -> int:
        return len(self.alts)

    @property
    def total(self) -> int:
        return sum(self.alts[0])


Group = Lots | Choice


@dataclass(frozen=True, order=True)
class Term:
    """A fixed amount plus groups: the set of every ``fixed + one element of each group``."""

    fixed: Pool
    groups: tuple[Group, ...] = ()

    def __hash__(self) -> int:
        # Kept once computed: terms are keys of many dicts and caches while the answer is pruned.
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash((self.fixed, self.groups))
            object.__setattr__(self, "_hash", h)
        return h

    @property
    def total(self) -> int:
        return sum(self.fixed) + sum(g.total for g in self.groups)

    @property
    def size(self) -> int:
        return len(self.fixed)

    def count_bound(self) -> int:
        """At least the number of elements (the product of the groups' sizes; sums may coincide)."""
        n = 1
        for g in self.groups:
            n *= g.count()
        return n

    def elements(self, bound: int | None = None) -> set[Pool] | None:
        """Every element; None when there are more than ``bound`` (the sums of the first groups are never
        more than those of all of them, so the count is checked as each group is added)."""
        sums = {self.fixed}
        for g in self.groups:
            sums = {tuple(map(add, s, e)) for s in sums for e in g.elements(self.size)}
            if bound is not None and len(sums) > bound:
                return None
        return sums


def unit(i: int, size: int, n: int = 1) -> Pool:
    v = [0] * size
    v[i] = n
    return tuple(v)


def _sub(a: Pool, b: Pool) -> Pool:
    return tuple(x - y for x, y in zip(a, b))


def _leq(a: Pool, b: Pool) -> bool:
    return all(x <= y for x, y in zip(a, b))


def _uniform_shape(alts: tuple[Pool, ...]) -> Lots | None:
    """The Lots group whose elements are exactly ``alts`` (of one total), if there is one."""
    size = len(alts[0])
    types = tuple(sorted({i for a in alts for i in range(size) if a[i]}))
    total = sum(alts[0])
    for k in range(1, total + 1):
        if total % k:
            continue
        g = Lots(total // k, k, types)
        if g.count() == len(alts) and all(all(x % k == 0 for x in a) for a in alts):
            return g
    return None


def make_term(fixed_in: Pool, groups) -> Term:
    """The canonical term of ``fixed`` plus ``groups`` (Lots of one type and Choices of one amount go to
    the fixed part; the part common to every alternative of a Choice too; a Choice that is exactly a
    Lots group becomes it; Lots of the same ``k`` and types merge)."""
    fixed: list[int] = list(fixed_in)
    size = len(fixed)
    lots: dict = {}
    choices: list = []
    for g in groups:
        if isinstance(g, Choice):
            alts = tuple(sorted(set(g.alts)))
            common = tuple(min(a[i] for a in alts) for i in range(size))
            if any(common):
                alts = tuple(sorted({_sub(a, common) for a in alts}))
                fixed = list(map(add, fixed, common))
            if len(alts) == 1:
                fixed = list(map(add, fixed, alts[0]))
                continue
            shape = _uniform_shape(alts)
            if shape is None:
                choices.append(Choice(alts))
                continue
            g = shape
        if g.n == 0:
            continue
        if len(g.types) == 1:
            fixed[g.types[0]] += g.n * g.k
            continue
        key = (g.k, g.types)
        lots[key] = lots.get(key, 0) + g.n
    out = [_shared_lots(n, k, types) for (k, types), n in lots.items()] + choices
    return Term(tuple(fixed), tuple(sorted(out, key=_group_order)))


def factor(alts) -> list[Group]:
    """Groups whose sums are exactly ``alts`` (amounts of one total): "1 of [S]" groups taken out while
    the rest plus one of S gives back exactly the set, then one Choice of what is left."""
    rest = set(alts)
    size = len(next(iter(rest)))
    out: list = []
    while len(rest) > 1:
        present = [i for i in range(size) if any(a[i] for a in rest)]
        # Where "1 of [xs]" comes out, an amount a0 of the set is c0 plus one of some x0 in xs, and c0 plus
        # one of each type of xs is in the set too: xs is among the types ``reach`` gives for some x0 of a0
        # (only those sets are tried, in the same order as all of them).
        a0 = next(iter(rest))
        reach = []
        for x0 in present:
            if a0[x0]:
                c0 = a0[:x0] + (a0[x0] - 1,) + a0[x0 + 1:]
                reach.append(tuple(y for y in present if c0[:y] + (c0[y] + 1,) + c0[y + 1:] in rest))
        for r in range(len(present), 1, -1):
            hit = None
            for xs in sorted({xs for ys in reach for xs in combinations(ys, r)}):
                # each amount of the set is one of xs more than another: it has one of xs
                if not all(any(a[x] for x in xs) for a in rest):
                    continue
                # the amounts that, plus one of each type in xs, stay in the set
                cand = {a[:x] + (a[x] - 1,) + a[x + 1:] for a in rest for x in xs if a[x]}
                cand = {c for c in cand if all(c[:x] + (c[x] + 1,) + c[x + 1:] in rest for x in xs)}
                if cand and {c[:x] + (c[x] + 1,) + c[x + 1:] for c in cand for x in xs} == rest:
                    hit = (xs, cand)
                    break
            if hit:
                break
        else:
            break
        out.append(Lots(1, 1, hit[0]))
        rest = hit[1]
    out.append(Choice(tuple(sorted(rest))))
    return out


def _group_order(g: Group) -> tuple:
    if isinstance(g, Lots):
        return (0, g.types, g.k, g.n)
    return (1, g.alts)


def shifted(term: Term, delta: Pool) -> Term:
    """The term plus a fixed amount."""
    return Term(tuple(map(add, term.fixed, delta)), term.groups)


def with_group(term: Term, g: Group) -> Term:
    return make_term(term.fixed, term.groups + (g,))


# ------------------------------------------------------------------------------- set operations

def minus_unit(term: Term, i: int) -> list[Term]:
    """Terms whose union is exactly {e - one of type i : e an element with some of type i}."""
    out = []
    if term.fixed[i]:
        f = list(term.fixed)
        f[i] -= 1
        out.append(Term(tuple(f), term.groups))
    for j, g in enumerate(term.groups):
        rest = term.groups[:j] + term.groups[j + 1:]
        if isinstance(g, Lots):
            if i in g.types:
                # one lot was of type i: what is left of it stays, the other lots are free
                out.append(make_term(tuple(map(add, term.fixed, unit(i, term.size, g.k - 1))),
                                     rest + (Lots(g.n - 1, g.k, g.types),)))
        else:
            alts = tuple(a[:i] + (a[i] - 1,) + a[i + 1:] for a in g.alts if a[i])
            if alts:
                out.append(make_term(term.fixed, rest + (Choice(alts),)))
    return _dedup(out)


def split(term: Term, i: int) -> tuple[Term | None, list[Term]]:
    """(the elements whose groups give no mana of type i, as a term or None; those whose groups give some,
    as terms)."""
    none_groups: list[Group] = []
    empty = False
    for g in term.groups:
        if isinstance(g, Lots):
            types = tuple(t for t in g.types if t != i)
            if not types:
                empty = True
                break
            none_groups.append(Lots(g.n, g.k, types))
        else:
            alts = tuple(a for a in g.alts if not a[i])
            if not alts:
                empty = True
                break
            none_groups.append(Choice(alts))
    none = None if empty else make_term(term.fixed, none_groups)
    some = []
    for j, g in enumerate(term.groups):
        rest = term.groups[:j] + term.groups[j + 1:]
        if isinstance(g, Lots):
            if i in g.types:
                some.append(make_term(tuple(map(add, term.fixed, unit(i, term.size, g.k))),
                                      rest + (Lots(g.n - 1, g.k, g.types),)))
        else:
            alts = tuple(a for a in g.alts if a[i])
            if alts:
                some.append(make_term(term.fixed, rest + (Choice(alts),)))
    return none, _dedup(some)


def _dedup(terms: list[Term]) -> list[Term]:
    return list(dict.fromkeys(terms))


def merged(term: Term, fold) -> Term:
    """The term with its counts folded by ``fold`` (a tuple naming, for each count, the count it goes to;
    restricted mana onto its type)."""
    size = max(fold) + 1

    def f(v: Pool) -> Pool:
        out = [0] * size
        for i, n in enumerate(v):
            out[fold[i]] += n
        return tuple(out)

    groups: list[Group] = []
    for g in term.groups:
        if isinstance(g, Lots):
            groups.append(Lots(g.n, g.k, tuple(sorted({fold[t] for t in g.types}))))
        else:
            groups.append(Choice(tuple(sorted({f(a) for a in g.alts}))))
    return make_term(f(term.fixed), groups)


# ------------------------------------------------------------------------------- containment tests

def covers(term: Term, v: Pool, budget: list | None = None) -> bool:
    """Some element of ``term`` contains ``v``."""
    need = tuple(max(0, a - b) for a, b in zip(v, term.fixed))
    if not any(need):
        return True
    uniform: list[Group] = []
    other: list[Group] = []
    for g in term.groups:
        (uniform if isinstance(g, Lots) and g.k == 1 else other).append(g)
    return _cover(need, other, uniform, budget)


def _cover(need: Pool, other: list, uniform: list, budget) -> bool:
    if not any(need):
        return True
    if not other:
        return _hall(need, uniform)
    g, rest = other[0], other[1:]
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _OutOfBudget()
    if isinstance(g, Choice):
        seen = set()
        for a in g.alts:
            r = tuple(max(0, x - y) for x, y in zip(need, a))
            if r not in seen:
                seen.add(r)
                if _cover(r, rest, uniform, budget):
                    return True
        return False
    # lots of k > 1: only how many lots go to each type that is still needed matters
    wanted = [t for t in g.types if need[t]]
    caps = [min(g.n, -(-need[t] // g.k)) for t in wanted]
    for counts in product(*(range(c + 1) for c in caps)):
        if sum(counts) > g.n:
            continue
        left: list[int] = list(need)
        for t, c in zip(wanted, counts):
            left[t] = max(0, left[t] - c * g.k)
        if _cover(tuple(left), rest, uniform, budget):
            return True
    return False


def _hall(need: Pool, uniform: list) -> bool:
    """Units of ``need`` can be given by the "n of any of types" groups (Hall's condition for the
    transportation of units from groups to the types they may be)."""
    types = [i for i, n in enumerate(need) if n]
    for r in range(1, len(types) + 1):
        for xs in combinations(types, r):
            s = set(xs)
            if sum(need[t] for t in xs) > sum(g.n for g in uniform if s.intersection(g.types)):
                return False
    return True


@lru_cache(maxsize=None)
def _masks(size: int) -> tuple[tuple[int, ...], ...]:
    """The non-empty sets of types (as tuples of indices), in order of their bit masks 1, 2, 3, ..."""
    return tuple(tuple(t for t in range(size) if m >> t & 1) for m in range(1, 1 << size))


@lru_cache(maxsize=100000)
def _group_bounds(g: Group, size: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each set of types, the least and the most mana of those types an element of ``g`` has."""
    lo, hi = [], []
    for xs in _masks(size):
        if isinstance(g, Lots):
            lo.append(g.total if set(g.types) <= set(xs) else 0)
            hi.append(g.total if set(xs).intersection(g.types) else 0)
        else:
            sums = [sum(a[t] for t in xs) for a in g.alts]
            lo.append(min(sums))
            hi.append(max(sums))
    return tuple(lo), tuple(hi)


@lru_cache(maxsize=100000)
def _bounds(term: Term) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each set of types (``_masks``), the least and the most mana of those types an element has."""
    size = term.size
    # the fixed part's mana of each set: that of the set less its lowest type, plus that type's
    fixed = [0] * (1 << size)
    for m in range(1, 1 << size):
        low = m & -m
        fixed[m] = fixed[m ^ low] + term.fixed[low.bit_length() - 1]
    del fixed[0]
    lo, hi = fixed, list(fixed)
    for g in term.groups:
        glo, ghi = _group_bounds(g, size)
        lo = list(map(add, lo, glo))
        hi = list(map(add, hi, ghi))
    return tuple(lo), tuple(hi)


def is_uniform(term: Term) -> bool:
    """Every group is "n of [S]" (lots of one mana): the elements are then the integer bases of a
    polymatroid, whose rank on a set of types X is the most mana of X an element has (``ranks``)."""
    return all(isinstance(g, Lots) and g.k == 1 for g in term.groups)


@lru_cache(maxsize=100000)
def ranks(term: Term) -> tuple[int, ...]:
    """For each set of types as a bit mask (0 the empty set), the most mana of those types an element of
    ``term`` has. For a uniform term this is a polymatroid's rank function (the fixed part is modular, each
    "n of [S]" adds n to every set that meets S), and an amount ``x`` of its size is contained in an
    element exactly when ``x(X) <= rank(X)`` for every X (the amounts under a polymatroid's bases are its
    independent vectors)."""
    return (0,) + _bounds(term)[1]


#: Ranks packed into one integer, a field of ``_FIELD`` bits per set of types, its top bit a guard: every
#: field of one packed vector is at least that of another exactly when subtracting the other from this one
#: with every guard set clears none of them (no field borrows from the next while each value is under the
#: guard). Ranks of a real board are far under ``_LIMIT``; beyond it the tuples are compared.
_FIELD = 32
_GUARD_BIT = 1 << (_FIELD - 1)
_LIMIT = 1 << (_FIELD - 2)
#: The array type code of unsigned 32-bit integers, the fields packed at C speed.
_CODE = next(c for c in "IL" if array(c).itemsize == 4)


@lru_cache(maxsize=None)
def _guards(n: int) -> int:
    return sum(_GUARD_BIT << (_FIELD * i) for i in range(n))


def _pack(values: tuple[int, ...]) -> int:
    """The values (each under ``_LIMIT``), the first in the lowest field."""
    return int.from_bytes(array(_CODE, values).tobytes(), sys.byteorder)


@lru_cache(maxsize=None)
def _fields_where(size: int, mask: int, meets: bool) -> int:
    """One in the field of each set of types (of ``size`` types) that meets ``mask`` (``meets``) or that
    does not contain all of it (else)."""
    return _pack(tuple(int(bool(x & mask)) if meets else int(x & mask != mask) for x in range(1 << size)))


class _Packed:
    """A uniform term's ranks packed (``_pack``; ``small``: its total, its greatest rank, under ``_LIMIT``),
    and, when asked for, as a tuple (``ranks``) and read backwards (the complements' ranks, for ``_meets``)."""

    __slots__ = ("term", "packed", "small", "total", "_ranks", "_reverse", "_sum")

    def __init__(self, term: Term) -> None:
        self.term = term
        self.total = term.total
        self.small = self.total < _LIMIT and is_uniform(term)
        self._ranks: tuple[int, ...] | None = None
        self._reverse: int | None = None
        self._sum: int | None = None
        self.packed = 0
        if self.small:
            # the fixed part's count of a type is in every set holding it; an "n of [S]" adds n to every
            # set meeting S (``ranks``): the fields summed at once
            size = term.size
            v = 0
            for t, n in enumerate(term.fixed):
                if n:
                    v += n * _fields_where(size, 1 << t, True)
            for g in term.groups:
                m = 0
                for t in cast(Lots, g).types:
                    m |= 1 << t
                v += cast(Lots, g).n * _fields_where(size, m, True)
            self.packed = v

    @property
    def ranks(self) -> tuple[int, ...]:
        r = self._ranks
        if r is None:
            if self.small:
                n = 1 << self.term.size
                a = array(_CODE)
                a.frombytes(self.packed.to_bytes(4 * n, sys.byteorder))
                r = tuple(a)
            else:
                r = ranks(self.term)
            self._ranks = r
        return r

    @property
    def rank_sum(self) -> int:
        """``_rank_sum`` of a small term."""
        r = self._sum
        if r is None:
            r = self._sum = _rank_sum(self.term)
        return r

    @property
    def reverse(self) -> int:
        r = self._reverse
        if r is None:
            r = _pack(self.ranks[::-1])
            self._reverse = r
        return r


def packed(term: Term) -> _Packed:
    """The term's ranks (``ranks``) packed, kept on the term once computed."""
    p = term.__dict__.get("_packed")
    if p is None:
        p = _Packed(term)
        object.__setattr__(term, "_packed", p)
    return p


@lru_cache(maxsize=None)
def _mask_of(types: tuple[int, ...]) -> int:
    m = 0
    for t in types:
        m |= 1 << t
    return m


@lru_cache(maxsize=100000)
def _moves(size: int, groups: tuple[tuple[int, ...], ...], mask: int) -> tuple[list, list[int], list[int]]:
    """For groups of these types, each one's types in ``mask``; the change of the packed ranks, and that of
    their sum (``_rank_sum``), when one lot of the group becomes one of those types only."""
    to = [_types_in(types, mask) for types in groups]
    moves = [_fields_where(size, _mask_of(t), True) - _fields_where(size, _mask_of(types), True)
             for types, t in zip(groups, to)]
    sums = [(1 << (size - len(types))) - (1 << (size - len(t))) for types, t in zip(groups, to)]
    return to, moves, sums


class _Piece:
    """A piece ``_at_least`` or ``_at_most`` makes, known by its packed ranks and their sum (both from its
    term's, ``like``) before its term is made: most pieces are dropped (under a larger part, or within
    another piece) on those alone. Its term: ``a``'s fixed part and ``rest``, and of each straddling group
    ``moved`` lots of its types in ``to`` (``kept``: the count given is of those left free instead)."""

    __slots__ = ("packed", "rank_sum", "args", "like")

    def __init__(self, value: int, rank_sum: int, args: tuple, like: _Packed) -> None:
        self.packed, self.rank_sum, self.args, self.like = value, rank_sum, args, like

    def term(self) -> Term:
        fixed, rest, straddling, to, counts, kept = self.args
        pairs = []
        for g, t, c in zip(straddling, to, counts):
            moved = g.n - c if kept else c
            pairs += [(moved, t), (g.n - moved, g.types)]
        t = _lots_term(fixed, rest, pairs)
        _set_packed(t, self.like, self.packed, self.rank_sum)
        return t


def _set_packed(term: Term, like: _Packed, value: int, rank_sum: int | None = None) -> None:
    """Keep on ``term`` its packed ranks ``value``, known without computing them: a piece of the small
    uniform term of ``like`` (the same total, uniform too)."""
    if "_packed" not in term.__dict__:
        p = _Packed.__new__(_Packed)
        p.term, p.packed, p.small, p.total, p._ranks, p._reverse, p._sum = term, value, True, like.total, None, None, rank_sum
        object.__setattr__(term, "_packed", p)


def _under(a: _Packed, b: _Packed) -> bool:
    """Every rank of ``a`` at most that of ``b`` (``all_contained`` on packed ranks)."""
    if a.small and b.small:
        h = _guards(1 << a.term.size)
        return ((b.packed | h) - a.packed) & h == h
    return all(map(le, a.ranks, b.ranks))


def _meets_packed(a: _Packed, b: _Packed) -> bool:
    """``_meets(a.ranks, b.ranks, a.total)`` on packed ranks: each field of a's ranks plus b's read backwards
    reaches a's total."""
    if a.small and b.small:
        n = 1 << a.term.size
        h = _guards(n)
        return (((a.packed + b.reverse) | h) - a.total * _unit_fields(n)) & h == h
    return _meets(a.ranks, b.ranks, a.total)


@lru_cache(maxsize=None)
def _unit_fields(n: int) -> int:
    return sum(1 << (_FIELD * i) for i in range(n))


def _meets(ra: tuple[int, ...], rb: tuple[int, ...], total: int) -> bool:
    """``some_contained`` on the ranks of the two terms (``total``: that of the first)."""
    full = len(ra) - 1
    return all(ra[x] + rb[full ^ x] >= total for x in range(len(ra)))


def some_contained(a: Term, b: Term) -> bool:
    """Some element of the uniform term ``a`` is contained in an element of the uniform term ``b``
    (exact): the most mana an amount under both polymatroids can have, ``min over X of rank_a(X) +
    rank_b(not X)`` (Edmonds' polymatroid intersection theorem, attained at an integer amount), reaches
    the total of ``a``, so that amount is an element of ``a``."""
    return _meets(ranks(a), ranks(b), a.total)


def all_contained(a: Term, b: Term) -> bool:
    """Every element of the uniform term ``a`` is contained in an element of the uniform term ``b``
    (exact): no set of types of which an element of ``a`` has more than every element of ``b``."""
    return all(map(le, ranks(a), ranks(b)))


#: A term whose Choices have at most this many combinations is tested as the union of the uniform terms
#: of each combination (``parts``).
PARTS_BOUND = 64


@lru_cache(maxsize=100000)
def parts(term: Term) -> tuple[Term, ...] | None:
    """Uniform terms whose union is exactly ``term``'s elements: one for each combination of its Choices'
    alternatives; None when it has lots of more than one mana, or more than ``PARTS_BOUND`` combinations."""
    if is_uniform(term):
        return (term,)
    if any(isinstance(g, Lots) and g.k != 1 for g in term.groups):
        return None
    choices = [g for g in term.groups if isinstance(g, Choice)]
    n = 1
    for g in choices:
        n *= len(g.alts)
    if n > PARTS_BOUND:
        return None
    lots = tuple(g for g in term.groups if isinstance(g, Lots))
    out = []
    for combo in product(*(g.alts for g in choices)):
        fixed = term.fixed
        for alt in combo:
            fixed = tuple(map(add, fixed, alt))
        out.append(make_term(fixed, lots))
    return tuple(dict.fromkeys(out))


def none_contained(a: Term, b: Term) -> bool:
    """No element of ``a`` is contained in an element of ``b``: some set of types of which every element
    of ``a`` has more than any element of ``b`` (a sufficient test)."""
    return any(map(gt, _bounds(a)[0], _bounds(b)[1]))


def all_strictly_contained(a: Term, b: Term) -> bool:
    """Every element of ``a`` is strictly contained in an element of ``b`` (a sufficient test): ``b`` has
    more mana; each Choice or lots of more than one of ``a`` is within a distinct group of ``b``; and the
    units of ``a``'s "n of [S]" groups, and those of its fixed part that ``b``'s fixed part lacks, can be
    given to the groups of ``b`` left, each to a group that can be any type it may be (Hall's condition)."""
    if b.total <= a.total:
        return False
    uniform = [g for g in a.groups if isinstance(g, Lots) and g.k == 1]
    uniform += [Lots(x - y, 1, (t,)) for t, (x, y) in enumerate(zip(a.fixed, b.fixed)) if x > y]
    other = [g for g in a.groups if not (isinstance(g, Lots) and g.k == 1)]
    return _match_then_flow(other, list(b.groups), uniform)


def _match_then_flow(gs: list, hs: list, uniform: list) -> bool:
    if not gs:
        return _flow(uniform, [h for h in hs if isinstance(h, Lots)])
    g = gs[0]
    for j, h in enumerate(hs):
        if _within(g, h) and _match_then_flow(gs[1:], hs[:j] + hs[j + 1:], uniform):
            return True
    return False


def _flow(uniform: list, lots: list) -> bool:
    """The units of the "n of [S]" groups ``uniform`` can each go to one of ``lots`` whose types include
    S, none taking more units than it has lots: a maximal flow from the groups to the lots carries them
    all (augmenting paths, Edmonds-Karp, on a graph of a few nodes)."""
    need = sum(g.n for g in uniform)
    if need == 0:
        return True
    if need > sum(h.n for h in lots):
        return False
    m = len(uniform)
    n = m + len(lots) + 2
    src, dst = n - 2, n - 1
    cap = [[0] * n for _ in range(n)]
    for i, g in enumerate(uniform):
        cap[src][i] = g.n
        for j, h in enumerate(lots):
            if set(g.types) <= set(h.types):
                cap[i][m + j] = g.n
    for j, h in enumerate(lots):
        cap[m + j][dst] = h.n
    flow = 0
    while True:
        parent = [-1] * n
        parent[src] = src
        queue = [src]
        for u in queue:
            for v in range(n):
                if parent[v] < 0 and cap[u][v] > 0:
                    parent[v] = u
                    queue.append(v)
        if parent[dst] < 0:
            return flow >= need
        v, push = dst, need
        while v != src:
            push = min(push, cap[parent[v]][v])
            v = parent[v]
        v = dst
        while v != src:
            u = parent[v]
            cap[u][v] -= push
            cap[v][u] += push
            v = u
        flow += push
        if flow >= need:
            return True


def _within(g: Group, h: Group) -> bool:
    if isinstance(g, Lots) and isinstance(h, Lots):
        return g.n == h.n and g.k == h.k and set(g.types) <= set(h.types)
    if isinstance(g, Choice) and isinstance(h, Choice):
        return set(g.alts) <= set(h.alts)
    if isinstance(g, Choice) and isinstance(h, Lots):
        return g.total == h.total and h.count() <= 4096 and set(g.alts) <= set(h.elements(len(g.alts[0])))
    return False


def _match(gs: list, hs: list) -> bool:
    """Each group of ``gs`` within a distinct group of ``hs`` (the extra groups of ``hs`` add mana)."""
    if not gs:
        return True
    g = gs[0]
    for j, h in enumerate(hs):
        if _within(g, h) and _match(gs[1:], hs[:j] + hs[j + 1:]):
            return True
    return False


class _OutOfBudget(Exception):
    pass


class TooManyPieces(Unsupported):
    """:func:`maximal` split the terms into more pieces than its bound allows."""


#: How many pieces :func:`maximal` may split terms into, and how many steps the containment tests may
#: take, before it gives up (unsupported, never a partial answer).
SPLIT_BOUND = 4000
#: How many pieces :func:`maximal` may make by subtraction (``_outside``), before it gives up likewise:
#: each is made once and tested against ranks, so many more than the splitting's.
SUBTRACTION_BOUND = 50000


def maximal(terms: list, check=lambda: None, bound: int = SPLIT_BOUND) -> list:
    """Of ``terms``, (term, tag) pairs, pieces whose union is exactly the elements of the union of the terms
    that no element strictly contains, each with the tag of the term it is a piece of: by subtraction
    (``_maximal_by_subtraction``) when every term is a union of uniform terms (``parts``), else by
    splitting (``_maximal_by_splitting``)."""
    if all(parts(t) is not None for t, _ in terms):
        return _maximal_by_subtraction(terms, check, SUBTRACTION_BOUND if bound == SPLIT_BOUND else bound)
    return _maximal_by_splitting(terms, check, bound)


def _maximal_by_subtraction(terms: list, check, bound: int) -> list:
    """``maximal`` for unions of uniform terms. An element is not maximal exactly when an element of a
    larger total contains it (whether that one is maximal or not: a chain of containments ends in a
    maximal one), so each term's parts have the amounts under each part of each term of a larger total
    taken away in turn (``_outside``: exactly, as terms), the pieces within another of the same total
    dropped as they go."""
    by_total: dict = {}
    for t, tag in terms:
        by_total.setdefault(t.total, {}).setdefault(t, tag)
    larger: list[tuple[Term, _Packed]] = []
    guard = _guards(1 << terms[0][0].size) if terms else 0
    kept: list = []
    pieces = 0
    for total in sorted(by_total, reverse=True):
        level: dict = {}
        # The parts of one total, less those within another (the union is the same), each with its tag.
        tagged: dict = {}
        for t, tag in by_total[total].items():
            for a in parts(t) or ():
                tagged.setdefault(a, tag)
        whole = absorbed(tagged)
        # (the larger parts' packed ranks read as the loop below needs them, once for the level: with
        # every guard set for ``_under``, backwards for ``_meets_packed``; whether those from each on are
        # all small, so that both tests can be written out)
        lp = [pz for _, pz in larger]
        lg = [pz.packed | guard for pz in lp]
        small_from = [True] * (len(lp) + 1)
        for j in range(len(lp) - 1, -1, -1):
            small_from[j] = small_from[j + 1] and lp[j].small
        lrev = [pz.reverse if pz.small else 0 for pz in lp]
        units = _unit_fields(1 << terms[0][0].size)
        for a0 in whole:
            tag = tagged[a0]
            p0 = packed(a0)
            current = [a0] if not any(_under(p0, pz) for pz in lp) else []
            for i, (y, py) in enumerate(larger):
                check()
                nxt: list = []
                grew = False
                fast = small_from[i + 1]
                for a in current:
                    pa = packed(a)
                    if not _meets_packed(pa, py):
                        nxt.append(a)
                    elif not _under(pa, py):
                        lazy = fast and pa.small
                        made = _outside(a, y, lazy)
                        pieces += len(made)
                        # (a piece under any larger part is dropped now, before it is cut further; the parts
                        # before this one hold none of a's elements, so none of its pieces', nor do those
                        # that hold none of a's)
                        if fast and pa.small:
                            q, least = pa.packed, pa.total * units
                            near = [j for j in range(i + 1, len(lp)) if (((q + lrev[j]) | guard) - least) & guard == guard]
                        else:
                            near = [j for j in range(i + 1, len(lp)) if _meets_packed(pa, lp[j])]
                        near_packed = [lg[j] for j in near]
                        for p in made:
                            if lazy:
                                q = p.packed if isinstance(p, _Piece) else packed(p).packed
                                if not any((z - q) & guard == guard for z in near_packed):
                                    nxt.append(p)
                                continue
                            pp = packed(p)
                            if fast and pp.small:
                                q = pp.packed
                                if not any((z - q) & guard == guard for z in near_packed):
                                    nxt.append(p)
                            elif not any(_under(pp, lp[j]) for j in near):
                                nxt.append(p)
                        grew = True
                current = _absorbed_pieces(nxt) if grew else nxt
                if pieces > bound:
                    raise TooManyPieces(f"the factored mana-options answer needed more than {bound} pieces to "
                                        "decide which amounts are largest; no answer is given rather than a partial one")
                if not current:
                    break
            for a in current:
                level.setdefault(a, tag)
        kept.extend((a, level[a]) for a in absorbed(level))
        # (a part under one of a larger total takes nothing more away)
        larger.extend((y, packed(y)) for y in whole if not any(_under(packed(y), pz) for _, pz in larger))
    return sorted(kept, key=lambda p: p[0])


def _lots(a: Term) -> list[Lots]:
    """The groups of a uniform term (every one "n of [S]", as ``parts`` makes them)."""
    out = [g for g in a.groups if isinstance(g, Lots)]
    assert len(out) == len(a.groups)     # callers pass only uniform terms (``parts``)
    return out


def _outside(a: Term, y: Term, lazy: bool = False) -> list:
    """Terms whose union is exactly the elements of the uniform term ``a`` under no element of the uniform
    term ``y``: those that have more mana of some set of types X than every element of ``y`` (``x(X) >
    rank_y(X)``). Only the groups of ``a`` that may be of X or not ("straddling") vary in X, so for each X
    where ``a`` may have more, the pieces fix how many of their units go in X or out of it
    (``_at_least``, ``_at_most``, whichever needs fewer)."""
    ra, ry = packed(a).ranks, packed(y).ranks
    full = len(ra) - 1
    support = 0
    for t in range(a.size):
        if a.fixed[t]:
            support |= 1 << t
    for g in _lots(a):
        for t in g.types:
            support |= 1 << t
    # Of those that meet a's types alike, the set of least rank in y (an element over it on a set is over
    # it on the smaller-ranked one with the same types of a).
    tests: dict = {}
    pa, py = packed(a), packed(y)
    if pa.small and py.small:
        # (the deciding sets on which a has more than y read off the packed ranks at once: the guard of
        # each field where a's rank is over y's is cleared by the subtraction; in the order of
        # ``_deciding_sets``, the types y never has first)
        h = _guards(len(ra))
        dmask, loops = _deciding_fields(ry, a.size)
        over = ~((py.packed | h) - pa.packed) & dmask
        xs = []
        while over:
            low = over & -over
            xs.append(low.bit_length() // _FIELD - 1)
            over ^= low
        if loops:
            xs.sort(key=lambda x: not x & loops)
    else:
        xs = [x for x in _deciding_sets(ry, a.size) if ra[x] > ry[x]]
    for x in xs:
        k = x & support
        if k not in tests or ry[x] < ry[tests[k]]:
            tests[k] = x
    out: list[Term] = []
    lots = _lots(a)
    masks = [_mask_of(g.types) for g in lots]
    for x in tests.values():
        inside = [g for g, gm in zip(lots, masks) if gm & x == gm]
        straddling = [g for g, gm in zip(lots, masks) if gm & x and gm & x != gm]
        rest = [g for g, gm in zip(lots, masks) if not gm & x or gm & x == gm]
        n_s = sum(g.n for g in straddling)
        m = ry[x] + 1 - sum(a.fixed[t] for t in range(a.size) if x >> t & 1) - sum(g.n for g in inside)
        if m <= 0:
            return [a]
        if m > n_s:
            continue
        if _compositions_count(m, straddling) <= _compositions_count(n_s - m, straddling):
            out += _at_least(a, rest, straddling, x, m, lazy)
        else:
            out += _at_most(a, rest, straddling, full ^ x, n_s - m, lazy)
    return out


@lru_cache(maxsize=10000)
def _deciding_fields(ry: tuple[int, ...], size: int) -> tuple[int, int]:
    """The guard bits (``_pack``) of the fields of ``_deciding_sets``, and the types of rank 0 (a mask)."""
    loops = sum(1 << e for e in range(size) if ry[1 << e] == 0)
    return sum(_GUARD_BIT << (_FIELD * x) for x in _deciding_sets(ry, size)), loops


@lru_cache(maxsize=10000)
def _deciding_sets(ry: tuple[int, ...], size: int) -> tuple[int, ...]:
    """Sets of types (masks) on which an amount is over the polymatroid of ranks ``ry`` if it is over it at
    all (x(X) > rank(X) for some X): each type of rank 0 alone, and the sets of the other types that are
    closed among them (adding one raises the rank) and inseparable (the rank is not the sum of those of two
    parts), those of the polytope's facets (Edmonds, "Submodular functions, matroids, and certain
    polyhedra", 1970, on the space of the types of positive rank)."""
    loops = sum(1 << e for e in range(size) if ry[1 << e] == 0)
    out = [1 << e for e in range(size) if loops >> e & 1]
    for x in range(1, len(ry)):
        if x & loops or any(not (x | loops) >> e & 1 and ry[x | 1 << e] == ry[x] for e in range(size)):
            continue
        sub = (x - 1) & x
        separable = False
        while sub:
            if ry[sub] + ry[x ^ sub] == ry[x]:
                separable = True
                break
            sub = (sub - 1) & x
        if not separable:
            out.append(x)
    return tuple(out)


def _maximal_by_splitting(terms: list, check, bound: int) -> list:
    """``maximal`` for any terms.

    Elements of one total never strictly contain one another, so only larger totals are looked at; a
    piece is kept whole where none of its elements is contained in a larger one, dropped where all are,
    and otherwise split until one of the two holds or it is a single amount, tested exactly. Where both
    terms are unions of uniform terms (``parts``) the two tests are exact (``some_contained``,
    ``all_contained``), and a uniform piece is split on a type that decides a set of types of which it
    may have more of than a larger term (``_threshold_split``); a piece with Choices is split into its parts."""
    by_total: dict = {}
    for t, tag in terms:
        by_total.setdefault(t.total, {}).setdefault(t, tag)
    kept: list = []
    # the steps of deciding single amounts (``covers``): past them the pieces are too scattered for terms to say
    # them shortly, and the caller lists the largest amounts one by one instead (``TooManyPieces``), which is
    # faster then than covering on
    budget = [bound * 2]
    pieces = 0
    for total in sorted(by_total, reverse=True):
        level: dict = {}
        for t, tag in by_total[total].items():
            stack = [t]
            seen = {t}
            while stack:
                check()
                a = stack.pop()
                pieces += 1
                if pieces > bound:
                    raise TooManyPieces(f"the factored mana-options answer needed more than {bound} pieces to "
                                      "decide which amounts are largest; no answer is given rather than a partial one")
                pa = parts(a)
                bigger = [b for b, _ in kept if _may_meet(a, pa, b)]
                if not bigger:
                    level.setdefault(a, tag)
                    continue
                if _all_contained_in(a, pa, bigger):
                    continue
                if not a.groups:
                    try:
                        if not any(covers(b, a.fixed, budget) for b in bigger):
                            level.setdefault(a, tag)
                    except _OutOfBudget:
                        raise TooManyPieces("the factored mana-options answer reached its bound while deciding "
                                            "which amounts are largest; no answer is given rather than a partial "
                                            "one") from None
                    continue
                new: list[Term] | None
                if pa is not None and len(pa) > 1:
                    new = list(pa)
                else:
                    new = _threshold_split(pa[0], bigger) if pa is not None else None   # a itself, uniform
                    if new is None:
                        none, some = split(a, _split_type(a, bigger))
                        new = ([none] if none is not None else []) + some
                # (the pieces overlap: one reached twice is decided once)
                for piece in new:
                    if piece not in seen:
                        seen.add(piece)
                        stack.append(piece)
        kept.extend((t, level[t]) for t in absorbed(level))
    return sorted(kept, key=lambda p: p[0])


def _may_meet(a: Term, pa: tuple[Term, ...] | None, b: Term) -> bool:
    """Some element of ``a`` may be contained in one of ``b``: exactly, when both have parts; else unless
    the bounds of some set of types rule it out."""
    pb = parts(b)
    if pa is None or pb is None:
        return not none_contained(a, b)
    return any(some_contained(x, y) for x in pa for y in pb)


def _all_contained_in(a: Term, pa: tuple[Term, ...] | None, bigger: list[Term]) -> bool:
    """Every element of ``a`` is strictly contained in an element of one of ``bigger`` (a sufficient
    test): each part of ``a`` within a part of one of them, or all of ``a`` within one of them."""
    if pa is not None:
        pbs = [y for b in bigger for y in (parts(b) or ())]
        if all(any(all_contained(x, y) for y in pbs) for x in pa):
            return True
    return any(all_strictly_contained(a, b) for b in bigger)


def _threshold_split(a: Term, bigger: list[Term]) -> list[Term] | None:
    """For a uniform piece ``a`` and a uniform part ``y`` of a larger term that holds some of its elements
    but not all: pieces whose union is ``a``, those of which an element has more mana of a set of types X
    than ``y`` has at most (none of them is under ``y``) and those that have at most that much (X no
    longer tells them from ``y``). Only the groups of ``a`` that may be of X or not ("straddling") vary
    in X, so the pieces fix how many of their units go in X or out of it (``_at_least``, ``_at_most``);
    of the sets X that tell, the one with the fewest pieces. None when no part of ``bigger`` is partly
    over ``a``."""
    for b in bigger:
        for y in parts(b) or ():
            if not some_contained(a, y) or all_contained(a, y):
                continue
            ra, ry = ranks(a), ranks(y)
            best = None
            for x in range(1, len(ra)):
                if ra[x] <= ry[x]:
                    continue
                inside = [g for g in _lots(a) if all(x >> t & 1 for t in g.types)]
                straddling = [g for g in _lots(a) if g not in inside and any(x >> t & 1 for t in g.types)]
                n_s = sum(g.n for g in straddling)
                # units of the straddling groups in X that put an element over y: at least m
                m = ry[x] + 1 - sum(a.fixed[t] for t in range(a.size) if x >> t & 1) - sum(g.n for g in inside)
                if not straddling or not 1 <= m <= n_s:
                    continue
                cost = _compositions_count(min(m, n_s - m), straddling) + _compositions_count(min(m - 1, n_s - m + 1), straddling)
                if best is None or cost < best[0]:
                    best = (cost, x, straddling, m, n_s)
            if best is None:
                continue
            _, x, straddling, m, n_s = best
            out_x = (1 << a.size) - 1 ^ x
            rest = [g for g in a.groups if g not in straddling]
            # over y: at least m units in X, i.e. at most n_s - m out of it; else at most m - 1 in X
            over = (_at_least(a, rest, straddling, x, m) if m <= n_s - m else _at_most(a, rest, straddling, out_x, n_s - m))
            under = (_at_most(a, rest, straddling, x, m - 1) if m - 1 <= n_s - m + 1
                     else _at_least(a, rest, straddling, out_x, n_s - m + 1))
            return list(dict.fromkeys(over + under))
    return None


def _capped_compositions(r: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``r`` as a sum of parts, each at most its cap."""
    return iter(_compositions_of(r, tuple(caps)))


@lru_cache(maxsize=100000)
def _compositions_of(r: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(_compositions(r, list(caps)))


def _compositions(r: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    if not caps:
        if r == 0:
            yield ()
        return
    rest = sum(caps[1:])
    for j in range(max(0, r - rest), min(caps[0], r) + 1):
        for tail in _compositions(r - j, caps[1:]):
            yield (j,) + tail


def _compositions_count(r: int, groups: list) -> int:
    """How many ways ``_capped_compositions`` has for ``r`` among the groups' sizes."""
    return _count_of(r, tuple(g.n for g in groups))


@lru_cache(maxsize=100000)
def _count_of(r: int, caps: tuple[int, ...]) -> int:
    ways = [1] + [0] * r
    for n in caps:
        ways = [sum(ways[max(0, v - n):v + 1]) for v in range(r + 1)]
    return ways[r]


@lru_cache(maxsize=100000)
def _types_in(types: tuple[int, ...], mask: int) -> tuple[int, ...]:
    return tuple(t for t in types if mask >> t & 1)


def _lots_term(fixed_in: Pool, rest: list, lots_in: list[tuple[int, tuple[int, ...]]]) -> Term:
    """``make_term(fixed, rest + [Lots(n, 1, types) for n, types in lots_in])`` for groups that are all
    Lots (``rest``'s and those), the pieces ``_at_least`` and ``_at_most`` make by the thousand."""
    fixed = list(fixed_in)
    lots: dict = {}
    for g in rest:
        if g.n:
            if len(g.types) == 1:
                fixed[g.types[0]] += g.n * g.k
            else:
                key = (g.k, g.types)
                lots[key] = lots.get(key, 0) + g.n
    for n, types in lots_in:
        if n:
            if len(types) == 1:
                fixed[types[0]] += n
            else:
                key = (1, types)
                lots[key] = lots.get(key, 0) + n
    out = [_shared_lots(n, k, types) for (k, types), n in lots.items()]
    return Term(tuple(fixed), tuple(sorted(out, key=_group_order)))


#: The groups ``_lots_term`` makes, one object for each (n, k, types): made once (a frozen dataclass is slow
#: to make), and compared at once where two pieces share them.
_SHARED_LOTS: dict = {}


def _shared_lots(n: int, k: int, types: tuple[int, ...]) -> Lots:
    g = _SHARED_LOTS.get((n, k, types))
    if g is None:
        if len(_SHARED_LOTS) > 100000:
            _SHARED_LOTS.clear()
        g = _SHARED_LOTS[(n, k, types)] = Lots(n, k, types)
    return g


def _at_least(a: Term, rest: list, straddling: list, mask: int, r: int, lazy: bool = False) -> list:
    """The elements of ``a`` whose ``straddling`` groups have at least ``r`` units of the types of
    ``mask``: for each way to put ``r`` of them there, those lots are of those types, the others free.
    With ``lazy``, where ``a``'s ranks are small, each piece is a ``_Piece`` (its term made when asked)."""
    out: list = []
    if all(isinstance(g, Lots) for g in rest):
        # a lot moved from a group's types to its types in the mask changes the packed ranks (and their
        # sum) by the same amount in every piece (``_Packed``: the fields are sums over the groups)
        inside, shifts, sums = _moves(a.size, tuple(g.types for g in straddling), mask)
        pa = packed(a)
        moves: list[int] | None = shifts
        if not pa.small:
            moves = None
        elif lazy:
            v0, s0 = pa.packed, pa.rank_sum
            return [_Piece(v0 + sum(map(mul, js, shifts)), s0 + sum(map(mul, js, sums)),
                           (a.fixed, rest, straddling, inside, js, False), pa)
                    for js in _capped_compositions(r, [g.n for g in straddling])]
        for js in _capped_compositions(r, [g.n for g in straddling]):
            pairs = []
            for g, t, j in zip(straddling, inside, js):
                pairs += [(j, t), (g.n - j, g.types)]
            if moves is not None:
                value = pa.packed + sum(map(mul, js, moves))
                piece = _lots_term(a.fixed, rest, pairs)
                _set_packed(piece, pa, value)
            else:
                piece = _lots_term(a.fixed, rest, pairs)
            out.append(piece)
        return out
    for js in _capped_compositions(r, [g.n for g in straddling]):
        groups = list(rest)
        for g, j in zip(straddling, js):
            groups += [Lots(j, 1, _types_in(g.types, mask)), Lots(g.n - j, 1, g.types)]
        out.append(make_term(a.fixed, groups))
    return out


def _at_most(a: Term, rest: list, straddling: list, mask: int, r: int, lazy: bool = False) -> list:
    """The elements of ``a`` whose ``straddling`` groups have at most ``r`` units of the types of ``mask``:
    for each way to let ``r`` of them be free, the others are of the other types (``lazy``: as in
    ``_at_least``)."""
    out: list = []
    full = (1 << a.size) - 1
    if all(isinstance(g, Lots) for g in rest):
        # (as in ``_at_least``: each lot not left free moves to the group's other types)
        outside, shifts, sums = _moves(a.size, tuple(g.types for g in straddling), full ^ mask)
        pa = packed(a)
        moves: list[int] | None = shifts
        if not pa.small:
            moves = None
        elif lazy:
            # (each group's lots not left free all moved: the most, less those left free)
            ns = [g.n for g in straddling]
            v0, s0 = pa.packed + sum(map(mul, ns, shifts)), pa.rank_sum + sum(map(mul, ns, sums))
            return [_Piece(v0 - sum(map(mul, ks, shifts)), s0 - sum(map(mul, ks, sums)),
                           (a.fixed, rest, straddling, outside, ks, True), pa)
                    for ks in _capped_compositions(r, ns)]
        for ks in _capped_compositions(r, [g.n for g in straddling]):
            pairs = []
            for g, t, k in zip(straddling, outside, ks):
                pairs += [(k, g.types), (g.n - k, t)]
            if moves is not None:
                value = pa.packed + sum((g.n - k) * d for g, k, d in zip(straddling, ks, moves))
                piece = _lots_term(a.fixed, rest, pairs)
                _set_packed(piece, pa, value)
            else:
                piece = _lots_term(a.fixed, rest, pairs)
            out.append(piece)
        return out
    for ks in _capped_compositions(r, [g.n for g in straddling]):
        groups = list(rest)
        for g, k in zip(straddling, ks):
            groups += [Lots(k, 1, g.types), Lots(g.n - k, 1, _types_in(g.types, full ^ mask))]
        out.append(make_term(a.fixed, groups))
    return out


def _split_type(a: Term, bigger: list[Term]) -> int:
    """A type to split ``a`` on: one that a larger term has more of fixed, else any its groups may be."""
    free = sorted({t for g in a.groups for t in (g.types if isinstance(g, Lots) else
                                                    [i for alt in g.alts for i in range(a.size) if alt[i]])})
    for b in bigger:
        for t in free:
            if b.fixed[t] > a.fixed[t]:
                return t
    return free[0]


def _absorbed_pieces(items: list) -> list[Term]:
    """``absorbed`` of terms and ``_Piece``s of one total (a term made only for the pieces kept): where all
    are small and uniform, as ``absorbed`` decides them on packed ranks (the same order by the sums of the
    ranks, each kept unless under one kept before it: equal ones, left for ``absorbed`` to drop first,
    are under the first of them), on the pieces' ranks alone."""
    if not any(isinstance(p, _Piece) for p in items):
        return absorbed(items)
    if not all(isinstance(p, _Piece) or packed(p).small for p in items):
        return absorbed([p.term() if isinstance(p, _Piece) else p for p in items])
    vals = [p.packed if isinstance(p, _Piece) else packed(p).packed for p in items]
    sums = [p.rank_sum if isinstance(p, _Piece) else packed(p).rank_sum for p in items]
    first = items[0]
    size = first.like.term.size if isinstance(first, _Piece) else first.size
    h = _guards(1 << size)
    chosen: list[int] = []
    kept_guarded: list[int] = []
    for i in sorted(range(len(items)), key=lambda i: -sums[i]):
        q = vals[i]
        if not any((z - q) & h == h for z in kept_guarded):
            chosen.append(i)
            kept_guarded.append(q | h)
    return [items[i].term() if isinstance(items[i], _Piece) else items[i] for i in sorted(chosen)]


def _rank_sum(term: Term) -> int:
    """The sum of a uniform term's ranks (``ranks``) over every set of types: a type of the fixed part counts
    in half of the sets, an "n of [S]" in those that meet S."""
    size = term.size
    return (sum(term.fixed) << (size - 1)) + sum(cast(Lots, g).n * ((1 << size) - (1 << (size - len(cast(Lots, g).types))))
                                               for g in term.groups)


def absorbed(level) -> list[Term]:
    """Terms of one total, less those within another (uniform terms: exactly; others: the same fixed part,
    each group within one of the other's): the union is the same."""
    level = _dedup(list(level))
    if all(is_uniform(t) for t in level):
        # Of one total, a term within another has ranks no greater, and a smaller sum of them unless equal
        # (the same elements): going down the sums, each is tested against those kept before it.
        ps = [packed(t) for t in level]
        order = sorted(range(len(level)), key=lambda i: -ps[i].rank_sum)
        chosen: list[int] = []
        if level and all(p.small for p in ps):
            # (``_under`` written out on the packed ranks, with the guards of those kept set once)
            h = _guards(1 << level[0].size)
            kept_guarded: list[int] = []
            for i in order:
                q = ps[i].packed
                if not any((z - q) & h == h for z in kept_guarded):
                    chosen.append(i)
                    kept_guarded.append(ps[i].packed | h)
        else:
            for i in order:
                if not any(_under(ps[i], ps[j]) for j in chosen):
                    chosen.append(i)
        return [level[i] for i in sorted(chosen)]

    flat = [is_uniform(t) for t in level]       # (asked once a term: the pairs below ask it again and again)

    def inside(i: int, j: int) -> bool:
        a, b = level[i], level[j]
        if flat[i] and flat[j]:
            return all_contained(a, b)    # exact: of one total, an element under one of b's is one of b's
        # the same fixed part and total: each unit of a's groups goes to one of b's, which it fills
        if a.fixed != b.fixed:
            return False
        uniform = [g for g in a.groups if isinstance(g, Lots) and g.k == 1]
        return _match_then_flow([g for g in a.groups if g not in uniform], list(b.groups), uniform)

    out = []
    for i, a in enumerate(level):
        if any(j != i and inside(i, j) and (not inside(j, i) or j < i) for j in range(len(level))):
            continue
        out.append(a)
    return out


@overload
def expand(terms: list[Term], bound: None = None) -> frozenset[Pool]: ...
@overload
def expand(terms: list[Term], bound: int | None) -> frozenset[Pool] | None: ...
def expand(terms: list[Term], bound: int | None = None) -> frozenset[Pool] | None:
    """The union of the terms' elements; None when it has more than ``bound`` (never without one)."""
    out: set = set()
    for t in terms:
        e = t.elements(bound)
        if e is None:
            return None
        out |= e
        if bound is not None and len(out) > bound:
            return None
    return frozenset(out)


# ------------------------------------------------------------------------------- text

def _types_text(types: tuple[int, ...]) -> str:
    return "".join(TYPES[t] for t in types)


def term_text(term: Term) -> str:
    """The term as text (six counts, WUBRGC): ``{C}{C} + 9 of [WUBRG]``."""
    parts = []
    fixed = mana_string(dict(zip(TYPES, term.fixed)))
    if fixed or not term.groups:
        parts.append(fixed)
    for g in term.groups:
        if isinstance(g, Lots):
            parts.append(f"{g.n} of [{_types_text(g.types)}]" + (f"x{g.k}" if g.k > 1 else ""))
        else:
            parts.append("one of [" + " | ".join(mana_string(dict(zip(TYPES, a))) or '""' for a in sorted(g.alts, reverse=True)) + "]")
    return " + ".join(parts)


def pool_text(v: Pool) -> str:
    """A pool of six counts as canonical mana text."""
    return mana_string(dict(zip(TYPES, v)))


_LOTS = re.compile(r"(\d+) of \[([WUBRGC]+)\](?:x(\d+))?$")
_CHOICE = re.compile(r"one of \[(.*)\]$")


def _mana_vector(text: str) -> Pool:
    c = parse_mana(text)
    return tuple(c.get(t, 0) for t in TYPES)


def parse_term(text: str) -> Term:
    """A term from its text (:func:`term_text`); a plain amount of mana is a term too. Raises
    ManaSyntaxError naming the part that is wrong."""
    if not isinstance(text, str):
        raise ManaSyntaxError(f"an amount of mana must be a quoted string like \"{{G}}{{G}}\", not {text!r}")
    fixed = (0,) * 6
    groups: list = []
    s = text.strip()
    for part in (p.strip() for p in s.split(" + ")) if s else []:
        m = _LOTS.match(part)
        c = _CHOICE.match(part)
        if m:
            types = tuple(sorted({TYPES.index(t) for t in m.group(2)}))
            if len(types) != len(m.group(2)):
                raise ManaSyntaxError(f"{part!r} in {text!r} names a type twice")
            groups.append(Lots(int(m.group(1)), int(m.group(3) or 1), types))
            if groups[-1].k < 1:
                raise ManaSyntaxError(f"{part!r} in {text!r}: a lot has at least one mana")
        elif c:
            alts = [_mana_vector("" if a.strip() == '""' else a) for a in c.group(1).split("|")]
            if len({sum(a) for a in alts}) != 1:
                raise ManaSyntaxError(f"{part!r} in {text!r}: the amounts of a choice must have the same number of mana")
            groups.append(Choice(tuple(sorted(set(alts)))))
        else:
            try:
                fixed = tuple(map(add, fixed, _mana_vector(part)))
            except ManaSyntaxError as e:
                raise ManaSyntaxError(f"{part!r} in {text!r} is neither mana like \"{{G}}{{G}}\", nor \"N of [TYPES]\", "
                                      f"nor \"one of [... | ...]\" ({e})") from None
    return make_term(fixed, groups)


#: Up to this many elements, two factored sets are compared element by element; past it, by their terms.
COMPARED_ELEMENTS = 200000


class PoolSet:
    """A set of pools (six counts) as terms: the value of a mana-options answer. It equals another
    ``PoolSet`` with the same elements, and a frozenset of canonical mana strings (``"{G}{G}"``, the list
    form) with the same pools; ``listed``: up to this many pools it is shown as their list, past it as its
    terms."""

    __slots__ = ("terms", "listed", "_expanded")

    def __init__(self, terms, listed: int | None = 64) -> None:
        self.terms = tuple(sorted(dict.fromkeys(terms)))
        self.listed = listed
        self._expanded: dict = {}

    def pools(self, bound: int | None = None) -> frozenset[str] | None:
        """The pools as canonical strings, or None when there are more than ``bound``."""
        if bound not in self._expanded:
            e = expand(list(self.terms), bound)
            self._expanded[bound] = None if e is None else frozenset(pool_text(v) for v in e)
        return self._expanded[bound]

    def texts(self) -> list[str]:
        """The terms as text."""
        return [term_text(t) for t in self.terms]

    def shown(self) -> list[str]:
        """What is shown: the sorted pools, up to ``listed`` of them (all with None), else the terms."""
        pools = self.pools(self.listed)
        return sorted(pools) if pools is not None else self.texts()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (set, frozenset)):
            mine = self.pools(len(other))
            return mine is not None and mine == other
        if isinstance(other, PoolSet):
            if self.terms == other.terms:
                return True
            a, b = self.pools(COMPARED_ELEMENTS), other.pools(COMPARED_ELEMENTS)
            return a is not None and a == b
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.terms)

    def __repr__(self) -> str:
        return f"PoolSet({self.texts()!r})"
