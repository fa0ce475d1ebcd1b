"""Type-check the package with mypy and hold its error count to a ratchet (tools/type_errors.txt): CI fails when
the count grows, and asks for the file to be lowered when it falls.

    python tools/type_check.py            check against the ratchet
    python tools/type_check.py --write    record the current count

mypy reads the installed layout (``mtgjudge`` = api/, ``mtgjudge.model`` = model/, ``mtgjudge.queries`` =
queries/), so the check runs on a temporary folder of links to the repository's folders.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATCHET = ROOT / "tools" / "type_errors.txt"


def count_errors() -> tuple[int, str]:
    """mypy's error count over the package, and its report."""
    with tempfile.TemporaryDirectory() as tmp:
        pkg = Path(tmp) / "mtgjudge"
        pkg.mkdir()
        (pkg / "__init__.py").symlink_to(ROOT / "api" / "__init__.py")
        (pkg / "py.typed").symlink_to(ROOT / "api" / "py.typed")
        for name in ("model", "queries", "docs"):
            (pkg / name).symlink_to(ROOT / name)
        run = subprocess.run([sys.executable, "-m", "mypy", "--ignore-missing-imports", "--follow-imports=silent",
                              "--no-error-summary", "--cache-dir", str(Path(tmp) / ".mypy_cache"), "-p", "mtgjudge"],
                             cwd=tmp, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"mypy did not run: {run.stderr.strip() or run.stdout.strip()}")
    errors = [line for line in run.stdout.splitlines() if re.search(r": error: ", line)]
    return len(errors), run.stdout


def main(argv: list[str]) -> int:
    n, report = count_errors()
    if "--write" in argv:
        RATCHET.write_text(f"{n}\n")
        print(f"recorded {n} mypy errors in {RATCHET.relative_to(ROOT)}")
        return 0
    allowed = int(RATCHET.read_text().split()[0])
    if n > allowed:
        print(report)
        print(f"mypy: {n} errors, more than the {allowed} allowed (tools/type_errors.txt): fix the new ones")
        return 1
    print(f"mypy: {n} errors (at most {allowed})" + (": lower tools/type_errors.txt with --write" if n < allowed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
