"""Every distinct payment of a cost (``mtgjudge ask --all``), by a custom enumeration.

Symmetry is pruned before enumerating: interchangeable permanents are one group (model.payment), identical
symbols of the cost choose their ways as a multiset, and a payment is the group-level matrix "how many units
of each kind of demand each resource pays". Two untapped Forests paying {G}{G} is one payment, not two.

Supported shapes: pool mana, mana abilities whose activations add exactly one mana and have no mana in
their cost (lands, Birds, Treasures, Mana Confluence), convoke, improvise, delve, cost modifiers and
Phyrexian life. Filters, multi-mana outputs and non-mana additional costs are `unsupported` here (the
decision and its single plan still come from the z3 model).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from typing import Iterator

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import Symbol
from mtgjudge.model.payment.problem import PaymentProblem

#: Refuse to list more payments than this (the answer would not be readable anyway).
MAX_PAYMENTS = 20000


@dataclass
class Bin:
    """One resource at group level: how many units it can give, to which demand kinds, sharing which
    capacity (a creature's mana ability and its convoke share its members)."""

    label: str
    how: str                     # mana | convoke | improvise | delve | pool
    kinds: frozenset[str]
    cap_key: str
    life_per_unit: int = 0


def _ways(s: Symbol, x: int) -> list[tuple[tuple[tuple[str, int], ...], int, str]]:
    """The ways to pay one symbol: (demand kinds with counts, life, words)."""
    k = s.kind
    if k == "generic":
        return [((("generic", s.amount),), 0, str(s))] if s.amount else [((), 0, str(s))]
    if k == "x":
        return [((("generic", x),), 0, "{%d}" % x)] if x else [((), 0, "{0}")]
    if k == "colored":
        return [(((s.colors, 1),), 0, str(s))]
    if k == "colorless":
        return [((("C", 1),), 0, str(s))]
    if k == "snow":
        return [((("snow", 1),), 0, str(s))]
    if k == "hybrid":
        return [(((c, 1),), 0, "{%s}" % c) for c in s.colors]
    if k == "mono_hybrid":
        return [(((s.colors, 1),), 0, "{%s}" % s.colors), ((("generic", 2),), 0, "{2}")]
    if k == "phyrexian":
        return [(((s.colors, 1),), 0, "{%s}" % s.colors), ((), 2, "2 life")]
    if k == "hybrid_phyrexian":
        return [(((c, 1),), 0, "{%s}" % c) for c in s.colors] + [((), 2, "2 life")]
    raise Unsupported(f"--all: the symbol {s} is not enumerated")


def _bins(pr: PaymentProblem, enc_compat) -> tuple[list[Bin], dict[str, int]]:
    caps: dict[str, int] = {}
    bins: list[Bin] = []
    for g in pr.pool:
        key = f"pool:{g.type}:{g.source}"
        caps[key] = g.count
        bins.append(Bin(g.label, "pool", enc_compat(("pool", g), g.type), key))
    for u in pr.uses:
        g = pr.groups[u.group]
        if not u.simple or u.sacrifice is not None or u.tap_other is not None or u.counters is not None:
            raise Unsupported(f"--all: payments using {u.label} (mana in its cost, or another permanent or counters "
                              "as its cost) are not enumerated yet")
        if any(sum(o.values()) != 1 for o in u.outputs):
            raise Unsupported(f"--all: {u.label} adds more than one mana at once; such payments are not enumerated yet")
        if u.max_uses != 1:
            raise Unsupported(f"--all: {u.label} can be activated more than once; not enumerated yet")
        usable = g.n if not ((u.tap and (g.tapped or g.sick))) else 0
        key = f"group:{u.group}"
        caps[key] = min(caps.get(key, g.n), g.n) if key in caps else g.n
        if usable == 0:
            continue
        kinds = frozenset().union(*(enc_compat(("use", u), t) for o in u.outputs for t in o))
        bins.append(Bin(g.label, "mana", kinds, key, u.life))
    for gi, g in enumerate(pr.groups):
        key = f"group:{gi}"
        if g.tapped:
            continue
        if pr.cost.convoke and g.is_creature:
            caps.setdefault(key, g.n)
            bins.append(Bin(g.label, "convoke", frozenset({"generic"} | set(g.chars.colors)), key))
        if pr.cost.improvise and g.is_artifact:
            caps.setdefault(key, g.n)
            bins.append(Bin(g.label, "improvise", frozenset({"generic"}), key))
    if pr.cost.delve and pr.graveyard:
        caps["graveyard"] = pr.graveyard
        bins.append(Bin("graveyard", "delve", frozenset({"generic"}), "graveyard"))
    if pr.cost.other:
        raise Unsupported("--all: payments with additional non-mana costs are not enumerated yet")
    return bins, caps


def _compositions(total: int, slots: list[int], caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Ways to write ``total`` as a sum over ``slots`` with each part at most its cap."""
    if not slots:
        if total == 0:
            yield ()
        return
    first_cap = min(caps[0], total)
    rest_cap = sum(caps[1:])
    for a in range(max(0, total - rest_cap), first_cap + 1):
        for tail in _compositions(total - a, slots[1:], caps[1:]):
            yield (a,) + tail


def all_payments(pr: PaymentProblem) -> list[dict]:
    """Every distinct payment of the problem's cost, interchangeable resources counted once."""
    from mtgjudge.model.payment.decide import Encoding, Supply  # noqa: F401  (compat rules live there)
    from mtgjudge.model.solve.tracked import TrackedSolver

    enc = Encoding(pr, TrackedSolver(), explain=False)
    consumer = type("C", (), {"purpose": pr.cost.purpose})()

    def compat(ref, t: str) -> frozenset[str]:
        kind, obj = ref
        if kind == "pool":
            s = Supply(obj.label, "mana", {}, 0, obj.snow, obj.restriction, obj.chosen_type)
        else:
            s = Supply("", "mana", {}, 0, pr.groups[obj.group].snow, obj.restriction, obj.chosen_type)
        return frozenset(k for k in ("W", "U", "B", "R", "G", "C", "generic", "snow") if enc.compat(s, t, consumer, k, 0) is None)

    bins, caps = _bins(pr, compat)
    # Ways for each class of identical symbols, as multisets.
    classes = Counter(pr.cost.symbols)
    per_class = []
    for sym, k in classes.items():
        ways = _ways(sym, pr.cost.x)
        per_class.append([(sym, combo) for combo in combinations_with_replacement(range(len(ways)), k)])
    out: list[dict] = []
    for choice in product(*per_class) if per_class else [()]:
        demand: Counter = Counter()
        life = 0
        words = []
        for sym, combo in choice:
            ways = _ways(sym, pr.cost.x)
            for wi in combo:
                kinds, lf, word = ways[wi]
                for kd, n in kinds:
                    demand[kd] += n
                life += lf
                words.append({"symbol": str(sym), "as": word})
        demand = _modified(pr, demand)
        if life > pr.life:
            continue
        for matrix in _assign(demand, bins, caps, pr.life - life):
            used_life = sum(bins[bi].life_per_unit * n for (bi, kd), n in matrix.items())
            out.append({"symbols": words, "life": life + used_life,
                        "with": [{"from": bins[bi].label, "by": bins[bi].how, "for": kd, "amount": n}
                                 for (bi, kd), n in sorted(matrix.items()) if n]})
            if len(out) > MAX_PAYMENTS:
                raise Unsupported(f"--all: more than {MAX_PAYMENTS} distinct payments; the listing reached its bound")
    return out


def _modified(pr: PaymentProblem, demand: Counter) -> Counter:
    """601.2f on a chosen demand: increases, reductions (generic only), minimums."""
    gen = demand.get("generic", 0)
    for m in pr.cost.modifiers:
        if m.kind == "increase":
            gen += m.amount
    for m in pr.cost.modifiers:
        if m.kind == "reduction":
            gen -= m.amount
    gen = max(0, gen)
    other = sum(n for k, n in demand.items() if k != "generic")
    for m in pr.cost.modifiers:
        if m.kind == "minimum" and gen + other < m.amount:
            gen = m.amount - other
    d = Counter({k: n for k, n in demand.items() if k != "generic" and n})
    if gen:
        d["generic"] = gen
    return d


def _assign(demand: Counter, bins: list[Bin], caps: dict[str, int], life_left: int) -> Iterator[dict]:
    """Every matrix (bin, kind) -> units meeting the demand within the shared capacities and life."""
    kinds = [k for k in ("W", "U", "B", "R", "G", "C", "snow", "generic") if demand.get(k)]

    def rec(i: int, left: dict[str, int], life: int, acc: dict) -> Iterator[dict]:
        if i == len(kinds):
            yield dict(acc)
            return
        kd = kinds[i]
        slots = [bi for bi, b in enumerate(bins) if kd in b.kinds]
        limits = [left[bins[bi].cap_key] if not bins[bi].life_per_unit else
                  min(left[bins[bi].cap_key], life // bins[bi].life_per_unit) for bi in slots]
        for parts in _compositions(demand[kd], slots, limits):
            left2 = dict(left)
            ok = True
            life2 = life
            for bi, n in zip(slots, parts):
                left2[bins[bi].cap_key] -= n
                life2 -= bins[bi].life_per_unit * n
                if left2[bins[bi].cap_key] < 0 or life2 < 0:
                    ok = False
                    break
            if not ok:
                continue
            for bi, n in zip(slots, parts):
                if n:
                    acc[(bi, kd)] = n
            yield from rec(i + 1, left2, life2, acc)
            for bi, n in zip(slots, parts):
                acc.pop((bi, kd), None)

    yield from rec(0, dict(caps), life_left, {})
