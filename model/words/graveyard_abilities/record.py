"""Activated abilities that function only while their card is in a graveyard (CR 113.6j, 113.6m): unearth and
scavenge.

702.84a: "Unearth [cost]" means "[Cost]: Return this card from your graveyard to the battlefield. It gains haste.
Exile it at the beginning of the next end step. If it would leave the battlefield, exile it instead of putting it
anywhere else. Activate only as a sorcery." The ability is encoded as the activated ability it means: its cost
(mana: every unearth is printed with a mana cost), the graveyard as its zone (113.6m: its effect moves the card
out of the graveyard), activated only as a sorcery, and one instruction, the word ``unearth`` (all four sentences
of it: the return, the haste, the delayed exile, 603.7, and the replacement effect, 614.1a, made as it resolves),
with ``Ability.keyword`` Unearth. ``validate`` checks that an ability so marked is exactly that; ``render`` says
it as the keyword.

702.97a: "Scavenge [cost]" means "[Cost], Exile this card from your graveyard: Put a number of +1/+1 counters
equal to the power of the card you exiled on target creature. Activate only as a sorcery." Encoded likewise: its
cost parts (mana, then ``exile_self_from_graveyard``: 113.6j, the ability functions where that cost can be paid),
the graveyard as its zone, its one target, and the word ``scavenge`` (the number is the exiled card's power, known
only once the cost is paid: not a word of the counters' with a number in it).

Embalm (702.128a) and eternalize (702.129a) are not read: their instruction creates a token that is a copy of a
card with exceptions (707.2, 707.9b), which the token words do not make (``words.tokens`` creates tokens of stated
characteristics, ``words.copies`` copies spells only); their keyword rows (``vocab.keywords``: activated, in the
graveyard) keep them unmodelled."""
from __future__ import annotations

from typing import Any

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: The keyword's name (702.84a).
UNEARTH = "Unearth"

#: What unearth's ability does, as 702.84a says it.
UNEARTH_TEXT = ("Return this card from your graveyard to the battlefield. It gains haste. Exile it at the beginning "
                "of the next end step. If it would leave the battlefield, exile it instead of putting it anywhere "
                "else")

#: The kind of the replacement effect on the returned permanent (``state.TurnReplacement``): "If it would leave
#: the battlefield, exile it instead of putting it anywhere else" (702.84a, 614.1a), lasting as long as that
#: permanent does (611.2a; 400.7: it names the old object, and ends as it leaves, ``engine.zones``).
EXILE_IF_LEAVES = "exile_if_leaves"

#: The keyword's name (702.97a).
SCAVENGE = "Scavenge"

#: What scavenge's ability does, as 702.97a says it (its target said by the word's render).
SCAVENGE_TEXT = "Put a number of +1/+1 counters equal to the power of the card you exiled on target {target}"


def _v_scavenge(a: dict) -> None:
    if a.get("target") != "creature":
        raise DefinitionError("scavenge: the target is a creature (702.97a)")


WORDS: tuple[Word, ...] = (
    # 702.97a: as many +1/+1 counters as the exiled card's power, on the target creature (122.1, 608.2b)
    Word("scavenge", "effect", {"target": str}, lambda a: SCAVENGE_TEXT.format(target=a["target"]),
         frozenset({Scope.COUNTERS, Scope.POWER_TOUGHNESS}), ENGINE, _v_scavenge),
    # 702.84a: the card returns (a new object, 400.7), gains haste (611.2a, 613.1f), is exiled by a delayed
    # triggered ability at the next end step (603.7) and by a replacement effect if it would leave (614.1a)
    Word("unearth", "effect", {}, lambda a: UNEARTH_TEXT, frozenset({Scope.ENTERS}), ENGINE),
)


def is_unearth(keyword: str) -> bool:
    """Is ``keyword`` unearth (702.84a)?"""
    return keyword == UNEARTH


def validate(ability: Any) -> None:
    """An activated ability marked Unearth is what 702.84a says it means: a mana cost and nothing else, the
    graveyard as its zone (113.6m), no targets, activated only as a sorcery with no other restriction, and the one
    instruction ``unearth``. Raises DefinitionError naming what differs."""
    if ability.kind != "activated" or not is_unearth(ability.keyword):
        raise DefinitionError(f"an unearth ability is an activated ability marked Unearth, not {ability.kind} "
                              f"{ability.keyword!r}")
    if not ability.cost or any(p.kind != "mana" for p in ability.cost):
        raise DefinitionError("Unearth: the cost is a mana cost (702.84a)")
    if ability.zones != ("graveyard",) or ability.targets or ability.timing != "sorcery" or ability.unread \
            or ability.once_each_turn or ability.during or ability.only_if or ability.any_player:
        raise DefinitionError("Unearth: an ability of the graveyard, activated only as a sorcery (702.84a)")
    if [e.kind for e in ability.effects] != ["unearth"]:
        raise DefinitionError("Unearth: return this card from your graveyard to the battlefield ... (702.84a)")


def render(ability: Any, cost: str | None) -> str | None:
    """The ability said as its keyword ("Unearth {1}{R}"), ``cost`` being its cost as the model says it; None if
    it is not exactly what 702.84a says."""
    try:
        validate(ability)
    except DefinitionError:
        return None
    return f"{UNEARTH} {cost}" if cost else None


def is_scavenge(keyword: str) -> bool:
    """Is ``keyword`` scavenge (702.97a)?"""
    return keyword == SCAVENGE


def validate_scavenge(ability: Any) -> None:
    """An activated ability marked Scavenge is what 702.97a says it means: a mana cost, then "Exile this card from
    your graveyard" and nothing else, the graveyard as its zone (113.6j), the one target "target creature",
    activated only as a sorcery with no other restriction, and the one instruction ``scavenge``. Raises
    DefinitionError naming what differs."""
    if ability.kind != "activated" or not is_scavenge(ability.keyword):
        raise DefinitionError(f"a scavenge ability is an activated ability marked Scavenge, not {ability.kind} "
                              f"{ability.keyword!r}")
    if len(ability.cost) < 2 or ability.cost[-1].kind != "exile_self_from_graveyard" or \
            any(p.kind != "mana" for p in ability.cost[:-1]):
        raise DefinitionError("Scavenge: the cost is [mana cost], Exile this card from your graveyard (702.97a)")
    if ability.zones != ("graveyard",) or ability.targets != ("target creature",) or ability.timing != "sorcery" \
            or ability.unread or ability.once_each_turn or ability.during or ability.only_if or ability.any_player:
        raise DefinitionError("Scavenge: an ability of the graveyard targeting a creature, activated only as a "
                              "sorcery (702.97a)")
    if [(e.kind, e.arg("target")) for e in ability.effects] != [("scavenge", "creature")]:
        raise DefinitionError("Scavenge: put +1/+1 counters equal to the exiled card's power on target creature "
                              "(702.97a)")


def render_scavenge(ability: Any, cost: str | None) -> str | None:
    """The ability said as its keyword ("Scavenge {3}{B}{G}"), ``cost`` being its cost before "Exile this card
    from your graveyard" as the model says it; None if it is not exactly what 702.97a says."""
    try:
        validate_scavenge(ability)
    except DefinitionError:
        return None
    return f"{SCAVENGE} {cost}" if cost else None
