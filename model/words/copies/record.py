"""Copies of spells (CR 707.10): the words that put a copy of a spell on the stack. ``copy_spell`` is "Copy target
<spell phrase>." (``new_targets``: followed by "You may choose new targets for the copy.", 707.10c); ``storm`` is the
instruction storm's triggered ability means (702.40a: "copy it for each other spell that was cast before it this
turn. If the spell has any targets, you may choose new targets for any of the copies."), taking no arguments:
"it" is the ability's source, the spell (702.40b: each instance is its own ability); ``replicate_copies`` is the
instruction replicate's triggered ability means (702.56a: a copy for each time its replicate cost was paid, each
with new targets if its controller chooses); ``conspire_copy`` conspire's (702.78a: one copy, if its conspire cost
was paid)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import target_words

ENGINE = frozenset({"engine"})

#: The instruction as 702.40a says it, the trigger condition apart.
STORM_TEXT = ("Copy it for each other spell that was cast before it this turn. If the spell has any targets, you may "
              "choose new targets for any of the copies")

#: The instruction of replicate's triggered ability as 702.56a says it ("When you cast this spell, if a replicate cost
#: was paid for it, copy it for each time ..."), the trigger condition and its intervening "if" apart.
REPLICATE_TEXT = ("Copy it for each time its replicate cost was paid. If the spell has any targets, you may choose new "
                  "targets for any of the copies")

#: The instruction of conspire's triggered ability as 702.78a says it ("When you cast this spell, if its conspire
#: cost was paid, copy it ..."), the trigger condition and its intervening "if" apart.
CONSPIRE_TEXT = "Copy it. If the spell has any targets, you may choose new targets for the copy"

#: The sentence after "Copy target ... spell." that lets the copy's controller change its targets (707.10c).
NEW_TARGETS = "You may choose new targets for the copy"


def _render_copy(a: dict) -> str:
    return f"Copy {target_words(a['target'])}" + (f". {NEW_TARGETS}" if a.get("new_targets") else "")


def _v_copy(a: dict) -> None:
    if not a.get("target"):
        raise DefinitionError("copy_spell needs target (a phrase naming spells)")


WORDS = (
    Word("copy_spell", "effect", {"target": str, "new_targets": bool}, _render_copy, frozenset({Scope.RESOLUTION}),
         ENGINE, _v_copy),
    Word("storm", "effect", {}, lambda a: STORM_TEXT, frozenset({Scope.RESOLUTION}), ENGINE),
    # 702.56a: replicate's triggered ability: "it" is its source, the spell; how often its replicate cost was paid
    # is the spell's (``GameObject.replicated``, chosen as it was cast)
    Word("replicate_copies", "effect", {}, lambda a: REPLICATE_TEXT, frozenset({Scope.RESOLUTION}), ENGINE),
    # 702.78a: conspire's triggered ability: one copy of "it", the spell, with new targets if its controller chooses
    Word("conspire_copy", "effect", {}, lambda a: CONSPIRE_TEXT, frozenset({Scope.RESOLUTION}), ENGINE),
)
