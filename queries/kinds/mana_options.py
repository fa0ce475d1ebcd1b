"""``mana-options``: every maximal multiset of mana a player could have in their pool now, by activating
mana abilities (CR 605.3a, 106.4), with a witness sequence of activations for each; ``unbounded`` when a
loop makes arbitrarily much."""
from __future__ import annotations

from typing import Any

from mtgjudge.model.explain import Answer, step
from mtgjudge.model.mana import mana_string
from mtgjudge.model.rules.mana_options import mana_options
from mtgjudge.queries.format.fields import QuestionValidator, line_of
from mtgjudge.queries.kinds.record import BY, Kind, asking_player


#: Up to this many amounts, the reasons list each with the activations that reach it; past it, the witness
#: alone does (a board can have thousands of maximal amounts).
LISTED_POOLS = 64


def answer(question) -> Answer:
    """Answer a mana-options question: a frozenset of canonical mana strings, or "unbounded"."""
    state = question.state
    player = asking_player(question, state, state.active_player)
    r = mana_options(state, player)
    if r.unbounded:
        return Answer(value="unbounded", why=(step(("605.3a", "106.4"), "these activations return to the same "
                                                   "resources with more mana, so they can be repeated without end: "
                                                   + "; ".join(r.loop or [])),), witness={"loop": r.loop})
    why = [step(("605.3a", "106.4"), f"{player} can have any of {len(r.pools)} maximal amounts of mana by activating "
                "mana abilities now (costs paid, choices and replacement orders expanded, 616.1)")]
    if len(r.pools) > LISTED_POOLS:
        why.append(step(("605.3a",), f"the activations that reach each of the {len(r.pools)} amounts are in the witness"))
    else:
        for pool in sorted(r.pools):
            path = r.witness[pool]
            why.append(step(("605.3a",), f"{pool or 'no mana'}: " + ("; ".join(path) if path else "activate nothing")))
    return Answer(value=frozenset(r.pools), why=tuple(why), witness={p: r.witness[p] for p in sorted(r.pools)})


def parse_expect(d: QuestionValidator, value: Any, line: int | None) -> frozenset[str] | str:
    """``expect``: ``unbounded``, or a list of quoted mana like ``"{G}{G}"`` (any order), canonicalized."""
    if value == "unbounded":
        return "unbounded"
    items = d.seq(value, "expect", line, "a list of quoted mana like \"{G}{G}\" (or unbounded)")
    return frozenset(mana_string(d.mana(x, f"expect[{i}]", line_of(items, i))) for i, x in enumerate(items))


KIND = Kind("mana-options", answer, keys=(BY,), required=(), parse_expect=parse_expect)
