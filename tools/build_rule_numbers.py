"""Rebuild queries/rule_numbers.txt: the numbers (only) of the rules of the Comprehensive Rules.

The product checks that a question's ``because`` and ``rules`` name rules that exist; it ships their numbers,
facts about the CR, not its text. The numbers are those of the CR effective 2026-04-17, and those of the rules
the 2026-09-25 excerpts beside it add (the question format admits both). Run by hand when the rules change:
    python tools/build_rule_numbers.py [../shared/rules]
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))   # noqa: E402  (run from a checkout, before the package is installed)

OUT = ROOT / "queries" / "rule_numbers.txt"
#: A rule line of the excerpts file: "701.70. ..." or "601.6a ..."
_EXCERPT_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s", re.M)


def main(shared_rules: str = "../shared/rules") -> None:
    from mtgjudge.queries.rules_text import parse

    root = Path(shared_rules)
    cr = root / "MagicCompRules-20260417.txt"
    numbers = set(parse(cr.read_text(encoding="utf-8"), str(cr)).rules)
    changes = root / "MagicCompRules-20260925-changes.txt"
    if changes.exists():
        numbers |= set(_EXCERPT_RULE.findall(changes.read_text(encoding="utf-8")))
    key = lambda n: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", n)]   # noqa: E731
    OUT.write_text("\n".join(sorted(numbers, key=key)) + "\n", encoding="utf-8")
    print(f"{len(numbers)} rule numbers -> {OUT}")


if __name__ == "__main__":
    main(*sys.argv[1:])
