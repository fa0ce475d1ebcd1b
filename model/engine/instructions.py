"""More effects of resolving spells and abilities (those real cards use most): "gets +N/+N" for every
creature a phrase names (613.4c, 611.2c), "can't be regenerated" (701.19c), damage to each creature (and each
player, 120.3), tokens (111.1), a card returned from a graveyard to the hand or the battlefield (400.6), a
target player discarding (701.9), life for each permanent (119.3). Tapping and untapping (701.26) are
``words.tapping.perform``'s; "destroy all", "exile all", "return all" and a target player sacrificing are
removal's (``words.removal.perform``).

Each performer takes (game, effect, ctx) and is listed in ``engine.performers``; the
shared steps (damage, +N/+N, counters, discarding one card) are the kernel's own, reused, not copied.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from math import comb

from mtgjudge.model.rules import counts
from mtgjudge.model.engine import zones
from mtgjudge.model.engine.entering import put_onto_battlefield
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.engine.kernel.context import Ctx, Performer, affected, the_target, unaffected
from mtgjudge.model.engine.kernel.damage import deal_damage
from mtgjudge.model.engine.kernel.objects import add_pt_change
from mtgjudge.model.engine.kernel.players import change_life, discard_one

Ctx = Ctx


def _pump_all(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """613.4c, 611.2c: each permanent the phrase names as the effect begins gets +N/+N until end of turn; one
    that enters later is not affected."""
    ids = affected(game, e, ctx)
    if not ids:
        return [game.log("611.2c", f"no permanent is {e.arg('affects')}: nothing gets {e.arg('power'):+d}/"
                                   f"{e.arg('toughness'):+d}")]
    game = game.log("611.2c", f"the {e.arg('affects')} affected are fixed now: {', '.join(ids)}")
    for oid in ids:
        game = add_pt_change(game, oid, e.arg("power"), e.arg("toughness"), ctx.source)
    return [game]


def _gain_life_per(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """119.3, 608.2h: N life for each permanent the phrase names as the spell resolves."""
    src = game.state.obj(ctx.source) if game.state.has(ctx.source) else None
    k = counts.value(game.state, ctx.controller, counts.stored(e, e.arg("affects")), src)   # one count (rules.counts)
    game = game.log("608.2h", f"there are {k} {e.arg('affects')} as it resolves")
    if k == 0:
        return [game]
    return [change_life(game, ctx.controller, e.arg("n") * k)]


def damage_each(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """120.3: the source deals N damage to each permanent the phrase names, at once; each is marked with it
    (120.3e) through the one-target damage step, and lethal damage is 704.5g after resolution."""
    ids = affected(game, e, ctx)
    if not ids:
        return [game.log("120.3", f"there are no {e.arg('affects')}: no damage is dealt")]
    one = Effect("damage", (("n", e.arg("n")), ("target", "any target")), EFFECT_WORDS["damage"])
    players = [p for p in game.state.player_names if p not in game.left] if e.arg("players") else []
    branches = [game]       # several prevention shields on one object may apply in several orders (616.1)
    for oid in ids + players:
        c = replace(ctx, target=oid, target_legal=True)
        branches = merge([r for g in branches for r in deal_damage(g, one, c)])
    return branches




def _from_graveyard(to: str):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """400.6: the target card moves from its owner's graveyard to its owner's hand, or onto the battlefield
        under the control of the player who put it there (the spell's controller, 110.2); a new object (400.7)."""
        skip = unaffected(game, ctx)
        if skip is not None:
            return [skip]
        st = game.state
        target = the_target(e, ctx, "targets")
        o = st.obj(target)
        if o.zone != "graveyard":
            raise Unsupported(f"{e.text()!r} on {o.name} ({o.id}), not a card in a graveyard, is not performed")
        if not o.card.modelled:
            raise Unsupported(f"{o.name} ({o.id}) has no definition: what it does as it moves matters")
        if to == "hand":
            game = zones.move(game, o.id, "hand").log("400.6", f"{o.name} ({o.id}) is returned from the graveyard to "
                                                               f"its owner's hand; it becomes a new object (400.7)")
        else:
            if "Aura" in current(st, o.id).subtypes:
                raise Unsupported(f"{o.name} is an Aura put onto the battlefield: what it enchants (303.4f) is not "
                                  "modelled")
            game = put_onto_battlefield(game, o.id, ctx.controller, None, ("400.6", "110.2"),
                                        f"{o.name} ({o.id}) is put onto the battlefield from the graveyard under "
                                        f"{ctx.controller}'s control; it becomes a new object (400.7)")
        return [after_moves(game, [(o, "graveyard", to)], f"{o.name} leaves the graveyard")]
    return handler


def discard(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.9a-b: the target player discards N cards of their choice (every choice a branch; all of their hand
    if it holds N or fewer); a player who left the game is not affected (800.4a)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    p = ctx.target
    if p not in game.state.player_names:
        raise Unsupported(f"{e.text()!r}: {p} is not a player")
    if p in game.left:
        return [game.log("800.4a", f"{p} has left the game: they discard nothing")]
    hand = game.state.player(p).zone("hand")
    n = min(e.arg("n", 1), len(hand))
    if n == 0:
        return [game.log("701.9", f"{p} has no card to discard")]
    if comb(len(hand), n) > MAX_BRANCHES:
        raise SearchBound(f"{p} could discard more than {MAX_BRANCHES} different sets of cards: the search bound")
    # The cards are discarded at once: one branch per set of cards, not per order (their order in the graveyard
    # is the hand's, as the engine puts simultaneous moves).
    game = game.log("701.9b", f"{p} chooses the {n} card(s) to discard: every choice is a branch")
    out = []
    for cards in combinations(hand, n):
        g = game
        for oid in cards:
            g = discard_one(g, p, oid)
        out.append(g)
    return merge(out)


PERFORMERS: dict[str, Performer] = {
    "pump_all": _pump_all,
    "damage_each": damage_each,
    "regrow": _from_graveyard("hand"),
    "reanimate": _from_graveyard("battlefield"),
    "discard": discard,
    "gain_life_per": _gain_life_per,
}
