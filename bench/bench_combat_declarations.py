"""Benchmark: the most requirements a declaration of blockers can obey (509.1c) on a board of ten attackers
(one enchanted with Lure, one with menace) and ten potential blockers, decided two ways: the model's
branch-and-bound search (``rules.combat.declare``) and python-constraint (each blocker a variable over the same
choices, menace a constraint, "at least k requirements obeyed" a constraint, k from the most possible down), and
the whole `mtgjudge ask` process on a can-block question about that board (median wall time, and by its parts in
new processes: importing the command, reading the question, answering it, with the choices its search considered).
Run by hand (python-constraint is the extra ``mtgjudge[bench]``): python bench/bench_combat_declarations.py [runs]

Target: the ask under 1 s as a whole process (median); the faster of the two searches is the model's.

Measured (2026-12-01, 2 shared cores, 5 runs): the model's search 0.6 ms (104 choices) on 10x10 with Lure on a
ground creature; python-constraint 0.4 ms with the model's value order, 26 ms (5x5), 514 ms (6x6) and 18.9 s
(7x7) in the natural order; with Lure on the flier (Serra Angel: only three blockers can obey it, so the most
is below the number of requirements) the model takes 0.8 ms (104 choices) and python-constraint, which must
refute every larger k, did not finish in 90 s.

The whole ask (2026-12-02, the 2 cores shared by up to 9 agents, 5 runs; three runs of the benchmark): median
2.15 s, 2.86 s and 3.02 s; the ask considered 104 choices in 1 search (10 blockers; the answer: no, the declaration
obeys 1 of the 10 requirements Lure makes, another obeys all 10). Over the target, and not because of the search:
by its parts, importing the command 2.04 s (median of 5 processes), reading the question 0.21 s, answering 10 ms.
``python -X importtime``: 211 of the package's modules take 2.0 s of the 2.4 s imported, none dominant (the largest
own times: vocab.phrases 77 ms, payment.decide 57 ms, payment.enumeration 52 ms, vocab.abilities 46 ms,
oracle.lines 44 ms, coverage.board 42 ms: the ask imports the coverage sweep's boards through ``cards_cmd``), lark
and yaml under 0.05 s, z3 not imported. cProfile of reading the question: 0.37 of its 0.45 s load the built-in
cards (``loader.built_in_entries``: 36 YAML files composed by ``safe_yaml``). Start-up is the time to cut.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ATTACKERS = ["Grizzly Bears"] * 4 + ["Hill Giant"] * 3 + ["Serra Angel", "Boggart Brute", "Craw Wurm"]
BLOCKERS = ["Grizzly Bears"] * 4 + ["Giant Spider"] * 2 + ["Hill Giant", "Norwood Archers", "Llanowar Elves",
                                                           "Craw Wurm"]


def board(ask_about: str = "b0", attacker: str = "a0", size: int = 10) -> str:
    """``size`` attackers (the first with Lure; Boggart Brute's menace among them from 9 on) and ``size`` blockers."""
    atk = ", ".join(f"{{card: {n}, id: a{i}, attacking: Bob}}" for i, n in enumerate(ATTACKERS[:size]))
    blk = ", ".join(f"{{card: {n}, id: b{i}}}" for i, n in enumerate(BLOCKERS[:size]))
    return f"""\
id: bench-ten-by-ten
ask: can-block
about: {ask_about}
attacker: {attacker}
state:
  turn: {{active: Alice, step: declare-attackers}}
  players:
    Alice:
      battlefield: [{atk}, {{card: Lure, attached_to: a0}}]
    Bob:
      battlefield: [{blk}]
"""


def constraint_search(state, ordered: bool) -> int:
    """The most requirements obeyed, by python-constraint; ``ordered``: each blocker's choices given in the
    model's order (the requirements they obey first: python-constraint tries a domain from its end), else in the
    natural one."""
    import constraint
    from mtgjudge.model.rules.combat import declare as d
    reqs = d.block_requirements(state)
    atk = d.attackers(state)
    order = d.potential_blockers(state)
    menaced = [a for a in atk if d._menace(d.creatures(state)[a]) is not None]
    for k in range(len(reqs), -1, -1):
        p = constraint.Problem()
        for b in order:
            dom = d._block_domain(state, b, atk)
            if ordered:
                dom.sort(key=lambda v, b=b: sum(1 for r in reqs if r.blocker == b and v and (not r.attacker or r.attacker in v)))
            p.addVariable(b, dom)
        for a in menaced:
            p.addConstraint(lambda *vs, a=a: sum(1 for v in vs if a in v) != 1, order)
        p.addConstraint(lambda *vs: sum(1 for r in reqs if r.obeyed(dict(zip(order, vs)))) >= k, order)
        if p.getSolution() is not None:
            return k
    return -1


def main(runs: int = 5) -> None:
    from mtgjudge.queries.api import loads
    from mtgjudge.model.rules.combat import declare as d
    q = loads(board())[0]
    state = q.state
    t_model, t_csp = [], []
    for _ in range(runs):
        state._cache.clear()
        t0 = time.perf_counter()
        ans = d.check_block(state, {"b0": ("a0",)})
        t_model.append(time.perf_counter() - t0)
    nodes = d.SEARCHED[-1]
    for _ in range(runs):
        state._cache.clear()
        t0 = time.perf_counter()
        best = constraint_search(state, ordered=True)
        t_csp.append(time.perf_counter() - t0)
    print(f"model search: median {statistics.median(t_model) * 1000:.1f} ms, {nodes} choices considered, answer {ans.value}, "
          f"requirements {ans.witness['requirements']}")
    print(f"python-constraint, choices in the model's order: median {statistics.median(t_csp) * 1000:.1f} ms, most "
          f"requirements {best}")
    flier = loads(board().replace("{card: Lure, attached_to: a0}", "{card: Lure, attached_to: a7}"))[0].state
    t0 = time.perf_counter()
    ans = d.check_block(flier, {})
    print(f"model search, Lure on the flier: {(time.perf_counter() - t0) * 1000:.1f} ms, {d.SEARCHED[-1]} choices, most "
          f"requirements {ans.witness['better' if ans.value is False else 'declaration'] and ans.witness['requirements']} "
          f"(python-constraint: see the docstring; it does not finish in 90 s)")
    for size in (3, 4, 5, 6):
        small = loads(board(size=size))[0].state
        t0 = time.perf_counter()
        d.check_block(small, {})
        tm = time.perf_counter() - t0
        t0 = time.perf_counter()
        constraint_search(small, ordered=False)
        print(f"  {size}x{size}: model {tm * 1000:.1f} ms ({d.SEARCHED[-1]} choices); python-constraint, natural order "
              f"{(time.perf_counter() - t0) * 1000:.1f} ms")
    ask_in_process(runs)
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "q.yaml"
        f.write_text(board())
        print(f"mtgjudge ask (whole process): median {whole_process(['ask', str(f)], runs):.2f} s over {runs} runs")
        print(f"  of which start-up (python -c 'import mtgjudge.queries.cli'): median "
              f"{whole_process(None, runs):.2f} s; python alone {whole_process([], runs, bare=True):.2f} s")


def whole_process(argv: list[str] | None, runs: int, bare: bool = False) -> float:
    """The median wall time of ``runs`` processes: ``mtgjudge <argv>``; with ``argv`` None, only importing the
    command; ``bare``: python doing nothing."""
    if bare:
        cmd = [sys.executable, "-c", "pass"]
    elif argv is None:
        cmd = [sys.executable, "-c", "import mtgjudge.queries.cli"]
    else:
        cmd = [sys.executable, "-m", "mtgjudge.queries.cli", *argv]
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def ask_phases() -> str:
    """The ask as the command runs it, in this (new) process, as JSON: the seconds importing the command, reading the
    question (the card lookup loads the built-in cards) and answering it (``runner.run_question``), the choices its
    search considered (every blocker's every block, branch-and-bound, ``declare.SEARCHED``) and the answer."""
    t0 = time.perf_counter()
    import mtgjudge.queries.cli  # noqa: F401  (what the command imports before it reads the question)
    from mtgjudge.model.rules.combat import declare as d
    from mtgjudge.queries.api import loads
    from mtgjudge.queries.runner import run_question
    t1 = time.perf_counter()
    q = loads(board())[0]
    t2 = time.perf_counter()
    before = len(d.SEARCHED)
    result = run_question(q)
    t3 = time.perf_counter()
    return json.dumps({"import": t1 - t0, "read": t2 - t1, "answer": t3 - t2, "searches": len(d.SEARCHED) - before,
                       "choices": sum(d.SEARCHED[before:]), "value": result.answer.value if result.answer else None})


def ask_in_process(runs: int) -> None:
    """Print the medians of ``ask_phases`` over ``runs`` new processes."""
    seen = [json.loads(subprocess.run([sys.executable, __file__, "--phases"], capture_output=True, text=True,
                                      check=True).stdout) for _ in range(runs)]
    med = {k: statistics.median(s[k] for s in seen) for k in ("import", "read", "answer")}
    print(f"the ask by its parts (median of {runs} processes): importing {med['import']:.2f} s, reading the question "
          f"{med['read'] * 1000:.0f} ms, answering {med['answer'] * 1000:.0f} ms; {seen[0]['searches']} search, "
          f"{seen[0]['choices']} choices considered, answer {seen[0]['value']}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--phases"]:
        print(ask_phases())
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
