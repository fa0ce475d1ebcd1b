"""The command line: ``mtgjudge ask``, ``mtgjudge check`` and ``mtgjudge cards``.

Exit codes are the spec's: 0 fine; 1 (check) some question failed, or with --strict was unsupported;
2 a question had an error or the command line was wrong; 3 the verifier itself broke (one line, no
traceback unless --debug).
"""
from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path
from typing import Sequence

from mtgjudge.queries.api import CORPUS, version
from mtgjudge.queries.cards_cmd import run_cards
from mtgjudge.queries.coverage.cli import add_coverage_parser
from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import load_paths
from mtgjudge.queries.report import to_json, to_text
from mtgjudge.queries.runner import Result, run_question, summary_line

DESCRIPTION = """\
mtgjudge answers rules questions about a concrete Magic: The Gathering game state, exhaustively, citing
the Comprehensive Rules. A question file (YAML) holds a state, what is asked, and optionally the expected
answer; see the question format (docs: spec/question-format.md in the project).

examples:
  mtgjudge ask question.yaml              answer each question in the file, with reasons
  mtgjudge ask question.yaml --json       one JSON object per question
  mtgjudge check                          run the bundled corpus of judge questions
  mtgjudge check my-questions/ --strict   run a corpus; unsupported answers count as failures
  mtgjudge cards show "Llanowar Elves"    how the verifier understands a card
"""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mtgjudge", description=DESCRIPTION,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--debug", action="store_true", help="show a traceback when the verifier itself breaks")
    p.add_argument("--version", action="version", version=f"mtgjudge {version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    ask = sub.add_parser("ask", help="answer the questions in files, with reasons",
                         description="Answer every question in the given files and print each answer with its "
                                     "reasons (rule numbers) and witness. Exit 0 when every question was answered "
                                     "or is unsupported, 2 when a question had an error.")
    ask.add_argument("files", nargs="+", metavar="FILE", help="question files (.yaml/.yml) or directories")
    ask.add_argument("--json", action="store_true", help="one JSON object per line per question")
    ask.add_argument("--all", action="store_true", dest="all_payments",
                     help="can-pay/can-play: list every distinct payment, not just one")
    ask.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    check = sub.add_parser("check", help="run a corpus and compare answers with `expect`",
                           description="Run every question under the paths (default: the bundled corpus) and "
                                       "report pass, fail, answered, unsupported or error for each, then the line "
                                       "'N passed, N failed, N unsupported, N errors'. Exit 0 when nothing failed "
                                       "or had an error, 1 when something failed, 2 on errors.")
    check.add_argument("paths", nargs="*", metavar="PATH", help="files or directories (default: the bundled corpus)")
    check.add_argument("--json", action="store_true", help="one JSON object per question; the summary on stderr")
    check.add_argument("--strict", action="store_true", help="count unsupported answers as failures (exit 1)")
    check.add_argument("-q", "--quiet", action="store_true", help="print only questions that did not pass, and the summary")
    check.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    cards = sub.add_parser("cards", help="show how the verifier understands cards",
                           description="Show the verifier's own encoding of a card, or list the cards it models.")
    csub = cards.add_subparsers(dest="cards_command", metavar="WHAT")
    show = csub.add_parser("show", help="print one card's characteristics and numbered abilities")
    show.add_argument("name", nargs="+", help="the card's name (case and punctuation don't matter)")
    csub.add_parser("list", help="list every card the verifier models")
    add_coverage_parser(csub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mtgjudge`` command."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0) and 2
    if args.command is None:
        parser.print_help()
        return 2
    try:
        if args.command == "cards":
            return run_cards(args)
        return run_questions(args)
    except KeyboardInterrupt:
        print("mtgjudge: interrupted", file=sys.stderr)
        return 3
    except Exception as e:  # noqa: BLE001  (the one place a bug becomes exit code 3)
        if args.debug:
            traceback.print_exc()
        print(f"mtgjudge: internal error (a bug in the verifier): {type(e).__name__}: {e}", file=sys.stderr)
        return 3


def run_questions(args: argparse.Namespace) -> int:
    paths = list(getattr(args, "files", None) or getattr(args, "paths", None) or [CORPUS])
    for p in paths:
        if not Path(p).exists():
            print(f"mtgjudge: {p}: no such file or directory", file=sys.stderr)
            return 2
    results: list[Result] = []
    options = {"all_payments": True} if getattr(args, "all_payments", False) else {}
    quiet = getattr(args, "quiet", False)
    for item in load_paths(paths):
        if isinstance(item, QuestionError):
            r = Result(item.qid, item.file, "error", message=str(item))
        else:
            r = run_question(item, **options)
        results.append(r)
        if args.json:
            print(to_json(r), flush=True)
        elif not (quiet and r.status in ("pass", "answered")):
            print(to_text(r, verbose=args.command == "ask" or r.status == "fail"), flush=True)
    line = summary_line(results)
    print(line, file=sys.stderr if args.json else sys.stdout)
    statuses = {r.status for r in results}
    if "error" in statuses:
        return 2
    if args.command == "check" and ("fail" in statuses or (args.strict and "unsupported" in statuses)):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
