"""The command line as a user meets it: `check` prints what did not pass (-v: every question) and the same output on any number
of processes, no questions is an error, `ask -`, `new`, `schema`, `format`, `rules`, `--version`, colours
only when wanted, and a progress bar only on a terminal."""
from __future__ import annotations

import ast
import io
import json
import re
import sys

import pytest

from mtgjudge.queries.api import CORPUS, version
from mtgjudge.queries.cli import main
from mtgjudge.queries.format.files import load_paths, load_text
from mtgjudge.queries.format.questions import Question
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.runner import run_question
from mtgjudge.queries.templates import template
from mtgjudge.queries.terminal import Progress, use_color

ELVES = """id: {id}
ask: can-activate
about: elves
state: {{players: {{Alice: {{battlefield: [{{card: Llanowar Elves, id: elves{sick}}}]}}}}}}
expect: {expect}
"""


def elves(qid: str, sick: bool = False, expect: str = "yes") -> str:
    return ELVES.format(id=qid, sick=", summoning_sick: true" if sick else "", expect=expect)


@pytest.fixture
def folder(tmp_path):
    """A corpus of a judge: several files, a question that fails, one with an error, an id used twice."""
    (tmp_path / "a.yaml").write_text(elves("a-one") + "---\n" + elves("a-two", sick=True, expect="no"))
    (tmp_path / "b.yaml").write_text(elves("b-fails", sick=True, expect="yes") + "---\n" + elves("a-one"))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.yml").write_text("id: c-broken\nask: can-cast\nstate: {players: {Alice: {}}}\n")
    (tmp_path / "sub" / "d.yaml").write_text(elves("d-one"))
    return tmp_path


