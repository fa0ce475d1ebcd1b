"""Words of instructions that depend on a condition checked as the spell or ability resolves (608.2c) or on a
coin flip (705), read by ``words.conditions.read`` and performed by ``words.conditions.perform``.

Each is a marker on the effect that follows it in the ability's list: ``if_state`` makes the next effect
followed only if its condition is true then ("If you have 5 or less life, ..."); ``state_instead`` makes the
next effect followed only if its condition is false, and its ``effect`` (the same instruction with other
numbers, on the same target) followed instead if it is true (threshold: "If seven or more cards are in your
graveyard, ... instead"); ``coin_flip`` flips a coin (705.1) and ``if_won`` / ``if_lost`` make the next effect
followed only in the branch where the flip was won / lost; ``vote`` has the players vote (701.38a) and
``if_vote`` makes the next effect followed only where its option got more votes (or the vote is tied). A condition is read by
``words.conditions.read`` (the oracle layer is above this one): the engine reads it again and answers unsupported
for one it does not read."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import NUMBER_WORDS, Effect, StaticEffect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
_RESOLUTION = frozenset({Scope.RESOLUTION})


def _v_options(args: dict) -> dict:
    options = tuple(args["options"])
    if len(options) < 2 or not all(isinstance(o, str) and o for o in options):
        raise DefinitionError("a vote needs two or more options, each a word")
    return {**args, "options": options}


#: The conditions of a static ability "as long as ..." the layers decide (``rules.layers``), each on the state alone
#: (no characteristic a layer could change but the subtypes of what is attached, settled by layer 4): kind -> its
#: words, ``{n}`` its number, ``{counter}`` a counter's kind.
STATIC_CONDITIONS = {
    "graveyard_at_least": "{n} or more cards are in your graveyard",
    "hand_at_least": "you have {n} or more cards in hand",
    "hand_at_most": "you have {n} or fewer cards in hand",
    "life_at_least": "you have {n} or more life",
    "life_at_most": "you have {n} or less life",
    "opponent_life_at_most": "an opponent has {n} or less life",
    "equipped": "this is equipped",
    "enchanted": "this is enchanted",
    "your_turn": "it's your turn",
    "not_your_turn": "it's not your turn",
    "attacking": "this is attacking",
    "untapped": "this is untapped",
    "counters_at_least": "this has {n} or more {counter} counters on it",
    "counters_at_most": "this has {n} or fewer {counter} counters on it",
    # "you control three or more artifacts" (metalcraft), "you control a Swamp", "you control no untapped lands":
    # ``said`` the words after "you control", ``selects`` their reading, ``n`` how many (``read._control_condition``)
    "control_at_least": "you control {said}",
    "control_none": "you control {said}",
    # 702.109a: dash's "As long as this permanent's dash cost was paid, it has haste" (``GameObject.dashed``)
    "dashed": "its dash cost was paid",
}
#: The static words a condition may govern: the object's own keywords (613.1f) and power and toughness (613.4c), and
#: its restrictions and requirements of declaring attackers and blockers (508.1c-d, 509.1b-c: ``rules.combat.declare``
#: decides the condition as the declaration is made).
CONDITIONED = ("grant_keyword", "pt_change", "declaring_rule")


def condition_text(c: dict) -> str:
    """The words of a static condition (``STATIC_CONDITIONS``; kept as pairs in a StaticEffect's arguments)."""
    c = dict(c)
    n = c.get("n", "")
    said = NUMBER_WORDS[n] if isinstance(n, int) and 0 <= n < len(NUMBER_WORDS) else str(n)   # as Oracle text says it
    return STATIC_CONDITIONS[c["kind"]].format(n=said, counter=c.get("counter", ""), said=c.get("said", ""))


def _v_as_long_as(args: dict) -> None:
    c, inner = args.get("condition"), args.get("static")
    if not isinstance(c, dict) or c.get("kind") not in STATIC_CONDITIONS:
        raise DefinitionError(f"as_long_as: the condition's kind is one of {sorted(STATIC_CONDITIONS)}")
    if not isinstance(inner, StaticEffect) or inner.kind not in CONDITIONED or inner.affects is not None \
            or inner.arg("enchanted"):
        raise DefinitionError(f"as_long_as: the static is one of {CONDITIONED}, about the object itself")


WORDS = (
    # 611.3a, 604.2: "As long as seven or more cards are in your graveyard, ~ gets +1/+1 and has flying." (threshold),
    # "~ has flying as long as it's enchanted.": the static ``static`` applies only while ``condition`` holds,
    # decided by the layers each time they apply (613). Scopes: the static's own.
    Word("as_long_as", "static", {"condition": object, "static": StaticEffect},
         lambda s: f"{s.arg('static').text().rstrip('.')} as long as {condition_text(s.arg('condition'))}",
         frozenset({Scope.CHARACTERISTICS, Scope.POWER_TOUGHNESS}), frozenset({"layers", "engine"}), _v_as_long_as),
    # ``reading``, ``counts``: the condition as read when the card was compiled (``conditions.read.condition_args``)
    Word("if_state", "effect", {"condition": str, "reading": tuple, "counts": tuple},
         lambda a: f"If {a['condition']}, (the next instruction)",
         _RESOLUTION, ENGINE),
    Word("state_instead", "effect", {"condition": str, "reading": tuple, "counts": tuple, "effect": Effect},
         lambda a: f"If {a['condition']}, {a['effect'].text()} instead (of the next instruction)",
         _RESOLUTION, ENGINE),
    Word("coin_flip", "effect", {}, lambda a: "Flip a coin", _RESOLUTION, ENGINE),
    Word("if_won", "effect", {}, lambda a: "If you win the flip, (the next instruction)", _RESOLUTION, ENGINE),
    Word("if_lost", "effect", {}, lambda a: "If you lose the flip, (the next instruction)", _RESOLUTION, ENGINE),
    # 701.38a: "Starting with you, each player votes for time or knowledge."
    Word("vote", "effect", {"options": object},
         lambda a: f"Starting with you, each player votes for {' or '.join(a['options'])}", _RESOLUTION, ENGINE,
         _v_options),
    Word("if_vote", "effect", {"option": str, "or_tied": bool},
         lambda a: f"If {a['option']} gets more votes{' or the vote is tied' if a.get('or_tied') else ''}, "
                   "(the next instruction)", _RESOLUTION, ENGINE),
)
