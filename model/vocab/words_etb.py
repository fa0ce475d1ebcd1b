"""Words of triggered abilities' own conditions (slice `etb` of issue 9): the intervening "if" clause (603.4)."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


WORDS = (
    # (the condition is read by ``oracle.intervening``, which builds this word only from a condition it reads;
    # the engine reads it again and answers unsupported for one it does not read)
    # 603.4: "When/Whenever/At ..., if <condition>, <effect>": the first effect of the ability; it triggers only
    # if the condition is true, and does nothing on resolution if it is false then.
    Word("intervening_if", "effect", {"condition": str}, lambda a: f"If {a['condition']},",
         frozenset({Scope.RESOLUTION}), ENGINE),
)
