"""Effects of the "perm" family of issue 9 (permanents entering, tokens and triggers), registered in
``resolve.HANDLERS`` when the engine package is imported. Their sentences are read by the grammar's "perm"
section (``phrases.lark``) into the words of ``vocab/words_perm.py``."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import effects, resolve
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.resolve import Ctx
from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect


def _tap_enchanted(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26a, 303.4b: "Tap enchanted creature": the permanent the source is attached to as the ability
    resolves. If the source left the battlefield, "enchanted" is what it was attached to as it last existed
    (608.2h), which the engine knows only from a leaves ability's last known information."""
    st = game.state
    if source_on_battlefield(game, ctx.source, ctx.source_moves):
        target = st.obj(ctx.source).attached_to
    elif ctx.source_lki is not None:
        target = ctx.source_lki.attached_to
    else:
        raise Unsupported(f"{e.text()!r}: {ctx.source} left the battlefield, and what it enchanted as it last existed "
                          "(608.2h) is not known to the engine")
    if target is None or not st.has(target) or st.obj(target).zone != "battlefield":
        return [game.log(("303.4b", "608.2h"), f"{ctx.source} enchants no permanent now: nothing is tapped")]
    want = e.arg("what")
    if want != "permanent" and want.capitalize() not in current(st, target).types:
        return [game.log("303.4b", f"{st.obj(target).name} ({target}) is not a {want}: nothing is tapped")]
    return effects.HANDLERS["tap_target"](game, e, replace(ctx, target=target, target_legal=True))


HANDLERS = {
    "tap_enchanted": _tap_enchanted,
}
resolve.HANDLERS.update(HANDLERS)
