"""Splice (CR 702.47): "Splice onto [quality] [cost]", a static ability that functions while its card is in a hand
(702.47a): as its owner casts a [quality] spell, they may reveal it and pay [cost] as an additional cost (601.2b,
601.2f), and that spell gains the card's rules text (702.47c) while it is on the stack (702.47e). The card stays in
the hand. The word holds the quality (a subtype: "Arcane") and the cost as the cost grammar reads it; the engine
performs it (``words.splice.perform``), and the total cost adds the spliced cards' costs (``rules.costs``)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.grammar import parse_cost_text
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word


def _v_splice(a: dict) -> None:
    if not isinstance(a.get("quality"), str) or not a["quality"]:
        raise DefinitionError("quality: the kind of spell it is spliced onto (702.47a)")
    try:
        parse_cost_text(a.get("cost"))
    except DefinitionError as e:
        raise DefinitionError(f"cost: {e}") from None


def render(s) -> str:
    cost = str(s.arg("cost"))
    return f"Splice onto {s.arg('quality')}{' ' if cost.startswith('{') else '—'}{cost}"


WORDS = (
    Word("splice", "static", {"quality": str, "cost": str}, render,
         frozenset({Scope.SPELL_COSTS}), frozenset({"payment"}), _v_splice),
)
