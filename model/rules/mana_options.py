"""The search for ``mana-options``: every maximal amount of mana a player can have in their pool by
activating mana abilities now (CR 605.3a), costs paid (mana from other mana, life per 119.4, sacrifices,
counters; {T}/{Q} per 302.6), choices and replacement orders expanded (via model.mana_sources).

Exact, with no cap. Three reductions keep it small, all sound because more mana (and more untapped,
unsacrificed permanents) never makes fewer options reachable:

* An activation that pays mana for no more than another ability of its permanent adds for nothing, with
  the same resources left (``_dominated``: Castle Sengir's "{1}, {T}: Add {B}." beside the "{T}: Add one
  mana of any color." Chromatic Lantern gives it), is not searched.

* *Pure* permanents (every mana ability costs only {T} and counters on itself, adds mana that depends on
  nothing the search changes, has no further effect) are activated first: doing them first never loses an
  option, and their outputs combine as a sum, pruned to the pools no other pool contains.
* Other activations: when each of them uses something up (taps, sacrifices, removes counters, costs
  life), the resources only ever shrink, so there is no loop, and the search goes resources by resources
  in that order: every pool that reaches the same resources is gathered first, and only the pools no
  other of them contains go on. The work is then about (maximal pools at each resources) x (activations),
  not the number of orders. Otherwise (untap abilities, activations that use nothing up) they are searched
  depth first; a node whose pool is contained in a pool already seen with the same remaining resources is
  skipped, and reaching the same resources again with strictly more mana is a loop that makes
  arbitrarily much: the answer is ``"unbounded"``.

Which pools no other contains is decided all at once with bit sets (``_maximal_dict``). The bound
(``SEARCH_BOUND_SECONDS``) is checked for every pool the search goes on from, and while pruning.
"""
from __future__ import annotations

from typing import AbstractSet

import heapq
import time
from operator import add, le, sub
from dataclasses import field, replace

from mtgjudge.model.vocab.abilities import X_COUNT, Ability
from mtgjudge.model.rules.layers import activated_abilities, compute_all
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model import deadline
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import MANA_SCOPES, require_modelled, require_modelled_elsewhere
from mtgjudge.model.mana import TYPES, Symbol, mana_run, parse_mana
from mtgjudge.model.pool_terms import Choice, Lots, Term, TooManyPieces, absorbed, covers, expand, factor, make_term, maximal, merged, minus_unit, pool_text, term_text
from mtgjudge.model.payment.problem import pool_groups
from mtgjudge.model.payment.symbols import DEMAND_KINDS, Source, blocked, ways_to_pay
from mtgjudge.model.rules.mana_production import added_total
from mtgjudge.model.rules.restrictions import activation_forbidden, guard_mana_search
from mtgjudge.model.rules.mana_sources import (activation_outcomes, damage_is_life_loss, hand_mana, read_from_hand,
                                               restriction_not_modelled)
from mtgjudge.model.rules.spending import Purpose, spend_as_effects
from mtgjudge.model.rules.timing import summoning_sick
from mtgjudge.model.lazy_dataclass import dataclass

#: The cost parts and effect words of mana abilities this search performs (the mana consumer of
#: ``vocab.words``); any other makes it unsupported.
MANA_ABILITY_COST_PARTS = ("tap", "untap", "mana", "pay_life", "remove_counters", "sacrifice_self", "sacrifice")
MANA_ABILITY_EFFECTS = ("sacrifice_if_no_counters", "damage_you")

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
class PoolList:
    """The enumeration's result: ``pools`` (maximal, canonical strings) with a ``witness`` path each, or
    unbounded."""

    pools: frozenset
    witness: dict
    unbounded: bool = False
    loop: list | None = None
    counts: dict = field(default_factory=dict)     # each pool's six counts (WUBRGC), as the search made it


@dataclass
class Options:
    """The result in factored form: ``terms`` (six counts, WUBRGC; see ``model.pool_terms``) whose union is
    every maximal pool, each with ``witness``, the activations that reach it (keyed by the term's
    text: what the permanents tapped for mana alike make, then the other activations in order), or
    unbounded (``loop``: the activations that repeat)."""

    terms: tuple
    witness: dict
    unbounded: bool = False
    loop: list | None = None

    @property
    def pools(self) -> frozenset:
        """Every maximal pool as canonical text (the expansion: as many as there are)."""
        if self.unbounded:
            return frozenset()
        return frozenset(pool_text(v) for v in expand(list(self.terms)))


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
    """The six counts of a pool, restricted and unrestricted mana together."""
    return tuple(map(add, p[:6], p[6:]))


def _delta(fin: tuple, extra: tuple, restricted: bool) -> Pool:
    """What one resolution adds to a pool: its own mana (restricted, 106.6, when the ability says so) and
    what triggered abilities add (unrestricted)."""
    p = [0] * 12
    for i in range(6):
        p[i + (6 if restricted else 0)] += fin[i]
        p[i] += extra[i]
    return tuple(p)


def _take_own(q: tuple, i: int):
    """The pool after one unit of mana of type ``i`` is taken from it (none if it has none)."""
    if q[i] > 0:
        yield q[:i] + (q[i] - 1,) + q[i + 1:]


