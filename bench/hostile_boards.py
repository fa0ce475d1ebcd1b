"""Hostile but valid boards: hundreds of permanents, dozens of mana multipliers and replacement
effects, huge X, huge libraries, long action lists. Each must be answered, or be `unsupported` naming its
bound, within the question's time bound plus 2 s. Run by hand:

    python bench/hostile_boards.py [--timeout 10]

Each board is one `mtgjudge ask --json` process; the table gives its wall time, peak memory and status.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MTGJUDGE = [sys.executable, "-m", "mtgjudge.queries.cli"]


def board(ask: str, cards: list[str], extra: str = "", alice: str = "") -> str:
    return (f"id: hostile\nask: {ask}\n{extra}state:\n  players:\n    Alice:\n{alice}"
            f"      battlefield: [{', '.join(cards)}]\n")


LANDS = ["Forest", "Island", "Plains", "Mountain", "Swamp", "Savannah", "Bayou", "Tundra", "Badlands",
         "Taiga", "Scrubland", "Plateau", "Volcanic Island", "Underground Sea", "Tropical Island"]

BOARDS = {
    "500 Forests, mana-options": board("mana-options", ["Forest"] * 500),
    "500 mixed lands, mana-options": board("mana-options", [LANDS[i % len(LANDS)] for i in range(500)]),
    "500 Forests, can-pay {1}x2000": board("can-pay", ["Forest"] * 500, 'cost: "' + "{1}" * 2000 + '"\n'),
    "one Forest, can-pay {G}x400 (unpayable)": board("can-pay", ["Forest"], 'cost: "' + "{G}" * 400 + '"\n'),
    "thirteen {G}, modest board": board("can-pay", ["Forest"] * 6 + ["Llanowar Elves", "Birds of Paradise",
                                        "Sol Ring", "Plains", "Island"], 'cost: "' + "{G}" * 13 + '"\n'),
    "30 Mana Reflection + Forest, mana-options": board("mana-options", ["Mana Reflection"] * 30 + ["Forest"]),
    "30 Mana Reflection + Forest, could-produce": board("could-produce", ["Mana Reflection"] * 30
                                                       + ["{card: Forest, id: f}"], "about: f\n"),
    "Reflecting Pool + 150 Forests, could-produce": board("could-produce", ["Forest"] * 150
                                                         + ["{card: Reflecting Pool, id: pool}"], "about: pool\n"),
    "20 Nyxbloom Ancient + Forest, mana-options": board("mana-options", ["Nyxbloom Ancient"] * 20 + ["Forest"]),
    "15 Doubling Cube + 30 Forests": board("mana-options", ["Doubling Cube"] * 15 + ["Forest"] * 30),
    "60 Magus of the Moon": board("mana-options", ["Magus of the Moon"] * 60 + ["Forest"] * 5),
    "60 Prismatic Omen": board("mana-options", ["Prismatic Omen"] * 60 + ["Forest"] * 5),
    "Gaea's Cradle + 499 creatures": board("mana-options", ["Gaea's Cradle"] + ["Grizzly Bears"] * 499),
    "X = 10^18, can-pay {X}{X}{X}": board("can-pay", ["Forest"] * 10, 'cost: "{X}{X}{X}"\nx: 1000000000000000000\n'),
    "library 10^18, three turns": (
        "id: hostile\nask: outcome\nstate:\n  players:\n    Alice: {library: 1000000000000000000}\n"
        "    Bob: {library: 1000000000}\nactions:\n" + "  - advance: next-turn\n" * 3 + "expect: []\n"),
    "100 actions, each a turn": (
        "id: hostile\nask: outcome\nstate:\n  players:\n    Alice: {library: 1000}\n    Bob: {library: 1000}\n"
        "actions:\n" + "  - advance: next-turn\n" * 100 + "expect: []\n"),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    late = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in BOARDS.items():
            path = Path(tmp) / "q.yaml"
            path.write_text(text, encoding="utf-8")
            start = time.monotonic()
            with open(Path(tmp) / "out", "w+") as out, open(Path(tmp) / "err", "w+") as err:
                p = subprocess.Popen(MTGJUDGE + ["ask", "--json", "--timeout", str(args.timeout), str(path)],
                                     stdout=out, stderr=err, text=True)
                _, status, usage = os.wait4(p.pid, 0)   # wait4: the child's own peak memory
                took = time.monotonic() - start
                out.seek(0)
                err.seek(0)
                lines = [json.loads(line) for line in out.read().splitlines() if line.startswith("{")]
                errors = err.read().strip()
            code = os.waitstatus_to_exitcode(status)
            statuses = "/".join(r["status"] for r in lines) or errors[:60]
            reason = (lines[0].get("message") or "") if lines else ""
            print(f"{took:6.1f} s {usage.ru_maxrss / 1024:6.0f} MB  exit {code}  {statuses:12}  {name}"
                  + (f"  ({reason[:90]})" if reason else ""), flush=True)
            late += took > args.timeout + 2
    print(f"{late} of {len(BOARDS)} past the bound + 2 s")
    return 1 if late else 0


if __name__ == "__main__":
    sys.exit(main())
