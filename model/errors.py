"""The model's exceptions, one place for all: what the model cannot represent (``Unsupported``), a search
that reached its bound (``SearchBound``), a card definition that breaks the encoding (``DefinitionError``),
an action the rules forbid (``Illegal``) and an input that is wrong for the state it is about
(``InputError``). The question layer maps them to the statuses `unsupported`, `error` and the answer
``illegal``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgjudge.model.explain import Step


class Unsupported(Exception):
    """The model cannot represent something a question needs; the message names exactly what.

    A question that raises it is answered `unsupported`, never guessed.
    """


class SearchBound(Unsupported):
    """A search or solver reached its bound (time, branches, size) before it could answer; the message
    names the bound."""


class DefinitionError(ValueError):
    """A card definition that does not follow the encoding; the message names the field."""


class Illegal(Exception):
    """The rules forbid an action; ``why`` are the reasons (steps citing rules)."""

    def __init__(self, why: tuple["Step", ...]):
        super().__init__("; ".join(s.text for s in why))
        self.why = why


class InputError(Exception):
    """An input that is wrong for the state it is about (an ``ability:`` that names no ability, an action
    on an object that is gone): the question's error, naming the key."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message
