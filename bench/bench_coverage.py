"""Benchmark: the coverage sweep (`mtgjudge cards coverage`) over the MTGJSON v3 files in
../shared/cards/mtgjson3 (18,892 cards), as the command runs it: the table, the wall time and the
workers. Run by hand:  python bench/bench_coverage.py [-j N] [--sample N] [--json]

Target: the whole sweep in under 5 minutes on the project's 2-core machine.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from mtgjudge.queries.coverage.cli import main as coverage

FILES = sorted((Path(__file__).resolve().parents[2] / "shared" / "cards" / "mtgjson3").glob("cards_oracle_*.json"))
TARGET_SECONDS = 300


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--sample", type=int)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    if not FILES:
        print("no ../shared/cards/mtgjson3/cards_oracle_*.json beside the project", file=sys.stderr)
        return 2
    argv = ["--from", *map(str, FILES), "-j", str(args.jobs)] + (["--sample", str(args.sample)] if args.sample else [])
    t0 = time.perf_counter()
    code = coverage(argv + (["--json"] if args.json else []))
    seconds = time.perf_counter() - t0
    print(f"\nwall time {seconds:.1f} s (reading, compiling and sweeping) with -j {args.jobs} on {os.cpu_count()} "
          f"cores; target {TARGET_SECONDS} s: {'met' if seconds < TARGET_SECONDS else 'MISSED'}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
