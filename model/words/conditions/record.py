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
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})
_RESOLUTION = frozenset({Scope.RESOLUTION})


def _v_options(args: dict) -> dict:
    options = tuple(args["options"])
    if len(options) < 2 or not all(isinstance(o, str) and o for o in options):
        raise DefinitionError("a vote needs two or more options, each a word")
    return {**args, "options": options}


WORDS = (
    Word("if_state", "effect", {"condition": str}, lambda a: f"If {a['condition']}, (the next instruction)",
         _RESOLUTION, ENGINE),
    Word("state_instead", "effect", {"condition": str, "effect": Effect},
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
