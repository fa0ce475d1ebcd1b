"""A permanent leaving the battlefield because an effect says so: destroyed (701.8), sacrificed (701.21),
exiled (406.3) or returned to its owner's hand (400.6). The question format's actions of those names and the
effects of resolving spells and abilities both perform them here; "Sacrifice ~." is the word ``sacrifice_self``."""
from __future__ import annotations

from mtgjudge.model.engine import shields, zones
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.settle import after_moves, source_on_battlefield
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect

#: kind -> (the zone it goes to, the rule, the words)
_KINDS = {
    "destroy": ("graveyard", "701.8a", "is destroyed and put into its owner's graveyard"),
    "sacrifice": ("graveyard", "701.21a", "is sacrificed: put into its owner's graveyard"),
    "exile": ("exile", "701.13a", "is exiled"),
    "bounce": ("hand", "400.6", "is returned to its owner's hand"),
}


def remove_all(game: Game, oids: list[str], kind: str, regenerate: bool = True) -> Game:
    """``kind`` done to every permanent of ``oids`` at once ("destroy all creatures", 701.8a): each moves as
    ``remove`` says, and what the moves trigger sees them all leave together (603.10a)."""
    game, moved = move_all(game, oids, kind, regenerate)
    return after_moves(game, moved, f"{', '.join(oids)} leave the battlefield") if moved else game


def move_all(game: Game, oids: list[str], kind: str, regenerate: bool = True, begun: bool = False
             ) -> tuple[Game, list]:
    """The zone changes of ``remove_all``, without what follows them: the game and the moves made. One event
    (614): text that may replace it is looked for once, as it begins (the first move's guard, which sees every
    permanent still on the battlefield); ``begun``: the event's first moves were made already (by another call
    for the same event)."""
    moved: list = []
    for oid in oids:
        game, m = _move(game, oid, kind, regenerate, guard=not (moved or begun))
        moved += m
    return game, moved


def remove(game: Game, oid: str, kind: str, regenerate: bool = True) -> Game:
    """``kind`` (destroy, sacrifice, exile, bounce) done to ``oid``; nothing happens if it is not on the
    battlefield; an indestructible permanent is not destroyed (702.12b). The zone change becomes a new object
    (400.7) and what it triggers waits to be put on the stack (``settle.after_moves``). ``regenerate`` False:
    the effect says it "can't be regenerated" (701.19c)."""
    game, moved = _move(game, oid, kind, regenerate)
    return after_moves(game, moved, f"{oid} leaves the battlefield") if moved else game


def _move(game: Game, oid: str, kind: str, regenerate: bool = True, guard: bool = True) -> tuple[Game, list]:
    """The zone change of ``remove``, without what follows it: the game and the moves made (lki, from, to).
    Destruction is replaced by a regeneration shield (701.19a); dying by "exile it instead" (614.1a): both
    are ``shields``'."""
    st = game.state
    if not st.has(oid) or st.obj(oid).zone != "battlefield":
        return game.log("400.7", f"{oid} is not on the battlefield: nothing happens"), []
    o = st.obj(oid)
    if kind == "destroy":
        if current(st, oid).has_keyword("Indestructible"):
            return game.log("702.12b", f"{o.name} is indestructible and is not destroyed"), []
        game, regenerated = shields.regenerate(game, oid, regenerate)
        if regenerated:
            return game, []
        guard_scope(game.state, "dies", f"{oid} is destroyed")
    to, rule, verb = _KINDS[kind]
    instead = ""
    if to == "graveyard":
        to, instead = shields.dies_to(game, oid)
    gone = "; its counters cease to exist (122.2)" if o.counters else ""
    game = zones.move(game, oid, to, guard=guard).log((rule, "400.7") + (("122.2",) if gone else ()) + (("614.1a",) if instead else ()),
                                         f"{o.name} ({oid}) {verb}{instead}; it becomes a new object{gone}")
    return game, [(o, "battlefield", to)]


def _sacrifice_self(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.21a: the ability's controller sacrifices its source: only if it is still the permanent it was (400.7)
    and they control it (a player can't sacrifice a permanent they don't control)."""
    if not source_on_battlefield(game, ctx.source, ctx.source_moves):
        return [game.log("400.7", f"{ctx.source} is no longer the permanent it was: it is not sacrificed")]
    o = game.state.obj(ctx.source)
    if o.controller != ctx.controller:
        return [game.log("701.21a", f"{ctx.controller} doesn't control {o.name} ({o.id}): they can't sacrifice it")]
    return [remove(game, ctx.source, "sacrifice")]


PERFORMERS: dict[str, Performer] = {"sacrifice_self": _sacrifice_self}
