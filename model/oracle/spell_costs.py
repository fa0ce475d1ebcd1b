"""Reading the costs a spell's own text changes (CR 601.2f; issue 9, helper costs).

- "This spell costs {N} less to cast for each <count>." (Blasphemous Act, Primeval Protector, Molderhulk):
  ``self_cost_reduction`` with ``per``, the count read by the one count reader (``rules.counts.parse``);
- "This spell costs {N} less to cast if you control <a permanent>." (Wizard's Lightning), "... if you control
  <N> or more <permanents>" (metalcraft), "... if there are <N> or more <permanents> on the battlefield" (Hour of
  Revelation): ``self_cost_reduction`` with ``if_count`` and ``at_least``.

The count phrase is free text that ``rules.counts`` reads (one count concept), so the sentence around it is
matched here and the phrase handed over; a count it does not read (attacking creatures, "card types among
cards in your graveyard") leaves the line unread, and the card unsupported, naming it. Reductions that depend on
the targets chosen ("if it targets a Dinosaur you control") are not read here.
"""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.vocab import phrases

_REDUCTION = re.compile(r"^~ costs \{(?P<n>\d+)\} less to cast (?:"
                        r"for each (?P<per>[^.,]+)|"
                        r"if you control (?P<at_least>\w+) or more (?P<many>[^.,]+)|"
                        r"if there are (?P<at_least2>\w+) or more (?P<many2>[^.,]+)|"
                        r"if you control (?P<one>an? [^.,]+))\.$", re.I)


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    try:
        return phrases.number_word(word.lower())
    except (DefinitionError, KeyError, ValueError):
        return None


def self_cost_reduction(norm: str) -> dict | None:
    """The ``self_cost_reduction`` word's data of a line, or None when the line is not one of the templates
    above with a count ``rules.counts`` reads."""
    m = _REDUCTION.match(norm.strip())
    if m is None:
        return None
    data: dict = {"kind": "self_cost_reduction", "amount": int(m.group("n"))}
    if m.group("per"):
        data["per"] = m.group("per")
    elif m.group("one"):
        data["if_count"], data["at_least"] = m.group("one"), 1
        if " you control" not in data["if_count"]:
            data["if_count"] += " you control"
    else:
        n = _number(m.group("at_least") or m.group("at_least2"))
        if n is None:
            return None
        many = m.group("many") or m.group("many2")
        data["if_count"] = many + (" you control" if m.group("at_least") else "")
        data["at_least"] = n
    try:
        counts.parse(data.get("per") or data["if_count"])
    except DefinitionError:
        return None
    return data

