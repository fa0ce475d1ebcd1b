"""The narrowing table: every rule by which a line of card text the model does not read is said not to affect a
question, one row each, with the CR rule that justifies it. A line no row narrows could change anything, in any
zone. Each row is tested in the case where it would be wrong (tests/test_narrowing.py: the line where it
functions, the option chosen), and a row without such a test fails that file.

- zones (``scopes.ZONE_ROWS``): where an unmodelled line functions (113.6);
- scopes (``scopes.SCOPE_ROWS``, from triggers, activated abilities and the static templates
  ``scopes.STATIC_TEMPLATES``): what it could change;
- keywords (``KEYWORD_ROWS``, from ``keywords.TABLE``): a keyword of 702 the model does not perform, with the
  zones and scopes of its own rule;
- the compiler's (``COMPILE_ROWS``): a leveler's striations, the second sentence of a color-setting line;
- uses (``vocab.cast_options.USE_ROWS``, which legality and the engine apply): a question a consumer answers
  without the line, for a reason of the question: the alternative cost not chosen when the actions cast a spell
  for its mana cost (``not_chosen``), the abilities that apply only if that cost was paid (``only_if_paid``), a
  way to cast that only adds ways (``adds_ways``), a Bestow line of an object that can't be bestowed: off the
  stack and not attached (``unbestowed``, which also takes the object's zone and whether it is attached).
"""
from __future__ import annotations

from typing import Any

from mtgjudge.model.vocab import keywords
from mtgjudge.model.oracle.scopes import SCOPE_ROWS, ZONE_ROWS
from mtgjudge.model.vocab.cast_options import USE_ROWS
from mtgjudge.model.vocab.scopes import Narrowing

# The compiler's readers (``compile``, ``lines``) are imported when a row of theirs is tested, not with the table:
# a process whose cards are kept compiled needs no compiler.


def keyword_of(text: str) -> keywords.Keyword | None:
    """The keyword a whole line is, as the compiler reads it (reminder text aside), or None."""
    from mtgjudge.model.oracle import lines

    found = lines.keyword_of(text.split("(")[0].strip().rstrip("."))
    return found[0] if found is not None else None


def _keyword_row(kw: keywords.Keyword) -> Narrowing:
    return Narrowing(f"keyword {kw.name}", "zones and scopes", kw.rule,
                     lambda text: (found := keyword_of(text)) is not None and found.rule == kw.rule
                     and found.name.lower().endswith(kw.name.lower()))


#: One row per keyword of the table: its line functions in ``kw.zones`` and changes ``kw.scopes`` (702).
KEYWORD_ROWS: tuple[Narrowing, ...] = tuple(_keyword_row(kw) for kw in keywords.TABLE)


def _level_striations(*args: Any) -> Any:
    """``compile.level_striations``."""
    from mtgjudge.model.oracle.compile import level_striations

    return level_striations(*args)


def _same_for_off_battlefield(*args: Any) -> Any:
    """``lines.same_for_off_battlefield``."""
    from mtgjudge.model.oracle.lines import same_for_off_battlefield

    return same_for_off_battlefield(*args)


#: Rows the compiler applies to a part of a line or to several lines (``compile.level_striations``,
#: ``lines.same_for_off_battlefield``).
COMPILE_ROWS: tuple[Narrowing, ...] = (
    Narrowing("level striations", "zones", "711.2, 113.6", _level_striations),
    Narrowing("the same color for objects off the battlefield", "scopes", "611.3a, 613.1e", _same_for_off_battlefield),
)

#: The whole table.
TABLE: tuple[Narrowing, ...] = ZONE_ROWS + SCOPE_ROWS + KEYWORD_ROWS + USE_ROWS + COMPILE_ROWS
