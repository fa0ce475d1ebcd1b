"""Words of removal: destroying (701.8a), exiling (406.3, 701.13a) or returning to its owner's hand (400.6) a target
permanent, two targets with one instruction, or every permanent a phrase names ("all"/"each", also of a target
player's); a target player sacrificing one of theirs, sacrificing the object itself (701.21a) and returning it to
its owner's hand (400.6); and exiling a target player's graveyard (406.2). Gaining control is ``words.control``'s."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import counted_targets, target_words, v_target

ENGINE = frozenset({"engine"})


def _v_all_of(a: dict) -> None:
    v_target(a)
    if not a.get("affects"):
        raise DefinitionError("needs affects (a noun phrase)")


def _v_two(a: dict) -> None:
    v_target(a)
    if not a.get("target2"):
        raise DefinitionError("needs target2 (a second target phrase)")

WORDS = (
    # 701.8a: "Destroy target creature".
    Word("destroy", "effect", {"target": str}, lambda a: f"Destroy {target_words(a['target'])}", frozenset({Scope.DIES}),
         ENGINE, v_target),
    # 406.3 (701.13a): "Exile target creature".
    Word("exile", "effect", {"target": str}, lambda a: f"Exile {target_words(a['target'])}", frozenset(), ENGINE, v_target),
    # 400.6: "Return target creature to its owner's hand".
    Word("bounce", "effect", {"target": str}, lambda a: f"Return {target_words(a['target'])} to "
         + ("their owners' hands" if counted_targets(a["target"]) and not a["target"].startswith(("target ", "up to one "))
            else "its owner's hand"),
         frozenset(), ENGINE, v_target),
    # 701.8a, 608.2c: "Destroy all creatures": every permanent the phrase names, at once.
    Word("destroy_all", "effect", {SELECTS: tuple, "affects": str}, lambda a: f"Destroy all {a['affects']}", frozenset({Scope.DIES}),
         ENGINE),
    # 406.3, 400.6: "Exile all ...", "Return all ... to their owners' hands".
    Word("exile_all", "effect", {SELECTS: tuple, "affects": str}, lambda a: f"Exile all {a['affects']}", frozenset(), ENGINE),
    Word("bounce_all", "effect", {SELECTS: tuple, "affects": str}, lambda a: f"Return all {a['affects']} to their owners' hands",
         frozenset(), ENGINE),
    # 701.21a: "Target player sacrifices a creature": that player chooses one of theirs.
    Word("edict", "effect", {SELECTS: tuple, "target": str, "affects": str},
         lambda a: f"Target {a['target']} sacrifices a {a['affects']}", frozenset({Scope.DIES}), ENGINE, v_target),
    # 406.2, 400.6: "Exile all cards from target player's graveyard": every card there, at once.
    Word("exile_graveyard", "effect", {"target": str},
         lambda a: f"Exile all cards from target {a['target']}'s graveyard", frozenset(), ENGINE),
    # 701.21a: "Sacrifice ~." (an instruction of the object's own ability: its controller sacrifices it);
    # ``self_as_it``: the text says "it", the object its trigger condition names (608.2c: "When ~ enters,
    # sacrifice it.")
    Word("sacrifice_self", "effect", {"self_as_it": bool},
         lambda a: "Sacrifice it" if a.get("self_as_it") else "Sacrifice this", frozenset({Scope.DIES}), ENGINE),
    # 400.6: "Return ~ to its owner's hand." (the permanent whose ability it is, if it is still that object on the
    # battlefield, 400.7; the card of a resolving instant or sorcery, instead of its graveyard, 608.2n)
    Word("bounce_self", "effect", {}, lambda a: "Return this to its owner's hand", frozenset(), ENGINE),
    # 406.3, 608.2n: "Exile ~." (the same two objects: an instant or sorcery exiling itself, and so not put into the
    # graveyard; a permanent's own ability exiling it)
    Word("exile_self", "effect", {}, lambda a: "Exile ~", frozenset({Scope.RESOLUTION}), ENGINE),
    # 701.8a, 406.3, 400.6: one instruction on two uses of "target" ("Destroy target creature and target land"):
    # both leave the battlefield at once
    Word("destroy_two", "effect", {"target": str, "target2": str},
         lambda a: f"Destroy {target_words(a['target'])} and {target_words(a['target2'])}", frozenset({Scope.DIES}),
         ENGINE, _v_two),
    Word("exile_two", "effect", {"target": str, "target2": str},
         lambda a: f"Exile {target_words(a['target'])} and {target_words(a['target2'])}", frozenset(), ENGINE, _v_two),
    Word("bounce_two", "effect", {"target": str, "target2": str},
         lambda a: f"Return {target_words(a['target'])} and {target_words(a['target2'])} to their owners' hands",
         frozenset(), ENGINE, _v_two),
    # 701.8a, 608.2d: "Destroy all lands or all creatures." (the spell's controller chooses as it resolves)
    Word("destroy_all_or", "effect", {SELECTS: tuple, "affects": str, "affects2": str},
         lambda a: f"Destroy all {a['affects']} or all {a['affects2']}", frozenset({Scope.DIES}), ENGINE),
    # 701.8a, 406.3, 400.6: "Destroy all enchantments target player controls." (``affects``: the kinds, read by
    # ``phrases.parse_nps``; ``target``: the player)
    Word("destroy_all_of", "effect", {SELECTS: tuple, "affects": str, "target": str},
         lambda a: f"Destroy all {a['affects']} {target_words(a['target'])} controls", frozenset({Scope.DIES}), ENGINE,
         _v_all_of),
    Word("exile_all_of", "effect", {SELECTS: tuple, "affects": str, "target": str},
         lambda a: f"Exile all {a['affects']} {target_words(a['target'])} controls", frozenset(), ENGINE, _v_all_of),
    Word("bounce_all_of", "effect", {SELECTS: tuple, "affects": str, "target": str},
         lambda a: f"Return all {a['affects']} {target_words(a['target'])} controls to their owners' hands",
         frozenset(), ENGINE, _v_all_of),
)
