"""Reading "becomes" sentences (``words.becomes.record``) from Oracle text, whole or not at all:

- "~ becomes a 2/2 creature with all creature types until end of turn. It's still a land." (Mutavault),
  "Until end of turn, ~ becomes a 4/4 white and blue Elemental creature with flying and vigilance. It's still a
  land." (Celestial Colonnade), "Target land becomes a 3/3 creature that's still a land", "~ becomes a 2/2 Bird
  artifact creature with flying until end of turn" (205.1b keeps the other types);
- "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and toughness
  1/1." (Turn to Frog), "... loses all abilities and has base power and toughness 0/1" (Ovinize), "Target
  creature has base power and toughness 1/1 until end of turn."

The sentence "It's still a land." is part of the sentence before it (205.1b: it says the object keeps its
types), joined to it before the sentences are read (``join_still``). A quoted ability granted ("with "Whenever
this creature attacks, ..."", Raging Ravine), "where X is ...", "legendary", "in addition to its other types"
with anything not read here, and every other wording stay unread."""
from __future__ import annotations

import re
from typing import Sequence

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import NAME_TO_LETTER
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.vocab.subtypes import subtypes_by_type
from mtgjudge.model.words.becomes.record import STILL
from mtgjudge.model.words.until.read import refers_back

_COLOR = r"(?:white|blue|black|red|green)"
_COLORS = rf"{_COLOR}(?:(?:,| and|, and) {_COLOR})*"
_KEYWORD = r"[a-z]+(?: strike)?"
_KEYWORDS = rf"{_KEYWORD}(?:(?:,| and|, and) {_KEYWORD})*"
_SUBTYPES = r"[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*"

#: "becomes a 2/2 white Spirit artifact creature with flying" (types added, 613.1d)
_CREATURE = patterns.compile(
    rf"^becomes an? (?P<pt>\d+/\d+) (?:(?P<colors>{_COLORS}) )?(?:(?P<ctypes>{_SUBTYPES}) )?"
    r"(?P<types>artifact creature|creature)"
    rf"(?: with (?:(?P<all>all creature types)|(?P<kws>{_KEYWORDS})))?"
    r"(?P<addition> in addition to its other types| that's still an? (?P<still>land|artifact))?$")
#: "becomes a blue Frog with base power and toughness 1/1" (creature types set, 205.1a)
_FROG = patterns.compile(rf"^becomes an? (?:(?P<colors>{_COLORS}) )?(?P<ctypes>{_SUBTYPES})"
                         r" with base power and toughness (?P<pt>\d+/\d+)$")
#: "has base power and toughness 0/1" (613.4b), "... and gains trample"
_BASE = patterns.compile(r"^has base power and toughness (?P<pt>\d+/\d+)"
                         rf"(?: and gains (?P<kws>{_KEYWORDS}))?$")
#: "becomes an artifact creature" (crew's meaning, 702.122a): its own power and toughness (208.3)
_ARTIFACT_CREATURE = "becomes an artifact creature"
#: "Nightsky Mimic has base power and toughness 4/4 until end of turn and gains flying until end of turn.": the
#: two parts of one duration, read as "... and gains flying until end of turn."
_TWICE = " until end of turn and gains "
_LOSES = "loses all abilities and "
_STILL = patterns.compile(r"^(?:It's|It is) still an? (land|artifact)\.$", re.I)


def join_still(sentences: list[str]) -> list[str]:
    """205.1b: "It's still a land." says what the sentence before it does to the object's types: the two are one
    sentence to read."""
    out: list[str] = []
    for s in sentences:
        if out and _STILL.match(s.strip()) and " becomes " in out[-1]:
            out[-1] = out[-1].rstrip() + " " + s.strip()
        else:
            out.append(s)
    return out


def _permanent_target(phrase: str) -> bool:
    try:
        spec = phrases.parse_target(phrase)
    except DefinitionError:
        return False
    return spec.zone == "battlefield" and not spec.players and bool(spec.objects) and spec.maximum == 1 \
        and (spec.minimum in (None, 1))


