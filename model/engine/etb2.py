"""Effects of the card's own triggers, round 2 (slice `etb2` of issue 9, round 4), registered in
``resolve.HANDLERS``: "Untap up to N lands" (701.26b)."""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from math import comb

from mtgjudge.model.engine import resolve
from mtgjudge.model.engine.effects import _tap, affected
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge
from mtgjudge.model.engine.resolve import Ctx
from mtgjudge.model.errors import SearchBound
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS


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
    untap = _tap(untap=True)
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


HANDLERS = {
    "untap_up_to": _untap_up_to,
}
resolve.HANDLERS.update(HANDLERS)
