"""Cycling (CR 702.29): an activated ability that functions only while the card is in its owner's hand.
"Cycling [cost]" means "[Cost], Discard this card: Draw a card." (702.29a); "[Type]cycling [cost]" means
"[Cost], Discard this card: Search your library for a [type] card, reveal it, and put it into your hand. Then
shuffle your library." (702.29e), and is a cycling ability too (702.29f).

A cycling ability is encoded as the activated ability it means (its cost parts with ``discard_self`` last, its
``draw`` or ``search`` word, the hand as its zone, 113.6j) with the keyword's name in ``Ability.keyword``, so that
"When you cycle ~" (702.29c) knows the ability is a cycling one. ``validate`` checks that an ability so marked is
exactly what its keyword means; ``render`` says it as the keyword ("Cycling {2}", "Swampcycling {2}"). No word
of its own: the instruction is the library's (``words.library``), the cost parts the payment's.

Transmute (CR 702.53a) is cycling's kin, an ability of the hand whose cost discards the card: "Transmute [cost]"
means "[Cost], Discard this card: Search your library for a card with the same mana value as the discarded card,
reveal that card, and put it into your hand. Then shuffle. Activate only as a sorcery." It is no cycling ability
(702.29c's "When you cycle" does not see it). Its one word, ``search_same_mana_value``, is the search for the
discarded card's mana value (the number is known only once the card is discarded, so not a word of the library's
with a number in it).

Reinforce (CR 702.77a) is another: "Reinforce N—[cost]" means "[Cost], Discard this card: Put N +1/+1 counters on
target creature." Its instruction is the counters' word (``counter_target``); it is no cycling ability either."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.subtypes import all_subtypes
from mtgjudge.model.vocab.word import Word

#: The keyword's name, and the end of every typecycling keyword's (702.29e).
CYCLING = "Cycling"
_SUFFIX = "cycling"
#: Card types and supertypes a typecycling keyword may name (702.29e: "any card type, subtype, supertype, or
#: combination thereof"): said in lower case in the search ("a basic land card"); a subtype keeps its capital.
_LOWER = frozenset({"artifact", "basic", "creature", "enchantment", "instant", "land", "legendary", "snow",
                    "sorcery", "planeswalker", "battle"})

#: The keyword's name (702.53a).
TRANSMUTE = "Transmute"

ENGINE = frozenset({"engine"})

#: What transmute's ability does, in today's Oracle words (702.53a: "Then shuffle" said as the library says it).
TRANSMUTE_SEARCH = ("Search your library for a card with the same mana value as the discarded card, reveal it, put "
                    "it into your hand, then shuffle")

#: The keyword's name (702.77a).
REINFORCE = "Reinforce"

#: Cycling's ability has no word of its own (see the module); transmute's search has one.
WORDS: tuple[Word, ...] = (
    # 702.53a, 701.23b: a card of the discarded card's mana value, into the hand, revealed; then a shuffle.
    Word("search_same_mana_value", "effect", {}, lambda a: TRANSMUTE_SEARCH, frozenset(), ENGINE),
)


def is_transmute(keyword: str) -> bool:
    """Is ``keyword`` transmute (702.53a)?"""
    return keyword == TRANSMUTE


def _discards_this_card(ability: Any) -> bool:
    """Is the ability's cost "[cost], Discard this card" with nothing else of the card's own (no second discard of it,
    no {T}, {Q} or sacrifice of it: 702.29a, 702.53a, 702.77a)?"""
    return bool(ability.cost) and ability.cost[-1].kind == "discard_self" and \
        not any(p.kind in ("discard_self", "tap", "untap", "sacrifice_self") for p in ability.cost[:-1])


def validate_transmute(ability: Any) -> None:
    """An activated ability marked Transmute is what 702.53a says it means: "[Cost], Discard this card" with
    nothing else of the card's own, the hand as its zone (113.6j, 702.53a), no targets, activated only as a
    sorcery, and the one instruction ``search_same_mana_value``. Raises DefinitionError naming what differs."""
    if ability.kind != "activated" or not is_transmute(ability.keyword):
        raise DefinitionError(f"a transmute ability is an activated ability marked Transmute, not {ability.kind} "
                              f"{ability.keyword!r}")
    if not _discards_this_card(ability):
        raise DefinitionError("Transmute: the cost is [cost], Discard this card (702.53a)")
    if ability.zones != ("hand",) or ability.targets or ability.timing != "sorcery" or ability.unread \
            or ability.once_each_turn or ability.during or ability.only_if or ability.any_player:
        raise DefinitionError("Transmute: an ability of the hand, activated only as a sorcery (702.53a)")
    if [e.kind for e in ability.effects] != ["search_same_mana_value"]:
        raise DefinitionError("Transmute: search for a card with the same mana value as the discarded card (702.53a)")


def render_transmute(ability: Any, cost: str | None) -> str | None:
    """The ability said as its keyword ("Transmute {1}{U}{B}"); None if it is not exactly what 702.53a says, or
    its cost before "Discard this card" is not all mana (the keyword is printed with a mana cost only)."""
    return f"{TRANSMUTE} {cost}" if _said_with_mana(validate_transmute, ability, cost) else None


def is_cycling(keyword: str) -> bool:
    """Is ``keyword`` cycling or a typecycling keyword ("Swampcycling", "Basic landcycling", 702.29e-f)?"""
    return keyword.lower().endswith(_SUFFIX) and keyword.strip() == keyword and bool(keyword)


def cycled_type(keyword: str) -> str | None:
    """The [type] of a typecycling keyword as its search says it ("Swampcycling": "Swamp"; "Basic landcycling":
    "basic land"; "wizardcycling": "Wizard"); None for plain cycling. Raises DefinitionError for a name that is
    not a cycling keyword."""
    if not is_cycling(keyword):
        raise DefinitionError(f"{keyword!r} is not a cycling keyword (702.29)")
    words = keyword[: -len(_SUFFIX)].split()
    if not words:
        return None
    said = [w.lower() if w.lower() in _LOWER else w[:1].upper() + w[1:].lower() for w in words]
    unknown = [w for w in said if w not in _LOWER and w not in all_subtypes()]
    if unknown:
        raise DefinitionError(f"{keyword!r}: {unknown[0]!r} is no card type, supertype or subtype (205)")
    return " ".join(said)


def rule(keyword: str) -> str:
    """The rule that says what ``keyword`` means: 702.29a for cycling, 702.29e for a typecycling keyword."""
    return "702.29a" if cycled_type(keyword) is None else "702.29e"


def meaning(keyword: str) -> str:
    """What the ability of ``keyword`` does, as the rule words it (702.29a, 702.29e), in today's Oracle words."""
    what = cycled_type(keyword)
    if what is None:
        return "Draw a card."
    article = "an" if what[:1].lower() in "aeiou" else "a"
    return f"Search your library for {article} {what} card, reveal it, put it into your hand, then shuffle."


