"""`mtgjudge check -j N` against `-j 1` on a large corpus, as whole processes (run by hand).

The corpus is the bundled one copied with new question ids into a temporary folder until it holds at
least --questions questions (one file per copy of a corpus file, as a judge's folder would be). Each
`check` runs as its own process with bytecode written (PYTHONDONTWRITEBYTECODE removed), once to warm
the caches, then --repeat times; the table gives the best wall time of each, the speedup over -j 1,
and checks that every run printed the same output.

    python bench/bench_check_jobs.py --questions 10000 --jobs 1 2 4

Measured 2026-12 on the project's machine (2 cores, shared with other developers' jobs, load average
about 5 during the run), 10,150 questions in 1,073 files: -j 1 62.4 s, -j 2 36.6 s (1.70x), -j 4 42.9 s
(1.45x; more processes than cores). The work is CPU-bound and splits with little overhead (CPU time about
the same at every -j), so the speedup is bounded by the free cores: 3x for -j 4 needs 4 of them.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mtgjudge.queries.api import CORPUS
from mtgjudge.queries.batch import default_jobs


def make_corpus(folder: Path, at_least: int) -> int:
    files = sorted(CORPUS.rglob("*.yaml"))
    texts = [(f.relative_to(CORPUS), f.read_text(encoding="utf-8")) for f in files]
    per_copy = sum(len(re.findall(r"^id: ", t, re.M)) for _, t in texts)
    copies = -(-at_least // per_copy)
    for c in range(copies):
        for rel, text in texts:
            dest = folder / f"copy{c:03d}" / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(re.sub(r"^id: (\S+)", rf"id: \1-c{c}", text, flags=re.M), encoding="utf-8")
    return copies * per_copy


def run_check(folder: Path, jobs: int) -> tuple[float, str, int, float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NO_COLOR"] = "1"
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mtgjudge.queries.cli", "check", "-j", str(jobs), str(folder)],
                          capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, hashlib.sha256(done.stdout.encode()).hexdigest()[:12], done.returncode, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="mtgjudge-bench-"))
    try:
        n = make_corpus(tmp, args.questions)
        print(f"{n} questions in {sum(1 for _ in tmp.rglob('*.yaml'))} files; cores available: {default_jobs()} "
              f"(os.cpu_count() = {os.cpu_count()}); load average before: {os.getloadavg()[0]:.2f}")
        run_check(tmp, max(args.jobs))   # warm: bytecode, the file cache
        rows = []
        for jobs in args.jobs:
            runs = [run_check(tmp, jobs) for _ in range(args.repeat)]
            best = min(runs)
            rows.append((jobs, best[0], {r[1] for r in runs}, {r[2] for r in runs}, best[3]))
        base = rows[0][1]
        # CPU: the processes' own time (all workers), so that a machine shared with other work shows as
        # wall time well above CPU time / cores.
        print("| -j | wall (s) | CPU (s) | questions/s | speedup vs -j %d | output | exit |" % rows[0][0])
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for jobs, best, digests, codes, cpu in rows:
            print(f"| {jobs} | {best:.1f} | {cpu:.1f} | {n / best:.0f} | {base / best:.2f}x | {','.join(sorted(digests))} | "
                  f"{','.join(map(str, sorted(codes)))} |")
        same = len({d for r in rows for d in r[2]}) == 1
        print("every run printed the same output" if same else "OUTPUTS DIFFER")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
