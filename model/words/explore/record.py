"""Explore (701.44): the word ``explore``, the permanent the ability is on explores ``times`` times in a row (1:
"~ explores"; 2: "~ explores, then it explores again", each time complete before the next, 701.44b).

701.44a: to explore, the permanent's controller reveals the top card of their library; a land card revealed is
put into their hand; otherwise a +1/+1 counter is put on the exploring permanent and the controller may put the
revealed card into their graveyard. Read by ``words.explore.read``, performed by ``words.explore.perform``."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: How many times in a row the text has the permanent explore, and how it says so.
SAID = {1: "~ explores", 2: "~ explores, then it explores again"}


def _v_explore(a: dict) -> None:
    if a.get("times") not in SAID:
        raise DefinitionError(f"explore: times must be one of {', '.join(map(str, SAID))}, not {a.get('times')!r}")


WORDS: tuple[Word, ...] = (
    # 701.44a-c: the ability's source explores (its last known information if it left the battlefield, 701.44c)
    Word("explore", "effect", {"times": int}, lambda a: SAID[a["times"]], frozenset(), ENGINE, _v_explore),
)
