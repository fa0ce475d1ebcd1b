"""The command line: ``mtgjudge ask``, ``check``, ``new``, ``schema``, ``format``, ``rules``, ``cards`` and
``serve``.

Exit codes are the spec's: 0 fine; 1 (check) some question failed, or with --strict was unsupported;
2 a question had an error, there were no questions, or the command line was wrong; 3 the verifier itself
broke (one line, no traceback unless --debug). Output to a pipe that was closed (``check | head -1``) ends
quietly with 141 (128 + SIGPIPE), and Ctrl-C with one line and 130 (128 + SIGINT), as Unix tools do
(:mod:`mtgjudge.queries.entry`, the command's entry point, catches a Ctrl-C that comes while this module is
being imported).
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from contextlib import closing
from pathlib import Path
from typing import Sequence

from mtgjudge.model.deadline import DEFAULT_SECONDS, MAX_SECONDS, valid_seconds
from mtgjudge.queries import batch, rules_text
from mtgjudge.queries.api import CORPUS, version
from mtgjudge.queries.batch import RunOptions, Source
from mtgjudge.model.cards.store import StoreError
from mtgjudge.queries.docs import FORMAT_DOC, format_doc
from mtgjudge.queries.interrupt import INTERRUPTED, interrupted
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.report import STYLES, TextOptions
from mtgjudge.queries.runner import STATUSES
from mtgjudge.queries.store_option import add_store_option, choose_store
from mtgjudge.queries.terminal import Progress, RelativeTo, emit, use_color, use_progress

DESCRIPTION = f"""\
mtgjudge answers rules questions about a concrete Magic: The Gathering game state, exhaustively, citing
the Comprehensive Rules; when it cannot model something it says `unsupported` and names it, never a guess.

A question file (YAML) holds a state, what is asked, and optionally the expected answer. The format is
documented in {FORMAT_DOC} (in the source repository, and printed by `mtgjudge format`).

start here:
  mtgjudge new can-play > q.yaml          a commented question to fill in; kinds of question:
                                          {', '.join(KINDS)}
  mtgjudge ask q.yaml                     answer it, with the rules that decide it
  mtgjudge ask q.yaml --explain           ... and each cited rule's first sentence (needs the rules text)
  cat q.yaml | mtgjudge ask -             read the question from standard input

more:
  mtgjudge check                          run the bundled corpus of judge questions (-v: one line each)
  mtgjudge check my-questions/ --strict   run your corpus; unsupported answers count as failures
  mtgjudge check -j 4 -v                  on 4 processes, with every answer's reasons
  mtgjudge ask q.yaml --json              one JSON object per question (ids, every reason, the witness)
  mtgjudge cards show "Llanowar Elves"    how the verifier understands a card
  mtgjudge serve --open                   a page at the judge's table: a board by card name, the answer
  mtgjudge cards import oracle-cards.json import every card of a Scryfall or MTGJSON file
  mtgjudge rules show 302.6               a rule's text (`mtgjudge rules import FILE` once first)
  mtgjudge schema > question.schema.json  a JSON Schema for editors' completion and checks
  pytest --mtgjudge my-questions/         each question a pytest test (the pytest plugin)

