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


#: What an unmodelled ability's scope must avoid for payment not to depend on it.
PAYMENT_SCOPES = ("mana", "spending", "spell-costs")


def require_modelled_for_payment(state, player: str) -> None:
    """Raise Unsupported if a payment could depend on something the model does not represent: a card with
    no definition on the battlefield; an unmodelled static ability anywhere on the battlefield, or an
    unmodelled activated/mana ability of the payer's permanents, whose scope may concern mana, spending or
    spell costs."""
    for o in state.battlefield():
        if not o.card.modelled:
            raise Unsupported(f"{o.card.name!r} ({o.id}) is a card the verifier has no definition for yet")
        for a in current(state, o.id).abilities:
            if a.kind != "unmodelled":
                continue
            relevant = a.timing == "static" or (a.timing in ("activated", "mana") and o.controller == player)
            if relevant and any(a.may_concern(s) for s in PAYMENT_SCOPES):
                raise Unsupported(f"{o.name} ({o.id}) has an ability the verifier cannot model, which could matter "
                                  f"to paying: {a.source_text!r}")


def guard_scope(state, scope: str, what: str) -> None:
    """Raise Unsupported if an unmodelled static ability on the battlefield may apply when ``what`` happens
    (its declared scope includes ``scope``, or it declares none)."""
    for o in state.battlefield():
        for a in current(state, o.id).abilities:
            if a.kind == "unmodelled" and a.timing == "static" and a.may_concern(scope):
                raise Unsupported(f"{o.name} ({o.id}) has text the engine cannot model that may apply when {what}: "
                                  f"{a.source_text!r}")
