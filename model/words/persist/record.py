"""Words of a permanent's own dies trigger that returns the card that died from its owner's graveyard: persist
(702.79) and undying (702.93), which return it to the battlefield with a counter on it unless it already had a
counter of that kind as it died, and "When ~ dies, return it to its owner's hand." (``return_itself_to_hand``).

702.79a: "Persist" means "When this permanent is put into a graveyard from the battlefield, if it had no -1/-1
counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on it."
702.93a: "Undying" means the same with +1/+1 counters. The ability is compiled as that triggered ability
(``words.persist.read``): its intervening "if" (603.4) is the ability's ``intervening`` ``no_counters:<kind>``,
decided on the object as it last existed on the battlefield (603.10a), which can't change before it resolves;
its effect is ``return_with_counter`` (``words.persist.perform``)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: keyword -> (its rule, the kind of counter it checks for and returns the card with).
KEYWORDS: dict[str, tuple[str, str]] = {"Persist": ("702.79a", "-1/-1"), "Undying": ("702.93a", "+1/+1")}

#: How the ability's ``intervening`` names "if it had no <kind> counters on it" (603.4), before the kind.
NO_COUNTERS = "no_counters:"


def _v_return(a: dict) -> None:
    if a.get("counter") not in {kind for _, kind in KEYWORDS.values()}:
        raise DefinitionError(f"return_with_counter: counter must be one of "
                              f"{', '.join(sorted(kind for _, kind in KEYWORDS.values()))}, not {a.get('counter')!r}")


def _r_return(a: dict) -> str:
    return f"Return it to the battlefield under its owner's control with a {a['counter']} counter on it"


#: How "return ~ to its owner's hand" may name the card that died: the card's name (``~``) or "it" (603.10a).
SAID_AS = ("it", "~")


def _v_to_hand(a: dict) -> None:
    if a.get("said") not in SAID_AS:
        raise DefinitionError(f"return_itself_to_hand: said must be one of {', '.join(SAID_AS)}, not {a.get('said')!r}")


def _r_to_hand(a: dict) -> str:
    return f"Return {a['said']} to its owner's hand"


WORDS: tuple[Word, ...] = (
    # 702.79a, 702.93a: the card that died ("it": the ability's source, 603.10a) returns from the graveyard as a new
    # object (400.7) with the counter on it as it enters (614.1c, 122.6).
    Word("return_with_counter", "effect", {"counter": str}, _r_return, frozenset({Scope.ENTERS}), ENGINE, _v_return),
    # 603.10a, 400.7: "When ~ dies, return it (~) to its owner's hand.": the card put into the graveyard by the zone
    # change that triggered the ability, a new object, returned to its owner's hand (400.6) only if it is still
    # there as the ability resolves; ``said``: how the text names it, "it" or "~"
    Word("return_itself_to_hand", "effect", {"said": str}, _r_to_hand, frozenset(), ENGINE, _v_to_hand),
)


def keyword_of(keyword: str, trigger_self_dies: bool, intervening: str, effects: tuple) -> str | None:
    """The keyword a triggered ability is exactly the meaning of (``KEYWORDS``), said as that keyword when it is
    rendered: its own dies trigger, "if it had no <kind> counters on it" and the one instruction returning it with
    a counter of that kind; None for any other ability."""
    if keyword not in KEYWORDS or not trigger_self_dies or len(effects) != 1:
        return None
    kind = KEYWORDS[keyword][1]
    e = effects[0]
    if e.kind != "return_with_counter" or e.arg("counter") != kind or intervening != NO_COUNTERS + kind:
        return None
    return keyword
