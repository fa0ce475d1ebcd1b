"""Running many questions, in one process or spread over several: what ``ask`` and ``check`` do.

The unit of work is a file: a worker reads it, answers its questions and renders each result (text or
JSON), so reading, answering and rendering all run in parallel and only short strings come back. Files
come back in the order they were given, each question in its file's order, so the output is the same
whatever the number of workers. Ids must be unique across everything run together: a worker checks its
own file, and the parent checks across files (the later question with a repeated id is an error, as
:func:`~mtgjudge.queries.format.files.load_paths` has it).
"""
from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import find_files, load_file, load_text
from mtgjudge.queries.report import TextOptions, to_json, to_text
from mtgjudge.queries.runner import Result, error_result, run_question


@dataclass(frozen=True)
class Source:
    """Questions to run: a file, or a text read elsewhere (standard input) with the name to show for it."""

    file: str
    text: str | None = None


@dataclass(frozen=True)
class Done:
    """One question's result as a run reports it: its rendered ``text`` ("" when nothing is printed for
    it), its status, and where it is (``loaded``: it was read as a question, so its id counts)."""

    qid: str | None
    file: str
    line: int | None
    status: str
    text: str
    loaded: bool


@dataclass(frozen=True)
class RunOptions:
    """``answer``: options for answering (``all_payments``); ``json``: render JSON lines, else text with
    ``text``; ``quiet``: print nothing for a question that passed or was answered."""

    answer: dict[str, Any] = field(default_factory=dict)
    json: bool = False
    text: TextOptions = TextOptions()
    quiet: bool = False


_OPTIONS = RunOptions()


def _set_options(options: RunOptions) -> None:
    global _OPTIONS
    _OPTIONS = options


def render(r: Result, options: RunOptions) -> str:
    if options.json:
        return to_json(r)
    if options.quiet and r.status in ("pass", "answered"):
        return ""
    return to_text(r, options=options.text)


def run_source(source: Source) -> list[Done]:
    """Read one source and answer each of its questions (in a worker, with the options it was started
    with)."""
    options = _OPTIONS
    items = load_text(source.text, source.file) if source.text is not None else load_file(source.file)
    out = []
    for item in items:
        loaded = not isinstance(item, QuestionError)
        r = run_question(item, **options.answer) if loaded else error_result(item)
        out.append(Done(r.qid, r.file, r.line, r.status, render(r, options), loaded))
    return out


def sources(paths: Sequence[str | Path]) -> list[Source | QuestionError]:
    """The files under ``paths`` as sources, in order (a path that does not exist is a QuestionError)."""
    return [f if isinstance(f, QuestionError) else Source(str(f)) for f in find_files(paths)]


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:   # not on Linux
        return max(1, os.cpu_count() or 1)


def _context() -> multiprocessing.context.BaseContext:
    # fork starts a worker in milliseconds with the card data already loaded; elsewhere each worker
    # imports the package and loads it once.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else methods[0])


def run(items: Iterable[Source | QuestionError], options: RunOptions, jobs: int = 1) -> Iterator[Done]:
    """Every question of ``items``, in order, answered by ``jobs`` worker processes (1: this process)."""
    items = list(items)
    seen: dict[str, tuple[str, int | None]] = {}
    for done in _answered(items, options, jobs):
        if done.loaded and done.qid is not None:
            if done.qid in seen:
                file, line = seen[done.qid]
                e = QuestionError(f"two questions have the id {done.qid!r} (the other at {file}:{line})",
                                  done.file, done.qid, "id", done.line)
                r = error_result(e)
                yield Done(r.qid, r.file, r.line, "error", render(r, options), False)
                continue
            seen[done.qid] = (done.file, done.line)
        yield done


def _answered(items: list[Source | QuestionError], options: RunOptions, jobs: int) -> Iterator[Done]:
    work = [i for i in items if isinstance(i, Source)]
    jobs = max(1, min(jobs, len(work)))
    if jobs == 1:
        _set_options(options)
        for item in items:
            yield from _missing(item, options) if isinstance(item, QuestionError) else run_source(item)
        return
    card_db()   # loaded once here, inherited by forked workers
    with _context().Pool(jobs, initializer=_set_options, initargs=(options,)) as pool:
        answers = pool.imap(run_source, work, chunksize=1)
        for item in items:
            yield from _missing(item, options) if isinstance(item, QuestionError) else next(answers)


def _missing(e: QuestionError, options: RunOptions) -> list[Done]:
    r = error_result(e)
    return [Done(r.qid, r.file, r.line, "error", render(r, options), False)]


def estimate(items: Iterable[Source | QuestionError]) -> int:
    """About how many questions ``items`` hold (YAML documents, counted without reading them): for a
    progress bar."""
    n = 0
    for item in items:
        if isinstance(item, QuestionError):
            n += 1
            continue
        try:
            text = item.text if item.text is not None else Path(item.file).read_text(encoding="utf-8", errors="replace")
        except OSError:
            n += 1
            continue
        body = text.lstrip()
        n += body.count("\n---") + (0 if body.startswith("---") or not body else 1)
    return n
