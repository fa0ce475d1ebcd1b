"""Benchmark: `mtgjudge cards import` of the three MTGJSON v3 files of ../shared/cards/mtgjson3 (19,032 names)
into a temporary store, then the wall time of `mtgjudge ask` with that full store in place and with no store,
on typical questions of the bundled corpus; and a question about an imported card (Balduvian Bears, full
store) against the same question about a built-in card of the same cost and size (Grizzly Bears, no store).
Run by hand:

    python bench/bench_import.py [runs]

Targets: the import under 60 s; one `ask` at most 0.1 s slower with the full store than without.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mtgjudge.model.cards.store import open_store

ROOT = Path(__file__).resolve().parents[1]
MTGJSON3 = sorted((ROOT.parent / "shared" / "cards" / "mtgjson3").glob("cards_oracle_*.json"))
MTGJUDGE = [sys.executable, "-m", "mtgjudge.queries.cli"]
CORPUS = ROOT / "queries" / "corpus"
#: Typical questions: an activation, a spell with a target, a could-produce board.
TYPICAL = [CORPUS / "activation" / "tap-abilities.yaml", CORPUS / "costs" / "targets.yaml",
           CORPUS / "mana" / "reflecting_pool.yaml"]
BEARS = """\
id: bench-bears
ask: can-play
about: bears
state:
  players:
    Alice:
      hand: [{card: %s, id: bears}]
      battlefield: [Forest, Forest]
"""
#: Bytecode is written and read as an installed package would.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(cmd: list[str], store: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   env={**ENV, "MTGJUDGE_CARDS": str(store)})
    return time.perf_counter() - t0


def main(runs: int = 7) -> None:
    if not MTGJSON3:
        sys.exit("../shared/cards/mtgjson3 is not beside the project")
    with tempfile.TemporaryDirectory() as tmp:
        full, none = Path(tmp) / "cards.sqlite", Path(tmp) / "absent.sqlite"
        t0 = time.perf_counter()
        done = subprocess.run(MTGJUDGE + ["cards", "import", *map(str, MTGJSON3)], cwd=ROOT, env={
            **ENV, "MTGJUDGE_CARDS": str(full)}, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - t0
        print(done.stdout.strip())
        print(f"import of {len(MTGJSON3)} files (process wall time): {seconds:.1f} s; store "
              f"{full.stat().st_size / 2**20:.1f} MiB")
        for question in TYPICAL:
            compare(f"ask {question.name}", MTGJUDGE + ["ask", str(question)], full, MTGJUDGE + ["ask", str(question)],
                    none, runs)
        imported, built_in = Path(tmp) / "imported.yaml", Path(tmp) / "built_in.yaml"
        imported.write_text(BEARS % "Balduvian Bears")
        built_in.write_text(BEARS % "Grizzly Bears")
        compare("ask about an imported card", MTGJUDGE + ["ask", str(imported)], full,
                MTGJUDGE + ["ask", str(built_in)], none, runs)
        store = open_store(full)
        t0 = time.perf_counter()
        store.find("Balduvian Bears")
        print(f"first lookup of an imported card in a process (open the store, one query, compile): "
              f"{(time.perf_counter() - t0) * 1000:.1f} ms")


def compare(label: str, with_cmd: list[str], full: Path, without_cmd: list[str], none: Path, runs: int) -> None:
    """Median wall times of a command with the full store and one without a store, run alternately so that
    drift hits both alike."""
    wall(with_cmd, full), wall(without_cmd, none)     # once to write the bytecode
    with_store, without = [], []
    for _ in range(runs):
        with_store.append(wall(with_cmd, full))
        without.append(wall(without_cmd, none))
    a, b = statistics.median(with_store), statistics.median(without)
    print(f"{label:40s} median of {runs}: with the full store {a:.3f} s, without {b:.3f} s, difference "
          f"{a - b:+.3f} s")

if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
