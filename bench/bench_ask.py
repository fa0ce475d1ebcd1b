"""Benchmark (run by hand): the start-up of one ``mtgjudge ask`` as a whole process, CPU seconds (user + system,
the kernel's accounting of the finished child) and wall seconds, medians of N runs; and ``check`` over the
bundled corpus.

    .venv/bin/python bench/bench_ask.py                 # N=9
    .venv/bin/python bench/bench_ask.py --runs 15 --no-check
    .venv/bin/python bench/bench_ask.py --baseline DIR  # also another version, its runs alternated with this tree's

Rows: the interpreter alone (the floor); the README's worked example (built-in cards) with the caches warm;
the same question naming a card of the store (``Fyndhorn Elves``: a store of that one card is made for the run,
unless ``$MTGJUDGE_CARDS`` names one) warm;
both cold, each run with an empty cache folder (``MTGJUDGE_CACHE``: no compiled cards, no built-in card files
read before, no parse tables but those shipped). Targets (issue: start-up): the warm ask under 0.20 s of CPU, a
store card adding under 20 ms, a cold start under 0.5 s.

Measure the package as the README installs it (``pip install .``): an editable install (``pip install -e``)
adds its import hook to every process, ~20 ms of CPU here even for ``python -c pass``, which users do not pay;
the script says so when the python it runs has one.

``--baseline DIR``: DIR holds another version of the package as ``DIR/mtgjudge`` (``git archive REV`` laid out
as installed: ``api/`` as ``mtgjudge``, ``model/`` as ``mtgjudge/model``, ``queries/`` as ``mtgjudge/queries``),
put first on the children's PYTHONPATH; its runs alternate with this tree's, so both see the same load.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASK = [sys.executable, "-m", "mtgjudge.queries.entry", "ask"]

QUESTION = """\
id: elves-arrived-this-turn
ask: can-activate
about: elves
state:
  players:
    Alice:
      battlefield:
        - Fervor
        - {{card: {elves}, id: elves, summoning_sick: true}}
expect: yes
because: ["702.10c"]
"""

#: The store card's data, as Scryfall gives it (``cards import`` reads it).
STORE_CARD = {"object": "card", "name": "Fyndhorn Elves", "layout": "normal", "mana_cost": "{G}",
              "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}.", "colors": ["G"], "power": "1",
              "toughness": "1"}

#: Bytecode is written and read as an installed package would (PYTHONDONTWRITEBYTECODE would make every run
#: compile every module again).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def measure(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, exit code) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    code = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env).returncode
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall, code


def store_env(env: dict[str, str], scratch: Path, python: str = sys.executable) -> dict[str, str]:
    """``env`` with ``MTGJUDGE_CARDS`` naming a store that holds the store card: the one ``env`` names if it
    has one, else one made in ``scratch`` by ``python``'s ``cards import``."""
    if env.get("MTGJUDGE_CARDS"):
        return env
    data = scratch / "store-card.json"
    data.write_text(json.dumps([STORE_CARD]), encoding="utf-8")
    store = scratch / f"cards-{abs(hash(python))}.sqlite"
    env = {**env, "MTGJUDGE_CARDS": str(store)}
    subprocess.run([python, "-m", "mtgjudge.queries.entry", "cards", "import", str(data)], cwd=ROOT, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return env


def editable(python: str = sys.executable) -> bool:
    """Does ``python`` import the package from this source tree (an editable install)?"""
    code = "import mtgjudge, sys; print(mtgjudge.__file__)"
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, env=ENV).stdout.strip()
    return out.startswith(str(ROOT))


def row(cmd: list[str], env: dict[str, str], cold: bool, scratch: Path) -> tuple[float, float, int]:
    if cold:
        folder = scratch / "cold-cache"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        env = {**env, "MTGJUDGE_CACHE": str(folder)}
    return measure(cmd, env)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--no-check", action="store_true", help="skip the corpus row")
    ap.add_argument("--baseline", metavar="DIR", help="another version of the package, alternated with this one")
    args = ap.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="bench-ask-"))
    try:
        built_in = scratch / "elves.yaml"
        built_in.write_text(QUESTION.format(elves="Llanowar Elves"), encoding="utf-8")
        stored = scratch / "fyndhorn.yaml"
        stored.write_text(QUESTION.format(elves="Fyndhorn Elves"), encoding="utf-8")
        warm_cache = scratch / "warm-cache"
        trees = {"this tree": store_env({**ENV, "MTGJUDGE_CACHE": str(warm_cache / "this")}, scratch)}
        if args.baseline:
            trees["baseline"] = {**trees["this tree"], "MTGJUDGE_CACHE": str(warm_cache / "baseline"),
                                 "PYTHONPATH": os.pathsep.join([str(Path(args.baseline).resolve()),
                                                                ENV.get("PYTHONPATH", "")])}
        rows = [("python -c pass (floor)", [sys.executable, "-c", "pass"], False),
                ("ask, README example, warm", ASK + [str(built_in)], False),
                ("ask, a store card, warm", ASK + [str(stored)], False),
                ("ask, README example, cold", ASK + [str(built_in)], True),
                ("ask, a store card, cold", ASK + [str(stored)], True)]
        for env in trees.values():           # bytecode written, warm caches filled
            for _, cmd, cold in rows:
                row(cmd, env, cold, scratch)
        results: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
        for _ in range(args.runs):
            for label, cmd, cold in rows:
                for tree, env in trees.items():       # alternated: the same load for both
                    results.setdefault((label, tree), []).append(row(cmd, env, cold, scratch))
        if editable():
            print(f"note: {sys.executable} runs the package from the source tree (an editable install): its import "
                  "hook adds to every start-up what an installed package (`pip install .`) does not")
        print(f"{'row':32} {'tree':10} {'CPU s':>7} {'wall s':>7}  (medians of {args.runs} runs)")
        for label, _, _ in rows:
            for tree in trees:
                rs = results[(label, tree)]
                bad = [c for _, _, c in rs if c != 0]
                print(f"{label:32} {tree:10} {statistics.median(r[0] for r in rs):7.3f} "
                      f"{statistics.median(r[1] for r in rs):7.3f}" + (f"  exit {bad[0]}!" if bad else ""))
        for tree in trees:
            warm = statistics.median(r[0] for r in results[("ask, README example, warm", tree)])
            store = statistics.median(r[0] for r in results[("ask, a store card, warm", tree)])
            print(f"{tree}: a store card adds {1000 * (store - warm):+.0f} ms of CPU")
        if not args.no_check:
            for tree, env in trees.items():
                cpu, wall, _ = measure([sys.executable, "-m", "mtgjudge.queries.entry", "check", "-q", "-j", "1"], env)
                print(f"mtgjudge check -j 1 (bundled corpus), {tree}: {cpu:.1f} s CPU, {wall:.1f} s wall")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
