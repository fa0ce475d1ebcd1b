"""Attaching (CR 701.3): the word ``attach_to_target``, the effect of an equip ability (702.6a: "[Cost]: Attach
this permanent to target creature you control. Activate only as a sorcery."); ``target``: its target phrase
without "target" (702.6c: "Equip [quality] creature" restricts it). And ``attach_to_created``, living weapon's
"then attach this Equipment to it" (702.92a): "it" is the one token the instruction before created."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: 702.103a: the keyword whose alternative cost casts a spell bestowed (``alternative_cost``'s ``keyword``).
BESTOW = "Bestow"


def bestow_index(abilities) -> int:
    """702.103a: the number, from 1 among the ``alternative_cost`` words of ``abilities`` (as the cast action's
    ``alternative:`` counts them, ``rules.costs.alternative_costs``), of the bestow cost; 0 if it has none."""
    words = [a.static for a in abilities if a.kind == "static" and a.static is not None
             and a.static.kind == "alternative_cost"]
    return next((k for k, w in enumerate(words, 1) if w.arg("keyword") == BESTOW), 0)


#: 702.92a: what living weapon means, the token it creates as the trigger's first instruction says it.
GERM = "0/0 black Phyrexian Germ creature token"

WORDS = (
    Word("attach_to_target", "effect", {"target": str}, lambda a: f"Attach this Equipment to target {a['target']}",
         frozenset({Scope.ATTACH}), ENGINE),
    Word("attach_to_created", "effect", {}, lambda a: "Then attach this Equipment to it",
         frozenset({Scope.ATTACH}), ENGINE),
)
