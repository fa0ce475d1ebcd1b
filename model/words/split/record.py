"""Fuse (CR 702.102): "Fuse" on each half of a split card (709) is a static ability that functions while the card is
in a player's hand (702.102a): casting the card from the hand, its caster may cast both halves rather than choose
one (709.3), a choice made before the card moves to the stack. The resulting fused split spell has the combined
characteristics of its two halves (702.102b, 709.4d: ``objects.CardDef.fused_face``), its total cost includes the
mana cost of each half (702.102c), and as it resolves its controller follows the left half's instructions, then the
right half's (702.102d). The word has no arguments; the engine's cast offers the fused way
(``words.split.perform``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from mtgjudge.model.explain import Step, step
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

if TYPE_CHECKING:
    from mtgjudge.model.vocab.abilities import Ability

KEYWORD = "Fuse"

WORDS = (
    # 702.102a: a way to cast the card from the hand, added to casting one half (an option of the cast, 601.2b)
    Word("fuse", "static", {}, lambda s: KEYWORD, frozenset({Scope.CAST_OPTIONS}), frozenset({"permissions"})),
)


def has_fuse_word(abilities: "tuple[Ability, ...]") -> bool:
    """Does a half with these abilities have fuse read (its static word ``fuse``)?"""
    return any(a.kind == "static" and a.static is not None and a.static.kind == "fuse" for a in abilities)


#: The rules of a reason that concerns paying the total cost (601.2h, 118.3): the fused spell's includes each half's
#: mana cost (702.102c).
_PAYING = ("601.2h", "118.3")


def fused_reason(r: Step) -> Step:
    """A reason the fused split spell can't be cast, said as the fused way's: it is one spell with both halves'
    characteristics (702.102b), and its total cost includes each half's mana cost (702.102c)."""
    rules = ("702.102b",) + (("702.102c",) if any(x in _PAYING for x in r.rules) else ())
    return step(rules + tuple(x for x in r.rules if x not in rules), f"fused: {r.text}")
