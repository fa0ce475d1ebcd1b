"""Oracle text made ready for the grammar: reminder text removed, self-references written ``~``, cut into the
lines that each hold one ability (CR 113.2c: each paragraph of rules text is one ability, a modal spell's
bullets belong to the line that introduces them, 700.2).

Both templating eras are read: the 2018 wording names the object by its card name (201.4; a legendary card
also by the part of its name before the comma, 201.4b), today's says "this creature", "this land" and so on
(201.4c, effective 2024). Whatever the era, ``~`` means "the object that has this ability", which is also
what "this creature" means inside an ability a card grants in quotes (113.2, 201.4c).
"""
from __future__ import annotations

import re
from mtgjudge.model import patterns

#: Nouns that, after "this", name the object itself (201.4c); "this turn", "this ability", "this way" do not.
SELF_NOUNS = ("creature", "land", "artifact", "enchantment", "permanent", "planeswalker", "spell", "card",
              "Aura", "Equipment", "Vehicle", "Saga", "battle", "token", "Fortification", "Class", "Case",
              "Room", "Spacecraft", "Planet", "Siege", "scheme", "conspiracy", "phenomenon", "plane")

_SELF_NOUN = patterns.compile(r"\b(?:this|This) (?:" + "|".join(SELF_NOUNS) + r")\b(?!'s? (?:ability|abilities)\b)")
_BULLET = patterns.compile(r"^\s*[•*]\s*")


def strip_reminder(text: str) -> str:
    """Text without its parenthesized reminder text (CR 207.2) and the whitespace before it; nested parentheses
    included, an unbalanced one kept. One pass over the text, so that its time is linear in the text's length
    (a pattern with a leading ``\\s*`` rescans a run of whitespace from each of its characters)."""
    out: list[str] = []
    opened: list[int] = []          # where each parenthesis not yet closed is in ``out``
    for ch in text:
        if ch == ")" and opened:
            del out[opened.pop():]
            while out and out[-1].isspace():
                out.pop()
            continue
        if ch == "(":
            opened.append(len(out))
        out.append(ch)
    return "".join(out).strip()


def self_names(name: str, legendary: bool) -> tuple[str, ...]:
    """The words by which a card's text may name the object itself, longest first: its name and, for a
    legendary card, the part before the comma ("Golos" of "Golos, Tireless Pilgrim", 201.4b); also the part
    before " of " or the first word where the 2018 data shortens a legendary name ("Yawgmoth" and so on)."""
    name = re.sub(r"\s*\([^)]*\)$", "", name)     # the data's variant marks: "Boros Guildgate (b)"
    out = [name]
    if "," in name:
        out.append(name.split(",")[0].strip())
    return tuple(sorted(set(n for n in out if n), key=len, reverse=True))


def normalize_self(text: str, names: tuple[str, ...]) -> str:
    """``~`` for each self-reference: the card's names (whole words only) and "this creature" and the like."""
    for n in names:
        text = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "~", text)
    return _SELF_NOUN.sub("~", text)


def ability_lines(text: str, name: str, legendary: bool = False) -> list[tuple[str, str]]:
    """The lines of a face's Oracle text, each ``(as printed, normalized)``: reminder text dropped, self-
    references ``~``, a modal spell's bullets joined to their line ("Choose one — • A • B" is one ability),
    lines that were nothing but reminder text left out (a basic land's "({T}: Add {G}.)" is its type's
    ability, 305.6, not printed text)."""
    names = self_names(name, legendary)
    out: list[tuple[str, str]] = []
    for raw in text.replace("\r", "").split("\n"):
        printed = raw.strip()
        if not printed:
            continue
        body = strip_reminder(printed)
        if not body:
            continue
        norm = normalize_self(body, names)
        if _BULLET.match(printed) and out:
            prev_printed, prev_norm = out[-1]
            out[-1] = (prev_printed + "\n" + printed, prev_norm + " • " + _BULLET.sub("", norm))
            continue
        out.append((printed, norm))
    return out
