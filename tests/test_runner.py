"""The runner and the report read what is kind-specific from the kind's record: what an outcome's answer
is compared with, what a failed outcome's message lists, what its JSON answer shows, and which options a
kind takes."""
from __future__ import annotations

import json

from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.kinds.outcome import OutcomeAnswer
from mtgjudge.queries.report import to_json, to_text
from mtgjudge.queries.runner import run_question

STATE = """
state:
  players:
    Alice:
      battlefield: [{card: Forest, id: f1}, {card: Llanowar Elves, id: elves}]
    Bob: {}
"""


def run(text: str, **options):
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run_question(q, **options)


def test_a_failed_outcome_lists_the_assertions_that_do_not_hold():
    r = run("id: o\nask: outcome\n" + STATE + "actions: [{destroy: elves}]\n"
            "expect: [{object: elves, zone: graveyard}, {object: elves, zone: exile}]\n"
            "possible: [{stack_size: 0}, {stack_size: 2}]\n")
    assert r.status == "fail"
    assert isinstance(r.answer, OutcomeAnswer)
    assert r.answer.failed == ("expect {object: elves, zone: exile}: fails: elves: zone is graveyard, not exile",
                               "possible {stack_size: 2}: holds in no final state")
    assert r.message == "; ".join(r.answer.failed)
    assert all(text in [s.text for s in r.answer.why] for text in r.answer.failed)


def test_an_outcome_with_only_possible_is_compared_with_yes():
    r = run("id: o\nask: outcome\n" + STATE + "actions: [{destroy: elves}]\npossible: [{stack_size: 0}]\n")
    assert r.status == "pass" and r.expected is True and r.has_expect
    shown = json.loads(to_json(r))
    assert shown["expected"] == {"expect": [], "possible": [{"stack_size": 0}]}   # as written
    assert shown["answer"] == shown["witness"] and shown["answer"][0]["state"]["players"]["Alice"]["graveyard"]


def test_other_kinds_show_their_value():
    r = run("id: c\nask: could-produce\nabout: f1\n" + STATE + "expect: [G]\n")
    assert r.status == "pass"
    assert json.loads(to_json(r))["answer"] == ["G"]
    assert "  answer: [G]" in to_text(r).splitlines()


def test_options_go_only_to_the_kinds_that_declare_them():
    assert "all_payments" in KINDS["can-pay"].options and "all_payments" not in KINDS["mana-options"].options
    r = run("id: m\nask: mana-options\n" + STATE + "expect: [\"{G}{G}\"]\n", all_payments=True)
    assert r.status == "pass"
