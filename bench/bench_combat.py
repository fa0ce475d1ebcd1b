"""Benchmark: a combat of 10 attackers against 10 potential blockers: a creature enchanted with Lure ("All
creatures able to block enchanted creature do so", 509.1c) is blocked by all ten, so the menace creature and the
rest (trample, deathtouch, first strike, double strike, lifelink, infect) are unblocked; the blocks are given in
the state; passing through combat damage with every division of the lured creature's damage among its ten
blockers considered (510.1c), lethal being lethal (a division past lethal to a blocker is one branch). Wall
time of one `mtgjudge ask` (process start to exit), and the number of final branches (distinct states) and of
assignments the engine considered. Run by hand:  python bench/bench_combat.py [runs]

Target: under 1 s as a whole process.
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MTGJUDGE = [sys.executable, "-m", "mtgjudge.queries.cli"]

QUESTION = """\
id: bench-ten-on-ten
ask: outcome
state:
  turn: {active: Alice, step: declare-blockers}
  players:
    Alice:
      battlefield:
        - {card: Grizzly Bears, id: lured, attacking: Bob}
        - {card: Lure, attached_to: lured}
        - {card: Alley Strangler, id: strangler, attacking: Bob}
        - {card: Colossal Dreadmaw, id: maw, attacking: Bob}
        - {card: Moss Kami, id: kami, attacking: Bob}
        - {card: Hill Giant, id: giant, attacking: Bob}
        - {card: Pitiless Gorgon, id: gorgon, attacking: Bob}
        - {card: Boros Swiftblade, id: blade, attacking: Bob}
        - {card: Sabretooth Tiger, id: tiger, attacking: Bob}
        - {card: Mesa Unicorn, id: unicorn, attacking: Bob}
        - {card: Lost Leonin, id: leonin, attacking: Bob}
    Bob:
      life: 40
      battlefield:
        - {card: Memnite, id: b1, blocking: [lured]}
        - {card: Memnite, id: b2, blocking: [lured]}
        - {card: Grizzly Bears, id: b3, blocking: [lured]}
        - {card: Grizzly Bears, id: b4, blocking: [lured]}
        - {card: Hill Giant, id: b5, blocking: [lured]}
        - {card: Hill Giant, id: b6, blocking: [lured]}
        - {card: Darksteel Myr, id: b7, blocking: [lured]}
        - {card: Craw Wurm, id: b8, blocking: [lured]}
        - {card: Ornithopter, id: b9, blocking: [lured]}
        - {card: Mesa Unicorn, id: b10, blocking: [lured]}
actions:
  - advance: end-of-combat
expect:
  - {object: lured, zone: graveyard}
  - {player: Bob, life: 18, poison: 2}
  - {player: Alice, life: 22}
"""


#: Bytecode is written and read as an installed package would (PYTHONDONTWRITEBYTECODE would make every run
#: compile every module again).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(cmd: list[str]) -> tuple[float, float, str]:
    """Wall time, CPU time (user + system, which a machine shared with other work doesn't inflate) and output."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False, env=ENV)
    t = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return t, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), p.stdout


def main(runs: int = 5) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as fh:
        fh.write(QUESTION)
    wall(MTGJUDGE + ["ask", fh.name])   # once to write the bytecode
    times, cpu = [], []
    out = ""
    for _ in range(runs):
        t, c, out = wall(MTGJUDGE + ["ask", "--json", fh.name])
        times.append(t)
        cpu.append(c)
    res = json.loads(out.splitlines()[0])
    answer = res.get("answer")
    finals = len(answer) if isinstance(answer, list) else None
    print(f"status: {res['status']}" + (f" ({res.get('why')})" if res["status"] == "unsupported" else ""))
    print(f"final branches (distinct states): {finals}")
    print(f"mtgjudge ask (10 attackers, 10 blockers): median {statistics.median(times):.3f} s wall, "
          f"{statistics.median(cpu):.3f} s CPU over {runs} runs")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
