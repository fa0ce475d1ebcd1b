"""What the command line writes, and what it does differently on a terminal: every line goes out through
:func:`emit`, which escapes the control characters data may hold (a card name imported with an escape
sequence must not clear the screen or set the window title); colours (never with ``NO_COLOR``, never when
piped unless asked for), added after escaping; a progress bar for long runs (only when both output streams
are terminals)."""
from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path
from typing import TextIO


#: What never reaches the output from data: C0 controls but line break and tab, DEL, C1 controls (an 8-bit
#: terminal reads U+009B as CSI), the bidirectional controls that reorder a line as shown, and lone
#: surrogates (which can't be written as UTF-8 at all).
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str) -> str:
    """``text`` with each unsafe character written as its escape (``\\u001b``), which is also valid inside a
    JSON string, so that a JSON line stays one."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def emit(text: str, stream: TextIO | None = None, flush: bool = False, style: str = "") -> None:
    """Write one line (or several) of output, escaped (:func:`printable`); ``style``: an ANSI style for its
    first word (a status), added after escaping so that only the product's own colour codes reach the
    terminal."""
    safe = printable(text)
    if style:
        word, sep, rest = safe.partition(" ")
        safe = f"\033[{style}m{word}\033[0m{sep}{rest}"
    print(safe, file=stream if stream is not None else sys.stdout, flush=flush)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def use_color(when: str = "auto", stream: TextIO | None = None) -> bool:
    """``when``: auto (a terminal that is not dumb), always or never; ``NO_COLOR`` set to anything turns
    colour off in every case (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    if when == "always":
        return True
    if when == "never":
        return False
    return _isatty(stream or sys.stdout) and os.environ.get("TERM") != "dumb"


def use_progress(json: bool) -> bool:
    """A progress bar: on a terminal only, never with --json or when output is piped."""
    return not json and _isatty(sys.stdout) and _isatty(sys.stderr) and os.environ.get("TERM") != "dumb"


class Progress:
    """A one-line bar on standard error, drawn at most ten times a second and only once a run has lasted
    half a second; lines printed through :meth:`print` go above it."""

    def __init__(self, total: int, stream: TextIO | None = None, delay: float = 0.5) -> None:
        self.total = max(total, 1)
        self.done = 0
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.delay = delay
        self.drawn = False
        self.last = 0.0

    def print(self, text: str, style: str = "") -> None:
        self.clear()
        emit(text, flush=True, style=style)

    def step(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.start >= self.delay and now - self.last >= 0.1:
            self.last = now
            self.draw()

    def draw(self) -> None:
        total = max(self.total, self.done)
        width = 30
        filled = int(width * self.done / total)
        elapsed = time.monotonic() - self.start
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{total} questions  {elapsed:.0f} s\033[K")
        self.stream.flush()
        self.drawn = True

    def clear(self) -> None:
        if self.drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.drawn = False


class RelativeTo:
    """Shows a file relative to the current folder when it is under it, else relative to the folder a
    path argument names (the bundled corpus: ``corpus/seeds/....yaml``). Picklable, for worker processes."""

    def __init__(self, roots: list[str]) -> None:
        self.cwd = Path.cwd().resolve()
        self.roots = [Path(r).resolve() for r in roots]

    def __call__(self, file: str) -> str:
        if file.startswith("<"):
            return file
        p = Path(file).resolve()
        for base in [self.cwd] + [r.parent for r in self.roots]:
            try:
                return str(p.relative_to(base))
            except ValueError:
                continue
        return file
