"""A progress bar on standard error, drawn only when standard error is a terminal (a log or a pipe gets
nothing): done/total, elapsed time and an estimate of the time left."""
from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30


class Progress:
    """Call with the number of items just done; ``close()`` ends the line."""

    def __init__(self, total: int, what: str = "cards", stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty()
        self.total = max(total, 0)
        self.what = what
        self.done = 0
        self.start = time.monotonic()

    def __call__(self, n: int) -> None:
        self.done += n
        if self.enabled:
            self.stream.write("\r" + self.line())
            self.stream.flush()

    def line(self) -> str:
        """The bar as drawn now."""
        elapsed = time.monotonic() - self.start
        part = self.done / self.total if self.total else 1.0
        filled = int(WIDTH * part)
        left = f", {elapsed / part - elapsed:.0f} s left" if 0 < part < 1 else ""
        return (f"[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total} {self.what}, "
                f"{elapsed:.0f} s{left}  ")

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
