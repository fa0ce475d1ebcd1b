"""The performers of a permanent's own triggers, listed in ``engine.performers``: the intervening "if" marker (603.4, ``intervening``), "~ fights target creature" (701.14), counters
on each permanent of a kind (122.1) and "Untap up to N lands" (701.26b)."""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from math import comb
from mtgjudge.model.engine import intervening
from mtgjudge.model.words.damage import perform as damage
from mtgjudge.model.words.tapping import perform as tapping
from mtgjudge.model.engine.game import Game, MAX_BRANCHES, merge

from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.errors import SearchBound
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS
from mtgjudge.model.engine.kernel.context import affected, Ctx, Performer
from mtgjudge.model.engine.kernel.objects import add_counters


def _fight_self(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.14a: the source and the target fight (``damage``'s fight: each deals damage equal to its power to the
    other). 701.14b, 400.7: if the source is no longer on the battlefield (or is a new object), neither deals
    damage; so too if the target is illegal now (608.2b) or not a creature on the battlefield."""
    if not source_on_battlefield(game, ctx.source, ctx.source_moves):
        return [game.log(("701.14b", "400.7"), f"{ctx.source} is no longer on the battlefield: no damage is dealt")]
    return damage.fight(game, e, replace(ctx, target=ctx.source, target_legal=True, target2=ctx.target,
                                         target2_legal=ctx.target_legal))


def _counters_each(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """122.1, 611.2c: the permanents the phrase names as the effect is performed each get the counters (one
    that enters later does not); none named: nothing happens."""
    ids = affected(game, e, ctx)
    if not ids:
        return [game.log("608.2c", f"there are no {e.arg('affects')}: no counter is put")]
    for oid in ids:
        game = add_counters(game, oid, e.arg("kind"), e.arg("n"))
    return [game]




def _untap_up_to(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26b: the controller chooses up to N of the permanents named (any player's) and untaps them. Choosing
    an untapped one changes nothing (701.26: it doesn't untap), so every set of at most N tapped ones is a
    branch, none included."""
    n = e.arg("n")
    tapped = [oid for oid in affected(game, e, ctx) if game.state.obj(oid).tapped]
    k = min(n, len(tapped))
    ways = sum(comb(len(tapped), i) for i in range(k + 1))
    if ways > MAX_BRANCHES:
        raise SearchBound(f"{e.text()!r}: {ways} choices of {e.arg('affects')}s to untap: past the search bound "
                          f"of {MAX_BRANCHES} branches")
    game = game.log("701.26b", f"{ctx.controller} chooses up to {n} {e.arg('affects')}s to untap: every choice of "
                               f"tapped ones ({', '.join(tapped) or 'none'}) is a branch")
    untap = tapping.PERFORMERS["untap_target"]
    word = EFFECT_WORDS["untap_target"]
    out = []
    for i in range(k + 1):
        for chosen in combinations(tapped, i):
            g = game
            for oid in chosen:
                (g,) = untap(g, Effect("untap_target", (("target", "permanent"),), word),
                             replace(ctx, target=oid, target_legal=True))
            out.append(g.choose(f"{ctx.controller} untaps {', '.join(chosen) or 'nothing'}"))
    return merge(out)


PERFORMERS: dict[str, Performer] = {
    "intervening_if": intervening.marker,
    "fight_self": _fight_self,
    "counters_each": _counters_each,
    "untap_up_to": _untap_up_to,
}
