"""Rebuild model/cards/known_names.txt.gz: the names (only) of every card in ../shared/cards.

The product ships names so that a real card it does not model yet is answered `unsupported` instead of
"unknown card"; it ships no card text. Run by hand when the card data changes:
    python tools/build_known_names.py [../shared/cards]
"""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "model" / "cards" / "known_names.txt.gz"


def main(shared_cards: str = "../shared/cards") -> None:
    root = Path(shared_cards)
    names: set[str] = set()
    for part in sorted(root.glob("mtgjson3/cards_oracle_*.json")):
        data = json.loads(part.read_text(encoding="utf-8"))
        for name, card in data.items():
            names.add(name)
            for other in card.get("names", []) or []:
                names.add(other)
    focus = root / "focus_cards.json"
    if focus.exists():
        for entry in json.loads(focus.read_text(encoding="utf-8")):
            names.add(entry["name"])
            for side in ("front", "back"):
                n = (entry.get("xmage_source") or {}).get(side, {}).get("name")
                if n:
                    names.add(n)
    with gzip.open(OUT, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(sorted(names)) + "\n")
    print(f"{len(names)} names -> {OUT}")


if __name__ == "__main__":
    main(*sys.argv[1:])
