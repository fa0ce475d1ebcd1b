"""The long card-data fuzz run, by hand: mutated Scryfall, MTGJSON v5 and v3 files (tests/card_mutations.py)
through ``mtgjudge cards import``, each into a fresh store, then ``cards show`` of the cards it names (compiled
from the store), the command line's ``main`` called in this process (``--thread``: in a worker thread).
Counts the exit codes, the exit-3 results (bugs), the files that took longer than the bound plus 2 s (wall
clock, and CPU time: on a loaded machine the first is several times the second), the slowest file, and the peak memory of the process (which only grows over a run, so it bounds every file's).

    python bench/fuzz_cards.py [--count 20000] [--seed 1] [--bound 10] [--thread] [--out DIR]

File *i* of a seed is ``random.Random(f"{seed}:{i}")``'s mutation, so a run can be split over processes
(``--start``) and any file found again. Bad ones are written to ``--out``.

Targets: 0 exit-3 results, 0 files past the bound + 2 s.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import resource
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mtgjudge.model.cards import lookup, store as store_module  # noqa: E402
from mtgjudge.model.cards.store import use_store  # noqa: E402
from mtgjudge.queries.cli import main  # noqa: E402
from tests.card_mutations import mutated, names_in  # noqa: E402


def run_file(folder: Path, raw: bytes) -> tuple[int, list[int], str, float]:
    """Import one file into a fresh store, then show the cards it names: the exit codes, standard error and
    the seconds they took (writing the file is not counted)."""
    data, store = folder / "cards.json", folder / "cards.sqlite"
    data.write_bytes(raw)
    out, err = io.StringIO(), io.StringIO()
    start = time.monotonic()
    cpu = time.process_time()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["--cards", str(store), "cards", "import", str(data)])
            shown = [main(["--cards", str(store), "cards", "show", n]) for n in names_in(raw)] if code == 0 else []
    finally:
        use_store(None)
        _forget(store)
    _CPU.append(time.process_time() - cpu)
    return code, shown, err.getvalue(), time.monotonic() - start


#: The CPU seconds of the last file run (the process's: in thread mode the main thread only waits), beside its
#: wall-clock seconds, which on a loaded machine are several times more.
_CPU: list[float] = []


def _forget(store: Path) -> None:
    """Close the store a file was imported into and drop what the process keeps of it, so that the next
    file starts from an empty store and memory measures the reader, not a cache of 20,000 stores."""
    kept = store_module._store_at(store.absolute())
    if kept._db is not None:
        kept._db.close()
    store_module._store_at.cache_clear()
    store_module._chosen_store.cache_clear()
    lookup._card_db.cache_clear()
    store.unlink(missing_ok=True)


def in_thread(folder: Path, raw: bytes) -> tuple[int, list[int], str, float]:
    box: list = []
    t = threading.Thread(target=lambda: box.append(run_file(folder, raw)), daemon=True)
    t.start()
    t.join()
    return box[0] if box else (3, [], "the worker thread ended without a result", 0.0)


def main_bench(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=20000, help="mutated card files")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--start", type=int, default=0, help="the first file's number")
    ap.add_argument("--bound", type=float, default=10.0, help="seconds a file may take (import and shows)")
    ap.add_argument("--thread", action="store_true", help="run each file in a worker thread")
    ap.add_argument("--out", default="fuzz-cards-out", help="where files that broke a target are written")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    codes: Counter[str] = Counter()
    exit3, late, slowest = [], [], (0.0, -1)
    late_cpu, slowest_cpu = [], (0.0, -1)
    begin = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="fuzz-cards-"))
    try:
        for n in range(args.start, args.start + args.count):
            raw = mutated(random.Random(f"{args.seed}:{n}"))
            code, shown, stderr, took = (in_thread if args.thread else run_file)(folder, raw)
            codes[f"import {code}"] += 1
            codes.update(f"show {c}" for c in shown)
            slowest = max(slowest, (took, n))
            cpu = _CPU[-1] if _CPU else 0.0
            slowest_cpu = max(slowest_cpu, (cpu, n))
            if cpu > args.bound + 2:
                late_cpu.append(n)
            if code == 3 or 3 in shown or "internal error" in stderr:
                exit3.append(n)
                (out / f"exit3-{args.seed}-{n}.json").write_bytes(raw)
                (out / f"exit3-{args.seed}-{n}.txt").write_text(stderr, encoding="utf-8", errors="replace")
            if took > args.bound + 2:
                late.append(n)
                (out / f"late-{args.seed}-{n}.json").write_bytes(raw)
            if (n - args.start + 1) % 1000 == 0:   # figures so far, for a run that is stopped early
                print(json.dumps(_report(args, n - args.start + 1, codes, exit3, late, slowest, begin, late_cpu, slowest_cpu)),
                      file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report = _report(args, args.count, codes, exit3, late, slowest, begin, late_cpu, slowest_cpu)
    print(json.dumps(report))
    return 1 if exit3 or late else 0


def _report(args, done: int, codes: Counter, exit3: list, late: list, slowest: tuple, begin: float,
            late_cpu: list, slowest_cpu: tuple) -> dict:
    return {"seed": args.seed, "start": args.start, "done": done, "thread": args.thread, "bound": args.bound,
            "codes": dict(codes), "exit3": len(exit3), "exit3_files": exit3[:50], "late": len(late),
            "late_files": late[:50], "slowest_s": round(slowest[0], 2), "slowest_file": slowest[1],
            "late_cpu": len(late_cpu), "slowest_cpu_s": round(slowest_cpu[0], 2), "slowest_cpu_file": slowest_cpu[1],
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
            "wall_s": round(time.monotonic() - begin)}


if __name__ == "__main__":
    sys.exit(main_bench())
