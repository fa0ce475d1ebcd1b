"""The uses of the word "target" in a sentence of Oracle text (115.1): each as a target phrase the phrase
grammar reads ("two target creatures", "up to one target artifact"), or None when some use can't be read,
so that a spell or ability is never compiled with fewer targets than it has.

Text in quotation marks is an ability granted to something else (113.2); its targets are that ability's,
so they are skipped. "the target", "its target", "new targets" and "spell that targets" name or test targets
rather than choose them (115.9) and are skipped too. The phrase after "target" is the longest run of words
the grammar reads that is followed by the end of a clause (punctuation, a conjunction, a verb, a possessive):
a longer phrase the grammar does not read ("target creature with a +1/+1 counter on it") is never cut short.
"""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.phrases import parse_target

_QUOTED = patterns.compile(r"\"[^\"]*\"|“[^”]*”")
_USE = patterns.compile(r"\btargets?\b", re.I)
#: Words before "target" that make it a noun or verb rather than a choice of target.
NOT_A_CHOICE = {"the", "its", "their", "a", "new", "that", "which", "single", "additional", "same", "another's",
                 "each", "more", "only", "no", "as", "it", "spell", "ability", "permanent", "creature"}
_COUNTS = r"(?:one, two,? or three|(?:one|two|three) or (?:two|three|four)|up to (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)|" \
          r"one|two|three|four|five|six|\d+)"
#: A count that is part of a longer list of counts ("one, two, or three target creatures"): not read.
_LISTED_COUNT = patterns.compile(r"\b(?:one|two|three|four|five|six|\d+),?\s+(?:or\s+)?$", re.I)
_BEFORE = patterns.compile(r"(?:(?P<count>" + _COUNTS + r")\s+)?(?:(?P<another>another|other)\s*)?$", re.I)
#: Words that may follow a target phrase: the clause goes on with a verb, a conjunction or punctuation.
_BOUNDARY = {"and", "then", "to", "gets", "get", "gains", "gain", "has", "have", "deals", "deal", "can't", "cannot",
             "doesn't", "don't", "becomes", "become", "fights", "fight", "loses", "lose", "is", "are", "unless",
             "until", "into", "onto", "on", "at", "as", "puts", "put", "draws", "draw", "discards", "discard",
             "sacrifices", "sacrifice", "mills", "mill", "reveals", "reveal", "shuffles", "returns", "exiles",
             "searches", "looks", "each", "chooses", "may", "can", "must", "would", "untaps", "taps", "skips", "attacks",
             "blocks", "or", "for", "this", "under", "if", "where", "gets", "phases", "explores", "connives",
             "perpetually", "deals", "assigns", "removes", "copies", "owner", "controller", "but", "instead",
             "among", "by", "in", "twice", "until", "plays", "pays", "creates", "scries", "surveils",
             "equal", "takes",   # "deals damage to target creature equal to ..." (refs); "takes an extra turn"
             "controls"}  # "Destroy all enchantments target player controls." (removal)
_PUNCTUATION = patterns.compile(r"^[.,;:—]")
MAX_WORDS = 14


def strip_quotes(text: str) -> str:
    """The text with each quoted ability (113.2) emptied: its targets are that ability's."""
    return _QUOTED.sub('""', text)


#: Words that, after a comma, continue a noun phrase rather than start a new clause.
_CONTINUES = patterns.compile(r"^(?:non[a-z]+|or|and|and/or|artifacts?|creatures?|enchantments?|lands?|planeswalkers?|permanents?|"
                        r"spells?|players?|white|blue|black|red|green|colorless|multicolored|tapped|untapped|"
                        r"attacking|blocking|legendary|basic|abilit(?:y|ies)|activated|triggered|cards?|battles?)$", re.I)


