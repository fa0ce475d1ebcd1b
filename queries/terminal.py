"""What the command line does differently on a terminal: colours (never with ``NO_COLOR``, never when
piped unless asked for) and a progress bar for long runs (only when both output streams are terminals)."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TextIO


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

    def print(self, text: str) -> None:
        self.clear()
        print(text, flush=True)

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
