"""Effect sentences of prevention shields (615): the phrase grammar's ``prevent_effect``.
"... this turn by attacking creatures" keeps its noun phrase (the grammar's ``np``). Near misses stay unread:
a noun phrase the grammar does not read ("by non-Spider creatures"), a target ("by creatures target opponent
controls"), "... unless ...", "if {G} was spent", redirection ("dealt to you instead")."""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect


def prevent_sentence(sentence: str) -> Effect | None:
    """The word of a prevention sentence the grammar reads whole, or None."""
    try:
        r = dict(phrases.parse(sentence.strip(), "prevent_effect"))
    except DefinitionError:
        return None
    kind = r.pop("word")
    return parse_effect({kind: r} if r else kind)


#: 615.1: "Prevent all [combat] damage that would be dealt to ~[ by <noun phrase>]." (a static ability's prevention
#: effect on damage to the permanent itself).
_TO_SELF = re.compile(r"^Prevent all (?P<combat>combat )?damage that would be dealt to ~(?: by (?P<by>[^.,;]+))?\.$", re.I)


#: 615.5: the Phantoms' prevention with a counter removed (``prevent_and_remove_counter``), each wording read whole.
_AND_REMOVE = (
    (re.compile(r"^If damage would be dealt to ~, prevent that damage\. Remove a \+1/\+1 counter from ~\.$", re.I), False),
    (re.compile(r"^If ~ would be dealt damage, prevent that damage and remove a \+1/\+1 counter from it\.$", re.I), False),
    (re.compile(r"^If damage would be dealt to ~ while it has a \+1/\+1 counter on it, prevent that damage and remove a "
                r"\+1/\+1 counter from ~\.$", re.I), True),
)


def static_prevention(norm: str) -> dict | None:
    """The ``prevent_damage_to_self`` static word of a line read whole (its sources' noun phrase one the phrase
    grammar reads as permanents: "by creatures", "by artifact creatures"), as the word's data; None for any other
    line ("by artifact sources", "by creatures it's blocking", a second sentence, "damage that would be dealt by
    ~")."""
    for pattern, while_countered in _AND_REMOVE:
        if pattern.match(norm.strip()):
            return {"kind": "prevent_and_remove_counter", **({"while_countered": True} if while_countered else {})}
    m = _TO_SELF.match(norm.strip())
    if not m:
        return None
    data: dict = {"kind": "prevent_damage_to_self", "combat": bool(m.group("combat"))}
    if m.group("by"):
        try:
            phrases.parse_np(m.group("by"))
        except DefinitionError:
            return None
        data["by"] = m.group("by")
    return data