def _payments(pool: tuple, symbols: tuple, life: int, allowed: dict[str, tuple[int, ...]],
              take=_take_own, take_generic=None) -> set[tuple[tuple, int]]:
    """Every distinct (remaining pool, life paid) after paying a mana ability's mana cost: each symbol one of
    its ways (``payment.symbols.ways_to_pay``), each unit from unrestricted pool mana of a type ``allowed``
    to pay it (``payment.symbols.blocked``; restricted mana, 106.6, pays no mana ability's cost here), as
    ``take`` takes a unit of a type from the pool (the factored search's takes borrowed mana too); a unit of
    generic mana, where ``take_generic`` is given, as it takes a unit of any type instead (the factored
    search's borrowing of a unit whose type is left open)."""
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
                        if kind == "generic" and take_generic is not None:
                            qs = {r for q in qs for r in take_generic(q)}
                        else:
                            qs = {r for q in qs for i in allowed[kind] for r in take(q, i)}
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
        self.acts: dict = {}
        self._caps: dict = {}
        self._by_act: dict = {}
        # 602.5: an ability a permanent's static forbids (Null Rod) can't be activated for mana
        self.abilities = {o.id: [(i, a) for i, a in enumerate(activated_abilities(state, o.id), 1)
                                 if ((a.kind == "mana" and a.functions_in("battlefield"))
                                     or (a.kind == "unmodelled" and (a.unmodelled_kind == "mana" or a.may_concern("mana"))))
                                 and activation_forbidden(state, o.id, a) is None]
                          for o in state.battlefield(player)}
        guard_mana_search(state, [(oid, a) for oid, abl in self.abilities.items() for _, a in abl])
        pays_life = any(c.kind == "pay_life" or (c.kind == "mana" and any(m.kind in ("phyrexian", "hybrid_phyrexian") for m in c.mana))
                        for abl in self.abilities.values() for _, a in abl for c in a.cost)
        for oid, abl in self.abilities.items():
            for i, a in abl:
                if a.kind == "unmodelled":
                    raise Unsupported(f"{state.obj(oid).name} ({oid}) has an ability the model cannot represent: {a.source_text!r}")
                if a.unread:
                    raise Unsupported(f"{state.obj(oid).name}: {a.text()!r}: {a.unread!r} is not modelled")
                problem = restriction_not_modelled(state.obj(oid).name, a)
                if problem is not None:
                    raise problem
                assert a.production is not None     # a mana ability is read with what it adds (vocab.parse)
                if a.production.amount_from_game:
                    # paying life or sacrificing for another mana ability meanwhile could change the amount
                    raise Unsupported(f"{state.obj(oid).name}: {a.text()!r} makes an amount of mana that depends on "
                                      "the game; mana-options does not model it")
                for part in a.cost:
                    if part.kind not in MANA_ABILITY_COST_PARTS:
                        raise Unsupported(f"{state.obj(oid).name}: the cost {part.text()!r} of a mana ability is not modelled in mana-options")
                for e in a.effects:
                    if e.kind not in MANA_ABILITY_EFFECTS:
                        raise Unsupported(f"{state.obj(oid).name}: the effect {e.text()!r} of a mana ability is not modelled")
                    if e.kind == "damage_you" and pays_life:
                        # the damage lowers the life that later life costs need (119.4)
                        damage_is_life_loss(state, oid, e.arg("n"), "mana abilities that pay life are activated")

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
            assert p is not None    # a mana ability is read with what it adds (vocab.parse)
            if a.effects or p.mode == "double_pool" or p.reflect_sacrificed or p.amount == X_COUNT:
                return False
            kinds = {c.kind for c in a.cost}
            free = {"tap", "remove_counters"} | ({"pay_life"} if self.life_is_no_limit else set())
            if "tap" not in kinds or not kinds <= free:
                return False
        return True

    # ---- one activation's successors
    def moves(self, node: Node):
        """Every (node, description) one activation leads to from ``node``."""
        for act in self._activations(node.key):
            for pool, key, desc in self._children(node.pool, act):
                yield Node(pool, *key), desc

    def _activations(self, key: tuple) -> list:
        """The activations the resources ``key`` allow, whatever the pool holds (what each costs besides
        mana, and what it can add): computed once per resources."""
        acts = self.acts.get(key)
        if acts is None:
            tapped, counters, life, gone = key
            st = self.view(Node((), tapped, counters, life, gone))
            acts = []
            # Of interchangeable permanents (fifteen untapped Doubling Cubes), the first goes: any other would
            # reach the same pools, its name aside.
            chars = compute_all(st)
            firsts = set(_one_of_each(st, chars, tapped, [st.obj(oid) for oid in self.abilities if oid not in gone]))
            for oid, abl in self.abilities.items():
                if oid in gone or oid not in firsts:
                    continue
                mine = []
                for idx, a in abl:
                    plan = self._plan(key, st, oid, idx, a)
                    if plan is not None:
                        mine.append((st, oid, idx, a) + plan)
                acts += [act for act in mine if not any(_dominated(act, other) for other in mine)]
            self.acts[key] = acts
        return acts

    def _children(self, pool: Pool, act: tuple):
        """(pool, resources, description) after one activation ``act`` from ``pool``: each way to pay its
        mana (``_payments``), each way it resolves.

        What an activation does to a pool is a change of counts (what it adds less what paying took) that
        depends on the pool only through which payments it allows: each count capped at the most mana the
        cost can take. The changes are computed once per capped pool (``_changes``) and added."""
        if act[6] and act[6][0][3] is None:   # double_pool: what it adds is the pool itself
            yield from self._children_of_pool(pool, act)
            return
        for key, changes in self._changes(pool, act):
            for change, how in changes:
                yield tuple(map(add, pool, change)), key, how

    def _changes(self, pool: Pool, act: tuple) -> list:
        """What ``act`` (not double_pool) does to ``pool``: (resources after, [(change of the 12 counts,
        description), ...]) by resources after, computed once per capped pool."""
        mana_parts = act[4]
        if mana_parts:
            cap = self._caps.get(mana_parts)
            if cap is None:
                cap = self._caps[mana_parts] = _most_taken(mana_parts)
            sig = tuple(n if n < cap else cap for n in pool[:6])
        else:
            sig = None
        entry = self._by_act.get(id(act))
        if entry is None:   # (the activation is kept with its changes: its id is not reused)
            entry = self._by_act[id(act)] = (act, {})
        by_sig: dict = entry[1]
        changes = by_sig.get(sig)
        if changes is None:
            changes = by_sig[sig] = self._changes_of(sig, act)
        return changes

    def _changes_of(self, sig: tuple | None, act: tuple) -> list:
        """(change of the 12 counts, resources after, description) for each way to pay and resolve ``act``
        from a pool whose first six counts, capped, are ``sig`` (None: the activation costs no mana)."""
        if sig is None:
            capped = (0,) * 12
        else:
            capped = sig + (0,) * 6
        by_key: dict = {}
        for child, key, how in self._children_of_pool(capped, act):
            by_key.setdefault(key, []).append((tuple(map(sub, child, capped)), how))
        return list(by_key.items())

    def _children_of_pool(self, pool: Pool, act: tuple):
        """``_children``, computed from ``pool`` itself."""
        st, oid, idx, a, mana_parts, life, variants = act
        payments = _payments(pool, mana_parts, life, self.allowed) if mana_parts else ((pool, 0),)
        for paid_pool, life_paid in payments:
            for key, x, sac, outs in variants:
                if life_paid:
                    key = (key[0], key[1], key[2] - life_paid, key[3])
                if outs is None:   # double_pool: what it adds is the pool once paid (Doubling Cube)
                    outs = [(_delta(fin, extra, False), how) for fin, extra, how in
                            self._outcomes(st, oid, idx, a, x, sac, _merged(paid_pool))]
                for delta, how in outs:
                    yield tuple(map(add, paid_pool, delta)), key, how

    def _outcomes(self, st, oid: str, idx: int, a: Ability, x, sac, pool) -> list:
        """(mana the ability adds, mana triggered abilities add, description) for each way it resolves."""
        name = f"{st.obj(oid).name} ({oid}) ability {idx}"
        # triggered mana is unrestricted (106.6 restricts only this ability's own)
        return [(fin, added_total(adds), f"{name}: {how}")
                for fin, adds, how in activation_outcomes(st, oid, a, self.player, x=x, sacrificed=sac, pool=pool)]

    def _plan(self, key: tuple, st, oid: str, idx: int, a: Ability):
        """Everything about activating the ability from the resources ``key`` that does not depend on the
        pool: None if its costs can't be paid; else (mana in its cost, life left before paying it, the
        variants: the resources after, X, the permanent sacrificed, and its outcomes as (mana added as 12
        counts, words), or None when they depend on the pool)."""
        o = st.obj(oid)
        assert a.production is not None     # a mana ability is read with what it adds (vocab.parse)
        name = f"{o.name} ({oid}) ability {idx}"
        tapped, gone, life = set(key[0]), set(key[3]), key[2]
        counters = dict(key[1])
        xs: list = [None]
        sac_choices: list = [None]
        mana_parts: tuple[Symbol, ...] = ()
        for part in a.cost:
            k = part.kind
            if k == "tap":
                if oid in tapped or summoning_sick(st, oid):
                    return None
                tapped.add(oid)
            elif k == "untap":
                if oid not in tapped or summoning_sick(st, oid):
                    return None
                tapped.discard(oid)
            elif k == "pay_life":
                if life < part.n:    # 119.4
                    return None
                life -= part.n
            elif k == "remove_counters":
                have = counters.get((oid, part.counter), o.counter(part.counter))
                if part.n == X_COUNT:
                    xs = list(range(0 if a.production.x_plus else 1, have + 1))   # X plus n: X may be 0
                    if not xs:
                        return None
                elif have < part.n:
                    return None
                else:
                    counters[(oid, part.counter)] = have - part.n
            elif k == "sacrifice_self":
                gone.add(oid)
            elif k == "sacrifice":
                chars = compute_all(st)
                sac_choices = _one_of_each(st, chars, tapped, [q for q in st.battlefield(self.player)
                                                               if q.id not in gone and matches(part.what, chars[q.id], q, self.player, o)])
                if len(sac_choices) < 1 or part.n != 1:
                    if part.n != 1:
                        raise Unsupported(f"{name}: sacrificing {part.n} permanents is not modelled")
                    return None
            elif k == "mana":
                mana_parts += part.mana
        restricted = bool(a.spend_only) and a.production.mode != "double_pool"
        variants = []
        for x in xs:
            for sac in sac_choices:
                g = set(gone) | ({sac} if sac else set())
                c = dict(counters)
                if x is not None:
                    part = next(p for p in a.cost if p.kind == "remove_counters")
                    c[(oid, part.counter)] = counters.get((oid, part.counter), o.counter(part.counter)) - x
                hurt = 0
                for e in a.effects:
                    if e.kind == "damage_you":        # 605.3b, 120.3a: dealt as it resolves, after its cost
                        hurt += e.arg("n")
                    elif c.get((oid, e.arg("counter")), o.counter(e.arg("counter"))) == 0:
                        g.add(oid)                    # sacrifice_if_no_counters (Gemstone Mine)
                tail = (f" (sacrificing {sac})" if sac else "") + (f" (X={x})" if x else "")
                outs = None if a.production.mode == "double_pool" else [
                    (_delta(fin, extra, restricted), how + tail) for fin, extra, how in self._outcomes(st, oid, idx, a, x, sac, None)]
                variants.append(((frozenset(tapped), tuple(sorted(c.items())), life - hurt, frozenset(g)), x, sac, outs))
        return mana_parts, life, variants

    # ---- the whole search
    def run(self) -> PoolList:
        p = self.state.player(self.player)
        start = [0] * 12
        # Mana already in the pool keeps its source's spending restriction (106.6): restricted mana goes to
        # the restricted counts, which never pay the costs of mana abilities.
        for g in pool_groups(self.state, self.player):
            start[TYPES.index(g.type) + (6 if g.restriction is not None else 0)] += g.count
        # A card's mana ability in the hand ("Exile ~ from your hand: Add {R}.", 113.6m) costs nothing the search
        # tracks and only adds: every maximal amount has its mana, as if in the pool from the start (no ability
        # here reads the hand, ``_hand_mana``)
        path: tuple | None = None      # (the last activation's words, the path before it)
        for cid, idx, a, t in self._hand_mana():
            start[TYPES.index(t)] += 1
            path = (f"{self.state.obj(cid).name} ({cid}) ability {idx}: exiled from the hand, it adds {{{t}}}", path)
        root = Node(tuple(start), frozenset(o.id for o in self.state.battlefield(self.player) if o.tapped), (), p.life, frozenset())
        # Witness paths are linked while searching, (last activation, the path before it) or None, and made
        # into lists only for the pools of the answer: most pools made are dominated and dropped.
        frontier = {root.pool: path}
        # Phase 1: pure permanents, first, as a sum.
        pure = [oid for oid in self.abilities if self.abilities[oid] and self.is_pure(oid)]
        # ({Q} untaps only its own permanent, which is then not pure: no activation gives a pure one back.)
        tapped = set(root.tapped)
        for oid in pure:
            outs: dict = {}
            for delta, desc in self._pure_moves(root, oid):
                outs.setdefault(delta, desc)
            if not outs:
                continue
            tapped.add(oid)
            new: dict = {}
            for pool, path in frontier.items():
                self._check_bound()
                for delta, desc in outs.items():
                    q = tuple(map(add, pool, delta))
                    if q not in new:
                        new[q] = (desc, path)
            frontier = _maximal_dict(new, self._check_bound)
        # Phase 2: the rest.
        found: dict = {}
        rest = {oid: abl for oid, abl in self.abilities.items() if oid not in pure}
        self.abilities = rest
        key: tuple = (frozenset(tapped), (), root.life, frozenset())
        # Here only a permanent's own {T} abilities tap it (no cost of a mana ability this search performs taps
        # another): one with none can be untapped by {Q} at most once.
        untap_only = {oid for oid, abl in rest.items() if not any(c.kind == "tap" for _, a in abl for c in a.cost)}
        if all(_uses_up(a, oid in untap_only) for oid, abl in rest.items() for _, a in abl):
            self.untap_only = untap_only
            self._by_resources(key, frontier, found)
        else:
            seen: dict = {}
            for pool, path in frontier.items():
                res = self._dfs(Node(pool, *key), _unlink(path), seen, found, {})
                if res is not None:
                    return PoolList(frozenset(), {}, True, res)
        # The answer is amounts of mana, restricted or not (106.6 restricts spending, not amounts): the
        # pools no other contains as 12 counts first (a superset of the answer: a pool contained as 12
        # counts is contained as 6), then, only if some of them hold restricted mana, again as 6 counts.
        maximal = _maximal_dict(found, self._check_bound)
        if any(map(any, (p[6:] for p in maximal))):
            merged: dict = {}
            for pool, path in maximal.items():
                merged.setdefault(_merged(pool), path)
            maximal = _maximal_dict(merged, self._check_bound)
        # (mana_string's text, from the counts directly; the paths made lists sharing their common starts)
        unlink = _Unlinker()
        witness = {"".join(map(mana_run, TYPES, k)): v if isinstance(v, list) else unlink(v) for k, v in maximal.items()}
        counts = {"".join(map(mana_run, TYPES, k)): tuple(k[:6]) for k in maximal}
        return PoolList(frozenset(witness), witness, counts=counts)

    def _hand_mana(self) -> list:
        """The player's cards in hand with a mana ability that works there (``mana_sources.hand_mana``); unsupported
        where a mana ability here reads the hand, whose count or colors exiling the card would change first."""
        found = hand_mana(self.state, self.player)
        if found:
            for abl in self.abilities.values():
                for _, a in abl:
                    p = a.production
                    if p is not None and ((p.per_card_in is not None and p.per_card_in[0] == "hand")
                                          or p.card_zone == "hand"):
                        raise Unsupported(f"{a.text()!r} reads the hand, from which {self.state.obj(found[0][0]).name} "
                                          "is exiled for mana (113.6m): their order is not modelled in mana-options")
        return found

    def _pure_moves(self, root: Node, oid: str):
        """A pure permanent's outputs as deltas from an empty pool, with their words."""
        for i, a in self.abilities[oid]:
            plan = self._plan(root.key, self.state, oid, i, a)
            if plan is not None:
                for delta, _, desc in self._children((0,) * 12, (self.state, oid, i, a) + plan):
                    yield delta, desc

    def _check_bound(self) -> None:
        deadline.check("the mana-options search")
        if time.monotonic() > self.deadline:
            raise Unsupported(f"the mana-options search reached its bound of {self.bound_seconds:g} s before "
                              f"finishing; no answer is given rather than a partial one")

    def _by_resources(self, key: tuple, frontier: dict, found: dict) -> None:
        """Phase 2 when every activation uses something up (``_uses_up``): the resources then only ever
        shrink, so no loop exists, and the search goes through them in that order (``by_resources``). Each
        pool is a stopping point too (``found``)."""

        def children(pool: tuple, act: tuple):
            if act[6] and act[6][0][3] is None:   # double_pool: what it adds depends on the pool
                return [(ck, [(cpool, desc)]) for cpool, ck, desc in self._children_of_pool(pool, act)]
            return [(ck, [(tuple(map(add, pool, change)), desc) for change, desc in changes])
                    for ck, changes in self._changes(pool, act)]

        by_resources(key, frontier, found, self._activations, children, self._check_bound,
                     _used(self.state, self.untap_only, key[2]))

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


