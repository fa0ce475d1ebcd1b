"""Benchmark (run by hand): every row's "Done when", each as whole ``mtgjudge ask --json``
processes, repeated (median wall and CPU seconds of N runs, the largest peak RSS of them).

    .venv/bin/python bench/bench_done.py            # the five scaling targets and the four-player table, N=5
    .venv/bin/python bench/bench_done.py --repeat 3 --no-table
    .venv/bin/python bench/bench_done.py --baseline DIR   # also a baseline, runs alternated with this tree's

``--baseline DIR``: DIR holds another version of the package as ``DIR/mtgjudge`` (e.g. ``git archive REV``
unpacked there), put first on the children's PYTHONPATH; its runs alternate with this tree's, so that both
see the same load on a shared machine.
"""
from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scaling import ENV, ROWS, question, run  # noqa: E402
import bench_table  # noqa: E402

#: The targets: (row of bench_scaling, k), each under 1 s and 300 MB.
TARGETS = [("reflection", 24), ("yavimaya", 60), ("can-pay", 400), ("options-sources", 12),
           ("options-reflection", 30)]


def summary(rs: list[dict]) -> dict:
    return {"seconds": statistics.median(r["seconds"] for r in rs), "cpu": statistics.median(r["cpu"] for r in rs),
            "max_s": max(r["seconds"] for r in rs), "mb": max(r["mb"] for r in rs), "status": rs[0]["status"],
            "answer": rs[0]["answer"], "bytes": rs[0]["bytes"]}


def main(argv: list[str]) -> None:
    n = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 5
    base_env = None
    if "--baseline" in argv:
        d = str(Path(argv[argv.index("--baseline") + 1]).resolve())
        base_env = {**ENV, "PYTHONPATH": d + os.pathsep + ENV.get("PYTHONPATH", "")}
    warm = question("warm", "could-produce", {"Alice": [("Forest", "f")]}, "about: f\n")
    run(warm, 60)   # bytecode
    if base_env:
        run(warm, 60, base_env)
        print(f"| question | baseline: median s (of {n}) / cpu s / peak MB | now: median s / max s / cpu s / peak MB "
              "| status | answer (shortened) | bytes |")
        print("| --- | --- | --- | --- | --- | --- |")
    else:
        print(f"| question | median s (of {n}) | max s | median cpu s | peak MB | status | answer (shortened) | bytes |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")

    def row(label, text):
        now, base = [], []
        for _ in range(n):
            now.append(run(text, 60))
            if base_env:
                base.append(run(text, 60, base_env))
        r = summary(now)
        ans = r["answer"] if len(r["answer"]) <= 40 else r["answer"][:37] + "..."
        if base_env:
            b = summary(base)
            same = "" if (b["status"], b["answer"]) == (r["status"], r["answer"]) else " (baseline answered otherwise)"
            print(f"| {label} | {b['seconds']:.2f} / {b['cpu']:.2f} / {b['mb']:.0f} | {r['seconds']:.2f} / {r['max_s']:.2f} / "
                  f"{r['cpu']:.2f} / {r['mb']:.0f} | {r['status']}{same} | {ans} | {r['bytes']} |", flush=True)
        else:
            print(f"| {label} | {r['seconds']:.2f} | {r['max_s']:.2f} | {r['cpu']:.2f} | {r['mb']:.0f} | {r['status']} | {ans} | "
                  f"{r['bytes']} |", flush=True)

    for name, k in TARGETS:
        row(f"{name} k={k}", ROWS[name][0](k))
    if "--no-table" not in argv:
        for label, text in bench_table.questions():
            row(f"table: {label}", text)


if __name__ == "__main__":
    main(sys.argv[1:])
