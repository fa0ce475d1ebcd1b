"""Reading copies of spells (707.10) from Oracle text: "Copy target <spell phrase>." for a phrase the grammar reads as
one spell on the stack, with the sentence right after it, "You may choose new targets for the copy." (707.10c), read
into that word; and the keyword "Storm" alone, read as the triggered ability 702.40a says it means, which functions
only while the spell is on the stack; and "Replicate <cost>" on an instant or sorcery, read as its optional additional
cost and its cast trigger (702.56a), and "Conspire" likewise (702.78a). Any other sentence about a copy ("Copy target spell, except that ...", "copy
it twice") stays unread."""
from __future__ import annotations

from typing import Sequence

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability, Effect, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect, parse_static
from mtgjudge.model.words.costs.read import replicate_cost
from mtgjudge.model.words.copies.record import NEW_TARGETS


def copy_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """``copy_spell`` for "Copy target <phrase>." whose one target phrase names exactly one spell; else None."""
    if len(found) != 1 or not found[0].lower().startswith("target "):
        return None
    if sentence.strip().rstrip(".").lower() != f"copy {found[0].lower()}":
        return None
    try:
        spec = phrases.parse_target(found[0])
    except DefinitionError:
        return None
    if spec.zone != "stack" or spec.players or spec.minimum != 1 or spec.maximum != 1 or not spec.objects:
        return None
    try:
        return parse_effect({"copy_spell": {"target": found[0][len("target "):]}})
    except DefinitionError:
        return None


def new_targets_after(sentence: str, earlier: Sequence[Effect | None]) -> Effect | None:
    """The copy word before with ``new_targets``, if ``sentence`` is "You may choose new targets for the copy." and
    the instruction right before is a ``copy_spell`` without it (608.2c: "the copy" is the copy it made); else
    None."""
    if sentence.strip().rstrip(".").lower() != NEW_TARGETS.lower():
        return None
    if not earlier or earlier[-1] is None or earlier[-1].kind != "copy_spell" or earlier[-1].arg("new_targets"):
        return None
    args = {"target": earlier[-1].arg("target"), "new_targets": True}
    try:
        return parse_effect({"copy_spell": args})
    except DefinitionError:
        return None


def keyword_ability(item: str) -> Ability | None:
    """702.40a: the keyword item "Storm" as its triggered ability "When you cast this spell, [storm]" (the ``storm``
    word), marked with the keyword; None for any other item."""
    if item.strip().rstrip(".").lower() != "storm":
        return None
    return Ability("triggered", effects=(parse_effect({"storm": {}}),), trigger="When you cast ~",
                   trigger_event=TriggerEvent("cast", who="self"), keyword="Storm", source_text=item,
                   zones=("stack",))


#: 702.56a, 702.78a: the trigger condition of replicate's and conspire's triggered abilities, "~" being the spell.
REPLICATE_TRIGGER = "When you cast ~"


def replicate_line(body: str, printed: str, spell: bool) -> list[Ability] | None:
    """702.56a: "Replicate {1}{U}" on an instant or sorcery read as the two abilities it means: the optional
    additional cost (the static ``replicate`` word, paid any number of times as the spell is cast, 601.2b) and "When
    you cast this spell, if a replicate cost was paid for it, copy it for each time its replicate cost was paid. If
    the spell has any targets, you may choose new targets for any of the copies." (the ``replicate_copies`` word,
    functioning on the stack; 603.4: with no replicate cost paid it does not trigger), each marked with the keyword. None for any
    other line, a cost not read whole (the keyword then stays unmodelled), or a permanent card's (a copy of a
    permanent spell becomes a token, 707.10f, which is not performed)."""
    cost = replicate_cost(body)
    if cost is None or not spell:
        return None
    static = Ability("static", static=parse_static({"kind": "replicate", "cost": cost}), keyword="Replicate",
                     source_text=printed)
    trigger = Ability("triggered", effects=(parse_effect({"replicate_copies": {}}),), trigger=REPLICATE_TRIGGER,
                      trigger_event=TriggerEvent("cast", who="self"), intervening="replicated", keyword="Replicate",
                      source_text=printed, zones=("stack",))
    return [static, trigger]


def render_replicate(abilities: tuple) -> str | None:
    """The abilities of one line said as the replicate keyword they mean ("Replicate {1}{U}", 702.56a): its static
    ``replicate`` word, then exactly its triggered ability; None for any other line."""
    if len(abilities) != 2 or any(a.keyword != "Replicate" for a in abilities):
        return None
    static, trigger = abilities
    if static.kind != "static" or static.static is None or static.static.kind != "replicate":
        return None
    if trigger.kind != "triggered" or [e.kind for e in trigger.effects] != ["replicate_copies"] or \
            trigger.trigger != REPLICATE_TRIGGER or trigger.intervening != "replicated":
        return None
    return static.static.render()


def conspire_line(body: str, printed: str, spell: bool) -> list[Ability] | None:
    """702.78a: "Conspire" on an instant or sorcery read as the two abilities it means: the optional additional cost
    (the static ``conspire`` word: tap two untapped creatures you control that each share a color with it) and
    "When you cast this spell, if its conspire cost was paid, copy it. If the spell has any targets, you may choose
    new targets for the copy." (the ``conspire_copy`` word), each marked with the keyword. None for any other line,
    or a permanent card's (a copy of a permanent spell becomes a token, 707.10f, which is not performed)."""
    if body.strip().rstrip(".") != "Conspire" or not spell:
        return None
    static = Ability("static", static=parse_static({"kind": "conspire"}), keyword="Conspire", source_text=printed)
    trigger = Ability("triggered", effects=(parse_effect({"conspire_copy": {}}),), trigger=REPLICATE_TRIGGER,
                      trigger_event=TriggerEvent("cast", who="self"), intervening="conspired", keyword="Conspire",
                      source_text=printed, zones=("stack",))
    return [static, trigger]


def render_conspire(abilities: tuple) -> str | None:
    """The abilities of one line said as the conspire keyword they mean (702.78a): its static ``conspire`` word,
    then exactly its triggered ability; None for any other line."""
    if len(abilities) != 2 or any(a.keyword != "Conspire" for a in abilities):
        return None
    static, trigger = abilities
    if static.kind != "static" or static.static is None or static.static.kind != "conspire":
        return None
    if trigger.kind != "triggered" or [e.kind for e in trigger.effects] != ["conspire_copy"] or \
            trigger.trigger != REPLICATE_TRIGGER or trigger.intervening != "conspired":
        return None
    return "Conspire"
