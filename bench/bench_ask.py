"""Benchmark: wall time of one `mtgjudge ask` (process start to exit) and of `mtgjudge check` over the
bundled corpus. Run by hand:  python bench/bench_ask.py [runs]

Targets: one ask under 0.5 s; z3 is imported only when a question needs it.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MTGJUDGE = [sys.executable, "-m", "mtgjudge.queries.cli"]

QUESTION = """\
id: bench-elves
ask: can-activate
about: elves
state:
  players:
    Alice:
      battlefield: [{card: Llanowar Elves, id: elves, summoning_sick: true}]
expect: no
"""


#: Bytecode is written and read as an installed package would (PYTHONDONTWRITEBYTECODE would make every run
#: compile every module again).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=ENV)
    return time.perf_counter() - t0


def main(runs: int = 5) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as fh:
        fh.write(QUESTION)
    wall(MTGJUDGE + ["ask", fh.name])   # once to write the bytecode
    ask = [wall(MTGJUDGE + ["ask", fh.name]) for _ in range(runs)]
    check = [wall(MTGJUDGE + ["check", "-q"]) for _ in range(max(1, runs // 2))]
    no_z3 = [wall(MTGJUDGE + ["cards", "show", "Forest"]) for _ in range(runs)]
    print(f"mtgjudge ask (one can-activate question): median {statistics.median(ask):.3f} s over {runs} runs")
    print(f"mtgjudge cards show (no solver loaded):   median {statistics.median(no_z3):.3f} s")
    print(f"mtgjudge check (bundled corpus):          median {statistics.median(check):.3f} s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
