"""The word of an effect whose amount is a count read as it resolves (608.2h, 107.3e).  Read by
``words.counts.read``, performed by ``words.counts.perform``, counted by ``rules.counts``."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.selectors import Count, Selector
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: Where a counted sentence's amount sits in the word it is: the argument's name, then the position of each item
#: within it (``("acts", 0, 1)``: the second part of the first act), or the name of a field of a record read as the
#: card was compiled (``("selects", 0, 1, 0, "stat", 2)``: the number of a selector's "with toughness N or less");
#: an integer there is the amount, a text has it written "{n}" ("creature with toughness {n} or less").
Hole = tuple[Any, ...]


def with_amount(effect: Effect, holes: tuple[Hole, ...], n: int) -> Effect:
    """The word of a counted sentence (``effect``, read with the amount 1) with the amount ``n`` in each of its
    ``holes``: the sentence read with ``n``, without reading it again."""
    def put(value: Any, path: tuple[Any, ...]) -> Any:
        if not path:
            return value.replace("{n}", str(n)) if isinstance(value, str) else n
        if isinstance(value, Selector):       # a field of a selector read as the card was compiled
            return replace(value, **{path[0]: put(getattr(value, path[0]), path[1:])})
        return tuple(put(v, path[1:]) if i == path[0] else v for i, v in enumerate(value))

    args = effect.args
    for hole in holes:
        args = tuple((k, put(v, hole[1:]) if k == hole[0] else v) for k, v in args)
    return replace(effect, args=args)


def _v_counted(a: dict) -> None:
    missing = [k for k in ("count", "counting", "text", "per", "effect", "holes") if k not in a]
    if missing:
        raise DefinitionError(f"needs {', '.join(missing)} (the word is the compiler's reading of a sentence with a "
                              "count, 608.2h)")


WORDS = (
    # "Draw a card for each creature you control.", "Create X 1/1 white Soldier creature tokens, where X is the
    # number of creatures on the battlefield.": ``text`` is the sentence with its amount written "{n}", read at
    # compile time by the other readers as the word ``effect`` (with the amount 1) whose amount sits in ``holes``
    # (``with_amount``); ``per``: the amount for each one counted (1 for "where X is"); ``count``: the count's
    # phrase, ``counting`` the count it is (read as the card is compiled: rules.counts.parse).
    Word("counted", "effect", {"count": str, "counting": Count, "text": str, "per": int, "effect": Effect,
                               "holes": tuple},
         lambda a: a["text"].replace("{n}", "X").rstrip(".") + ", where X is " + (
             "" if a["per"] == 1 else "twice " if a["per"] == 2 else f"{a['per']} times ") + (
             a["count"] if a["count"].startswith(("the ", "your ", "its ")) else f"the number of {a['count']}"),
         frozenset({Scope.LIFE, Scope.DRAW, Scope.POWER_TOUGHNESS, Scope.ENTERS, Scope.DISCARD}), ENGINE,
         validate=lambda a: _v_counted(a)),
)
