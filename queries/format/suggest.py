""""Did you mean": the card names to suggest for a name that is not found, and the names a comma split.

A judge often writes the short name of a legend ("Thalia") or a name with a typo. Suggestions are, in
order: names that start with what was written (modelled cards first), names that contain every word
written, then the closest spellings (the card store's own ``suggest``). They are quoted, so that a name
with a comma can be copied into a list as it is.

In a YAML flow list a comma separates items: ``[Thalia, Guardian of Thraben]`` is two items. When an
unknown item and the next join into a card name, the error says so.
"""
from __future__ import annotations

import re

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.names import normalize
from mtgjudge.model.objects import IMPORT_HINT


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", name.lower().replace("'", "")) if w]


def suggestions(name: str, n: int = 4) -> list[str]:
    """Card names close to ``name``, best first (modelled cards before the others)."""
    db = card_db()
    key = normalize(name)
    if not key:
        return []
    modelled = {normalize(c): c for c in db.names}
    out: list[str] = []
    if len(key) >= 3:
        for pool in (modelled, db.known):
            out += sorted((v for k, v in pool.items() if k.startswith(key)), key=lambda v: (len(v), v))[:n]
    words = _words(name)
    if words and len(out) < n:
        for pool in (modelled, db.known):
            out += sorted((v for v in pool.values() if all(w in _words(v) for w in words)),
                          key=lambda v: (len(v), v))[:n]
    out += db.suggest(name, n)
    return list(dict.fromkeys(out))[:n]


def did_you_mean(name: str) -> str:
    """``; did you mean: "A", "B"?``, or, when no name is close, how to bring in a card printed after the
    list of names the product knows (the card may be real and newer)."""
    found = suggestions(name)
    if found:
        return "; did you mean: " + ", ".join(f'"{s}"' for s in found) + "?"
    return f"; no card of that name is built in, known or in your card store: if it is a real card, {IMPORT_HINT}"


def joined_by_comma(first: object, second: object) -> str | None:
    """The card name ``first, second`` when ``first`` alone is no card but the two joined are one."""
    if not isinstance(first, str) or not isinstance(second, str):
        return None
    db = card_db()
    if db.find(first) is not None or db.is_known_card(first):
        return None
    joined = f"{first.strip()}, {second.strip()}"
    found = db.find(joined)
    if found is not None:
        return found[0].faces[found[1]].name
    return db.is_known_card(joined)