def test_check_prints_only_the_summary_when_everything_passes_and_every_question_with_v(capsys):
    # One folder of the corpus: the whole corpus is answered once per run, by tests/test_corpus.py.
    part = CORPUS / "activation"
    assert main(["check", "-j", "2", str(part)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"\d+ passed, 0 failed, 0 unsupported, 0 errors", line)
    assert main(["check", "-j", "2", "-v", str(part)]) == 0
    out = capsys.readouterr().out.splitlines()
    n = len(load_paths([part]))
    heads = [line for line in out if not line.startswith(" ")]
    assert len(heads) == n + 1 and "  why:" in out
    assert all(re.fullmatch(r"PASS {8}[a-z0-9-]+  (\S+/)?corpus/\S+\.yaml:\d+", line) for line in heads[:-1]), heads[:3]
    assert re.fullmatch(r"\d+ passed, 0 failed, 0 unsupported, 0 errors", out[-1])


def test_check_gives_details_only_for_what_did_not_pass_and_everything_with_v(folder, capsys):
    assert main(["check", "-j", "1", str(folder)]) == 2
    out = capsys.readouterr().out
    assert "PASS" not in out and "why:" in out.split("FAIL        b-fails")[1]
    assert "why:" not in out.split("FAIL        b-fails")[0]
    assert main(["check", "-j", "1", "-v", str(folder)]) == 2
    assert "why:" in capsys.readouterr().out.split("FAIL        b-fails")[0]


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_check_output_is_the_same_on_any_number_of_processes(folder, capsys, extra):
    outputs = []
    for jobs in ("1", "2", "3"):
        code = main(["check", "-j", jobs, *extra, str(folder)])
        outputs.append((code, capsys.readouterr()))
    assert outputs[0] == outputs[1] == outputs[2]
    code, captured = outputs[0]
    assert code == 2
    text = captured.out
    if extra:
        ids = [json.loads(line)["id"] for line in text.splitlines()]
        assert ids == ["a-one", "a-two", "b-fails", "a-one", "c-broken", "d-one"]
        assert captured.err.strip() == "3 passed, 1 failed, 0 unsupported, 2 errors"
    else:
        assert "two questions have the id 'a-one' (the other at" in text
        assert "'can-cast' is not a kind of question" in text
        assert text.splitlines()[-1] == "3 passed, 1 failed, 0 unsupported, 2 errors"


def test_check_and_the_library_agree(folder):
    from mtgjudge import check
    results = check([folder])
    assert [(r.qid, r.status) for r in results] == [
        ("a-one", "pass"), ("a-two", "pass"), ("b-fails", "fail"), ("a-one", "error"), ("c-broken", "error"),
        ("d-one", "pass")]


def test_no_questions_is_an_error(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("not a question")
    assert main(["check", str(tmp_path)]) == 2
    assert "no questions found in" in capsys.readouterr().err
    (tmp_path / "empty.yaml").write_text("# nothing yet\n")
    assert main(["ask", str(tmp_path / "empty.yaml")]) == 2


def test_ask_reads_standard_input(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(elves("from-stdin")))
    assert main(["ask", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("PASS        from-stdin  <stdin>:1") and "why:" in out


def test_ask_exits_1_when_an_expectation_fails_and_0_when_it_holds(tmp_path, capsys):
    (tmp_path / "fails.yaml").write_text(elves("wrong", sick=True, expect="yes"))
    (tmp_path / "holds.yaml").write_text(elves("right", sick=True, expect="no"))
    assert main(["ask", str(tmp_path / "fails.yaml")]) == 1
    assert main(["ask", str(tmp_path / "holds.yaml")]) == 0
    assert main(["ask", "--json", str(tmp_path / "fails.yaml")]) == 1


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"mtgjudge {version()}"


@pytest.mark.parametrize("kind", list(KINDS))
def test_new_prints_a_question_that_runs_as_printed(kind, capsys):
    assert main(["new", kind]) == 0
    text = capsys.readouterr().out
    assert text == template(kind)
    (q,) = load_text(text)
    assert isinstance(q, Question), q
    assert q.ask == kind
    assert run_question(q).status == "pass"


def test_a_can_play_question_written_from_the_template_by_filling_in_names_runs():
    text = template("can-play")
    # A judge's question: "Bob has Thalia; I have a Forest and Llanowar Elves in hand. Can I cast it?"
    mine = (text.replace("can-i-cast-it", "elves-under-thalia").replace("Lightning Bolt", "Llanowar Elves")
            .replace("Mountain", "Forest").replace("expect: no", "expect: yes").replace('because: ["601.2f"]', ""))
    (q,) = load_text(mine)
    assert isinstance(q, Question), q
    r = run_question(q)
    assert r.status == "pass", r.message   # Thalia taxes only noncreature spells


def test_format_version_key(capsys):
    (q,) = load_text(elves("versioned") + "format: 1\n")
    assert isinstance(q, Question)
    (e,) = load_text(elves("versioned") + "format: 2\n")
    assert not isinstance(e, Question) and "reads question format 1; the question says 2" in str(e)


def test_format_prints_the_documentation(capsys):
    assert main(["format"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# ") and "can-play" in out and "```yaml" in out


def test_help_points_to_documentation_that_exists(capsys):
    from mtgjudge.queries.docs import FORMAT_DOC
    from pathlib import Path
    assert (Path(__file__).resolve().parents[1] / FORMAT_DOC).is_file()
    with pytest.raises(SystemExit):
        from mtgjudge.queries.cli import build_parser
        build_parser().parse_args(["--help"])
    assert FORMAT_DOC in capsys.readouterr().out


def test_rules_show_and_import(shared_dir, tmp_path, monkeypatch, capsys):
    cr = shared_dir / "rules" / "MagicCompRules-20260417.txt"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("MTGJUDGE_RULES", raising=False)
    assert main(["rules", "show", "302.6"]) == 2
    assert "mtgjudge rules import FILE" in capsys.readouterr().err
    assert main(["rules", "show", "302.6", "--rules", str(cr)]) == 0
    assert capsys.readouterr().out.startswith("302.6. A creature’s activated ability with the tap symbol")
    assert main(["rules", "import", str(cr)]) == 0
    assert "April 17, 2026" in capsys.readouterr().out
    assert main(["rules", "show", "107.4e", "999.9"]) == 2
    captured = capsys.readouterr()
    assert captured.out.startswith("107.4e A hybrid mana symbol") and "no rule 999.9" in captured.err
    monkeypatch.setenv("MTGJUDGE_RULES", str(cr))
    assert main(["ask", "--explain", str(CORPUS / "activation" / "tap-abilities.yaml")]) == 0
    assert "        302.6: A creature’s activated ability" in capsys.readouterr().out


def test_explain_without_a_rules_text_says_how_to_get_one(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("MTGJUDGE_RULES", raising=False)
    (tmp_path / "q.yaml").write_text(elves("q"))
    assert main(["ask", "--explain", str(tmp_path / "q.yaml")]) == 2
    assert "--rules FILE" in capsys.readouterr().err


def test_colour_only_when_wanted_and_never_with_no_color(folder, monkeypatch, capsys):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert not use_color("auto", io.StringIO())          # not a terminal
    main(["check", "-j", "1", str(folder)])
    assert "\033[" not in capsys.readouterr().out
    main(["check", "-j", "1", "-v", "--color", "always", str(folder)])
    assert "\033[32mPASS" in capsys.readouterr().out
    monkeypatch.setenv("NO_COLOR", "1")
    main(["check", "-j", "1", "--color", "always", str(folder)])
    assert "\033[" not in capsys.readouterr().out


def test_progress_bar_draws_on_stderr_and_clears_before_each_line(capsys):
    err = io.StringIO()
    p = Progress(4, stream=err, delay=0)
    p.step()
    assert "1/4 questions" in err.getvalue()
    p.print("PASS  x")
    assert err.getvalue().endswith("\r\033[K") and capsys.readouterr().out == "PASS  x\n"
    assert not p.drawn


def test_no_progress_bar_when_output_is_not_a_terminal(folder, capsys):
    main(["check", "-j", "1", str(folder)])
    assert "questions" not in capsys.readouterr().err


def test_ask_all_lists_payments_when_a_source_adds_two_mana(tmp_path, capsys):
    (tmp_path / "q.yaml").write_text(
        "id: finks\nask: can-play\nabout: finks\nstate: {players: {Alice: {battlefield: [Forest, Forest, Sol Ring], "
        "hand: [{card: Kitchen Finks, id: finks}]}}}\nexpect: yes\n")
    assert main(["ask", "--all", str(tmp_path / "q.yaml")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("PASS") and "  unsupported:" not in out
    assert re.search(r"  payments \(\d+\):\n    1\. .*Sol Ring", out)


def test_an_outcome_that_is_illegal_says_so(tmp_path, capsys):
    (tmp_path / "q.yaml").write_text(
        "id: two-lands\nask: outcome\nstate: {players: {Alice: {lands_played: 1, hand: [Forest]}}}\n"
        "actions: [{play: Forest}]\nexpect: [{count: 1, name: Forest, zone: battlefield}]\n")
    assert main(["check", "-j", "1", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "  answer: illegal" in out and "fail: the assertions could not be checked: the answer is illegal" in out


#: Modules that only some kinds of question need, each imported when such a question is read (the kinds'
#: registry) or asked (every distinct payment, for ``--all``): a can-activate question imports none of them.
NOT_FOR_CAN_ACTIVATE = ("mtgjudge.queries.kinds.can_attack", "mtgjudge.model.rules.combat.declare",
                        "mtgjudge.queries.kinds.mana_options", "mtgjudge.model.pool_terms",
                        "mtgjudge.model.rules.mana_options", "mtgjudge.queries.kinds.outcome",
                        "mtgjudge.queries.kinds.branches", "mtgjudge.model.payment.enumeration")


def _imported_by(tmp_path, question: str, *options: str) -> list[str]:
    """Which of NOT_FOR_CAN_ACTIVATE a whole ``mtgjudge ask`` of ``question`` imports (its cards kept compiled by a
    first run, so that the compiler's own imports do not count)."""
    import os
    import subprocess

    path = tmp_path / "q.yaml"
    path.write_text(question)
    probe = ("import sys\nfrom mtgjudge.queries.entry import main\nstatus = main(sys.argv[1:])\n"
             f"print(status, sorted(m for m in sys.modules if m in {NOT_FOR_CAN_ACTIVATE!r}))\n")
    env = {**os.environ, "MTGJUDGE_CACHE": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", probe, "ask", str(path), *options], capture_output=True, text=True,
                           env=env) for _ in range(2)]
    status, _, imported = runs[1].stdout.strip().splitlines()[-1].partition(" ")
    assert status == "0", runs[1].stdout + runs[1].stderr
    return ast.literal_eval(imported)


def test_a_can_activate_question_imports_no_other_kind_nor_every_payment(tmp_path):
    """The start-up of the README's question: its kind's module and the model it asks, not the other kinds' (combat,
    mana-options, the engine's branches of actions) nor the listing of every payment; asked with --all, or asking
    mana-options, imports what they need (the probe sees an import that happens)."""
    readme = ("id: q\nask: can-activate\nabout: elves\nstate:\n  players:\n    Alice:\n      battlefield:\n"
              "        - Fervor\n        - {card: Llanowar Elves, id: elves, summoning_sick: true}\nexpect: yes\n")
    assert _imported_by(tmp_path, readme) == []
    assert _imported_by(tmp_path, readme, "--all") == ["mtgjudge.model.payment.enumeration"]
    options = "id: q\nask: mana-options\nstate: {players: {Alice: {battlefield: [Llanowar Elves]}}}\n"
    assert {"mtgjudge.queries.kinds.mana_options", "mtgjudge.model.pool_terms"} <= set(_imported_by(tmp_path, options))


def test_the_commands_named_are_the_parsers_commands():
    from mtgjudge.queries.cli import COMMANDS, build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert tuple(sub.choices) == COMMANDS


@pytest.mark.parametrize("argv", [
    ["ask", "q.yaml", "--bogus"],                    # refused by the parser of the command named
    ["--cards", "check", "ask"],                     # an option's value that names a command: `ask` lacks its FILE
    ["ask"],
    ["new", "no-such-kind"],
    ["bogus"],
])
def test_a_refused_command_line_says_what_the_whole_parser_says(argv, capsys):
    from mtgjudge.queries.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    whole = capsys.readouterr().err
    assert main(argv) == 2
    assert capsys.readouterr().err == whole and "error:" in whole


def test_a_commands_help_is_the_same_from_its_own_parser(capsys):
    from mtgjudge.queries.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["check", "--help"])
    whole = capsys.readouterr().out
    assert main(["check", "--help"]) == 0
    assert capsys.readouterr().out == whole and "--strict" in whole
