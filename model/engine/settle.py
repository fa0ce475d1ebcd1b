"""What the game does by itself after an event: right after zone changes, the return of cards exiled until a
source that has now left the battlefield leaves (610.3) and the triggering of abilities (603.2), state triggers
among them (603.8); then, before anyone would receive priority, state-based actions until none apply (704.3),
the state triggers the state then matches (603.8), and the triggered abilities put on the stack in every order
their controllers could choose (603.3b)."""
from __future__ import annotations

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.controllers import apply_control
from mtgjudge.model.engine.entering import enters_counters, enters_tapped, guard_choosing
from mtgjudge.model.engine.tribute import guard as guard_tribute
from mtgjudge.model.engine.unleash import guard as guard_unleash
from mtgjudge.model.engine.game import MAX_STEPS, Game, game_over, merge, reduced, whole_stack_resolves
from mtgjudge.model.engine.sba import checks as check_sba
from mtgjudge.model.engine.commuting import put_commuting
from mtgjudge.model.engine.triggers import guard_unrecognized, pending_by_player, put_pending, state_triggered, \
    triggered_by_moves
from mtgjudge.model.errors import SearchBound
from mtgjudge.model.rules.durations import until_source_leaves
from mtgjudge.model.state import LinkedExile


def source_on_battlefield(game: Game, source: str, source_moves: int) -> bool:
    """Is the object ``source`` was after ``source_moves`` zone changes still on the battlefield (400.7)?"""
    st = game.state
    return st.has(source) and st.obj(source).zone == "battlefield" and game.moved(source) == source_moves


def after_moves(game: Game, moved: list, what: str) -> Game:
    """After simultaneous zone changes (lki, from, to): abilities they trigger wait to be put on the stack;
    if a permanent left the battlefield, the cards exiled until it leaves return immediately (610.3), and so
    on for what that return causes. A move from the stack or the battlefield, or into a graveyard, replaced by
    exile (702.34a, 702.84a, 614.1a: ``zones.move``) went there, and only that move happened."""
    # a move replaced by exile (a spell cast by flashback, 702.34a; what would be put into a graveyard, 614.1a;
    # an unearthed permanent leaving the battlefield, 702.84a: ``zones.move``) went there, and only that move happened: nothing was put into a graveyard, nothing died
    moved = [(lki, before, "exile" if (before in ("stack", "battlefield") or to == "graveyard") and to != "exile"
              and game.state.has(lki.id) and game.state.obj(lki.id).zone == "exile" else to)
             for lki, before, to in moved]
    while moved:
        game = apply_control(game)      # 613.1b: an Aura that gives control entered or left, or what it enchants
        guard_unrecognized(game, what, extra=[m[0] for m in moved])
        new = triggered_by_moves(game, moved)
        # 603.8: a state trigger triggers as soon as the state matches, even for a moment during a resolution
        game = state_triggered(game.remember(pending=game.pending + tuple(new)), what)
        for p in new:
            if p.lki is not None:
                game = game.log("603.10a", f"{p.lki.name} ({p.source}) has left the battlefield: its leaves-the-"
                                           "battlefield ability looks back in time and triggers")
        if not any(before == "battlefield" for _, before, _ in moved):
            break
        game, moved = _returns(game)
        what = "exiled cards return"
    return game


def _returns(game: Game) -> tuple[Game, list]:
    """610.3: the linked cards of every source that has left return now, simultaneously (610.3d), under their
    owners' control (610.3c), unless they are no longer the objects exiled (400.7)."""
    links = game.state.lasting_of(LinkedExile)
    due = [l.payload for l in links if until_source_leaves(l.duration)
           and not source_on_battlefield(game, l.payload.source, l.payload.source_moves)]
    if not due:
        return game, []
    game = game.with_state(game.state.with_lasting(LinkedExile, [l for l in links if l.payload not in due]))
    moved = []
    for l in due:
        for oid, n in l.exiled:
            game, m = return_exiled_card(game, oid, n, ("610.3", "610.3c"),
                                         f"{l.source} left the battlefield: immediately, ")
            moved += m
    return game, moved


