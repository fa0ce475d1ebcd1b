"""Record (or compare) the bundled corpus's answers: status, value and cited rules of every question, in
tests/fixtures/corpus_snapshot.json, which tests/test_corpus.py checks.

    python tools/corpus_snapshot.py           print the questions whose answer differs from the snapshot
    python tools/corpus_snapshot.py --write   record the current answers
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = ROOT / "tests" / "fixtures" / "corpus_snapshot.json"
sys.path.insert(0, str(ROOT))
from tests.corpus_answers import all_results  # noqa: E402  (the corpus answered as the tests answer it)
from tests.test_corpus import snapshot_entry  # noqa: E402  (one definition of what is recorded)


def current() -> dict:
    return {r.qid: snapshot_entry(r) for r in all_results()}


def main(argv: list[str]) -> int:
    now = current()
    if "--write" in argv:
        SNAPSHOT.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(now)} questions in {SNAPSHOT}")
        return 0
    old = json.loads(SNAPSHOT.read_text()) if SNAPSHOT.exists() else {}
    changed = [k for k in sorted(set(old) | set(now)) if old.get(k) != now.get(k)]
    for k in changed:
        print(f"{k}:\n  was {old.get(k)}\n  now {now.get(k)}")
    print(f"{len(changed)} of {len(now)} questions differ from the snapshot")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
