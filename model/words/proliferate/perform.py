"""Performing proliferate (701.34a): the controller chooses any number of the permanents on the battlefield and
players that have a counter (none, some or all: each choice a branch, 608.2d), and each one chosen gets one
additional counter of each kind it already has (122.1), put at once. Poison counters given to a player are
given through ``kernel.players.give_poison`` (704.5c follows as a state-based action). No target is chosen, so
hexproof and shroud do not matter (115.1, 702.11, 702.18). Choices that put the same counters on the same
objects give the same state, and ``merge`` keeps each state once."""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.kernel.objects import add_counters
from mtgjudge.model.engine.kernel.players import give_poison
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.vocab.abilities import Effect


def candidates(game: Game) -> list[str]:
    """The permanents and players that have a counter, permanents first (701.34a)."""
    st = game.state
    perms = [o.id for o in st.objects if o.zone == "battlefield" and any(n > 0 for _, n in o.counters)]
    players = [p.name for p in st.players if p.name not in game.left
               and (p.poison > 0 or any(n > 0 for _, n in p.counters))]
    return perms + players


def _give(game: Game, chosen: tuple[str, ...]) -> Game:
    st = game.state
    for who in chosen:
        if who in st.player_names:
            p = game.state.player(who)
            if p.poison > 0:
                game = give_poison(game, who, 1, ("701.34a", "122.1f"), " by proliferating")
            if p.counters:
                more = tuple((k, n + 1) for k, n in p.counters if n > 0)
                game = game.with_state(game.state.with_player(replace(game.state.player(who), counters=more)))
                game = game.log("701.34a", f"{who} gets one more counter of each kind they have")
                guard_unrecognized(game, f"{who} gets counters")
        else:
            for kind, n in game.state.obj(who).counters:
                if n > 0:
                    game = add_counters(game, who, kind, 1)
    return game


def _proliferate(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    found = candidates(game)
    out = []
    for k in range(len(found) + 1):
        for chosen in combinations(found, k):
            g = game.log("701.34a", f"{ctx.controller} proliferates, choosing "
                                    + (", ".join(chosen) if chosen else "nothing"))
            out.append(_give(g, chosen))
    return merge(out)


PERFORMERS: dict[str, Performer] = {"proliferate": _proliferate}