exit codes: 0 fine; 1 a question failed its expectation (or, with --strict, was unsupported); 2 an error in a question, no
questions found, or a wrong command line; 3 a bug in the verifier (--debug shows the traceback).
"""


def _add_output_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true",
                   help="one JSON object per line per question (ids, every reason, the witness)")
    p.add_argument("--witness", action="store_true",
                   help="text: print each answer's witness (the choices or payment that get there)")
    p.add_argument("--explain", action="store_true",
                   help="text: print under each cited rule the first sentence of its text (needs the rules text: "
                        "--rules FILE, $MTGJUDGE_RULES or `mtgjudge rules import FILE`)")
    p.add_argument("--rules", metavar="FILE", help="the Comprehensive Rules text file for --explain")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour the statuses: auto (on a terminal), always or never; NO_COLOR turns it off")
    p.add_argument("-j", "--jobs", type=_jobs, default=None, metavar="N",
                   help="answer on N processes (default: 1 for ask, the machine's cores for check: "
                        f"{batch.default_jobs()} here)")
    p.add_argument("--expand", type=_expand, default=None, metavar="N",
                   help="mana-options: list the amounts when there are at most N (default 64; `all`: always, "
                        "0: never), else show the factored form")
    p.add_argument("--timeout", type=_seconds, default=DEFAULT_SECONDS, metavar="SECONDS",
                   help=f"the time bound of each question (default {DEFAULT_SECONDS:g}); past it the answer is "
                        "unsupported, naming the bound")
    # SUPPRESS as default: without --debug here, the top-level `mtgjudge --debug ask ...` stands
    p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def _seconds(text: str) -> float:
    try:
        return valid_seconds(float(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"the time bound is more than 0 and at most {MAX_SECONDS:g} seconds, "
                                         f"not {text!r}") from None


def _expand(text: str) -> int | str:
    if text == "all":
        return text
    try:
        n = int(text)
        if n >= 0:
            return n
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"--expand takes a count of amounts (0 or more) or `all`, not {text!r}")


def _jobs(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes") from None
    if n < 1:
        raise argparse.ArgumentTypeError("the number of processes is at least 1")
    return n


class _Version(argparse.Action):
    """``--version``: the installed version, read only when asked (reading it costs every start-up ~30 ms)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"mtgjudge {version()}")
        parser.exit()


#: The commands, in the order ``--help`` lists them.
COMMANDS = ("ask", "check", "new", "schema", "format", "rules", "serve", "cards")


class _Refused(Exception):
    """A command line the parser of one command refused: the whole parser is built to say why."""


class _OneCommandParser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]
        raise _Refused(message)


