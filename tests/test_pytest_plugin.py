"""The pytest plugin (entry point ``pytest11`` ``mtgjudge``): inactive unless asked for; then each question
is a test named by its id, a failure shows the answer, the expectation and the reasons, unsupported is a
skip (a failure when strict), and it runs under pytest-xdist."""
from __future__ import annotations

import importlib.metadata

import pytest

pytest_plugins = ["pytester"]

ELVES = """id: {id}
ask: can-activate
about: elves
state: {{players: {{Alice: {{battlefield: [{{card: Llanowar Elves, id: elves{sick}}}]}}}}}}
expect: {expect}
"""
UNSUPPORTED = """id: disentomb-after-a-mill
ask: outcome
state:
  players:
    Alice: {battlefield: [Island, Swamp], hand: [{card: Tome Scour, id: ts}, {card: Disentomb, id: dis}], library: 5,
            graveyard: [{card: Memnite, id: mem}]}
actions: [{cast: ts, targets: [Alice]}, {resolve: 1}, {cast: dis, targets: [mem]}, {resolve: 1}]
expect: [{object: mem, zone: hand}]
"""


def elves(qid: str, sick: bool = False, expect: str = "yes") -> str:
    return ELVES.format(id=qid, sick=", summoning_sick: true" if sick else "", expect=expect)


@pytest.fixture
def questions(pytester: pytest.Pytester):
    pytester.makefile(".yaml", judge=elves("elves-tap") + "---\n" + elves("elves-sick-wrong", sick=True) + "---\n"
                      + UNSUPPORTED)
    pytester.makefile(".yml", broken="id: broken\nask: can-cast\nstate: {players: {Alice: {}}}\n")
    return pytester


def test_the_entry_point_names_the_plugin():
    points = importlib.metadata.entry_points(group="pytest11")
    assert [p.value for p in points if p.name == "mtgjudge"] == ["mtgjudge.queries.pytest_plugin"]


def test_inactive_unless_asked_for(questions):
    result = questions.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    result.assert_outcomes()


def test_each_question_is_a_test_named_by_its_id(questions):
    result = questions.runpytest("--mtgjudge", "-p", "no:cacheprovider", "-rs", "-v")
    result.assert_outcomes(passed=1, failed=2, skipped=1)
    result.stdout.fnmatch_lines(["*broken.yml::broken FAILED*", "*judge.yaml::elves-tap PASSED*",
                                 "*judge.yaml::elves-sick-wrong FAILED*", "*judge.yaml::disentomb-after-a-mill SKIPPED*"])
    result.stdout.fnmatch_lines(["SKIPPED ?1? judge.yaml:13: unsupported: *"])   # where the question is
    out = result.stdout.str()
    assert "  answer: no" in out and "  expected: yes" in out and "[302.6]" in out   # answer, expectation, reasons
    assert "'can-cast' is not a kind of question" in out
    assert "unsupported: " in out and "_battlefield_" not in out


def test_strict_makes_unsupported_fail(questions):
    questions.runpytest("--mtgjudge", "--mtgjudge-strict", "-p", "no:cacheprovider").assert_outcomes(passed=1, failed=3)


def test_the_ini_options_turn_it_on(questions):
    questions.makeini("[pytest]\nmtgjudge = true\nmtgjudge_strict = true\nmtgjudge_files = *.yaml\n")
    questions.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1, failed=2)   # broken.yml not collected


def test_an_id_used_in_two_files_fails_the_later_one(pytester: pytest.Pytester):
    pytester.makefile(".yaml", a=elves("same"), b=elves("same"))
    result = pytester.runpytest("--mtgjudge", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    assert "two questions have the id 'same'" in result.stdout.str()


def test_with_xdist(questions):
    pytest.importorskip("xdist")
    result = questions.runpytest("--mtgjudge", "-p", "no:cacheprovider", "-n", "2")
    result.assert_outcomes(passed=1, failed=2, skipped=1)
