"""Delayed triggered abilities (CR 603.7) and what a player can't do this turn (101.2, 611.2a).

A resolving spell or ability that says "draw a card at the beginning of the next turn's upkeep" or "exile it at
the beginning of the next end step" creates a delayed triggered ability (603.7a): the game state keeps it
(``state.DelayedTrigger``), the outcome shows it, and ``engine.turn`` fires it as that step begins (``fire``):
it triggers only once (603.7c), waits with the other triggered abilities (603.3b, APNAP order, every order a
branch: ``triggers.put_pending``) and resolves doing what the effect said (``resolve_delayed``; rebound's
casts the card from exile without paying its mana cost, ``engine.resolving_cast``). It refers to
the objects the effect named (603.7c): one that has changed zones since is a new object and is not affected
(400.7). An ability whose controller has left the game does not trigger (800.4a).

"It doesn't untap during its controller's next untap step" (611.2, 502.3) is tapping's
(``words.tapping.perform``).

Performers take (game, effect, ctx) (``kernel.context.Performer``) and are listed in ``engine.performers``.
"""
from __future__ import annotations

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.engine.resolving_cast import cast_or_not
from mtgjudge.model.words.removal.perform import remove
from mtgjudge.model.engine.settle import after_moves, return_exiled_card
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.state import DelayedTrigger, Duration, Lasting, PendingTrigger, PlayerRestriction, StackAbility
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.words import made_effect
from mtgjudge.model.engine.kernel.context import Ctx, Performer, the_target, unaffected
from mtgjudge.model.engine.kernel.players import draws

Ctx = Ctx

#: The step each "at" of the word waits for, and whether it must be of a later turn ("the next turn's upkeep")
#: and of its controller's turn ("your next upkeep").
_AT = {"next_turn_upkeep": ("upkeep", True, False), "next_upkeep": ("upkeep", False, False),
       "your_next_upkeep": ("upkeep", False, True), "next_end_step": ("end", False, False),
       "your_next_end_step": ("end", False, True), "next_cleanup_step": ("cleanup", False, False)}


def _origin(game: Game, ctx: Ctx) -> str:
    return game.state.obj(ctx.source).name if game.state.has(ctx.source) else ctx.source


def _referred(game: Game, e: Effect, ctx: Ctx) -> list[str] | Game:
    """The objects the delayed ability refers to (603.7c): "it" (the object the instruction before acted on,
    608.2c), or the tokens the instruction before created; a Game: none, said in its log."""
    st = game.state
    if e.arg("made"):
        before = ctx.before or st
        made = [o.id for o in st.objects if o.token and o.zone == "battlefield" and not before.has(o.id)]
        return made or game.log("603.7c", f"no token was created: {e.text()!r} refers to nothing")
    if e.arg("those"):
        named = [t for t, ok in zip(ctx.group, ctx.group_legal) if ok and st.has(t)]
        return named or game.log("603.7c", f"{e.text()!r} refers to nothing: no legal target is left")
    if e.arg("it"):
        target = the_target(e, ctx)
        if not ctx.target_legal:
            return game.log("608.2b", f"{target} was an illegal target, not affected: {e.text()!r} refers to "
                                      "nothing")
        if not st.has(target):
            return game.log(("111.7", "603.7c"), f"{target} ceased to exist: {e.text()!r} refers to nothing")
        return [target]
    return []


