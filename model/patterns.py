"""Regular expressions compiled on first use.

The Oracle reader has a few hundred patterns at module level; most questions read no card text (their cards
come from the compiled-card cache), so compiling them all at import was most of the import's cost. A
:class:`Pattern` is made from the same arguments as ``re.compile`` and behaves as the compiled pattern: the
first use of any attribute compiles it, and its methods are then bound on it directly.
"""
from __future__ import annotations

import re
from typing import Any

#: The compiled pattern's attributes bound on a Pattern once compiled (so later calls skip ``__getattr__``).
_BOUND = ("match", "search", "fullmatch", "sub", "subn", "split", "findall", "finditer", "pattern", "flags",
          "groups", "groupindex", "scanner")


class Pattern:
    """``re.compile(pattern, flags)``, done the first time the pattern is used."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._args = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_args":
            raise AttributeError(name)
        compiled = re.compile(*self._args)
        for attr in _BOUND:
            setattr(self, attr, getattr(compiled, attr))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"Pattern({self._args[0]!r}, {self._args[1]!r})"


def compile(pattern: str, flags: int = 0) -> Pattern:  # noqa: A001 - the name of what it stands for
    """A pattern compiled on first use (``re.compile``'s arguments)."""
    return Pattern(pattern, flags)
