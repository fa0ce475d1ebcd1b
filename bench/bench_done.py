"""Benchmark (run by hand): every row of issue 12's "Done when", each as whole ``mtgjudge ask --json``
processes, repeated (median wall and CPU seconds of N runs, the largest peak RSS of them).

    .venv/bin/python bench/bench_done.py            # the five scaling targets and the four-player table, N=5
    .venv/bin/python bench/bench_done.py --repeat 3 --no-table
"""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scaling import ROWS, question, run  # noqa: E402
import bench_table  # noqa: E402

#: The targets: (row of bench_scaling, k), each under 1 s and 300 MB.
TARGETS = [("reflection", 24), ("yavimaya", 60), ("can-pay", 400), ("options-sources", 12),
           ("options-reflection", 30)]


def measure(text: str, n: int) -> dict:
    rs = [run(text, 60) for _ in range(n)]
    return {"seconds": statistics.median(r["seconds"] for r in rs), "cpu": statistics.median(r["cpu"] for r in rs),
            "max_s": max(r["seconds"] for r in rs), "mb": max(r["mb"] for r in rs), "status": rs[0]["status"],
            "answer": rs[0]["answer"], "bytes": rs[0]["bytes"]}


def main(argv: list[str]) -> None:
    n = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 5
    run(question("warm", "could-produce", {"Alice": [("Forest", "f")]}, "about: f\n"), 60)   # bytecode
    print(f"| question | median s (of {n}) | max s | median cpu s | peak MB | status | answer (shortened) | bytes |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")

    def row(label, r):
        ans = r["answer"] if len(r["answer"]) <= 40 else r["answer"][:37] + "..."
        print(f"| {label} | {r['seconds']:.2f} | {r['max_s']:.2f} | {r['cpu']:.2f} | {r['mb']:.0f} | {r['status']} | {ans} | {r['bytes']} |",
              flush=True)

    for name, k in TARGETS:
        row(f"{name} k={k}", measure(ROWS[name][0](k), n))
    if "--no-table" not in argv:
        for label, text in bench_table.questions():
            row(f"table: {label}", measure(text, n))


if __name__ == "__main__":
    main(sys.argv[1:])