def validate(ability: Any) -> None:
    """An activated ability marked with a cycling keyword is what that keyword means: a cost ending with "Discard
    this card" and nothing else of the card's own, the hand as its zone (113.6j), and one instruction: draw a
    card (702.29a) or search the library for one card of the type into the hand, revealed, then shuffle (702.29e).
    Raises DefinitionError naming what differs."""
    kw = ability.keyword
    if ability.kind != "activated" or not is_cycling(kw):
        raise DefinitionError(f"a cycling ability is an activated ability with a cycling keyword, not {ability.kind} {kw!r}")
    if not _discards_this_card(ability):
        raise DefinitionError(f"{kw}: the cost is [cost], Discard this card (702.29a)")
    if ability.zones != ("hand",) or ability.targets or ability.timing != "any" or ability.unread:
        raise DefinitionError(f"{kw}: an ability of the hand with no targets or restrictions (702.29a)")
    if len(ability.effects) != 1:
        raise DefinitionError(f"{kw}: one instruction (702.29a, 702.29e)")
    e = ability.effects[0]
    what = cycled_type(kw)
    if what is None:
        if e.kind != "draw" or e.arg("n") != 1:
            raise DefinitionError(f"{kw}: Draw a card (702.29a)")
        return
    if e.kind != "search" or e.arg("to") != "hand" or e.arg("n") != 1 or e.arg("up_to") or not e.arg("reveal") \
            or not e.arg("shuffle") or str(e.arg("quality", "")).lower() != what.lower():
        raise DefinitionError(f"{kw}: search for {what} card, reveal it, put it into your hand, then shuffle (702.29e)")


def render(ability: Any, cost: str | None) -> str | None:
    """The ability said as its keyword ("Cycling {2}", "Cycling—Pay 2 life", "Swampcycling {2}"), ``cost`` being
    its cost before "Discard this card" as the model says it; None if it is not exactly a cycling ability."""
    try:
        validate(ability)
    except DefinitionError:
        return None
    if not cost:
        return None
    only_mana = all(p.kind == "mana" for p in ability.cost[:-1])
    return f"{ability.keyword} {cost}" if only_mana else f"{ability.keyword}—{cost}"


def is_reinforce(keyword: str) -> bool:
    """Is ``keyword`` reinforce (702.77a)?"""
    return keyword == REINFORCE


def validate_reinforce(ability: Any) -> None:
    """An activated ability marked Reinforce is what 702.77a says it means: "[Cost], Discard this card" with nothing
    else of the card's own, the hand as its zone (113.6j), no restriction on when, and the one instruction "Put N
    +1/+1 counters on target creature". Raises DefinitionError naming what differs."""
    if ability.kind != "activated" or not is_reinforce(ability.keyword):
        raise DefinitionError(f"a reinforce ability is an activated ability marked Reinforce, not {ability.kind} "
                              f"{ability.keyword!r}")
    if not _discards_this_card(ability):
        raise DefinitionError("Reinforce: the cost is [cost], Discard this card (702.77a)")
    if ability.zones != ("hand",) or ability.timing != "any" or ability.unread or ability.once_each_turn \
            or ability.during or ability.only_if or ability.any_player or ability.targets != ("target creature",):
        raise DefinitionError("Reinforce: an ability of the hand, with one target creature (702.77a)")
    if len(ability.effects) != 1 or ability.effects[0].kind != "counter_target" \
            or ability.effects[0].arg("kind") != "+1/+1" or ability.effects[0].arg("target") != "creature":
        raise DefinitionError("Reinforce: put +1/+1 counters on target creature (702.77a)")


def render_reinforce(ability: Any, cost: str | None) -> str | None:
    """The ability said as its keyword ("Reinforce 2—{2}{W}"); None if it is not exactly what 702.77a says, or its
    cost before "Discard this card" is not all mana (the keyword is printed with a mana cost)."""
    if not _said_with_mana(validate_reinforce, ability, cost):
        return None
    return f"{REINFORCE} {ability.effects[0].arg('n')}—{cost}"


def _said_with_mana(validate: Callable[[Any], None], ability: Any, cost: str | None) -> bool:
    """Is ``ability`` exactly what its keyword means (``validate``), its cost before "Discard this card" said
    (``cost``) and all mana (as the keyword is printed)?"""
    try:
        validate(ability)
    except DefinitionError:
        return False
    return bool(cost) and all(p.kind == "mana" for p in ability.cost[:-1])
