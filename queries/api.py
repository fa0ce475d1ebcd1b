"""The library's front door, re-exported as ``mtgjudge.load``, ``mtgjudge.loads``, ``mtgjudge.ask`` and
``mtgjudge.check``: the same work as the command line, as Python values.

Errors in a question are raised as one exception type, :class:`QuestionError`, which carries the file, the
question's id, the key and the line.
"""
from __future__ import annotations

from os import PathLike
from pathlib import Path
from typing import Iterable

from mtgjudge.model.deadline import DEFAULT_SECONDS
from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import load_paths, load_text
from mtgjudge.queries.format.questions import Question
from mtgjudge.queries.runner import Result, run_question

#: The bundled corpus of judge questions (what ``mtgjudge check`` runs by default).
CORPUS = Path(__file__).parent / "corpus"


def version() -> str:
    """The installed distribution's version."""
    # imported here: reading the installed distributions costs every process ~30 ms, and only --version
    # and ``mtgjudge.__version__`` ask
    from importlib.metadata import PackageNotFoundError, version as _dist_version
    try:
        return _dist_version("mtgjudge")
    except PackageNotFoundError:   # imported from a source tree that was never installed
        return "0+unknown"


def _valid(items: list[Question | QuestionError]) -> list[Question]:
    for item in items:
        if isinstance(item, QuestionError):
            raise item
    return items  # type: ignore[return-value]


def load(*paths: str | PathLike[str]) -> list[Question]:
    """The questions in question files or folders (searched for ``*.yaml``/``*.yml``).

    Raises :class:`QuestionError` (file, question, key, line) for the first question that is wrong.
    """
    return _valid(load_paths([Path(p) for p in paths]))


def loads(text: str, file: str = "<string>") -> list[Question]:
    """The questions in a string of YAML (one document per question); raises :class:`QuestionError`."""
    return _valid(load_text(text, file=file))


def ask(question: Question, *, all_payments: bool = False, timeout: float | None = DEFAULT_SECONDS) -> Result:
    """Answer one loaded question: ``result.status`` (pass, fail, answered, unsupported, error) and
    ``result.answer`` (``value``, ``why``: reasons citing rules, ``witness``). Past ``timeout`` seconds
    (None: no bound) the status is `unsupported`, naming the bound."""
    return run_question(question, timeout=timeout, all_payments=all_payments)


def check(paths: Iterable[str | PathLike[str]] | None = None, *,
          timeout: float | None = DEFAULT_SECONDS) -> list[Result]:
    """Run every question under ``paths`` (default: the bundled corpus), as ``mtgjudge check`` does; a
    question that is wrong is a result with status ``error`` rather than an exception."""
    out: list[Result] = []
    for item in load_paths([Path(p) for p in (paths or [CORPUS])]):
        if isinstance(item, QuestionError):
            out.append(Result(item.qid, item.file, "error", message=str(item)))
        else:
            out.append(run_question(item, timeout=timeout))
    return out
