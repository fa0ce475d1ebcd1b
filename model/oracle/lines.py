"""One line of Oracle text -> one Ability: what the grammar reads becomes words of the encoding; the rest is
kept unmodelled with the scopes it could change."""
from __future__ import annotations

import re

from mtgjudge.model.vocab.abilities import Ability

_TRIGGER = re.compile(r"^(When|Whenever|At)\b")
_ACTIVATED = re.compile(r"^[^\"]*?:\s")


def line_kind(norm: str, spell: bool) -> str:
    """What kind of ability a line is (113.3): triggered (603.1: "when", "whenever", "at"), activated ("[Cost]:
    [Effect]", 602.1), a spell's effect (instants' and sorceries' text, 113.3a) or static."""
    if _TRIGGER.match(norm):
        return "triggered"
    if _ACTIVATED.match(norm):
        return "mana" if re.search(r":.*\bAdd\b", norm) else "activated"
    return "spell" if spell else "static"


def compile_line(norm: str, printed: str, spell: bool = False) -> Ability:
    """The ability a line compiles to."""
    return Ability("unmodelled", source_text=printed, unmodelled_kind=line_kind(norm, spell))
