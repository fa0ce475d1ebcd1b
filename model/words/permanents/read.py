"""Effect sentences of permanents (permanents entering and triggers) that name a kind
of permanent in the middle ("Return a land you control to its owner's hand.", "Each opponent sacrifices a
creature."): the sentence's frame is fixed, and the noun phrase is read by the phrase grammar (``target_np``),
which must read it whole. Sentences without a noun phrase are the grammar's ``perm_effect`` alone."""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

_NP = r"(?:an? |(?=another ))(?P<np>[A-Za-z' -]+?)"
#: (frame, word, fixed arguments); ``np`` is the noun phrase, kept as written.
FRAMES: tuple[tuple[patterns.Pattern, str, dict], ...] = (
    # 400.6, 608.2c: the controller chooses one of their permanents as the ability resolves.
    (patterns.compile(rf"^return {_NP} to its owner's hand\.?$", re.I), "return_own", {}),
    # 701.21a: "sacrifice a creature": one the player controls, of their choice.
    (patterns.compile(rf"^sacrifice {_NP}\.?$", re.I), "sacrifice_own", {}),
    # 701.21a, 101.4: each player (or opponent), in APNAP order, chooses one; all are sacrificed at once.
    (patterns.compile(rf"^each (?P<who>player|opponent) sacrifices {_NP}\.?$", re.I), "sacrifice_each", {}),
)


def _kinds(np: str, zone_ok: bool = False) -> bool:
    """Does the grammar read the noun phrase as kinds of permanents ("white or blue creature you control")?
    ``zone_ok``: kinds of cards anywhere ("land" of "a land card")."""
    try:
        spec = phrases.parse(np, "target_np")
    except DefinitionError:
        return False
    return (zone_ok or spec.zone == "battlefield") and bool(spec.objects) and not spec.players and not spec.that_player


_UNLESS = patterns.compile(r"^(?P<then>sacrifice|exile) (?:it|~) unless you (?P<rest>.+?)\.?$", re.I)
_PAY = patterns.compile(r"^pay (?P<mana>(?:\{[0-9WUBRGC]\})+)$", re.I)
_PAY_LIFE = patterns.compile(r"^pay (?:(?P<mana>(?:\{[0-9WUBRGC]\})+) and )?(?P<life>\d+) life$", re.I)
_DISCARD = patterns.compile(r"^discard (?P<n>an?|two|three) (?:(?P<np>[a-z -]+?) )?cards?(?P<random> at random)?$", re.I)


# "sacrifice two Swamps", "return three basic lands you control to their owner's hand" as an unless-cost
_SEVERAL = patterns.compile(r"^(?P<verb>sacrifice|return) (?P<n>two|three|four|five) (?P<np>[A-Za-z -]+?)"
                      r"(?P<hand> to their owners?'s? hands?)?$", re.I)
_PLURAL_HEAD = patterns.compile(r"(?P<head>[A-Za-z]+?)s(?P<tail>(?: you control)?)$")


def _several(rest: str) -> dict | None:
    """118.12a: N permanents of a kind as the cost of "Sacrifice it unless you ..." (``n``): "sacrifice two
    Swamps", "sacrifice four creatures", "return two Forests you control to their owner's hand" (the plural
    noun read as its singular by the grammar, ``target_np``)."""
    m = _SEVERAL.match(rest)
    if m is None or (m.group("verb").lower() == "return") != bool(m.group("hand")):
        return None
    head = _PLURAL_HEAD.search(m.group("np"))
    if head is None:
        return None
    np = m.group("np")[:head.start()] + head.group("head") + head.group("tail")
    if not _kinds(np):
        return None
    action = "return_own" if m.group("verb").lower() == "return" else "sacrifice_own"
    if action == "return_own" and any(sel.controller != "you" for sel in phrases.parse(np, "target_np").objects):
        return None
    return {"action": action, "affects": np, "n": phrases.number_word(m.group("n"))}


def _unless(rest: str, then: str = "sacrifice") -> Effect | None:
    """118.12a: "Sacrifice it unless you [cost]" is "You may [cost]. If you don't, sacrifice it." ("Exile it
    unless ...": exile it): the costs read are paying mana or life, returning or sacrificing a permanent of a kind,
    discarding a card or N cards (of a kind)."""
    m = _PAY.match(rest)
    if m:
        args: dict = {"action": "pay", "mana": m.group("mana").upper()}
    elif (m := _PAY_LIFE.match(rest)) is not None:
        args = {"action": "pay", "life": int(m.group("life")),      # 119.4, through the payment model
                **({"mana": m.group("mana").upper()} if m.group("mana") else {})}
    elif (m := _DISCARD.match(rest)) is not None:
        np = m.group("np") or ""
        n = phrases.number_word(m.group("n"))
        if (np and not _kinds(np, zone_ok=True)) or (n > 1 and m.group("random")):
            return None
        args = {"action": "discard", "affects": np, **({"random": True} if m.group("random") else {}),
                **({"n": n} if n > 1 else {})}
    elif (several := _several(rest)) is not None:
        args = several
    else:
        inner = perm_sentence(rest + ".")
        if inner is None or inner.kind not in ("return_own", "sacrifice_own"):
            return None
        args = {"action": inner.kind, "affects": inner.arg("affects")}
    if then.lower() == "exile":
        args["exile"] = True
    try:
        return parse_effect({"sacrifice_unless": args})
    except DefinitionError:
        return None


def perm_sentence(sentence: str) -> Effect | None:
    """The word of a sentence of this family, or None: the grammar's ``perm_effect``, then the frames."""
    s = sentence.strip()
    try:
        r = dict(phrases.parse(s, "perm_effect"))
        kind = r.pop("word")
        return parse_effect({kind: r} if r else kind)
    except DefinitionError:
        pass
    m = _UNLESS.match(s)
    if m is not None:
        return _unless(m.group("rest"), m.group("then"))
    for pattern, kind, fixed in FRAMES:
        m = pattern.match(s)
        if m is None:
            continue
        np = m.group("np")        # mid-sentence: its capitals are subtypes ("a Forest")
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
