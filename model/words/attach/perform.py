"""Performing an equip ability's effect (701.3, 702.6a, 301.5c): the Equipment is attached to the target creature
(it gets a new timestamp, 701.3c), unless it can't be: it left the battlefield, is no longer an Equipment, is
also a creature (no reconfigure), would equip itself, or is already attached to that creature (701.3b: it
doesn't move, or the effect does nothing). An illegal target (608.2b) means the ability does nothing.
Living weapon's "then attach this Equipment to it" (702.92a) attaches it, the same way, to the token the
instruction before created."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.kernel.context import Ctx, Performer, unaffected
from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect


def _why_not(game: Game, equipment: str, target: str) -> str | None:
    """701.3b, 301.5c: why the Equipment can't be attached to the target; None when it can."""
    st = game.state
    if not st.has(equipment) or st.obj(equipment).zone != "battlefield":
        return "it is no longer on the battlefield"
    ch = current(st, equipment)
    if "Equipment" not in ch.subtypes:
        return "it is no longer an Equipment (301.5c)"
    if "Creature" in ch.types and not ch.has_keyword("Reconfigure"):
        return "it is also a creature (301.5c)"
    if equipment == target:
        return "an Equipment can't equip itself (301.5c)"
    if st.obj(equipment).attached_to == target:
        return "it is already attached to that creature: the effect does nothing (701.3b)"
    return None


def _attach(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    if ctx.target is None:
        return [game]
    return [_attach_to(game, ctx.source, ctx.target, ("701.3a", "701.3c", "702.6a"))]


def _attach_to(game: Game, equipment: str, target: str, rules: tuple[str, ...]) -> Game:
    """701.3a-c: ``equipment`` attached to ``target``, or the reason it is not (logged, citing ``rules``)."""
    why = _why_not(game, equipment, target)
    if why is not None:
        return game.log("701.3b", f"{equipment} is not attached to {target}: {why}")
    st = game.state
    o = st.obj(equipment)
    # unread text about attaching ("Equipment can't be attached to ...") or what an equipped creature is
    guard_scope(st, "attach", f"{o.name} ({equipment}) becomes attached to {st.obj(target).name} ({target})")
    game = game.with_state(st.with_object(replace(o, attached_to=target, timestamp=zones.next_timestamp(st))))
    guard_unrecognized(game, f"{o.name} becomes attached to {st.obj(target).name}")
    return game.log(rules, f"{o.name} ({equipment}) is attached to {st.obj(target).name} ({target})")


def _attach_to_created(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.92a: "then attach this Equipment to it": "it" is the token the instruction before created (608.2c),
    the one token on the battlefield now that was not as the ability began to resolve; none (its controller
    left the game, 800.4b) or several (a replacement made more, 614.1a) is unsupported. The Equipment must be
    the object the ability's source was (400.7): one that left the battlefield is not attached (the token
    stays; with toughness 0 it dies, 704.5f)."""
    before = ctx.before
    if before is None:
        raise Unsupported("which token the instruction before created is not known to the engine")
    st = game.state
    made = [o.id for o in st.battlefield() if o.token and not (before.has(o.id) and before.obj(o.id).zone == "battlefield")]
    if len(made) != 1:
        raise Unsupported(f"{e.text()!r}: {len(made)} tokens were created by the instruction before; which one "
                          "\"it\" is (608.2c) is not known to the engine")
    (token,) = made
    if not source_on_battlefield(game, ctx.source, ctx.source_moves):
        return [game.log(("702.92a", "400.7", "701.3b"), f"{ctx.source} is no longer the permanent it was: it is not attached "
                                              f"to {st.obj(token).name} ({token})")]
    return [_attach_to(game, ctx.source, token, ("701.3a", "701.3c", "702.92a"))]


PERFORMERS: dict[str, Performer] = {"attach_to_target": _attach, "attach_to_created": _attach_to_created}
