"""Suspend (CR 702.62a): "Suspend N—[cost]" means three abilities. A static ability in its owner's hand, "If you
could begin to cast this card by putting it onto the stack from your hand, you may pay [cost] and exile it with N
time counters on it. This action doesn't use the stack" (the ``suspend`` static word: a special action, 116.2f,
which no action of the question format takes: a card is suspended by the question's state, in exile with time
counters); and two triggered abilities in exile: "At the beginning of your upkeep, if this card is suspended,
remove a time counter from it" (the ``suspend_tick`` word, the intervening "if" ``suspended``, 702.62b) and "When
the last time counter is removed from this card, if it's exiled, you may play it without paying its mana cost if
able. If you don't, it remains exiled. If you cast a creature spell this way, it gains haste until you lose control
of the spell or the permanent it becomes" (``suspend_cast``, the intervening "if" ``exiled``). N is a number and
the cost mana ("Suspend X—{X}{3}{U}. X can't be 0." is not read)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.grammar import parse_cost_text
from mtgjudge.model.vocab.word import Word

if TYPE_CHECKING:
    from mtgjudge.model.vocab.abilities import Ability

KEYWORD = "Suspend"
COUNTER = "time"
#: The intervening "if" of each trigger (603.4), as ``Ability.intervening`` keeps it.
SUSPENDED, EXILED = "suspended", "exiled"

TICK_TEXT = "Remove a time counter from it"
CAST_TEXT = ("You may play it without paying its mana cost if able. If you don't, it remains exiled. If you cast a "
             "creature spell this way, it gains haste until you lose control of the spell or the permanent it becomes")


def _v_static(a: dict) -> None:
    n, cost = a.get("n"), a.get("cost")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise DefinitionError(f"n: a number of time counters, 1 or more, not {n!r}")
    try:
        parts = parse_cost_text(cost)
    except DefinitionError as e:
        raise DefinitionError(f"cost: {e}") from None
    if not parts or any(p.kind != "mana" for p in parts) or any(s.kind == "x" for p in parts for s in p.mana):
        raise DefinitionError(f"a suspend cost read is mana without X, not {cost!r}")


WORDS = (
    # 702.62a, 116.2f: the special action from the hand (no action of the format takes it; ``engine``: none
    # offered); what a suspended card does is its triggers' (``words.suspend.perform``)
    Word("suspend", "static", {"n": int, "cost": str}, lambda s: f"{KEYWORD} {s.arg('n')}—{s.arg('cost')}",
         frozenset(), frozenset({"engine"}), _v_static),
    Word("suspend_tick", "effect", {}, lambda a: TICK_TEXT, frozenset(), frozenset({"engine"})),
    Word("suspend_cast", "effect", {}, lambda a: CAST_TEXT, frozenset(), frozenset({"engine"})),
)


def is_suspend_trigger(a: "Ability") -> bool:
    """Is ``a`` one of suspend's two triggered abilities (702.62a), which function in exile?"""
    return a.kind == "triggered" and a.keyword == KEYWORD and a.zones == ("exile",) and \
        a.intervening in (SUSPENDED, EXILED)


def has_suspend(abilities: "tuple[Ability, ...]") -> bool:
    """Does a card with these abilities have suspend read whole (its static word)?"""
    return any(a.kind == "static" and a.static is not None and a.static.kind == "suspend" for a in abilities)


def render_suspend(abilities: "tuple[Ability, ...]") -> str | None:
    """"Suspend 4—{U}": a line's three abilities said as the keyword, where they are what 702.62a says it means."""
    if len(abilities) != 3:
        return None
    static, tick, cast = abilities
    if not (static.kind == "static" and static.static is not None and static.static.kind == "suspend"):
        return None
    if not (is_suspend_trigger(tick) and tick.intervening == SUSPENDED and tick.trigger_event is not None
            and tick.trigger_event.event == "upkeep" and tick.trigger_event.who == "you"
            and [e.kind for e in tick.effects] == ["suspend_tick"]):
        return None
    if not (is_suspend_trigger(cast) and cast.intervening == EXILED and cast.trigger_event is not None
            and cast.trigger_event.event == "last_counter_removed" and cast.trigger_event.counter == COUNTER
            and [e.kind for e in cast.effects] == ["suspend_cast"]):
        return None
    return f"{KEYWORD} {static.static.arg('n')}—{static.static.arg('cost')}"
