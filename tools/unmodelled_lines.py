"""How many cards keep a line the model does not read, over card data files (default: ../shared/cards/mtgjson3), and
which lines those are: each line's text with the card's name as ``~``, reminder text dropped, numbers and mana
symbols generalised ("~ gets +N/+N", "{M}"), counted by the cards for which it is the only unmodelled line (the
lines whose modelling would make a card whole) and by the cards that have it at all.

    python tools/unmodelled_lines.py [FILE ...] [--top N]
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = sorted((ROOT.parent / "shared" / "cards" / "mtgjson3").glob("cards_oracle_*.json"))


def shape(text: str, name: str) -> str:
    """A line as its kind: the card's name as ``~``, no reminder text, N for numbers and X, {M} for symbols."""
    s = re.sub(r"\([^)]*\)", "", text.replace(name, "~")).strip()
    s = re.sub(r"\{[^}]+\}", "{M}", s)
    return re.sub(r"\b\d+\b|\bX\b", "N", s)


def main(argv: list[str]) -> int:
    from mtgjudge.model.cards.sources import read
    from mtgjudge.model.oracle import compile_card
    from mtgjudge.model.oracle.reading import read_card

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, default=DEFAULT)
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args(argv)
    if not args.files:
        ap.error("no card data files (../shared/cards/mtgjson3 is not there): name them")
    cards = with_unmodelled = 0
    only: Counter[str] = Counter()
    anywhere: Counter[str] = Counter()
    for path in args.files:
        for record in read(path):
            card = compile_card(record)
            if not card.modelled:
                continue
            cards += 1
            lines = {shape(line.source, face.name) for face, readings in read_card(card) for line in readings
                     if not line.modelled}
            if lines:
                with_unmodelled += 1
                anywhere.update(lines)
                if len(lines) == 1:
                    only.update(lines)
    print(f"{with_unmodelled} of {cards} cards ({with_unmodelled / max(cards, 1):.1%}) keep a line the model "
          "does not read")
    print(f"the {args.top} lines most often a card's only unmodelled one (cards: only that line / any):")
    for text, n in only.most_common(args.top):
        print(f"{n:6d} {anywhere[text]:6d}  {text[:140]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
