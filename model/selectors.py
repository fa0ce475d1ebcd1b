"""Selectors: the data form of phrases like "an untapped creature you control" or "nonbasic lands", and the
grammar that reads such phrases (``parse_noun_phrase``).

A selector is matched against an object's *current* characteristics (``rules.layers.matches``), relative
to a player ("you").
"""
from __future__ import annotations

from dataclasses import dataclass

from mtgjudge.model.errors import DefinitionError

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


def parse_noun_phrase(phrase: str) -> Selector:
    """Parse a phrase like "untapped creature you control", "nonbasic land", "Forest" into a Selector."""
    words = phrase.strip().rstrip(".").split()
    controller = "any"
    text = " ".join(words)
    if text.endswith(" you control"):
        controller, words = "you", words[:-2]
    elif text.endswith(" an opponent controls"):
        controller, words = "opponent", words[:-3]
    types: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    not_super: list[str] = []
    not_types: list[str] = []
    other = untapped = tapped = False
    for w in words:
        lw = w.lower().rstrip("s") if w.lower() not in ("mass",) else w.lower()
        if lw in ("another", "other"):
            other = True
        elif lw == "untapped":
            untapped = True
        elif lw == "tapped":
            tapped = True
        elif lw in ("basic", "snow", "legendary"):
            supertypes.append(lw.capitalize())
        elif lw in ("nonbasic", "nonsnow", "nonlegendary"):
            not_super.append(lw[3:].capitalize())
        elif lw.startswith("non") and lw[3:].capitalize() in ("Land", "Creature", "Artifact", "Enchantment"):
            not_types.append(lw[3:].capitalize())
        elif lw.capitalize() in ("Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle"):
            types.append(lw.capitalize())
        elif lw == "permanent":
            pass
        elif w[:1].isupper():
            subtypes.append(w.rstrip("s") if w.endswith("s") and w not in ("Plains",) else w)
        else:
            raise DefinitionError(f"{phrase!r}: the word {w!r} is not in the selector vocabulary")
    return Selector(types=tuple(types), subtypes=tuple(subtypes), supertypes=tuple(supertypes),
                    not_supertypes=tuple(not_super), not_types=tuple(not_types), controller=controller,
                    other=other, untapped=untapped, tapped=tapped)
