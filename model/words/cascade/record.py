"""Cascade (CR 702.85a): the word ``cascade``, the instruction the keyword's triggered ability means ("When you
cast this spell, exile cards from the top of your library until you exile a nonland card whose mana value is less
than this spell's mana value. You may cast that card without paying its mana cost if the resulting spell's mana
value is less than this spell's mana value. Then put all cards exiled this way that weren't cast on the bottom of
your library in a random order."). It takes no arguments: "this spell" is the ability's source (702.85c: each
instance is its own ability)."""
from __future__ import annotations

from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})

#: The instruction as 702.85a says it, the trigger condition apart.
TEXT = ("exile cards from the top of your library until you exile a nonland card whose mana value is less than "
        "this spell's mana value. You may cast that card without paying its mana cost if the resulting spell's "
        "mana value is less than this spell's mana value. Then put all cards exiled this way that weren't cast on "
        "the bottom of your library in a random order")

WORDS = (
    Word("cascade", "effect", {}, lambda a: TEXT[0].upper() + TEXT[1:], frozenset(), ENGINE),
)
