"""Words of the card's own entering, round 2 (slice `etb2` of issue 9, round 4): Tribute (702.104)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_tribute(args: dict) -> None:
    if not isinstance(args.get("n"), int) or args["n"] < 1:
        raise DefinitionError(f"tribute: n must be a positive number, not {args.get('n')!r}")


WORDS = (
    # 701.26b: "Untap up to N lands": the ability's controller chooses at most ``n`` permanents the phrase
    # ``affects`` names (any player's) and untaps them.
    Word("untap_up_to", "effect", {"n": int, "affects": str}, lambda a: f"Untap up to {a['n']} {a['affects']}s",
         frozenset({Scope.UNTAP}), ENGINE),
    # 702.104a: "Tribute N" means "As this creature enters, an opponent of your choice may put N +1/+1 counters on
    # it" (a replacement effect, 614.1c); 702.104b: "tribute wasn't paid" if that player chose not to.
    Word("tribute", "static", {"n": int}, lambda s: f"Tribute {s.arg('n')}", frozenset({Scope.ENTERS}), ENGINE,
         _v_tribute),
)
