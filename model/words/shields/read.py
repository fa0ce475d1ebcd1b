"""Effect sentences of the ``shields`` family (prevention on one object or player, 615.7;
regeneration, 701.19; "if it would die this turn, exile it instead", 614.1a): the phrase grammar's
``shield_effect`` read whole, its subject checked against the sentence's targets and the instructions before.

"it" / "that creature" is read only right after an instruction with one target (608.2c); "a creature dealt
damage this way" only after instructions that all deal damage (so that every damage marked during the
resolution is this way's). Near misses stay unread: "that land", "creatures" without "dealt damage this way",
"the next X damage", "divided as you choose", "to you and permanents you control", damage "this way" after an
instruction that is not damage.
"""
from __future__ import annotations

import re
from typing import Sequence

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

#: The words that deal damage whose "this way" the engine can tell (the damage marked during the resolution).
DAMAGE_WORDS = frozenset({"damage", "damage_each", "damage_x", "damage_each_x", "damage_divided"})

#: Words that act on each object one use of "target" chose, alike ("... to up to two target creatures": each
#: gets its own shield; ``resolve.run_effects`` performs the word once per target, 608.2b).
_EACH_TARGET = frozenset({"prevent_all_to", "prevent_all_by", "regenerate"})

#: Words whose target must be a permanent (a regeneration shield, the damage a creature would deal).
_PERMANENT_ONLY = frozenset({"regenerate", "no_regeneration_this_turn", "prevent_all_by"})


def _one_target(prev: Effect, permanent: bool) -> bool:
    """Does the instruction before name one object (608.2c: what "it" refers to)?"""
    if prev.arg("it"):
        return True
    t = prev.arg("target")
    if not t or (prev.arg("target2") is not None):
        return False
    if t == "any target":
        return not permanent
    try:
        spec = phrases.parse_target(t if "target" in t.split() else "target " + t)
    except DefinitionError:
        return False
    if spec.maximum != 1 or spec.minimum != 1:
        return False
    return bool(spec.objects) and spec.zone == "battlefield" and (not permanent or not spec.players)


#: Where a sentence's noun phrase of permanents is, by word (kept as written, read by ``phrases.parse_np``).
_NP_AT = {
    "prevent_all_to": patterns.compile(r"dealt (?:this turn )?to (?:you and )?(?P<np>.+?)(?: this turn)?\.?$", re.I),
    "prevent_all_by": patterns.compile(r"^prevent all (?:combat )?damage (?:that would be dealt by (?P<np>.+?) this turn|"
                                 r"(?P<np2>.+?) would deal this turn)\.?$", re.I),
    "regenerate": patterns.compile(r"^regenerate (?P<np>.+?)\.?$", re.I),
}


def _noun_phrase(sentence: str, kind: str) -> str | None:
    """The noun phrase of permanents of the sentence, as the grammar reads it (first letter lowered), or None."""
    pattern = _NP_AT.get(kind)
    m = pattern.search(sentence) if pattern else None
    if m is None:
        return None
    np = m.group("np") or m.groupdict().get("np2")
    for phrase in (np[0].lower() + np[1:], np):
        try:
            phrases.parse_np(phrase)
        except DefinitionError:
            continue
        return phrase
    return None


def shield_sentence(sentence: str, found: Sequence[str], earlier: Sequence[Effect | None]) -> Effect | None:
    """The word of a shield sentence, or None if the grammar does not read it or its subject can't be named."""
    try:
        r = dict(phrases.parse(sentence.strip(), "shield_effect"))
    except DefinitionError:
        return None
    kind = r.pop("word")
    prev = earlier[-1] if earlier else None
    if r.get("target"):
        if len(found) != 1:
            return None
        phrase = found[0]
        if phrase != "any target":
            counted = not phrase.startswith("target ")
            if counted and kind not in _EACH_TARGET:
                return None         # a count of targets ("up to two target creatures") only where each gets it
            phrase = phrase if counted else phrase[len("target "):]
            try:
                spec = phrases.parse_target(phrase if counted else "target " + phrase)
            except DefinitionError:
                return None
            if kind in _PERMANENT_ONLY and (spec.players or spec.zone != "battlefield" or not spec.objects):
                return None
            if spec.zone != "battlefield" and spec.objects:
                return None
        elif kind in _PERMANENT_ONLY:
            return None
        r["target"] = phrase
    elif found:
        return None
    elif r.get("it"):
        if prev is None or not _one_target(prev, permanent=not r.get("creature_only")):
            return None
    elif r.get("damaged"):
        if not earlier or any(w is None or w.kind not in DAMAGE_WORDS for w in earlier):
            return None
    if r.get("affects"):
        if kind == "prevent_next":
            return None             # one shield of "the next N" for many permanents: not read
        np = _noun_phrase(sentence.strip(), kind)
        if np is None:
            return None
        r["affects"] = np
    try:
        return parse_effect({kind: r} if r else kind)
    except DefinitionError:
        return None
