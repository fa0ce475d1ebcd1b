"""Performing the counters words (122.1): counters put on or removed from the object itself or a target
permanent, through the one way each is done (``kernel.objects.add_counters``, ``remove_counters``); 704.5q
then removes +1/+1 and -1/-1 pairs, and 0 toughness is 704.5f, as state-based actions. The object itself is
the source as it is now only if it is still the permanent the ability's source was (400.7: else nothing
happens to it). 702.43a: modular's "a +1/+1 counter on target artifact creature for each +1/+1 counter on this
permanent", counted on the object as it last existed (608.2h); 702.58a: graft's move of a +1/+1 counter onto the
creature that entered (122.5). 702.32a: fading's "Remove a fade counter from this. If you can't, sacrifice it." (701.21a)."""
from __future__ import annotations

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.kernel.context import Ctx, Performer, unaffected
from mtgjudge.model.engine.kernel.objects import add_counters, remove_counters
from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.objects import PT_COUNTER
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.removal.perform import remove


def _on_battlefield(game: Game, e: Effect, ctx: Ctx) -> str:
    st = game.state
    if ctx.target is None or not st.has(ctx.target) or st.obj(ctx.target).zone != "battlefield":
        raise Unsupported(f"{e.text()!r} on {ctx.target}, not a permanent, is not performed by the engine")
    return ctx.target


def _own(game: Game, ctx: Ctx, what: str) -> Game | None:
    """None if the source is still the permanent it was; else the game with why nothing happens to it (400.7)."""
    if source_on_battlefield(game, ctx.source, ctx.source_moves):
        return None
    return game.log("400.7", f"{ctx.source} is no longer the permanent it was: {what}")


