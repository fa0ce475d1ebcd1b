"""Sentences of the e-damage slice (issue 9): damage and countering, read into words of the encoding.

A sentence that joins two effects with "and" ("~ deals 3 damage to any target and you gain 3 life"; "~ deals
2 damage to target creature and 2 damage to target player") is split into its parts, each read like a
sentence of its own, in the order written (608.2c). In an ability of a permanent whose trigger names the
permanent itself ("When ~ enters the battlefield, it deals 2 damage to any target"), "it" at the start of a
sentence is that permanent (201.5).
"""
from __future__ import annotations

import re

from mtgjudge.model.oracle.damage2 import split_damage2

_N = r"(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
_AND_GAIN = re.compile(rf"^(~ deals (?:{_N}|X) damage to .+?) and you gain {_N} life\.$", re.I)
_AND_DAMAGE = re.compile(rf"^~ deals ({_N}) damage to (.+?) and ({_N}) damage to ([^.]+?)\.$", re.I)
_IT_DEALS = re.compile(r"^it deals\b", re.I)
#: "Counter target spell and ~ deals 3 damage to target creature." (two instructions, 608.2c; helper choose)
_COUNTER_AND = re.compile(r"^(Counter target [^.]+?) and (~ deals [^.]+\.)$", re.I)


def split_compound(sentence: str, self_subject: bool = False) -> list[str]:
    """The sentence as one or more sentences, each naming one effect (see the module's docstring)."""
    s = sentence.strip()
    if self_subject:
        s = _IT_DEALS.sub("~ deals", s)
    more = split_damage2(s)         # "... X damage to <target> and you gain X life[, where X is ...]" (damage2)
    if more is not None:
        return more
    m = _AND_GAIN.match(s)
    if m:
        return [m.group(1) + ".", f"You gain {m.group(m.lastindex)} life."]
    m = _COUNTER_AND.match(s)
    if m:
        return [m.group(1) + ".", m.group(2)]
    m = _AND_DAMAGE.match(s)
    if m:
        return [f"~ deals {m.group(1)} damage to {m.group(3)}.", f"~ deals {m.group(4)} damage to {m.group(6)}."]
    return [s]


def early_patterns(num: str) -> tuple:
    """Patterns ``lines.effect_word`` tries before its own (whose "each [permanents]" would refuse these)."""
    return (
        (re.compile(rf"^~ deals {num} damage to each opponent\.$", re.I), "damage_each_opponent", ("n",)),  # 120.3a
    )


def sentence_patterns(num: str, tgt: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its number and target expressions."""
    return (
        (re.compile(rf"^~ deals X damage to {tgt}\.$", re.I), "damage_x", ("target",)),                  # 107.3a
        (re.compile(r"^Counter (target spell) unless its controller pays ((?:\{\d+\})+|\{X\})\.$", re.I),
         "counter_unless_pays", ("target", "cost")),                                                    # 118.12a
        (re.compile(r"^~ deals (\d+|one|two|three|four|five|six|seven|eight|nine|ten|X) damage divided as you choose among (one or two targets|any number of "
                    r"targets|any number of target [^.]+?|one, two,? or three targets?(?: [^.]+?)?)\.$", re.I),
         "damage_divided", ("amount", "target")),                                                       # 601.2d
        # 601.2d, 122.1: "Distribute two +1/+1 counters among one or two target creatures"
        (re.compile(r"^Distribute (\d+|one|two|three|four|five|six) (\+1/\+1|-1/-1) counters among (one or two target "
                    r"creatures|any number of target [^.]+?)\.$", re.I), "distribute_counters", ("n", "kind", "target")),
        # 701.14a: "Target creature you control fights target creature you don't control"; "It fights ..." /
        # "Then that creature fights ...": "it" is the target of the effect before (608.2c).
        (re.compile(r"^(target [^.]+?) fights ((?:another )?target [^.]+?)\.$", re.I), "fight", ("target", "target2")),
        (re.compile(r"^(?:then )?(it|that creature) fights ((?:another )?target [^.]+?)\.$", re.I), "fight",
         ("it", "target2")),
        # 120.3: "Target creature you control deals damage equal to its power to target creature ..." (a bite)
        (re.compile(r"^(target [^.]+?) deals damage equal to its power to (any target|(?:another )?target [^.]+?)\.$",
                    re.I), "bite", ("target", "target2")),
        (re.compile(r"^(?:then )?(it|that creature) deals damage equal to its power to (any target|(?:another )?"
                    r"target [^.]+?)\.$", re.I), "bite", ("it", "target2")),
        (re.compile(r"^(target creature) deals damage to itself equal to its power\.$", re.I), "bite_itself",
         ("target",)),
        # 120.3a, 608.2h: "... to that creature's controller": the controller of the target of the effect before
        (re.compile(rf"^~ deals {num} damage to (that) (?:creature|land|permanent|artifact|planeswalker|spell)'s "
                    r"controller\.$", re.I), "damage_its_controller", ("n", "it")),    # "spell": helper choose
        # 107.3a, 120.3: X damage to each permanent a phrase names (and each player)
        (re.compile(r"^~ deals X damage to each ([a-z ]+?) and (each player)\.$", re.I), "damage_each_x",
         ("affects", "players")),
        (re.compile(r"^~ deals X damage to each ([a-z ]+?)\.$", re.I), "damage_each_x", ("affects",)),
    )
