"""The whole line of a characteristic-defining ability of power and toughness (604.3): "~'s power and toughness
are each equal to <count>.", "~'s power is equal to <count>.", "~'s toughness is equal to <count>." Anything
else in the line (a second clause, "and its toughness is equal to that number plus 1") is not this reader's: the
line stays unmodelled."""
from __future__ import annotations

from mtgjudge.model import patterns

_DEFINED = patterns.compile(r"^~'s (?P<stats>power and toughness|power|toughness) (?:are each|is) equal to "
                            r"(?P<count>[^.,;]+)\.$")


def defined_pt_static(line: str) -> dict | None:
    """The arguments of the static ``defined_pt`` word of a whole line, or None."""
    m = _DEFINED.match(line.strip())
    if m is None:
        return None
    stats = m.group("stats")
    if (stats == "power and toughness") != (" are each " in line):
        return None
    return {"kind": "defined_pt", "stats": stats, "count": m.group("count")}
