"""Transforming a double-faced permanent (CR 701.27, 712.18): the question format's ``transform:`` action and
the effect "Transform this" of a resolving ability both turn it over here, and put the abilities that trigger
when it transforms ("When this creature transforms into ...", 701.27e) in wait for the stack (603.2)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.triggers import guard_unrecognized, is_triggered, trigger_of
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.state import PendingTrigger, StackAbility


def can_transform(game: Game, oid: str) -> bool:
    """701.27a: only a double-faced permanent (face up) can transform."""
    st = game.state
    if not st.has(oid) or st.obj(oid).zone != "battlefield":
        return False
    o = st.obj(oid)
    return len(o.card.faces) == 2 and not o.face_down


def transform(game: Game, oid: str, rules=("701.27a",)) -> Game:
    """Turn ``oid`` over (701.27a); it stays the same object (712.18). Its new face's "transforms into"
    abilities trigger (701.27e)."""
    st = game.state
    o = st.obj(oid)
    new = replace(o, face=1 - o.face)
    # 701.27f: its abilities already on the stack remember that it transformed since they were put there.
    stack = tuple(replace(x, source_transformed=True) if isinstance(x, StackAbility) and x.source == oid else x
                  for x in st.stack)
    game = game.with_state(st.with_object(new).evolve(stack=stack)).log(
        rules, f"{o.name} ({oid}) transforms into {new.name} (the same object, 712.18)")
    guard_unrecognized(game, f"{oid} transforms")
    pending = []
    for i, ab in enumerate(new.printed.abilities, 1):
        # "When this creature transforms into ~", or "enters the battlefield or transforms into ~" (603.2)
        t = trigger_of(ab) if is_triggered(ab) else None
        if t is not None and t.who == "self" and t.on("transforms"):
            if ab.kind == "unmodelled":
                raise Unsupported(f"{new.name}'s triggered ability is not modelled: {ab.source_text!r}")
            pending.append(PendingTrigger(oid, i, new.controller, game.moved(oid)))
    return game.remember(pending=game.pending + tuple(pending))
