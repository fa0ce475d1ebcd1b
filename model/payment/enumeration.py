"""Every distinct payment of a cost (CR 601.2f-h, 602.2b): what ``mtgjudge ask --all`` lists and what the
engine's casting and activating branch on.

A payment chooses how each symbol is paid (``symbols.ways_to_pay``), which mana abilities are activated and
with which result (601.2g), which mana pays which part of the cost or of a filter's own cost
(``symbols.blocked``), which permanents convoke or improvise, how many cards are delved, which permanents pay
the cost's other parts, and life. An activation belongs to a payment when some of its mana is spent in it
(activating a mana ability whose mana is all left over is a separate act, 605.3a); mana an activation
makes beyond what is spent stays in the pool.

Payments are told apart at the level of groups of interchangeable permanents (``problem.PermGroup``): two
untapped Forests paying {G} is one payment. What happens to the members of a group is part of a payment
(an Elves tapped for mana and then sacrificed is not the same as one Elves tapped and another sacrificed);
:func:`member_choices` turns a payment into every distinct assignment to the permanents themselves.

The enumeration is exact and bounded: past ``MAX_PAYMENTS`` payments or its deadline it raises SearchBound.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import field
from itertools import combinations, combinations_with_replacement, permutations, product
from typing import Iterator

from mtgjudge.model import deadline
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.mana import COLORS, TYPES, Symbol, mana_string
from mtgjudge.model.payment.problem import (UNBOUNDED_USES, AbilityUse, PaymentProblem, PermGroup, exilable_from_hand,
                                            part_fits, revealable)
from mtgjudge.model.payment.symbols import Source, Way, blocked, modified_generic, ways_to_pay
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.spending import Purpose
from mtgjudge.model.vocab.abilities import X_COUNT
from mtgjudge.model.lazy_dataclass import dataclass

#: Refuse to list more payments than this: the search reached its bound.
MAX_PAYMENTS = 20000
#: The enumeration's time bound, in seconds.
BOUND_SECONDS = 10.0

#: Demand kinds in the order they are allocated: the most constrained first, generic last.
ORDER = ("W", "U", "B", "R", "G", "C", "snow", "generic")


# ------------------------------------------------------------------------------------------- values

@dataclass(frozen=True, order=True)
class Event:
    """Something a payment does to one permanent. ``early``: during 601.2g (activating mana abilities),
    before the cost is paid (601.2h). ``own``: the {T}/{Q} of an ability of that permanent (302.6)."""

    by: str                                  # "ability N", "convoke", "improvise", "the cost", ...
    early: bool
    tap: bool = False
    untap: bool = False
    sacrifice: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    own: bool = False
    to_hand: bool = False                    # returned to its owner's hand to pay the cost (it leaves, as a sacrifice)
    damage: int = 0                          # the ability's source deals this much damage to the payer (120.3a)
    once: bool = False                       # its ability may be activated only once each turn (602.5b)

    def words(self) -> str:
        did = [w for w, on in (("tapped", self.tap), ("untapped", self.untap), ("sacrificed", self.sacrifice),
                               ("returned to its owner's hand", self.to_hand)) if on]
        did += [f"{n} {k} counter(s) removed" if n > 0 else f"{-n} {k} counter(s) put on it" for k, n in self.counters]
        did += [f"deals {self.damage} damage to its activator"] if self.damage else []
        return " and ".join(did) + f" ({self.by})"


@dataclass(frozen=True)
class Payment:
    """One distinct payment, at the level of groups of interchangeable permanents.

    ``ways``: (symbol, paid as, rules) in the cost's order; ``activations``: (use index, output, times),
    filters in the order they are activated; ``flows``: (from, consumer, demand kind, mana, amount), consumer
    0 being the cost and k the k-th filter activation; ``members``: for each group used, the events of each
    of its members that does something (a multiset, sorted); ``pool_spent``: (pool group, amount);
    ``leftover``: (type, source, amount) made and not spent, the source being ("own", group, use index) for
    mana an activated ability made, ("triggered", permanent id) for mana a triggered ability added."""

    ways: tuple[tuple[str, str, tuple[str, ...]], ...]
    life: int
    activations: tuple[tuple[int, tuple[tuple[str, int], ...], int], ...]
    flows: tuple[tuple[str, int, str, str, int], ...]
    members: tuple[tuple[int, tuple[tuple[Event, ...], ...]], ...]
    discard: int = 0
    exile: int = 0
    pool_spent: tuple[tuple[int, int], ...] = ()
    leftover: tuple[tuple[str, tuple, int], ...] = ()
    exile_from_hand: int = 0     # cards an "Exile ... from your hand" part exiles (``problem.exilable_from_hand``)

    def to_json(self, pr: PaymentProblem) -> dict:
        """The payment in the JSON witness of ``ask --all``."""
        out: dict = {"symbols": [{"symbol": s, "as": w} for s, w, _ in self.ways], "life": self.life}
        damage = sum(e.damage for _, sets in self.members for evs in sets for e in evs)
        if damage:
            out["damage"] = damage
        out["activate"] = [{"source": pr.groups[pr.uses[u].group].label, "ability": pr.uses[u].ms.ability_index,
                            "adds": mana_string(dict(o)) if o else "one mana", "times": n}
                           for u, o, n in self.activations]
        out["with"] = [{"from": f, "for": kind if c == 0 else f"{kind} (filter {c})", "mana": m, "amount": n}
                       for f, c, kind, m, n in self.flows]
        out["permanents"] = [{"group": pr.groups[g].label, "each": [[e.words() for e in evs] for evs in sets]}
                             for g, sets in self.members]
        if self.discard:
            out["discard"] = self.discard
        if self.exile:
            out["exile_from_graveyard"] = self.exile
        if self.exile_from_hand:
            out["exile_from_hand"] = self.exile_from_hand
        if self.leftover:
            out["left_in_pool"] = mana_string(Counter({t: n for t, _, n in self.leftover}))
        return out


# ------------------------------------------------------------------------------------------- cells

@dataclass
class _Cell:
    """A supply of units: pool mana, the activations of a simple mana ability that each add one mana
    (``unit``), the activations already chosen of another ability (``act``, a filter's included), or a
    non-mana way (convoke, improvise, delve)."""

    kind: str                       # pool | unit | act | convoke | improvise | delve
    label: str
    source: Source
    supply: dict[str, int]          # type ("*": a non-mana way; a unit cell: its types, count unbounded) -> units
    group: int | None = None
    use: AbilityUse | None = None
    ref: int = -1                   # pool group index; use index; activation index
    consumer: int | None = None     # a filter activation: the consumer it is (its mana can't pay itself)
    act: int = -1                   # the chosen activation(s) whose mana it is (``act`` cells)
    origin: tuple = ()              # ("own", group, use index) or ("triggered", source id): the mana's source
    drawn: Counter = field(default_factory=Counter)
    types_for: dict = field(default_factory=dict)

    def flow_type(self, kind: str, purpose: Purpose, spend_as) -> str:
        """The types of mana a unit cell's activations could spend on ``kind``: "G", or "W/U/B/R/G"."""
        key = (kind, purpose)
        if key not in self.types_for:
            self.types_for[key] = "/".join(t for t in TYPES if t in self.supply
                                           and blocked(self.source, t, kind, purpose, spend_as) is None)
        return self.types_for[key]


@dataclass
class _Consumer:
    purpose: Purpose
    demand: Counter
    position: int                   # order of activation; the cost itself is last


@dataclass
class _Activation:
    """Chosen activations of one ability with one output (filters: one activation each)."""

    use_index: int
    use: AbilityUse
    output_index: int
    times: int
    demand: Counter = field(default_factory=Counter)   # a filter's own cost
    ways: tuple = ()
    life: int = 0
    targets: tuple[int, ...] = ()                      # groups that give a permanent to its sacrifice / tap cost


def _compositions(total: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Ways to write ``total`` as a sum of parts, each at most its cap."""
    if not caps:
        if total == 0:
            yield ()
        return
    rest = sum(caps[1:])
    for a in range(min(caps[0], total), max(0, total - rest) - 1, -1):
        for tail in _compositions(total - a, caps[1:]):
            yield (a,) + tail


def _way_variants(symbols: tuple[Symbol, ...], x: int) -> Iterator[tuple[list[Way], Counter, int]]:
    """Every way to pay the symbols, identical symbols choosing as a multiset: (the way of each symbol in
    order, the demand, the life)."""
    classes: dict[Symbol, list[int]] = {}
    for i, s in enumerate(symbols):
        classes.setdefault(s, []).append(i)
    per_class = []
    for s, idx in classes.items():
        ways = ways_to_pay(s, x)
        per_class.append([(idx, [ways[w] for w in combo]) for combo in combinations_with_replacement(range(len(ways)), len(idx))])
    for choice in product(*per_class):
        chosen: list[Way | None] = [None] * len(symbols)
        demand: Counter = Counter()
        life = 0
        for idx, ws in choice:
            for i, w in zip(idx, ws):
                chosen[i] = w
                for k, n in w.demand:
                    demand[k] += n
                life += w.life
        yield chosen, demand, life  # type: ignore[misc]


# ------------------------------------------------------------------------------------------- search

class _Enumerator:
    def __init__(self, pr: PaymentProblem, bound_seconds: float, limit: int) -> None:
        self.pr = pr
        self.deadline = time.monotonic() + bound_seconds
        self.bound_seconds = bound_seconds
        self.limit = limit
        self.found: dict[tuple, Payment] = {}
        self.q_refused = False
        self.blocks_memo: dict[tuple, list] = {}
        self.symbol_words = [str(s) for s in pr.cost.symbols]
        self._needs = {id(u): self._use_needs(u) for u in pr.uses}
        self._events = {id(u): self._use_event(u) for u in pr.uses}
        self.filters = [i for i, u in enumerate(pr.uses) if not u.simple]
        self.units = [i for i, u in enumerate(pr.uses) if u.simple and self._is_unit(u)]
        self.multis = [i for i, u in enumerate(pr.uses) if u.simple and not self._is_unit(u)]

    @staticmethod
    def _is_unit(u: AbilityUse) -> bool:
        return (all(sum(o.values()) == 1 for o in u.outputs) and not u.triggered_sources and u.sacrifice is None
                and u.tap_other is None)

    def check(self) -> None:
        deadline.check("listing every payment")
        if time.monotonic() > self.deadline:
            raise SearchBound(f"listing every payment reached its bound of {self.bound_seconds:g} s")

    # ---- budgets
    def budgets(self) -> dict:
        pr = self.pr
        b: dict = {"life": pr.life, "hand": len(pr.hand), "gy": len(pr.graveyard)}
        for gi, g in enumerate(pr.groups):
            b[("tap", gi)] = 0 if g.tapped else g.n
            b[("untap", gi)] = g.n if g.tapped else 0
            b[("sac", gi)] = g.n
            for k, n in g.counters:
                b[("ctr", gi, k)] = n * g.n
        for u in pr.uses:
            if u.once:
                b[("once", u.group, u.ms.ability_index)] = pr.groups[u.group].n    # 602.5b: once for each
        return b

    def use_needs(self, u: AbilityUse) -> dict:
        return self._needs[id(u)]

    def use_event(self, u: AbilityUse) -> Event | None:
        return self._events[id(u)]

    @staticmethod
    def _use_needs(u: AbilityUse) -> dict:
        """What one activation of the use consumes from the budgets."""
        need: Counter = Counter()
        if u.tap:
            need[("tap", u.group)] += 1
        if u.untap:
            need[("untap", u.group)] += 1
        if u.sac_self:
            need[("sac", u.group)] += 1
        if u.counters is not None:
            need[("ctr", u.group, u.counters[0])] += u.counters[1]
        if u.life:
            need["life"] += u.life
        if u.once:
            need[("once", u.group, u.ms.ability_index)] += 1
        return need

    def can_activate(self, u: AbilityUse) -> bool:
        g = self.pr.groups[u.group]
        return not ((u.tap or u.untap) and g.sick)   # 302.6

    @staticmethod
    def fits(budget: dict, need: dict, times: int = 1) -> int:
        """How many times ``need`` fits in the budget (at most ``times``)."""
        k = times
        for key, n in need.items():
            if n:
                k = min(k, budget.get(key, 0) // n)
        return max(0, k)

    @staticmethod
    def take(budget: dict, need: dict, times: int) -> None:
        for key, n in need.items():
            budget[key] = budget.get(key, 0) - n * times

    # ---- top level
    def run(self) -> list[Payment]:
        pr = self.pr
        for ways, demand, life in _way_variants(pr.cost.symbols, pr.cost.x):
            gen = demand.pop("generic", 0)
            others = sum(demand.values())
            gen = modified_generic(gen, others, pr.cost.modifiers)
            if gen:
                demand["generic"] = gen
            budget = self.budgets()
            budget["life"] -= life
            if budget["life"] < 0:
                continue
            for events, b2 in self.other_parts(budget):
                self.with_filters(ways, life, demand, events, b2)
        if self.q_refused:
            raise Unsupported("--all: a payment would untap a permanent with {Q} and tap it again; not enumerated yet")
        return list(self.found.values())

    def other_parts(self, budget: dict) -> Iterator[tuple[list, dict]]:
        """Every way to pay the cost's non-mana parts: events per group, and the budget left."""
        pr = self.pr
        parts = list(pr.cost.other)

        def rec(i: int, budget: dict, events: list) -> Iterator[tuple[list, dict]]:
            if i == len(parts):
                yield events, budget
                return
            part = parts[i]
            k = part.kind
            b = dict(budget)
            sg = pr.source_group
            key: tuple     # a budget's key: ("tap", group), ("ctr", group, counter kind), ...
            if k in ("tap", "untap", "sacrifice_self", "remove_counters"):
                if sg is None:
                    return
                if k == "tap":
                    ev, key = Event("its own {T}", False, tap=True, own=True), ("tap", sg)
                elif k == "untap":
                    ev, key = Event("its own {Q}", False, untap=True, own=True), ("untap", sg)
                elif k == "sacrifice_self":
                    ev, key = Event("the cost", False, sacrifice=True), ("sac", sg)
                else:
                    # "Remove X counters": the X chosen for the cost (107.3, 602.2b), as for -X.
                    n = pr.cost.x if part.n == X_COUNT else part.n
                    ev, key = Event("the cost", False, counters=((part.counter, n),)), ("ctr", sg, part.counter)
                n = (pr.cost.x if part.n == X_COUNT else part.n) if k == "remove_counters" else 1
                if b.get(key, 0) < n:
                    return
                b[key] -= n
                yield from rec(i + 1, b, events + [(sg, ev)])
            elif k == "loyalty":
                if sg is None:
                    return
                n = -pr.cost.x if part.counter == "X" else part.n      # -X: the X chosen for it (107.3)
                if n >= 0 and part.counter != "X":   # 606.4: +N puts N loyalty counters on it, needing nothing
                    yield from rec(i + 1, b, events + ([(sg, Event("the cost", False, counters=(("loyalty", -n),)))]
                                                       if n else []))
                    return
                key = ("ctr", sg, "loyalty")
                if b.get(key, 0) < -n:
                    return
                b[key] -= -n
                yield from rec(i + 1, b, events + [(sg, Event("the cost", False, counters=(("loyalty", -n),)))])
            elif k == "pay_life":
                b["life"] -= part.n
                if b["life"] >= 0:
                    yield from rec(i + 1, b, events)
            elif k == "discard":
                b["hand"] -= part.n
                if b["hand"] >= 0:
                    b["discard"] = b.get("discard", 0) + part.n
                    yield from rec(i + 1, b, events)
            elif k == "discard_self":
                # 702.29a: the card itself, from its owner's hand; the engine discards it with the cost's other cards
                card = pr.state.obj(pr.cost.source) if pr.cost.source and pr.state.has(pr.cost.source) else None
                if card is not None and card.zone == "hand" and card.owner == pr.player:
                    yield from rec(i + 1, b, events)
            elif k == "exile_self_from_graveyard":
                # 702.97a: the card itself, from its owner's graveyard; the engine exiles it with the cost's others
                card = pr.state.obj(pr.cost.source) if pr.cost.source and pr.state.has(pr.cost.source) else None
                if card is not None and card.zone == "graveyard" and card.owner == pr.player:
                    yield from rec(i + 1, b, events)
            elif k == "exile_from_graveyard":
                b["gy"] -= part.n
                if b["gy"] >= 0:
                    b["exile"] = b.get("exile", 0) + part.n
                    yield from rec(i + 1, b, events)
            elif k in ("sacrifice", "return_to_hand", "tap_untapped"):
                key_kind = "sac" if k != "tap_untapped" else "tap"   # a returned permanent leaves, as a sacrifice
                cands = [gi for gi, g in enumerate(pr.groups)
                         if part_fits(part, g.chars, pr.state.obj(g.ids[0]), pr.player, None)]
                caps = [b.get((key_kind, gi), 0) for gi in cands]
                for split in _compositions(part.n, caps):
                    b2 = dict(b)
                    evs = list(events)
                    for gi, n in zip(cands, split):
                        b2[(key_kind, gi)] -= n
                        evs += [(gi, Event("the cost", False, tap=k == "tap_untapped", sacrifice=k == "sacrifice",
                                           to_hand=k == "return_to_hand"))] * n
                    yield from rec(i + 1, b2, evs)
            elif k == "reveal_from_hand":
                # 118.3: only with enough cards of the quality in hand (Thunderherd Migration with no Dinosaur can't
                # take its reveal); the cards are shown, not used up
                if len(revealable(pr, part)) >= part.n:
                    yield from rec(i + 1, b, events)
            elif k == "exile_from_hand":
                # 118.3: only with enough cards of the quality in hand, not the spell cast (601.2a); the one part of
                # its cost using the hand (``problem._one_use_of_hand``), so which cards is the engine's choice
                if len(exilable_from_hand(pr, part)) >= part.n:
                    b2 = dict(b)
                    b2["exile_hand"] = b2.get("exile_hand", 0) + part.n
                    yield from rec(i + 1, b2, events)
            elif k == "put_counters":
                # "Put a -0/-1 counter on ~": on the source itself (a negative removal)
                if sg is None:
                    return
                yield from rec(i + 1, b, list(events) + [(sg, Event("the cost", False, counters=((part.counter, -part.n),)))])
            elif k == "put_counters_on":
                # counters put on one permanent the payer controls (a negative removal: ``Event.counters``)
                for gi, g in enumerate(pr.groups):
                    if part_fits(part, g.chars, pr.state.obj(g.ids[0]), pr.player, None):
                        yield from rec(i + 1, b, list(events) + [(gi, Event("the cost", False,
                                                                           counters=((part.counter, -part.n),)))])
            else:
                raise Unsupported(f"--all: the cost part {part.text()!r} is not enumerated")

        yield from rec(0, budget, [])

    # ---- filters, then other chosen activations, then the allocation
    def with_filters(self, ways, life, demand, events, budget) -> None:
        pr = self.pr
        options: list[list[tuple]] = []   # per filter use: the multisets of its activations
        for fi in self.filters:
            u = pr.uses[fi]
            if not self.can_activate(u):
                options.append([()])
                continue
            cap = pr.groups[u.group].n * u.max_uses if u.max_uses >= 0 else UNBOUNDED_USES
            kinds = [(oi, wv) for oi in range(len(u.outputs)) for wv in _way_variants(u.mana, 0)]
            opts: list[tuple[int, ...]] = [()]
            for n in range(1, cap + 1):
                opts += list(combinations_with_replacement(range(len(kinds)), n))
            options.append([tuple((fi, kinds[k]) for k in combo) for combo in opts])
        for combo in product(*options):
            self.check()
            acts = [a for group in combo for a in group]
            b = dict(budget)
            chosen: list[_Activation] = []
            ok = True
            for fi, (oi, (fways, fdemand, flife)) in acts:
                u = pr.uses[fi]
                need = self.use_needs(u)
                need["life"] = need.get("life", 0) + flife
                if self.fits(b, need) < 1:
                    ok = False
                    break
                self.take(b, need, 1)
                chosen.append(_Activation(fi, u, oi, 1, Counter(fdemand), tuple(fways), flife))
            if ok:
                self.with_multis(ways, life, demand, events, b, chosen)

    def with_multis(self, ways, life, demand, events, budget, filters: list[_Activation]) -> None:
        pr = self.pr
        units_needed = sum(demand.values()) + sum(sum(f.demand.values()) for f in filters)
        slots = []   # (use index, output index)
        for ui in self.multis:
            u = pr.uses[ui]
            if self.can_activate(u):
                slots += [(ui, oi) for oi in range(len(u.outputs))]

        def rec(i: int, budget: dict, acts: list[_Activation], spent: int) -> None:
            self.check()
            if i == len(slots):
                self.allocate(ways, life, demand, events, budget, filters, acts)
                return
            ui, oi = slots[i]
            u = pr.uses[ui]
            need = self.use_needs(u)
            top = min(units_needed - spent, self.fits(budget, need, units_needed) if need else units_needed)
            for n in range(0, top + 1):
                b = dict(budget)
                self.take(b, need, n)
                if n == 0:
                    rec(i + 1, b, acts, spent)
                    continue
                for targets, b2 in self.object_costs(u, n, b):
                    rec(i + 1, b2, acts + [_Activation(ui, u, oi, n, targets=targets)], spent + n)

        rec(0, budget, [], 0)

    def object_costs(self, u: AbilityUse, n: int, budget: dict) -> Iterator[tuple[tuple[int, ...], dict]]:
        """Which groups give the permanents that ``n`` activations sacrifice or tap for their costs."""
        pr = self.pr
        part = u.sacrifice or u.tap_other
        if part is None:
            yield (), budget
            return
        key_kind = "sac" if u.sacrifice is not None else "tap"
        src = pr.state.obj(u.ms.source)
        cands = [gi for gi, g in enumerate(pr.groups) if matches(part.what, g.chars, pr.state.obj(g.ids[0]), pr.player, src)]
        caps = [budget.get((key_kind, gi), 0) for gi in cands]
        for split in _compositions(n * part.n, caps):
            b = dict(budget)
            targets: list[int] = []
            for gi, k in zip(cands, split):
                b[(key_kind, gi)] -= k
                targets += [gi] * k
            yield tuple(targets), b

    def allocate(self, ways, life, demand, events, budget, filters: list[_Activation], acts: list[_Activation]) -> None:
        pr = self.pr
        cells: list[_Cell] = []
        for i, pg in enumerate(pr.pool):
            cells.append(_Cell("pool", pg.label, pg.as_source(), {pg.type: pg.count}, ref=i))
        for ui in self.units:
            u = pr.uses[ui]
            if self.can_activate(u):
                label = pr.groups[u.group].label
                cells.append(_Cell("unit", label, u.as_source(label), {t: 0 for o in u.outputs for t in o},
                                   group=u.group, use=u, ref=ui))
        for ai, a in enumerate(acts):
            cells += self.act_cells(a, ai, pr.groups[a.use.group].label)
        fcells = []
        for fi, f in enumerate(filters):
            fcells += self.act_cells(f, len(acts) + fi, f"filter {fi + 1}", consumer=fi + 1)
        cost = pr.cost
        if cost.convoke or cost.improvise:
            for gi, g in enumerate(pr.groups):
                if cost.convoke and g.is_creature:
                    cells.append(_Cell("convoke", f"{g.label} (convoke)", Source("convoke", colors=g.chars.colors), {"*": 0}, group=gi))
                if cost.improvise and g.is_artifact:
                    cells.append(_Cell("improvise", f"{g.label} (improvise)", Source("improvise"), {"*": 0}, group=gi))
        if cost.delve:
            cells.append(_Cell("delve", "cards exiled from the graveyard (delve)", Source("delve"), {"*": 0}))
        n_f = len(filters)
        orders = list(permutations(range(n_f))) if n_f > 1 else [tuple(range(n_f))]
        for order in orders:
            consumers = [_Consumer(cost.purpose, Counter(demand), n_f)]
            for fi, f in enumerate(filters):
                g = pr.groups[f.use.group]
                purpose = Purpose("mana_ability", frozenset(g.chars.types), frozenset(g.chars.subtypes),
                                  frozenset(g.chars.colors), label=f"activating {f.use.label}")
                consumers.append(_Consumer(purpose, Counter(f.demand), order.index(fi)))
            for c in cells + fcells:
                c.drawn = Counter()
            self.assign(ways, life, events, budget, filters, acts, cells + fcells, consumers)

    def act_cells(self, a: _Activation, act: int, label: str, consumer: int | None = None) -> list[_Cell]:
        """The mana of chosen activations: what the ability itself adds (its permanent is the source), and
        what triggered mana abilities add, one cell for each of their sources (106.3)."""
        u = a.use
        own = _Cell("act", label, u.as_source(label), {t: n * a.times for t, n in u.outputs[a.output_index].items()},
                    group=u.group, use=u, consumer=consumer, act=act, origin=("own", u.group, a.use_index))
        out = [own]
        for src, added in u.extras[a.output_index]:
            s = self.pr.extra_sources[src]
            out.append(_Cell("act", f"{label}: {s.label}" if consumer else s.label, s,
                             {t: n * a.times for t, n in added.items()}, group=u.group, use=u, consumer=consumer, act=act,
                             origin=("triggered", src)))
        return out

    def assign(self, ways, life, events, budget, filters, acts, cells: list[_Cell], consumers: list[_Consumer]) -> None:
        pr = self.pr
        tasks = [(ci, kind) for ci, c in enumerate(consumers) for kind in ORDER if c.demand.get(kind)]
        flows: dict[tuple[int, int, str, str], int] = {}
        b = dict(budget)

        def slots_for(ci: int, kind: str) -> list[tuple[int, str]]:
            c = consumers[ci]
            out = []
            for k, cell in enumerate(cells):
                if cell.consumer is not None and (cell.consumer == ci or consumers[cell.consumer].position >= c.position):
                    continue   # a filter's mana pays only what is paid after it is activated (601.2g)
                if cell.kind in ("convoke", "improvise", "delve"):
                    if ci == 0 and blocked(cell.source, "*", kind, c.purpose, pr.spend_as) is None:
                        out.append((k, "*"))
                elif cell.kind == "unit":
                    if any(blocked(cell.source, t, kind, c.purpose, pr.spend_as) is None for t in cell.supply):
                        out.append((k, ""))
                else:
                    out += [(k, t) for t in cell.supply if blocked(cell.source, t, kind, c.purpose, pr.spend_as) is None]
            return out

        def cap(cell: _Cell, t: str) -> int:
            if cell.kind == "unit":
                assert cell.use is not None     # a unit cell is made with its use
                return self.fits(b, self.use_needs(cell.use), 10 ** 9) if self.use_needs(cell.use) else 10 ** 9
            if cell.kind in ("convoke", "improvise"):
                return b.get(("tap", cell.group), 0)
            if cell.kind == "delve":
                return b["gy"]
            return cell.supply[t] - cell.drawn[t]

        def consume(cell: _Cell, t: str, n: int) -> None:
            cell.drawn[t] += n
            if not cell.drawn[t]:
                del cell.drawn[t]
            if cell.kind == "unit":
                assert cell.use is not None     # a unit cell is made with its use
                self.take(b, self.use_needs(cell.use), n)
            elif cell.kind in ("convoke", "improvise"):
                b[("tap", cell.group)] -= n
            elif cell.kind == "delve":
                b["gy"] -= n

        def rec(ti: int) -> None:
            self.check()
            if ti == len(tasks):
                self.finish(ways, life, events, b, filters, acts, cells, consumers, flows)
                return
            ci, kind = tasks[ti]
            need = consumers[ci].demand[kind]
            slots = slots_for(ci, kind)
            caps = [min(need, cap(cells[k], t)) for k, t in slots]
            for parts in _compositions(need, caps):
                for (k, t), n in zip(slots, parts):
                    if n:
                        consume(cells[k], t, n)
                        flows[(k, ci, kind, t)] = n
                # Each cell's cap was read from the budget alone; together they may overdraw what they share
                # (two groups of Mana Confluence paying 1 life each from 1 life: 119.4).
                if all(v >= 0 for v in b.values()):
                    rec(ti + 1)
                for (k, t), n in zip(slots, parts):
                    if n:
                        consume(cells[k], t, -n)
                        del flows[(k, ci, kind, t)]

        rec(0)

    def finish(self, ways, life, events, budget, filters, acts, cells, consumers, flows) -> None:
        pr = self.pr
        # Every activation chosen beforehand has some of its mana spent.
        spent: Counter = Counter()
        for cell in cells:
            if cell.kind == "act":
                spent[cell.act] += sum(cell.drawn.values())
        for act, a in enumerate(acts + filters):
            if spent[act] < a.times:
                return
        evs: list[tuple[int, Event]] = list(events)
        activations = []
        leftover = []
        life_total = life
        for cell in cells:
            if cell.kind == "unit" and cell.drawn:
                n = sum(cell.drawn.values())
                u = cell.use
                assert u is not None            # a unit cell is made with its use
                activations.append((cell.ref, (), n))
                ev = self.use_event(u)
                evs += [(u.group, ev)] * n if ev is not None else []
                life_total += u.life * n
        for a in acts:
            activations.append((a.use_index, tuple(sorted(a.use.totals[a.output_index].items())), a.times))
            ev = self.use_event(a.use)
            if ev is not None:
                evs += [(a.use.group, ev)] * a.times
            life_total += a.use.life * a.times
            part = a.use.sacrifice or a.use.tap_other
            for gi in a.targets:
                evs.append((gi, Event(f"the cost of ability {a.use.ms.ability_index} of {a.use.ms.source}", True,
                                      tap=a.use.tap_other is not None, sacrifice=a.use.sacrifice is not None)))
            del part
        for f in filters:
            activations.append((f.use_index, tuple(sorted(f.use.totals[f.output_index].items())), 1))
            ev = self.use_event(f.use)
            if ev is not None:
                evs.append((f.use.group, ev))
            life_total += f.use.life + f.life
        for cell in cells:
            if cell.kind == "act":
                for t, n in cell.supply.items():
                    if n - cell.drawn[t] > 0:
                        leftover.append((t, cell.origin, n - cell.drawn[t]))
            elif cell.kind in ("convoke", "improvise") and cell.drawn:
                evs += [(cell.group, Event(cell.kind, False, tap=True))] * sum(cell.drawn.values())
        other_life = sum(p.n for p in pr.cost.other if p.kind == "pay_life")
        life_total += other_life
        damage = sum(e.damage for _, e in evs)
        if damage and life + other_life > 0 and life_total + damage > pr.life:
            # 601.2g-h, 605.3b: the mana abilities' damage is dealt before the cost's own life is paid (119.4)
            return
        delve = sum(c.drawn["*"] for c in cells if c.kind == "delve")
        by_group: dict[int, list[Event]] = {}
        for gi, e in evs:
            by_group.setdefault(gi, []).append(e)
        members = []
        for gi in sorted(by_group):
            bkey = (gi, tuple(sorted(by_group[gi])))
            if bkey not in self.blocks_memo:
                self.blocks_memo[bkey] = self.group_blocks(pr.groups[gi], list(bkey[1]))
            blocks = self.blocks_memo[bkey]
            if not blocks:
                return
            members.append((gi, blocks))
        rows: list[tuple[str, int, str, str, int]] = []
        for (k, ci, kind, t), n in sorted(flows.items()):
            cell = cells[k]
            mana = cell.flow_type(kind, consumers[ci].purpose, pr.spend_as) if cell.kind == "unit" else (t if t != "*" else cell.kind)
            rows.append((cell.label, ci, kind, mana, n))
        flow_rows = _canonical_filters(rows, filters)
        pool_spent = tuple((c.ref, sum(c.drawn.values())) for c in cells if c.kind == "pool" and c.drawn)
        base = (tuple((s, w.words, w.rules) for s, w in zip(self.symbol_words, ways)), life_total,
                tuple(activations), flow_rows, budget.get("discard", 0), budget.get("exile", 0) + delve,
                pool_spent, tuple(sorted(leftover)), budget.get("exile_hand", 0))
        for choice in product(*[blocks for _, blocks in members]):
            key = base + (tuple(zip([gi for gi, _ in members], choice)),)
            if key in self.found:
                continue
            if len(self.found) >= self.limit:
                raise SearchBound(f"more than {self.limit} distinct payments: the listing reached its bound")
            self.found[key] = Payment(base[0], life_total, base[2], base[3], key[-1], base[4], base[5], pool_spent,
                                      base[7], base[8])

    @staticmethod
    def _use_event(u: AbilityUse) -> Event | None:
        """What one activation of a mana ability does to its own permanent (None: nothing)."""
        if not (u.tap or u.untap or u.sac_self or u.counters or u.damage or u.once or u.puts):
            return None
        counters = ((u.counters,) if u.counters else ()) + (((u.puts[0], -u.puts[1]),) if u.puts else ())
        return Event(f"ability {u.ms.ability_index}", True, tap=u.tap, untap=u.untap, sacrifice=u.sac_self,
                     counters=counters, own=u.tap or u.untap, damage=u.damage, once=u.once)

    # ---- members
    def group_blocks(self, g: PermGroup, events: list[Event]) -> list[tuple[tuple[Event, ...], ...]]:
        """Every way to share the group's events among its members (as multisets of event sets, since the
        members are interchangeable), each member's events possible together."""
        out: set[tuple[tuple[Event, ...], ...]] = set()

        def rec(i: int, blocks: list[tuple[Event, ...]]) -> None:
            if i == len(events):
                out.add(tuple(sorted(blocks)))
                return
            e = events[i]
            seen = set()
            for bi, blk in enumerate(blocks):
                if blk in seen:
                    continue
                seen.add(blk)
                new = tuple(sorted(blk + (e,)))
                if self.member_ok(g, new):
                    rec(i + 1, blocks[:bi] + [new] + blocks[bi + 1:])
            if len(blocks) < g.n and self.member_ok(g, (e,)):
                rec(i + 1, blocks + [(e,)])

        rec(0, [])
        return sorted(out)

    def member_ok(self, g: PermGroup, evs: tuple[Event, ...]) -> bool:
        """Can one permanent of the group undergo all these events in one payment?"""
        taps = sum(e.tap for e in evs)
        untaps = sum(e.untap for e in evs)
        if untaps and taps:
            self.q_refused = True
            return False
        if taps > (0 if g.tapped else 1) or untaps > (1 if g.tapped else 0):
            return False                    # 118.3: one tap; a tapped permanent can't be tapped
        if sum(e.sacrifice or e.to_hand for e in evs) > 1:
            return False                    # a permanent is sacrificed (or returned to a hand) once
        if g.sick and any(e.own for e in evs):
            return False                    # 302.6
        once = [e.by for e in evs if e.once]
        if len(once) != len(set(once)):
            return False                    # 602.5b: an ability activated only once each turn
        early_sac = any(e.sacrifice and e.early for e in evs)
        if early_sac and any(not e.early for e in evs):
            return False                    # sacrificed during 601.2g: gone before 601.2h
        removed: Counter = Counter()
        for e in evs:
            for k, n in e.counters:
                removed[k] += n
        return all(n <= g.counter(k) for k, n in removed.items())


def _canonical_filters(rows: list[tuple[str, int, str, str, int]],
                       filters: list[_Activation]) -> tuple[tuple[str, int, str, str, int], ...]:
    """Identical filter activations are interchangeable: of the flows under every renumbering of them, the
    least, so that one payment is listed once."""
    kinds: dict[tuple, list[int]] = {}
    for fi, f in enumerate(filters):
        kinds.setdefault((f.use_index, f.output_index, f.ways), []).append(fi + 1)
    classes = [ids for ids in kinds.values() if len(ids) > 1]
    if not classes:
        return tuple(sorted(rows))
    best = None
    for perms in product(*[list(permutations(ids)) for ids in classes]):
        rename = {old: new for ids, perm in zip(classes, perms) for old, new in zip(ids, perm)}
        out = tuple(sorted((f"filter {rename[int(lab[7:])]}" if lab.startswith("filter ") and int(lab[7:]) in rename else lab,
                            rename.get(ci, ci), kind, m, n) for lab, ci, kind, m, n in rows))
        best = out if best is None or out < best else best
    assert best is not None     # the identity renumbering is among the products
    return best


def colors_spent(payment: Payment) -> frozenset[int]:
    """Every number of colors of mana the payment may spend on the cost itself (702.44a, and converge's "for each
    color of mana spent to cast it"): the mana that flows to the cost (consumer 0), not that spent on a filter's own
    cost nor left in the pool. Colorless mana is no color (106.1a-b); tapping a creature for convoke or an
    artifact for improvise, or exiling a card for delve, spends no mana (702.51a, 702.126a, 702.66a). Mana of one
    type is that color; an activation of a simple mana ability that adds one mana of one of several types, each
    unit its own choice (605.3b), makes the number a choice the payer makes with the payment (601.2g-h):
    each number reachable is one element."""
    reach: set[frozenset[str]] = {frozenset(m for _, ci, _, m, n in payment.flows if ci == 0 and n and m in COLORS)}
    for _, ci, _, m, n in payment.flows:
        if ci != 0 or not n or "/" not in m:
            continue
        types = m.split("/")
        # the colors n units of these types may be: any nonempty choice of at most n of the types (colorless
        # among them adding no color)
        picks = {frozenset(t for t in pick if t in COLORS)
                 for k in range(1, min(n, len(types)) + 1) for pick in combinations(types, k)}
        reach = {r | p for r in reach for p in picks}
    return frozenset(len(r) for r in reach)


def all_payments(pr: PaymentProblem, bound_seconds: float = BOUND_SECONDS, limit: int = MAX_PAYMENTS) -> list[Payment]:
    """Every distinct payment of the problem's cost (module docstring); raises SearchBound past the bound."""
    return _Enumerator(pr, bound_seconds, limit).run()


def member_choices(pr: PaymentProblem, payment: Payment) -> list[dict[str, tuple[Event, ...]]]:
    """Every distinct assignment of the payment's events to the permanents themselves. Members whose ids
    the question did not give (they start with "_") are interchangeable, so they are assigned once: the
    named members take each distinct arrangement of the group's event sets, the anonymous ones the rest in
    one order."""
    per_group = []
    for gi, blocks in payment.members:
        g = pr.groups[gi]
        named = sorted(i for i in g.ids if not i.startswith("_"))
        anonymous = [i for i in g.ids if i.startswith("_")]
        filled = Counter(list(blocks) + [()] * (g.n - len(blocks)))
        options = []
        for picked, rest in _arrangements(filled, len(named)):
            options.append(tuple(sorted(zip(named, picked))) + tuple(zip(anonymous, sorted(rest.elements()))))
        per_group.append(sorted(options))
    out = []
    for combo in deadline.checked(product(*per_group), "assigning a payment to permanents"):
        out.append({i: evs for part in combo for i, evs in part if evs})
    return out


def _arrangements(items: Counter, k: int) -> Iterator[tuple[tuple, Counter]]:
    """Each distinct sequence of ``k`` items drawn from the multiset ``items``, with what is left of it
    (each once, however many equal items there are: 11 identical Forests are one arrangement, not 11!)."""
    if k == 0:
        yield (), items
        return
    for item in sorted(items):
        deadline.check("assigning a payment to permanents")
        rest = items.copy()
        rest[item] -= 1
        if not rest[item]:
            del rest[item]
        for tail, left in _arrangements(rest, k - 1):
            yield (item,) + tail, left
