"""Casting a split card with fuse (702.102a): the ways the cast action's ``fused`` key leaves open, and the card as
the fused split spell it is cast as. Casting one half (709.3) is each half's own branch (``engine.actions.cast``);
casting both halves is one more, from the hand only (702.102a): the object then has both halves' characteristics
(702.102b, ``objects.CardDef.fused_face``), so its legality (601.3, 601.2c), its total cost (702.102c: both mana
costs) and its instructions as it resolves (702.102d: the left half's, then the right half's) are those of any
spell with those characteristics. Its targets are chosen in that order too: the left half's, then the right
half's (601.2c)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.errors import Illegal, InputError, Unsupported
from mtgjudge.model.explain import step
from mtgjudge.model.legality import fuse_read, has_fuse, split_with_fuse
from mtgjudge.model.objects import GameObject
from mtgjudge.model.state import GameState


def fuse_ways(state: GameState, oid: str, asked: bool | None) -> tuple[bool, ...]:
    """The ways to cast ``oid`` the action leaves open: False, one half (709.3); True, both halves fused (702.102a).
    ``asked``: the action's ``fused`` key (None: not given, every way open). Fused from anywhere but the hand is
    refused (702.102a); ``fused`` on a card without fuse is an error of the question. A fuse the model does not
    read whole (``legality.fuse_read``) offers no fused way: asked for, it is unsupported; left open, the caller
    decides whether the missing way matters."""
    o = state.obj(oid)
    if asked is not None and not split_with_fuse(o):
        raise InputError("fused", f"{o.card.name} is not a split card with fuse (702.102a): it can't be cast fused")
    if asked and not has_fuse(state, oid):
        raise Illegal((step("702.102a", f"{o.card.name} is in its owner's {o.zone}: only a split card cast from a "
                                        "player's hand may be cast as both halves by fuse; from anywhere else one "
                                        "half is chosen (709.3)"),))
    if asked and not fuse_read(state, oid):
        raise Unsupported(f"{o.card.name}'s fuse, or its halves of different card types, are not read whole: "
                          "casting it fused (702.102a) is not performed")
    if asked is True:
        return (True,)
    if asked is False or not fuse_read(state, oid):
        return (False,)
    return (False, True)


def as_fused(o: GameObject) -> GameObject:
    """The card as the fused split spell: both halves at once (702.102a-b)."""
    return replace(o, face=0, fused=True)
