"""How a command ended by Ctrl-C says so: one line, and exit code 130 (128 + SIGINT), as Unix tools do. Used by
the entry point (``queries.entry``, while the verifier is still being imported) and by the command line."""
from __future__ import annotations

import sys

#: The exit code of a command ended by Ctrl-C.
INTERRUPTED = 130


def interrupted() -> None:
    """Say that the command was interrupted (one line)."""
    try:
        print("mtgjudge: interrupted", file=sys.stderr, flush=True)
    except (OSError, ValueError):   # standard error closed too: nothing more to say
        pass
