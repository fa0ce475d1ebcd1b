"""Text for people: objects by card name (numbered only where two share one), no internal id, no Python
repr, no empty rule brackets, each reason once, outcome assertions as the question wrote them, the witness
only when asked for, and cited rules explained from a rules text."""
from __future__ import annotations

import json
import re

import pytest

from mtgjudge.model.explain import Answer, step
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.labels import Namer
from mtgjudge.queries.report import TextOptions, to_json, to_text
from mtgjudge.queries.rules_text import first_sentence, parse
from mtgjudge.queries.runner import Result, run_question

from tests import corpus_answers

#: What must never be in text a person reads: the model's ids (``_battlefield_Alice_1``), the engine's
#: (``soldier-token-1``), Python reprs, and rule brackets with nothing in them.
IDS_AND_REPRS = r"(?<![\w/{-])_[a-z]+_\w+|\b[a-z]+(?:-[a-z]+)*-token-\d+\b|\bTrue\b|\bFalse\b|\bNone\b|mappingproxy"
UNREADABLE = re.compile(IDS_AND_REPRS + r"|\{'|\['|\('|'\)|'\]|\[\]")
#: The witness (``--witness``) is JSON, where [] is an empty list: it is searched for ids and reprs only.
UNREADABLE_JSON = re.compile(IDS_AND_REPRS)


def run(text: str, **options) -> Result:
    (q,) = load_text(text)
    assert not isinstance(q, Exception), q
    return run_question(q, **options)


@pytest.fixture(scope="module")
def corpus_results() -> list[Result]:
    return corpus_answers.all_results()


@corpus_answers.GROUP
def test_no_internal_id_repr_or_empty_bracket_in_any_corpus_answer(corpus_results):
    bad = []
    for r in corpus_results:
        for line in to_text(r, options=TextOptions(verbose=True, witness=True)).splitlines():
            if (UNREADABLE_JSON if line.startswith("  witness: ") else UNREADABLE).search(line):
                bad.append(f"{r.qid}: {line[:200]}")
    assert bad == []


def test_the_grep_finds_what_it_is_for():
    for text in ("Alice taps _battlefield_Alice_1", "tapped: True", "{'+1/+1': 3}", "- [] expect",
                 "('_graveyard_Alice_1', 'x')", "creates soldier-token-1"):
        assert UNREADABLE.search(text), text
    assert not UNREADABLE.search("Alice taps Mountain #2 for {R} [605.3a]; counters: {\"+1/+1\": 3}")


def test_objects_are_named_numbered_only_where_two_share_a_name():
    n = Namer([("_battlefield_Alice_1", "Mountain"), ("_battlefield_Alice_2", "Mountain"),
               ("_battlefield_Alice_3", "Sol Ring"), ("f1", "Forest"), ("f2", "Forest")], given=["f1", "f2"])
    assert n.text("Alice activates _battlefield_Alice_2's mana ability") == "Alice activates Mountain #2's mana ability"
    assert n.text("pays 2×{R} from Mountain (_battlefield_Alice_1, _battlefield_Alice_2) for {R}") == \
        "pays 2×{R} from Mountain (#1, #2) for {R}"
    assert n.text("from Mountain (_battlefield_Alice_1) and Sol Ring (_battlefield_Alice_3): done") == \
        "from Mountain #1 and Sol Ring: done"
    assert n.text("Forest (f1, f2) and Forest (f2)") == "Forest (f1, f2) and Forest (f2)"
    assert n.text("exiles ('_battlefield_Alice_3', '_battlefield_Alice_1')") == "exiles (Sol Ring, Mountain #1)"
    # the user's own ids are the user's words: kept where they stand alone
    assert n.text("pays f1: tapped; the mana pool") == "pays f1: tapped; the mana pool"
    assert n.text("'Forest' (f1) is a card") == "'Forest' (f1) is a card"
    assert Namer([("bear-1", "Grizzly Bears")], given=["bear-1"]).text("bear-1 dies") == "bear-1 dies"


