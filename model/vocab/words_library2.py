"""Words of the library2 family of issue 9 round 4 (searching libraries): a search whose found cards are exiled
(701.23a, 406.3), of your library or of a target player's, and the shuffle of the library searched that follows
it ("Then that player shuffles their library.", 701.24a). Read by ``oracle.library2`` and performed by
``engine.library2``."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import count_word
from mtgjudge.model.vocab.phrases import ANY_NUMBER
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_search_exile(a: dict) -> None:
    n = a.get("n")
    if not (isinstance(n, int) and n >= 1 or n == "X"):
        raise DefinitionError("n must be 1 or more, or X")
    if a.get("target") not in (None, "player", "opponent"):
        raise DefinitionError("target must be player or opponent")


def _r_search_exile(a: dict) -> str:
    n, q = a["n"], a.get("quality", "")
    count = "any number of" if n == ANY_NUMBER else f"{'up to ' if a.get('up_to') else ''}" \
        + (n if n == "X" else count_word(n))
    whose = f"target {a['target']}'s" if a.get("target") else "your"
    many = n == "X" or n > 1
    return (("You may search" if a.get("may") else "Search") + f" {whose} library for {count} "
            + (q + " " if q else "") + ("cards" if many else "card") + (f" {a['with']}" if a.get("with") else "")
            + f" and exile {'them' if many else 'it'}" + (", then shuffle" if a.get("shuffle") else ""))


def _v_zones(a: dict) -> None:
    if a.get("zones") not in ("either", "both") or not a.get("name"):
        raise DefinitionError("zones must be either or both, and a name is needed")


def _v_it(a: dict) -> None:
    if a.get("it") != 1:
        raise DefinitionError("it must be 1: the player is the target of the search before")


WORDS: tuple[Word, ...] = (
    # 701.23a, 406.3: "Search target player's library for up to seven cards and exile them." (``target``: whose
    # library, else yours; ``n``: a number, X (107.3a) or ANY_NUMBER with ``up_to``; ``quality``/``with``: labels of
    # the cards found; ``shuffle``: "then shuffle your library" in the same sentence).
    Word("search_exile", "effect", {"n": object, "up_to": bool, "quality": str, "with": str, "may": bool,
                                    "target": str, "shuffle": bool}, _r_search_exile, frozenset(), ENGINE,
         _v_search_exile),
    # 701.23a-b: "[You may] search your library and/or graveyard for a card named <name>, reveal it, and put it
    # into your hand." (``zones``: "either" for "and/or", "both" for "and").
    Word("search_named_zones", "effect", {"name": str, "zones": str, "may": bool},
         lambda a: ("You may search" if a.get("may") else "Search") + " your library "
                   + ("and/or" if a["zones"] == "either" else "and") + f" graveyard for a card named {a['name']}, "
                   "reveal it, and put it into your hand", frozenset(), ENGINE, _v_zones),
    # 701.24a: "Then that player shuffles their library." right after it (``it``: the searched player, 608.2c).
    # ``may``: "You may have that player shuffle their library" (608.2d: a choice).
    Word("searched_library_shuffles", "effect", {"it": int, "may": bool},
         lambda a: "You may have that player shuffle their library" if a.get("may") else
         "Then that player shuffles their library",
         frozenset(), ENGINE, _v_it),
)