def _counter(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """122.1: "Put N [kind] counters on this"."""
    gone = _own(game, ctx, "no counter is put on it")
    return [gone] if gone is not None else [add_counters(game, ctx.source, e.arg("kind"), e.arg("n", 1))]


def _counter_target(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """122.1: N counters of a kind are put on the target permanent (608.2b: not on an illegal target)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    target = _on_battlefield(game, e, ctx)
    if PT_COUNTER.fullmatch(e.arg("kind")):
        guard_scope(game.state, "power-toughness", f"counters are put on {target}")
    return [add_counters(game, target, e.arg("kind"), e.arg("n", 1))]


def _remove_counter(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """122.1, 609.3: "Remove N [kind] counters from this": as many as it has."""
    gone = _own(game, ctx, "no counter is removed from it")
    return [gone] if gone is not None else [remove_counters(game, ctx.source, e.arg("kind"), e.arg("n", 1))[0]]


def _remove_counter_target(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """122.1, 609.3: N counters of a kind are removed from the target permanent (as many as it has)."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    return [remove_counters(game, _on_battlefield(game, e, ctx), e.arg("kind"), e.arg("n", 1))[0]]


def _remove_or_sacrifice(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.32a: a counter of the kind is removed from the permanent; if none can be removed (it has none), its
    controller sacrifices it (701.21a: only a permanent they control; 400.7: only the permanent it was)."""
    gone = _own(game, ctx, "no counter is removed from it and it is not sacrificed")
    if gone is not None:
        return [gone]
    game, removed = remove_counters(game, ctx.source, e.arg("kind"), 1)
    if removed:
        return [game]
    o = game.state.obj(ctx.source)
    if o.controller != ctx.controller:
        return [game.log("701.21a", f"{ctx.controller} can't remove a {e.arg('kind')} counter from {o.name}, which "
                                    f"{o.controller} controls now: a player can't sacrifice a permanent they don't "
                                    "control")]
    return [remove(game.log("702.32a", f"{ctx.controller} can't remove a {e.arg('kind')} counter from {o.name}: "
                                       "they sacrifice it"), ctx.source, "sacrifice")]


def _counter_target_per_own(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.43a, 608.2h: a counter of the kind on the target permanent for each counter of that kind on the object
    itself, counted as the effect is performed: on the permanent it still is, else on the object as it last
    existed on the battlefield (603.10a: modular's dies trigger; the rulings of 2006-09-25 on Arcbound Ravager:
    the counters it had before it left, even if -1/-1 counters made its toughness 0). None: nothing is put."""
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip]
    target = _on_battlefield(game, e, ctx)
    st = game.state
    same = st.has(ctx.source) and game.moved(ctx.source) == ctx.source_moves and \
        st.obj(ctx.source).zone == "battlefield"
    src = st.obj(ctx.source) if same else ctx.source_lki
    if src is None:
        raise Unsupported(f"{e.text()!r}: {ctx.source} as it last existed on the battlefield is not known")
    kind = e.arg("kind")
    n = src.counter(kind)
    game = game.log(("608.2h", "603.10a") if not same else "608.2h",
                    f"{src.name} ({src.id}) has {n} {kind} counter(s)" + ("" if same else " as it last existed on "
                                                                           "the battlefield"))
    if n <= 0:
        return [game]
    guard_scope(game.state, "power-toughness", f"counters are put on {target}")
    return [add_counters(game, target, kind, n)]


def _move_counter_to_subject(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """702.58a, 122.5: a counter of the kind is moved from the object itself onto the creature whose entering
    triggered the ability (its subject): removed from the one and put on the other, or, if either can't be done
    (the source is no longer the permanent it was or has no such counter, 400.7; that creature is no longer on
    the battlefield), neither."""
    kind, st = e.arg("kind"), game.state
    if ctx.subject is None:
        raise Unsupported(f"{e.text()!r}: the creature whose entering triggered it is not known to the engine")
    gone = _own(game, ctx, "no counter is moved (122.5)")
    if gone is not None:
        return [gone]
    if not st.has(ctx.subject) or st.obj(ctx.subject).zone != "battlefield":
        return [game.log(("122.5", "400.7"), f"{ctx.subject} is no longer on the battlefield: no counter is moved")]
    if st.obj(ctx.source).counter(kind) < 1:
        return [game.log("122.5", f"{ctx.source} has no {kind} counter: no counter is moved")]
    guard_scope(st, "power-toughness", f"a counter is moved onto {ctx.subject}")
    game = game.log(("702.58a", "122.5"), f"a {kind} counter is moved from {ctx.source} onto {ctx.subject}")
    game, _ = remove_counters(game, ctx.source, kind, 1)
    return [add_counters(game, ctx.subject, kind, 1)]


def _move(game: Game, e: Effect, ctx: Ctx, onto_target: bool) -> list[Game]:
    """122.5: a counter of the kind moved between the object itself and the target permanent (``onto_target``: from
    the object itself onto the target; else from the target onto it): removed from the first and put on the second.
    If either can't be done (the object itself is no longer the permanent it was, 400.7; the target is illegal now,
    608.2b; the first has no such counter; they are the same object), no counter is removed from or put onto
    anything."""
    kind, st = e.arg("kind"), game.state
    gone = _own(game, ctx, "no counter is moved (122.5)")
    if gone is not None:
        return [gone]
    skip = unaffected(game, ctx)
    if skip is not None:
        return [skip.log("122.5", "no counter is moved")]
    target = _on_battlefield(game, e, ctx)
    if target == ctx.source:
        return [game.log("122.5", f"{target} is both objects: no counter is moved")]
    first, second = (ctx.source, target) if onto_target else (target, ctx.source)
    if st.obj(first).counter(kind) < 1:
        return [game.log("122.5", f"{first} has no {kind} counter: no counter is moved")]
    if PT_COUNTER.fullmatch(kind):
        guard_scope(st, "power-toughness", f"a counter is moved onto {second}")
    game = game.log("122.5", f"a {kind} counter is moved from {first} onto {second}")
    game, _ = remove_counters(game, first, kind, 1)
    return [add_counters(game, second, kind, 1)]


PERFORMERS: dict[str, Performer] = {
    "move_counter_from_target": lambda game, e, ctx: _move(game, e, ctx, False),
    "move_counter_to_target": lambda game, e, ctx: _move(game, e, ctx, True),
    "move_counter_to_subject": _move_counter_to_subject,
    "counter_target_per_own": _counter_target_per_own,
    "counter": _counter,
    "counter_target": _counter_target,
    "remove_counter": _remove_counter,
    "remove_counter_target": _remove_counter_target,
    "remove_counter_or_sacrifice": _remove_or_sacrifice,
}
