"""The command ``mtgjudge cards coverage``: where its cards come from (``cards_source``), its options, and
printing the report. ``cli.py`` and ``cards_cmd.py`` only hook it in (``add_coverage_parser``,
``run_coverage``)."""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.cards.store import open_store
from mtgjudge.model.cards.sources import SourceError, read
from mtgjudge.model.names import normalize
from mtgjudge.queries.terminal import emit
from mtgjudge.queries.coverage.kinds import KINDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mtgjudge.queries.coverage.core import Card

#: The sample a ``--sample`` without ``--seed`` draws.
DEFAULT_SEED = 8


def default_cards() -> list[Card]:
    """The cards swept when no ``--from`` is given: every card in the card store (as records, compiled where
    they are swept); with an empty store, the product's own card definitions (tokens are no cards to cast)."""
    store = open_store()
    records: list[Card] = [stored.record for name in store.card_names() if (stored := store.stored(name)) is not None]
    return records or [c for c in card_db().built_in() if not c.token]


def cards_source(args: argparse.Namespace) -> list[Card]:
    """The cards to sweep: every card of the ``--from`` data files (Scryfall, MTGJSON v5 or v3), read as
    records and compiled where they are swept; else the default cards."""
    if args.from_files:
        return [r for path in args.from_files for r in read(path)]
    return default_cards()


def chosen(cards: list[Card], args: argparse.Namespace) -> list[Card]:
    """The cards ``--card`` names (by any face's name or the whole name), then a ``--sample`` of them drawn
    with ``--seed`` (in their listed order)."""
    if args.card:
        wanted = {normalize(n) for n in args.card}
        cards = [c for c in cards if {normalize(c.name), *(normalize(f.name) for f in c.faces)} & wanted]
    if args.sample is not None and args.sample < len(cards):
        picked = sorted(random.Random(args.seed).sample(range(len(cards)), args.sample))
        cards = [cards[i] for i in picked]
    return cards


def add_coverage_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``coverage`` to the subcommands of ``mtgjudge cards``."""
    p = subparsers.add_parser(
        "coverage", help="ask every card the questions a judge starts with; count what is answered",
        description="For every card, pose on a board the command builds the questions a judge would start "
                    "with: can-play (in hand, own main phase, lands for its cost, a legal target), could-produce "
                    "(cards with a mana ability, on the battlefield untapped), can-activate (each activated "
                    "ability, its cost payable) and outcome (instants, sorceries and permanents with an enters "
                    "trigger cast on the can-play board and resolved, every choice of targets a branch; answered: "
                    "the outcome computed in every branch), can-attack and can-block (each creature face on the battlefield "
                    "untapped and not summoning sick, the opponent controlling a vanilla creature, a flier and a reach "
                    "creature: attacking in its controller's declare attackers step; blocking the vanilla creature as "
                    "the three attack). Print per kind how many were answered (yes or no), unsupported "
                    "(with the ten most frequent reasons) or crashed (each crash listed). Exit 1 if a question "
                    "crashed, 2 if a data file can't be read.")
    p.add_argument("--from", dest="from_files", nargs="+", metavar="FILE",
                   help="card data files (Scryfall bulk data, MTGJSON AtomicCards v5, MTGJSON v3); default: the "
                        "cards the verifier defines")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--sample", type=int, metavar="N", help="sweep a random sample of N cards")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the sample's seed (default {DEFAULT_SEED})")
    p.add_argument("--card", action="append", metavar="NAME", help="sweep only this card (repeatable)")
    p.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS), metavar="KIND",
                   help=f"ask only these kinds of question (default: all of {', '.join(KINDS)}); can-attack and "
                        "can-block alone skip, uncompiled, the cards with no creature face (the reading counts "
                        "the cards compiled)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help="worker processes (default: the machine's cores)")
    return p


def run_coverage(args: argparse.Namespace) -> int:
    """Run ``mtgjudge cards coverage``; the exit code."""
    # the sweep (its boards, the engine, worker processes) only for this command: every command builds the
    # parser of this one
    from mtgjudge.queries.coverage.core import sweep
    from mtgjudge.queries.coverage.progress import Progress
    from mtgjudge.queries.coverage.report import to_json, to_text

    try:
        cards = chosen(cards_source(args), args)
    except SourceError as e:
        emit(f"mtgjudge: {e}", sys.stderr)
        return 2
    bar = Progress(len(cards))
    try:
        report = sweep(cards, kinds=tuple(args.kinds), workers=max(1, args.jobs), progress=bar)
    finally:
        bar.close()
    emit(json.dumps(to_json(report), ensure_ascii=False) if args.json else to_text(report))
    return 1 if report.crashes else 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mtgjudge.queries.coverage.cli``: the command alone."""
    parser = argparse.ArgumentParser(prog="mtgjudge cards")
    add_coverage_parser(parser.add_subparsers(dest="cards_command"))
    return run_coverage(parser.parse_args(["coverage", *(argv if argv is not None else sys.argv[1:])]))


if __name__ == "__main__":
    sys.exit(main())