def _most_taken(symbols: tuple) -> int:
    """The most mana of one type paying ``symbols`` can take (a bound: every unit of every symbol)."""
    return sum(max((sum(n for _, n in w.demand) for w in ways_to_pay(s, 0)), default=0) for s in symbols)


class _Unlinker:
    """``_unlink`` for many paths that share their starts: each link's list is made once, from its
    parent's (remembered by the link's identity; the links are kept alive by the caller's pools)."""

    def __init__(self) -> None:
        self.lists: dict = {}

    def __call__(self, link) -> list:
        lists = self.lists
        pending = []
        while link is not None and id(link) not in lists:
            pending.append(link)
            link = link[1]
        out = lists[id(link)] if link is not None else []
        for node in reversed(pending):
            out = out + [node[0]]
            lists[id(node)] = out
        return list(out)


def _unlink(link) -> list:
    """A witness path from its linked form ((last description, the link before) or None): a list."""
    out = []
    while link is not None:
        desc, link = link
        out.append(desc)
    out.reverse()
    return out


def _gains(act: tuple) -> bool:
    """The activation (as ``_Search._activations`` plans it) costs no mana and one way it resolves adds
    some: from any pool it reaches a pool that strictly contains it (what it adds is never negative)."""
    mana_parts, variants = act[4], act[6]
    return not mana_parts and any(outs and any(any(delta) for delta, _ in outs) for _, _, _, outs in variants)


