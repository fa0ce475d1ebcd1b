"""Benchmark of payment (run by hand: ``.venv/bin/python bench/bench_payment.py``).

1. 60 mana sources (10 filters with mana costs, 5 with spending restrictions) and a 20-symbol cost with
   hybrid, Phyrexian and X: decide and produce a plan (and a "no" with its minimal reasons).
2. Count every distinct payment of a smaller case (``--all``).
3. The naive reference (tests/test_payment.py: every assignment of sources to symbols) against the
   solver on growing boards, up to the largest the naive search finishes within its budget.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from mtgjudge.model.rules.costs import TotalCost  # noqa: E402
from mtgjudge.model.mana import parse_cost  # noqa: E402
from mtgjudge.model.payment.problem import build_problem  # noqa: E402
from mtgjudge.queries.kinds import can_pay  # noqa: E402
from mtgjudge.model.errors import Unsupported  # noqa: E402
from mtgjudge.model.explain import Answer  # noqa: E402
from mtgjudge.queries.format.files import load_text  # noqa: E402

BIG_BOARD = (["Mystic Gate"] * 4 + ["Sunken Ruins"] * 3 + ["Castle Sengir"] * 3          # 10 filters
             + ["Pillar of the Paruns"] * 3 + ["Eldrazi Temple"] * 2                       # 5 restricted
             + ["Forest"] * 8 + ["Island"] * 8 + ["Plains"] * 6 + ["Swamp"] * 6 + ["Mountain"] * 5
             + ["Birds of Paradise"] * 4 + ["Wastes"] * 4 + ["Snow-Covered Forest"] * 4)   # 45 more
BIG_COST = "{X}{2/W}{2/U}{W/U}{U/B}{B/P}{G/P}{G/W/P}{W}{U}{B}{R}{G}{C}{S}{1}{W/U}{2/R}{R/G}{B/R}"


def question(cost: str, board: list[str], life: int = 20, x: int = 0):
    bf = ", ".join(f'"{b}"' for b in board)
    text = (f'id: bench\nask: can-pay\ncost: "{cost}"\nx: {x}\nstate:\n  players:\n    Alice:\n      life: {life}\n'
            f"      battlefield: [{bf}]\n")
    (q,) = load_text(text)
    return q


def _answer(q):
    """The kind's answer, or the unsupported answer the runner would give."""
    try:
        return can_pay.answer(q)
    except Unsupported as e:
        return Answer(unsupported=str(e))


def timed(fn, repeat: int = 3):
    best = None
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return best, out


def main() -> None:
    assert len(BIG_BOARD) == 60 and len(parse_cost(BIG_COST)) == 20
    import z3  # noqa: F401  (load once, outside the timings)

    q = question(BIG_COST, BIG_BOARD, life=20, x=5)
    dt, a = timed(lambda: can_pay.answer(q))
    print(f"1a. 60 sources, 20 symbols (X=5), decide + plan: {a.value}, {dt * 1000:.0f} ms "
          f"({len(a.witness['activate'])} activations in the plan)")
    q2 = question(BIG_COST + "{C}" * 16, BIG_BOARD, life=20, x=5)
    dt, a2 = timed(lambda: can_pay.answer(q2))
    print(f"1b. same board, 36 symbols with seventeen {{C}} (no): {a2.value}, {dt * 1000:.0f} ms including the minimal core "
          f"({len(a2.why)} reasons: {', '.join(r for s in a2.why for r in s.rules)})")
    for x in (41, 42, 45):
        q3 = question(BIG_COST, BIG_BOARD, life=20, x=x)
        dt, a3 = timed(lambda: _answer(q3), repeat=1)
        print(f"1c. same board, X={x}: {a3.value if not a3.is_unsupported else 'unsupported: ' + a3.unsupported}, {dt * 1000:.0f} ms")

    from mtgjudge.model.payment.enumeration import all_payments
    small_board = ["Forest"] * 3 + ["Island"] * 3 + ["Plains"] * 2 + ["Birds of Paradise"] * 2 + ["Wastes"] * 2
    small_cost = "{2}{G/W}{G/W}{U/P}{2/G}{C}"
    qs = question(small_cost, small_board, life=4)
    pr = build_problem(qs.state, "Alice", TotalCost(parse_cost(small_cost)))
    dt, plans = timed(lambda: all_payments(pr), repeat=1)
    print(f"2.  all distinct payments of {small_cost} with 12 sources (5 groups), life 4: {len(plans)} in {dt * 1000:.0f} ms")

    from test_payment import naive_can_pay
    cost = "{1}{G}{W/U}{2/G}{G/P}"
    budget = 20.0
    print(f"3.  naive reference vs solver, cost {cost}, life 1, growing boards:")
    mix = ["Forest", "Island", "Plains", "Wastes", "Birds of Paradise", "Mountain", "Snow-Covered Forest", "Swamp", "Island", "Forest"]
    for n in range(3, len(mix) + 1):
        board = mix[:n]
        t = time.perf_counter()
        want = naive_can_pay(cost, board, 1, 0)
        tn = time.perf_counter() - t
        ts, got = timed(lambda: can_pay.answer(question(cost, board, life=1)), repeat=1)
        assert got.value is want, (board, want, got.value)
        print(f"    {n:2d} sources: naive {tn * 1000:9.1f} ms, solver {ts * 1000:6.1f} ms, ratio {tn / ts:8.1f}  ({want})")
        if tn > budget:
            break


if __name__ == "__main__":
    main()
