"""Words of the hands family of issue 9 (helper "hands"): Splinter's search of a player's graveyard, hand and
library for the cards with one name (701.23a-b and the example of 701.23b), and the shuffle of the library searched
("Then that player shuffles their library.", 701.24a). Read by ``oracle.hand_lines`` (grammar start symbols
``same_name_search`` and ``that_player_shuffles``) and performed by ``engine.hands``."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_whose(a: dict) -> None:
    if a.get("whose") not in ("controller", "owner"):
        raise DefinitionError("whose must be controller or owner")
    if a.get("it") != 1:
        raise DefinitionError("it must be 1: the cards share the name of the target of the instruction before")


WORDS: tuple[Word, ...] = (
    # ``all``: "all cards" (else "any number of cards"); ``whose``: "its controller's" or "its owner's"; ``it``: the
    # object whose name is searched for is the target of the instruction before (608.2c).
    Word("exile_same_name", "effect", {"all": bool, "whose": str, "it": int},
         lambda a: f"Search its {a['whose']}'s graveyard, hand, and library for "
                   f"{'all' if a.get('all') else 'any number of'} cards with the same name as that card and exile them",
         frozenset(), ENGINE, _v_whose),
    Word("searched_shuffles", "effect", {"whose": str, "it": int},
         lambda a: "Then that player shuffles their library", frozenset(), ENGINE, _v_whose),
)
