"""Reasons as data: every answer carries steps, each citing the Comprehensive Rules it applies."""
from __future__ import annotations

from typing import Any

from mtgjudge.model.lazy_dataclass import dataclass


@dataclass(frozen=True)
class Step:
    """One step of an explanation: what was found, and the rule numbers (CR 2026-04-17) that say so."""

    rules: tuple[str, ...]
    text: str

    def to_json(self) -> dict:
        return {"rules": list(self.rules), "text": self.text}


def step(rules: str | tuple[str, ...] | list[str], text: str) -> Step:
    """Build a step from one rule number or several."""
    if isinstance(rules, str):
        rules = (rules,)
    return Step(tuple(rules), text)


@dataclass(frozen=True)
class Answer:
    """What deciding a question gives.

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
