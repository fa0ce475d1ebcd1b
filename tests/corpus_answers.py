"""The bundled corpus answered once per test run: every test that needs a corpus question's result asks
here, so the corpus is not answered again by each test file. No wall-clock bound applies (time bounds are
tested in tests/test_reliability.py only), so an answer does not depend on the machine's load."""
from __future__ import annotations

from functools import lru_cache

import pytest

from mtgjudge.queries.api import CORPUS
from mtgjudge.queries.format.files import load_paths
from mtgjudge.queries.format.questions import Question
from mtgjudge.queries.runner import Result, run_question

#: The xdist group (``--dist loadgroup``, pyproject.toml) of every test that reads the answers here: one worker
#: answers each question once, rather than each worker answering its share and then all of it again.
GROUP = pytest.mark.xdist_group("corpus-answers")

#: Every item of the bundled corpus: questions and, for a file that does not load, its error.
ITEMS = load_paths([CORPUS])
QUESTIONS: list[Question] = [q for q in ITEMS if isinstance(q, Question)]
_BY_ID = {q.id: q for q in QUESTIONS}


@lru_cache(maxsize=None)
def result(qid: str) -> Result:
    """The result of the corpus question ``qid``, computed on first use."""
    return run_question(_BY_ID[qid], timeout=None)


def all_results() -> list[Result]:
    """The results of every corpus question, in corpus order."""
    return [result(q.id) for q in QUESTIONS]
