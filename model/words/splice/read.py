"""Reading "Splice onto Arcane {1}{R}" and "Splice onto Arcane—Exile four cards from your graveyard." (702.47a) into
the static word ``splice``: the quality is one subtype (every printed splice ability names Arcane), the cost is read
whole by the cost grammar. Any other quality or a cost not read leaves the line unmodelled (a spell cast while the
card is in its caster's hand is then unsupported: ``words.kicker.perform.unperformed_options``)."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.grammar import parse_cost_text

#: The keyword's parameter after "Splice": "onto Arcane {1}{R}", "onto Arcane — Tap an untapped white creature you
#: control" (the line reader spaces a dash between words).
_PARAM = re.compile(r"^onto (Arcane)(?: ((?:\{[^}]+\})+)| ?— ?(.+?))\.?$")


def splice(param: str) -> dict | None:
    """The arguments of the ``splice`` word a splice keyword's parameter means; None when it is not read whole."""
    m = _PARAM.match(param.strip())
    if m is None:
        return None
    cost = (m.group(2) or m.group(3) or "").strip()
    try:
        if not parse_cost_text(cost):
            return None
    except DefinitionError:
        return None
    return {"kind": "splice", "quality": m.group(1), "cost": cost}
