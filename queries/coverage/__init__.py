"""``mtgjudge cards coverage``: how much of the card pool the verifier answers. For every card it poses the
questions a judge would start with on a board it builds (``board``), answers them as ``ask`` does and
counts per kind answered, unsupported (with the most frequent reasons, as templates: ``reasons``) and
crashed (``sweep``); ``report`` prints the table or the JSON object, ``cli`` is the command, ``progress``
its progress bar."""
from mtgjudge.queries.coverage.core import (
    KINDS,
    CoverageReport,
    Crash,
    KindTally,
    sweep,
    sweep_card,
)

__all__ = ["KINDS", "CoverageReport", "Crash", "KindTally", "sweep", "sweep_card"]
