"""Cipher (CR 702.99): on an instant or sorcery, two abilities (702.99a). The first is a spell ability, "If this
spell is represented by a card, you may exile this card encoded on a creature you control": the word ``cipher``,
the spell's last instruction (the keyword is its last paragraph, 608.2c; "the spell with cipher is encoded on the
creature as part of that spell's resolution, just after the spell's other effects", ruling 2013-04-15), performed
by ``words.cipher.perform``. The second is a static ability that functions while the card is in exile: for as long
as the card is encoded on that creature, the creature has "Whenever this creature deals combat damage to a player,
you may copy the encoded card and you may cast the copy without paying its mana cost." The engine does not cast
that copy (707.12): combat damage to a player by a creature a card is encoded on is unsupported, naming it
(``engine.triggers``).

The relation "encoded" (702.99b) is the exiled card's ``encoded_on``, the id of the creature chosen; it holds as
long as the card stays exiled and that object stays on the battlefield, whoever controls it and whether or not it
is still a creature (702.99c): a zone change of the card makes a new object that is encoded on nothing, one of the
creature leaves the reference naming no object (400.7, ``engine.zones``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

if TYPE_CHECKING:
    from mtgjudge.model.objects import GameObject
    from mtgjudge.model.state import GameState
    from mtgjudge.model.vocab.abilities import Ability

KEYWORD = "Cipher"
#: The spell ability's word (702.99a).
WORD = "cipher"
#: What the encoded creature's ability says (702.99a), for the reasons that name it.
GRANTED = ("Whenever this creature deals combat damage to a player, you may copy the encoded card and you may cast "
           "the copy without paying its mana cost.")

WORDS = (
    # 702.99a: as the spell resolves, after its other instructions: exile it encoded on a creature its controller
    # controls, or not (each a branch); where the spell goes (608.2n) and what the creature then has (combat)
    Word(WORD, "effect", {}, lambda a: KEYWORD, frozenset({Scope.RESOLUTION, Scope.COMBAT}), frozenset({"engine"})),
)


def has_cipher(abilities: "tuple[Ability, ...]") -> bool:
    """Is cipher among these abilities, read whole (its spell ability, the word ``cipher``)?"""
    return any(a.kind == "spell" and a.keyword == KEYWORD and [e.kind for e in a.effects] == [WORD] for a in abilities)


def encoded_on(state: "GameState", card: "GameObject") -> str | None:
    """The permanent ``card`` is encoded on now (702.99b-c): a card in exile whose ``encoded_on`` names an object on
    the battlefield; None for any other object."""
    if card.zone != "exile" or card.encoded_on is None or not state.has(card.encoded_on):
        return None
    return card.encoded_on if state.obj(card.encoded_on).zone == "battlefield" else None


def encoded_cards(state: "GameState", permanent: str) -> "tuple[GameObject, ...]":
    """The cards encoded on the permanent ``permanent`` now (702.99c), each of which gives it the triggered ability
    of 702.99a."""
    return tuple(o for o in state.objects if o.encoded_on == permanent and encoded_on(state, o) == permanent)
