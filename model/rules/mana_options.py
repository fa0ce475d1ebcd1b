"""The search for ``mana-options``: every maximal amount of mana a player can have in their pool by
activating mana abilities now (CR 605.3a), costs paid (mana from other mana, life per 119.4, sacrifices,
counters; {T}/{Q} per 302.6), choices and replacement orders expanded (via model.mana_sources).

Exact, with no cap. Two reductions keep it small, both sound because more mana (and more untapped,
unsacrificed permanents) never makes fewer options reachable:

* *Pure* permanents (every mana ability costs only {T} and counters on itself, adds mana that depends on
  nothing the search changes, has no further effect) are activated first: doing them first never loses an
  option, and their outputs combine as a sum, pruned to the pools no other pool contains.
* Other activations are searched depth first; a node whose pool is contained in a pool already seen with
  the same remaining resources is skipped.

Reaching the same resources again with strictly more mana is a loop that makes arbitrarily much:
the answer is ``"unbounded"``.
"""
from __future__ import annotations

import time
from operator import le
from collections import Counter
from dataclasses import dataclass, replace

from mtgjudge.model.vocab.abilities import X_COUNT, Ability
from mtgjudge.model.rules.layers import activated_abilities, compute_all
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model import deadline
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import MANA_SCOPES, require_modelled
from mtgjudge.model.mana import TYPES, mana_string
from mtgjudge.model.payment.problem import pool_groups
from mtgjudge.model.payment.symbols import DEMAND_KINDS, Source, blocked, ways_to_pay
from mtgjudge.model.rules.mana_production import added_total
from mtgjudge.model.rules.mana_sources import activation_outcomes
from mtgjudge.model.rules.spending import Purpose, spend_as_effects
from mtgjudge.model.rules.timing import summoning_sick

#: The cost parts and effect words of mana abilities this search performs (the mana consumer of
#: ``vocab.words``); any other makes it unsupported.
MANA_ABILITY_COST_PARTS = ("tap", "untap", "mana", "pay_life", "remove_counters", "sacrifice_self", "sacrifice")
MANA_ABILITY_EFFECTS = ("sacrifice_if_no_counters",)

#: The search's bound in seconds: past it the answer is `unsupported` and says so (never a hang).
SEARCH_BOUND_SECONDS = 10.0

#: A pool: 12 counts, WUBRGC unrestricted then WUBRGC restricted (spend-only mana, 106.6).
Pool = tuple


@dataclass(frozen=True)
class Node:
    pool: Pool
    tapped: frozenset
    counters: tuple          # ((oid, kind), n) for counters changed so far, sorted
    life: int
    gone: frozenset          # sacrificed

    @property
    def key(self) -> tuple:
        return (self.tapped, self.counters, self.life, self.gone)


@dataclass
class Options:
    """The result: ``pools`` (maximal, canonical strings) with a ``witness`` path each, or unbounded."""

    pools: frozenset
    witness: dict
    unbounded: bool = False
    loop: list | None = None


def _leq(a: Pool, b: Pool) -> bool:
    return all(map(le, a, b))


class DominanceIndex:
    """A set of pools that answers "is this pool contained in one already stored?" without scanning them
    all: a trie over the pool's counts, in which a query descends only into branches whose count at each
    position is at least the query's, so whole groups of smaller pools are never read."""

    def __init__(self) -> None:
        self.root: dict = {}

    def add(self, p: Pool) -> None:
        node = self.root
        for n in p:
            node = node.setdefault(n, {})

    def contains_superset_of(self, p: Pool, strictly: bool = False) -> bool:
        last = len(p)
        stack = [(self.root, 0, True)]
        while stack:
            node, i, equal = stack.pop()
            if i == last:
                if not (strictly and equal):
                    return True
                continue
            need = p[i]
            for n, child in node.items():
                if n >= need:
                    stack.append((child, i + 1, equal and n == need))
        return False


def _merged(p: Pool) -> tuple:
    return tuple(p[i] + p[i + 6] for i in range(6))


