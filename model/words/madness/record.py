"""Madness (CR 702.35a): "Madness [cost]" means two abilities. A static ability that functions while the card is in
its owner's hand, "If a player would discard this card, that player discards it, but exiles it instead of putting
it into their graveyard" (the ``madness`` static word, a replacement of the discard's move, 614.1a), and a
triggered ability linked to it, "When this card is exiled this way, its owner may cast it by paying [cost] rather
than paying its mana cost. If that player doesn't, they put this card into their graveyard" (the trigger event
``exiled_by_madness``, the instruction the ``madness_cast`` word). The madness cost is an alternative cost
(702.35c, 118.9) chosen only as that trigger resolves; mana only (an X in it is not read)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.grammar import parse_cost_text
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

if TYPE_CHECKING:
    from mtgjudge.model.vocab.abilities import Ability

KEYWORD = "Madness"
#: The trigger event of the linked triggered ability (702.35a: "When this card is exiled this way").
EVENT = "exiled_by_madness"
TRIGGER_TEXT = "When this card is exiled this way"


def cast_text(cost: str) -> str:
    """The triggered ability's instruction as 702.35a says it."""
    return (f"its owner may cast it by paying {cost} rather than paying its mana cost. If that player doesn't, they "
            "put this card into their graveyard")


def _v_cost(a: dict) -> None:
    cost = a.get("cost")
    try:
        parts = parse_cost_text(cost)
    except DefinitionError as e:
        raise DefinitionError(f"cost: {e}") from None
    if not parts or any(p.kind != "mana" for p in parts):
        raise DefinitionError(f"a madness cost the engine pays is mana only, not {cost!r}")
    if any(s.kind == "x" for p in parts for s in p.mana):
        raise DefinitionError(f"a madness cost with X ({cost!r}) is not read")


WORDS = (
    # 702.35a: the replacement of the card's own discard, in its owner's hand; performed as a card is discarded
    # (``engine.kernel.players.discard_one``)
    Word("madness", "static", {"cost": str}, lambda s: f"{KEYWORD} {s.arg('cost')}",
         frozenset({Scope.DISCARD}), frozenset({"engine"}), _v_cost),
    # 702.35a: the linked trigger's instruction (``words.madness.perform``)
    Word("madness_cast", "effect", {"cost": str}, lambda a: cast_text(a["cost"]), frozenset(), frozenset({"engine"}),
         _v_cost),
)


def madness_cost(abilities: "tuple[Ability, ...]") -> str | None:
    """The madness cost of a card with these abilities, if it has the keyword whole (its static word and its
    linked trigger), else None."""
    statics = [a.static.arg("cost") for a in abilities if a.kind == "static" and a.static is not None
               and a.static.kind == "madness"]
    triggers = [a for a in abilities if a.kind == "triggered" and a.trigger_event is not None
                and a.trigger_event.event == EVENT]
    if len(statics) != 1 or len(triggers) != 1:
        return None
    return statics[0]


def trigger_index(abilities: "tuple[Ability, ...]") -> int:
    """The number (from 1) of the madness trigger among a face's abilities (its ``exiled_by_madness`` event)."""
    return next(i for i, a in enumerate(abilities, 1)
                if a.kind == "triggered" and a.trigger_event is not None and a.trigger_event.event == EVENT)


def render_madness(abilities: "tuple[Ability, ...]") -> str | None:
    """"Madness {1}{R}": a line's two abilities said as the keyword, where they are what 702.35a says it means."""
    if len(abilities) != 2:
        return None
    static, trigger = abilities
    if not (static.kind == "static" and static.static is not None and static.static.kind == "madness"
            and trigger.kind == "triggered" and trigger.trigger_event is not None
            and trigger.trigger_event.event == EVENT and len(trigger.effects) == 1
            and trigger.effects[0].kind == "madness_cast"
            and trigger.effects[0].arg("cost") == static.static.arg("cost")):
        return None
    return f"{KEYWORD} {static.static.arg('cost')}"
