"""One time bound per question, whatever its kind.

The runner opens a :func:`bound` around each question; every search asks :func:`check` (or the time
:func:`seconds_left`, to give z3 as its own timeout) so that a question past its bound ends as
:class:`~mtgjudge.model.errors.SearchBound`, which the runner answers `unsupported`, naming the bound.

Every search checks often enough that the bound holds within :data:`GRACE_SECONDS` without any signal,
so that it holds in every thread (a library caller's worker thread has no alarm). The alarm is a backstop
in the main thread only, where the platform has one (SIGALRM): a little after the bound its handler raises
the same :class:`SearchBound` in whatever Python code is running, and fires again every half second until
the question is over, so that code catching it by mistake cannot outlive the bound for long. A host
program's own pending timer is put back when the question ends, less the time the question took.
"""
from __future__ import annotations

import math
import numbers
import signal
import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterable, Iterator, TypeVar

from mtgjudge.model.errors import SearchBound
from mtgjudge.model.lazy_dataclass import dataclass

#: The default bound of one question, in seconds (``--timeout`` on ``ask`` and ``check``).
DEFAULT_SECONDS = 10.0
#: The longest bound a question may be given: a day.
MAX_SECONDS = 24 * 3600.0

#: How long after the bound a question may go on: the alarm stops a search that did not check it then, and
#: a search that checks stops within it.
GRACE_SECONDS = 0.25
#: How often the alarm repeats.
_REPEAT_SECONDS = 0.5


@dataclass(frozen=True)
class Deadline:
    """The bound of the question being answered: ``seconds`` long, ending at ``end`` (time.monotonic);
    ``alarm``: the main thread's alarm backs it."""

    seconds: float
    end: float
    alarm: bool = False

    def left(self) -> float:
        return self.end - time.monotonic()

    def reached(self, what: str) -> SearchBound:
        return SearchBound(f"{what} reached the question's time bound of {self.seconds:g} s")


def valid_seconds(value: object, what: str = "the time bound") -> float:
    """A time bound as a caller gave it: a number of seconds more than 0 and at most a day (TypeError or
    ValueError, naming ``what``, for anything else: a string, a bool, 0, a negative number, NaN, infinity)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} is a number of seconds, not {type(value).__name__} {value!r}")
    try:
        seconds = float(value)
    except OverflowError:
        seconds = math.inf
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"{what} is more than 0 and at most {MAX_SECONDS:g} seconds, not {value!r}")
    return seconds


_current: ContextVar[Deadline | None] = ContextVar("mtgjudge_deadline", default=None)


def check(what: str = "the search") -> None:
    """Raise SearchBound if the current question is past its time bound (no bound open: nothing)."""
    d = _current.get()
    if d is not None and time.monotonic() > d.end:
        raise d.reached(what)


T = TypeVar("T")


def checked(items: Iterable[T], what: str = "the search") -> Iterator[T]:
    """Each of ``items``, checking the bound before each: the check of a loop that may be long."""
    for item in items:
        check(what)
        yield item


def spent() -> float:
    """The seconds the current question has spent of its bound (0 with no bound open); what
    :func:`paused` held is not counted."""
    d = _current.get()
    return 0.0 if d is None else max(0.0, d.seconds - d.left())


def seconds_left(default: float) -> float:
    """The time the current question has left, at most ``default`` (a search's own bound); at least 0."""
    d = _current.get()
    return default if d is None else max(0.0, min(default, d.left()))


@contextmanager
def bound(seconds: float | None = DEFAULT_SECONDS, spent: float = 0.0) -> Iterator[Deadline | None]:
    """Answer one question within ``seconds`` (None: no bound), of which it already ``spent`` some (reading
    it: compiling its cards counts against its bound). Bounds do not nest: an inner one keeps the outer's end
    if that comes first."""
    if seconds is None:
        yield None
        return
    seconds = valid_seconds(seconds)
    outer = _current.get()
    d = Deadline(seconds, time.monotonic() + seconds - max(0.0, spent))
    if outer is not None and outer.end < d.end:
        d = outer
    alarm = outer is None and _can_alarm()
    if alarm:
        d = Deadline(d.seconds, d.end, alarm=True)
    token = _current.set(d)
    previous = None
    host_timer = (0.0, 0.0)
    started = time.monotonic()
    fired = []
    if alarm:
        def _stop(signum, frame):  # noqa: ARG001  (the signal handler's signature)
            fired.append(True)
            raise d.reached("answering")
        previous = signal.signal(signal.SIGALRM, _stop)
        host_timer = signal.setitimer(signal.ITIMER_REAL, max(d.left() + GRACE_SECONDS, 1e-3), _REPEAT_SECONDS)
    try:
        yield d
    except SearchBound:
        raise
    except Exception as e:
        if fired:
            # the alarm's SearchBound, turned into another exception by the code it interrupted (ctypes
            # makes it an ArgumentError when it fires while z3's arguments are converted)
            raise d.reached("answering") from e
        raise
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
            _restore(host_timer, time.monotonic() - started)
        _current.reset(token)


@contextmanager
def paused() -> Iterator[None]:
    """Work the process does once for every question after it (the built-in cards compiled when first asked
    for, the phrase parser's tables): no question's bound pays for it. Inside, the bound is not checked and the
    alarm is held; after, the bound ends that much later."""
    d = _current.get()
    if d is None:
        yield
        return
    started = time.monotonic()
    held = signal.setitimer(signal.ITIMER_REAL, 0) if d.alarm and _can_alarm() else None
    token = _current.set(None)
    try:
        yield
    finally:
        _current.reset(token)
        took = time.monotonic() - started
        _current.set(Deadline(d.seconds, d.end + took, d.alarm))
        if held is not None and held[0] > 0:
            signal.setitimer(signal.ITIMER_REAL, held[0], held[1])


def _restore(host_timer: tuple[float, float], took: float) -> None:
    """Arm again the timer a host program had set before the question, less the time the question took
    (one that fell due meanwhile fires at once)."""
    delay, interval = host_timer
    if delay > 0:
        signal.setitimer(signal.ITIMER_REAL, max(delay - took, 1e-6), interval)


def _can_alarm() -> bool:
    # signal handlers can only be set from the main thread; SIGALRM is POSIX only
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
