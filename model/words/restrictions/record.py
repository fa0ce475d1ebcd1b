"""The words of statics that forbid activating abilities (602.5, 101.2): ``cant_activate``, "Activated abilities
of <objects> can't be activated[ unless they're mana abilities]." (Null Rod, Stony Silence, Cursed Totem, Linvala,
Keeper of Silence, Damping Matrix). ``objects`` is the printed plural phrase ("artifacts", "creatures your
opponents control", "artifacts and creatures"); each of its kinds is read as a noun phrase
(``objects_of``). ``chosen_name``: "sources with the chosen name" (Pithing Needle, Phyrexian Revoker, Sorcerous
Spyglass, Voidstone Gargoyle), the name chosen for the permanent as it entered, in every zone (Pithing Needle
ruling 2005-06-01). The rule is applied by ``rules.restrictions.activation_forbidden``, for the legality of an
activation (the timing consumer: 602.5) and for the mana abilities payment and mana-options may activate (the
mana consumer: 605.3a)."""
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


WORDS = (
    Word("cant_activate", "static", {"objects": str, "chosen_name": bool, "unless_mana": bool}, _r_cant_activate,
         frozenset({Scope.ACTIVATION, Scope.MANA}), frozenset({"timing", "mana"}), _v_objects),
)
