"""Reading cipher (702.99a) from Oracle text: the keyword line "Cipher" of an instant or sorcery (its reminder text
is gone before a line is read, 207.2), read as the spell ability it means, the spell's last instruction (the word
``cipher``, ``words.cipher.record``). "Cipher" on a card that is no instant or sorcery, or with anything after it,
is not read here: the keyword table keeps it unmodelled (``vocab.keywords``)."""
from __future__ import annotations

from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.cipher.record import KEYWORD, WORD


def cipher_line(body: str, printed: str, spell: bool) -> list[Ability] | None:
    """The line "Cipher" of an instant or sorcery (``spell``) as its spell ability; None for any other line."""
    if not spell or body.strip() != KEYWORD:
        return None
    return [Ability("spell", effects=(parse_effect(WORD),), keyword=KEYWORD, source_text=printed)]
