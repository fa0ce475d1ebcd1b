"""Words of the ``shields`` family: prevention shields on one object or player (615.7), regeneration
(701.19a), "can't be regenerated" (701.19c) and "if it would die this turn, exile it instead" (614.1a). Read by
the grammar's section "shields" (``phrases.lark``, start ``shield_effect``; ``words/shields/read.py``)
and performed by ``model/words/shields/perform.py``.

What a word applies to is one of: ``target`` (a target phrase, as the other words keep it: "creature", "any
target"), ``it`` (the one target of the instruction before, 608.2c), ``self`` (the source, "~"), or
``damaged`` (each creature the instruction before dealt damage to: "a creature dealt damage this way").
"""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

_SUBJECTS = ("target", "it", "self", "damaged", "you", "affects")


def _v_subject(a: dict) -> None:
    n = sum(1 for k in _SUBJECTS if a.get(k))
    if n != 1 and not (n == 2 and a.get("you") and a.get("affects")):
        raise DefinitionError(f"a shield applies to exactly one of {', '.join(_SUBJECTS)} (or you and a noun phrase)")


def _v_n(a: dict) -> None:
    _v_subject(a)
    if a.get("n", 0) < 1:
        raise DefinitionError("the next N damage: N must be 1 or more")


def _what(a: dict, creature: bool = False) -> str:
    if a.get("you") or a.get("affects"):
        return " and ".join(x for x in ("you" if a.get("you") else "", a.get("affects", "")) if x)
    if a.get("target"):
        t = a["target"]     # a counted phrase ("up to two target creatures") is kept whole (601.2c)
        return t if t == "any target" or "target" in t.split() or "targets" in t.split() else f"target {t}"
    if a.get("self"):
        return "~"
    if a.get("damaged"):
        return "a creature dealt damage this way"
    return "that creature" if creature else "it"


WORDS: tuple[Word, ...] = (
    # 701.19a, 614.8: "Regenerate target creature." / "Regenerate ~." / "Regenerate it.": a regeneration shield
    # used the next time it would be destroyed this turn.
    # ``affects``: "Regenerate each creature you control" (the permanents the noun phrase names as it resolves)
    Word("regenerate", "effect", {SELECTS: tuple, "target": str, "it": bool, "self": bool, "affects": str},
         lambda a: f"Regenerate {_what(a)}", frozenset({Scope.DIES}), ENGINE, _v_subject),
    # 701.19c: "Target creature can't be regenerated this turn." / "It can't be regenerated this turn." / "A
    # creature dealt damage this way can't be regenerated this turn."
    Word("no_regeneration_this_turn", "effect", {"target": str, "it": bool, "damaged": bool},
         lambda a: f"{_what(a)[:1].upper() + _what(a)[1:]} can't be regenerated this turn",
         frozenset({Scope.DIES}), ENGINE, _v_subject),
    # 614.1a, 700.4: "If a creature dealt damage this way would die this turn, exile it instead." / "If that
    # creature would die this turn, exile it instead." ``creature_only``: "If it's a creature, ..." (the
    # instruction before may have dealt damage to a player: then nothing happens).
    Word("exile_if_dies", "effect", {"it": bool, "damaged": bool, "creature_only": bool},
         lambda a: f"If {_what(a, True)} would die this turn, exile it instead", frozenset({Scope.DIES}), ENGINE,
         _v_subject),
    # 701.19c, 614.1a: "If it's a creature, it can't be regenerated this turn, and if it would die this turn,
    # exile it instead." (the instruction before's target, if it is a creature: both effects on it)
    Word("no_regeneration_exile", "effect", {"it": bool, "creature_only": bool},
         lambda a: "If it's a creature, it can't be regenerated this turn, and if it would die this turn, exile it "
                   "instead", frozenset({Scope.DIES}), ENGINE, _v_subject),
    # 615.7: "Prevent the next N damage that would be dealt to any target this turn." (a shield reduced by
    # what it prevents); ``n``: N.
    Word("prevent_next", "effect", {"n": int, "target": str, "self": bool, "it": bool, "you": bool},
         lambda a: f"Prevent the next {a['n']} damage that would be dealt to {_what(a)} this turn",
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE, _v_n),
    # 615.1a: "Prevent all damage that would be dealt to target creature this turn." / "... to it ..." / "...
    # to you and permanents you control ..." / "... to creatures ..." (``affects``: the noun phrase as written,
    # the permanents it names as the damage would be dealt); ``combat``: "all combat damage" (510.1).
    Word("prevent_all_to", "effect", {SELECTS: tuple, "target": str, "self": bool, "it": bool, "you": bool, "affects": str,
                                      "combat": bool},
         lambda a: f"Prevent all {'combat ' if a.get('combat') else ''}damage that would be dealt to {_what(a)} "
                   "this turn", frozenset({Scope.LIFE, Scope.DIES}), ENGINE, _v_subject),
    # 615.1a: "Prevent all damage target creature would deal this turn." (its damage to anything) / "... that
    # would be dealt by creatures this turn."
    Word("prevent_all_by", "effect", {SELECTS: tuple, "target": str, "self": bool, "it": bool, "affects": str, "combat": bool},
         lambda a: f"Prevent all {'combat ' if a.get('combat') else ''}damage {_what(a)} would deal this turn",
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE, _v_subject),
    # 701.19c: "It can't be regenerated" after a destroy: no regeneration shield is applied to that destruction
    # (the sentence of the instruction before it: ``resolve.run_effects`` gives it ``Ctx.no_regeneration``).
    Word("no_regeneration", "effect", {}, lambda a: "It can't be regenerated", frozenset(), ENGINE),
)
