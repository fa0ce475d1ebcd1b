"""Record (or compare) how every built-in card reads back: for each line of each face, its source text and the
model's rendering of it (``oracle.reading``), in tests/fixtures/built_in_readings.json, which
tests/test_reading.py checks. A change of a renderer or of a reading shows there as a diff to review.

    python tools/readings_snapshot.py           print the cards whose reading differs from the snapshot
    python tools/readings_snapshot.py --write   record the current readings
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = ROOT / "tests" / "fixtures" / "built_in_readings.json"
sys.path.insert(0, str(ROOT))
from tests.test_reading import built_in_readings  # noqa: E402  (one definition of what is recorded)


def main(argv: list[str]) -> int:
    now = built_in_readings()
    if "--write" in argv:
        SNAPSHOT.write_text(json.dumps(now, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"recorded the readings of {len(now)} built-in cards in {SNAPSHOT}")
        return 0
    old = json.loads(SNAPSHOT.read_text(encoding="utf-8")) if SNAPSHOT.exists() else {}
    changed = [k for k in sorted(set(old) | set(now)) if old.get(k) != now.get(k)]
    for k in changed:
        print(f"{k}:")
        was, new = old.get(k) or [], now.get(k) or []
        for i in range(max(len(was), len(new))):
            a = was[i] if i < len(was) else None
            b = new[i] if i < len(new) else None
            if a != b:
                print(f"  was {a}\n  now {b}")
    print(f"{len(changed)} of {len(now)} built-in cards read back otherwise than the snapshot")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
