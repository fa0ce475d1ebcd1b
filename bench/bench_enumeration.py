"""Benchmark: listing every distinct payment (``mtgjudge ask --all``, the engine's branches), and the choice of
enumerating without python-constraint. Run by hand:  python bench/bench_enumeration.py

1. The enumeration of every distinct payment on the payment benchmark's small board.
2. Its core, distributing a demand over capped resources, by the enumeration's own recursion and by
   python-constraint (``pip install python-constraint2`` to compare; the project does not depend on it).
"""
from __future__ import annotations

import time

from mtgjudge.model.mana import parse_cost
from mtgjudge.model.payment.enumeration import _compositions, all_payments
from mtgjudge.model.payment.problem import build_problem
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.queries.format.files import load_text


def payments_case() -> None:
    board = ["Forest"] * 3 + ["Island"] * 3 + ["Plains"] * 2 + ["Birds of Paradise"] * 2 + ["Wastes"] * 2
    cost = "{2}{G/W}{G/W}{U/P}{2/G}{C}"
    bf = ", ".join(f'"{b}"' for b in board)
    (q,) = load_text(f'id: b\nask: can-pay\ncost: "{cost}"\nstate:\n  players:\n    Alice:\n      life: 4\n'
                     f"      battlefield: [{bf}]\n")
    pr = build_problem(q.state, "Alice", TotalCost(parse_cost(cost)))
    best = None
    for _ in range(3):
        t = time.perf_counter()
        found = all_payments(pr)
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    print(f"1. every distinct payment of {cost} with 12 sources, life 4: {len(found)} in {best * 1000:.0f} ms")


def core_case() -> None:
    try:
        from constraint import ExactSumConstraint, Problem
    except ImportError:
        print("2. python-constraint is not installed: pip install python-constraint2 to compare")
        return
    for total, caps in ((6, [2] * 8), (10, [3] * 10), (12, [2] * 14)):
        t = time.perf_counter()
        n1 = sum(1 for _ in _compositions(total, caps))
        t1 = time.perf_counter() - t
        t = time.perf_counter()
        p = Problem()
        names = [f"v{i}" for i in range(len(caps))]
        for v, c in zip(names, caps):
            p.addVariable(v, list(range(c + 1)))
        p.addConstraint(ExactSumConstraint(total), names)
        n2 = len(p.getSolutions())
        t2 = time.perf_counter() - t
        assert n1 == n2
        print(f"2. demand {total} over {len(caps)} capped resources, {n1} ways: own recursion {t1 * 1000:.1f} ms, "
              f"python-constraint {t2 * 1000:.1f} ms")


if __name__ == "__main__":
    payments_case()
    core_case()
