"""A player's instructions about hands (issue 9, helper "hands"), performed for ``engine.library``'s
``player_acts``: a count X (107.3a: the value the spell's controller chose for X as the spell was cast, known only
for a spell; an ability's X is its own cost's, 107.3m: unsupported here) and "discards their hand" (701.9a: every
card of the hand, no choice)."""
from __future__ import annotations

from mtgjudge.model.engine import resolve
from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.vocab.abilities import Effect

Ctx = resolve.Ctx


def x_value(e: Effect, ctx: Ctx) -> int:
    """107.3a: X in a spell's instructions is the value chosen as it was cast (601.2b); an ability's X (107.3m,
    107.3f) or an X nobody chose is not known to the engine."""
    if ctx.ability_index is not None or ctx.x is None:
        raise Unsupported(f"the value of X in {e.text()!r} is not known to the engine")
    return ctx.x


def discard_hand(game: Game, player: str) -> Game:
    """701.9a: ``player`` discards every card in their hand (all at once; no choice to make)."""
    if player in game.left:
        return game.log("800.4a", f"{player} has left the game: they discard nothing")
    hand = game.state.player(player).zone("hand")
    if not hand:
        return game.log("701.9a", f"{player}'s hand is empty: they discard nothing")
    game = game.log("701.9a", f"{player} discards their hand ({len(hand)} card(s))")
    for oid in hand:
        game = resolve.discard_one(game, player, oid)
    return game
