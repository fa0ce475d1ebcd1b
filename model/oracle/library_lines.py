"""Sentences of an effect about libraries, hands and players (e-library), read by the phrase grammar
(``player_effect``, ``library_effect`` in ``vocab/phrases.lark``) into words of ``vocab.words_library``: a
player's instructions ("Target player draws two cards and loses 2 life.", "Draw two cards, then discard a
card.", "Each opponent discards a card.") and library instructions ("Scry 2.", "Search your library for a
basic land card, put it onto the battlefield tapped, then shuffle.")."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

_KIND = {"look": "look_top", "shuffle": "shuffle", "search": "search"}


def library_word(sentence: str, found: tuple[str, ...]) -> Effect | None:
    """The word a whole sentence is, or None. ``found``: the sentence's target phrases (``find_targets``): only
    "target player" / "target opponent" as the subject of a player's instructions."""
    s = sentence.strip()
    try:
        r = phrases.parse(s, "player_effect")
    except DefinitionError:
        r = None
    if r is not None:
        who = r["who"]
        args = {"who": who, "acts": r["acts"], **({"may": True} if r["may"] else {})}
        if who.startswith("target "):
            if found != (who,):
                return None
            args["target"] = who[len("target "):]
        elif found:
            return None
        try:
            return parse_effect({"player_acts": args})
        except DefinitionError:
            return None
    if found:
        return None
    try:
        r = phrases.parse(s, "library_effect")
    except DefinitionError:
        return None
    args = {k: v for k, v in r.items() if k != "action" and not (k == "may" and not v)}
    try:
        return parse_effect({_KIND[r["action"]]: args})
    except DefinitionError:
        return None
