"""Effect sentences of the "perm" family of issue 9 (permanents entering, tokens and triggers) that name a kind
of permanent in the middle ("Return a land you control to its owner's hand.", "Each opponent sacrifices a
creature."): the sentence's frame is fixed, and the noun phrase is read by the phrase grammar (``target_np``),
which must read it whole. Sentences without a noun phrase are the grammar's ``perm_effect`` alone."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

_NP = r"an? (?P<np>[A-Za-z' -]+?)"
#: (frame, word, fixed arguments); ``np`` is the noun phrase, kept as written (lower-cased first letter).
FRAMES: tuple[tuple[re.Pattern, str, dict], ...] = (
    # 400.6, 608.2c: the controller chooses one of their permanents as the ability resolves.
    (re.compile(rf"^return {_NP} to its owner's hand\.?$", re.I), "return_own", {}),
    # 701.21a: "sacrifice a creature": one the player controls, of their choice.
    (re.compile(rf"^sacrifice {_NP}\.?$", re.I), "sacrifice_own", {}),
    # 701.21a, 101.4: each player (or opponent), in APNAP order, chooses one; all are sacrificed at once.
    (re.compile(rf"^each (?P<who>player|opponent) sacrifices {_NP}\.?$", re.I), "sacrifice_each", {}),
)


def _kinds(np: str) -> bool:
    """Does the grammar read the noun phrase as kinds of permanents ("white or blue creature you control")?"""
    try:
        spec = phrases.parse(np, "target_np")
    except DefinitionError:
        return False
    return spec.zone == "battlefield" and bool(spec.objects) and not spec.players and not spec.that_player


def perm_sentence(sentence: str) -> Effect | None:
    """The word of a sentence of this family, or None: the grammar's ``perm_effect``, then the frames."""
    s = sentence.strip()
    try:
        r = dict(phrases.parse(s, "perm_effect"))
        kind = r.pop("word")
        return parse_effect({kind: r} if r else kind)
    except DefinitionError:
        pass
    for pattern, kind, fixed in FRAMES:
        m = pattern.match(s)
        if m is None:
            continue
        np = m.group("np")
        np = np[0].lower() + np[1:]
        if not _kinds(np):
            return None
        args = {"affects": np, **fixed}
        if "who" in m.groupdict():
            args["who"] = m.group("who").lower()
        if kind == "return_own":
            # "a land you control": the chooser is the one who controls them (the ability's controller)
            spec = phrases.parse(np, "target_np")
            if any(sel.controller != "you" for sel in spec.objects):
                return None
        try:
            return parse_effect({kind: args})
        except DefinitionError:
            return None
    return None