def _add(pool: Pool, fin: tuple, extra: tuple, restricted: bool) -> Pool:
    p = list(pool)
    for i in range(6):
        p[i + (6 if restricted else 0)] += fin[i]
        p[i] += extra[i]
    return tuple(p)


def _payments(pool: Pool, symbols: tuple, life: int, allowed: dict[str, tuple[int, ...]]) -> set[tuple[Pool, int]]:
    """Every distinct (remaining pool, life paid) after paying a mana ability's mana cost: each symbol one of
    its ways (``payment.symbols.ways_to_pay``), each unit from unrestricted pool mana of a type ``allowed``
    to pay it (``payment.symbols.blocked``; restricted mana, 106.6, pays no mana ability's cost here)."""
    results = {(pool, 0)}
    for s in sorted(symbols, key=lambda s: s.kind == "generic"):
        nxt: set = set()
        for p, paid in results:
            for w in ways_to_pay(s, 0):
                if w.life:
                    if life - paid >= w.life:   # 119.4
                        nxt.add((p, paid + w.life))
                    continue
                qs = {p}
                for kind, n in w.demand:
                    if kind == "snow":
                        raise Unsupported(f"paying {s} in a mana ability's cost is not modelled (mana in the pool "
                                          "does not record whether a snow source made it)")
                    for _ in range(n):
                        qs = {tuple(q[j] - (j == i) for j in range(12)) for q in qs for i in allowed[kind] if q[i] > 0}
                nxt.update((q, paid) for q in qs)
        results = nxt
    return results