def _dominated(act: tuple, other: tuple) -> bool:
    """Activating ``act`` never reaches more than activating ``other`` (both as ``_Search._activations``
    plans them, from the same resources): ``other`` costs no mana, ``act`` costs mana that no life pays
    (119.4: so both leave the life their variants say), and for each way ``act`` resolves (resources after,
    X, the permanent sacrificed), each of its outcomes is contained in an outcome of ``other`` with the
    same resources after (Castle Sengir's "{1}, {T}: Add {B}." beside the "{T}: Add one mana of any
    color." Chromatic Lantern gives it).
    From any pool, ``act`` then leads to the pool less what it paid plus d, ``other`` to the pool plus
    some d' >= d, with the same resources: more mana with the same resources never reaches less, so no
    pool of the answer is lost (and the search does not make, pay for and prune the smaller ones)."""
    if act is other or not act[4] or other[4]:
        return False
    if any(w.life for s in act[4] for w in ways_to_pay(s, 0)):
        return False
    ways: dict[tuple, list] = {}
    for key, _, _, outs in other[6]:
        if outs is None:
            return False
        ways.setdefault(key, []).extend(d for d, _ in outs)
    for key, _, _, outs in act[6]:
        if outs is None or key not in ways:
            return False
        if not all(any(_leq(d, e) for e in ways[key]) for d, _ in outs):
            return False
    return True


