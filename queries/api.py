"""The library's front door, re-exported as ``mtgjudge.load``, ``mtgjudge.loads``, ``mtgjudge.ask`` and
``mtgjudge.check``: the same work as the command line, as Python values.

Errors in a question are raised as one exception type, :class:`QuestionError`, which carries the file, the
question's id, the key and the line. Arguments of the wrong type or value (a path that is not a string or
path, a text that is bytes, a time bound that is not a positive finite number of seconds) raise TypeError or
ValueError, saying which argument and what it must be.
"""
from __future__ import annotations

from os import PathLike
from pathlib import Path
from typing import Iterable

from mtgjudge.model.deadline import DEFAULT_SECONDS, valid_seconds
from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import load_paths, load_text
from mtgjudge.queries.format.questions import Question
from mtgjudge.queries.runner import Result, error_result, run_question

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


def _path(p: object, what: str) -> Path:
    if isinstance(p, (str, PathLike)) and not isinstance(p, bytes):
        path = Path(p)
        if str(p) == "":
            raise ValueError(f"{what}: an empty path names no file")
        return path
    raise TypeError(f"{what} is a path (str or os.PathLike), not {type(p).__name__} {p!r}"[:200])


def _timeout(timeout: object) -> float | None:
    return None if timeout is None else valid_seconds(timeout, "timeout")


def load(*paths: str | PathLike[str]) -> list[Question]:
    """The questions in question files or folders (searched for ``*.yaml``/``*.yml``).

    Raises :class:`QuestionError` (file, question, key, line) for the first question that is wrong.
    """
    if not paths:
        raise TypeError("load takes at least one path of a question file or folder")
    return _valid(load_paths([_path(p, "load's path") for p in paths]))


def loads(text: str, file: str = "<string>") -> list[Question]:
    """The questions in a string of YAML (one document per question); raises :class:`QuestionError`."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        raise TypeError("loads takes the text of question files (str), not bytes: decode them first "
                        "(data.decode('utf-8')), or give the file to load")
    if not isinstance(text, str):
        raise TypeError(f"loads takes the text of question files (str), not {type(text).__name__}")
    if not isinstance(file, str):
        raise TypeError(f"loads' file is the name to show for the text (str), not {type(file).__name__}")
    return _valid(load_text(text, file=file))


def ask(question: Question, *, all_payments: bool = False, expand: int | str | None = None,
        timeout: float | None = DEFAULT_SECONDS) -> Result:
    """Answer one loaded question: ``result.status`` (pass, fail, answered, unsupported, error) and
    ``result.answer`` (``value``, ``why``: reasons citing rules, ``witness``). Past ``timeout`` seconds
    (more than 0, at most a day; None: no bound) the status is `unsupported`, naming the bound.
    ``expand`` (mana-options): show the amounts as a list when there are at most this many (default 64;
    ``"all"``: always; 0: the factored form always); the value is a ``PoolSet`` either way."""
    if not isinstance(question, Question):
        raise TypeError(f"ask takes a question that mtgjudge.load or mtgjudge.loads returned, not "
                        f"{type(question).__name__}")
    options = {} if expand is None else {"expand": expand}
    return run_question(question, timeout=_timeout(timeout), all_payments=bool(all_payments), **options)


def check(paths: str | PathLike[str] | Iterable[str | PathLike[str]] | None = None, *,
          timeout: float | None = DEFAULT_SECONDS) -> list[Result]:
    """Run every question under ``paths`` (a file or folder, or several; default: the bundled corpus), as
    ``mtgjudge check`` does; a question that is wrong is a result with status ``error`` rather than an
    exception."""
    timeout = _timeout(timeout)
    if paths is None:
        paths = [CORPUS]
    elif isinstance(paths, (str, PathLike)):
        paths = [paths]     # one path, not the characters of one
    elif isinstance(paths, (bytes, bytearray)) or not isinstance(paths, Iterable):
        raise TypeError(f"check takes a path or a list of paths, not {type(paths).__name__}")
    chosen = [_path(p, "check's path") for p in paths]
    out: list[Result] = []
    for item in load_paths(chosen or [CORPUS], timeout):
        if isinstance(item, QuestionError):
            out.append(error_result(item))
        else:
            out.append(run_question(item, timeout=timeout))
    return out
