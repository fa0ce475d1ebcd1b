"""Words of permanents (permanents entering and triggers): effects read by the
grammar's section of that name (``phrases.lark``) and performed by ``model/words/permanents/perform.py``."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.selectors import OBJECTS
from mtgjudge.model.vocab.abilities import count_word, plural_noun
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_unless(a: dict) -> None:
    """A payment names mana, life or both; ``per_counter`` multiplies only a payment."""
    if a["action"] == "pay" and not (a.get("mana") or a.get("life")):
        raise DefinitionError("sacrifice_unless: action pay needs mana, life or both")
    if a.get("per_counter") and a["action"] != "pay":
        raise DefinitionError("sacrifice_unless: per_counter is only for action pay")

WORDS: tuple[Word, ...] = (
    # 701.26a, 303.4b: "Tap enchanted creature." (an Aura's enters ability): ``what`` the noun after "enchanted".
    Word("tap_enchanted", "effect", {"what": str}, lambda a: f"Tap enchanted {a['what']}", frozenset(), ENGINE),
    # 400.6, 608.2c: "Return a land you control to its owner's hand": ``affects`` the kinds, which the
    # ability's controller controls; they choose one.
    Word("return_own", "effect", {OBJECTS: tuple, "affects": str}, lambda a: f"Return a {a['affects']} to its owner's hand",
         frozenset(), ENGINE),
    # 701.21a: "Sacrifice a creature": the ability's controller sacrifices one they control, of their choice.
    Word("sacrifice_own", "effect", {OBJECTS: tuple, "affects": str}, lambda a: f"Sacrifice a {a['affects']}",
         frozenset({Scope.DIES}), ENGINE),
    # 701.21a, 101.4: "Each opponent sacrifices a creature" (``who``: player or opponent).
    Word("sacrifice_each", "effect", {OBJECTS: tuple, "affects": str, "who": str},
         lambda a: f"Each {a['who']} sacrifices a {a['affects']}", frozenset({Scope.DIES}), ENGINE),
    # 701.39a: "Bolster N".
    Word("bolster", "effect", {"n": int}, lambda a: f"Bolster {a['n']}", frozenset({Scope.POWER_TOUGHNESS}), ENGINE),
    # 118.12a: "Sacrifice it unless you [cost]": ``action`` pay (``mana``, ``life`` or both, through the payment
    # model; ``per_counter``: that much for each counter of that kind on it as it resolves, 702.24a), return_own or
    # sacrifice_own (a permanent of the kinds ``affects``, or ``n`` of them), discard (a card, or ``n`` cards, of the
    # kinds ``affects`` if given; ``random``); ``exile``: "Exile it unless ..." (not paying exiles it instead).
    Word("sacrifice_unless", "effect", {OBJECTS: tuple, "action": str, "mana": str, "life": int, "per_counter": str, "affects": str,
                                        "random": bool, "n": int, "exile": bool},
         lambda a: ("Exile" if a.get("exile") else "Sacrifice") + " this unless you " + {
             "pay": "pay " + " and ".join(p for p in (a.get("mana"), f"{a['life']} life" if "life" in a else None) if p)
                    + (f" for each {a['per_counter']} counter on it" if a.get("per_counter") else ""),
             "return_own": (f"return {count_word(a['n'])} {plural_noun(a.get('affects', ''))} to their owner's hand"
                            if a.get("n", 1) > 1 else f"return a {a.get('affects')} to its owner's hand"),
             "sacrifice_own": (f"sacrifice {count_word(a['n'])} {plural_noun(a.get('affects', ''))}"
                               if a.get("n", 1) > 1 else f"sacrifice a {a.get('affects')}"),
             "discard": (f"discard {count_word(a['n'])} {a.get('affects') or ''} cards" if a.get("n", 1) > 1 else
                         f"discard a {a.get('affects') or ''} card").replace("  ", " ")
             + (" at random" if a.get("random") else "")}[a["action"]],
         frozenset({Scope.DIES, Scope.DISCARD, Scope.LIFE}), ENGINE, _v_unless),
)
