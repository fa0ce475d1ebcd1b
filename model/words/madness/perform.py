"""Performing madness's trigger (702.35a) as it resolves: its owner may cast the card from exile by paying its
madness cost rather than its mana cost (608.2g, ``engine.resolving_cast.cast_paying``: every choice of targets and
every way to pay a branch), or not cast it; a card not cast (declined, or it can't be cast or its cost can't be
paid: 601.5, 601.2h) is put into its owner's graveyard. A card that left exile since is no longer the card the
ability refers to (400.7): it is neither cast nor moved. The discard's replacement, exiling the card and making
this trigger wait, is the discard's own (``engine.kernel.players.put_discarded``)."""
from __future__ import annotations

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.resolving_cast import cast_paying
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.errors import Illegal
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.grammar import cost_of
from mtgjudge.model.words.madness.record import KEYWORD


def _to_graveyard(game: Game, oid: str, owner: str, why: str) -> Game:
    """702.35a: "If that player doesn't, they put this card into their graveyard" (it is not discarded again)."""
    lki = game.state.obj(oid)
    g = zones.move(game, oid, "graveyard").log("702.35a", f"{owner} {why}: {lki.name} ({oid}) is put into their "
                                                          "graveyard")
    return after_moves(g, [(lki, "exile", "graveyard")], f"{lki.name} is put into a graveyard")


def _madness_cast(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.35a, 608.2g: the resolving madness trigger of the card ``ctx.source``."""
    st = game.state
    oid = ctx.source
    if not st.has(oid) or st.obj(oid).zone != "exile" or game.moved(oid) != ctx.source_moves:
        return [game.log(("702.35a", "400.7"), f"{oid} is no longer the card its madness exiled: it is neither cast "
                                               "nor put into a graveyard")]
    o = st.obj(oid)
    owner = o.owner
    if owner in game.left:
        return [game.log("800.4a", f"{owner} has left the game: the madness ability does nothing")]
    cost = e.arg("cost")
    mana = tuple(s for part in cost_of(e) for s in part.mana)
    declined = _to_graveyard(game, oid, owner, f"chooses not to cast {o.name} for its madness cost").choose(
        f"madness: not cast {oid}")
    try:
        casts = cast_paying(game.log("702.35a", f"{owner} chooses to cast {o.name} ({oid}) by paying its madness "
                                                f"cost {cost}"), oid, owner, mana, KEYWORD, ("702.35a",))
    except Illegal as no:
        g = game
        for why in no.why:
            g = g.log(why.rules + ("601.5",), f"{o.name} ({oid}) can't be cast for its madness cost: {why.text}")
        return [_to_graveyard(g, oid, owner, "doesn't cast it")]
    if not casts:
        return [_to_graveyard(game, oid, owner, "can't pay its madness cost, and doesn't cast it")]
    return merge([declined] + [g.choose(f"madness: cast {oid}") for g in casts])


PERFORMERS: dict[str, Performer] = {"madness_cast": _madness_cast}
