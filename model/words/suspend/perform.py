"""Performing suspend's triggered abilities (702.62a) for a card in exile: at the beginning of its owner's upkeep,
if it is suspended (702.62b: in exile, with suspend and a time counter on it; checked as the step begins and again
as the ability resolves, 603.4), a time counter is removed from it (``kernel.objects.remove_counters``, which makes
"When the last time counter is removed" trigger, 702.63a's event); that ability, if the card is still exiled, lets
its owner cast it without paying its mana cost (608.2g, ``engine.resolving_cast``: casting it with each choice of
targets and not casting it are branches; one that can't be cast remains exiled). A creature spell cast this way
gains haste until its controller loses control of it, which the engine does not perform, and playing a land this
way neither: both unsupported, named. The special action from the hand (116.2f) is not taken by any action of the
question format: a suspended card is given by the question's state."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.kernel.objects import remove_counters
from mtgjudge.model.engine.resolving_cast import cast_or_not
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.suspend.record import COUNTER

#: The static word of suspend: its special action (116.2f) is one no action of the question format takes, so the
#: engine offers none; its triggers are performed here.
SUSPEND_WORDS = frozenset({"suspend"})


def _same(game: Game, ctx: Ctx) -> bool:
    st = game.state
    return st.has(ctx.source) and st.obj(ctx.source).zone == "exile" and game.moved(ctx.source) == ctx.source_moves


def _tick(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.62a: "remove a time counter from it" (the intervening "if this card is suspended" held as it began to
    resolve, ``resolve.resolve_top``)."""
    if not _same(game, ctx):
        return [game.log(("702.62a", "400.7"), f"{ctx.source} is no longer the suspended card: no time counter is "
                                               "removed")]
    g, _ = remove_counters(game.log("702.62a", f"{game.state.obj(ctx.source).name}'s suspend removes a time counter "
                                               "from it"), ctx.source, COUNTER, 1)
    return [g]


def _cast(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.62a, 608.2g: "you may play it without paying its mana cost if able. If you don't, it remains exiled"."""
    if not _same(game, ctx):
        return [game.log(("702.62a", "400.7"), f"{ctx.source} is no longer the card suspend exiled: it can't be "
                                               "played")]
    st = game.state
    oid = ctx.source
    o = st.obj(oid)
    player = o.owner
    if player in game.left:
        return [game.log("800.4a", f"{player} has left the game: the suspend ability does nothing")]
    ch = current(st, oid)
    if "Land" in ch.types:
        raise Unsupported(f"{o.name} ({oid}) would be played as suspend's last ability resolves: playing a land this "
                          "way (702.62a) is not performed by the engine yet")
    if "Creature" in ch.types:
        raise Unsupported(f"{o.name} ({oid}) is a creature card: cast by suspend it gains haste until {player} loses "
                          "control of the spell or the permanent it becomes (702.62a), which the engine does not "
                          "perform yet")
    return cast_or_not(game, oid, player, "702.62a", "suspend", "it remains exiled")

PERFORMERS: dict[str, Performer] = {"suspend_tick": _tick, "suspend_cast": _cast}
