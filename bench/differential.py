"""Benchmark and audit: the differential check (``queries.coverage.differential``) over every card of the card
store ($MTGJUDGE_CARDS, else the product's own cards): for each card in Alice's hand, graveyard, exile and on the
battlefield, can-play and can-activate compared with the engine casting, playing or activating it on the same
board. Prints the counts by (kind, question's verdict, engine's verdict) and every disagreement. Run by hand:

    MTGJUDGE_CARDS=/work/store python bench/differential.py [-j N] [--sample N] [--seed S] [--card NAME] [--json]
        [--partial FILE]

The cards are checked in an order drawn with the seed, so that a run stopped early has checked a uniform sample;
``--partial FILE`` rewrites FILE with the counts and disagreements so far as each chunk of cards is done.
Exit 1 if there is a disagreement.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys

from mtgjudge.queries.coverage.cli import DEFAULT_SEED, chosen, default_cards
from mtgjudge.queries.coverage.differential import DifferentialReport, run
from mtgjudge.queries.coverage.progress import Progress


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--sample", type=int)
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--card", action="append")
    p.add_argument("--json", action="store_true")
    p.add_argument("--partial", metavar="FILE")
    args = p.parse_args()
    cards = chosen(default_cards(), args)
    random.Random(args.seed).shuffle(cards)
    bar = Progress(len(cards))
    report = DifferentialReport()

    def progress(n: int) -> None:
        bar(n)
        if args.partial:
            with open(args.partial, "w", encoding="utf-8") as f:
                json.dump(_json(report), f, ensure_ascii=False)

    try:
        run(cards, workers=max(1, args.jobs), progress=progress, report=report)
    finally:
        bar.close()
    if args.json:
        print(json.dumps(_json(report), ensure_ascii=False))
    else:
        print(f"{report.cards} cards, {report.checks} checks, {len(report.disagreements)} disagreements, "
              f"{report.seconds:.1f} s with -j {args.jobs}")
        for (kind, asked, engine), n in sorted(report.counts.items()):
            print(f"  {kind:13} {asked:12} engine {engine:12} {n}")
        for c in report.disagreements:
            print(f"DISAGREE {c.card!r} in {c.zone}, {c.kind}{f' ability {c.ability}' if c.ability else ''}: "
                  f"{c.asked} ({' '.join(c.asked_why.split())[:300]}) / engine {c.engine} "
                  f"({' '.join(c.engine_why.split())[:300]})")
    return 1 if report.disagreements else 0


def _json(report: DifferentialReport) -> dict:
    return {"cards": report.cards, "checks": report.checks, "seconds": round(report.seconds, 1),
            "counts": [[*k, n] for k, n in sorted(report.counts.items())],
            "disagreements": [c.to_json() for c in report.disagreements]}


if __name__ == "__main__":
    sys.exit(main())
