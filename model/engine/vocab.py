"""Vocabulary the engine performs: effect kinds (EFFECT_KINDS) and static kinds (STATIC_KINDS).

Imported by model.vocabulary so that card definitions can use these words.
"""
from __future__ import annotations

from mtgjudge.model.vocab.abilities import EFFECT_KINDS, STATIC_KINDS


def _t_exile_until(a: dict) -> str:
    each = "For each opponent, exile" if a.get("for_each") == "opponent" else "Exile"
    up = "up to one " if a.get("up_to") else ""
    return f"{each} {up}target {a['target']} until this leaves the battlefield"


#: CR 610.3: "exile ... until this leaves the battlefield". ``target``: the target phrase ("nonland
#: permanent that player controls"); ``for_each: opponent``: one target per opponent (that player);
#: ``up_to: 1``: each target is optional.
EFFECT_KINDS["exile_until_source_leaves"] = ({"target": str, "for_each": str, "up_to": int}, _t_exile_until)
#: CR 701.70a (2026-09-25): draw a card, then discard a card; if a nonland card was discarded, create a 1/1
#: white Human Soldier creature token.
EFFECT_KINDS["recruit"] = ({}, lambda a: "Recruit")


def _r_enters_with(s) -> str:
    n = s.arg("n")
    return f"This enters with {n} {s.arg('counter')} counter{'s' if n != 1 else ''} on it"


#: CR 614.1c, 122.6: "This permanent enters with N [kind] counters on it"; ``n``: a number or "X" (the X of
#: the spell it was, 107.3m).
STATIC_KINDS["enters_with_counters"] = ({"counter": str, "n": object}, _r_enters_with)
