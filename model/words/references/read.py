"""Reading references between the sentences of one effect (608.2c, 608.2h).

A sentence may say something of the object or player an earlier sentence acted on, or of that sentence's
results. Each reading wraps whatever the other readers read (``lines.effect_word``), so any instruction can be
the one referred to or the one conditioned:

- "If it's <quality>, <instruction>." ("If that creature was a Human, ...", "If the exiled card is ...") ->
  ``if_it`` then the instruction's word; the quality is a noun phrase the grammar reads (``phrases.parse_np``).
  Not read: conditions that are not a quality of the object ("If it's your turn", "If that creature has a
  +1/+1 counter on it"), and "... instead" (a replacement of the instruction before, not one more).
- "Its controller creates / gains / draws <...>." -> ``its_controller`` then the instruction as "you" would
  do it; "Its controller loses N life and you gain N life." -> the two instructions.
- "You gain life equal to its power / that creature's toughness / the damage dealt this way / the life lost
  this way", "You gain X life." -> ``life_equal`` (the grammar's ``ref_life``).
- ("You gain 1 life for each creature destroyed this way.": a count, ``rules.counts``, read by ``words.counts.read``.)
- "~ deals damage to target creature equal to the number of lands you control." -> ``damage_count`` (a count
  of ``rules.counts``, read as it resolves).
- ("Counter target spell unless its controller pays {1} for each card in your graveyard.": the counter word's
  ``per``, read by ``words.countering.read``.)
- "Destroy target creature and all Equipment attached to it." -> ``with_attached``; "Destroy all Equipment
  attached to that creature." after an instruction on it -> ``attached_to_it``.
- "Exile target creature you control, then return that card / it to the battlefield under its owner's
  control." -> ``flicker``.
The first three are read only after an instruction (what they refer to came before it)."""
from __future__ import annotations

import re
from typing import Callable

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.references.record import CONTROLLER_DOES, quality_selector

Reader = Callable[[str, tuple, list], "Effect | None"]

_IF_IT = patterns.compile(r"^If (?:it's|it is|it was|(?:that|the) (?:creature|card|permanent|land|artifact|enchantment)"
                    r" (?:is|was)|the exiled (?:card|creature|permanent) (?:is|was)) ([^,]+), (.+)$", re.I)
_ITS_CONTROLLER = patterns.compile(r"^Its controller (creates|gains|loses|draws|investigates)( .+|\.)$", re.I)
_AS_YOU = {"creates": "Create", "gains": "You gain", "loses": "You lose", "draws": "Draw", "investigates": "Investigate"}
_AND_YOU = patterns.compile(r"^(Its controller loses \w+ life) and (you (?:gain|lose) \w+ life)\.$", re.I)
_FLICKER = patterns.compile(r"^Exile ((?:another )?target [^,.]+|(?:up to )?(?:one|two|three|four|five) target [^,.]+|any "
                      r"number of target [^,.]+), then return (that card|it|those cards|them) to the battlefield under "
                      r"(its owner's|their owners?'s?|your) control\.$", re.I)
#: "Destroy target creature and all Equipment attached to it." (one instruction: they leave together)
_WITH_ATTACHED = patterns.compile(r"^(Destroy|Exile|Return) (target [^.]+?) and all ([A-Za-z ]+?) attached to (?:it|that "
                            r"creature|that permanent)( to their owners' hands)?\.$", re.I)
#: "Destroy all Equipment attached to that creature." after an instruction on it
_ATTACHED_TO_IT = patterns.compile(r"^(Destroy|Exile) all ([A-Za-z ]+?) attached to (?:it|that creature|that permanent)\.$",
                             re.I)
