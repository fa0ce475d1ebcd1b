"""The handlers of the enters-trigger family of issue 9 (slice `etb`), registered in ``resolve.HANDLERS`` when
the engine package is imported: the intervening "if" marker (603.4, ``intervening``)."""
from __future__ import annotations

from mtgjudge.model.engine import intervening, resolve

resolve.HANDLERS["intervening_if"] = intervening.marker
