"""Words of instructions that depend on whether the resolving spell was kicked (702.33d-e, 608.2c).

Each is a marker on the effect that follows it in the ability's list: ``if_kicked`` makes the next effect
followed only if the spell was kicked ("If this spell was kicked, draw a card."); ``kicked_instead`` makes the
next effect followed only if it was not, and its ``effect`` (the same instruction with the kicked numbers, on
the same target) followed instead if it was ("Target creature gets +2/+2 until end of turn. If this spell was
kicked, that creature gets +5/+5 until end of turn instead.")."""
from __future__ import annotations

from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

WORDS = (
    Word("if_kicked", "effect", {}, lambda a: "If this spell was kicked, (the next instruction)",
         frozenset({Scope.RESOLUTION}), ENGINE),
    # 113.6g: "This spell can't be countered." functions on the stack; countering it does nothing (701.6a)
    # with ``x_at_least`` N (Banefire): only while the X chosen as it was cast is N or more (107.3, 601.2b), and with
    # ``damage_unpreventable`` the spell's damage can't be prevented then either (615.12)
    Word("cant_be_countered", "static", {"x_at_least": int, "damage_unpreventable": bool},
         lambda s: (f"If X is {s.arg('x_at_least')} or more, this spell can't be countered"
                    + (" and the damage can't be prevented" if s.arg("damage_unpreventable") else "")
                    if s.arg("x_at_least") is not None else "This spell can't be countered"),
         frozenset({Scope.RESOLUTION, Scope.LIFE, Scope.DIES}), ENGINE),
    Word("kicked_instead", "effect", {"effect": Effect},
         lambda a: f"If this spell was kicked, {a['effect'].text()} instead (of the next instruction)",
         frozenset({Scope.RESOLUTION}), ENGINE),
)
