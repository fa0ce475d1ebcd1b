"""Running many questions, in one process or spread over several: what ``ask`` and ``check`` do.

The unit of work is a file: a worker reads it, answers its questions and renders each result (text or
JSON), so reading, answering and rendering all run in parallel and only short strings come back. Files
come back in the order they were given, each question in its file's order, so the output is the same
whatever the number of workers. Ids must be unique across everything run together: a worker checks its
own file, and the parent checks across files (the later question with a repeated id is an error, as
:func:`~mtgjudge.queries.format.files.load_paths` has it).

A parallel run survives its workers: a worker that dies (killed, out of memory) or a file whose answer does
not come within its bound (every question's time bound and a margin) ends the run with
:class:`WorkersLost`, naming the files that got no answer, once every answer that came has been given. No
wait is without a bound.
"""
from __future__ import annotations

import os
import signal
import threading
import time
from contextlib import closing, contextmanager
from dataclasses import field
from pathlib import Path
from typing import Any, Generator, Iterable, Iterator, Sequence

from mtgjudge.model import deadline
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.format.files import ReadingBound, find_files, load_file, load_text, read_file
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.report import TextOptions, to_json, to_text
from mtgjudge.queries.runner import Result, error_result, run_question
from mtgjudge.model.lazy_dataclass import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    import multiprocessing.context
    from concurrent.futures import ProcessPoolExecutor


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

#: What a file may take beyond its questions' time bounds before a parallel run stops waiting for it
#: (reading it, starting the worker, a machine under load).
MARGIN_SECONDS = 60.0
#: The grace of each question past its bound, as a parallel run allows it.
QUESTION_GRACE_SECONDS = 2.0


class WorkersLost(Exception):
    """A parallel run lost some of its work: ``files`` got no answer, ``why`` says what happened."""

    def __init__(self, files: list[str], why: str) -> None:
        super().__init__(f"{why}; no answer for {len(files)} file(s): {', '.join(files)}")
        self.files = files
        self.why = why


def _set_options(options: RunOptions) -> None:
    global _OPTIONS
    _OPTIONS = options


def _start_worker(options: RunOptions) -> None:
    # Ctrl-C is the parent's to handle: it stops the workers (a worker's own KeyboardInterrupt would print
    # a traceback), and SIGTERM ends a worker at once.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)   # not the parent's handler, inherited through fork
    _set_options(options)


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
    timeout = options.answer.get("timeout", deadline.DEFAULT_SECONDS)   # reading a question counts against it
    items = (load_text(source.text, source.file, timeout) if source.text is not None
             else load_file(source.file, timeout))
    out = []
    for item in items:
        read = not isinstance(item, QuestionError)
        r = run_question(item, **options.answer) if read else error_result(item)
        out.append(Done(r.qid, r.file, r.line, r.status, render(r, options), read or isinstance(item, ReadingBound)))
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
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else methods[0])


def run(items: Iterable[Source | QuestionError], options: RunOptions, jobs: int = 1) -> Generator[Done, None, None]:
    """Every question of ``items``, in order, answered by ``jobs`` worker processes (1: this process). Close
    it (``contextlib.closing``) when not reading it to the end: that stops the workers."""
    items = list(items)
    seen: dict[str, tuple[str, int | None]] = {}
    with closing(_answered(items, options, jobs)) as answers:   # its workers stopped however the run ends
        for done in answers:
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


