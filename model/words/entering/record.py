"""Words of a permanent's own triggers and entering: the intervening "if" clause (603.4), fighting (701.14a),
counters on each permanent of a kind (122.1), untapping
up to N lands (701.26b), Tribute (702.104), Devour (702.82) and Amplify (702.38)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.abilities import count_word
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word


ENGINE = frozenset({"engine"})


WORDS: tuple[Word, ...] = (
    # (the condition is read by ``oracle.intervening``, which builds this word only from a condition it reads;
    # the engine reads it again and answers unsupported for one it does not read)
    # 603.4: "When/Whenever/At ..., if <condition>, <effect>": the first effect of the ability; it triggers only
    # if the condition is true, and does nothing on resolution if it is false then.
    # ``reading``, ``counts``: the condition as read when the card was compiled (``conditions.read.condition_args``)
    Word("intervening_if", "effect", {"condition": str, "reading": tuple, "counts": tuple},
         lambda a: f"If {a['condition']}, (the next instruction)",
         frozenset({Scope.RESOLUTION}), ENGINE),
    # 701.14a: "~ fights target creature you don't control": the permanent itself and the target.
    Word("fight_self", "effect", {"target": str}, lambda a: f"have this fight target {a['target']}",
         frozenset({Scope.DIES}), ENGINE),
    # 122.1, 611.2c: "Put a +1/+1 counter on each creature you control": each permanent named as it resolves.
    Word("counters_each", "effect", {SELECTS: tuple, "n": int, "kind": str, "affects": str},
         lambda a: f"Put {count_word(a['n'])} {a['kind']} counter{'s' if a['n'] != 1 else ''} on each {a['affects']}",
         frozenset({Scope.POWER_TOUGHNESS, Scope.DIES}), ENGINE),
)




def _v_tribute(args: dict) -> None:
    if not isinstance(args.get("n"), int) or args["n"] < 1:
        raise DefinitionError(f"tribute: n must be a positive number, not {args.get('n')!r}")


WORDS = WORDS + (
    # 701.26b: "Untap up to N lands": the ability's controller chooses at most ``n`` permanents the phrase
    # ``affects`` names (any player's) and untaps them.
    Word("untap_up_to", "effect", {SELECTS: tuple, "n": int, "affects": str}, lambda a: f"Untap up to {a['n']} {a['affects']}s",
         frozenset({Scope.UNTAP}), ENGINE),
    # 702.104a: "Tribute N" means "As this creature enters, an opponent of your choice may put N +1/+1 counters on
    # it" (a replacement effect, 614.1c); 702.104b: "tribute wasn't paid" if that player chose not to.
    Word("tribute", "static", {"n": int}, lambda s: f"Tribute {s.arg('n')}", frozenset({Scope.ENTERS}), ENGINE,
         _v_tribute),
)


def _v_positive(name: str):
    def check(args: dict) -> None:
        n = args.get("n")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise DefinitionError(f"{name}: n must be a positive number, not {n!r}")
    return check


WORDS = WORDS + (
    # 702.82a: "Devour N" means "As this object enters, you may sacrifice any number of creatures. This permanent
    # enters with N +1/+1 counters on it for each creature sacrificed this way" (a replacement effect, 614.1c).
    Word("devour", "static", {"n": int}, lambda s: f"Devour {s.arg('n')}", frozenset({Scope.ENTERS, Scope.DIES}),
         ENGINE, _v_positive("devour")),
    # 702.38a: "Amplify N" means "As this object enters, reveal any number of cards from your hand that share a
    # creature type with it. This permanent enters with N +1/+1 counters on it for each card revealed this way."
    Word("amplify", "static", {"n": int}, lambda s: f"Amplify {s.arg('n')}", frozenset({Scope.ENTERS}), ENGINE,
         _v_positive("amplify")),
)
