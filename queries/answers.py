"""Answers as data: the value, the reasons (steps citing rules) and the witness, for people and machines."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgjudge.model.explain import Step


@dataclass(frozen=True)
class Answer:
    """What a question kind returns.

    ``value`` is the answer in its normalized form (bool, "illegal", frozenset of mana letters, frozenset
    of mana strings, "unbounded", ...). ``unsupported`` (a message naming exactly what the model cannot
    represent) replaces the value when set. ``why`` is the explanation; ``witness`` a JSON-able witness
    (the choices, payment or order that gets there) when there is one.
    """

    value: Any = None
    why: tuple[Step, ...] = ()
    witness: Any = None
    unsupported: str | None = None

    @property
    def is_unsupported(self) -> bool:
        return self.unsupported is not None

    def cited_rules(self) -> set[str]:
        return {r for s in self.why for r in s.rules}


def unsupported(message: str, *why: Step) -> Answer:
    """An answer saying the model cannot represent something; never a guess."""
    return Answer(unsupported=message, why=tuple(why))


class QuestionInputError(Exception):
    """The question is wrong in a way only its kind can see (an ``ability:`` that matches two abilities):
    reported with status `error`, naming the key."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message
