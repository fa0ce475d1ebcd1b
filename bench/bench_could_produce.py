"""Benchmark (run by hand): could-produce for every permanent of a large board, and mana-options for one
player with 12 sources; and the ratio against the naive reference (tests/test_mana_reference.py) on the
largest board it finishes within a time limit. Times are CPU seconds of the process. Target (issue: start-up
and could-produce): the 147-permanent board (40 reflectors, 100 lands, 8 effects) at least 60x faster than the
naive reference.

    .venv/bin/python bench/bench_could_produce.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtgjudge.model.rules.could_produce import could_produce_all  # noqa: E402
from mtgjudge.model.rules.mana_production import replacement_outcomes  # noqa: E402
from mtgjudge.model.errors import Unsupported  # noqa: E402
from mtgjudge.model.rules.mana_options import mana_options  # noqa: E402
from mtgjudge.model.cards.lookup import card_db  # noqa: E402
from mtgjudge.model.rules.in_force import stated_duration  # noqa: E402
from mtgjudge.model.state import EffectInForce, Lasting  # noqa: E402
from mtgjudge.model.build import obj, state_of  # noqa: E402

PLAYERS = ("Alice", "Bob", "Carol", "Dave")
REFLECTORS = ["Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Naga Vitalist", "Harvester Druid", "Sylvok Explorer"]
LANDS = ["Forest", "Plains", "Island", "Swamp", "Mountain", "Tundra", "Badlands", "Taiga", "Bayou", "Mystic Gate",
         "Graven Cairns", "Vivid Crag", "Vivid Grove", "Castle Sengir", "Cavern of Souls", "Eldrazi Temple", "Wastes",
         "Calciform Pools", "Cascading Cataracts", "River of Tears", "Snow-Covered Forest", "City of Brass",
         "Mana Confluence", "Gemstone Mine", "Gaea's Cradle"]
EFFECTS = ["Mana Reflection", "Nyxbloom Ancient", "Pulse of Llanowar", "Damping Sphere", "Naked Singularity",
           "Reality Twist", "Infernal Darkness"]


def board(n_reflect: int, n_lands: int, n_effects: int):
    objs = []
    for i in range(n_reflect):
        objs.append(obj(f"r{i}", REFLECTORS[i % len(REFLECTORS)], PLAYERS[i % 4]))
    for i in range(n_lands):
        objs.append(obj(f"l{i}", LANDS[i % len(LANDS)], PLAYERS[(i // 3) % 4]))
    for i in range(min(n_effects, len(EFFECTS))):
        objs.append(obj(f"e{i}", EFFECTS[i], PLAYERS[i % 4]))
    st = state_of(*objs, players=PLAYERS)
    if n_effects > len(EFFECTS):   # the eighth: Pale Moon resolved this turn
        moon = card_db().find("Pale Moon")[0]
        st = st.adding(Lasting(EffectInForce(moon, "Bob", timestamp=10 ** 5),
                               stated_duration(moon, 0, None, "Bob", st.turn.number)))
    return st


def timed(fn, *a, **kw):
    # CPU seconds of this process: on a shared machine wall time measures the other jobs too
    t = time.process_time()
    r = fn(*a, **kw)
    return r, time.process_time() - t


def against_naive(n_reflect: int, n_lands: int, n_effects: int) -> tuple[float, float]:
    """(the solver's, the naive reference's) CPU seconds answering could-produce for every permanent of
    ``board(n_reflect, n_lands, n_effects)``, the solver's replacement-order memo cold."""
    from tests.test_mana_reference import naive_could_produce
    b = board(n_reflect, n_lands, n_effects)
    replacement_outcomes.cache_clear()
    _, tf = timed(could_produce_all, b)
    b = board(n_reflect, n_lands, n_effects)
    _, tn = timed(naive_could_produce, b)
    return tf, tn


def main() -> None:
    st = board(40, 100, 8)
    replacement_outcomes.cache_clear()
    res, t = timed(could_produce_all, st)
    assert not any(r.unsupported for r in res.values()), [r.unsupported for r in res.values() if r.unsupported][:3]
    print(f"could-produce, 40 reflectors + 100 lands + 8 replacement effects, 4 players: "
          f"{len(res)} permanents in {t:.3f} s (cold caches)")
    st2 = board(40, 100, 8)
    _, t2 = timed(could_produce_all, st2)
    print(f"  same board again (replacement-order memo warm): {t2:.3f} s")

    sources = ["Forest", "Tundra", "Mystic Gate", "Birds of Paradise", "Llanowar Elves", "Sol Ring", "Reflecting Pool",
               "Exotic Orchard", "Vivid Crag", "Castle Sengir", "Gaea's Cradle", "Mana Confluence"]
    objs = [obj(f"s{i}", n, "Alice") for i, n in enumerate(sources)]
    objs += [obj("m1", "Mana Reflection", "Alice"), obj("m2", "Zendikar Resurgent", "Alice"), obj("b1", "Badlands", "Bob")]
    st3 = state_of(*objs)
    # The bench lifts the product's 10 s bound to measure the whole search.
    try:
        opts, t3 = timed(mana_options, st3, "Alice", bound_seconds=3600)
        print(f"mana-options, 12 sources (Mana Reflection, Zendikar Resurgent in force): {len(opts.pools)} maximal "
              f"pools in {t3:.3f} s")
    except Unsupported as e:       # the factored pruning's own bound (not the time bound): said, then the rest
        print(f"mana-options, 12 sources (Mana Reflection, Zendikar Resurgent in force): unsupported: {e}")

    # Ratio against the naive reference on growing boards.
    from tests.test_mana_reference import naive_mana_options
    for n_ref, n_lands, n_eff in [(4, 6, 3), (8, 12, 4), (12, 20, 5), (16, 30, 6), (24, 50, 7), (40, 100, 8)]:
        tf, tn = against_naive(n_ref, n_lands, n_eff)
        print(f"  board {n_ref} reflectors, {n_lands} lands, {n_eff} effects: solver {tf:.3f} s, naive {tn:.3f} s, "
              f"ratio {tn / tf:.1f}x")
        if tn > 60:
            break
    small = state_of(*[obj(f"s{i}", n, "Alice") for i, n in enumerate(sources[:7])], obj("m1", "Mana Reflection", "Alice"))
    o, tf = timed(mana_options, small, "Alice")
    n, tn = timed(naive_mana_options, small, "Alice")
    assert o.pools == n
    print(f"  mana-options, 7 sources: solver {tf:.3f} s, naive {tn:.3f} s, ratio {tn / tf:.1f}x")


if __name__ == "__main__":
    main()
