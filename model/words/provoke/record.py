"""Words of provoke (702.39a): "Provoke" means "Whenever this creature attacks, you may choose to have target creature
defending player controls block this creature this combat if able. If you do, untap that creature." (702.39b: each
instance triggers separately.)

The keyword is compiled as that triggered ability (``words.provoke.read``): its one effect ``provoke`` is the choice
and what follows it, performed by ``words.provoke.perform``: the requirement is an effect in force on the target until
the end of combat (``state.PTChange.blocks``), which declaring blockers obeys as it obeys every other requirement
(509.1c, ``rules.combat.declare``)."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
#: 702.39a: the trigger condition, and what may be targeted (508.5: the player the creature attacks).
TRIGGER = "Whenever ~ attacks"
TARGET = "creature defending player controls"
KEYWORD = "Provoke"
#: 702.39a's instruction, in the rule's words ("this creature" said "~").
MEANING = (f"you may choose to have target {TARGET} block ~ this combat if able. If you do, untap that creature")


WORDS: tuple[Word, ...] = (
    Word("provoke", "effect", {"target": str}, lambda a: MEANING[0].upper() + MEANING[1:],
         frozenset({Scope.UNTAP, Scope.COMBAT}), ENGINE),
)


def keyword_of(keyword: str, trigger: str, effects: tuple) -> str | None:
    """"Provoke" for the triggered ability that is exactly its meaning; None for any other ability."""
    if keyword != KEYWORD or trigger != TRIGGER or len(effects) != 1:
        return None
    e = effects[0]
    return KEYWORD if e.kind == "provoke" and e.arg("target") == TARGET else None
