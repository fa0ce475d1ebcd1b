"""A spell's own static abilities that function while it is on the stack (CR 113.6g, 702.61a, 604.1): "This spell
can't be countered", "If X is 5 or more, this spell can't be countered and the damage can't be prevented"
(Banefire: a static ability whose condition is the X chosen as the spell was cast, 107.3, 601.2b; not an
instruction followed as it resolves) and split second."""
from __future__ import annotations

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import current

#: The static words this module gives meaning to.
ON_STACK_WORDS = ("cant_be_countered",)


def _in_force(state, oid: str) -> list:
    """The spell's ``cant_be_countered`` words whose condition holds now. Banefire's ruling (2018-07-13): it checks
    the number chosen for X, not the mana spent; a spell the question put on the stack without its X is not
    known."""
    out = []
    for a in current(state, oid).abilities:
        s = a.static
        if a.kind != "static" or s is None or s.kind != "cant_be_countered":
            continue
        n = s.arg("x_at_least")
        if n is not None:
            x = state.obj(oid).x
            if x is None:
                raise Unsupported(f"{state.obj(oid).name} ({oid}): {a.text()!r} depends on the X chosen as it was "
                                  "cast, which the question does not give")
            if x < int(n):
                continue
        out.append(s)
    return out


def cant_be_countered(state, oid: str) -> bool:
    """113.6g: does the spell ``oid`` on the stack say it can't be countered (now, its condition on X holding)? A
    spell or ability that would counter it then does nothing to it (701.6a: it stays on the stack and
    resolves)."""
    return bool(_in_force(state, oid))


def damage_cant_be_prevented(state, source: str) -> bool:
    """615.12: is the damage the spell ``source`` deals as it resolves damage that can't be prevented by its own
    static ability ("... and the damage can't be prevented", its condition holding)? False for a source that is
    not a spell on the stack."""
    if not state.has(source) or state.obj(source).zone != "stack":
        return False
    return any(s.arg("damage_unpreventable", False) for s in _in_force(state, source))
