"""The bundled corpus, run as `mtgjudge check` runs it: no question fails or has an error, and the areas
that are built answer every question (none left `unsupported`)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgjudge.queries.cli import CORPUS, main
from mtgjudge.queries.questions import QuestionError, load_paths
from mtgjudge.queries.runner import run_question

#: Corpus folders whose every question must pass: their kinds and cards are fully modelled.
BUILT = ["activation"]


def _results(path: Path):
    out = []
    for item in load_paths([path]):
        assert not isinstance(item, QuestionError), str(item)
        out.append(run_question(item))
    return out


def test_whole_corpus_has_no_failures_or_errors():
    results = _results(CORPUS)
    assert len(results) >= 40
    bad = [(r.qid, r.status, r.message) for r in results if r.status in ("fail", "error")]
    assert bad == []


@pytest.mark.parametrize("folder", BUILT)
def test_built_areas_pass_completely(folder):
    results = _results(CORPUS / folder)
    assert results
    # With `expect`: must pass. Without: guard questions whose point is that the verifier says
    # `unsupported` rather than guess (a target it cannot model yet).
    assert [(r.qid, r.status, r.message) for r in results
            if r.status != ("pass" if r.has_expect else "unsupported")] == []


def test_every_question_with_expect_names_its_source():
    for item in load_paths([CORPUS]):
        if item.has_expect:
            assert item.source, f"{item.id} has no source"


def test_check_exit_code_is_zero_on_the_corpus(capsys):
    assert main(["check", "-q"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed, \d+ unsupported, 0 errors(, \d+ answered)?", last), last
