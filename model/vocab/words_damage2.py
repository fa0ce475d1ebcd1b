"""Words of the damage2 slice (issue 9, round 4): damage compounds and prevention add-ons, read by
``oracle/damage2.py`` (and the grammar's section "damage2") and performed by ``engine/damage2.py``."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts     # the one count concept
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

ENGINE = frozenset({"engine"})


def _v_n(a: dict) -> None:
    if not isinstance(a.get("n"), int) or a["n"] < 1:
        raise DefinitionError("needs n (1 or more)")


def _v_count(a: dict) -> None:
    counts.parse(str(a.get("count", "")))


def _r_source_choice(a: dict) -> str:
    if "n" not in a:
        return "Prevent all damage a source of your choice would deal this turn"
    to = "you" if a.get("you") else a.get("target", "any target")
    return f"Prevent the next {a['n']} damage that would be dealt to {to} this turn by a source of your choice"


WORDS: tuple[Word, ...] = (
    # 120.3, 608.2c: "This deals N (X) damage to each creature that player [or that planeswalker's controller]
    # controls": the player the instruction before targeted (or that planeswalker's controller).
    Word("damage_each_theirs", "effect", {"n": int, "x": bool, "it": bool},
         lambda a: f"This deals {a.get('n', 'X')} damage to each creature that player controls",
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE),
    # 609.7a, 615.1a, 615.7: "Prevent all damage a source of your choice would deal this turn" / "Prevent the
    # next N damage that would be dealt to any target this turn by a source of your choice": the source chosen
    # as the spell resolves (every source a branch); ``n``, ``target``, ``you``: the "next N" form's.
    Word("prevent_source_choice", "effect", {"n": int, "target": str, "you": bool}, _r_source_choice,
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE),
    # 120.3a, 608.2h: "This deals damage to each player (opponent) equal to the number of lands they control":
    # ``count`` written for "you", evaluated for each player (``opponents``: each opponent only).
    Word("damage_each_count", "effect", {"count": str, "opponents": bool},
         lambda a: f"This deals damage to each {'opponent' if a.get('opponents') else 'player'} equal to "
                   f"{a['count'].replace('you control', 'that player controls')}",
         frozenset({Scope.LIFE}), ENGINE, _v_count),
    # 120.3a, 800.4a: "This deals N damage to each player" (each player still in the game).
    Word("damage_each_player", "effect", {"n": int}, lambda a: f"This deals {a['n']} damage to each player",
         frozenset({Scope.LIFE}), ENGINE, _v_n),
    # 615.12 (and 614.16's like): "Damage can't be prevented this turn": prevention effects don't apply to
    # damage dealt for the rest of the turn (514.2 ends it).
    Word("no_prevention", "effect", {}, lambda a: "Damage can't be prevented this turn",
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE),
    # 615.7, 107.3a: "Prevent the next X damage that would be dealt to <it> this turn": the shield of
    # ``prevent_next`` with X, the value chosen as the spell was cast. Arguments: those of ``prevent_next``.
    Word("prevent_next_x", "effect", {"target": str, "self": bool, "it": bool, "you": bool},
         lambda a: "Prevent the next X damage that would be dealt to "
                   + ("you" if a.get("you") else "~" if a.get("self") else "it" if a.get("it")
                      else a.get("target", "any target")) + " this turn",
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE),
)
