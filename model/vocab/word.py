"""One word of the card encoding as a record: what a static kind, an effect kind or a cost part is."""
from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, Mapping

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.lazy_dataclass import dataclass


@dataclass(frozen=True)
class Word:
    """A word: its ``family`` (static, effect or cost), its arguments and their types (``schema``; the type
    ``object`` takes any plain value, ``StaticEffect`` a nested static), how it reads on a card
    (``render``: of the StaticEffect for a static, of the argument mapping for an effect), the checks run when
    a card definition loads (``validate``: raises DefinitionError; may return the arguments normalized), the
    scopes it can change, and the consumers that implement it (``handled_by``). ``text_only`` words are kept
    so that a card's text reads right; no consumer implements them, so every one that meets them refuses."""

    name: str
    family: str
    schema: Mapping[str, type] = field(default_factory=dict)
    render: Callable[[Any], str] = field(default=lambda _: "", compare=False)
    scopes: frozenset[Scope] = frozenset()
    handled_by: frozenset[str] = frozenset()
    validate: Callable[[dict], dict | None] | None = field(default=None, compare=False)
    text_only: bool = False

    def __post_init__(self) -> None:
        _BY_KEY[(self.family, self.name)] = self

    def __reduce__(self):
        # A word is one of the vocabulary's: copied or pickled by its family and name, read back as that
        # word (its render and validate functions are not data).
        return (_vocabulary_word, (self.family, self.name))


#: Every word made, by family and name (the vocabulary's modules make each once: ``words``).
_BY_KEY: dict[tuple[str, str], Word] = {}


def _vocabulary_word(family: str, name: str) -> Word:
    return _BY_KEY[(family, name)]
