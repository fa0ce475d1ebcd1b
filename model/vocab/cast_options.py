"""The rows of the narrowing table by which a consumer answers a question without a line it does not read, for a
reason of the question (``oracle.narrowing.USE_ROWS``): the ways to cast a spell that its line offers (118.9,
601.2b, 601.3). They read the unmodelled ability as the compiler made it and the keyword table, so that the
compiler's table, legality and the engine share one definition of each."""
from __future__ import annotations

from mtgjudge.model.vocab import keywords
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.scopes import Narrowing, Scope


def not_chosen(a: Ability) -> bool:
    """118.9a, 601.2b: a spell the actions cast for its mana cost was cast with no alternative cost, and not from a
    zone only its own permission allows: a line that only offers such a way to cast it (its scopes are the cast
    options alone) changes nothing as it resolves. An optional additional cost (kicker, buyback, ...,
    ``Keyword.additional``) was decided as the spell was cast: each way a branch, or the cast unsupported, or not
    payable then (``words.kicker.perform.unperformed_options``, 601.2b, 601.2h)."""
    return a.kind == "unmodelled" and bool(a.scope) and set(a.scope) <= {Scope.CAST_OPTIONS}


def only_if_paid(a: Ability) -> keywords.Keyword | None:
    """702.74a, 702.96a, 702.113a: the keyword this line is, if its abilities other than the cost option apply
    only if its alternative cost was paid (``keywords.only_if_chosen``); a spell the actions cast for its mana
    cost is unchanged by it."""
    return keywords.only_if_chosen(a.source_text) if a.kind == "unmodelled" else None


def is_bestow(a: Ability) -> bool:
    """702.103a: is ``a`` an unmodelled Bestow line, the keyword and its cost alone ("Bestow {3}{G}{G}")?"""
    return a.kind == "unmodelled" and keywords.only_if_chosen(a.source_text) is keywords.BY_NAME["bestow"]


def unbestowed(a: Ability, zone: str, attached: bool) -> bool:
    """702.103a-b, 702.103f: a Bestow line (the keyword alone) changes nothing but the ways to cast its card on an
    object that can't be bestowed: only a spell cast bestowed is (702.103b), and the Aura permanent it becomes
    while that Aura is attached (702.103f: unattached, it ceases to be bestowed; 400.7: in a hand, a graveyard or
    exile it is a new object, no spell cast bestowed). So a card off the stack and the battlefield, or a permanent
    not attached to anything (``attached`` False), is what its other lines say it is; a spell on the stack may
    have been cast bestowed, and an attached permanent is a bestowed Aura."""
    return zone != "stack" and not (zone == "battlefield" and attached) and is_bestow(a)


def concerns(a: Ability, scope: Scope | str, zone: str, attached: bool) -> bool:
    """Could the unmodelled ``a`` of an object in ``zone`` (``attached``: a permanent attached to something) matter
    to ``scope``? ``Ability.may_concern``, but a Bestow line of an object that can't be bestowed concerns only the
    ways to cast it (``unbestowed``)."""
    if unbestowed(a, zone, attached):
        return Scope(scope) == Scope.CAST_OPTIONS
    return a.may_concern(scope)


def adds_ways(a: Ability) -> bool:
    """118.9, 601.2b, 601.3: a line among whose scopes are the cast options may add a way to cast the card; it
    can turn a "no" into a "yes" and nothing else, so a "yes" holds without it and a "no" does not."""
    return a.kind == "unmodelled" and Scope.CAST_OPTIONS in a.scope


#: The rows by which a consumer answers a question without the line.
USE_ROWS: tuple[Narrowing, ...] = (
    Narrowing("a cost option not chosen", "use", "118.9a, 601.2b", not_chosen),
    Narrowing("abilities that apply only if an alternative cost was paid", "use",
              "702.74a, 702.96a, 702.103a, 702.113a", only_if_paid),
    Narrowing("a way to cast it matters only to a no", "use", "118.9, 601.2b, 601.3", adds_ways),
    Narrowing("a Bestow card that isn't bestowed", "use", "702.103b, 702.103f", unbestowed),
)
