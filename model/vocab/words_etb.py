"""Words of triggered abilities' own conditions (slice `etb` of issue 9): the intervening "if" clause (603.4)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_condition(args: dict) -> None:
    # the condition must be one the engine evaluates (read the same way it will be, oracle.intervening)
    from mtgjudge.model.oracle.intervening import read_condition
    read_condition(args["condition"])
    if not isinstance(args["condition"], str):
        raise DefinitionError("intervening_if: condition must be text")


WORDS = (
    # 603.4: "When/Whenever/At ..., if <condition>, <effect>": the first effect of the ability; it triggers only
    # if the condition is true, and does nothing on resolution if it is false then.
    Word("intervening_if", "effect", {"condition": str}, lambda a: f"If {a['condition']},",
         frozenset({Scope.RESOLUTION}), ENGINE, _v_condition),
)
