"""The entry point of the ``mtgjudge`` command (``pyproject.toml``'s script): the command line of
:mod:`mtgjudge.queries.cli`, imported only here, so that Ctrl-C at any moment, even while the verifier is
still being imported, ends the command with one line and exit code 130 (128 + SIGINT), as Unix tools do.
"""
from __future__ import annotations

import gc
import sys
from typing import Sequence

from mtgjudge.queries.interrupt import INTERRUPTED, interrupted


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``mtgjudge`` command line."""
    try:
        # What the import makes (modules, classes, functions, the vocabulary) lives as long as the process: the
        # collector does not walk it while it is made (~4% of a question's start-up) nor after, at each full
        # collection (~2%), and workers forked by `check -j N` share it without copying it.
        gc.disable()
        try:
            from mtgjudge.queries.cli import main as command_line
        finally:
            gc.freeze()
            gc.enable()
        return command_line(argv)
    except KeyboardInterrupt:
        interrupted()
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