def test_objects_made_during_actions_are_named_as_the_text_introduces_them():
    n = Namer([("_battlefield_Alice_1", "Plains")])
    texts = ["Alice creates a Soldier Token (soldier-token-1) (111.4: its name is its subtypes plus Token)",
             "Alice creates a Soldier Token (soldier-token-2)", "soldier-token-2 dies"]
    n.learn(texts)
    assert [n.text(t) for t in texts] == [
        "Alice creates a Soldier Token #1 (111.4: its name is its subtypes plus Token)",
        "Alice creates a Soldier Token #2", "Soldier Token #2 dies"]


STATE = """
state:
  players:
    Alice:
      battlefield: [Forest, Forest, {card: Llanowar Elves, id: elves}]
      hand: [{card: Grizzly Bears, id: bears}]
    Bob: {}
"""


def test_an_outcome_shows_its_assertions_as_written_and_how_many_hold():
    r = run("id: o\nask: outcome\n" + STATE + "actions: [{cast: bears}, {resolve: 1}]\n"
            "expect: [{object: bears, zone: battlefield, counters: {}}, {object: elves, tapped: true}]\n")
    assert r.status == "fail"
    text = to_text(r)
    assert "  answer: no: 1 of 2 assertion(s) do not hold" in text.splitlines()
    assert "  expected:\n    - expect {object: bears, zone: battlefield, counters: {}}\n" \
           "    - expect {object: elves, tapped: true}" in text
    assert "  fail: expect {object: elves, tapped: true}: fails: elves: tapped is false, not true" in text
    checks = text.split("  checks:\n")[1].splitlines()
    assert checks == ["    - expect {object: bears, zone: battlefield, counters: {}}: holds in every final state",
                      "    - expect {object: elves, tapped: true}: fails: elves: tapped is false, not true"]
    assert "[]" not in text.split("  checks:")[0]
    shown = json.loads(to_json(r))
    assert shown["expected"] == {"expect": [{"object": "bears", "zone": "battlefield", "counters": {}},
                                            {"object": "elves", "tapped": True}], "possible": []}


def test_an_unsupported_outcome_shows_what_was_expected_not_yes():
    # Gemstone Mine's "If there are no mining counters on ~, sacrifice it." is not performed by the engine's mana
    # abilities yet
    mine = STATE.replace("Forest, Forest,", "Forest, {card: Gemstone Mine, id: gm, counters: {mining: 1}},")
    r = run("id: o\nask: outcome\n" + mine + "actions: [{activate: gm}]\nexpect: [{object: elves, tapped: true}]\n")
    assert r.status == "unsupported"
    text = to_text(r)
    assert "expected: yes" not in text and "    - expect {object: elves, tapped: true}" in text


def test_each_reason_once_and_a_reason_without_rules_has_no_brackets():
    s = step("107.4a", "{W} can be paid only with white mana")
    r = Result("q", "f.yaml", "answered", Answer(False, (s, s, step((), "a note without rules"))), ask="can-pay")
    text = to_text(r)
    assert text.count("{W} can be paid only with white mana") == 1
    assert "    - a note without rules" in text.splitlines()
    assert json.loads(to_json(r))["why"][1] == {"rules": ["107.4a"], "text": "{W} can be paid only with white mana"}


def test_the_witness_is_in_text_only_when_asked_for_and_always_in_json():
    # {G}{G}{G}: the one payment taps both Forests and the Elves, so the witness names Forest #1 whichever
    # payment the solver finds first ({G} alone could be paid by the Elves)
    r = run("id: c\nask: can-pay\ncost: \"{G}{G}{G}\"\n" + STATE + "expect: yes\n")
    assert "witness" not in to_text(r)
    shown = to_text(r, options=TextOptions(witness=True))
    witness = json.loads(shown.split("  witness: ", 1)[1])
    assert "_battlefield_Alice_1" not in json.dumps(witness) and "Forest #1" in json.dumps(witness)
    assert "_battlefield_Alice_1" in json.dumps(json.loads(to_json(r))["witness"])   # JSON keeps the ids