def _answered(items: list[Source | QuestionError], options: RunOptions, jobs: int) -> Generator[Done, None, None]:
    work = [i for i in items if isinstance(i, Source)]
    jobs = max(1, min(jobs, len(work)))
    if jobs == 1:
        _set_options(options)
        for item in items:
            yield from _missing(item, options) if isinstance(item, QuestionError) else run_source(item)
        return
    # worker processes (multiprocessing, concurrent.futures: ~10 ms) only for a run on several
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures import TimeoutError as FutureTimeout
    from concurrent.futures.process import BrokenProcessPool

    card_db()   # loaded once here, inherited by forked workers
    tuple(KINDS.values())   # every kind's module too (a process imports a kind's when first asked otherwise)
    pool: ProcessPoolExecutor | None = None
    answered = False
    terminated = _on_terminate()
    try:
        with _interrupts_held():
            # a Ctrl-C while the workers are being started would leave one the pool does not know of yet,
            # which the interpreter then waits for at exit: it is raised once they are all started
            pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_start_worker, initargs=(options,))
            futures = [pool.submit(run_source, source) for source in work]
        answers = iter(zip(work, futures))
        lost: list[str] = []
        why = ""
        for item in items:
            if isinstance(item, QuestionError):
                yield from _missing(item, options)
                continue
            source, future = next(answers)
            if lost:
                # after a loss the pool is stopped: an answer already given is kept, the rest are lost
                if future.done() and not future.cancelled() and future.exception() is None:
                    yield from future.result()
                else:
                    lost.append(source.file)
                continue
            try:
                yield from _result(future, _file_bound(source, options))
            except BrokenProcessPool:
                why = "a worker process died (killed, or out of memory) before answering"
                lost.append(source.file)
                _stop(pool)
            except FutureTimeout:
                why = "a file got no answer within its bound"
                lost.append(source.file)
                _stop(pool)
        if lost:
            raise WorkersLost(lost, why)
        answered = True
    finally:
        if pool is not None:
            if answered:
                # every future is done: waiting is quick, and a pool left to stop itself races the
                # interpreter's exit, which then writes to its closed wake-up pipe (EBADF, printed as a traceback)
                pool.shutdown(wait=True)
            else:
                _stop(pool)
        terminated()


def _on_terminate():
    """While the workers run, SIGTERM to the parent stops them before it ends it (exit 143), rather than
    leaving them orphaned (main thread, POSIX); returns what puts the previous handler back."""
    if not hasattr(signal, "SIGTERM") or threading.current_thread() is not threading.main_thread():
        return lambda: None

    def stop(signum, frame):  # noqa: ARG001  (the signal handler's signature)
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    return lambda: signal.signal(signal.SIGTERM, previous)


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C held back (POSIX, main thread) until the block is over, then raised."""
    hold = hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    if hold:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if hold:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _result(future, bound: float | None) -> list[Done]:
    """The future's result, waited for a quarter second at a time (a signal that another thread received, as a
    process-wide one may be, is handled in the main thread only once it wakes); FutureTimeout past
    ``bound`` seconds."""
    from concurrent.futures import TimeoutError as FutureTimeout

    end = None if bound is None else time.monotonic() + bound
    while True:
        wait = _WAIT_SECONDS if end is None else min(_WAIT_SECONDS, end - time.monotonic())
        if wait <= 0:
            raise FutureTimeout()
        try:
            return future.result(timeout=wait)
        except FutureTimeout:
            continue


_WAIT_SECONDS = 0.25


def _file_bound(source: Source, options: RunOptions) -> float | None:
    """How long the parent waits for one file's answer, once every file before it is answered (so that it
    is being answered): each of its questions' time bounds and grace, and a margin. None: no time bound."""
    timeout = options.answer.get("timeout")
    if timeout is None:
        return None
    return estimate([source]) * (timeout + QUESTION_GRACE_SECONDS) + MARGIN_SECONDS


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the pool without waiting for a question under way: cancel what has not started, end the workers."""
    # the executor has no public way to end its workers before Python 3.14 (terminate_workers)
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        if process.is_alive():
            process.terminate()


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
        text = item.text if item.text is not None else read_file(Path(item.file))
        if isinstance(text, QuestionError):
            n += 1
            continue
        body = text.lstrip()
        n += body.count("\n---") + (0 if body.startswith("---") or not body else 1)
    return n
