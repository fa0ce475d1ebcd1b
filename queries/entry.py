"""The entry point of the ``mtgjudge`` command (``pyproject.toml``'s script): the command line of
:mod:`mtgjudge.queries.cli`, imported only here, so that Ctrl-C at any moment, even while the verifier is
still being imported, ends the command with one line and exit code 130 (128 + SIGINT), as Unix tools do.
"""
from __future__ import annotations

import sys
from typing import Sequence

#: The exit code of a command ended by Ctrl-C.
INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``mtgjudge`` command line."""
    try:
        from mtgjudge.queries.cli import main as command_line

        return command_line(argv)
    except KeyboardInterrupt:
        interrupted()
        return INTERRUPTED


def interrupted() -> None:
    """Say that the command was interrupted (one line)."""
    try:
        print("mtgjudge: interrupted", file=sys.stderr, flush=True)
    except (OSError, ValueError):   # standard error closed too: nothing more to say
        pass


if __name__ == "__main__":
    sys.exit(main())
