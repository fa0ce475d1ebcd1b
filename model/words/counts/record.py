"""The word of an effect whose amount is a count read as it resolves (608.2h, 107.3e).  Read by
``words.counts.read``, performed by ``words.counts.perform``, counted by ``rules.counts``."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

WORDS = (
    # "Draw a card for each creature you control.", "Create X 1/1 white Soldier creature tokens, where X is the
    # number of creatures on the battlefield.": ``text`` is the sentence with its amount written "{n}" (read
    # again, by the other readers, with the amount counted); ``per``: the amount for each one counted (1 for
    # "where X is"); ``count``: the count's phrase (rules.counts).
    Word("counted", "effect", {"count": str, "text": str, "per": int},
         lambda a: a["text"].replace("{n}", "X").rstrip(".") + ", where X is " + (
             "" if a["per"] == 1 else "twice " if a["per"] == 2 else f"{a['per']} times ") + (
             a["count"] if a["count"].startswith(("the ", "your ", "its ")) else f"the number of {a['count']}"),
         frozenset({Scope.LIFE, Scope.DRAW, Scope.POWER_TOUGHNESS, Scope.ENTERS, Scope.DISCARD}), ENGINE),
)