def build_parser(command: str | None = None,
                 parser_class: type[argparse.ArgumentParser] = argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The command line's parser; with ``command``, only that command's part (building every command's parser
    costs each start-up ~10 ms)."""
    def wanted(name: str) -> bool:
        return command is None or command == name

    p = parser_class(prog="mtgjudge", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--debug", action="store_true", help="show a traceback when the verifier itself breaks")
    p.add_argument("--version", action=_Version, nargs=0, help="show program's version number and exit")
    add_store_option(p, root=True)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    if wanted("ask"):
        ask = sub.add_parser("ask", help="answer the questions in files, with reasons",
                             formatter_class=argparse.RawDescriptionHelpFormatter,
                             description="Answer every question in the given files and print each answer with the "
                                         "reasons (rule numbers) that decide it.\nExit 0 when every question was "
                                         "answered or is unsupported, 1 when a question failed its expectation, 2 "
                                         "when a question had an error.",
                             epilog="examples:\n  mtgjudge ask q.yaml\n  mtgjudge ask q.yaml --all --explain\n"
                                    "  mtgjudge new can-pay | mtgjudge ask -\n\n"
                                    f"The question format: {FORMAT_DOC} (`mtgjudge format`).")
        ask.add_argument("files", nargs="+", metavar="FILE",
                         help="question files (.yaml/.yml), directories, or - for standard input")
        ask.add_argument("--all", action="store_true", dest="all_payments",
                         help="can-pay/can-play/can-activate: list every distinct payment, not just one")
        _add_output_options(ask)
        add_store_option(ask)

    if wanted("check"):
        check = sub.add_parser("check", help="run a corpus and compare answers with `expect`",
                               formatter_class=argparse.RawDescriptionHelpFormatter,
                               description="Run every question under the paths (default: the bundled corpus): each "
                                           "question that did not pass (fail, unsupported or error) with its details "
                                           "(-v: every question), then 'N passed, N failed, N unsupported, N "
                                           "errors'.\nExit 0 when nothing failed or had an error, 1 when something "
                                           "failed, 2 on errors or when no question was found.",
                               epilog="examples:\n  mtgjudge check\n  mtgjudge check my-questions/ --strict -j 2\n"
                                      "  mtgjudge check my-questions/ --json > results.jsonl\n\n"
                                      f"The question format: {FORMAT_DOC} (`mtgjudge format`).")
        check.add_argument("paths", nargs="*", metavar="PATH",
                           help="files or directories (default: the bundled corpus)")
        check.add_argument("--strict", action="store_true", help="count unsupported answers as failures (exit 1)")
        # the default prints only what did not pass: a passing corpus is one line, the summary
        check.add_argument("-q", "--quiet", action="store_true",
                           help="print only questions that did not pass, and the summary (the default; kept for "
                                "scripts)")
        check.add_argument("-v", "--verbose", action="store_true",
                           help="print every question, each answer with its reasons")
        check.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")
        _add_output_options(check)
        add_store_option(check)

    if wanted("new"):
        new = sub.add_parser("new", help="print a commented question of a kind, to fill in",
                             description="Print a question of the given kind with every key explained in comments. It "
                                         "runs as printed; change the names and the expectation to ask yours.",
                             epilog="example:  mtgjudge new can-play > q.yaml && $EDITOR q.yaml && mtgjudge ask q.yaml")
        new.add_argument("kind", choices=list(KINDS), metavar="KIND", help=f"one of: {', '.join(KINDS)}")

    if wanted("schema"):
        sub.add_parser("schema", help="print a JSON Schema of question files, for editors",
                       description="Print a JSON Schema (draft 2020-12) of a question document. With the YAML "
                                   "extension of VS Code (and other editors using yaml-language-server), put "
                                   "`# yaml-language-server: $schema=question.schema.json` at the top of a file for "
                                   "completion and checks as you type.")

    if wanted("format"):
        sub.add_parser("format", help="print the question format's documentation",
                       description=f"Print the documentation of the question format ({FORMAT_DOC}).")

    if wanted("rules"):
        rules = sub.add_parser("rules", help="look up the Comprehensive Rules text",
                               description="Show rules by number from a Comprehensive Rules text file, which the "
                                           "product does not ship: give it with --rules FILE or $MTGJUDGE_RULES, or "
                                           "import it once with `mtgjudge rules import FILE`.")
        rsub = rules.add_subparsers(dest="rules_command", metavar="WHAT")
        show = rsub.add_parser("show", help="print rules by number, with their subrules' numbers")
        show.add_argument("numbers", nargs="+", metavar="NUMBER", help="rule numbers like 302.6 or 107.4e")
        show.add_argument("--rules", metavar="FILE", help="the Comprehensive Rules text file")
        imp = rsub.add_parser("import", help="keep a copy of a Comprehensive Rules text file for later use")
        imp.add_argument("file", metavar="FILE", help="MagicCompRules-YYYYMMDD.txt")

    if wanted("serve"):
        serve = sub.add_parser("serve", help="a web page to build a board by card name and ask about it",
                               description="Serve a page (needs the web extra: pip install 'mtgjudge[web]') that "
                                           "builds a board by card name, or opens a question file, and shows the "
                                           "answer with its rules. It listens on 127.0.0.1 unless told otherwise; on "
                                           "any other address it needs a token, printed with the address at start.")
        serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
        serve.add_argument("--port", type=int, default=8765, help="the port (default 8765)")
        serve.add_argument("--open", action="store_true", help="open the page in a browser")
        serve.add_argument("--token", metavar="TOKEN",
                           help="the token a browser must bring (needed off loopback; 'generate' makes one)")
        serve.add_argument("--timeout", type=_seconds, default=DEFAULT_SECONDS, metavar="SECONDS",
                           help=f"the time bound of each question (default {DEFAULT_SECONDS:g})")
        add_store_option(serve)

    if wanted("cards"):
        from mtgjudge.queries.cards_cmd import add_cards_parser

        add_cards_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mtgjudge`` command."""
    try:
        args = _parse(sys.argv[1:] if argv is None else list(argv))
    except SystemExit as e:
        return int(e.code or 0) and 2
    if args.command is None:
        build_parser().print_help()
        return 2
    choose_store(args)
    try:
        # each command's own modules are imported by it alone: the others' cost every start-up ~8 ms
        if args.command == "cards":
            from mtgjudge.queries.cards_cmd import run_cards

            return run_cards(args)
        if args.command == "rules":
            return run_rules(args)
        if args.command == "new":
            from mtgjudge.queries.templates import template

            sys.stdout.write(template(args.kind))
            return 0
        if args.command == "schema":
            from mtgjudge.queries.schema import question_schema

            print(json.dumps(question_schema(), indent=2, ensure_ascii=False))
            return 0
        if args.command == "serve":
            from mtgjudge.queries.web.app import ServeError, serve
            try:
                return serve(args.host, args.port, args.token, args.open, args.timeout)
            except ServeError as e:
                print(f"mtgjudge serve: {e}", file=sys.stderr)
                return 2
        if args.command == "format":
            sys.stdout.write(format_doc())
            return 0
        return run_questions(args)
    except StoreError as e:
        emit(f"mtgjudge: {e}", sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (`mtgjudge check | head -1`): no bug; stop quietly as Unix tools do
        _drop_stdout()
        return 128 + signal.SIGPIPE
    except KeyboardInterrupt:
        interrupted()
        return INTERRUPTED
    except Exception as e:  # noqa: BLE001  (the one place a bug becomes exit code 3)
        if args.debug:
            import traceback

            traceback.print_exc()
        emit(f"mtgjudge: internal error (a bug in the verifier): {type(e).__name__}: {e}", sys.stderr)
        return 3


def _parse(argv: list[str]) -> argparse.Namespace:
    """The command line, read by the parser of the command it names (the first word that is a command's name);
    whatever that parser refuses, and any help but a command's, the whole parser reads, so that what it says is
    what it would say alone."""
    named = next((a for a in argv if a in COMMANDS), None)
    helps = [i for i, a in enumerate(argv) if a in ("-h", "--help")]
    if named is not None and not (helps and helps[0] < argv.index(named)):
        try:
            return build_parser(named, _OneCommandParser).parse_args(argv)
        except _Refused:
            pass
    return build_parser().parse_args(argv)


def _drop_stdout() -> None:
    """Point standard output at the null device, so that flushing it at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):   # no file descriptor behind sys.stdout (embedded): nothing is flushed
        pass


def run_rules(args: argparse.Namespace) -> int:
    try:
        if args.rules_command == "import":
            dest, rules = rules_text.import_file(args.file)
            print(f"imported {len(rules.rules)} rules (effective {rules.effective or 'date unknown'}) to {dest}")
            return 0
        if args.rules_command == "show":
            rules = rules_text.load(args.rules)
            status = 0
            for n in args.numbers:
                rule = rules.get(n)
                if rule is None:
                    print(f"mtgjudge: no rule {n} in {rules.source}", file=sys.stderr)
                    status = 2
                    continue
                # as the rules print them: "302." and "302.6." with a full stop, "302.6a" without
                print(f"{rule.number} {rule.text}" if rule.number[-1].isalpha() else f"{rule.number}. {rule.text}")
                for ex in rule.examples:
                    print(f"  {ex}")
                subs = rules.subrules(n)
                if subs:
                    print(f"  ({len(subs)} under it: {', '.join(s.number for s in subs)})")
            return status
    except rules_text.RulesFileError as e:
        print(f"mtgjudge: {e}", file=sys.stderr)
        return 2
    print("mtgjudge rules: say `show NUMBER` or `import FILE`", file=sys.stderr)
    return 2


def run_questions(args: argparse.Namespace) -> int:
    is_check = args.command == "check"
    paths = list(getattr(args, "files", None) or getattr(args, "paths", None) or [CORPUS])
    items: list = []
    seen: set[Path] = set()
    for p in paths:
        if p == "-":
            items.append(Source("<stdin>", sys.stdin.read()))
        elif not _exists(p):
            return 2
        else:
            for source in batch.sources([p]):   # a file named twice is read once
                key = Path(source.file).resolve()
                if key not in seen:
                    seen.add(key)
                    items.append(source)
    rules = None
    if args.explain and not args.json:
        try:
            rules = rules_text.load(args.rules)
        except rules_text.RulesFileError as e:
            emit(f"mtgjudge: --explain: {e}", sys.stderr)
            return 2
    verbose = not is_check or args.verbose
    color = use_color(args.color)
    # colour is added as each result is written (emit), after what the data holds is escaped
    text = TextOptions(verbose=verbose, brief=is_check, witness=args.witness, rules=rules, color=False,
                       where=RelativeTo([p for p in paths if p != "-"]))
    answer = {"timeout": args.timeout}
    if getattr(args, "all_payments", False):
        answer["all_payments"] = True
    if args.expand is not None:
        answer["expand"] = args.expand
    options = RunOptions(answer=answer,
                         json=args.json, text=text, quiet=is_check and not args.verbose)
    jobs = args.jobs or (batch.default_jobs() if is_check else 1)
    progress = Progress(batch.estimate(items)) if is_check and not args.no_progress and use_progress(args.json) else None
    counts = dict.fromkeys(STATUSES, 0)
    try:
        # closed however the loop ends (Ctrl-C, SIGTERM, a closed pipe): the workers stop at once rather
        # than when the interpreter ends, after answering everything
        with closing(batch.run(items, options, jobs)) as answers:
            for done in answers:
                counts[done.status] += 1
                if done.text:
                    style = STYLES.get(done.status, "") if color and not args.json else ""
                    if progress is not None:
                        progress.print(done.text, style=style)
                    else:
                        emit(done.text, flush=True, style=style)
                if progress is not None:
                    progress.step()
    except batch.WorkersLost as e:
        # the verifier broke, not a question: the answers that came, their summary, and what was lost
        if progress is not None:
            progress.clear()
        print(summary(counts), file=sys.stderr if args.json else sys.stdout, flush=True)
        print(f"mtgjudge: {e}", file=sys.stderr)
        return 3
    if progress is not None:
        progress.clear()
    if not any(counts.values()):
        emit(f"mtgjudge: no questions found in {', '.join(map(str, paths))} (question files end in .yaml or "
             ".yml; `mtgjudge new KIND` prints one to start from)", sys.stderr)
        return 2
    line = summary(counts)
    print(line, file=sys.stderr if args.json else sys.stdout)
    if counts["error"]:
        return 2
    # ask too: a script that runs it tells a failed expectation from a pass by the exit code
    if counts["fail"] or (is_check and args.strict and counts["unsupported"]):
        return 1
    return 0


def _exists(path: str) -> bool:
    """Does ``path`` exist? If not, say why (a name too long for the system is the user's error too; an
    empty one names no file, not the current folder)."""
    if path == "":
        print("mtgjudge: '': an empty path names no file", file=sys.stderr)
        return False
    try:
        if Path(path).exists():
            return True
        why = "no such file or directory"
    except OSError as e:
        why = (e.strerror or str(e)).lower()
    emit(f"mtgjudge: {path}: {why}", sys.stderr)
    return False


def summary(counts: dict[str, int]) -> str:
    """``N passed, N failed, N unsupported, N errors`` (``, N answered`` where non-zero), uncoloured: CI
    reads it."""
    line = f"{counts['pass']} passed, {counts['fail']} failed, {counts['unsupported']} unsupported, {counts['error']} errors"
    return line + (f", {counts['answered']} answered" if counts["answered"] else "")


if __name__ == "__main__":
    sys.exit(main())
