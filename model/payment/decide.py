"""The payment problem as a z3 model (CR 601.2f-h, 602.2b, 605, 107.4, 118, 119.4): can the cost be paid,
with one plan when it can and a minimal set of reasons when it can't.

Decision variables: how each symbol is paid (one of ``symbols.ways_to_pay``, 601.2b, 107.4e-f), how many
activations of each mana ability (by output) each group of interchangeable permanents makes, the order of
the filter activations (mana must be in the pool before it pays a cost, 601.2g), which creatures convoke,
which artifacts improvise, how many cards are delved, which permanents pay the cost's other parts, and a
flow of mana (by type) from each resource to each kind of demand of each consumer (the cost asked about, or
a filter's own cost). Which flows are allowed is ``symbols.blocked``; each rule that forbids a flow is a
tracked requirement, so that a "no" comes with a minimal core in the judge's words.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import field, replace
from math import comb
from typing import Any, Sequence

from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.explain import Step, step
from mtgjudge.model.mana import COLOR_NAMES, Symbol, mana_string
from mtgjudge.model.payment.problem import UNBOUNDED_USES, PaymentProblem, exilable_from_hand, part_fits, revealable
from mtgjudge.model.payment.symbols import (DEMAND_KINDS, Source, blocked, modified_generic, modified_total_words,
                                            ways_to_pay)
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.could_produce import could_produce
from mtgjudge.model.rules.spending import Purpose
from mtgjudge.model.rules.guards import power_now
from mtgjudge.model.rules.timing import tap_symbol_requirements
from mtgjudge.model.selectors import Selector
from mtgjudge.model.solve.tracked import TrackedSolver
from mtgjudge.model.vocab.abilities import X_COUNT
from mtgjudge.model.lazy_dataclass import dataclass


@dataclass
class PaymentResult:
    """The decision: ``sat``; for sat a ``plan`` (JSON-able); for unsat the minimal ``reasons``."""

    sat: bool
    plan: dict | None = None
    reasons: tuple[Step, ...] = ()




def simplex_of(outputs) -> tuple[str, int] | None:
    """If the possible outputs are exactly "k mana, each of any type in T" (every combination), return
    (T, k): the output is then linear (amounts per type summing to k), which the solver handles far better
    than a choice among the combinations."""
    totals = {sum(o.values()) for o in outputs}
    if len(totals) != 1:
        return None
    k = totals.pop()
    types = "".join(sorted({t for o in outputs for t in o}))
    if k < 1 or len({tuple(sorted(o.items())) for o in outputs}) != comb(len(types) + k - 1, k):
        return None
    return types, k


@dataclass
class Supply:
    """A resource that can pay: pool mana, a group's simple activations, a filter instance, or a non-mana
    way (convoke, improvise, delve); ``source`` says what it may pay (``symbols.blocked``)."""

    label: str
    source: Source
    amounts: dict[str, Any]               # type ("*" for non-mana ways) -> z3 Int expression
    time: Any = 0                         # z3 Int (filter instances) or 0
    consumer: int | None = None           # a filter instance: its own consumer index
    ref: Any = None

    @property
    def kind(self) -> str:
        return self.source.kind


@dataclass
class Consumer:
    """Something that must be paid: index 0 is the cost asked about; the others are filter instances."""

    label: str
    purpose: Purpose
    demand: dict[str, Any]                # demand kind -> z3 Int expression
    time: Any = None                      # None: after everything (the cost itself)
    symbols: list = field(default_factory=list)   # (Symbol, choice var or None, present var)


class Encoding:
    """Builds the model into a TrackedSolver; keeps the variables for plan extraction."""

    def __init__(self, pr: PaymentProblem, ts: TrackedSolver, explain: bool) -> None:
        self.pr, self.ts, self.z3, self.explain = pr, ts, ts.z3, explain
        self.n = 0
        self.supplies: list[Supply] = []
        self.consumers: list[Consumer] = []
        self.flows: dict[tuple[int, str, int, str], Any] = {}
        self.life_terms: list[Any] = []
        self.cost_life_terms: list[Any] = []             # life the total cost itself pays (601.2h)
        self.damage_terms: list[Any] = []                # damage mana abilities deal the payer (120.3a)
        self.tap_uses: dict[int, list[Any]] = {}
        self.untap_uses: dict[int, list[Any]] = {}
        self.sac_mana: dict[int, list[Any]] = {}
        self.sac_other: dict[int, list[Any]] = {}
        self.late_taps: dict[int, list[Any]] = {}           # taps while paying (601.2h), after mana abilities
        self.counter_uses: dict[tuple[int, str], list[Any]] = {}
        self.part_vars: list[tuple[Any, list[tuple[int, Any]]]] = []   # (cost part, [(group, count var)])
        # (use, (form, total, per type or count per output, units per activation)): see add_simple
        self.simple_vars: list[tuple[Any, tuple[str, Any, Any, int]]] = []
        self.filter_vars: list[tuple[Any, Any, Any, Any, int]] = []  # (use, active, out choice, time, consumer)
        self.cost_vars: dict[str, Any] = {}
        self.artificial_bound = False
        self.gy_terms: list[Any] = []
        self.forbidden: dict[tuple, list[Any]] = {}
        self.twins: dict[tuple, tuple[Any, Any]] = {}
        self.nums: dict[int, Any] = {}
        self.ints: Any = None

    # ---------------------------------------------------------------- building blocks
    def ivar(self, name: str, lo: int = 0, hi: int | None = None):
        self.n += 1
        z3 = self.z3
        if self.ints is None:
            self.ints = z3.IntSort()
        # z3.Int's own constant, its sort made once; the terms ``v >= lo`` and ``v <= hi`` make (z3's own
        # Z3_mk_ge, Z3_mk_le), the bounds made once
        ctx = self.ints.ctx
        v = z3.ArithRef(z3.Z3_mk_const(ctx.ref(), z3.to_symbol(f"{name}#{self.n}", ctx), self.ints.ast), ctx)
        self.ts.add(z3.BoolRef(z3.Z3_mk_ge(ctx.ref(), v.as_ast(), self.num(lo).as_ast()), ctx))
        if hi is not None:
            self.ts.add(z3.BoolRef(z3.Z3_mk_le(ctx.ref(), v.as_ast(), self.num(hi).as_ast()), ctx))
        return v

    def num(self, k: int):
        """The integer term ``k``, made once for the whole encoding (z3 makes a new one of ``k`` in each ``v >= k``)."""
        term = self.nums.get(k)
        if term is None:
            term = self.nums[k] = self.z3.IntVal(k)
        return term

    def bvar(self, name: str):
        self.n += 1
        return self.z3.Bool(f"{name}#{self.n}")

    def total(self, terms: list[Any]):
        if not terms:
            return self.num(0)
        z3 = self.z3
        if all(isinstance(t, z3.ArithRef) for t in terms):
            # z3.Sum's own term (Z3_mk_add of the terms), without its coercion of each term to a common sort: the
            # encoding's terms are all integer terms already (a real one would make z3 refuse, not coerce)
            ctx = terms[0].ctx
            return z3.ArithRef(z3.Z3_mk_add(ctx.ref(), len(terms), (z3.Ast * len(terms))(*[t.as_ast() for t in terms])),
                               ctx)
        return z3.Sum(terms)

    # ---------------------------------------------------------------- symbols
    def symbol_demand(self, symbols: tuple[Symbol, ...], x: int, active: Any, track: bool,
                      label: str) -> tuple[dict[str, Any], list, Any]:
        """Demands of a list of symbols, each paid one of its ways (``symbols.ways_to_pay``); returns
        (demand kind -> expr, records (symbol, ways, choice, present var, how many), life expr).

        Identical symbols are counted together: n copies of a symbol are paid by how many of them go each
        way (counts summing to n, not n separate choices), and, tracked, they are one requirement (601.2h:
        all of them must be paid), so that a cost of 400 {G} is one reason, not 400 to minimize over."""
        z3 = self.z3
        d: dict[str, list[Any]] = {k: [] for k in DEMAND_KINDS}
        life: list[Any] = []
        recs = []
        for i, (s, n) in enumerate(Counter(symbols).items()):
            ways = ways_to_pay(s, x)
            if track:
                present = self.bvar(f"sym{i}")
                what = f"{s} in the cost must be paid" if n == 1 else f"{n} {s} in the cost must all be paid"
                self.ts.require(self.symbol_step(what, ways), present)
                on = present if active is None else z3.And(present, active)
            else:
                present = None
                on = active if active is not None else z3.BoolVal(True)
            choice: Any     # z3 terms: how many of the n go each way; or one symbol's way (Bool, Int index, None)
            if n > 1 and len(ways) > 1:
                # How many of the n go each way.
                choice = [self.ivar(f"way{i}_{wi}", 0, n) for wi in range(len(ways))]
                self.ts.add(self.total(choice) == z3.If(on, n, 0))
                for c, w in zip(choice, ways):
                    for kind, k in w.demand:
                        d[kind].append(c * k)
                    if w.life:
                        life.append(c * w.life)
                recs.append((s, ways, choice, present, n))
                continue
            # One symbol with two ways: a Bool (true: the first); more: an Int index. (Bools solve faster.)
            choice = None if len(ways) == 1 else self.bvar(f"way{i}") if len(ways) == 2 else self.ivar(f"way{i}", 0, len(ways) - 1)
            for wi, w in enumerate(ways):
                if choice is None:
                    cond = on
                elif len(ways) == 2:
                    cond = z3.And(on, choice if wi == 0 else z3.Not(choice))
                else:
                    cond = z3.And(on, choice == wi)
                for kind, k in w.demand:
                    d[kind].append(z3.If(cond, k * n, 0))
                if w.life:
                    life.append(z3.If(cond, w.life * n, 0))
            recs.append((s, ways, choice, present, n))
        return {k: self.total(v) for k, v in d.items() if v}, recs, self.total(life)

    @staticmethod
    def symbol_step(what: str, ways) -> Step:
        """601.2h: a symbol of the cost must be paid; a symbol that may be paid more than one way (a hybrid or
        Phyrexian symbol, 107.4e-f) says each way, citing the rule that allows it, so that a "no" does not
        read as if the symbol needed one kind of mana only."""
        if len(ways) < 2:
            return step("601.2h", what + " (no partial payments)")
        said = " or ".join("with " + ("two generic mana" if w.words == "{2}" else w.words) for w in ways)
        rules = tuple(dict.fromkeys(("601.2h",) + tuple(r for w in ways for r in w.rules)))
        return step(rules, f"{what} (no partial payments), each {said}" if what[0].isdigit()
                    else f"{what} (no partial payments), {said}")

    # ---------------------------------------------------------------- build
    def build(self) -> None:
        pr, z3, ts = self.pr, self.z3, self.ts
        cost = pr.cost
        # The cost asked about: consumer 0.
        demand, recs, life = self.symbol_demand(cost.symbols, cost.x, None, True, "cost")
        self.life_terms.append(life)
        self.cost_life_terms.append(life)
        demand = self.apply_modifiers(demand)
        self.consumers.append(Consumer("the cost", cost.purpose, demand, None, recs))
        self.final_demand_kinds = set(demand)
        # Pool mana (106.4).
        for pg in pr.pool:
            self.supplies.append(Supply(pg.label, pg.as_source(), {pg.type: z3.IntVal(pg.count)}, ref=("pool", pg)))
        # Mana abilities.
        bound_units = sum(s.amount if s.kind == "generic" else cost.x if s.kind == "x" else 2 for s in cost.symbols)
        bound_units += sum(len(u.mana) * 2 for u in pr.uses)
        for u in pr.uses:
            if u.simple:
                self.add_simple(u, bound_units)
            elif u.outputs:
                self.add_filter(u)
            # else: a mana ability that would add no mana now (Cabal Stronghold's "{3}, {T}: Add {B} for each
            # basic Swamp you control" with no Swamp) may still be activated (602.2, 601.2 don't look at what it
            # adds), but no activation of it pays a part of this cost: it has no instance (an instance must
            # choose one of its outputs, and there is none)
        # Non-mana ways to pay (702.51, 702.126, 702.66): only the spell's own cost.
        for gi, g in enumerate(pr.groups):
            if cost.convoke and g.is_creature:
                v = self.ivar(f"convoke_{gi}", 0, g.n)
                self.late_taps.setdefault(gi, []).append(v)
                self.tap_uses.setdefault(gi, []).append(v)
                self.supplies.append(Supply(f"{g.label} (convoke)", Source("convoke", colors=g.chars.colors), {"*": v},
                                            ref=("convoke", gi)))
            if cost.improvise and g.is_artifact:
                v = self.ivar(f"improvise_{gi}", 0, g.n)
                self.late_taps.setdefault(gi, []).append(v)
                self.tap_uses.setdefault(gi, []).append(v)
                self.supplies.append(Supply(f"{g.label} (improvise)", Source("improvise"), {"*": v}, ref=("improvise", gi)))
        if cost.delve and pr.graveyard:
            v = self.ivar("delve", 0, len(pr.graveyard))
            self.gy_terms.append(v)
            self.supplies.append(Supply("cards exiled from the graveyard (delve)", Source("delve"), {"*": v}, ref=("delve", None)))
        self.add_other_costs()
        self.add_flows()
        self.add_group_limits()
        life_total = self.total(self.life_terms)
        self.cost_vars["life"] = life_total
        ts.require(step("119.4", f"{pr.player} has {pr.life} life and can pay life only up to their life total"),
                   life_total <= pr.life)
        if self.damage_terms:
            # 601.2g-h, 605.3b: the mana abilities have resolved, their damage dealt, before the cost's own life
            # is paid; every mana ability's life is paid before any of that damage (``problem._damage_before_life``)
            damage = self.total(self.damage_terms)
            self.cost_vars["damage"] = damage
            ts.require(step(("119.4", "601.2g", "120.3a"), f"the damage {pr.player}'s mana abilities deal them is dealt "
                                                         "before the cost's life is paid, which needs that much life then"),
                       z3.Implies(self.total(self.cost_life_terms) > 0, life_total + damage <= pr.life))
        if self.gy_terms:
            ts.require(step("118.3", f"{pr.player} has {len(pr.graveyard)} card(s) in their graveyard to exile"),
                       self.total(self.gy_terms) <= len(pr.graveyard))

    def apply_modifiers(self, demand: dict[str, Any]) -> dict[str, Any]:
        """601.2f (``symbols.modified_generic``): the generic part after increases, reductions and minimums,
        which depend on how hybrid symbols are paid."""
        z3, ts, pr = self.z3, self.ts, self.pr
        gen = demand.get("generic", z3.IntVal(0))
        others = self.total([e for k, e in demand.items() if k != "generic"])
        out = dict(demand)
        if pr.cost.modifiers:
            g = self.ivar("generic")
            ts.require(step("601.2f", "the total cost is modified: " + modified_total_words(pr.cost, pr.state)),
                       g == modified_generic(gen, others, pr.cost.modifiers, lambda a, b: z3.If(a > b, a, b)))
            out["generic"] = g
        self.cost_vars["generic"] = out.get("generic", z3.IntVal(0))
        return out

    def add_simple(self, u, bound_units: int) -> None:
        """A mana ability with no mana in its cost: activated by count across the group (symmetry)."""
        g = self.pr.groups[u.group]
        if u.max_uses >= 0:
            hi = g.n * u.max_uses
        else:
            hi = max(1, bound_units)
        if u.ms.used_this_turn:
            # the bound alone would say nothing: the reason is the restriction (its own requirement)
            hi = max(1, hi)
        tag = f"{u.ms.source}_{u.ms.ability_index}"
        sx = simplex_of(u.outputs) if not u.triggered_sources else None
        amounts: dict[str, Any] = {}
        extra: dict[str, dict[str, Any]] = {}
        if sx is not None:
            types, k = sx
            total = self.ivar(f"use_{tag}", 0, hi)
            per = {t: self.ivar(f"use_{tag}_{t}", 0, hi * k) for t in types}
            self.ts.add(self.total(list(per.values())) == total * k)
            amounts = dict(per)
            self.simple_vars.append((u, ("simplex", total, per, k)))
        else:
            counts = [self.ivar(f"use_{tag}_{i}", 0, hi) for i in range(len(u.outputs))]
            total = self.total(counts)
            self.simple_vars.append((u, ("choice", total, counts, 0)))
            for t in sorted({t for o in u.outputs for t in o}):
                amounts[t] = self.total([c * o.get(t, 0) for c, o in zip(counts, u.outputs) if o.get(t, 0)])
            for src in u.triggered_sources:
                adds = [dict(e).get(src, Counter()) for e in u.extras]
                extra[src] = {t: self.total([c * a.get(t, 0) for c, a in zip(counts, adds) if a.get(t, 0)])
                              for t in sorted({t for a in adds for t in a})}
        self.add_activation_costs(u, total, tag)
        self.supplies.append(Supply(g.label, u.as_source(g.label), amounts, ref=("use", u)))
        for src, amts in extra.items():
            self.supplies.append(Supply(self.pr.extra_sources[src].label, self.pr.extra_sources[src], amts, ref=("use", u)))

    def add_activation_costs(self, u, count, tag: str) -> None:
        """The non-mana costs of ``count`` activations of a mana ability: {T}, {Q} (302.6 for creatures),
        sacrificing itself, life, and costs naming other objects."""
        if u.tap:
            self.tap_uses.setdefault(u.group, []).append(count)
            self.require_can_tap_creature(u, count)
        if u.untap:
            self.untap_uses.setdefault(u.group, []).append(count)
            self.require_can_tap_creature(u, count)
        if u.sac_self:
            self.sac_mana.setdefault(u.group, []).append(count)
        if u.life:
            self.life_terms.append(count * u.life)
        if u.ms.used_this_turn:
            self.ts.require(step("602.5b", f"{self.pr.groups[u.group].label}: {u.ms.ability.text()!r} may be activated "
                                           "only once each turn, and it was activated this turn"), count == 0)
        if u.damage:
            self.damage_terms.append(count * u.damage)
        if u.counters is not None:
            self.counter_uses.setdefault((u.group, u.counters[0]), []).append(count * u.counters[1])
        self.add_object_costs(u, count, tag)

    def add_object_costs(self, u, count, tag: str) -> None:
        """Sacrifice-another and tap-another costs of a mana ability: which groups pay them."""
        pr = self.pr
        for part, book in ((u.sacrifice, self.sac_mana), (u.tap_other, self.tap_uses)):
            if part is None:
                continue
            src = pr.state.obj(u.ms.source)
            cands = [gi for gi, g in enumerate(pr.groups)
                     if matches(part.what, g.chars, pr.state.obj(g.ids[0]), pr.player, src)
                     or (part.kind == "tap_untapped" and g.tapped and matches(
                         _untapped_free(part.what), g.chars, pr.state.obj(g.ids[0]), pr.player, src))]
            vs = []
            for gi in cands:
                v = self.ivar(f"{part.kind}_{tag}_{gi}", 0, pr.groups[gi].n)
                book.setdefault(gi, []).append(v)
                vs.append(v)
            self.ts.add(self.total(vs) == count * part.n)

    def require_can_tap_creature(self, u, total) -> None:
        """302.6 (``timing.summoning_sick``): a sick creature's {T} and {Q} abilities can't be activated."""
        g = self.pr.groups[u.group]
        if g.sick:
            self.ts.require(step("302.6", f"{g.label} is a creature that has not been under {self.pr.player}'s control "
                                 "continuously since their most recent turn began, so its {T} and {Q} abilities can't be activated"),
                            total == 0)

    def add_filter(self, u) -> None:
        """A mana ability with mana (or {Q}) in its cost: one instance per possible activation, ordered."""
        pr, z3 = self.pr, self.z3
        g = pr.groups[u.group]
        if u.max_uses >= 0:
            k_max = g.n * u.max_uses
        else:
            k_max = UNBOUNDED_USES
            self.artificial_bound = True
        n_inst = sum(max(1, x.max_uses) * self.pr.groups[x.group].n for x in self.pr.uses if not x.simple) + 1
        sx = simplex_of(u.outputs) if not u.triggered_sources else None
        for k in range(k_max):
            tag = f"{u.ms.source}_{u.ms.ability_index}_{k}"
            active = self.bvar(f"act_{tag}")
            sel = self.ivar(f"out_{tag}", 0, len(u.outputs) - 1) if sx is None else None
            t = self.ivar(f"time_{tag}", 1, n_inst)
            one = z3.If(active, 1, 0)
            self.add_activation_costs(u, one, tag)
            j = len(self.consumers)
            demand, recs, life = self.symbol_demand(u.mana, 0, active, False, tag)
            self.life_terms.append(life)
            purpose = Purpose("mana_ability", frozenset(g.chars.types), frozenset(g.chars.subtypes), frozenset(g.chars.colors),
                              label=f"activating {u.label}")
            self.consumers.append(Consumer(f"the cost of {u.label}", purpose, demand, t, recs))
            amounts = {}
            if sx is not None:
                types, kk = sx
                for ty in types:
                    amounts[ty] = self.ivar(f"out_{tag}_{ty}", 0, kk)
                z3s = self.total(list(amounts.values()))
                self.ts.add(z3s == z3.If(active, kk, 0))
                sel = amounts
            else:
                for ty in sorted({ty for o in u.outputs for ty in o}):
                    amounts[ty] = z3.If(active, z3.Sum([z3.If(sel == oi, o.get(ty, 0), 0) for oi, o in enumerate(u.outputs)]), 0)
                for src in u.triggered_sources:
                    adds = [dict(e).get(src, Counter()) for e in u.extras]
                    amts = {ty: z3.If(active, z3.Sum([z3.If(sel == oi, a.get(ty, 0), 0) for oi, a in enumerate(adds)]), 0)
                            for ty in sorted({ty for a in adds for ty in a})}
                    self.supplies.append(Supply(self.pr.extra_sources[src].label, self.pr.extra_sources[src], amts, t,
                                                consumer=j, ref=("filter", u)))
            # Identical filters are interchangeable: the active ones come first, in time order (symmetry).
            twin = (u.ms.ability, u.ms.cost, self.pr.groups[u.group].chars, self.pr.groups[u.group].tapped,
                    self.pr.groups[u.group].sick, u.ms.source if not (u.tap or u.untap) else None)
            n_filters = sum(1 for x in self.pr.uses if x.group == u.group and not x.simple)
            if n_filters == 1 and twin in self.twins:
                pa, pt = self.twins[twin]
                self.ts.add(z3.Implies(active, pa))
                self.ts.add(z3.Implies(active, pt < t))
            self.twins[twin] = (active, t)
            self.supplies.append(Supply(g.label, u.as_source(g.label), amounts, t, consumer=j, ref=("filter", u)))
            self.filter_vars.append((u, active, sel, t, j))

    def add_other_costs(self) -> None:
        """The cost's parts that are not mana (118.8 additional costs; an activated ability's own {T}, {Q},
        "Sacrifice this" and counters): life, sacrifices, discards, exile, taps."""
        pr, ts, z3 = self.pr, self.ts, self.z3
        src = pr.cost.source
        sg = pr.source_group
        for i, part in enumerate(pr.cost.other):
            k = part.kind
            if k in ("tap", "untap", "sacrifice_self", "remove_counters", "loyalty", "put_counters") and (src is None or sg is None):
                what = pr.state.obj(src).name if src and pr.state.has(src) else "the source"
                ts.require(step("602.2", f"{part.text()} names {what}, which {pr.player} does not control on the battlefield"),
                           z3.BoolVal(False))
                continue
            if k in ("tap", "untap"):
                assert src is not None and sg is not None   # refused just above without them
                symbol = "{T}" if k == "tap" else "{Q}"
                for st, ok in tap_symbol_requirements(pr.state, src, pr.player, symbol):
                    ts.require(st, z3.BoolVal(ok))
                book = self.tap_uses if k == "tap" else self.untap_uses
                book.setdefault(sg, []).append(z3.IntVal(1))
                if k == "tap":
                    self.late_taps.setdefault(sg, []).append(z3.IntVal(1))
            elif k == "sacrifice_self":
                assert src is not None and sg is not None   # refused just above without them
                self.sac_other.setdefault(sg, []).append(z3.IntVal(1))
                ts.require(step("701.21a", f"{pr.player} can sacrifice {pr.state.obj(src).name}, a permanent they control"),
                           z3.BoolVal(True))
            elif k == "remove_counters":
                # "Remove X counters" / "any number of": the X chosen for the cost (107.3, 602.2b), as for -X.
                assert src is not None and sg is not None   # refused just above without them
                n = pr.cost.x if part.n == X_COUNT else part.n
                self.counter_uses.setdefault((sg, part.counter), []).append(z3.IntVal(n))
                have = pr.groups[sg].counter(part.counter)
                ts.require(step("118.3", f"{pr.state.obj(src).name} has {have} {part.counter} counter(s)"
                                + ("" if have >= n else f"; the cost removes {n}")), z3.BoolVal(have >= n))
            elif k == "loyalty":
                # 606.4: +N puts N loyalty counters on it; -N removes N, which needs that many (606.6).
                assert src is not None and sg is not None   # refused just above without them
                n = -pr.cost.x if part.counter == "X" else part.n      # -X: the X chosen for it (107.3)
                if n >= 0 and part.counter != "X":
                    ts.require(step("606.4", f"{part.text()}: {pr.player} puts {n} loyalty counter(s) on "
                                             f"{pr.state.obj(src).name}"), z3.BoolVal(sg is not None))
                    continue
                self.counter_uses.setdefault((sg, "loyalty"), []).append(z3.IntVal(-n))
                have = pr.groups[sg].counter("loyalty")
                ts.require(step(("606.4", "606.6"), f"{pr.state.obj(src).name} has {have} loyalty counter(s)"
                                + ("" if have >= -n else f"; {part.text()} removes {-n}")), z3.BoolVal(have >= -n))
            elif k == "pay_life":
                self.life_terms.append(z3.IntVal(part.n))
                self.cost_life_terms.append(z3.IntVal(part.n))
            elif k == "discard":
                what = f"{part.what.describe()} card(s)" if part.what is not None else "other card(s)"
                ts.require(step("118.3", f"{pr.player} has {len(pr.hand)} {what} in hand to discard; the cost "
                                         f"discards {part.n}"), z3.BoolVal(len(pr.hand) >= part.n))
            elif k == "discard_self":
                # 702.29a, 701.9a: "Discard this card": the card itself, from its owner's hand (an ability with this
                # cost functions only there, 113.6j)
                card = pr.state.obj(src) if src and pr.state.has(src) else None
                there = card is not None and card.zone == "hand" and card.owner == pr.player
                ts.require(step(("701.9a", "113.6j"), f"{pr.player} discards {card.name if card else 'the card'} from their hand"
                                if there else f"{part.text()} discards the card from its owner's hand, and it is not "
                                              f"in {pr.player}'s hand"), z3.BoolVal(there))
            elif k == "exile_self_from_graveyard":
                # 702.97a, 406.3: "Exile this card from your graveyard": the card itself, from its owner's graveyard
                # (an ability with this cost functions only there, 113.6j)
                card = pr.state.obj(src) if src and pr.state.has(src) else None
                there = card is not None and card.zone == "graveyard" and card.owner == pr.player
                ts.require(step(("406.3", "113.6j"), f"{pr.player} exiles {card.name if card else 'the card'} from their "
                                                     "graveyard" if there else
                                f"{part.text()} exiles the card from its owner's graveyard, and it is not in "
                                f"{pr.player}'s graveyard"), z3.BoolVal(there))
            elif k == "exile_from_graveyard":
                self.gy_terms.append(z3.IntVal(part.n))
            elif k in ("sacrifice", "return_to_hand", "tap_untapped"):
                # Returning a permanent to its owner's hand uses it up as a sacrifice does: it leaves.
                book = self.sac_other if k != "tap_untapped" else self.tap_uses
                cands = [gi for gi, g in enumerate(pr.groups)
                         if part_fits(part, g.chars, pr.state.obj(g.ids[0]), pr.player, None)
                         or (k == "tap_untapped" and matches(_untapped_free(part.what), g.chars, pr.state.obj(g.ids[0]), pr.player, None))]
                vs = []
                for gi in cands:
                    v = self.ivar(f"other{i}_{gi}", 0, pr.groups[gi].n)
                    book.setdefault(gi, []).append(v)
                    if k == "tap_untapped":
                        self.late_taps.setdefault(gi, []).append(v)
                    vs.append(v)
                self.part_vars.append((part, list(zip(cands, vs))))
                what = " or ".join(w.describe() for w in (part.what,) + part.alternatives) if part.what else "permanent"
                ts.require(step("701.21a" if k == "sacrifice" else "118.3",
                                f"the cost needs {part.n} {what}" + ("" if cands else f": {pr.player} controls none")),
                           self.total(vs) == part.n)
            elif k == "reveal_from_hand":
                # the cards shown stay in the hand (not used up): enough of the quality must be there
                assert part.what is not None    # read with its quality (vocab.phrases.c_reveal_from_hand)
                hand = revealable(pr, part)
                ts.require(step("118.3", f"{pr.player} has {len(hand)} {part.what.describe()} card(s) in hand to reveal; "
                                         f"the cost reveals {part.n}"), z3.BoolVal(len(hand) >= part.n))
            elif k == "exile_from_hand":
                # the cards leave the hand for exile (601.2h); the cost is the one part of its cost using the hand
                # (``problem._one_use_of_hand``), so enough cards that fit is all it needs
                hand = exilable_from_hand(pr, part)
                what = f"{part.what.describe().removesuffix(' permanent')} card(s)" if part.what is not None else "card(s)"
                ts.require(step("118.3", f"{pr.player} has {len(hand)} {what} in hand to exile"
                                         + (", not counting the spell being cast (601.2a)" if _cast_from_hand(pr) else "")
                                         + f"; the cost exiles {part.n}"), z3.BoolVal(len(hand) >= part.n))
            elif k == "put_counters":
                # "Put a -0/-1 counter on ~" (Wall of Roots): nothing limits putting counters on it (122.1)
                assert src is not None      # refused just above without it
                ts.require(step("122.1", f"{part.text()}: {pr.player} puts them on {pr.state.obj(src).name}"), z3.BoolVal(True))
            elif k == "put_counters_on":
                # "Put a -1/-1 counter on a creature you control": one permanent the payer controls gets them; it
                # is not used up (it may still tap for mana or be sacrificed for another part, 601.2h)
                cands = [gi for gi, g in enumerate(pr.groups)
                         if part_fits(part, g.chars, pr.state.obj(g.ids[0]), pr.player, None)]
                assert part.what is not None    # read with its permanent (vocab.phrases.c_put_counters_on)
                vs = [self.ivar(f"other{i}_{gi}", 0, 1) for gi in cands]
                self.part_vars.append((part, list(zip(cands, vs))))
                ts.require(step("118.3", f"the cost puts {part.counter} counter(s) on {part.what.describe()}"
                                + ("" if cands else f": {pr.player} controls none")), self.total(vs) == 1)
            elif k == "crew":
                # 702.122a: "Tap any number of other untapped creatures you control with total power N or greater";
                # tapping them is not their own {T}, so summoning sickness does not matter (302.6).
                assert src is not None      # crewing is an activated ability of the Vehicle (702.122a): its source
                crew = Selector(types=("Creature",), controller="you")
                picks, powers = [], {}
                for gi, g in enumerate(pr.groups):
                    if not matches(crew, g.chars, pr.state.obj(g.ids[0]), pr.player, None):
                        continue
                    if gi == sg and g.n > 1:
                        raise Unsupported(f"{part.text()!r}: crewing with a permanent identical to the Vehicle is not modelled")
                    if gi == sg:
                        continue                           # "other" creatures: not the Vehicle itself
                    g_power = power_now(pr.state, g.ids[0], f"the power of {g.label} crews {pr.state.obj(src).name}")
                    v = self.ivar(f"crew{i}_{gi}", 0, g.n)
                    self.tap_uses.setdefault(gi, []).append(v)
                    self.late_taps.setdefault(gi, []).append(v)
                    picks.append((gi, v))
                    powers[gi] = g_power
                self.part_vars.append((part, picks))
                ts.require(step("702.122a", f"crew {part.n}: {pr.player} needs other untapped creatures with total "
                                            f"power {part.n} or greater" + ("" if picks else f"; {pr.player} controls none")),
                           self.total([v * powers[gi] for gi, v in picks]) >= part.n)
            else:
                raise Unsupported(f"the cost part {part.text()!r} is not modelled in payment")

    def compat(self, s: Supply, t: str, c: Consumer, kind: str, ci: int) -> tuple | str | None:
        """Can one unit of ``t`` from ``s`` pay one unit of ``kind`` for ``c``? None: yes; a tuple (rule,
        ...): a rule forbids it (``symbols.blocked``); "skip": impossible by construction (never a reason)."""
        if s.consumer is not None and s.consumer == ci:
            return "skip"     # an activation's mana can't pay its own cost
        if s.kind != "mana" and ci != 0:
            return "skip"     # convoke, improvise and delve pay only the spell's own cost
        return blocked(s.source, t, kind, c.purpose, self.pr.spend_as)

    def add_flows(self) -> None:
        z3, ts = self.z3, self.ts
        out_terms: dict[tuple[int, str], list[Any]] = {}
        in_terms: dict[tuple[int, str], list[Any]] = {}
        for si, s in enumerate(self.supplies):
            for t in s.amounts:
                for ci, c in enumerate(self.consumers):
                    for kind in c.demand:
                        why = self.compat(s, t, c, kind, ci)
                        if why == "skip" or (why is not None and not self.explain):
                            continue
                        f = self.ivar(f"f{si}_{t}_{ci}_{kind}")
                        self.flows[(si, t, ci, kind)] = f
                        out_terms.setdefault((si, t), []).append(f)
                        in_terms.setdefault((ci, kind), []).append(f)
                        if isinstance(why, tuple):      # a reason (not None, and "skip" was passed over)
                            self.forbidden.setdefault(why, []).append(f)
                        if s.consumer is not None and c.time is not None:
                            ts.add(z3.Implies(f > 0, s.time < c.time))
        caps = [self.total(out_terms.get((si, t), [])) <= a
                for si, s in enumerate(self.supplies) for t, a in s.amounts.items()]
        # Implied cut (redundant, helps the arithmetic): everything paid is at most everything available. It
        # follows from the caps, so it is part of the same requirement: a "no" because there is too little mana
        # then says what there is (118.3), rather than leaving it unsaid.
        caps.append(self.total([a for s in self.supplies for a in s.amounts.values()])
                    >= self.total([d for c in self.consumers for d in c.demand.values()]))
        ts.require(step("118.3", "a player can't pay a cost without the necessary resources: " + self.resources_text()),
                   z3.And(caps))
        for ci, c in enumerate(self.consumers):
            for kind, d in c.demand.items():
                ts.add(self.total(in_terms.get((ci, kind), [])) == d)
        for why, fs in self.forbidden.items():
            ts.require(self.rule_step(why), z3.And([f == 0 for f in fs]))

    def resources_text(self) -> str:
        pr = self.pr
        parts = [p.label.replace(" in the pool", "") + " in the pool" for p in pr.pool]
        for u in pr.uses:
            g = pr.groups[u.group]
            if (u.tap and g.tapped) or ((u.tap or u.untap) and g.sick) or (u.untap and not g.tapped):
                continue
            if u.group == pr.source_group and (((u.tap or u.sac_self) and self.own_symbol("tap"))
                                               or (u.untap and self.own_symbol("untap"))
                                               or (u.sac_self and self.own_symbol("sacrifice_self"))):
                continue     # the cost's own {T}, {Q} or sacrifice uses it (``own_symbol_step``, 701.21a)
            parts.append(f"{g.label}: {u.ms.ability.text()}")
        if pr.cost.convoke:
            parts.append("untapped creatures (convoke)")
        if pr.cost.improvise:
            parts.append("untapped artifacts (improvise)")
        if pr.cost.delve:
            parts.append(f"{pr.graveyard} card(s) in the graveyard (delve)")
        return "what can pay now is " + ("; ".join(dict.fromkeys(parts)) if parts else "nothing")

    def rule_step(self, why: tuple) -> Step:
        pr = self.pr
        rule = why[0]
        if rule == "107.4a":
            c = why[1]
            have = pr.mana_of(c)
            tail = f"; {COLOR_NAMES[c]} mana could come only from {', '.join(have)}" if have else \
                f"; none of {pr.player}'s mana sources can make {COLOR_NAMES[c]} mana"
            replaced = [pr.groups[u.group].label for u in pr.uses if c in u.ms.replaced]
            rules, lost = land_types_lost(pr.state, pr.player, c)
            if replaced:
                return step(("107.4a", "106.12b", "614.1a") + rules, f"{{{c}}} can be paid only with {COLOR_NAMES[c]} mana"
                            + tail + f"; {', '.join(dict.fromkeys(replaced))} would add it, but a replacement effect changes "
                              "the mana it produces" + lost)
            return step(("107.4a",) + rules, f"{{{c}}} can be paid only with {COLOR_NAMES[c]} mana" + tail + lost)
        if rule == "107.4c":
            have = pr.mana_of("C")
            tail = f"; colorless mana could come only from {', '.join(have)}" if have else \
                f"; none of {pr.player}'s mana sources can make it"
            return step("107.4c", "{C} needs colorless mana (mana of any color, or spent as though of any color, can't pay it)" + tail)
        if rule == "107.4h":
            snow = [p.label for p in pr.pool if p.snow] + [pr.groups[u.group].label for u in pr.uses if pr.groups[u.group].snow]
            tail = f"; snow sources: {', '.join(dict.fromkeys(snow))}" if snow else f"; none of {pr.player}'s mana sources is a snow source"
            return step("107.4h", "{S} can be paid only with mana produced by a snow source" + tail)
        if rule == "609.4b":
            _, m, c, src = why
            return step("609.4b", f"{COLOR_NAMES[m]} mana may be spent only as though it were colorless mana "
                                  f"({pr.state.obj(src).name}, {src}): it can't pay {{{c}}}")
        if rule == "106.6":
            return step("106.6", f"mana from {why[1]} can be spent only to {why[2]}; this payment is {why[3]}")
        if rule == "702.51a":
            return step("702.51a", "a creature tapped for convoke pays only generic mana or mana of one of its colors")
        if rule == "702.126a":
            return step("702.126a", "an artifact tapped for improvise pays only generic mana")
        if rule == "702.66a":
            return step("702.66a", "a card exiled for delve pays only generic mana")
        return step(rule, " ".join(str(w) for w in why[1:]))

    def own_symbol(self, kind: str) -> bool:
        """Does the cost asked about tap ("tap"), untap ("untap") or sacrifice ("sacrifice_self") the object whose
        ability it is?"""
        return self.pr.source_group is not None and any(p.kind == kind for p in self.pr.cost.other)

    def own_symbol_step(self, symbol: str, used: str) -> Step:
        """601.2g-h, 118.3: the source's {T} (or {Q}) is part of the cost being paid, so its mana abilities
        that tap (or untap, or sacrifice) it can't be activated to pay that same cost."""
        assert self.pr.source_group is not None     # asked only when own_symbol holds, which needs it
        name = self.pr.groups[self.pr.source_group].label
        done = "tapped" if symbol == "{T}" else "untapped"
        return step(("601.2h", "118.3"), f"{symbol} is part of the cost: {name} is {done} to pay it, so it can't also be "
                                         f"{used} for mana to pay the rest of that cost")

    def require_used(self, why: Step, ids: frozenset[str]) -> None:
        """Each of ``ids`` takes part in the payment (tapped, untapped or sacrificed)."""
        for gi, g in enumerate(self.pr.groups):
            k = sum(1 for i in g.ids if i in ids)
            if k:
                self.ts.require(why, self.total(_group_roles(self, gi)) >= k)

    def add_group_limits(self) -> None:
        """Each permanent can be tapped once, untapped once, sacrificed once, and has only its counters
        (118.3); what is sacrificed to a mana ability (601.2g) is gone before the cost is paid (601.2h), so it
        can't also be tapped or sacrificed for the cost."""
        pr, ts = self.pr, self.ts
        for gi, g in enumerate(pr.groups):
            taps = self.tap_uses.get(gi, [])
            if taps:
                tot = self.total(taps)
                if gi == pr.source_group and self.own_symbol("tap"):
                    ts.require(self.own_symbol_step("{T}", "tapped"), tot <= g.n)
                else:
                    ts.add(tot <= g.n)
                if g.tapped:
                    ts.require(step("118.3", f"{g.label} {'is' if g.n == 1 else 'are'} already tapped, and a tapped "
                                    "permanent can't be tapped to pay a cost"), tot == 0)
            untaps = self.untap_uses.get(gi, [])
            if untaps:
                tot = self.total(untaps)
                if gi == pr.source_group and self.own_symbol("untap"):
                    ts.require(self.own_symbol_step("{Q}", "untapped"), tot <= g.n)
                else:
                    ts.add(tot <= g.n)
                if not g.tapped:
                    ts.require(step("107.6", f"{g.label} is untapped, and {{Q}} needs it tapped"), tot == 0)
            if gi not in self.sac_mana and gi not in self.sac_other:
                continue        # nothing sacrifices it: no limit to say (most permanents, most costs)
            sm = self.total(self.sac_mana.get(gi, []))
            so = self.total(self.sac_other.get(gi, []))
            ts.require(step(("118.3", "701.21a"), f"each of {g.label} can be sacrificed only once"), sm + so <= g.n)
            if gi in self.sac_mana and gi in self.late_taps:
                if gi == pr.source_group and self.own_symbol("tap"):
                    ts.require(self.own_symbol_step("{T}", "sacrificed"), sm + self.total(self.late_taps[gi]) <= g.n)
                else:
                    ts.add(sm + self.total(self.late_taps[gi]) <= g.n)
        for (gi, kind), terms in self.counter_uses.items():
            g = pr.groups[gi]
            ts.add(self.total(terms) <= g.n * g.counter(kind))


