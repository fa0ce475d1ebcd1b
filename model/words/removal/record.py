"""Words of removal: sacrificing the object itself (701.21a); gaining control of a target permanent (613.1b); destroying,
exiling or returning two targets with one instruction (701.8a, 406.3, 400.6)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import _target_words, _v_target

ENGINE = frozenset({"engine"})


def _v_all_of(a: dict) -> None:
    _v_target(a)
    if not a.get("affects"):
        raise DefinitionError("needs affects (a noun phrase)")


def _v_two(a: dict) -> None:
    _v_target(a)
    if not a.get("target2"):
        raise DefinitionError("needs target2 (a second target phrase)")

WORDS = (
    # 701.21a: "Sacrifice ~." (an instruction of the object's own ability: its controller sacrifices it);
    # ``self_as_it``: the text says "it", the object its trigger condition names (608.2c: "When ~ enters,
    # sacrifice it.")
    Word("sacrifice_self", "effect", {"self_as_it": bool},
         lambda a: "Sacrifice it" if a.get("self_as_it") else "Sacrifice this", frozenset({Scope.DIES}), ENGINE),
    # 613.1b, 611.2a: "Gain control of target creature." (for the rest of the game: no duration is stated)
    Word("gain_control", "effect", {"target": str}, lambda a: f"Gain control of {_target_words(a['target'])}",
         frozenset({Scope.RESOLUTION}), ENGINE, _v_target),
    # 701.8a, 406.3, 400.6: one instruction on two uses of "target" ("Destroy target creature and target land"):
    # both leave the battlefield at once
    Word("destroy_two", "effect", {"target": str, "target2": str},
         lambda a: f"Destroy {_target_words(a['target'])} and {_target_words(a['target2'])}", frozenset({Scope.DIES}),
         ENGINE, _v_two),
    Word("exile_two", "effect", {"target": str, "target2": str},
         lambda a: f"Exile {_target_words(a['target'])} and {_target_words(a['target2'])}", frozenset(), ENGINE, _v_two),
    Word("bounce_two", "effect", {"target": str, "target2": str},
         lambda a: f"Return {_target_words(a['target'])} and {_target_words(a['target2'])} to their owners' hands",
         frozenset(), ENGINE, _v_two),
    # 613.1b, 611.2a: "Gain control of all permanents you own." (``affects``: the kinds, ``phrases.parse_nps``)
    Word("gain_control_owned", "effect", {"affects": str}, lambda a: f"Gain control of all {a['affects']} you own",
         frozenset({Scope.RESOLUTION}), ENGINE),
    # 701.8a, 608.2d: "Destroy all lands or all creatures." (the spell's controller chooses as it resolves)
    Word("destroy_all_or", "effect", {"affects": str, "affects2": str},
         lambda a: f"Destroy all {a['affects']} or all {a['affects2']}", frozenset({Scope.DIES}), ENGINE),
    # 701.8a, 406.3, 400.6: "Destroy all enchantments target player controls." (``affects``: the kinds, read by
    # ``phrases.parse_nps``; ``target``: the player)
    Word("destroy_all_of", "effect", {"affects": str, "target": str},
         lambda a: f"Destroy all {a['affects']} {_target_words(a['target'])} controls", frozenset({Scope.DIES}), ENGINE,
         _v_all_of),
    Word("exile_all_of", "effect", {"affects": str, "target": str},
         lambda a: f"Exile all {a['affects']} {_target_words(a['target'])} controls", frozenset(), ENGINE, _v_all_of),
    Word("bounce_all_of", "effect", {"affects": str, "target": str},
         lambda a: f"Return all {a['affects']} {_target_words(a['target'])} controls to their owners' hands",
         frozenset(), ENGINE, _v_all_of),
)
