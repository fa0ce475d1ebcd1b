"""Sentences about turns (CR 500.7): "Take an extra turn after this one." and "Target player takes two extra
turns after this one.", read whole as the word ``extra_turn`` (``words.turns.perform`` performs it)."""
from __future__ import annotations

import re
from mtgjudge.model import patterns


def sentence_patterns(num: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its number expression."""
    return (
        (patterns.compile(rf"^Take {num} extra turns? after this one\.$", re.I), "extra_turn", ("n",)),
        (patterns.compile(rf"^(target player) takes {num} extra turns? after this one\.$", re.I), "extra_turn",
         ("target", "n")),
    )


#: The zone of a word's target where it is not the battlefield (``lines.effect_word``): None, a player.
TARGET_ZONES = {"extra_turn": None}
