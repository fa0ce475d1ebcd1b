"""Reading the statics that forbid activating abilities (``words.restrictions.record``): a whole line "Activated
abilities of <objects> can't be activated." or "... can't be activated unless they're mana abilities.", whose
objects are one or two kinds of permanents the vocabulary reads, or "sources with the chosen name". Any other
wording ("during your turn", three kinds) is no reading: the line stays unmodelled."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_static

_CANT_ACTIVATE = re.compile(r"Activated abilities of (?P<objects>[a-z' ]+?) can't be activated"
                            r"(?P<unless> unless they're mana abilities)?\.")


def restriction_static(norm: str, printed: str) -> Ability | None:
    """The line as a ``cant_activate`` static, or None when it is not one this module reads whole."""
    m = _CANT_ACTIVATE.fullmatch(norm.strip())
    if m is None:
        return None
    try:
        named = m.group("objects") == "sources with the chosen name"
        static = parse_static({"kind": "cant_activate", **({"chosen_name": True} if named else
                                                           {"objects": m.group("objects")}),
                               **({"unless_mana": True} if m.group("unless") else {})})
    except DefinitionError:
        return None
    return Ability("static", static=static, source_text=printed)
