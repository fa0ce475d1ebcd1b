"""The words of a card's own text about when it may be cast (601.3; 113.6e: such an ability functions in every zone
the card could be cast from, and on the stack).

``cast_only``: "Cast this spell only [clause] and only [clause]." (601.3: a rule or effect that prohibits casting
it), each clause one of ``CAST_CLAUSES`` as printed, decided by ``rules.timing.during_requirement`` (506.7 for the
points of the combat phase).

``flash_permission``: "You may cast ~ as though it had flash." (702.8a), with ``extra``, "if you pay {2} more to
cast it" (601.3c: the player may begin to cast it as though it had flash; 601.2f: the extra is an additional cost,
not part of its mana cost, Ghitu Fire ruling 2004-10-04), or with ``sacrificed``, "If you cast it any time a sorcery
couldn't have been cast, the controller of the permanent it becomes sacrifices it at the beginning of the next
cleanup step." (only when it was cast by this permission, not by flash from elsewhere: Armor of Thorns ruling
2009-10-01). The permission is what lets it be cast only when sorcery timing would not (``rules.timing``): cast in
its controller's main phase with an empty stack it costs no more and is not sacrificed.
"""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

#: The clauses of "Cast this spell only ..." the timing rules decide (``rules.timing.DURING``), as printed; "if
#: you've been attacked this step" is decided from the creatures attacking the player now (``rules.timing``). Left
#: out (their line stays unmodelled): other clauses about what happened this turn ("if you've cast another spell
#: this turn"), which the state does not record, and points of a turn the format has no step for.
CAST_CLAUSES = ("during your turn", "during an opponent's turn", "during your upkeep", "during an opponent's upkeep",
                "during your end step", "during combat", "during combat before blockers are declared",
                "during combat after blockers are declared", "before attackers are declared",
                "before blockers are declared", "before the combat damage step", "during the declare attackers step",
                "during your declare attackers step", "during the declare blockers step",
                "during combat on an opponent's turn", "during the declare blockers step on an opponent's turn",
                "during an opponent's turn, before attackers are declared",
                "during an opponent's turn after their upkeep step", "if you've been attacked this step")

#: The rider of ``flash_permission`` with ``sacrificed``, as printed after the permission.
SACRIFICE_RIDER = ("If you cast it any time a sorcery couldn't have been cast, the controller of the permanent it "
                   "becomes sacrifices it at the beginning of the next cleanup step.")


def _v_clauses(a: dict) -> dict:
    clauses = a.get("clauses")
    if isinstance(clauses, str):
        clauses = (clauses,)
    if not isinstance(clauses, (list, tuple)) or not clauses or not all(c in CAST_CLAUSES for c in clauses):
        raise DefinitionError(f"clauses: a list of {', '.join(map(repr, CAST_CLAUSES))}, not {clauses!r}")
    return {**a, "clauses": tuple(clauses)}


def _r_cast_only(s: StaticEffect) -> str:
    return "Cast this spell only " + " and only ".join(s.arg("clauses"))


def _v_flash(a: dict) -> None:
    extra = a.get("extra", "")
    if extra:
        cost = parse_cost(extra)      # raises on what is not a mana cost
        if not cost or any(s.kind == "x" for s in cost):
            raise DefinitionError(f"extra: a mana cost with no X, not {extra!r}")
    if extra and a.get("sacrificed"):
        raise DefinitionError("extra or sacrificed, not both (no card has both)")


def _r_flash(s: StaticEffect) -> str:
    text = "You may cast ~ as though it had flash"
    if s.arg("extra", ""):
        return f"{text} if you pay {s.arg('extra')} more to cast it"
    if s.arg("sacrificed", False):
        return f"{text}. {SACRIFICE_RIDER[:-1]}"
    return text


WORDS = (
    Word("cast_only", "static", {"clauses": object}, _r_cast_only, frozenset({Scope.CASTING}), frozenset({"timing"}),
         _v_clauses),
    # timing: when it may be cast; payment: the extra of its total cost (601.2f); the engine: the permanent it
    # becomes, sacrificed (its resolution: ``engine.resolve``)
    Word("flash_permission", "static", {"extra": str, "sacrificed": bool}, _r_flash,
         frozenset({Scope.CASTING, Scope.SPELL_COSTS, Scope.RESOLUTION}), frozenset({"timing", "payment", "engine"}),
         _v_flash),
)
