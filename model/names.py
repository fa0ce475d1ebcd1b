"""How names are compared (the question format: without regard to case, punctuation or spacing) and the
names an object answers to: its card's name, the face it shows, and for a token its subtypes plus "Token"
(CR 111.4)."""
from __future__ import annotations

import re
from collections.abc import Iterable

from mtgjudge.model.objects import GameObject


#: What a normalized name drops (compiled once: every built-in card's names are normalized at each start-up).
_NOT_KEPT = re.compile(r"[^a-z0-9/]")


def normalize(name: str) -> str:
    """The form names are compared in: lower case, letters and digits only ("//" kept for split names)."""
    return _NOT_KEPT.sub("", name.lower())


def close_matches(word: str, pool: Iterable[str], n: int, cutoff: float) -> list[str]:
    """The members of ``pool`` spelled most like ``word`` (difflib's ratio at least ``cutoff``), best first: for
    "did you mean"."""
    import difflib      # imported when a suggestion is made: it costs every start-up ~1.5 ms

    return difflib.get_close_matches(word, list(pool), n=n, cutoff=cutoff)


#: The name of a card the question does not name (drawn or exiled from a library given as a number).
UNKNOWN_CARD = "a card nobody knows"


def is_unknown(o: GameObject) -> bool:
    """Is ``o`` a card whose characteristics the verifier does not know: a card nobody knows (of a library given
    as a number, perhaps known only by a quality a search named) or a real card it has no definition for?"""
    return not o.card.modelled


def nobody_knows(o: GameObject) -> bool:
    """Is ``o`` a card of a library given as a number, which the question does not name (perhaps known by a quality
    a search named: "a creature card nobody knows")? Unlike a real card with no definition, it has by the
    question format's convention no ability that functions as it moves (``engine.zones.card_nobody_knows``)."""
    return not o.card.modelled and o.name.endswith(UNKNOWN_CARD[2:])


def unknown_card(o: GameObject) -> str:
    """An object whose card the verifier does not know, in a message: "Name (id)", the model's way of naming an
    object, which the text a person reads shows by its card name (``queries.labels``); said to be a card nobody
    knows, or a card the verifier has no definition for."""
    if o.name == UNKNOWN_CARD:
        return f"{UNKNOWN_CARD} ({o.id})"
    return f"{o.name} ({o.id}), a card the verifier has no definition for"


def names_of(o: GameObject) -> set[str]:
    """The normalized names the object answers to."""
    names = {normalize(o.name), normalize(o.card.name)}
    if o.token and o.name == " ".join(o.printed.subtypes):     # 111.4: a token not named otherwise
        names.add(normalize((" ".join(o.printed.subtypes) or o.name) + " Token"))
    return names
