"""Unleash (CR 702.98a): "You may have this permanent enter with an additional +1/+1 counter on it" and "This
permanent can't block as long as it has a +1/+1 counter on it". The first is a replacement effect on its entering
(614.1c) whose choice is its controller's as it enters (Gore-House Chainwalker ruling 2013-04-15): each way is a
branch. The second is decided where declarations are (``rules.combat.declare``), from the counters it has then,
whoever put them (ruling 2013-04-15)."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.layers import current

#: The keyword's name, as the compiler gives it (``vocab.abilities.KEYWORDS``).
NAME = "Unleash"


def instances(abilities) -> int:
    """How many instances of unleash the abilities hold."""
    return sum(1 for a in abilities if a.kind == "keyword" and a.keyword == NAME)


def guard(obj, how: str) -> None:
    """A permanent card with unleash entering other than as a resolving spell (``as_it_enters`` is not on that
    path), though it applies wherever it enters from (ruling 2013-04-15): unsupported, naming it."""
    if instances(obj.printed.abilities):
        raise Unsupported(f"{obj.name} ({obj.id}) has unleash and enters the battlefield {how}: the choice as it "
                          "enters (702.98a) is performed only for a resolving permanent spell")


def as_it_enters(game: Game, oid: str) -> list[Game]:
    """702.98a: the permanent ``oid`` just put onto the battlefield, before anything looks at it (its enters
    abilities trigger after, 603.6a): its controller has it enter with an additional +1/+1 counter (614.1c,
    122.6) or not, two branches. Several instances (each its own choice, and the order of replacement effects,
    616.1) are not performed."""
    o = game.state.obj(oid)
    if o.zone != "battlefield":
        return [game]           # it did not enter: nothing of its entering applies
    n = instances(current(game.state, oid).abilities)      # 614.12: as it exists on the battlefield
    if not n:
        return [game]
    if n > 1:
        raise Unsupported(f"{o.name} ({oid}) enters with more than one instance of unleash (702.98a): not performed")
    counters = Counter(dict(o.counters))
    counters["+1/+1"] += 1
    with_counter = game.with_state(game.state.with_object(replace(o, counters=tuple(sorted(counters.items())))))
    return [with_counter.log(("702.98a", "614.1c", "122.6"), f"{o.controller} has {o.name} ({oid}) enter with an "
                                                            "additional +1/+1 counter (unleash)")
            .choose(f"{oid} unleashed"),
            game.log("702.98a", f"{o.controller} has {o.name} ({oid}) enter without unleash's +1/+1 counter")
            .choose(f"{oid} not unleashed")]
