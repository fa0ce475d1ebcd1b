"""Words of references between the instructions of one resolving spell or ability (608.2c, 608.2h): what an
instruction says of the object or player an earlier instruction acted on, or of that instruction's results
("this way"). Read by ``words.references.read``, performed by ``words.references.perform``.

- ``if_it``: a marker before an instruction performed only if the object the instruction before acted on
  ("it", "that creature", "the exiled card") has a quality: "If it's a Zombie card, draw a card." (608.2c;
  608.2h: as it last existed if it left its zone).
- ``its_controller``: a marker before an instruction performed by the controller of that object instead of
  the spell's controller ("Its controller creates a 3/3 green Beast creature token.", 608.2h).
- ``life_equal``: a player gains or loses life equal to an amount an earlier instruction gives: the power or
  toughness of the object it acted on (608.2h), the damage it dealt or the life it made players lose ("this
  way"), or the spell's X (107.3a).
- ``damage_count``: "~ deals damage to target creature equal to the number of lands you control" (120.3, a
  count of ``rules.counts`` read as it resolves, 608.2h).
- ``with_attached`` / ``attached_to_it``: "Destroy target creature and all Equipment attached to it", "Destroy
  all Equipment attached to that creature" (701.8a; what is attached to it now, 301.5, 303.4).
- ``flicker``: "Exile target creature you control, then return that card to the battlefield under its
  owner's control." (406.3, 400.7: the card returns as a new object).
"""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts          # the one count concept (what damage_count may count)
from mtgjudge.model.selectors import Selector
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import v_target

ENGINE = frozenset({"engine"})

#: What ``life_equal`` can be equal to.
AMOUNTS = ("power", "toughness", "mana value", "damage_this_way", "life_lost_this_way")
_AMOUNT_WORDS = {"power": "its power", "toughness": "its toughness", "mana value": "its mana value", "damage_this_way": "the damage dealt this way",
                 "life_lost_this_way": "the life lost this way"}


def _v_life_equal(a: dict) -> None:
    if a.get("who") not in ("you", "its controller"):
        raise DefinitionError(f"life_equal: who must be 'you' or 'its controller', not {a.get('who')!r}")
    if a.get("sign") not in (1, -1):
        raise DefinitionError("life_equal: sign is 1 (gains) or -1 (loses)")
    if a.get("equal") not in AMOUNTS:
        raise DefinitionError(f"life_equal: equal is one of {', '.join(AMOUNTS)}")


def _r_life_equal(a: dict) -> str:
    who = "You" if a["who"] == "you" else "Its controller"
    verb = ("gain" if a["sign"] > 0 else "lose") + ("s" if a["who"] != "you" else "")
    return f"{who} {verb} life equal to {_AMOUNT_WORDS[a['equal']]}"


def quality_selector(quality: str) -> Selector | None:
    """The selector of a quality an object is said to have ("a Zombie card", "an artifact creature",
    "legendary", "red or green"), or None if the grammar doesn't read it (``phrases.quality_selector``, where
    the cost grammar reads it too)."""
    return phrases.quality_selector(quality)


def _v_quality(a: dict) -> None:
    if quality_selector(str(a.get("quality", ""))) is None:
        raise DefinitionError(f"if_it: {a.get('quality')!r} is not a quality the verifier reads")


def _v_count(a: dict) -> dict:
    v_target(a)
    return counts.compiled(a, str(a.get("count", "")) or "-")


def _of_target(count: str) -> str:
    """A count of the target player's ("the number of cards in that player's hand")."""
    return count.replace("your ", "that player's ").replace(" you control", " that player controls")


_VERB_WORDS = {"destroy": "Destroy", "exile": "Exile", "bounce": "Return"}


def _v_attached(a: dict) -> None:
    if a.get("verb") not in _VERB_WORDS:
        raise DefinitionError(f"verb is one of {', '.join(_VERB_WORDS)}")
    _v_quality({"quality": a.get("what", "")})


#: What "Its controller" may do (608.2h): instructions with no target whose only player is "you", and no X.
CONTROLLER_DOES = ("create_tokens", "gain_life", "lose_life", "draw", "investigate")

WORDS = (
    # 608.2c, 608.2h: "If it's <quality>, <instruction>" (the object the instruction before acted on).
    Word("if_it", "effect", {"quality": str}, lambda a: f"If it's {a['quality']}, (the next instruction)",
         frozenset({Scope.RESOLUTION}), ENGINE, _v_quality),
    # 608.2h: "Its controller <does the next instruction>" (the controller of the object acted on).
    Word("its_controller", "effect", {}, lambda a: "Its controller (does the next instruction)",
         frozenset({Scope.RESOLUTION}), ENGINE),
    # 119.3, 608.2h, 107.3a: "You gain life equal to its power", "... the damage dealt this way", "You gain X life".
    Word("life_equal", "effect", {"who": str, "sign": int, "equal": str}, _r_life_equal, frozenset({Scope.LIFE}),
         ENGINE, _v_life_equal),
    # 120.3, 608.2h: "~ deals damage to target creature equal to the number of lands you control" (a count).
    # ``of_target``: the count is the target player's ("... equal to the number of cards in that player's hand").
    Word("damage_count", "effect", {"target": str, "count": str, "of_target": bool, counts.ARG: tuple},
         lambda a: f"This deals damage to {'any target' if a['target'] == 'any target' else 'target ' + a['target']} "
                   f"equal to {_of_target(a['count']) if a.get('of_target') else a['count']}",
         frozenset({Scope.LIFE}),
         ENGINE, _v_count),
    # 701.8a, 406.3, 400.6: "Destroy target creature and all Equipment attached to it" (they leave together).
    Word("with_attached", "effect", {"verb": str, "target": str, "what": str},
         lambda a: f"{_VERB_WORDS[a['verb']]} target {a['target']} and all {a['what']} attached to it"
                   + (" to their owners' hands" if a["verb"] == "bounce" else ""), frozenset({Scope.DIES}), ENGINE,
         _v_attached),
    # 608.2c: "Destroy all Equipment attached to that creature" (the object the instruction before acted on).
    Word("attached_to_it", "effect", {"verb": str, "what": str, "it": bool},
         lambda a: f"{_VERB_WORDS[a['verb']]} all {a['what']} attached to that creature", frozenset({Scope.DIES}),
         ENGINE, _v_attached),
    # 406.3, 400.7, 610.3: "Exile target creature you control, then return that card to the battlefield under
    # its owner's control" (a new object, which doesn't remember the old one).
    Word("flicker", "effect", {"target": str, "under": str},
         lambda a: f"Exile target {a['target']}, then return that card to the battlefield under "
                   f"{'your' if a.get('under') == 'you' else 'its owner' + chr(39) + 's'} control",
         frozenset({Scope.ENTERS}), ENGINE, v_target),
)
