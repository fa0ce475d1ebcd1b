"""Reasons as data: every answer carries steps, each citing the Comprehensive Rules it applies."""
from __future__ import annotations

from dataclasses import dataclass


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


class Unsupported(Exception):
    """The model cannot represent something a question needs; the message names exactly what.

    Raised anywhere in the model or the queries; a question that raises it is answered `unsupported`,
    never guessed.
    """
