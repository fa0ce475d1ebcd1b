"""Tribute (CR 702.104): "As this creature enters, an opponent of your choice may put N +1/+1 counters on it."
A replacement effect on its entering (614.1c): the opponent chosen either pays (the creature enters with N
+1/+1 counters, 122.6) or doesn't; each is a branch. Which opponent is chosen changes nothing else in the
game, so with several opponents the outcomes are these two. "If tribute wasn't paid" (702.104b) reads the
record the permanent keeps (``GameObject.tribute_paid``, ``words.kicker.perform.intervening_holds``)."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import current


def tribute_of(obj, abilities=None) -> int:
    """The N of the object's Tribute (0: none); two Tributes are not performed (702.104 says nothing of that).
    ``abilities``: those it has as it enters (614.12); default its printed ones."""
    ns = [a.static.arg("n") for a in (obj.printed.abilities if abilities is None else abilities)
          if a.kind == "static" and a.static is not None and a.static.kind == "tribute"]
    if len(ns) > 1:
        raise Unsupported(f"{obj.name} ({obj.id}) has more than one Tribute ability: not performed by the engine")
    return ns[0] if ns else 0


def guard(obj, how: str) -> None:
    """A creature with Tribute entering other than as a resolving spell (``as_it_enters`` is not on that path):
    unsupported, naming it."""
    if tribute_of(obj):
        raise Unsupported(f"{obj.name} ({obj.id}) has Tribute and enters the battlefield {how}: the opponent's "
                          "choice as it enters (702.104a) is performed only for a resolving creature spell")


def as_it_enters(game: Game, oid: str, opponents: list[str]) -> list[Game]:
    """702.104a: the permanent ``oid`` just put onto the battlefield, before anything looks at it (its enters
    abilities trigger after, 603.6a): an opponent of its controller's choice pays tribute (N +1/+1 counters,
    614.1c) or doesn't (702.104b); with no opponent left in the game, nobody can pay."""
    o = game.state.obj(oid)
    n = tribute_of(o, current(game.state, oid).abilities)   # 614.12: as it exists on the battlefield
    if not n:
        return [game]
    unpaid = game.with_state(game.state.with_object(replace(o, tribute_paid=False)))
    if not opponents:
        return [unpaid.log("702.104a", f"{o.name} ({oid}) enters: no opponent can pay its tribute")]
    counters = Counter(dict(o.counters))
    counters["+1/+1"] += n
    paid = game.with_state(game.state.with_object(replace(o, tribute_paid=True,
                                                          counters=tuple(sorted(counters.items())))))
    who = ", ".join(opponents)
    return [paid.log(("702.104a", "614.1c", "122.6"), f"an opponent ({who}: the controller chooses) pays tribute: "
                                                      f"{o.name} ({oid}) enters with {n} +1/+1 counter(s)")
                .choose(f"tribute of {oid} paid"),
            unpaid.log(("702.104a", "702.104b"), f"the opponent chosen ({who}) doesn't pay tribute for {o.name} ({oid})")
                  .choose(f"tribute of {oid} not paid")]
