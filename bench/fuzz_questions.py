"""The long fuzz run, by hand: mutated corpus questions (tests/question_mutations.py) through
``mtgjudge check`` and ``mtgjudge ask --json``, each its own file, the command line's ``main`` called in
this process (``--thread``: in a worker thread, where no alarm signal can stop a search, so the bound must
hold through the deadline checks alone). Counts the statuses, the exit-3 results (bugs), the questions that took longer than their
bound plus 2 s (wall clock, and CPU time: on a loaded machine the first is several times the second), the slowest question, and the peak memory of the process (which only grows over a run, so
it bounds every question's).

    python bench/fuzz_questions.py [--check 20000] [--ask 1000] [--seed 1] [--timeout 10] [--thread] [--out DIR]

Question *i* of a seed is ``random.Random(f"{seed}:{i}")``'s mutation, so a run can be split over
processes (``--start``) and any question found again. Bad ones are written to ``--out``.

Targets: 0 exit-3 results, 0 questions past the bound + 2 s, peak memory under 500 MB.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import resource
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mtgjudge.queries.cli import main  # noqa: E402
from tests.question_mutations import mutated  # noqa: E402


def run_one(command: list[str], path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(command + [str(path)])
    return code, out.getvalue(), err.getvalue()


def in_thread(command: list[str], path: Path) -> tuple[int, str, str]:
    """``run_one`` in a worker thread: the library's way in for a host program that is not the main thread."""
    box: list = []
    t = threading.Thread(target=lambda: box.append(run_one(command, path)), daemon=True)
    t.start()
    t.join()
    return box[0] if box else (3, "", "the worker thread ended without a result")


def statuses(output: str, as_json: bool) -> list[str]:
    if as_json:
        return [json.loads(line)["status"] for line in output.splitlines() if line.startswith("{")]
    return [line.split()[0].lower() for line in output.splitlines()
            if line.split() and line.split()[0] in ("PASS", "FAIL", "ANSWERED", "UNSUPPORTED", "ERROR")]


def main_bench(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", type=int, default=20000, help="questions through check")
    ap.add_argument("--ask", type=int, default=1000, help="questions through ask --json")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--start", type=int, default=0, help="the first question's number")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--thread", action="store_true", help="run each question in a worker thread")
    ap.add_argument("--out", default="fuzz-out", help="where questions that broke a target are written")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    counts: Counter[str] = Counter()
    exit3, late, slowest = [], [], (0.0, -1)
    late_cpu, slowest_cpu = [], (0.0, -1)
    begin = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "q.yaml"
        for n in range(args.start, args.start + args.check + args.ask):
            as_ask = n - args.start >= args.check
            text = mutated(random.Random(f"{args.seed}:{n}"))
            path.write_text(text, encoding="utf-8")
            command = (["ask", "--json"] if as_ask else ["check", "--no-progress"])
            command += ["-j", "1", "--timeout", str(args.timeout)]
            start, cpu = time.monotonic(), time.process_time()
            code, stdout, stderr = (in_thread if args.thread else run_one)(command, path)
            took, cpu = time.monotonic() - start, time.process_time() - cpu
            slowest_cpu = max(slowest_cpu, (cpu, n))
            if cpu > args.timeout + 2:
                late_cpu.append(n)
            counts.update(statuses(stdout, as_ask))
            slowest = max(slowest, (took, n))
            if code == 3:
                exit3.append(n)
                (out / f"exit3-{args.seed}-{n}.yaml").write_text(f"# {stderr.strip()}\n{text}", encoding="utf-8")
            if took > args.timeout + 2:
                late.append(n)
                (out / f"late-{args.seed}-{n}.yaml").write_text(f"# {took:.1f} s\n{text}", encoding="utf-8")
            if (n - args.start + 1) % 500 == 0:   # figures so far, for a run that is stopped early
                print(json.dumps(_report(args, n - args.start + 1, counts, exit3, late, slowest, begin, late_cpu, slowest_cpu)),
                      file=sys.stderr, flush=True)
    report = _report(args, args.check + args.ask, counts, exit3, late, slowest, begin, late_cpu, slowest_cpu)
    print(json.dumps(report))
    return 1 if exit3 or late or report["peak_mb"] > 500 else 0


def _report(args, done: int, counts: Counter, exit3: list, late: list, slowest: tuple, begin: float,
            late_cpu: list, slowest_cpu: tuple) -> dict:
    return {"seed": args.seed, "start": args.start, "done": done, "check": min(done, args.check),
            "ask": max(0, done - args.check), "thread": args.thread, "timeout": args.timeout, "statuses": dict(counts),
            "exit3": len(exit3), "exit3_questions": exit3, "late": len(late), "late_questions": late,
            "slowest_s": round(slowest[0], 2), "slowest_question": slowest[1],
            "late_cpu": len(late_cpu), "slowest_cpu_s": round(slowest_cpu[0], 2), "slowest_cpu_question": slowest_cpu[1],
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
            "wall_s": round(time.monotonic() - begin)}


if __name__ == "__main__":
    sys.exit(main_bench())
