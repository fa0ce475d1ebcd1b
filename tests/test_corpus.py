"""The bundled corpus, one pytest item per question (named by its id): every question passes, and its
answer matches the recorded snapshot (status, value and cited rules), so that a change to reasons shows up.

After a change that is meant to alter answers or reasons, re-record with
``python tools/corpus_snapshot.py --write`` and review the diff of tests/fixtures/corpus_snapshot.json.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mtgjudge.model.pool_terms import PoolSet
from mtgjudge.queries.api import CORPUS
from mtgjudge.queries.cli import main
from mtgjudge.queries.format.questions import Question

from tests import corpus_answers

SNAPSHOT = Path(__file__).parent / "fixtures" / "corpus_snapshot.json"
QUESTIONS = corpus_answers.ITEMS


def snapshot_entry(result) -> dict:
    """What the snapshot records of one result."""
    a = result.answer
    value = a.value if a is not None else None
    if isinstance(value, PoolSet):      # mana-options: its amounts, however it is shown
        value = sorted(value.pools())
    elif isinstance(value, frozenset):
        value = sorted(value)
    elif isinstance(value, tuple):
        value = [str(v) for v in value]
    return {"status": result.status, "value": value, "rules": sorted(a.cited_rules()) if a else []}


def test_the_corpus_loads_without_errors():
    assert [str(q) for q in QUESTIONS if not isinstance(q, Question)] == []
    assert len(QUESTIONS) >= 290


@corpus_answers.GROUP
@pytest.mark.parametrize("question", [q for q in QUESTIONS if isinstance(q, Question)], ids=lambda q: q.id)
def test_question(question):
    result = corpus_answers.result(question.id)
    assert result.status == "pass", f"{result.status}: {result.message or (result.answer and result.answer.unsupported)}"
    assert question.source, "a question with an expected answer names its source"
    recorded = json.loads(SNAPSHOT.read_text()).get(question.id)
    assert recorded is not None, "not in the snapshot: run tools/corpus_snapshot.py --write"
    assert snapshot_entry(result) == recorded


def test_check_exit_code_and_summary(capsys):
    assert main(["check", "-q", str(CORPUS / "activation")]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed, 0 unsupported, 0 errors", last), last