def test_all_lists_every_payment_in_text_even_when_a_source_adds_two_mana():
    r = run("id: c\nask: can-pay\ncost: \"{1}{G}\"\nstate: {players: {Alice: {battlefield: [Forest, Forest, Sol Ring]}}}\n"
            "expect: yes\n", all_payments=True)
    assert r.status == "pass"
    payments = r.answer.witness["payments"]
    assert len(payments) == 2   # Sol Ring pays the {1} or a second Forest does
    text = to_text(r)
    assert "  payments (2):" in text
    assert any("Sol Ring" in line for line in text.split("  payments (2):")[1].splitlines())


RULES = """Magic: The Gathering Comprehensive Rules

These rules are effective as of April 17, 2026.

Contents

1. Game Concepts
100. General

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players. More text.

100.1a A two-player game is a game that begins with only two players (see rule 100.1.) and so on.

Example: An example.

""" + "\n".join(f"{100 + i // 3}.{i % 3 + 2}. Rule text number {i}. Second sentence." for i in range(120)) + """

Glossary

Abandon
A word.
"""


def test_rules_are_read_from_a_comprehensive_rules_text():
    rules = parse(RULES)
    assert rules.effective == "April 17, 2026"
    assert rules.get("100.1").first_sentence == "These Magic rules apply to any Magic game with two or more players."
    assert rules.get("100.1a").examples == ["Example: An example."]
    assert [r.number for r in rules.subrules("100.1")] == ["100.1a"]
    assert rules.get("Abandon") is None
    assert first_sentence("See rule 302.6. Then more.") == "See rule 302.6."
    assert first_sentence("Costs {1} more, e.g. one more. Next.") == "Costs {1} more, e.g. one more."


def test_explain_prints_each_cited_rules_first_sentence_once():
    rules = parse(RULES)
    s = step(("100.1", "100.1a"), "first reason")
    r = Result("q", "f.yaml", "answered", Answer(True, (s, step("100.1", "second reason"), step("999.9", "third"))),
               ask="can-pay")
    lines = to_text(r, options=TextOptions(rules=rules)).splitlines()
    assert lines.count("        100.1: These Magic rules apply to any Magic game with two or more players.") == 1
    assert "        100.1a: A two-player game is a game that begins with only two players (see rule 100.1.) and so on." in lines
    assert any(line.startswith("        999.9: (not in") for line in lines)


def test_the_real_rules_text_explains_302_6(shared_dir):
    from mtgjudge.queries.rules_text import read
    rules = read(shared_dir / "rules" / "MagicCompRules-20260417.txt")
    assert rules.get("302.6").first_sentence.startswith("A creature’s activated ability with the tap symbol")
    assert rules.get("702.10c") is not None and rules.get("905.6") is not None


def test_an_unsupported_message_names_the_objects_the_actions_made():
    # Tome Scour mills Alice's five cards nobody knows (library: 5); Disentomb then asks whether each card in the
    # graveyard is a creature card, which nobody knows: the answer is unsupported, and the message names the
    # milled card as the reasons do, never by the model's id.
    r = run("""
id: u
ask: outcome
state:
  players:
    Alice:
      battlefield: [Island, Swamp]
      hand: [{card: Tome Scour, id: ts}, {card: Disentomb, id: dis}]
      graveyard: [{card: Memnite, id: mem}]
      library: 5
actions:
  - {cast: ts, by: Alice, targets: [Alice]}
  - resolve: all
  - {cast: dis, targets: [mem]}
  - resolve: all
expect:
  - {player: Alice, hand_size: 1}
""")
    assert r.status == "unsupported"
    shown = to_text(r)
    assert ("unsupported: a card nobody knows is in Alice's graveyard, and what it is matters here: its "
            "characteristics are not known") in shown
    assert not UNREADABLE.search(shown)
    assert json.loads(to_json(r))["message"].startswith("a card nobody knows (_milled_Alice_")
