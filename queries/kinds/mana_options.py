"""``mana-options``: every maximal multiset of mana a player could have in their pool now, by activating
mana abilities (CR 605.3a, 106.4), with the activations that reach them; ``unbounded`` when a loop makes
arbitrarily much.

The answer is a :class:`~mtgjudge.model.pool_terms.PoolSet`: terms (a fixed amount plus groups such as
"9 of [WUBRG]") whose union is the set of maximal amounts. It is shown as the list of amounts when there
are at most ``expand`` of them (default :data:`LISTED_POOLS`; None: always), else as its terms;
``expect`` may be written either way."""
from __future__ import annotations

import re
from typing import Any

from mtgjudge.model.explain import Answer, step
from mtgjudge.model.mana import ManaSyntaxError, mana_string
from mtgjudge.model.pool_terms import PoolSet, parse_term
from mtgjudge.model.rules.mana_options import mana_options
from mtgjudge.queries.format.fields import QuestionValidator, line_of
from mtgjudge.queries.kinds.record import BY, Kind, asking_player, json_value, show_value


#: Up to this many amounts, the answer is shown as their list (as the format's list form), and the
#: reasons give the activations of each term; past it, the answer is shown as its terms.
LISTED_POOLS = 64

#: An item of ``expect`` written as a term, not as an amount.
_TERM = re.compile(r" \+ | of \[|^one of")


def answer(question, expand: int | None | str = LISTED_POOLS) -> Answer:
    """Answer a mana-options question: a PoolSet, or "unbounded". ``expand``: show the list of amounts
    when there are at most this many (``"all"``: always; 0: always the terms)."""
    state = question.state
    player = asking_player(question, state, state.active_player)
    r = mana_options(state, player)
    if r.unbounded:
        return Answer(value="unbounded", why=(step(("605.3a", "106.4"), "these activations return to the same "
                                                   "resources with more mana, so they can be repeated without end: "
                                                   + "; ".join(r.loop or [])),), witness={"loop": r.loop})
    value = PoolSet(r.terms, listed=None if expand is None or expand == "all" else int(expand))
    counted = value.pools(LISTED_POOLS)
    amounts = f"any of {len(counted)} maximal amounts" if counted is not None else f"any of more than {LISTED_POOLS} maximal amounts"
    why = [step(("605.3a", "106.4"), f"{player} can have {amounts} of mana by activating mana abilities now (costs "
                "paid, choices and replacement orders expanded, 616.1)" + ("" if len(value.terms) < 2 and counted else
                f"; they are the amounts of {len(value.terms)} terms, each a fixed amount plus groups"))]
    if len(value.terms) > LISTED_POOLS:
        why.append(step(("605.3a",), f"the activations that reach each of the {len(value.terms)} terms are in the witness"))
    else:
        for text in value.texts():
            ways = r.witness.get(text, [[]])
            path = ways[0]
            more = f" (or {len(ways) - 1} other ways)" if len(ways) > 1 else ""
            why.append(step(("605.3a",), f"{text or 'no mana'}: " + ("; ".join(path) if path else "activate nothing") + more))
    return Answer(value=value, why=tuple(why), witness={t: r.witness.get(t) for t in value.texts()})


def parse_expect(d: QuestionValidator, value: Any, line: int | None) -> frozenset[str] | PoolSet | str:
    """``expect``: ``unbounded``, or a list of quoted amounts like ``"{G}{G}"`` (any order) or of terms like
    ``"{C}{C} + 9 of [WUBRG]"``: a frozenset of canonical mana strings when every item is an amount, else
    a PoolSet."""
    if value == "unbounded":
        return "unbounded"
    items = d.seq(value, "expect", line, "a list of quoted mana like \"{G}{G}\" or terms like \"{C} + 2 of [WU]\" (or unbounded)")
    if not any(isinstance(x, str) and _TERM.search(x) for x in items):
        return frozenset(mana_string(d.mana(x, f"expect[{i}]", line_of(items, i))) for i, x in enumerate(items))
    terms = []
    for i, x in enumerate(items):
        try:
            terms.append(parse_term(x))
        except ManaSyntaxError as e:
            d.fail(f"expect[{i}]", line_of(items, i), str(e))
    return PoolSet(terms)


def to_json(v: Any) -> Any:
    """The answer in JSON: the sorted list of amounts, or of terms past the bound of listed amounts."""
    return v.shown() if isinstance(v, PoolSet) else json_value(v)


def to_text(v: Any) -> str:
    if isinstance(v, PoolSet):
        items = v.shown()
        return "[" + ", ".join(f'"{i}"' if i == "" else i for i in items) + "]" if items else "none"
    return show_value(v)


KIND = Kind("mana-options", answer, keys=(BY,), required=(), parse_expect=parse_expect, options=("expand",),
            to_json=to_json, to_text=to_text)
