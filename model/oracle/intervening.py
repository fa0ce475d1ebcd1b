"""Intervening "if" clauses of triggered abilities (CR 603.4): "When ~ enters the battlefield, if you control
another Spirit, you gain 2 life." The ability triggers only if the condition is true when the event occurs,
and does nothing on resolution if it is false then (both checks: ``engine.intervening``).

Read here : conditions about what the ability's controller controls or holds, each
a count of ``rules.counts`` (one count concept) compared with a number:

- "you control a / an / another X", "you control N or more X", "you control no X";
- "you have no cards in hand", "you have N or fewer cards in hand", "you have N or more cards in hand";
- "you have N or more X cards in your graveyard";
- what happened this turn (``rules.this_turn``): "you attacked (with a creature) this turn" (raid), "a creature
  died this turn" (morbid), "an opponent was dealt damage this turn", "a permanent you controlled left the
  battlefield this turn" (revolt): the fact, true (1) or not (0);
- the spells cast last turn (``rules.this_turn``): "no spells were cast last turn" (every spell, none), "a player
  cast two or more spells last turn" (the most one player cast): the werewolves' transform.

The noun phrase itself is read by the phrase grammar (through ``rules.counts.parse``); any other condition
("if it was kicked", "if you cast it from your hand", "if another creature died this turn") is left unread, so the
ability stays unmodelled and an event that triggers it answers `unsupported`, naming it.
"""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts, this_turn
from mtgjudge.model.vocab import phrases

#: "if <condition>, <instruction>": the condition ends at the first comma (none of those read holds one).
_IF = patterns.compile(r"^if ([^,]+), (.+)$", re.I)
_NUM = r"(an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_CONTROL = patterns.compile(rf"^you control (?:(no)|(another)|{_NUM} or more|(an?)) (.+)$", re.I)
_HAND = patterns.compile(rf"^you have (?:(no)|{_NUM} or (more|fewer)) cards in (?:your )?hand$", re.I)
_GRAVE = patterns.compile(rf"^you have {_NUM} or more (.+ cards?) in your graveyard$", re.I)


#: "~ has a time counter on it", "~ has three or more spore counters on it", "there are three or more spore counters
#: on ~" (a count of ``rules.counts``: the counters of one kind on the object itself)
_COUNTERS = patterns.compile(r"^(?:~ has (?P<n>an?) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counter on it|(?:~ has|there are) "
                             r"(?P<n2>two|three|four|five|six|seven|eight|nine|ten|\d+) or more "
                             r"(?P<kind2>[+-]\d+/[+-]\d+|[a-z]+) counters on (?:it|~))$", re.I)


def read_condition(text: str) -> tuple[str, str, int]:
    """The condition as (count phrase, comparison, number): the count is ``rules.counts.parse`` of the phrase
    for the ability's controller, the comparison one of ">=", "<=", "==". DefinitionError if not read."""
    t = text.strip()
    m = _CONTROL.match(t)
    if m:
        no, another, n, article, what = m.groups()
        if re.search(r"\b(?:you|an opponent|opponents?) controls?\b|\bnamed\b", what, re.I):
            raise DefinitionError(f"the condition {text!r} is not one the verifier reads")
        phrase = ("another " if another else "") + what + " you control"
        counts.parse(phrase)                            # the phrase must be a count the engine reads
        if no:
            return phrase, "==", 0
        return phrase, ">=", phrases.number_word(n) if n else 1
    m = _HAND.match(t)
    if m:
        no, n, way = m.groups()
        if no:
            return "cards in your hand", "==", 0
        return "cards in your hand", ">=" if way.lower() == "more" else "<=", phrases.number_word(n)
    m = _GRAVE.match(t)
    if m:
        n, what = m.groups()
        phrase = f"{what} in your graveyard"
        counts.parse(phrase)
        return phrase, ">=", phrases.number_word(n)
    fact = this_turn.fact_of(t)
    if fact is not None:
        return this_turn.PREFIX + fact, "==", 1
    last = this_turn.last_turn_of(t)
    if last is not None:
        return last
    m = _COUNTERS.match(t)
    if m:       # 122.1: the counters of a kind on the object itself ("if ~ has a time counter on it")
        n, kind = (m.group("n") or m.group("n2")), (m.group("kind") or m.group("kind2"))
        return f"{kind.lower()} counters on ~", ">=", phrases.number_word(n)
    raise DefinitionError(f"the condition {text!r} is not one the verifier reads")


def split_intervening(effect: str) -> tuple[str, str] | None:
    """(condition, the rest of the effect) when the effect of a triggered ability begins with an intervening
    "if" clause this module reads (603.4); else None."""
    m = _IF.match(effect.strip())
    if m is None:
        return None
    try:
        read_condition(m.group(1))
    except DefinitionError:
        return None
    rest = m.group(2)
    return m.group(1), rest[0].upper() + rest[1:]
