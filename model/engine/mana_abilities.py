"""Mana abilities in the engine (CR 605): one resolving, as it does the moment it is activated (605.3b), whether
activated while paying a cost (601.2g, ``engine.paying``) or as an action of its own (605.3a): the mana goes into
its controller's mana pool (106.4), where it stays until the step ends (500.4), and the ability's further effects
happen with it ("~ deals 1 damage to you", 120.3a).
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.kernel.context import Ctx
from mtgjudge.model.engine.kernel.damage import deal_damage
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.mana import TYPES, mana_string
from mtgjudge.model.rules.mana_sources import PAID_EFFECTS, activation_outcomes
from mtgjudge.model.state import MAX_POOL, PoolMana
from mtgjudge.model.vocab.abilities import X_COUNT, Ability


def further_effects(game: Game, oid: str, ability: Ability, player: str) -> list[Game]:
    """The effects of ``oid``'s mana ability beside adding mana, as it resolves (605.3b), each performed as any
    effect is (``engine.performers``): "~ deals N damage to you" is damage its source deals the activator
    (120.3a), which prevention shields may prevent (615) and which causes life loss (119.3)."""
    other = [e for e in ability.effects if e.kind not in PAID_EFFECTS]
    if other:
        raise Unsupported(f"the effect {other[0].text()!r} of a mana ability is not performed by the engine yet")
    # "~ deals N damage to you": damage to the activator, dealt as any damage is (``kernel.damage``)
    ctx = Ctx(oid, player, (), game.moved(oid), target=player, target_legal=True)
    games = [game]
    for effect in ability.effects:
        games = [h for g in games for h in deal_damage(g, effect, ctx)]
    return games



def resolve_mana_ability(game: Game, before, oid: str, index: int, ability: Ability, player: str) -> list[Game]:
    """605.3b: the mana ability of ``oid`` (its ``index``-th activated ability) resolves at once, its cost paid:
    every distinct amount it could add (a choice of color, replacement effects in every order, what triggered
    mana abilities add: ``rules.mana_sources.activation_outcomes``, read in ``before``, the state as it was
    activated) a branch, the mana into ``player``'s pool by its sources (106.3, 106.4), then its further effects."""
    p = ability.production
    if p is None or p.mode == "double_pool" or p.amount == X_COUNT or p.reflect_sacrificed or p.amount_from_game:
        raise Unsupported(f"activating {ability.text()!r}: mana that depends on the pool, an X, the sacrificed "
                          "permanent or the game as it resolves is not performed by the engine yet")
    name = before.obj(oid).name
    out = []
    outcomes = activation_outcomes(before, oid, ability, player)
    for own, adds, how in outcomes:
        pl = game.state.player(player)
        made = [PoolMana(TYPES[i], oid) for i, n in enumerate(own) for _ in range(n)]
        made += [PoolMana(TYPES[i], src) for src, e in adds for i, n in enumerate(e) for _ in range(n)]
        if len(pl.mana_pool) + len(made) > MAX_POOL:
            raise SearchBound(f"{player}'s mana pool would hold more than {MAX_POOL} mana: past the engine's bound")
        g = game.with_state(game.state.with_player(replace(pl, mana_pool=pl.mana_pool + tuple(made))))
        total = mana_string({t: sum(1 for m in made if m.type == t) for t in TYPES})
        g = g.log(("605.3b", "106.4"), f"{name}'s mana ability resolves: {how}; {player} adds {total} to their mana pool")
        if len(outcomes) > 1:
            g = g.choose(f"{oid} adds {total}")
        out += further_effects(g, oid, ability, player)
    return merge(out)
