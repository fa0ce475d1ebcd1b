"""Soundness guards: what the model cannot represent, found before any answer is given.

A question whose answer could depend on an ability the product does not model is `unsupported`, naming the
text; these helpers say when that is the case.
"""
from __future__ import annotations

from mtgjudge.model.rules.layers import current
from mtgjudge.model.errors import Unsupported


def require_modelled_battlefield(state, scope: str, kinds: tuple[str, ...] = ("static",)) -> None:
    """Raise Unsupported if a permanent on the battlefield is a card the product has no definition for, or
    has an unmodelled ability of one of ``kinds`` that may concern ``scope`` (an unmodelled static ability
    with no declared scope can change anything, anywhere; see model.abilities.UNMODELLED_SCOPES)."""
    for o in state.battlefield():
        if not o.card.modelled:
            raise Unsupported(f"{o.card.name!r} ({o.id}) is a card the verifier has no definition for yet")
        for a in current(state, o.id).abilities:
            if a.kind == "unmodelled" and a.timing in kinds and a.may_concern(scope):
                raise Unsupported(f"{o.name} ({o.id}) has {a.timing} ability the verifier cannot model: {a.source_text!r}")


def require_modelled_object(state, oid: str) -> None:
    """Raise Unsupported if the object itself is an undefined card."""
    o = state.obj(oid)
    if not o.card.modelled:
        raise Unsupported(f"{o.card.name!r} ({o.id}) is a card the verifier has no definition for yet")
