"""How a card's encoding reads back: each line of its rules text beside what the model understood it to say,
rendered from the encoding alone (``Ability.render``), and the one comparison of the two.

A line is *modelled* when every ability it compiled to renders (an unmodelled ability, or a part the
renderer cannot say, leaves the line unmodelled). A modelled line *round-trips* when its rendering equals its
source after ``normalize_reading``, which removes only what both templating eras say differently and the
model need not keep: reminder text (207.2), the card's name or "this creature" for the object itself
(201.4, 201.4c), "enters the battlefield" for "enters" (the 2024 wording), case, spacing and final periods.
A modelled line that does not round-trip is either worded differently by a renderer or misread: ``mismatch_kind``
names the words the rendering is about, so that the most frequent ones can be looked at first.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.oracle.text import normalize_self, self_names, strip_reminder
from mtgjudge.model.vocab.abilities import Ability

#: After "this", words that do not name the object itself ("this turn", "this ability").
_NOT_SELF = ("turn", "way", "ability", "abilities", "mana", "effect", "emblem", "combat", "game", "step", "phase",
             "cost", "damage", "choice", "process", "text", "time", "spell's", "card's", "one", "many", "much")
_THIS = re.compile(r"\bthis\b(?! (?:" + "|".join(_NOT_SELF) + r")\b)")
_ENTERS = re.compile(r"\benters? the battlefield\b")
_SPACE = re.compile(r"\s+")


def normalize_reading(text: str, names: tuple[str, ...] = ()) -> str:
    """``text`` (a source line or a rendering) as the two are compared: reminder text removed, the object's own
    names (``names``), "this creature" and a bare "this" written "~", "enters the battlefield" written "enters",
    bullets and spacing made one, lower case, no final period."""
    t = strip_reminder(text.replace("\n", " "))
    t = normalize_self(t, names)
    t = t.replace("−", "-").replace("—", "-").replace("’", "'")
    t = t.lower()
    t = _THIS.sub("~", t)
    t = _ENTERS.sub("enters", t)
    t = _SPACE.sub(" ", t).strip()
    t = re.sub(r"\s*([.,:;])(?=\s|$)", r"\1", t)
    return t.rstrip(". ")


@dataclass(frozen=True)
class LineReading:
    """One line of a face: its source text, the abilities it compiled to, and what they render as together
    (None: the line is not modelled)."""

    source: str
    abilities: tuple[Ability, ...]
    rendering: str | None
    round_trip: bool

    @property
    def modelled(self) -> bool:
        return self.rendering is not None


def render_line(abilities: tuple[Ability, ...]) -> str | None:
    """What the abilities of one line say together: keywords in a list ("Flying, vigilance"), other abilities
    one after another; None if one of them does not render."""
    said = [a.render() for a in abilities]
    if not said or any(s is None for s in said):
        return None
    if all(a.kind == "keyword" for a in abilities):
        words = [s for s in said if s]
        return ", ".join([words[0]] + [w[:1].lower() + w[1:] for w in words[1:]])
    return " ".join(s for s in said if s)


def face_lines(face: Face) -> list[tuple[str, tuple[Ability, ...]]]:
    """The lines of a face with the abilities each compiled to; a hand-encoded face (no lines kept) gives one
    line per ability, its source text if it has one."""
    if face.lines and sum(n for _, n in face.lines) == len(face.abilities):
        out, i = [], 0
        for text, n in face.lines:
            out.append((text, face.abilities[i:i + n]))
            i += n
        return out
    return [(a.source_text, (a,)) for a in face.abilities]


def read_face(face: Face, legendary: bool | None = None) -> list[LineReading]:
    """Every line of a face read back."""
    names = self_names(face.name, "Legendary" in face.supertypes if legendary is None else legendary)
    out = []
    for source, abilities in face_lines(face):
        rendering = render_line(abilities)
        equal = (rendering is not None and bool(source)
                 and normalize_reading(rendering, names) == normalize_reading(source, names))
        out.append(LineReading(source, abilities, rendering, equal))
    return out


def read_card(card: CardDef) -> list[tuple[Face, list[LineReading]]]:
    """Every face's lines read back."""
    return [(f, read_face(f)) for f in card.faces]


def mismatch_kind(line: LineReading) -> str:
    """A name for what a modelled line that does not round-trip is about: the kinds of its abilities and the
    words they use ("triggered: draw_cards"), so that mismatches group by the renderer to look at."""
    parts = []
    for a in line.abilities:
        words = [e.kind for m in (a.modes or (a,)) for e in m.effects]
        if a.static is not None:
            words.append(a.static.kind)
        if a.production is not None:
            words.append("mana:" + a.production.mode)
        if a.mana_trigger is not None:
            words.append("mana_trigger")
        if a.kind == "keyword":
            words.append(a.keyword)
        parts.append(a.kind + (": " + "+".join(words) if words else ""))
    return "; ".join(parts)


@dataclass
class ReadingTally:
    """Lines swept, modelled and round-tripping, and the modelled lines that did not, counted by kind."""

    lines: int = 0
    modelled: int = 0
    round_trip: int = 0
    mismatches: Counter = field(default_factory=Counter)

    def add_card(self, card: CardDef) -> None:
        if not card.modelled:
            return
        for _, lines in read_card(card):
            for line in lines:
                self.lines += 1
                if line.modelled:
                    self.modelled += 1
                    if line.round_trip:
                        self.round_trip += 1
                    else:
                        self.mismatches[mismatch_kind(line)] += 1

    def add(self, other: ReadingTally) -> None:
        self.lines += other.lines
        self.modelled += other.modelled
        self.round_trip += other.round_trip
        self.mismatches.update(other.mismatches)

    @property
    def share(self) -> float:
        """Round-tripping lines among the lines swept."""
        return self.round_trip / self.lines if self.lines else 0.0

    def top(self, n: int = 10) -> list[tuple[str, int]]:
        return sorted(self.mismatches.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
