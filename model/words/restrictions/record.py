"""The words of statics that forbid activating abilities (602.5, 101.2): ``cant_activate``, "Activated abilities
of <objects> can't be activated[ unless they're mana abilities]." (Null Rod, Stony Silence, Cursed Totem, Linvala,
Keeper of Silence, Damping Matrix). ``objects`` is the printed plural phrase ("artifacts", "creatures your
opponents control", "artifacts and creatures"); each of its kinds is read as a noun phrase
(``objects_of``). ``chosen_name``: "sources with the chosen name" (Pithing Needle, Phyrexian Revoker, Sorcerous
Spyglass, Voidstone Gargoyle), the name chosen for the permanent as it entered, in every zone (Pithing Needle
ruling 2005-06-01). The rule is applied by ``rules.restrictions.activation_forbidden``, for the legality of an
activation (the timing consumer: 602.5) and for the mana abilities payment and mana-options may activate (the
mana consumer: 605.3a).

``cast_only``: "Cast this spell only [clause] and only [clause]." (601.3: a rule or effect that prohibits casting
it; 113.6e: it functions in every zone the card could be cast from), each clause one of ``CAST_CLAUSES`` as
printed, decided by ``rules.timing.during_requirement`` (506.7 for the points of the combat phase)."""
from __future__ import annotations

import re
from functools import lru_cache

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.selectors import Selector
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word


@lru_cache(maxsize=None)
def objects_of(phrase: str) -> tuple[Selector, ...]:
    """The kinds of permanents a plural phrase names: "artifacts and creatures" is artifacts, and creatures
    (each a selector); DefinitionError if one is not a noun phrase the vocabulary reads."""
    kinds = re.split(r"\s+and\s+", phrase.strip())
    if len(kinds) > 2 or not all(kinds):
        raise DefinitionError(f"objects: {phrase!r} is not a phrase the verifier reads")
    return tuple(phrases.parse_np(k) for k in kinds)


def _v_objects(a: dict) -> None:
    if bool(a.get("chosen_name")) == isinstance(a.get("objects"), str):
        raise DefinitionError("objects (the permanents whose activated abilities can't be activated) or "
                              "chosen_name, one of the two")
    if not a.get("chosen_name"):
        objects_of(a["objects"])


def _r_cant_activate(s: StaticEffect) -> str:
    objects = "sources with the chosen name" if s.arg("chosen_name", False) else s.arg("objects")
    return (f"Activated abilities of {objects} can't be activated"
            + (" unless they're mana abilities" if s.arg("unless_mana", False) else ""))


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


def _v_clauses(a: dict) -> dict:
    clauses = a.get("clauses")
    if isinstance(clauses, str):
        clauses = (clauses,)
    if not isinstance(clauses, (list, tuple)) or not clauses or not all(c in CAST_CLAUSES for c in clauses):
        raise DefinitionError(f"clauses: a list of {', '.join(map(repr, CAST_CLAUSES))}, not {clauses!r}")
    return {**a, "clauses": tuple(clauses)}


def _r_cast_only(s: StaticEffect) -> str:
    return "Cast this spell only " + " and only ".join(s.arg("clauses"))


WORDS = (
    Word("cant_activate", "static", {"objects": str, "chosen_name": bool, "unless_mana": bool}, _r_cant_activate,
         frozenset({Scope.ACTIVATION, Scope.MANA}), frozenset({"timing", "mana"}), _v_objects),
    Word("cast_only", "static", {"clauses": object}, _r_cast_only, frozenset({Scope.CASTING}), frozenset({"timing"}),
         _v_clauses),
)