#: The rules by which layer 4 takes a land's type of mana away (305.7 setting its land type, 613.7 timestamp
#: order, 613.8 dependency): where one of them decides, a "no" for a colored symbol says so.
_LAND_TYPE_RULES = ("305.7", "613.7", "613.8a")


def land_types_lost(state, player: str, c: str) -> tuple[tuple[str, ...], str]:
    """Why the lands ``player`` controls that would make mana of type ``c`` don't, where a land-type effect
    decides it (``could_produce``'s reasons: 305.7, 613.7, 613.8): (the rules, "; Name: reason" each)."""
    rules: list[str] = []
    said = []
    for o in state.battlefield(player):
        try:
            r = could_produce(state, o.id)
        except SearchBound:
            raise
        except Unsupported:
            continue
        why = r.missing.get(c)
        if why and any(x in _LAND_TYPE_RULES for x in why[0]):
            rules += [x for x in why[0] if x not in rules]
            said.append(f"; {o.name} ({o.id}) could not: {why[1]}")
    return tuple(rules), "".join(said)


def _group_roles(enc: "Encoding", gi: int) -> list[Any]:
    return (enc.tap_uses.get(gi, []) + enc.untap_uses.get(gi, []) + enc.sac_mana.get(gi, [])
            + enc.sac_other.get(gi, []))


