"""Words of damage and its prevention that the engine performs (120, 615).

- ``damage_x``: "This deals X damage to <target>" (107.3a: X is the value chosen as the spell was cast).
- ``damage_divided``: "This deals N damage divided as you choose among one or two targets" (601.2d).
- ``counter_unless_pays``: "Counter target spell unless its controller pays {N}" (701.6a, 118.12a: the
  spell's controller may pay; if they don't, it is countered).
- compounds and prevention add-ons: damage counted (107.3e, 608.2h), to each player or each creature a player
  controls (120.3a, 608.2c), "can't be prevented" (615.12), "Prevent the next X damage" (615.7) and "a source of
  your choice" (609.7a). Read by ``words.damage.read`` and performed by ``words.damage.perform``."""
from __future__ import annotations

import re
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.rules import counts
from mtgjudge.model.selectors import SELECTS
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import countered_rider, target_words, v_counter, v_target


ENGINE = frozenset({"engine"})


def _v_mana(a: dict) -> dict:
    if not re.fullmatch(r"(\{[0-9WUBRGC]+\})+|\{X\}", str(a.get("cost", ""))):
        raise DefinitionError(f"counter_unless_pays: cost must be mana symbols, not {a.get('cost')!r}")
    v_counter(a)
    return counts.compiled(a, a.get("per") or "")


def _v_divided(a: dict) -> None:
    v_target(a)
    if ("n" in a) == bool(a.get("x")) or ("n" in a and a["n"] < 1):
        raise DefinitionError("damage_divided: n (1 or more) or x, not both")


def _v_two(a: dict) -> None:
    if not a.get("target2") or bool(a.get("target")) == bool(a.get("it")):
        raise DefinitionError("needs target2 and either target or it (the target of the effect before)")


def _v_that_much(a: dict) -> None:
    if bool(a.get("target")) == bool(a.get("you")):
        raise DefinitionError("damage_that_much: a target or you, one of them")


def _first(a: dict) -> str:
    return "It" if a.get("it") else target_words(a["target"]).capitalize()


WORDS: tuple[Word, ...] = (
    # 601.2d, 122.1: "Distribute N +1/+1 counters among one or two target creatures".
    Word("distribute_counters", "effect", {"n": int, "kind": str, "target": str},
         lambda a: f"Distribute {a['n']} {a['kind']} counters among {a['target']}",
         frozenset({Scope.POWER_TOUGHNESS}), ENGINE, v_target),
    # 120.3a: "This deals N damage to each opponent".
    Word("damage_each_opponent", "effect", {"n": int}, lambda a: f"This deals {a['n']} damage to each opponent",
         frozenset({Scope.LIFE}), ENGINE),
    # 120.3, 603.2: "This deals that much damage to any target" (120.3a: "to you", the ability's controller, not
    # targeted): as much as its trigger event's damage (the damage it was dealt, or dealt: ``PendingTrigger.amount``).
    Word("damage_that_much", "effect", {"target": str, "you": bool},
         lambda a: f"This deals that much damage to {'you' if a.get('you') else target_words(a['target'])}",
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE, _v_that_much),
    # 120.3, 608.2c: "This deals N damage to that creature": the object the effect before acted on, or the one the
    # trigger event is about (509.3b: the creature it blocks).
    Word("damage_it", "effect", {"n": int, "it": int}, lambda a: f"This deals {a['n']} damage to that creature",
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE),
    # 120.3a, 608.2h: "This deals N damage to that creature's controller" (the target of the effect before).
    Word("damage_its_controller", "effect", {"n": int, "it": int},
         lambda a: f"This deals {a['n']} damage to that permanent's controller", frozenset({Scope.LIFE}), ENGINE),
    # 107.3a, 120.3: "This deals X damage to each creature [and each player]".
    Word("damage_each_x", "effect", {SELECTS: tuple, "affects": str, "players": bool},
         lambda a: f"This deals X damage to each {a['affects']}" + (" and each player" if a.get("players") else ""),
         frozenset({Scope.LIFE, Scope.DIES}), ENGINE),
    # 701.14a: "Target creature you control fights target creature you don't control" (or "It fights ...").
    Word("fight", "effect", {"target": str, "it": int, "target2": str},
         lambda a: f"{_first(a)} fights {target_words(a['target2'])}", frozenset({Scope.DIES}), ENGINE, _v_two),
    # 120.3: "Target creature you control deals damage equal to its power to target creature ..." (a bite).
    Word("bite", "effect", {"target": str, "it": int, "target2": str},
         lambda a: f"{_first(a)} deals damage equal to its power to {target_words(a['target2'])}",
         frozenset({Scope.DIES, Scope.LIFE}), ENGINE, _v_two),
    # 120.3: "Target creature deals damage to itself equal to its power".
    Word("bite_itself", "effect", {"target": str},
         lambda a: f"{target_words(a['target']).capitalize()} deals damage to itself equal to its power",
         frozenset({Scope.DIES}), ENGINE, v_target),
    # 601.2d, 120.3: "This deals N (or X) damage divided as you choose among one or two targets / any number
    # of targets": the division is chosen as the spell is cast, each target getting at least 1.
    Word("damage_divided", "effect", {"n": int, "x": int, "target": str},
         lambda a: f"This deals {a['n'] if 'n' in a else 'X'} damage divided as you choose among {a['target']}",
         frozenset({Scope.LIFE}), ENGINE, _v_divided),
    Word("damage_x", "effect", {"target": str}, lambda a: f"This deals X damage to {target_words(a['target'])}",
         frozenset({Scope.LIFE}), ENGINE, v_target),
    # ``per``: "{1} for each <count>" (a count of ``rules.counts``, read as it resolves, 608.2h)
    Word("counter_unless_pays", "effect", {"target": str, "cost": str, "instead": str, "per": str, counts.ARG: tuple},
         lambda a: f"Counter {target_words(a['target'])} unless its controller pays {a['cost']}"
                   f"{' for each ' + a['per'] if a.get('per') else ''}{countered_rider(a)}",
         frozenset({Scope.RESOLUTION}), ENGINE, _v_mana),
)




def _v_n(a: dict) -> None:
    if not isinstance(a.get("n"), int) or a["n"] < 1:
        raise DefinitionError("needs n (1 or more)")


def _v_count(a: dict) -> dict:
    return counts.compiled(a, str(a.get("count", "")) or "-")


def _r_source_choice(a: dict) -> str:
    if "n" not in a:
        return "Prevent all damage a source of your choice would deal this turn"
    to = "you" if a.get("you") else a.get("target", "any target")
    return f"Prevent the next {a['n']} damage that would be dealt to {to} this turn by a source of your choice"


WORDS = WORDS + (
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
    Word("damage_each_count", "effect", {"count": str, "opponents": bool, counts.ARG: tuple},
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
