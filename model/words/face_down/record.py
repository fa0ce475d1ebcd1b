"""Face-down spells and permanents (CR 702.37, 708): the morph ability a card's line says.

"Morph [cost]" (702.37a) and "Megamorph [cost]" (702.37b) are one static word, ``morph``: its ``cost`` (the cost
the special action of turning the permanent face up pays, 702.37e) and ``mega`` (megamorph: a +1/+1 counter as it
is turned face up for that cost). The word functions in every zone the card could be cast from (702.37a); what it
does there is one more way to cast the card, face down as a 2/2 creature spell for {3} (702.37c, 708.4), which
``legality`` decides. A face-down object has no text (708.2), so the word is never an ability of one: turning a
face-down permanent face up (116.2b, 702.37e) and the megamorph counter belong to the face-down permanent's rules,
which the model does not perform (``engine``: no special action turns a permanent face up). The characteristics
of a face-down object are ``rules.characteristics.printed_characteristics``'s (708.2a)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.grammar import parse_cost_text
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

#: The cost a face-down spell is cast for, rather than its mana cost (702.37a, 702.37c).
FACE_DOWN_COST = "{3}"
#: The power and toughness of a face-down spell or permanent (702.37a, 708.2a).
FACE_DOWN_PT = (2, 2)


def keyword(mega: bool) -> str:
    """The keyword's name as printed."""
    return "Megamorph" if mega else "Morph"


def morph_text(cost: str, mega: bool) -> str:
    """The line as Oracle text says it: "Morph {2}{W}{W}", "Morph—Reveal a white card in your hand" (a cost that is
    not only mana follows a dash)."""
    mana_only = all(p.kind == "mana" for p in parse_cost_text(cost, x_parts=True))
    return keyword(mega) + (" " if mana_only else "—") + cost


def _v_morph(a: dict) -> None:
    try:
        parse_cost_text(a.get("cost"), x_parts=True)      # 702.37f: X chosen as the special action is taken
    except DefinitionError as e:
        raise DefinitionError(f"cost: {e}") from None


WORDS = (
    # 702.37a-c: another way to cast the card (a cast option, decided where casting is: the permissions consumer)
    Word("morph", "static", {"cost": str, "mega": bool},
         lambda s: morph_text(s.arg("cost"), bool(s.arg("mega"))),
         frozenset({Scope.CAST_OPTIONS}), frozenset({"permissions"}), _v_morph),
)
