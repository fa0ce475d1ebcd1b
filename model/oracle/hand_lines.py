"""Sentences about hands and libraries (issue 9, helper "hands") that the e-library readers
(``oracle.library_lines``) read once put in the form they know.

"Search your library for a creature card and reveal that card. Shuffle your library, then put the card on top of
it." (Worldly Tutor and its cycle) is one instruction written as two sentences: "the card" of the second is the
card the first found (608.2c), and the ruling says "shuffle and put the card on top" is a single action (Mystical
Tutor, 2016-06-08; 701.24b). The two are read as the one sentence the search grammar reads ("..., then shuffle
your library and put that card on top of it."), as ``lines._token_with_quote`` reads a token and its quoted
ability as one.
"""
from __future__ import annotations

import re

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.parse import parse_effect

_SEARCH_REVEAL = re.compile(r"^(search your library for [^.]+ card) and reveal that card\.$", re.I)
_SHUFFLE_TOP = re.compile(r"^shuffle your library, then put (?:the|that) card on top of it\.?$", re.I)
#: The same with several cards: "... any number of Goblin cards and reveal those cards. Shuffle your library, then
#: put them on top of it in any order." (their order among cards nobody knows is not told: any order is the same)
_SEARCH_REVEAL_ALL = re.compile(r"^(search your library for [^.]+ cards) and reveal (?:those cards|them)\.$", re.I)
_SHUFFLE_TOP_ALL = re.compile(r"^shuffle your library, then put (?:them|those cards) on top of it in any order\.?$",
                              re.I)     # "those cards": Congregation at Dawn (library2)


def search_then_top(parts: list[str]) -> list[str]:
    """The sentences, with "Search your library for X card and reveal that card." and "Shuffle your library,
    then put the card on top of it." right after it joined into one sentence (see the module)."""
    out: list[str] = []
    for s in parts:
        m = _SEARCH_REVEAL.match(out[-1]) if out else None
        if m and _SHUFFLE_TOP.match(s):
            out[-1] = f"{m.group(1)} and reveal that card, then shuffle your library and put that card on top of it."
            continue
        m = _SEARCH_REVEAL_ALL.match(out[-1]) if out else None
        if m and _SHUFFLE_TOP_ALL.match(s):
            out[-1] = f"{m.group(1)} and reveal those cards, then shuffle your library and put them on top of it."
            continue
        out.append(s)
    return out


#: The instructions on one target whose object the next sentence may call "that artifact" / "that spell".
_NAMED_BY = ("exile", "counter_spell")


def hands_after(sentence: str, earlier: list):
    """608.2c: Splinter's "Search its controller's graveyard, hand, and library for all cards with the same name as
    that artifact and exile them." read only right after an instruction on one target ("Exile target artifact.",
    "Counter target spell."), and "Then that player shuffles their library." only right after that search."""
    prev = earlier[-1] if earlier else None
    if prev is None:
        return None
    try:
        if prev.kind in _NAMED_BY and prev.arg("target") and " target" not in f" {prev.arg('target')}":
            r = phrases.parse(sentence.strip(), "same_name_search")
            return parse_effect({"exile_same_name": {"all": r["all"], "whose": r["whose"], "it": 1}})
        if prev.kind == "exile_same_name":
            phrases.parse(sentence.strip(), "that_player_shuffles")
            return parse_effect({"searched_shuffles": {"whose": prev.arg("whose"), "it": 1}})
    except DefinitionError:
        return None
    return None
