"""What follows zone changes: triggered abilities (603.2), and the return of cards exiled until the object
that left the battlefield leaves (610.3); and entering the battlefield with replacement effects (614.1c)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine import zones


def enters_counters(game: Game, oid: str, x: int | None) -> tuple[tuple[str, int], ...]:
    """614.1c: "[This permanent] enters with N counters" is a replacement effect of the object itself; N = X is
    the X of the spell it was (107.3m), 0 when it was not cast."""
    from mtgjudge.model.engine.sba import guard_scope

    o = game.state.obj(oid)
    out: dict[str, int] = {}
    for a in o.printed.abilities:
        if a.kind == "unmodelled" and a.timing == "static" and a.may_concern("enters"):
            raise Unsupported(f"{o.name} ({oid}) enters the battlefield and has text the engine cannot model that "
                              f"may apply: {a.source_text!r}")
        if a.kind == "static" and a.static is not None and a.static.kind == "enters_with_counters":
            n = a.static.arg("n")
            n = (x or 0) if str(n).upper() == "X" else int(n)
            if n:
                kind = a.static.arg("counter")
                out[kind] = out.get(kind, 0) + n
    guard_scope(game, "enters", f"{o.name} ({oid}) enters the battlefield")
    return tuple(sorted(out.items()))


def put_onto_battlefield(game: Game, oid: str, controller: str | None, x: int | None, rule, why: str) -> Game:
    counters = enters_counters(game, oid, x)
    game = zones.move(game, oid, "battlefield", controller=controller, counters=counters, x=x)
    if counters:
        game = game.log(("614.1c", "122.6") + (("107.3m",) if x is not None else ()),
                        f"{oid} enters with " + ", ".join(f"{n} {k} counter(s)" for k, n in counters)
                        + (f" (X = {x}, the X of the spell it was)" if x is not None else ""))
    return game.log(rule, why)


def after_moves(game: Game, moved: list, what: str) -> Game:
    """After simultaneous zone changes (lki, from, to): returns of linked exiles (610.3) happen immediately,
    then the triggered abilities of all those events wait to be put on the stack."""
    from mtgjudge.model.engine.linked import returns_after_leaving
    from mtgjudge.model.engine.triggers import guard_unrecognized, triggered_by_move

    guard_unrecognized(game, what, extra=[m[0] for m in moved])
    pending = list(game.pending)
    for lki, before, after in moved:
        pending += triggered_by_move(game, lki, after, before)
    game = replace(game, pending=tuple(pending))
    if any(before == "battlefield" for _, before, _ in moved):
        game = returns_after_leaving(game)
    return game
