"""The page's queue: questions are answered one at a time, in the order they came, on one worker thread.

One worker because the solver (z3) keeps global state and a question already takes a whole core; so each
client has at most one question being answered, and the page of a question that waits says how many are
ahead of it. A client may have at most :data:`MAX_WAITING` questions waiting; answered ones are kept in
memory (never on disk) for :data:`KEPT` questions per client, then forgotten.

A question is read by the product's own reader (``mtgjudge.queries.api.loads``: the file limits of the
command line) and answered by ``mtgjudge.queries.api.ask`` with the same time bound (``timeout``). On the
worker thread the bound is kept by the searches' own checks (the alarm that backs them up works only on a
process's main thread).
"""
from __future__ import annotations

import itertools
import threading
from collections import OrderedDict, deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import field

from mtgjudge.model.deadline import DEFAULT_SECONDS
from mtgjudge.model.cards.store import open_store
from mtgjudge.queries.api import ask, loads
from mtgjudge.queries.format.fields import QuestionError
from mtgjudge.queries.runner import Result
from mtgjudge.queries.web.changes import start_of
from mtgjudge.model.lazy_dataclass import dataclass

#: How many questions one client may have waiting (not yet answered) at once.
MAX_WAITING = 3
#: How many answered questions are kept per client (the newest).
KEPT = 20


class QueueFull(Exception):
    """The client already has :data:`MAX_WAITING` questions waiting."""


@dataclass
class Job:
    """One question sent from the page: its file's text, which document of it, and, once answered, the result
    (or the error reading it)."""

    number: int
    client: str
    text: str
    index: int = 0
    future: Future | None = None
    result: Result | None = None
    error: str | None = None
    count: int = 1                # how many questions the text holds
    start: dict | None = None     # an outcome's starting position (changes.start_of)
    rulings: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()   # the cards' rulings kept in the store
    done: bool = False


@dataclass
class Queue:
    """The questions of every client, answered one at a time by one worker."""

    timeout: float | None = DEFAULT_SECONDS
    _jobs: dict[str, "OrderedDict[int, Job]"] = field(default_factory=dict)
    _pending: deque = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _numbers: itertools.count = field(default_factory=lambda: itertools.count(1))
    _worker: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, "mtgjudge-answer"))

    def submit(self, client: str, text: str, index: int = 0) -> Job:
        """Queue the ``index``-th question of a question file's ``text`` for ``client``; raise
        :class:`QueueFull` when the client already has :data:`MAX_WAITING` waiting."""
        with self._lock:
            mine = self._jobs.setdefault(client, OrderedDict())
            if sum(not j.done for j in mine.values()) >= MAX_WAITING:
                raise QueueFull(f"you already have {MAX_WAITING} questions waiting; wait for an answer first")
            job = Job(next(self._numbers), client, text, index)
            mine[job.number] = job
            while len(mine) > KEPT + MAX_WAITING:
                oldest = next(j for j in mine.values() if j.done) if any(j.done for j in mine.values()) else None
                if oldest is None:
                    break
                del mine[oldest.number]
            self._pending.append(job.number)
        job.future = self._worker.submit(self._answer, job)
        return job

    def get(self, client: str, number: int) -> Job | None:
        """The client's question of that number (None: not theirs, or forgotten)."""
        with self._lock:
            mine = self._jobs.get(client)
            return mine.get(number) if mine is not None else None

    def ahead(self, job: Job) -> int:
        """How many questions will be answered before this one (0: it is being answered, or done)."""
        with self._lock:
            try:
                return list(self._pending).index(job.number)
            except ValueError:
                return 0

    def _answer(self, job: Job) -> None:
        try:
            try:
                questions = loads(job.text, file="<page>")
            except QuestionError as e:
                job.error = str(e)
                return
            job.count = len(questions)
            if not questions:
                job.error = "the file holds no question"
                return
            q = questions[min(max(job.index, 0), len(questions) - 1)]
            job.result = ask(q, timeout=self.timeout)
            if q.ask == "outcome":
                job.start = start_of(q)
            job.rulings = rulings_of(q)
        except Exception as e:  # noqa: BLE001  (a bug in the verifier: said on the page, as the CLI says it)
            job.error = f"internal error (a bug in the verifier): {type(e).__name__}: {e}"
        finally:
            with self._lock:
                job.done = True
                try:
                    self._pending.remove(job.number)
                except ValueError:
                    pass

    def close(self) -> None:
        """Stop the worker (the question being answered is let finish)."""
        self._worker.shutdown(wait=False, cancel_futures=True)


def rulings_of(question) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The rulings the card store keeps of each card the question's state names (by its whole name), for a
    judge to read beside the answer; none where the store has none (``cards import`` of a rulings file)."""
    store = open_store()
    names = dict.fromkeys(o.card.name for o in question.state.objects if o.card.modelled and not o.token)
    return tuple((n, tuple(kept)) for n in names if (kept := store.rulings(n)))
