"""Attaching (CR 701.3): the word ``attach_to_target``, the effect of an equip ability (702.6a: "[Cost]: Attach
this permanent to target creature you control. Activate only as a sorcery."); ``target``: its target phrase
without "target" (702.6c: "Equip [quality] creature" restricts it). And ``attach_to_created``, living weapon's
"then attach this Equipment to it" (702.92a): "it" is the one token the instruction before created."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: 702.92a: what living weapon means, the token it creates as the trigger's first instruction says it.
GERM = "0/0 black Phyrexian Germ creature token"

WORDS = (
    Word("attach_to_target", "effect", {"target": str}, lambda a: f"Attach this Equipment to target {a['target']}",
         frozenset({Scope.ATTACH}), ENGINE),
    Word("attach_to_created", "effect", {}, lambda a: "Then attach this Equipment to it",
         frozenset({Scope.ATTACH}), ENGINE),
)