_VERBS = {"destroy": "destroy", "exile": "exile", "return": "bounce"}
#: "~ deals damage to target creature equal to the number of lands you control." (and "equal to ... to ...")
_DAMAGE_EQUAL = (patterns.compile(r"^~ deals damage to (any target|target [^.]+?) equal to ([^.]+?)\.$", re.I),
                 patterns.compile(r"^~ deals damage equal to ([^.]+?) to (any target|target [^.]+?)\.$", re.I))


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def ref_words(sentence: str, found: tuple, earlier: list, read: Reader) -> list | None:
    """The words of a sentence that refers to the instruction before it (see the module's docstring), or None.
    ``found``: its target phrases; ``earlier``: the words read before it; ``read``: the other readers."""
    s = sentence.strip()
    if found:
        return _flicker(s, found) or _with_attached(s, found) or _damage_equal(s, found)
    if not earlier or earlier[-1] is None:
        return None
    m = _ATTACHED_TO_IT.match(s)
    if m is not None and quality_selector(m.group(2)) is not None:
        return [parse_effect({"attached_to_it": {"verb": _VERBS[m.group(1).lower()], "what": m.group(2), "it": True}})]
    try:
        return [parse_effect({"life_equal": phrases.parse(s, "ref_life")})]
    except DefinitionError:
        pass
    m = _IF_IT.match(s)
    if m is not None:
        quality, rest = m.group(1), m.group(2)
        if re.search(r"\binstead\b|\bif\b", rest, re.I) or quality_selector(quality) is None:
            return None
        rest = re.sub(r"^(it|they) also ", r"\1 ", rest, flags=re.I)      # "it also gains lifelink": "also" adds nothing
        inner = read(_cap(rest), (), earlier)
        if inner is None:                      # "If that creature was a Human, you gain life equal to its toughness."
            more = ref_words(_cap(rest), (), earlier, read)
            inner = more[0] if more is not None and len(more) == 1 else None
        if inner is None or inner.kind in ("if_it", "its_controller", "optional"):
            return None
        return [parse_effect({"if_it": {"quality": quality}}), inner]
    m = _AND_YOU.match(s)
    if m is not None:
        first = read(m.group(1) + ".", (), earlier)
        second = read(_cap(m.group(2)) + ".", (), earlier)
        return [first, second] if first is not None and second is not None else None
    m = _ITS_CONTROLLER.match(s)
    if m is not None:
        rest = m.group(2).strip()
        inner = read(f"{_AS_YOU[m.group(1).lower()]}" + ("." if rest == "." else f" {rest}"), (), earlier)
        if inner is None or inner.kind not in CONTROLLER_DOES or inner.arg("x") or inner.arg("x_count"):
            return None
        return [parse_effect("its_controller"), inner]
    return None


def _flicker(s: str, found: tuple) -> list | None:
    m = _FLICKER.match(s)
    if m is None or len(found) != 1:
        return None
    phrase = m.group(1)[0].lower() + m.group(1)[1:]
    if phrase.startswith("another target "):         # as ``find_targets`` reads it
        phrase = "target another " + phrase[len("another target "):]
    if found[0].lower() != phrase.lower():
        return None
    try:
        spec = phrases.parse_target(phrase)
    except DefinitionError:
        return None
    one = m.group(2).lower() in ("that card", "it")
    if spec.zone != "battlefield" or spec.players or one != (spec.maximum == 1) or \
            (m.group(3).lower() == "its owner's") != one and m.group(3).lower() != "your":
        return None
    under = "you" if m.group(3).lower() == "your" else "owner"
    target = phrase[len("target "):] if phrase.startswith("target ") else phrase    # a counted phrase kept whole
    return [parse_effect({"flicker": {"target": target, "under": under}})]


def _with_attached(s: str, found: tuple) -> list | None:
    m = _WITH_ATTACHED.match(s)
    if m is None or len(found) != 1 or found[0].lower() != m.group(2).lower():
        return None
    verb = _VERBS[m.group(1).lower()]
    if (verb == "bounce") != bool(m.group(4)) or quality_selector(m.group(3)) is None:
        return None
    phrase = m.group(2)[0].lower() + m.group(2)[1:]
    try:
        spec = phrases.parse_target(phrase)
    except DefinitionError:
        return None
    if spec.zone != "battlefield" or spec.players or spec.minimum != 1 or spec.maximum != 1:
        return None
    return [parse_effect({"with_attached": {"verb": verb, "target": phrase[len("target "):], "what": m.group(3)}})]


def _damage_equal(s: str, found: tuple) -> list | None:
    """"~ deals damage to <one target> equal to <a count>" (``rules.counts``, 608.2h: counted as it resolves)."""
    for k, pattern in enumerate(_DAMAGE_EQUAL):
        m = pattern.match(s)
        if m is None:
            continue
        target, count = (m.group(1), m.group(2)) if k == 0 else (m.group(2), m.group(1))
        phrase = target[0].lower() + target[1:]
        if len(found) != 1 or found[0].lower() != phrase.lower():
            return None
        # "... equal to the number of cards in that player's hand": counted for the target player
        of_target = bool(re.search(r"\bthat player's\b", count, re.I))
        if of_target:
            count = re.sub(r"\bthat player's\b", "your", count, flags=re.I)
        try:
            c = counts.parse(count)
            spec = phrases.parse_target(phrase)
        except DefinitionError:
            return None
        if c.kind == "this_way" or spec.zone != "battlefield" or spec.minimum != 1 or spec.maximum != 1:
            return None
        if of_target and (spec.objects or not spec.players):
            return None             # "that player" is the target only when the target is a player
        if getattr(c.selector, "other", False):
            return None             # "other" than the source, or than the target? not read
        if phrase != "any target":
            phrase = phrase[len("target "):]
        return [parse_effect({"damage_count": {"target": phrase, "count": count,
                                               **({"of_target": True} if of_target else {})}})]
    return None