class _Search:
    def __init__(self, state, player: str, bound_seconds: float = SEARCH_BOUND_SECONDS) -> None:
        self.bound_seconds = bound_seconds
        self.deadline = time.monotonic() + bound_seconds
        self.state = state
        self.player = player
        spend_as = spend_as_effects(state, player)
        self.allowed = {k: tuple(i for i, t in enumerate(TYPES) if blocked(Source(), t, k, Purpose("mana_ability"), spend_as) is None)
                        for k in DEMAND_KINDS if k != "snow"}
        self.states: dict = {}
        self.abilities = {o.id: [(i, a) for i, a in enumerate(activated_abilities(state, o.id), 1)
                                 if a.kind == "mana" or (a.kind == "unmodelled" and (a.unmodelled_kind == "mana" or a.may_concern("mana")))]
                          for o in state.battlefield(player)}
        for oid, abl in self.abilities.items():
            for i, a in abl:
                if a.kind == "unmodelled":
                    raise Unsupported(f"{state.obj(oid).name} ({oid}) has an ability the model cannot represent: {a.source_text!r}")
                if a.unread:
                    raise Unsupported(f"{state.obj(oid).name}: {a.text()!r}: {a.unread!r} is not modelled")
                for part in a.cost:
                    if part.kind not in MANA_ABILITY_COST_PARTS:
                        raise Unsupported(f"{state.obj(oid).name}: the cost {part.text()!r} of a mana ability is not modelled in mana-options")
                for e in a.effects:
                    if e.kind not in MANA_ABILITY_EFFECTS:
                        raise Unsupported(f"{state.obj(oid).name}: the effect {e.text()!r} of a mana ability is not modelled")

    # ---- the state after sacrifices and counters changed
    def view(self, node: Node):
        key = (node.gone, node.counters)
        if key not in self.states:
            if not node.gone and not node.counters:
                self.states[key] = self.state
            else:
                ch = dict(node.counters)
                objs = []
                for o in self.state.objects:
                    if o.id in node.gone:
                        o = replace(o, zone="graveyard", attached_to=None)
                    mine = {k: v for (oid, k), v in ch.items() if oid == o.id}
                    if mine:
                        c = dict(o.counters)
                        c.update(mine)
                        o = replace(o, counters=tuple(sorted(c.items())))
                    objs.append(o)
                self.states[key] = replace(self.state, objects=tuple(objs))
        return self.states[key]

    @property
    def life_is_no_limit(self) -> bool:
        """Life can't run out (119.4) if it covers every life cost of every ability at once (each
        ability with {T} in its cost is activated at most once here)."""
        total = sum(c.n for abl in self.abilities.values() for _, a in abl for c in a.cost if c.kind == "pay_life")
        return total <= self.state.player(self.player).life

    def is_pure(self, oid: str) -> bool:
        for i, a in self.abilities[oid]:
            p = a.production
            if a.effects or p.mode == "double_pool" or p.reflect_sacrificed or p.amount == X_COUNT:
                return False
            kinds = {c.kind for c in a.cost}
            free = {"tap", "remove_counters"} | ({"pay_life"} if self.life_is_no_limit else set())
            if "tap" not in kinds or not kinds <= free:
                return False
        return True

    # ---- one activation's successors
    def moves(self, node: Node):
        st = self.view(node)
        for oid, abl in self.abilities.items():
            if oid in node.gone:
                continue
            for i, a in abl:
                yield from self._activate(node, st, oid, i, a)

    def _activate(self, node: Node, st, oid: str, idx: int, a: Ability):
        o = st.obj(oid)
        name = f"{o.name} ({oid}) ability {idx}"
        tapped, gone, life = set(node.tapped), set(node.gone), node.life
        counters = dict(node.counters)
        xs: list = [None]
        sac_choices: list = [None]
        mana_parts = ()
        for part in a.cost:
            k = part.kind
            if k == "tap":
                if oid in tapped or summoning_sick(st, oid):
                    return
                tapped.add(oid)
            elif k == "untap":
                if oid not in tapped or summoning_sick(st, oid):
                    return
                tapped.discard(oid)
            elif k == "pay_life":
                if life < part.n:    # 119.4
                    return
                life -= part.n
            elif k == "remove_counters":
                have = counters.get((oid, part.counter), o.counter(part.counter))
                if part.n == X_COUNT:
                    xs = list(range(1, have + 1))
                    if not xs:
                        return
                elif have < part.n:
                    return
                else:
                    counters[(oid, part.counter)] = have - part.n
            elif k == "sacrifice_self":
                gone.add(oid)
            elif k == "sacrifice":
                chars = compute_all(st)
                sac_choices = [q.id for q in st.battlefield(self.player)
                               if q.id not in gone and matches(part.what, chars[q.id], q, self.player, o)]
                if len(sac_choices) < 1 or part.n != 1:
                    if part.n != 1:
                        raise Unsupported(f"{name}: sacrificing {part.n} permanents is not modelled")
                    return
            elif k == "mana":
                mana_parts += part.mana
        for paid_pool, life_paid in _payments(node.pool, mana_parts, life, self.allowed):
            for x in xs:
                for sac in sac_choices:
                    g = set(gone) | ({sac} if sac else set())
                    c = dict(counters)
                    if x is not None:
                        part = next(p for p in a.cost if p.kind == "remove_counters")
                        c[(oid, part.counter)] = counters.get((oid, part.counter), o.counter(part.counter)) - x
                    dbl = _merged(paid_pool) if a.production.mode == "double_pool" else None
                    for fin, adds, how in activation_outcomes(st, oid, a, self.player, x=x, sacrificed=sac, pool=dbl):
                        extra = added_total(adds)   # triggered mana is unrestricted (106.6 restricts only this ability's)
                        restricted = bool(a.spend_only) and a.production.mode != "double_pool"
                        pool = _add(paid_pool, fin, extra, restricted)
                        g2 = set(g)
                        for e in a.effects:   # sacrifice_if_no_counters (Gemstone Mine)
                            if c.get((oid, e.arg("counter")), o.counter(e.arg("counter"))) == 0:
                                g2.add(oid)
                        desc = f"{name}: {how}" + (f" (sacrificing {sac})" if sac else "") + (f" (X={x})" if x else "")
                        yield Node(pool, frozenset(tapped), tuple(sorted(c.items())), life - life_paid, frozenset(g2)), desc

    # ---- the whole search
    def run(self) -> Options:
        p = self.state.player(self.player)
        start = [0] * 12
        # Mana already in the pool keeps its source's spending restriction (106.6): restricted mana goes to
        # the restricted counts, which never pay the costs of mana abilities.
        for g in pool_groups(self.state, self.player):
            start[TYPES.index(g.type) + (6 if g.restriction is not None else 0)] += g.count
        root = Node(tuple(start), frozenset(o.id for o in self.state.battlefield(self.player) if o.tapped), (), p.life, frozenset())
        frontier = {root.pool: []}
        # Phase 1: pure permanents, first, as a sum.
        pure = [oid for oid in self.abilities if self.abilities[oid] and self.is_pure(oid)]
        has_untap = any(c.kind == "untap" for abl in self.abilities.values() for _, a in abl for c in a.cost)
        if has_untap:
            pure = []
        tapped = set(root.tapped)
        for oid in pure:
            outs: dict = {}
            for child, desc in self._pure_moves(root, oid):
                outs.setdefault(child.pool, desc)
            if not outs:
                continue
            tapped.add(oid)
            new: dict = {}
            self._check_bound()
            for pool, path in frontier.items():
                for delta, desc in outs.items():
                    q = tuple(x + y for x, y in zip(pool, delta))
                    new.setdefault(q, path + [desc])
            frontier = _maximal_dict(new)
        # Phase 2: the rest, depth first.
        seen: dict = {}
        found: dict = {}
        rest = {oid: abl for oid, abl in self.abilities.items() if oid not in pure}
        self.abilities = rest
        for pool, path in frontier.items():
            node = Node(pool, frozenset(tapped), (), root.life, frozenset())
            res = self._dfs(node, path, seen, found, {})
            if res is not None:
                return Options(frozenset(), {}, True, res)
        merged: dict = {}
        for pool, path in found.items():
            merged.setdefault(_merged(pool), path)
        maximal = _maximal_dict(merged, self._check_bound)
        return Options(frozenset(mana_string(Counter({TYPES[i]: n for i, n in enumerate(k) if n})) for k in maximal),
                       {mana_string(Counter({TYPES[i]: n for i, n in enumerate(k) if n})): v for k, v in maximal.items()})

    def _pure_moves(self, root: Node, oid: str):
        """A pure permanent's outputs as deltas from an empty pool."""
        zero = Node((0,) * 12, root.tapped, root.counters, root.life, root.gone)
        for i, a in self.abilities[oid]:
            for child, desc in self._activate(zero, self.state, oid, i, a):
                yield child, desc

    def _check_bound(self) -> None:
        deadline.check("the mana-options search")
        if time.monotonic() > self.deadline:
            raise Unsupported(f"the mana-options search reached its bound of {self.bound_seconds:g} s before "
                              f"finishing; no answer is given rather than a partial one")

    def _dfs(self, node: Node, path: list, seen: dict, found: dict, on_path: dict):
        self._check_bound()
        k = node.key
        if k in on_path and node.pool != on_path[k] and _leq(on_path[k], node.pool):
            return path   # the same resources again with more mana: a loop
        index = seen.get(k)
        if index is None:
            index = seen[k] = DominanceIndex()
        elif index.contains_superset_of(node.pool):
            return None
        index.add(node.pool)
        found.setdefault(node.pool, path)
        on_path = {**on_path, k: node.pool}
        for child, desc in self.moves(node):
            r = self._dfs(child, path + [desc], seen, found, on_path)
            if r is not None:
                return r
        return None


def _maximal_dict(d: dict, check=lambda: None) -> dict:
    """Keep the keys (count vectors) no other key strictly contains."""
    keys = sorted(d, key=sum, reverse=True)
    kept = DominanceIndex()
    out = {}
    for k in keys:
        check()
        # Sorted by total, so any pool strictly containing k is already kept.
        if not kept.contains_superset_of(k, strictly=True):
            kept.add(k)
            out[k] = d[k]
    return out


def mana_options(state, player: str, bound_seconds: float = SEARCH_BOUND_SECONDS) -> Options:
    """CR 605.3a, 106.4: every maximal pool ``player`` can have now by activating mana abilities.

    Raises Unsupported when the search passes ``bound_seconds``.
    """
    require_modelled(state, MANA_SCOPES, "mana is produced")
    return _Search(state, player, bound_seconds).run()
