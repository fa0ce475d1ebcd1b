"""Reading a morph line (CR 702.37a-b): "Morph {2}{W}{W}", "Megamorph {5}{G}{G}", "Morph—Reveal a white card in
your hand." as the ``morph`` word with its cost, read whole by the cost grammar. A cost the grammar does not read
leaves the line unmodelled (the keyword table's row: a cast option and events), as does "Disguise" (702.168: a
face-down permanent with ward {2}, not read here)."""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases

_MORPH = patterns.compile(r"^(?P<kw>Morph|Megamorph)(?: (?P<mana>(?:\{[^}]+\})+)| ?— ?(?P<cost>.+?))\.?$", re.I)


def morph_line(body: str) -> dict | None:
    """The ``morph`` word's data of a line that is one morph or megamorph keyword with its cost, or None."""
    m = _MORPH.match(body.strip())
    if m is None:
        return None
    cost = m.group("mana") or m.group("cost")
    try:
        phrases.cost_parts(cost)
    except DefinitionError:
        return None
    return {"kind": "morph", "cost": cost, "mega": m.group("kw").lower() == "megamorph"}
