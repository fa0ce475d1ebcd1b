"""Attaching (CR 701.3): the word ``attach_to_target``, the effect of an equip ability (702.6a: "[Cost]: Attach
this permanent to target creature you control. Activate only as a sorcery."); ``target``: its target phrase
without "target" (702.6c: "Equip [quality] creature" restricts it)."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

WORDS = (
    Word("attach_to_target", "effect", {"target": str}, lambda a: f"Attach this Equipment to target {a['target']}",
         frozenset({Scope.ATTACH}), ENGINE),
)