def _untapped_free(sel):
    """The selector without "untapped" (so that tapped candidates show up as a reason, 118.3)."""
    return replace(sel, untapped=False) if sel is not None else None


# ------------------------------------------------------------------------------------------- solving

def solve(pr: PaymentProblem, timeout_ms: int = 5000, extra: Sequence[tuple[Step, bool]] = (),
          must_use: tuple[Step, frozenset[str]] | None = None) -> PaymentResult:
    """Decide the payment problem; a plan when it can be paid, a minimal set of reasons when not.

    ``extra``: further requirements (timing, permissions) decided outside the payment, which join the
    reasons when they fail. ``must_use``: a reason and permanents that must each take part (a ``paying:``
    list), so that the reasons say why one of them can't. Deciding, explaining and minimizing the reasons
    share one deadline, ``timeout_ms`` from now."""
    deadline = time.monotonic() + timeout_ms / 1000
    paid = paid_without_choice(pr, extra, must_use)
    if paid is not None:
        return paid

    def encode(explain: bool) -> tuple[Encoding, TrackedSolver]:
        ts = TrackedSolver(timeout_ms, deadline)
        enc = Encoding(pr, ts, explain=explain)
        for st, ok in extra:
            ts.require(st, ts.z3.BoolVal(ok))
        enc.build()
        if must_use:
            enc.require_used(*must_use)
        return enc, ts

    # First without the flows that rules forbid (fast); when that is unsatisfiable, again with them, each
    # forbidden flow a requirement named by its rule, for the minimal reasons.
    try:
        enc, ts = encode(explain=False)
        if ts.check():
            return PaymentResult(True, plan=extract_plan(enc, ts.model()))
        enc2, ts2 = encode(explain=True)
        if ts2.check():
            raise Unsupported("the payment solver disagreed with itself (explanation model satisfiable)")
    except SearchBound:
        short = mana_shortfall(pr)
        if short is None:
            raise
        return PaymentResult(False, reasons=(short, _NOT_SEARCHED))
    if enc.artificial_bound:
        raise Unsupported(f"a mana ability with mana in its cost and nothing else bounding it was searched only up to "
                          f"{UNBOUNDED_USES} activations; the search reached its bound")
    core, minimal = ts2.shrunk_core()
    if all(r.step.rules[0] == "601.2h" for r in core):
        # Nothing at all can pay these symbols: say what there is (118.3).
        core = core + [r for r in ts2.requirements if r.step.rules == ("118.3",) and "necessary resources" in r.step.text]
    reasons = sorted((r.step for r in core), key=lambda s: (s.rules[0] != "601.2h", s.rules[0] == "118.3"))
    if not minimal:
        reasons.append(_NOT_MINIMAL)
    return PaymentResult(False, reasons=tuple(reasons))


