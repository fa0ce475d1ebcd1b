"""Words of evolve (702.100a): "Whenever a creature you control enters, if that creature's power is greater than
this creature's power and/or that creature's toughness is greater than this creature's toughness, put a +1/+1
counter on this creature."

The keyword is compiled as that triggered ability (``words.evolve.read``): its intervening "if" (603.4) is the
ability's ``intervening`` ``evolve``, compared as it triggers with the creature that entered (``engine.triggers``,
the trigger's subject) and again as it resolves, by its one effect ``evolve`` (``words.evolve.perform``)."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
#: The ability's ``intervening``: the comparison of 702.100a.
INTERVENING = "evolve"
#: 702.100a: the trigger condition.
TRIGGER = "Whenever a creature you control enters"

WORDS: tuple[Word, ...] = (
    # 702.100a, 603.4: the comparison made again as it resolves, then a +1/+1 counter on the creature with evolve
    Word("evolve", "effect", {}, lambda a: "Put a +1/+1 counter on this creature", frozenset({Scope.POWER_TOUGHNESS}),
         ENGINE),
)


def keyword_of(keyword: str, trigger: str | None, intervening: str, effects: tuple) -> str | None:
    """"Evolve" for the triggered ability that is exactly its meaning (its trigger said ``trigger``, the
    comparison as its intervening "if", the one ``evolve`` instruction); None for any other ability."""
    if keyword != "Evolve" or intervening != INTERVENING or trigger != TRIGGER:
        return None
    return keyword if [e.kind for e in effects] == ["evolve"] else None