def return_exiled_card(game: Game, oid: str, n: int, rules: tuple[str, ...], why: str,
                       extra_counters: tuple[tuple[str, int], ...] = (), zone: str = "exile") -> tuple[Game, list]:
    """610.3c, 607.2a: the card exiled as ``oid`` after ``n`` zone changes returns to the battlefield under its
    owner's control, a new object (400.7), unless it is no longer that object in exile (it moved, or was a
    token and ceased to exist, 111.7-111.8). ``zone``: the zone it returns from, if not exile (a card put into
    its owner's graveyard, returned by its own persist or undying: 702.79a, 702.93a). Returns the game and the
    zone change made (for ``after_moves``)."""
    st = game.state
    why_not = rules[:1]     # the rule that would have returned it
    where = "exile" if zone == "exile" else f"the {zone}"
    if not st.has(oid):
        return game.log(("111.7", "704.5d") + why_not, f"{oid} was a token and ceased to exist in {where}: it does "
                                                     "not return"), []
    o = st.obj(oid)
    if o.zone != zone or game.moved(oid) != n:
        return game.log(("400.7",) + why_not, f"{oid} is no longer the object "
                                              f"{'exiled' if zone == 'exile' else 'put into ' + where}: it does not "
                                              "return"), []
    if o.token:
        return game.log(("111.8",) + why_not, f"the token {oid} can't return to the battlefield"), []
    guard_tribute(o, f"returning from {where}")
    guard_unleash(o, f"returning from {where}")
    guard_choosing(o)
    counters = dict(enters_counters(game, oid, None))
    for kind, k in extra_counters:        # 614.1c: "return it ... with a +1/+1 counter on it" (words.delayed.perform)
        counters[kind] = counters.get(kind, 0) + k
    game = zones.move(game, oid, "battlefield", controller=o.owner, counters=tuple(counters.items()),
                      tapped=enters_tapped(game, oid))
    game = game.log(rules, f"{why}{o.name} ({oid}) returns to the battlefield under its owner's ({o.owner}) control"
                    + ("".join(f" with {k} {kind} counter(s) on it" for kind, k in extra_counters)
                       if zone != "exile" else ""))
    return game, [(o, zone, "battlefield")]


def _put_triggers(game: Game) -> list[Game]:
    """603.3b: the waiting triggers put on the stack in every order (``triggers.put_pending``), or, when the whole
    stack will resolve with no action in between and they only change life totals, once (``commuting``)."""
    if reduced() and whole_stack_resolves():
        bare, per_player = pending_by_player(game)
        put = put_commuting(bare, per_player)
        if put is not None:
            return put
    return put_pending(game)


def settle(game: Game, deathtouched: frozenset[str] = frozenset()) -> list[Game]:
    """704.3 and 603.3b: state-based actions until none, then triggered abilities go on the stack; every
    order and choice a branch. ``deathtouched``: creatures dealt damage by a source with deathtouch since
    state-based actions were last checked (704.5h: the first check reads them). Once the game has ended (104.3)
    nothing more happens."""
    out = []
    todo = [(game, deathtouched)]
    n = 0
    while todo:
        g, dt = todo.pop()
        n += 1
        if n > MAX_STEPS:
            raise SearchBound(f"more than {MAX_STEPS} state-based-action rounds: the search bound was reached")
        # 613.1b: continuous effects apply before state-based actions are checked (704.3); control effects of
        # static abilities are written into the state
        for g, moved, did in check_sba(apply_control(g), dt):
            if game_over(g):
                out.append(g.remember(pending=()) if g.pending else g)
            elif did:
                todo.append((after_moves(g, moved, "state-based actions"), frozenset()))
            elif (g := state_triggered(g, "the last event")).pending:
                # putting them on the stack changes the stack alone, which no state-based action reads (704.5),
                # and none applied before: each way of putting them is final (not checked again, not a round)
                out += _put_triggers(g)
            else:
                out.append(g)
    return merge(out)