#: The parts of a cost that name only the object whose ability it is, paid by it alone (602.2: {T}, {Q}).
_OWN_PARTS = frozenset({"tap", "untap"})


def paid_without_choice(pr: PaymentProblem, extra: Sequence[tuple[Step, bool]] = (),
                        must_use: tuple[Step, frozenset[str]] | None = None) -> PaymentResult | None:
    """A cost with no mana to pay and no part but its source's own {T} or {Q} leaves its payer no choice
    (601.2g-h: no mana ability need be activated, nothing else pays it), so each of its requirements is a
    known fact: the source's status (107.5, 107.6, 302.6), the outside requirements, life at least 0 (119.4).
    When every one holds, the payment made: what ``solve`` would find, without the solver. Otherwise None:
    the solver's encoding (the one statement of these rules with their reasons) names the minimal reasons."""
    cost = pr.cost
    if (cost.symbols or cost.x or cost.modifiers or cost.convoke or cost.improvise or cost.delve or must_use
            or any(part.kind not in _OWN_PARTS for part in cost.other)):
        return None
    if cost.other and (cost.source is None or pr.source_group is None):
        return None
    if pr.life < 0 or not all(ok for _, ok in extra):
        return None
    g = pr.groups[pr.source_group] if pr.source_group is not None else None
    for part in cost.other:
        symbol = "{T}" if part.kind == "tap" else "{Q}"
        assert cost.source is not None and g is not None     # refused just above without them
        if (part.kind == "tap") == g.tapped or not all(ok for _, ok in tap_symbol_requirements(pr.state, cost.source,
                                                                                               pr.player, symbol)):
            return None
    if len({part.kind for part in cost.other}) < len(cost.other):
        return None                                          # the same {T} twice: the solver says why not
    plan: dict[str, Any] = {"cost": cost.text(), "x": 0, "activate": [], "symbols": []}
    if cost.other:
        plan["other"] = [{"part": part.text(), "by": [cost.source]} for part in cost.other]
    plan.update({"total_generic": 0, "life": 0, "paid_with": []})
    return PaymentResult(True, plan=plan)


