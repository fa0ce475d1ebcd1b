"""Words of optional instructions (608.2d) and of the instructions that depend on that choice (608.2c).

Each is a marker on the effect that follows it in the ability's list: ``optional`` makes the next effect an
instruction the controller may follow ("You may destroy target creature."), ``if_you_do`` / ``if_you_dont``
make the next effect performed only if the controller did / didn't follow the last optional instruction before
it ("If you do, draw a card.")."""
from __future__ import annotations

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

WORDS = (
    # 608.2d: "You may <instruction>": the choice is made as the spell or ability resolves.
    Word("optional", "effect", {}, lambda a: "You may (the next instruction)", frozenset({Scope.RESOLUTION}), ENGINE),
    # 608.2c: "If you do, <instruction>" / "If you don't, <instruction>" after an optional instruction.
    Word("if_you_do", "effect", {}, lambda a: "If you do, (the next instruction)", frozenset({Scope.RESOLUTION}),
         ENGINE),
    Word("if_you_dont", "effect", {}, lambda a: "If you don't, (the next instruction)",
         frozenset({Scope.RESOLUTION}), ENGINE),
)
