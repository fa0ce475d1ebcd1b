"""Benchmark (run by hand): mana-options on 16 Commander boards, each answered in factored form by a whole
``mtgjudge ask`` process: median wall and CPU seconds of N runs, the largest peak RSS, the status and how
many terms the answer has.

    .venv/bin/python bench/bench_commander_mana.py              # write the boards, run each, N=3
    .venv/bin/python bench/bench_commander_mana.py --repeat 5 03 11
    .venv/bin/python bench/bench_commander_mana.py --write-only

Besides the whole process's times, the table gives the answer's own CPU time (``mtgjudge.ask`` in this
process, once its modules are imported) and its form: "factored" (terms with groups) or "amounts" (one
term per amount, as the enumeration gives them).

The boards (``bench/commander_boards/NN.yaml``, written by this script from fixed seeds, built-in cards
only; with ``--store``, ``bench/commander_boards_store/NN.yaml`` with cards of the card store too) are what a
Commander player has on turn 8-12: Alice with 30-40 lands of several kinds (basics and snow basics, duals,
shock and scry lands, lands of any color, a filter land, Gaea's Cradle, bounce and Vivid lands, some
tapped), 3-6 mana rocks (Sol Ring, Fellwar Stone, Coldsteel Heart, Treasure, Lotus Petal, ...; with
--store Mind Stone, Signets, ...), 2-5 mana creatures (some summoning sick) and a few other creatures;
three opponents with 12 lands each.

Target (issue "fast on real boards"): at least 15 of 16 answer in under 1 s.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOARDS = Path(__file__).resolve().parent / "commander_boards"
MTGJUDGE = [str(Path(sys.executable).parent / "mtgjudge")]
#: Bytecode is written and read as an installed package would (PYTHONDONTWRITEBYTECODE would make every run
#: compile the package again).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
SNOW = [f"Snow-Covered {b}" for b in BASICS]
DUALS = ["Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah", "Scrubland", "Volcanic Island", "Bayou",
         "Plateau", "Tropical Island"]
ANY = ["City of Brass", "Mana Confluence", "Exotic Orchard", "Reflecting Pool"]
FILTERS = ["Mystic Gate", "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion", "Fetid Heath",
           "Cascade Bluffs", "Twilight Mire", "Rugged Prairie", "Flooded Grove"]
OTHER_LANDS = ["Wastes", "Dimir Aqueduct", "Boros Garrison", "Vivid Grove", "Vivid Creek", "Vivid Crag",
               "Eldrazi Temple", "Castle Sengir"]
ROCKS = ["Sol Ring", "Fellwar Stone", "Coldsteel Heart", "Chromatic Lantern", "Treasure", "Lotus Petal", "Powerstone"]
DORKS = ["Llanowar Elves", "Birds of Paradise", "Boreal Druid", "Harvester Druid", "Sylvok Explorer", "Naga Vitalist"]
#: With --store: cards of the card store ($MTGJUDGE_CARDS), compiled in every process (no compiled-card
#: cache for store cards yet: each costs tens of ms of the process's CPU, whatever the answer costs).
STORE = {"lands": ["Breeding Pool", "Hallowed Fountain", "Temple of Mystery", "Simic Growth Chamber", "Evolving Wilds"],
         "rocks": ["Mind Stone", "Thran Dynamo", "Worn Powerstone", "Azorius Signet", "Simic Signet", "Mana Crypt"],
         "dorks": ["Elvish Mystic", "Fyndhorn Elves"]}
CREATURES = ["Grizzly Bears", "Kitchen Finks", "Banisher Priest", "Thalia, Guardian of Thraben", "Memnite"]


def _entry(name: str, i: int, rng: random.Random, tappable: bool = True) -> str:
    parts = [f'card: "{name}"', f"id: a{i}"]
    if tappable and rng.random() < 0.2:
        parts.append("tapped: true")
    if name == "Coldsteel Heart":
        parts.append(f"chosen: {{color: {rng.choice('WUBRG')}}}")
    if name in ("Treasure", "Powerstone"):
        parts.append("token: true")
    if name.startswith("Vivid"):
        parts.append(f"counters: {{charge: {rng.choice([0, 1, 2])}}}")
    if name in DORKS and rng.random() < 0.3:
        parts.append("summoning_sick: true")
    return "        - {" + ", ".join(parts) + "}"


def board(n: int, store: bool = False) -> str:
    """The n-th board (n = 1..16), the same for every run; ``store``: with cards of the card store."""
    rng = random.Random(1000 + n)
    duals = DUALS + (STORE["lands"][:3] if store else [])
    others = OTHER_LANDS + (STORE["lands"][3:] if store else [])
    rocks_ = ROCKS + (STORE["rocks"] if store else [])
    dorks_ = DORKS + (STORE["dorks"] if store else [])
    colors = rng.sample(range(5), rng.choice([2, 3, 3, 4, 5]))
    lands = []
    for _ in range(rng.randint(10, 18)):
        lands.append(rng.choice([BASICS[c] for c in colors]))
    for _ in range(rng.randint(2, 6)):
        lands.append(rng.choice([SNOW[c] for c in colors]))
    lands += rng.sample(duals, rng.randint(4, 8))
    lands += rng.sample(ANY, rng.randint(1, 3))
    lands += [rng.choice(FILTERS), "Gaea's Cradle"]
    lands += [rng.choice(others) for _ in range(rng.randint(1, 4))]
    while len(lands) < 30:
        lands.append(rng.choice([BASICS[c] for c in colors]))
    lands = lands[:40]
    rocks = rng.sample(rocks_, rng.randint(3, 6))
    dorks = rng.sample(dorks_, rng.randint(2, 5))
    others = [rng.choice(CREATURES) for _ in range(rng.randint(1, 4))]
    lines = [f"id: commander-{n:02d}-mana-options", "ask: mana-options", "by: Alice",
             "state:", "  turn: {active: Alice, number: 10, step: precombat-main}", "  players:", "    Alice:",
             "      battlefield:"]
    for i, name in enumerate(lands + rocks + dorks + others):
        lines.append(_entry(name, i, rng, tappable=name not in others))
    for p in ("Bob", "Carol", "Dave"):
        lines += [f"    {p}:", "      battlefield: [" + ", ".join(
            f'"{rng.choice(BASICS + DUALS[:10])}"' for _ in range(12)) + "]"]
    return "\n".join(lines) + "\n"


def write(store: bool = False) -> list[Path]:
    folder = BOARDS.with_name(BOARDS.name + "_store") if store else BOARDS
    folder.mkdir(exist_ok=True)
    out = []
    for n in range(1, 17):
        p = folder / f"{n:02d}.yaml"
        p.write_text(board(n, store))
        out.append(p)
    return out


def _measure(path: Path) -> tuple[float, float, int, dict]:
    """(wall s, CPU s, peak RSS KiB of the children so far, the JSON line) of one whole ``mtgjudge ask --json``
    process; its CPU time from RUSAGE_CHILDREN before and after."""
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(MTGJUDGE + ["ask", "--json", str(path)], capture_output=True, env=ENV)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    line = json.loads(proc.stdout.decode().splitlines()[0]) if proc.stdout.strip() else {"status": "crash"}
    return wall, cpu, after.ru_maxrss, line


def form_of(answer: object) -> str:
    """The form of a mana-options answer as ``ask --json`` gives it (a list of terms as text): "factored" when
    some term has groups ("n of [S]", "one of [...]"), "amounts" when none has, "-" for another answer."""
    if not isinstance(answer, list):
        return "-"
    return "factored" if any(" of [" in str(t) for t in answer) else "amounts"


def _answer_cpu(path: Path, repeat: int) -> tuple[float, str]:
    """(median CPU s of the answer alone, in this process, after one run that imports and compiles what it
    needs; the answer's form: "factored" when some term has groups, else "amounts")."""
    import mtgjudge
    from mtgjudge.model.pool_terms import PoolSet

    question = mtgjudge.load(str(path))[0]
    first = mtgjudge.ask(question).answer.value
    times = []
    for _ in range(repeat):
        t = time.process_time()
        mtgjudge.ask(question)
        times.append(time.process_time() - t)
    form = "-"
    if isinstance(first, PoolSet):
        form = "factored" if any(t.groups for t in first.terms) else "amounts"
    return statistics.median(times), form


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("boards", nargs="*", help="board numbers (default: all 16)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--write-only", action="store_true")
    ap.add_argument("--store", action="store_true", help="boards with store cards too (Signets, Mind Stone, ...), "
                    "in bench/commander_boards_store/")
    args = ap.parse_args(argv)
    paths = write(args.store)
    if args.write_only:
        print(f"wrote {len(paths)} boards in {paths[0].parent}")
        return 0
    if args.boards:
        paths = [p for p in paths if p.stem in {b.zfill(2) for b in args.boards}]
    print("| board | permanents (Alice) | status | form | terms | amounts | median wall s | median CPU s (process) | "
          "median CPU s (answer) | peak MiB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    under = 0
    for p in paths:
        runs = [_measure(p) for _ in range(args.repeat)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        line = runs[-1][3]
        answer = line.get("answer")
        n_perms = sum(1 for s in p.read_text().split("    Bob:")[0].splitlines() if s.strip().startswith("- {"))
        terms = len(answer) if isinstance(answer, list) else "-"
        amounts = next((w["text"].split(" can have ")[1].split(" of mana")[0] for w in line.get("why", [])
                        if " can have " in w.get("text", "")), "-")
        ok = line.get("status") in ("answered", "pass") and wall < 1.0
        under += ok
        answer_cpu, form = _answer_cpu(p, args.repeat) if line.get("status") in ("answered", "pass") else (float("nan"), "-")
        print(f"| {p.stem} | {n_perms} | {line.get('status')} | {form} | {terms} | {amounts} | {wall:.3f} | {cpu:.3f} | "
              f"{answer_cpu:.3f} | {max(r[2] for r in runs) / 1024:.0f} |", flush=True)
    print(f"\n{under} of {len(paths)} answered in under 1 s (median wall, whole process)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