#: Said after the reasons of a "no" whose minimising reached the solver's bound: each reason holds (together
#: they can't be met), but some may not be needed.
_NOT_MINIMAL = step((), "these reasons may not be minimal: finding a minimal set of them reached the solver's bound")
#: Said after a "no" that the count of mana decided when the solver reached its bound.
_NOT_SEARCHED = step((), "the solver reached its bound; the count of mana above decides without it, so other "
                         "reasons may hold too")


def _least_mana(s: Symbol, x: int) -> int:
    """The least mana that pays the symbol ``s`` (107.4e: a hybrid symbol one of its halves, {2/W} one {W};
    107.4f: a Phyrexian symbol 2 life instead; 107.3: {X} its value)."""
    if s.kind == "generic":
        return s.amount
    if s.kind == "x":
        return x
    return 0 if s.kind in ("phyrexian", "hybrid_phyrexian") else 1


def mana_shortfall(pr: PaymentProblem) -> Step | None:
    """118.3, 601.2g: a reason the cost can't be paid, found by counting: the cost needs at least N mana
    (``_least_mana`` of each symbol) and at most M < N can be made: the mana in the pool, and for each
    permanent its largest net mana (what an activation adds, less the least mana its own cost takes) from one
    activation of its abilities with {T} in their cost, plus each other ability's bounded activations; mana
    whose spending restriction forbids the cost (106.6) doesn't count. None when the count doesn't decide, or
    when something else can pay mana symbols or change the cost (convoke, improvise, delve, cost modifiers,
    an ability nothing bounds): then only the solver decides."""
    cost = pr.cost
    if cost.modifiers or cost.convoke or cost.improvise or cost.delve or cost.without_mana_cost:
        return None
    need = sum(_least_mana(s, cost.x) for s in cost.symbols)
    pool = sum(p.count for p in pr.pool)
    by_group: dict[int, tuple[int, int]] = {}         # group -> (best one {T} activation, other activations)
    for u in pr.uses:
        if u.max_uses < 0:
            return None
        g = pr.groups[u.group]
        if u.tap and (g.tapped or g.sick):
            continue
        own_ok = u.restriction is None or u.restriction.allows(cost.purpose, u.chosen_type)
        made = max((sum(o.values()) * own_ok + sum(sum(c.values()) for _, c in extra)
                    for o, extra in zip(u.outputs, u.extras)), default=0)
        net = max(0, made - sum(_least_mana(s, 0) for s in u.mana))
        tap, other = by_group.get(u.group, (0, 0))
        by_group[u.group] = (max(tap, net), other) if u.tap else (tap, other + net * u.max_uses)
    made = sum(pr.groups[gi].n * (tap + other) for gi, (tap, other) in by_group.items())
    if pool + made >= need:
        return None
    x = f" ({cost.x} for X)" if any(s.kind == "x" for s in cost.symbols) else ""
    return step(("118.3", "601.2g", "107.4"),
                f"the cost {cost.text()} needs at least {need} mana{x}, hybrid symbols paid with one mana and "
                f"Phyrexian ones with life; at most {pool + made} can be made: {pool} in the pool and {made} from "
                "the mana abilities of the permanents, each at most the most one activation of its {T} abilities "
                "adds (less the mana its own cost takes)")


