"""Selectors: the data form of phrases like "an untapped creature you control" or "nonbasic lands".

A selector is matched against an object's *current* characteristics (see model.characteristics), relative
to a player ("you").
"""
from __future__ import annotations

from dataclasses import dataclass

CONTROLLERS = ("any", "you", "opponent")


@dataclass(frozen=True)
class Selector:
    """Which objects a phrase means. Every given condition must hold."""

    types: tuple[str, ...] = ()          # all of these card types: ("Creature",), ("Land",)
    subtypes: tuple[str, ...] = ()       # any of these subtypes
    supertypes: tuple[str, ...] = ()     # all of these supertypes ("Basic", "Snow", "Legendary")
    not_supertypes: tuple[str, ...] = () # none of these ("nonbasic": ("Basic",))
    not_types: tuple[str, ...] = ()      # none of these ("nonland": ("Land",))
    controller: str = "any"              # any | you | opponent
    other: bool = False                  # "another": not the object the ability is on
    untapped: bool = False
    tapped: bool = False
    token: bool | None = None

    def describe(self) -> str:
        words: list[str] = []
        if self.other:
            words.append("another")
        if self.untapped:
            words.append("untapped")
        if self.tapped:
            words.append("tapped")
        words += ["non" + s.lower() for s in self.not_supertypes]
        words += ["non" + t.lower() for t in self.not_types]
        words += [s.lower() for s in self.supertypes]
        words += list(self.subtypes) if self.subtypes else []
        words += [t.lower() for t in self.types] or ["permanent"]
        if self.token:
            words.append("token")
        if self.controller == "you":
            words.append("you control")
        elif self.controller == "opponent":
            words.append("an opponent controls")
        return " ".join(words)


SELECTOR_KEYS = {f for f in Selector.__dataclass_fields__}
