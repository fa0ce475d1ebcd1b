"""The pytest plugin: a folder of question files as a test suite.

Installed with mtgjudge (the ``pytest11`` entry point ``mtgjudge``) and inactive until asked for:
``pytest --mtgjudge my-questions/``, or ``mtgjudge = true`` in the pytest configuration. Each question of
each ``*.yaml``/``*.yml`` file (the ini option ``mtgjudge_files`` changes the patterns) is one test item,
named by its id: ``my-questions/bolt.yaml::thalia-taxes-bolt``.

* ``pass`` and ``answered`` pass; ``fail`` fails, showing the answer, the expectation and the reasons;
* ``unsupported`` is a skip that says what cannot be modelled (a failure with ``--mtgjudge-strict`` or
  ``mtgjudge_strict = true``);
* ``error`` (the question itself is wrong) fails with the file, line, question and key; so does an id
  used twice across the files collected.

It works with pytest-xdist (``-n 4``): collection is the same in every worker and each question is
answered where it is scheduled.
"""
from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import load_file
from mtgjudge.queries.format.questions import Question
from mtgjudge.queries.report import TextOptions, readable, to_text
from mtgjudge.queries.runner import Result, error_result, run_question


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtgjudge", "mtgjudge question files (each question a test)")
    group.addoption("--mtgjudge", action="store_true", default=False,
                    help="collect mtgjudge question files (*.yaml, *.yml): each question is a test named by its id")
    group.addoption("--mtgjudge-strict", action="store_true", default=False,
                    help="an unsupported answer fails instead of being skipped")
    parser.addini("mtgjudge", type="bool", default=False, help="collect mtgjudge question files (as --mtgjudge)")
    parser.addini("mtgjudge_strict", type="bool", default=False, help="unsupported answers fail (as --mtgjudge-strict)")
    parser.addini("mtgjudge_files", type="args", default=["*.yaml", "*.yml"],
                  help="glob patterns of mtgjudge question files (default: *.yaml *.yml)")


def _active(config: pytest.Config) -> bool:
    return bool(config.getoption("mtgjudge") or config.getini("mtgjudge"))


def _strict(config: pytest.Config) -> bool:
    return bool(config.getoption("mtgjudge_strict") or config.getini("mtgjudge_strict"))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    config = parent.config
    if not _active(config):
        return None
    if not any(fnmatch(file_path.name, pattern) for pattern in config.getini("mtgjudge_files")):
        return None
    return QuestionFile.from_parent(parent, path=file_path)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Ids are unique across everything run together: a later question with an id already used is an
    error, as ``mtgjudge check`` has it."""
    seen: dict[str, QuestionItem] = {}
    for item in items:
        if not isinstance(item, QuestionItem) or not isinstance(item.question, Question):
            continue
        q = item.question
        first = seen.setdefault(q.id, item)
        if first is not item:
            other = first.question
            item.question = QuestionError(f"two questions have the id {q.id!r} (the other at {other.file}:{other.line})",
                                          q.file, q.id, "id", q.line)


class QuestionFile(pytest.File):
    """A question file: one item per question (a file that cannot be read is one failing item)."""

    def collect(self):
        names: set[str] = set()
        for i, item in enumerate(load_file(self.path), 1):
            name = (item.id if isinstance(item, Question) else item.qid) or f"document-{i}"
            if name in names:
                name = f"{name}@line-{item.line}"
            names.add(name)
            yield QuestionItem.from_parent(self, name=name, question=item)


class QuestionFailed(Exception):
    """A question that failed, had an error or (strict) was unsupported: its result, for the report."""

    def __init__(self, result: Result) -> None:
        super().__init__(result.message)
        self.result = result


class QuestionItem(pytest.Item):
    """One question, answered when the test runs."""

    def __init__(self, *, question: Question | QuestionError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.question = question

    def runtest(self) -> None:
        q = self.question
        r = error_result(q) if isinstance(q, QuestionError) else run_question(q)
        if r.status in ("pass", "answered"):
            return
        if r.status == "unsupported" and not _strict(self.config):
            reason = f"unsupported: {readable(r, r.message)}"
            try:   # reported at the question's line, as a skip mark is (pytest >= 7)
                skip = pytest.skip.Exception(reason, _use_item_location=True)
            except TypeError:
                skip = pytest.skip.Exception(reason)
            raise skip
        raise QuestionFailed(r)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, QuestionFailed):
            return to_text(excinfo.value.result, options=TextOptions(verbose=True))
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        line = self.question.line
        return self.path, (line - 1) if line else None, f"question {self.name}"