def _phrase_after(rest: str) -> tuple[str, str] | None:
    """The longest readable target phrase at the start of ``rest``, and what follows it."""
    tokens = re.findall(r"[\w'+/−-]+|[.,;:—]|\S", rest)
    best = None
    for k in range(min(len(tokens), MAX_WORDS), 0, -1):
        words = tokens[:k]
        # a comma may be inside a phrase ("artifact, creature, or land"; "nonartifact, nonblack creature")
        if any(_PUNCTUATION.match(w) and w != "," for w in words) or words[-1] == ",":
            continue
        follow = tokens[k] if k < len(tokens) else ""
        after = tokens[k + 1] if k + 1 < len(tokens) else ""
        if follow in (",", "or") and _CONTINUES.match(after) and not (
                follow == "," and after.lower() in ("and", "or") and k + 2 < len(tokens)
                and tokens[k + 2].lower() == "target"):
            # the phrase goes on past the comma, or "or" joins another kind to it ("target spell or nonland
            # permanent"): a prefix of it is not the phrase ("target artifact, target creature, and target land":
            # the list is of targets, each its own)
            continue
        possessive = words[-1].endswith("'s") or words[-1].endswith("’s")
        if possessive:
            words = words[:-1] + [words[-1][:-2]]
        if follow and not possessive and not _PUNCTUATION.match(follow) and follow.lower() not in _BOUNDARY:
            continue
        if words[-1].lower() == "each":
            continue            # "two target creatures each get": "each" goes with the verb
        phrase = " ".join(words).replace(" ,", ",")
        try:
            parse_target("target " + phrase)
        except DefinitionError:
            continue
        best = (phrase, follow)
        break
    return best


def find_targets(sentence: str) -> tuple[str, ...] | None:
    """The target phrases of a sentence, in order ("creature you control", "up to two target creatures"), or
    None when a use of "target" can't be read."""
    text = strip_quotes(sentence)
    out: list[str] = []
    for m in _USE.finditer(text):
        before = text[:m.start()]
        prev = before.split()[-1].lower() if before.split() else ""
        word = m.group(0).lower()
        # a word followed by a comma ends an item of a list: "target creature, target enchantment" chooses both
        if prev in NOT_A_CHOICE and not re.search(r"\banother$", before.strip(), re.I):
            continue
        if word == "targets" and prev not in ("two", "three", "four", "five", "six", "x"):
            # "any number of targets" is a choice; "... that targets you" is a test.
            if re.search(r"any number of$", before.strip(), re.I):
                out.append("any number of targets")
                continue
            if re.search(r"\b(up to|one or more|any number of)\b[^.]*$", before[-30:], re.I) is None:
                continue
        if re.search(r"\bany$", before.strip(), re.I) and word == "target":
            out.append("any target")
            continue
        after = text[m.end():].lstrip()
        ends = not after or _PUNCTUATION.match(after) or after.split()[0].lower() in ("and", "or")
        if word == "target" and ends and re.search(r"(?:\banother|\ba third)$", before.strip(), re.I):
            out.append("another target" if before.strip().lower().endswith("another") else "a third target")
            continue            # any target not chosen before (Arc Trail, Cone of Flame)
        if word == "targets" and ends and re.search(r"\beach of (?:up to )?(?:two|three|four|five|six)$",
                                                    before.strip(), re.I):
            m_count = re.search(r"(?:up to )?(?:two|three|four|five|six)$", before.strip(), re.I)
            assert m_count is not None      # the ending the condition just above matched
            count = m_count.group(0)
            out.append(f"{count.lower()} targets")
            continue            # "each of two targets", "each of up to three targets": any targets
        among = re.search(r"\bamong (one, two,? or three|(?:one|two|three|four|five|\d+) or (?:one|two|three|four|five|\d+))$",
                          before.strip(), re.I)
        if among and word == "targets":
            out.append(f"{among.group(1)} targets")      # dividing among targets (601.2d): any targets
            continue
        pre = _BEFORE.search(before)
        count = (pre.group("count") or "") if pre else ""
        if count and _LISTED_COUNT.search(before[:pre.start("count")]):
            return None         # "one, two, or three target creatures": the whole list is the count

        another = (pre.group("another") or "") if pre else ""
        if re.search(r"\bany number of$", before.strip(), re.I):
            count = "any number of"
        if count.lower() == "x" or re.search(r"\bx$", before.strip(), re.I):
            return None
        found = _phrase_after(text[m.end():])
        if found is None:
            return None
        phrase, _ = found
        if another:
            phrase = f"{another.lower()} {phrase}"
        out.append(f"{count + ' ' if count else ''}target {phrase}".strip())
    return tuple(out)
