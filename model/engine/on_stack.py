"""A spell's own static abilities that function while it is on the stack (CR 113.6g, 702.61a): "This spell
can't be countered" and split second."""
from __future__ import annotations

from mtgjudge.model.rules.layers import current

#: The static words this module gives meaning to.
ON_STACK_WORDS = ("cant_be_countered",)


def cant_be_countered(state, oid: str) -> bool:
    """113.6g: does the spell ``oid`` on the stack say it can't be countered? A spell or ability that would
    counter it then does nothing to it (701.6a: it stays on the stack and resolves)."""
    return any(a.kind == "static" and a.static is not None and a.static.kind == "cant_be_countered"
               for a in current(state, oid).abilities)
