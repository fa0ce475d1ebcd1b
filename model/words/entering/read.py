"""Sentences of triggered abilities (enters-the-battlefield triggers).

"You may have <subject> <verb> ...": 608.2d, the controller of the ability chooses whether the instruction is
followed, and it is the instruction "<subject> <verb>s ..." ("You may have target opponent discard a card." is
"Target opponent discards a card." made optional): ``have_instruction`` gives that instruction, which the other
readers read (``words.optional.read`` makes it optional). "it" as the subject of the first sentence of an enters
trigger is the permanent itself ("When ~ enters the battlefield, you may have it fight target creature").
"""
from __future__ import annotations

import re
from mtgjudge.model import patterns

#: The verbs an instruction "have <subject> <verb>" may have, as written there (the base form).
_VERBS = ("fight", "discard", "get", "deal", "sacrifice", "lose", "gain", "draw", "mill", "create", "put",
          "return", "exile", "search", "reveal", "shuffle", "gain")
_HAVE = patterns.compile(r"^have (?P<subject>it|~|target [^.]+?|each [a-z]+) (?P<verb>" + "|".join(_VERBS) + r")\b(?P<rest>.*)$",
                   re.I)


def _third_person(verb: str) -> str:
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")


def have_instruction(rest: str) -> str | None:
    """The instruction of "have <subject> <verb> ..." (``rest`` without "you may"), capitalized, or None."""
    m = _HAVE.match(rest.strip())
    if m is None:
        return None
    subject = m.group("subject")
    if re.search(r"\b(?:have|may|if|unless)\b", m.group("rest"), re.I):
        return None
    text = f"{subject} {_third_person(m.group('verb').lower())}{m.group('rest')}"
    return text[0].upper() + text[1:]


def sentence_patterns(num: str, tgt: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its number and target expressions:
    "~ fights target creature you don't control" (701.14a: the permanent itself and the target fight); "Put a
    +1/+1 counter on each creature you control" (122.1, 611.2c: the permanents named as it resolves); the
    exiling of a player's graveyard (406.2)."""
    return (
        (patterns.compile(rf"^~ fights {tgt}\.$", re.I), "fight_self", ("target",)),                        # 701.14a
        (patterns.compile(rf"^Put {num} ([+-]1/[+-]1) counters? on each ([a-z -]+?)\.$", re.I), "counters_each",
         ("n", "kind", "affects")),                                                                 # 122.1
    )


#: The zone of a word's target where it is not the battlefield (``lines.effect_word``): None, a player.
TARGET_ZONES: dict[str, str | None] = {}
