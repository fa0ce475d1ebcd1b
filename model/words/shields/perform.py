"""Effects of the ``shields`` family, listed in ``engine.performers``: they put a shield or a
replacement effect in force for the rest of the turn (``words/shields/record.py``): "Regenerate target
creature" (701.19a), "It can't be regenerated this turn" (701.19c), "If a creature dealt damage this way would
die this turn, exile it instead" (614.1a), "Prevent the next N damage that would be dealt to any target this
turn" (615.7), "Prevent all damage that would be dealt to / target creature would deal this turn" (615.1a).

What they do later is ``engine.shields``' (consulted by damage, destruction and dying); here only whom they
apply to is decided: a target (608.2b: not an illegal one), "it" (the target of the instruction before,
608.2c), the source "~" (the same object, 400.7), or each creature the instructions before dealt damage to
during this resolution.
"""
from __future__ import annotations

from mtgjudge.model.engine import shields
from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.words.until.perform import the_source
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import PreventionShield
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.kernel.context import affected, Ctx, Performer, the_target, unaffected

Ctx = Ctx


def _origin(game: Game, ctx: Ctx) -> str:
    st = game.state
    return st.obj(ctx.source).name if st.has(ctx.source) else ctx.source


def _damaged(game: Game, ctx: Ctx) -> list[str]:
    """The creatures dealt damage "this way": those with more damage marked now than as the resolution began
    (the reader allows the words only after instructions that all deal damage, so all of it is this way's;
    damage is not removed during a resolution by the words read before them)."""
    before = ctx.before
    if before is None:
        raise Unsupported("which creatures were dealt damage this way is not known to the engine")
    out = []
    for o in game.state.battlefield():
        had = before.obj(o.id).damage if before.has(o.id) and before.obj(o.id).zone == "battlefield" else 0
        if o.damage > had and "Creature" in current(game.state, o.id).types:
            out.append(o.id)
    return out


def _subjects(game: Game, e: Effect, ctx: Ctx, *, players: bool = False) -> list[str] | Game:
    """Whom the word applies to: object ids (or a player's name where ``players``); a Game when nothing is
    affected (said in its log)."""
    st = game.state
    if e.arg("affects"):
        # 611.2c-like: the permanents the noun phrase names as the effect begins ("Regenerate each creature
        # you control")
        ids = affected(game, e, ctx)
        return ids if ids else game.log("608.2c", f"there are no {e.arg('affects')}: nothing happens")
    if e.arg("damaged"):
        ids = _damaged(game, ctx)
        return ids if ids else game.log("614.1a", "no creature was dealt damage this way: nothing happens")
    if e.arg("self"):
        return the_source(game, e, ctx)
    target = the_target(e, ctx, "applies to")
    skip = unaffected(game, ctx)
    if skip is not None:
        return skip
    t = target
    if t in st.player_names:
        if not players:
            raise Unsupported(f"{e.text()!r} on the player {t} is not performed by the engine")
        return [t]
    if not st.has(t) or st.obj(t).zone != "battlefield":
        if e.arg("it"):
            # 400.7: the object the instruction before acted on left the battlefield; the new object is not it
            return game.log("400.7", f"{t} is no longer on the battlefield: {e.text()!r} does nothing")
        raise Unsupported(f"{e.text()!r} on {name_of(st, t)}, not a permanent, is not performed by the engine")
    return [t]


def _replacement(kind: str, rules: tuple[str, ...]):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """A replacement effect on each permanent the word names, for the rest of the turn (``shields``)."""
        who = _subjects(game, e, ctx)
        if isinstance(who, Game):
            return [who]
        for oid in who:
            game = shields.add_replacement(game, kind, oid, _origin(game, ctx), rules)
        return [game]
    return handler


def _no_regeneration(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.19c: "can't be regenerated" stops regeneration shields from applying to the destruction before it:
    ``resolve.run_effects`` gives that destruction ``Ctx.no_regeneration`` (``removal``, ``shields``), so here
    it is only said."""
    return [game.log(("701.19c", "608.2c"), "it can't be regenerated: no regeneration shield applied to that "
                                            "destruction")]


def _no_regeneration_exile(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.19c, 614.1a: "If it's a creature, it can't be regenerated this turn, and if it would die this
    turn, exile it instead": both on the instruction before's target if it is a creature now (a player or a
    planeswalker: nothing happens)."""
    who = _subjects(game, e, ctx, players=True)
    if isinstance(who, Game):
        return [who]
    (t,) = who
    st = game.state
    if t in st.player_names or "Creature" not in current(st, t).types:
        return [game.log("608.2c", f"{t} is not a creature: nothing happens")]
    origin = _origin(game, ctx)
    game = shields.add_replacement(game, "no_regeneration", t, origin, ("701.19c",))
    return [shields.add_replacement(game, "exile_if_dies", t, origin, ("614.1a", "700.4"))]


def _prevention(*, to: bool, amount: bool):
    def handler(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
        """615.7 (the next N damage, a shield reduced as it prevents) and 615.1a (all damage) that would be
        dealt to the player or permanent the word names, or (``to`` False) that the permanent would deal,
        this turn (514.2: the cleanup step ends it). A noun phrase ("creatures you control") names the
        permanents it applies to as each damage would be dealt (615.1a), not as the spell resolves; "you" is
        the spell's controller. "All combat damage" (510.1) applies only to combat damage (``engine.combat_damage``)."""
        what = "combat damage" if e.arg("combat") else "damage"
        origin = _origin(game, ctx)
        if e.arg("you") or e.arg("affects"):
            np = e.arg("affects") or ""
            you = ctx.controller if e.arg("you") else ""
            shield = PreventionShield(what, origin, to=you, to_np=np if to else "",
                                      by_np="" if to else np, controller=ctx.controller,
                                      left=e.arg("n") if amount else None)
            return [shields.add_shield(game, shield)]
        who = _subjects(game, e, ctx, players=to)
        if isinstance(who, Game):
            return [who]
        for t in who:
            shield = PreventionShield(what, origin, to=t if to else "", source="" if to else t,
                                      left=e.arg("n") if amount else None)
            game = shields.add_shield(game, shield)
        return [game]
    return handler


PERFORMERS: dict[str, Performer] = {
    "regenerate": _replacement("regenerate", ("701.19a", "614.8")),
    "no_regeneration_this_turn": _replacement("no_regeneration", ("701.19c",)),
    "exile_if_dies": _replacement("exile_if_dies", ("614.1a", "700.4")),
    "no_regeneration_exile": _no_regeneration_exile,
    "no_regeneration": _no_regeneration,
    "prevent_next": _prevention(to=True, amount=True),
    "prevent_all_to": _prevention(to=True, amount=False),
    "prevent_all_by": _prevention(to=False, amount=False),
}