def _uses_up(a: Ability, untap_only: bool) -> bool:
    """Activating it always uses a resource up for good: it taps or sacrifices a permanent, removes
    counters or costs life, or untaps ({Q}) a permanent that has no ability to tap it again
    (``untap_only``): the search's resources then only ever shrink."""
    return any(c.kind in ("tap", "sacrifice_self", "sacrifice") or (c.kind in ("remove_counters", "pay_life") and c.n != 0)
               or (c.kind == "untap" and untap_only) for c in a.cost)


def _one_of_each(st, chars: dict, tapped: set, candidates: list) -> list[str]:
    """One of each kind of interchangeable permanents among the candidates (the same characteristics but
    for the name, the same controller, status and counters, not attached to anything and nothing attached
    to them): which of them is sacrificed or activated changes nothing but its name. The first of each kind
    in the state's order, so that the same resources are always reached through the same ones."""
    attached = {q.attached_to for q in st.objects if q.attached_to}
    out: dict = {}
    for q in candidates:
        k = q.id if q.id in attached or q.attached_to else (
            replace(chars[q.id], name=""), q.controller, q.id in tapped, q.token, q.chosen, q.counters,
            q.summoning_sick, q.face_down)
        out.setdefault(k, q.id)
    return list(out.values())


def _maximal_dict(d: dict, check=lambda: None) -> dict:
    """Keep the keys (count vectors) no other key strictly contains.

    All at once, with bit sets (Python integers): the keys are numbered by decreasing total, so that only
    keys numbered before one can strictly contain it; for each position and each count present there, the
    set of keys whose count there is at least that. A key is kept when the intersection of its sets has no
    key numbered before it. The intersections only ever span the keys before the one tested."""
    keys = sorted(d, key=sum, reverse=True)
    n = len(keys)
    if n <= 1:
        return dict(d)
    at_least: list = []
    for j, column in enumerate(zip(*keys)):
        values = sorted(set(column))
        if len(values) == 1:
            continue      # the same count everywhere: says nothing
        at_least.append((j, _at_least(column, values)))
    check()
    # The most selective positions first: an intersection that is empty ends early.
    at_least.sort(key=lambda jt: -len(jt[1]))
    out = {keys[0]: d[keys[0]]}
    for i in range(1, n):
        if not i & 255:
            check()
        k = keys[i]
        s = (1 << i) - 1
        for j, table in at_least:
            s &= table[k[j]]
            if not s:
                out[k] = d[k]
                break
    return out


def _at_least(column: tuple, values: list) -> dict:
    """For each value ``v`` of ``values`` (the column's distinct counts, ascending), the bit set of the keys
    whose count in ``column`` is at least ``v``. Up to 256 distinct counts, each set is read at C speed:
    the column as bytes of ranks, highest bit first, translated to the digits of a base-2 numeral."""
    if len(values) <= 256:
        rank = {v: r for r, v in enumerate(values)}
        codes = bytes(map(rank.__getitem__, reversed(column)))
        return {v: int(codes.translate(b"0" * r + b"1" * (256 - r)), 2) for r, v in enumerate(values)}
    n = len(column)
    by: dict = {v: [] for v in values}
    for i, v in enumerate(column):
        by[v].append(i)
    acc, table = 0, {}
    for v in reversed(values):
        acc |= _bits(by[v], n)
        table[v] = acc
    return table


