"""Performing the words of tapping and untapping (``words.tapping.record``): the rule of the untap step the
``no_untap`` statics make (502.3, obeyed by ``engine.turn``), and the 608.2c instructions "tap that creature"
and "untap those creatures". Listed in ``engine.performers``."""
from __future__ import annotations

from mtgjudge.model.engine import instructions
from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.engine.kernel.context import Ctx, Performer, the_target
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import EFFECT_WORDS

#: The static words the untap step obeys (502.3).
UNTAP_STEP_WORDS = frozenset({"no_untap"})

#: 301.5, 303.4: the subtype of a source whose ``no_untap`` static holds the object it is attached to.
_ATTACHER = {"enchanted": "Aura", "equipped": "Equipment"}


def held_in_untap_step(state: GameState, active: str) -> tuple[dict[str, str], dict[str, str]]:
    """502.3: of ``active``'s permanents, those their statics say don't untap during this untap step (``held``),
    and those whose controller may choose not to untap them (``optional``): each as its id -> the source whose
    static it is. A static functions only while its source is on the battlefield with that ability now (613:
    an ability it lost holds nothing); an attached subject is the object the Aura or Equipment is attached to
    now, if it has the card type it is named by."""
    held: dict[str, str] = {}
    optional: dict[str, str] = {}
    for src in state.battlefield():
        ch = current(state, src.id)
        for a in ch.abilities:
            if a.kind != "static" or a.static is None or a.static.kind not in UNTAP_STEP_WORDS:
                continue
            s = a.static
            subject = s.arg("subject", "self")
            if subject == "self":
                oid: str | None = src.id
            elif _ATTACHER[subject] in ch.subtypes and src.attached_to is not None and state.has(src.attached_to):
                oid = src.attached_to
                kind = s.arg("type")
                if kind != "permanent" and kind.capitalize() not in current(state, oid).types:
                    oid = None
            else:
                oid = None
            if oid is None or state.obj(oid).zone != "battlefield" or state.obj(oid).controller != active:
                continue
            (optional if s.arg("may", False) else held).setdefault(oid, f"{src.name} ({src.id})")
    return held, {k: v for k, v in optional.items() if k not in held}


def _tap_it(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26a, 608.2c: "Tap that creature": the object the instruction before acted on, if it is still that
    object on the battlefield (400.7); else nothing is tapped."""
    st = game.state
    target = the_target(e, ctx)
    if not st.has(target) or st.obj(target).zone != "battlefield":
        return [game.log("400.7", f"{target} is no longer on the battlefield: it is not tapped")]
    game = game.log("608.2c", f"\"that creature\" is {name_of(st, target)}, the object the instruction before "
                              "acted on")
    tap = instructions.PERFORMERS["tap_target"]
    return tap(game, Effect("tap_target", (("target", "permanent"),), EFFECT_WORDS["tap_target"]), ctx)


def _untap_those(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26b, 608.2c: "Untap those creatures": one of the targets of the instruction before (``resolve.run_effects``
    calls this for each, with whether it is still legal, 608.2b); one that left the battlefield is a new object
    (400.7) and is not untapped."""
    st = game.state
    target = the_target(e, ctx)
    if not ctx.target_legal:
        return [game.log("608.2b", f"{name_of(st, target)} is no longer a legal target: it is not untapped")]
    if not st.has(target) or st.obj(target).zone != "battlefield":
        return [game.log("400.7", f"{target} is no longer on the battlefield: it is not untapped")]
    game = game.log("608.2c", f"\"those creatures\" include {name_of(st, target)}, a target of the instruction "
                              "before")
    untap = instructions.PERFORMERS["untap_target"]
    return untap(game, Effect("untap_target", (("target", "permanent"),), EFFECT_WORDS["untap_target"]), ctx)


PERFORMERS: dict[str, Performer] = {
    "tap_it": _tap_it,
    "untap_those": _untap_those,
}
