"""Reading countering (701.6a) from Oracle text: "Counter target <spell phrase>." for any phrase the grammar
reads as spells ("creature spell", "spell with mana value 4 or greater", "instant or sorcery spell"), and the
rider right after a counter instruction, "If that spell is countered this way, exile it instead of putting it
into its owner's graveyard." (614.1a), which becomes the counter word's ``instead``: the card goes there
instead, in one zone change (the countered card is never put into the graveyard, so nothing that watches the
graveyard sees it).
"""
from __future__ import annotations

import re
from typing import Sequence

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

#: "Counter target noncreature spell unless its controller pays {2}." and "... pays {1} for each card in your
#: graveyard." (118.12a, 608.2h): any spell phrase the grammar reads
_UNLESS_PER = patterns.compile(r"^(?P<head>Counter target .+?) unless its controller pays (?P<cost>(?:\{\d+\})+|\{X\})"
                         r"(?: for each (?P<per>.+?))?\.?$", re.I)

#: The counter words a rider can follow.
COUNTER_WORDS = ("counter_spell", "counter_unless_pays")


def counter_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """``counter_spell`` for "Counter target <phrase>." whose one target phrase names spells, and
    ``counter_unless_pays`` for "... unless its controller pays {N} for each <count>"; else None."""
    if len(found) != 1:
        return None
    if not found[0].lower().startswith("target "):
        return _counted(sentence, found[0])
    per = _UNLESS_PER.match(sentence.strip())
    try:
        spec = phrases.parse(per.group("head") if per else sentence.strip(), "counter_effect")
        count = counts.parse(per.group("per")) if per and per.group("per") else None
    except DefinitionError:
        return None
    if spec.zone != "stack" or spec.players or spec.minimum != 1 or spec.maximum != 1:
        return None
    # "this way" has no instruction before it to count ("Counter ..." comes first); "other" than what is not said
    if count is not None and (count.kind == "this_way" or getattr(count.selector, "other", False)):
        return None
    target = found[0][len("target "):]
    if per and per.group("per") and per.group("cost").upper() == "{X}":
        return None                 # "{X} for each ...": no card says it; not read
    unless = {"target": target, "cost": per.group("cost").upper()} if per else None
    if unless is not None and per and per.group("per"):
        unless["per"] = per.group("per")
    word = {"counter_unless_pays": unless} if per else {"counter_spell": {"target": target}}
    try:
        return parse_effect(word)
    except DefinitionError:
        return None


def _counted(sentence: str, phrase: str) -> Effect | None:
    """``counter_spell`` on a counted target phrase: "Counter up to two target spells." (601.2c: zero, one or two
    spells; each countered, 701.6a); the phrase is kept whole, as other counted targets are."""
    if sentence.strip().rstrip(".").lower() != f"counter {phrase.lower()}":
        return None
    try:
        spec = phrases.parse_target(phrase)
    except DefinitionError:
        return None
    if spec.zone != "stack" or spec.players or spec.maximum is None or spec.maximum < 2:
        # ("any number of target spells" has no maximum: not read)
        return None
    try:
        return parse_effect({"counter_spell": {"target": phrase}})
    except DefinitionError:
        return None


def countered_instead(sentence: str, earlier: Sequence[Effect | None]) -> Effect | None:
    """The instruction before with the rider's destination as its ``instead``, if ``sentence`` is the rider and
    the instruction before is a counter word without one; else None. (608.2c: "that spell" is the spell it
    countered.)"""
    prev = earlier[-1] if earlier else None
    if prev is None or prev.kind not in COUNTER_WORDS or prev.arg("instead"):
        return None
    try:
        where = phrases.parse(sentence.strip(), "counter_instead")
    except DefinitionError:
        return None
    try:
        return parse_effect({prev.kind: {**dict(prev.args), "instead": where}})
    except DefinitionError:
        return None