def _val(m, e) -> int:
    v = m.eval(e, model_completion=True)
    return v.as_long()


def extract_plan(enc: Encoding, m) -> dict:
    """The witness: which mana abilities are activated (in order), how each symbol is paid, with what."""
    z3, pr = enc.z3, enc.pr
    plan: dict[str, Any] = {"cost": pr.cost.text(), "x": pr.cost.x}
    # Members of each group, handed out in turn.
    next_member: dict[int, int] = {}

    def take(gi: int, n: int) -> list[str]:
        g = pr.groups[gi]
        i = next_member.get(gi, 0)
        next_member[gi] = i + n
        ids = list(g.ids)
        return [ids[k % len(ids)] for k in range(i, i + n)]

    acts = []
    used: dict[int, list[str]] = {}      # a use's activating members, which its mana is "from" (not its whole group)
    for u, (form, total, parts, k) in enc.simple_vars:
        if form == "simplex":
            # the units chosen, k to an activation, counted rather than listed (one activation of a Forest
            # under 28 Mana Reflections adds 2^28)
            outs: list[Counter] = [Counter()]
            room = k
            for ty, v in parts.items():
                n = _val(m, v)
                while n:
                    if not room:
                        outs.append(Counter())
                        room = k
                    step = min(n, room)
                    outs[-1][ty] += step
                    n -= step
                    room -= step
            outs = [o for o in outs if o]
        else:
            outs = []
            for c, o in zip(parts, u.totals):
                outs += [o] * _val(m, c)
        members = take(u.group, len(outs)) if (u.tap or u.sac_self) else [u.ms.source] * len(outs)
        if u.tap or u.sac_self:
            used[id(u)] = members
        for mem, o in zip(members, outs):
            acts.append({"source": mem, "ability": u.ms.ability_index, "text": u.ms.ability.text(),
                         "adds": _mana_text(o), "order": 0, "damage": u.damage})
    for u, active, sel, t, j in enc.filter_vars:
        if z3.is_true(m.eval(active, model_completion=True)):
            out = Counter({ty: _val(m, v) for ty, v in sel.items()}) if isinstance(sel, dict) else u.totals[_val(m, sel)]
            acts.append({"source": u.ms.source, "ability": u.ms.ability_index, "text": u.ms.ability.text(),
                         "adds": _mana_text(out), "order": _val(m, t), "damage": u.damage,
                         "paid_with": _paid(enc, m, j, used)})
    acts.sort(key=lambda a: a["order"])
    for i, a in enumerate(acts, 1):
        a["order"] = i
    plan["activate"] = acts
    # How each symbol of the cost is paid.
    c0 = enc.consumers[0]
    chosen = []
    for s, ways, choice, present, n in c0.symbols:
        if isinstance(choice, list):
            paid = [(w, _val(m, c)) for w, c in zip(ways, choice)]
        elif choice is None:
            paid = [(ways[0], n)]
        elif len(ways) == 2:
            paid = [(ways[0] if z3.is_true(m.eval(choice, model_completion=True)) else ways[1], n)]
        else:
            paid = [(ways[_val(m, choice)], n)]
        for w, k in paid:
            if k:
                chosen.append({"symbol": str(s), "as": w.words, "rules": list(w.rules), **({"times": k} if k > 1 else {})})
    plan["symbols"] = chosen
    # Which permanents pay the parts that name them (601.2h).
    others = []
    for part in pr.cost.other:
        if part.kind in ("tap", "untap", "sacrifice_self", "remove_counters", "discard_self", "exile_self_from_graveyard"):
            others.append({"part": part.text(), "by": [pr.cost.source]})
    for part, picks in enc.part_vars:
        others.append({"part": part.text(), "by": [i for gi, v in picks for i in take(gi, _val(m, v))]})
    for part in pr.cost.other:
        if part.kind == "exile_from_hand":
            # any cards of the quality pay it alike (the one part of its cost using the hand): the first that fit
            others.append({"part": part.text(), "by": list(exilable_from_hand(pr, part)[:part.n])})
    if others:
        plan["other"] = others
    plan["total_generic"] = _val(m, enc.cost_vars.get("generic", z3.IntVal(0)))
    plan["life"] = _val(m, enc.cost_vars["life"])
    if "damage" in enc.cost_vars:
        plan["damage"] = _val(m, enc.cost_vars["damage"])
    plan["paid_with"] = _paid(enc, m, 0, used)
    for si, s in enumerate(enc.supplies):
        if s.kind in ("convoke", "improvise"):
            k = _val(m, s.amounts["*"])
            if k:
                plan.setdefault(s.kind, []).extend(take(s.ref[1], k))
        elif s.kind == "delve":
            k = _val(m, s.amounts["*"])
            if k:
                plan["delve"] = k
    return plan


def _paid(enc: Encoding, m, ci: int, used: dict[int, list[str]]) -> list[dict]:
    """What pays consumer ``ci``: each flow of mana, "from" the permanents that made it (the members of a group
    that activated its ability, ``used``; otherwise the supply's own label)."""
    out = []
    for (si, t, cj, kind), f in enc.flows.items():
        if cj != ci:
            continue
        k = _val(m, f)
        if k:
            s = enc.supplies[si]
            label = s.label
            if isinstance(s.ref, tuple) and s.ref[0] == "use" and id(s.ref[1]) in used \
                    and s.label == enc.pr.groups[s.ref[1].group].label:
                label = f"{enc.pr.groups[s.ref[1].group].name} ({', '.join(dict.fromkeys(used[id(s.ref[1])]))})"
            out.append({"for": kind, "amount": k, "from": label, "mana": t if t != "*" else s.kind})
    return out


def _mana_text(c: Counter) -> str:
    return mana_string(c)


def _cast_from_hand(pr: PaymentProblem) -> bool:
    """Is the cost a spell's, cast from its caster's hand (so that the card is not among the hand's cards that
    pay, 601.2a)?"""
    c = pr.cost.casting
    return c is not None and pr.state.has(c) and pr.state.obj(c).zone == "hand"
