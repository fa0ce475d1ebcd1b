"""Proliferate (CR 701.34a): the word ``proliferate``, an instruction with no arguments: its controller chooses
any number of permanents and/or players that have a counter, and each one chosen gets one more counter of each
kind it already has."""
from __future__ import annotations

from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

WORDS = (
    Word("proliferate", "effect", {}, lambda a: "Proliferate", frozenset(), ENGINE),
)
