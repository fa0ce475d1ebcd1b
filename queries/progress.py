"""A one-line progress bar for long commands, drawn on a terminal only: piped or redirected output stays
free of it."""
from __future__ import annotations

import sys
from typing import TextIO

WIDTH = 30


class Progress:
    """``label [#####-----]  45%  8500/18892``, redrawn in place when the percentage changes (so that
    updating it for every item costs next to nothing); :meth:`done` clears the line."""

    def __init__(self, total: int, label: str, stream: TextIO) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream
        self._shown = -1

    def update(self, n: int) -> None:
        """``n`` items of ``total`` are done."""
        percent = n * 100 // self.total
        if percent == self._shown:
            return
        self._shown = percent
        filled = n * WIDTH // self.total
        self.stream.write(f"\r{self.label} [{'#' * filled}{'-' * (WIDTH - filled)}] {percent:3d}%  {n}/{self.total}")
        self.stream.flush()

    def done(self) -> None:
        """Clear the bar's line."""
        self.stream.write("\r\033[K")
        self.stream.flush()


def progress_bar(total: int, label: str, stream: TextIO | None = None) -> Progress | None:
    """A progress bar on ``stream`` (default stderr) if it is a terminal, else None."""
    stream = stream if stream is not None else sys.stderr
    return Progress(total, label, stream) if stream.isatty() else None
