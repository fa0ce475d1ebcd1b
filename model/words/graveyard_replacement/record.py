"""The word of statics that exile what would be put into a graveyard (614.1a): ``graveyard_to_exile``, "If a card
or token would be put into a graveyard from anywhere, exile it instead." (Rest in Peace: ``tokens``) and "If a
card would be put into an opponent's graveyard from anywhere, exile it instead." (Leyline of the Void:
``opponents``, the graveyards of its controller's opponents). A card goes to its owner's graveyard (400.3), so
"an opponent's graveyard" is a card an opponent owns. Applied by ``engine.zones.move`` (and so to dying, 700.4:
a creature exiled instead never dies, and "dies" abilities don't trigger)."""
from __future__ import annotations

from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word


def _r_to_exile(s: StaticEffect) -> str:
    what = "a card or token" if s.arg("tokens", False) else "a card"
    where = "an opponent's graveyard" if s.arg("opponents", False) else "a graveyard"
    return f"If {what} would be put into {where} from anywhere, exile it instead"


WORDS = (
    Word("graveyard_to_exile", "static", {"tokens": bool, "opponents": bool}, _r_to_exile,
         frozenset({Scope.DIES, Scope.DISCARD, Scope.RESOLUTION}), frozenset({"engine"})),
)