def _delayed(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """603.7a: the effect creates a delayed triggered ability that triggers once (603.7c) when ``at`` comes."""
    st = game.state
    found = _referred(game, e, ctx)
    if isinstance(found, Game):
        return [found]
    player = ""
    if e.arg("act") == "draw_up_to":
        # 608.2h: "its controller": the controller of the instruction before's target as it last existed
        before = ctx.before or st
        player = before.obj(found[0]).controller if before.has(found[0]) else st.obj(found[0]).controller
        found = []
    step, later_turn, yours = _AT[e.arg("at")]
    d = DelayedTrigger(controller=ctx.controller, step=step, effect=e, origin=_origin(game, ctx), source=ctx.source,
                       after_turn=st.turn.number if later_turn else -1,
                       whose=ctx.controller if yours else "",
                       objects=tuple((oid, game.moved(oid)) for oid in found), text=_text(game, e, found, player),
                       player=player)
    game = game.with_state(st.adding(Lasting(d, Duration("triggers", st.turn.number))))
    return [game.log("603.7a", f"a delayed triggered ability is created: {d.describe()}")]


def _text(game: Game, e: Effect, found: list[str], player: str = "") -> str:
    text = e.text() + (f" [{player}]" if player else "")
    if found:
        text += f" [{', '.join(name_of(game.state, o) for o in found)}]"
    return text


def _due(d: DelayedTrigger, step: str, turn: int, active: str) -> bool:
    return d.step == step and turn > d.after_turn and (not d.whose or d.whose == active)


def fire(game: Game, step: str) -> Game:
    """603.7c: as ``step`` begins, the delayed triggered abilities waiting for it trigger (once: they are
    removed) and wait to be put on the stack with the others (603.3); 800.4a: one whose controller left the
    game does not."""
    st = game.state
    waiting = st.lasting_of(DelayedTrigger)
    due = [l.payload for l in waiting if _due(l.payload, step, st.turn.number, st.turn.active)]
    if not due:
        return game
    game = game.with_state(st.with_lasting(DelayedTrigger, [l for l in waiting if l.payload not in due]))
    new = []
    for d in due:
        if d.controller in game.left:
            game = game.log("800.4a", f"{d.controller} has left the game: the delayed triggered ability "
                                      f"{d.describe()} does not trigger")
            continue
        new.append(PendingTrigger(d.source or d.origin, 0, d.controller, 0, delayed=d))
        game = game.log("603.7c", f"the delayed triggered ability {d.describe()} triggers")
    return game.remember(pending=game.pending + tuple(new))


def resolve_delayed(game: Game, top: StackAbility, perform: Performer) -> list[Game]:
    """608.2: the delayed ability does what its effect said: the instruction it holds, or its act on the
    objects it refers to, each only if it is still the object named (400.7, 603.7c)."""
    d = top.delayed
    assert d is not None    # resolve.py calls this only for a delayed trigger's ability
    e = d.effect
    game = game.log("608.2", f"the delayed triggered ability resolves: {d.describe()}")
    if e.arg("unread") is not None:
        raise Unsupported(f"the delayed triggered ability's effect {e.arg('unread')!r} is not performed by the "
                          "engine yet")
    if e.arg("effect") is not None:
        inner = e.arg("effect")
        ctx = Ctx(top.source, d.controller, (), 0, before=game.state, perform=perform)
        return ctx.perform(game, inner, ctx)
    act = e.arg("act")
    if act == "draw_up_to":
        # the player chooses how many as it resolves (Arcane Denial's ruling 2007-09-16: 0, 1 or 2): each a branch
        if d.player in game.left:
            return [game.log("800.4a", f"{d.player} has left the game: nothing is drawn")]
        out = []
        for k in range(e.arg("n") + 1):
            chose = game.log("608.2d", f"{d.player} chooses to draw {k} card(s)").choose(f"{d.player} draws {k}")
            out += draws(chose, d.player, k)
        return out
    if act == "cast":
        return _cast_rebound(game, d)
    moved = []
    for oid, n in d.objects:
        st = game.state
        if act == "return_to_battlefield":
            extra = ((e.arg("counter"), 1),) if e.arg("counter") else ()
            game, m = return_exiled_card(game, oid, n, ("603.7c", "400.7") + (("614.1c",) if extra else ()), "",
                                         extra_counters=extra)
            moved += m
            continue
        if not st.has(oid) or game.moved(oid) != n or st.obj(oid).zone != "battlefield":
            done = {"sacrifice": "sacrificed", "controller_sacrifices": "sacrificed",
                    "bounce": "returned to its owner's hand"}.get(act, "exiled")
            game = game.log(("603.7c", "400.7"), f"{oid} is no longer the permanent the effect named: it is not "
                                                 f"{done}")
            continue
        if act == "sacrifice" and st.obj(oid).controller != d.controller:
            # 701.21a: a player can sacrifice only a permanent they control
            game = game.log("701.21a", f"{d.controller} no longer controls {name_of(st, oid)}: it is not sacrificed")
            continue
        game = remove(game, oid, "sacrifice" if act == "controller_sacrifices" else act)
    return [after_moves(game, moved, "a card returns to the battlefield") if moved else game]


def _cast_rebound(game: Game, d: DelayedTrigger) -> list[Game]:
    """702.88a: "you may cast this card from exile without paying its mana cost" as the rebound trigger resolves
    (608.2g, ``engine.resolving_cast``): casting it, each choice of targets, and not casting it are branches. A
    card not cast (declined, or it can't be cast: 601.5) stays in exile for the rest of the game, and so does one
    that has left exile since is no longer the card (400.7): Staggershock's rulings 2010-06-15."""
    oid, n = d.objects[0]
    st = game.state
    if not st.has(oid) or st.obj(oid).zone != "exile" or game.moved(oid) != n:
        return [game.log(("603.7c", "400.7"), f"{oid} is no longer the card rebound exiled: it can't be cast")]
    return cast_or_not(game, oid, d.controller, "702.88a", "rebound", "it remains exiled for the rest of the game")


def rebound(game: Game, oid: str, from_hand: bool) -> Game:
    """702.88a: as a spell with rebound cast from its owner's hand resolves, it is exiled instead of being put
    into the graveyard (608.2n), and a delayed triggered ability is created: "At the beginning of your next
    upkeep, you may cast this card from exile without paying its mana cost." Cast from elsewhere, rebound does
    nothing; put on the stack by the question (not cast by the actions nor as an ability resolved), where it was cast
    from is not known."""
    st = game.state
    o = st.obj(oid)
    if not from_hand:
        # a spell cast as an ability resolved (rebound's own cast from exile, cascade's) knows where it was cast from
        if (oid, game.moved(oid)) not in game.cast_plainly and o.cast_from in ("", "?", "hand"):
            raise Unsupported(f"{o.name} ({oid}) has Rebound: whether it was cast from its owner's hand (702.88a) is "
                              "not known to the engine")
        g = zones.move(game, oid, "graveyard").log(("702.88a", "608.2n"), f"{o.name} was not cast from its owner's "
                                                                        "hand: rebound does nothing; it is put into "
                                                                        "its owner's graveyard")
        return after_moves(g, [(o, "stack", "graveyard")], f"{o.name} goes to the graveyard")
    g = zones.move(game, oid, "exile").log(("702.88a", "608.2n"), f"{o.name} has rebound and was cast from its "
                                                                "owner's hand: it is exiled instead of being put "
                                                                "into the graveyard")
    g = after_moves(g, [(o, "stack", "exile")], f"{o.name} is exiled")
    e = made_effect("delayed", at="your_next_upkeep", act="cast", it=True)
    d = DelayedTrigger(controller=o.controller, step="upkeep", effect=e, origin=o.name, source=oid,
                       whose=o.controller, objects=((oid, g.moved(oid)),), text=_text(g, e, [oid]))
    g = g.with_state(g.state.adding(Lasting(d, Duration("triggers", st.turn.number))))
    return g.log(("702.88a", "603.7a"), f"a delayed triggered ability is created: {d.describe()}")


def dash_return(game: Game, oid: str, dashed: bool | None, name: str, controller: str) -> Game:
    """702.109a: "If this spell's dash cost was paid, return the permanent this spell becomes to its owner's hand
    at the beginning of the next end step": as the dashed spell ``oid`` resolves and becomes a permanent, a delayed
    triggered ability is created (603.7a), controlled by the spell's controller, referring to that permanent only
    (603.7c: once it leaves the battlefield it is a new object, 400.7, and is not returned). ``dashed`` None: the
    question put the spell on the stack without saying whether its dash cost was paid: unsupported."""
    if dashed is None:
        raise Unsupported(f"{name} ({oid}) has Dash: whether its dash cost was paid (702.109a) as it was cast is not "
                          "given (say dashed: true or false)")
    if not dashed:
        return game.log("702.109a", f"{name} ({oid}) was not cast for its dash cost: it doesn't have haste by it, and "
                                    "no delayed triggered ability returns it")
    return for_the_permanent(game, oid, "next_end_step", "bounce", name, controller, "702.109a",
                             f"{name}'s dash cost was paid")


def for_the_permanent(game: Game, oid: str, at: str, act: str, name: str, controller: str, rule: str,
                      because: str) -> Game:
    """603.7a: as the spell ``oid`` resolves and becomes a permanent, a delayed triggered ability is created that does
    ``act`` to that permanent ``at`` (``WHEN``), controlled by the spell's controller (603.7d) and referring to that
    permanent only (603.7c: once it leaves the battlefield it is a new object, 400.7, and is not affected); nothing
    when the spell did not become a permanent. ``rule`` and ``because``: what makes it (dash, 702.109a)."""
    st = game.state
    if not st.has(oid) or st.obj(oid).zone != "battlefield":
        return game.log((rule, "603.7c"), f"{name} ({oid}) did not become a permanent: no delayed triggered ability "
                                          "is created")
    e = made_effect("delayed", at=at, act=act, it=True)
    d = DelayedTrigger(controller=controller, step=_AT[at][0], effect=e, origin=name, source=oid,
                       objects=((oid, game.moved(oid)),), text=_text(game, e, [oid]))
    game = game.with_state(st.adding(Lasting(d, Duration("triggers", st.turn.number))))
    return game.log((rule, "603.7a"), f"{because}: a delayed triggered ability is created: {d.describe()}")


def _player_cant(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """101.2, 611.2a: the target player (if still legal, 608.2b), or each opponent still in the game (800.4a),
    can't do this for the rest of the turn (``rules.restrictions``; the cleanup step ends it, 514.2)."""
    st = game.state
    if e.arg("opponents"):
        who = [p for p in st.opponents(ctx.controller) if p not in game.left]
    else:
        skip = unaffected(game, ctx)
        if skip is not None:
            return [skip]
        if ctx.target not in st.player_names:
            raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
        who = [ctx.target]
    made = tuple(PlayerRestriction(p, e.arg("what"), _origin(game, ctx)) for p in who)
    game = game.with_state(st.adding(*(Lasting(r, Duration("end_of_turn", st.turn.number)) for r in made)))
    for r in made:
        game = game.log(("101.2", "611.2a"), r.describe())
    return [game]


PERFORMERS: dict[str, Performer] = {
    "player_cant": _player_cant,
    "delayed": _delayed,
}
#: "Return those cards ...": one delayed ability for all of them (603.7c).
WHOLE_USE = frozenset({"delayed"})