def _bits(indices: list, n: int) -> int:
    """The integer whose bits ``indices`` are set (of ``n`` bits)."""
    b = bytearray((n + 7) // 8)
    for i in indices:
        b[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(b, "little")


#: The colours (WUBRG: not colorless) among a pool's counts, and where the factored search's state (12 counts of
#: its own pool, 7 borrowed) keeps its units of any colour not yet decided.
COLOURS = tuple(range(5))
ANY = 19

#: Where each of a pool's 12 counts goes among six (restricted mana onto its type: an amount, 106.6).
FOLD = tuple(range(6)) * 2


class _Factored:
    """The mana-options search in factored form.

    *Pure* permanents (``_Search.is_pure``) whose outputs, once those another contains are dropped, all
    have one total are activated first, as in the enumeration, but not enumerated: each is a group (one
    of its outputs) of one term, ``base``; sums of groups of one total are all maximal, so nothing is
    pruned among them. The other permanents are searched as the enumeration does (resources by
    resources) from an empty pool of their own, paying their costs from their own mana or *borrowing*
    from ``base``: a borrowed amount is possible when some element of ``base`` contains it
    (``pool_terms.covers``), and is taken from those elements only (``pool_terms.minus_unit``); a unit of
    generic mana is borrowed with its type left open (every element less any one of its units: one state
    of the search, not one for each type, where every type pays generic mana, ``lends_any``). An
    activation's outcomes that differ only in the colour of one unit (one mana of any color) are one
    outcome whose unit keeps its colour undecided (``_any_colour``): decided when it pays a cost, else a
    group "1 of [WUBRG]" of the answer (the same pools, one state of the search for five; the pools of
    one debt, total and count of undecided units make one term). The
    answer is then, for each (borrowed, own) pair left, ``base`` less what was borrowed plus what was
    made, folded onto six counts and pruned to the maximal elements in factored form
    (``pool_terms.maximal``). Boards the search by resources does not cover (untap loops, doubling the
    pool), and answers whose pruning splits the terms past ``pool_terms.SPLIT_BOUND`` pieces, are
    enumerated (``maximal_pools``, in the time left) and given as a list of amounts."""

    def __init__(self, search: _Search) -> None:
        self.s = search
        self._borrowable: dict = {}
        self._collapsed: dict = {}

    def run(self) -> Options:
        s = self.s
        st = s.state
        start = [0] * 12
        for g in pool_groups(st, s.player):
            start[TYPES.index(g.type) + (6 if g.restriction is not None else 0)] += g.count
        # a card's mana ability in the hand (113.6m) only adds: in every maximal amount, as in the enumeration
        for _, _, _, t in s._hand_mana():
            start[TYPES.index(t)] += 1
        tapped = {o.id for o in st.battlefield(s.player) if o.tapped}
        root = Node(tuple(start), frozenset(tapped), (), st.player(s.player).life, frozenset())
        groups, sources, done = [], [], set()
        for oid in [oid for oid in s.abilities if s.abilities[oid] and s.is_pure(oid)]:
            outs: dict = {}
            for delta, desc in s._pure_moves(root, oid):
                outs.setdefault(delta, desc)
            if not outs:
                done.add(oid)
                continue
            alts = _maximal_dict(outs)
            if len({sum(a) for a in alts}) > 1:
                continue      # outputs of several totals: searched with the others
            done.add(oid)
            tapped.add(oid)
            groups.append(Choice(tuple(sorted(alts))))
            sources.append(f"{st.obj(oid).name} ({oid})")
        self.base = make_term(tuple(start), groups)
        rest = {oid: abl for oid, abl in s.abilities.items() if oid not in done}
        untap_only = {oid for oid, abl in rest.items() if not any(c.kind == "tap" for _, a in abl for c in a.cost)}
        if (any(a.production is not None and a.production.mode == "double_pool"
                for abl in rest.values() for _, a in abl)
                or not all(_uses_up(a, oid in untap_only) for oid, abl in rest.items() for _, a in abl)):
            return self._enumerated()
        s.abilities = rest
        s.untap_only = untap_only
        found = self._by_resources((frozenset(tapped), (), root.life, frozenset()))
        found = _maximal_dict(found, s._check_bound)

        def by_debt_of(decided: bool) -> dict:
            """The pools found by what they borrowed, their total and their count of undecided units; with
            ``decided``, each undecided unit as each colour it may be (the same pools)."""
            out: dict = {}
            for ext, path in found.items():
                debt, own, undecided = ext[12:ANY], ext[:12], ext[ANY]
                of = out.setdefault(debt, {})
                if not decided:
                    of.setdefault((sum(own) + undecided, undecided), {})[own] = path
                    continue
                for colours in Lots(undecided, 1, COLOURS).elements(12):
                    of.setdefault((sum(own) + undecided, 0), {}).setdefault(tuple(map(add, own, colours)), path)
            return out

        open_types = tuple(range(6))
        unlink = _Unlinker()
        tapped_words = ("tap for mana: " + ", ".join(sources)) if sources else None
        # Where ``base`` has restricted mana only in its fixed part (in every element, never lent), the
        # rest is lent from as six counts and that mana added back to each term: the same answer, tested
        # over 64 sets of types, not 4096.
        six = _unrestricted(self.base)
        kept_back = self.base.fixed[6:]
        lender = six if six is not None else self.base
        less: dict = {(0,) * 7: [lender]}

        def bases(debt: tuple) -> list:
            """The terms whose union is ``base`` less the borrowed ``debt`` (from the least debt up)."""
            if debt not in less:
                i = next(i for i, n in enumerate(debt) if n)
                smaller = bases(debt[:i] + (debt[i] + 1,) + debt[i + 1:])
                types = (i,) if i < 6 else open_types
                less[debt] = absorbed(t for b in smaller for j in types for t in minus_unit(b, j))
            return less[debt]

        def pruned(by_debt: dict) -> list:
            """The maximal elements (``pool_terms.maximal``) of ``base`` less each debt plus what was made."""
            terms, origin = [], []
            for debt, by_total in sorted(by_debt.items()):
                for (total, undecided), owns in sorted(by_total.items()):
                    paths = [unlink(p) if p is not None else [] for p in owns.values()]
                    words = [([tapped_words] if tapped_words else []) + p for p in paths]
                    own = make_term((0,) * 12, factor(owns) + [Lots(undecided, 1, COLOURS)])
                    if six is not None:
                        own = merged(own, FOLD)
                    for b in bases(debt):
                        t = make_term(tuple(map(add, b.fixed, own.fixed)) if six is None else
                                      tuple(map(add, map(add, b.fixed, own.fixed), kept_back)), b.groups + own.groups)
                        terms.append(t if six is not None else merged(t, FOLD))
                        origin.append(words)
            return [(t, origin[o]) for t, o in maximal(list(zip(terms, range(len(terms)))), s._check_bound)]

        try:
            kept = pruned(by_debt_of(False))
        except TooManyPieces:
            # Undecided units make a term for each count of them: with them decided, the pools of one debt
            # and total are factored together, which may split less.
            try:
                if not any(ext[ANY] for ext in found):
                    raise
                kept = pruned(by_debt_of(True))
            except TooManyPieces:
                # the largest amounts are too scattered for terms to say them shortly: listed one by one
                return self._enumerated()
        witness: dict[str, object] = {}
        for t, words in kept:
            witness.setdefault(term_text(t), words)
        return Options(tuple(t for t, _ in kept), witness)

    def _enumerated(self) -> Options:
        s = self.s
        r = _Search(s.state, s.player, max(0.0, s.deadline - time.monotonic())).run()
        if r.unbounded:
            return Options((), {}, True, r.loop)
        terms = tuple(sorted(Term(r.counts[p]) if p in r.counts else Term(_counts(p)) for p in r.pools))
        return Options(terms, {term_text(t): [r.witness[pool_text(t.fixed)]] for t in terms})

    def borrowable(self, debt: tuple) -> bool:
        """Some element of ``base`` holds the amount ``debt`` (six unrestricted counts, then a count of any
        unrestricted type, as negatives): it holds the six, and as much unrestricted mana besides."""
        b = self._borrowable.get(debt)
        if b is None:
            owed = tuple(-n for n in debt[:6])
            b = self._borrowable[debt] = (covers(self.base, owed + (0,) * 6)
                                          and sum(owed) - debt[6] <= self.base.total - sum(self.base.fixed[6:]))
        return b

    @property
    def lends_any(self) -> bool:
        """A unit of generic mana may be borrowed with its type left open: every type pays generic mana
        here, and ``base`` has no restricted mana but in its fixed part (so that every element has the
        same unrestricted amount)."""
        allowed = self.s.allowed.get("generic", ())
        return set(allowed) >= set(range(6)) and all(
            all(t < 6 for t in g.types) if isinstance(g, Lots) else not any(any(a[6:]) for a in g.alts)
            for g in self.base.groups)

    def _payments(self, ext: tuple, symbols: tuple, life: int) -> set:
        """``_payments`` for a pool of its own (12 counts) and what it borrowed (6 by type and 1 of any type,
        as negatives): each unit from its own unrestricted mana, or borrowed where ``base`` can lend it; a
        unit of generic mana borrowed is of any type (``lends_any``), which every element of ``base`` less
        it reaches."""
        def take(q: tuple, i: int):
            yield from _take_own(q, i)
            if i in COLOURS and q[ANY] and not q[i]:
                # a unit of any colour is decided as it pays (where one of that type is there, paying with
                # it instead leaves that unit open: a pool that reaches no less)
                yield q[:ANY] + (q[ANY] - 1,)
            j = 12 + i
            d = q[j] - 1
            if self.borrowable(q[12:i + 12] + (d,) + q[j + 1:ANY]):
                yield q[:j] + (d,) + q[j + 1:]

        allowed = self.s.allowed["generic"]
        paying_colours = tuple(i for i in COLOURS if i in allowed)

        def take_generic(q: tuple):
            for i in allowed:
                if q[i]:
                    yield q[:i] + (q[i] - 1,) + q[i + 1:]
            if q[ANY] and not any(q[i] for i in paying_colours):
                yield q[:ANY] + (q[ANY] - 1,)
            d = q[:18] + (q[18] - 1,) + q[ANY:]
            if self.borrowable(d[12:ANY]):
                yield d

        return _payments(ext, symbols, life, self.s.allowed, take, take_generic if self._lends_any else None)

    def _children(self, ext: tuple, act: tuple):
        """(pool and borrowed after, resources after, words) for each way to pay and resolve ``act``."""
        _, _, _, _, mana_parts, life, variants = act
        payments = self._payments(ext, mana_parts, life) if mana_parts else ((ext, 0),)
        for paid, life_paid in payments:
            own, debt, undecided = paid[:12], paid[12:ANY], paid[ANY]
            for key, x, sac, outs in variants:
                if life_paid:
                    key = (key[0], key[1], key[2] - life_paid, key[3])
                for delta, more, how in self._any_colour(outs):
                    yield tuple(map(add, own, delta)) + debt + (undecided + more,), key, how

    def _any_colour(self, outs: list) -> list:
        """(change of the 12 counts, units of any colour, words) for each way an activation resolves: where
        ``outs`` has ``d`` plus one unrestricted unit of each colour, one change ``d`` and one unit whose
        colour is left open (decided when it pays a cost, or a group "1 of [WUBRG]" of the answer: the
        same pools), not five; the changes no such set covers as they are."""
        got = self._collapsed.get(id(outs))
        if got is not None:
            return got[1]
        deltas = {d: how for d, how in outs}
        kept: list[tuple[tuple, int, str]] = []
        covered: set = set()
        for d in deltas:
            for c in COLOURS:
                if not d[c]:
                    continue
                base = d[:c] + (d[c] - 1,) + d[c + 1:]
                if any(k == base for k, _, _ in kept):
                    continue
                five = [base[:i] + (base[i] + 1,) + base[i + 1:] for i in COLOURS]
                if all(f in deltas for f in five):
                    kept.append((base, 1, f"{deltas[five[0]]} (or any other colour: one of [WUBRG], the colour "
                                          "decided when it pays)"))
                    covered.update(five)
        out = kept + [(d, 0, how) for d, how in deltas.items() if d not in covered]
        # (the list is kept with its answer: its id is not reused)
        self._collapsed[id(outs)] = (outs, out)
        return out

    def _by_resources(self, key: tuple) -> dict:
        """``_Search._by_resources`` over (own pool, borrowed) pairs: one that has no less of its own and
        borrowed no more than another reaches no less; every pair where nothing more can be activated
        is found."""
        s = self.s

        free: dict = {}

        def children(ext: tuple, act: tuple):
            if act[4]:
                return [(ck, [(child, desc)]) for child, ck, desc in self._children(ext, act)]
            # costing no mana, what it does is the same change whatever the pool: computed once
            entry = free.get(id(act))
            if entry is None:   # (the activation is kept with its changes: its id is not reused)
                none = (0,) * (ANY + 1)
                entry = free[id(act)] = (act, [(ck, [(child, desc)]) for child, ck, desc in self._children(none, act)])
            return [(ck, [(tuple(map(add, ext, d)), desc) for d, desc in changed]) for ck, changed in entry[1]]

        found: dict = {}
        self._lends_any = self.lends_any
        by_resources(key, {(0,) * (ANY + 1): None}, found, s._activations, children, s._check_bound,
                     _used(s.state, s.untap_only, key[2]))
        return found


def _unrestricted(term: Term) -> Term | None:
    """The term (12 counts) less its restricted mana (106.6), as six counts, when only its fixed part has
    restricted mana; else None."""
    groups: list = []
    for g in term.groups:
        if isinstance(g, Lots):
            if any(t >= 6 for t in g.types):
                return None
            groups.append(g)
        else:
            if any(any(a[6:]) for a in g.alts):
                return None
            groups.append(Choice(tuple(a[:6] for a in g.alts)))
    return make_term(term.fixed[:6], groups)


def _used(state, untap_only: AbstractSet, life0: int):
    """How much of the resources ``key`` has used up since the search began (the order ``by_resources`` goes
    through them in): permanents tapped (or untapped, for those that only untap), gone, life paid, counters
    removed."""
    def used(k: tuple) -> int:
        tapped, counters, life, gone = k
        return (len(tapped - untap_only) + len(untap_only - tapped) + len(gone) + (life0 - life)
                + sum(state.obj(oid).counter(c) - n for (oid, c), n in counters))
    return used


def by_resources(key: tuple, start: dict, found: dict, activations, children, check, used) -> None:
    """The search through resources when every activation uses something up: resources by resources, least
    used first (``used``), all the pools that reach the same resources gathered before any goes on, and only
    those no other of them contains go on (more mana with the same resources never reaches less). A pool with
    nothing left to activate, or where no activation adds mana at no cost, is a stopping point (``found``:
    pool -> its path). ``children(pool, act)``: (resources after, [(pool after, words)]) for each way to
    activate ``act``."""
    at: dict = {key: dict(start)}
    queue = [(used(key), 0, key)]
    tie = 0
    done: set = set()
    while queue:
        _, _, k = heapq.heappop(queue)
        done.add(k)
        acts = activations(k)
        pools = at.pop(k)
        if not acts:
            # Nothing more to activate: every pool here is a stopping point, kept or dropped with all the
            # others at the end (pruning them here too would only test them twice).
            for pool, path in pools.items():
                found.setdefault(pool, path)
            continue
        # Where an activation that costs no mana adds some, every pool here has a reachable pool that
        # strictly contains it (that activation's result): none of them is maximal, none is a stopping point.
        stops = not any(_gains(act) for act in acts)
        for pool, path in _maximal_dict(pools, check).items():
            check()
            if stops:
                found.setdefault(pool, path)
            for act in acts:
                for ck, changed in children(pool, act):
                    bucket = at.get(ck)
                    if bucket is None:
                        if ck in done:
                            raise Unsupported("the mana-options search met resources it had already left (a loop "
                                              "it cannot order); no answer is given rather than a partial one")
                        bucket = at[ck] = {}
                        tie += 1
                        heapq.heappush(queue, (used(ck), tie, ck))
                    for cpool, desc in changed:
                        if cpool not in bucket:
                            bucket[cpool] = (desc, path)


def _counts(pool: str) -> tuple:
    """Six counts (WUBRGC) of a canonical mana string."""
    c = parse_mana(pool) if pool else {}
    return tuple(c.get(t, 0) for t in TYPES)


def maximal_pools(state, player: str, bound_seconds: float = SEARCH_BOUND_SECONDS) -> PoolList:
    """CR 605.3a, 106.4: every maximal pool ``player`` can have now by activating mana abilities, one by one
    (the enumeration :func:`mana_options` is checked against).

    Raises Unsupported when the search passes ``bound_seconds``.
    """
    require_modelled(state, MANA_SCOPES, "mana is produced")
    require_modelled_elsewhere(state, MANA_SCOPES, "mana is produced", player=player, read=read_from_hand)
    return _Search(state, player, bound_seconds).run()


def mana_options(state, player: str, bound_seconds: float = SEARCH_BOUND_SECONDS) -> Options:
    """CR 605.3a, 106.4: every maximal pool ``player`` can have now by activating mana abilities, in factored
    form (``_Factored``): the permanents whose mana abilities only tap them (and remove their own
    counters) and always make the same amount of mana are groups of a term, not enumerated.

    Raises Unsupported when the search passes ``bound_seconds``.
    """
    require_modelled(state, MANA_SCOPES, "mana is produced")
    require_modelled_elsewhere(state, MANA_SCOPES, "mana is produced", player=player, read=read_from_hand)
    return _Factored(_Search(state, player, bound_seconds)).run()