def becomes_word(sentence: str, found: tuple[str, ...], earlier: Sequence[Effect | None] = ()) -> Effect | None:
    """The ``becomes`` word of a whole sentence, or None if it is not one this reader takes whole. ``earlier``:
    the words read before it (what "it" names, 608.2c)."""
    s = sentence.strip()
    args: dict = {}
    if s.count(_TWICE) == 1 and s.endswith(" until end of turn.") and not s.startswith("Until end of turn, "):
        s = s.replace(_TWICE, " and gains ")
    still = _STILL.search(s.split(". ", 1)[1]) if ". " in s else None
    if ". " in s:
        if still is None:
            return None
        args["still"] = STILL[still.group(1).lower()]
        s = s.split(". ", 1)[0] + "."
    if not s.endswith("."):
        return None
    s = s[:-1]
    if s.startswith("Until end of turn, "):
        args["lead"] = True
        s = s[len("Until end of turn, "):]
    elif s.endswith(" until end of turn"):
        s = s[:-len(" until end of turn")]
    else:
        # no duration stated: the rest of the game (611.2a), for a sentence with no other time in it
        if re.search(r"\b(?:until|this turn|as long as|during|each|next|when|whenever|if)\b", s, re.I):
            return None
        args["until"] = ""
    if " until end of turn" in s or "Until end of turn" in s:
        return None
    if s.startswith("~ "):
        if found:
            return None
        args["self"] = True
        s = s[2:]
    elif s.startswith(("It ", "it ", "That creature ", "that creature ")):
        # 608.2c: the object the instruction before acted on (its one permanent target)
        if found or not refers_back(earlier):
            return None
        args["it"] = True
        s = s.split(" ", 2)[2] if s.lower().startswith("that creature ") else s[3:]
    else:
        if len(found) != 1:
            return None
        phrase = found[0][0].lower() + found[0][1:]
        # "another target Vehicle you control" is read as "target another Vehicle you control" (``find_targets``)
        said = "another target " + phrase[len("target another "):] if phrase.startswith("target another ") else phrase
        if not s.lower().startswith(said.lower() + " "):
            return None
        s = s[len(said) + 1:]
        if not phrase.startswith("target ") or not _permanent_target(phrase):
            return None
        args["target"] = phrase[len("target "):]
    if s == "loses all abilities":
        args["loses_all"] = True
        return _word(args)
    if s == _ARTIFACT_CREATURE:
        return _word({**args, "types": "Artifact Creature"}) if "still" not in args else None
    if s.startswith(_LOSES):
        args["loses_all"] = True
        s = s[len(_LOSES):]
    m = _CREATURE.match(s) if not args.get("loses_all") else None
    if m is not None:
        if m.group("addition") and m.group("still"):
            if "still" in args:
                return None
            args["still"] = STILL[m.group("still")]
        elif m.group("addition"):
            if "still" in args:
                return None
            args["in_addition"] = True
        args["types"] = "Artifact Creature" if m.group("types") == "artifact creature" else "Creature"
        if m.group("all"):
            args["all_creature_types"] = True
        if m.group("kws"):
            args["keywords"] = tuple(re.split(r",? and |, ", m.group("kws")))
    else:
        m = _FROG.match(s) or _BASE.match(s)
        if m is None or "still" in args:
            return None
    groups = m.groupdict()
    if groups.get("kws") and "keywords" not in args:
        args["keywords"] = tuple(re.split(r",? and |, ", groups["kws"]))
    args["power"], args["toughness"] = (int(n) for n in groups["pt"].split("/"))
    if groups.get("colors"):
        args["colors"] = "".join(NAME_TO_LETTER[c] for c in re.split(r",? and |, ", groups["colors"]))
    if groups.get("ctypes"):
        if any(t not in subtypes_by_type()["Creature"] for t in groups["ctypes"].split()):
            return None
        args["creature_types"] = groups["ctypes"]
    return _word(args)


def _word(args: dict) -> Effect | None:
    try:
        return parse_effect({"becomes": args})
    except DefinitionError:
        return None


#: "Enchanted creature is a Chicken with base power and toughness 1/1 and loses all abilities." (Fowl Play),
#: "Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 1/1.",
#: "Enchanted creature has base power and toughness 0/2."
_ENCHANTED = patterns.compile(
    rf"^Enchanted creature (?P<lose1>loses all abilities and )?(?:is an? (?:(?P<colors>{_COLORS}) )?"
    rf"(?P<ctypes>{_SUBTYPES})(?: creature)? with|has) base power and toughness (?P<pt>\d+/\d+)"
    r"(?P<lose2> and loses all abilities)?\.$")


def becomes_static(line: str) -> dict | None:
    """The arguments of the static ``becomes`` word of a whole line of an Aura (``{kind: becomes, ...}``), or
    None if the line is not one this reader takes whole."""
    m = _ENCHANTED.match(line.strip())
    if m is None or (m.group("lose1") and m.group("lose2")):
        return None
    args: dict = {"kind": "becomes", "enchanted": True}
    args["power"], args["toughness"] = (int(n) for n in m.group("pt").split("/"))
    if m.group("lose1") or m.group("lose2"):
        args["loses_all"] = True
    if m.group("colors"):
        args["colors"] = "".join(NAME_TO_LETTER[c] for c in re.split(r",? and |, ", m.group("colors")))
    if m.group("ctypes"):
        if any(t not in subtypes_by_type()["Creature"] for t in m.group("ctypes").split()):
            return None
        args["creature_types"] = m.group("ctypes")
    return args
