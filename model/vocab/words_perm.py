"""Words of the "perm" family of issue 9 (permanents entering, tokens and triggers): effects read by the
grammar's section of that name (``phrases.lark``) and performed by ``model/engine/perm.py``."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

WORDS: tuple[Word, ...] = (
    # 701.26a, 303.4b: "Tap enchanted creature." (an Aura's enters ability): ``what`` the noun after "enchanted".
    Word("tap_enchanted", "effect", {"what": str}, lambda a: f"Tap enchanted {a['what']}", frozenset(), ENGINE),
)
