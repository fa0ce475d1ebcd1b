"""Counters (CR 122) put on and removed from permanents by spells and abilities: the words ``counter`` ("Put N
[kind] counters on this", 122.1), ``counter_target`` (on a target permanent), ``remove_counter`` and
``remove_counter_target`` ("Remove N [kind] counters from ...", 122.1, 609.3: as many as it has, if fewer),
and ``remove_counter_or_sacrifice`` (fading's upkeep ability, 702.32a: "Remove a fade counter from this. If you
can't, sacrifice it.").

A counter's kind is a name (122.1: counters with the same name are interchangeable). Most kinds mean nothing by
themselves; the kinds whose meaning is a rule the model gives them are +X/+Y counters (122.1a, 613.4c),
loyalty (122.1e, 704.5i) and lore (714.2b); the kinds whose rule it does not perform are ``UNPERFORMED_KINDS``,
and putting one of them is unsupported (``kernel.objects.add_counters``).

Fading N (702.32a) is read as the two abilities it means, each marked with the keyword (``Ability.keyword``),
and said back as the keyword (``render_keyword``); so is Bloodthirst N (702.54a), the one static it means.
702.54c's "Bloodthirst X" (counters equal to the damage dealt to your opponents this turn) is not read.)"""
from __future__ import annotations

import re
from typing import Any

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab.abilities import count_word
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words_game import target_words

ENGINE = frozenset({"engine"})

#: 122.1b: the keywords a keyword counter can be ("as well as any variants of those keywords": "hexproof from
#: black" is a hexproof counter).
KEYWORD_COUNTERS = ("flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
                    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance")
#: Kinds of counters with a meaning of their own that the engine does not give them: kind -> rule.
UNPERFORMED_KINDS = {"shield": "122.1c", "stun": "122.1d", "defense": "122.1g", "finality": "122.1h"}


def unperformed_rule(kind: str) -> str | None:
    """The rule of a counter kind whose meaning the engine does not perform (a keyword counter, 122.1b; shield,
    stun, defense and finality counters), or None for a kind it performs or that means nothing by itself."""
    k = kind.lower()
    if any(k == kw or k.startswith(kw + " ") for kw in KEYWORD_COUNTERS):
        return "122.1b"
    return UNPERFORMED_KINDS.get(k)


def counters_words(n: int, kind: str) -> str:
    """"a spore counter", "three +1/+1 counters"."""
    return f"{count_word(n)} {kind} counter{'s' if n != 1 else ''}"


def _self(a: dict) -> str:
    """How the effect names its own object: "this", or "it" where the text said so (the object the trigger
    condition names, 608.2c)."""
    return "it" if a.get("self_as_it") else "this"


def _v_counter(a: dict) -> None:
    if not isinstance(a.get("kind"), str) or not a["kind"].strip():
        raise DefinitionError("needs kind (the counters' name)")
    n = a.get("n", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise DefinitionError(f"n must be 1 or more, not {n!r}")


def _v_counter_target(a: dict) -> None:
    _v_counter(a)
    if not a.get("target"):
        raise DefinitionError("needs target (a target phrase)")


def _each_of(phrase: str) -> str:
    """A target phrase after "on": one use of "target" that may choose several ("up to two target creatures",
    601.2c) said "each of" them."""
    said = target_words(phrase)
    several = re.match(r"^(?:up to )?(?:two|three|four|five|six|\d+|any number of) (?:or \w+ )?target ", said)
    return f"each of {said}" if several else said


WORDS = (
    # 122.1: "Put N [kind] counters on this" (``self_as_it``: the text says "it", the object its trigger
    # condition names, 608.2c).
    Word("counter", "effect", {"kind": str, "n": int, "self_as_it": bool},
         lambda a: f"Put {counters_words(a.get('n', 1), a['kind'])} on {_self(a)}", frozenset({Scope.COUNTERS}),
         ENGINE, _v_counter),
    # 122.1: "Put a +1/+1 counter on target creature", "Put a charge counter on target artifact".
    Word("counter_target", "effect", {"kind": str, "n": int, "target": str},
         lambda a: f"Put {counters_words(a.get('n', 1), a['kind'])} on {_each_of(a['target'])}",
         frozenset({Scope.COUNTERS, Scope.POWER_TOUGHNESS}), ENGINE, _v_counter_target),
    # 122.1, 609.3: "Remove N [kind] counters from this": as many as it has, if it has fewer.
    Word("remove_counter", "effect", {"kind": str, "n": int, "self_as_it": bool},
         lambda a: f"Remove {counters_words(a.get('n', 1), a['kind'])} from {_self(a)}", frozenset({Scope.COUNTERS}),
         ENGINE, _v_counter),
    Word("remove_counter_target", "effect", {"kind": str, "n": int, "target": str},
         lambda a: f"Remove {counters_words(a.get('n', 1), a['kind'])} from {target_words(a['target'])}",
         frozenset({Scope.COUNTERS, Scope.POWER_TOUGHNESS}), ENGINE, _v_counter_target),
    # 702.32a: "Remove a fade counter from this. If you can't, sacrifice it." (701.21a)
    # (``self_as_it``: the text's last words are "sacrifice it"; else "sacrifice ~")
    Word("remove_counter_or_sacrifice", "effect", {"kind": str, "self_as_it": bool},
         lambda a: f"Remove {counters_words(1, a['kind'])} from this. If you can't, sacrifice {_self(a)}",
         frozenset({Scope.COUNTERS, Scope.DIES}), ENGINE, _v_counter),
    # 702.43a, 608.2h: "Put a [kind] counter on target creature for each [kind] counter on this": as many as the
    # object itself has as the effect is performed, or had as it last existed on the battlefield if it left.
    # 702.58a, 122.5: graft's "move a +1/+1 counter from this permanent onto that creature" (the creature whose
    # entering triggered the ability, its subject): removed from the one and put on the other, or neither.
    Word("move_counter_to_subject", "effect", {"kind": str},
         lambda a: f"Move {counters_words(1, a['kind'])} from this permanent onto that creature",
         frozenset({Scope.COUNTERS, Scope.POWER_TOUGHNESS}), ENGINE, _v_counter),
    # 122.5: "Move a [kind] counter from target creature onto this" / "from this onto target creature": removed
    # from the first and put on the second, or, if either can't be done, neither.
    Word("move_counter_from_target", "effect", {"kind": str, "target": str},
         lambda a: f"Move {counters_words(1, a['kind'])} from {target_words(a['target'])} onto this",
         frozenset({Scope.COUNTERS, Scope.POWER_TOUGHNESS}), ENGINE, _v_counter_target),
    Word("move_counter_to_target", "effect", {"kind": str, "target": str},
         lambda a: f"Move {counters_words(1, a['kind'])} from this onto {target_words(a['target'])}",
         frozenset({Scope.COUNTERS, Scope.POWER_TOUGHNESS}), ENGINE, _v_counter_target),
    Word("counter_target_per_own", "effect", {"kind": str, "target": str},
         lambda a: f"Put {counters_words(1, a['kind'])} on {target_words(a['target'])} for each {a['kind']} counter "
                   "on this",
         frozenset({Scope.COUNTERS, Scope.POWER_TOUGHNESS}), ENGINE, _v_counter_target),
)


#: The keywords of counters that are read as the abilities they mean: name -> (rule, the kind of counters).
KEYWORDS = {"Fading": ("702.32a", "fade"), "Vanishing": ("702.63a", "time"), "Bloodthirst": ("702.54a", "+1/+1"),
            "Modular": ("702.43a", "+1/+1"), "Graft": ("702.58a", "+1/+1")}
#: The words performed on a triggered ability's subject, the object its event was about (``engine.triggers``
#: remembers it for them: graft's "that creature", 702.58a).
SUBJECT_WORDS = ("move_counter_to_subject",)
#: 702.58a: graft's triggered ability: its event, its intervening "if" (603.4) and its instruction's counter.
GRAFT_TRIGGER = "Whenever another creature enters"
GRAFT_CONDITION = "~ has a +1/+1 counter on it"
#: 702.43a: modular's triggered ability, the object written "~" (700.4: "dies" of a creature; the rule's words,
#: "is put into a graveyard from the battlefield", say it of any permanent, and so does the engine's event).
MODULAR_TRIGGER = ("When ~ is put into a graveyard from the battlefield, you may put a +1/+1 counter on target "
                   "artifact creature for each +1/+1 counter on ~.")
#: 702.54a: bloodthirst's condition, checked as the permanent enters (``rules.this_turn``).
BLOODTHIRST_CONDITION = "an opponent was dealt damage this turn"


def keyword_meaning(name: str, n: int) -> tuple[dict, str | None]:
    """What "[keyword] N" means (702.32a, 702.63a, 702.54a): the static it enters with (the ``enters_with_counters``
    word's arguments) and its upkeep triggered ability's text, the object written "~" (vanishing's second triggered
    ability, "When the last time counter is removed from ~, sacrifice it.", is the reader's: its event is no words
    the trigger grammar reads); bloodthirst has none ("If an opponent was dealt damage this turn, this permanent
    enters with N +1/+1 counters on it": the static alone)."""
    rule, kind = KEYWORDS[name]
    static = {"kind": "enters_with_counters", "counter": kind, "n": n}
    if name == "Bloodthirst":
        return {**static, "condition": BLOODTHIRST_CONDITION}, None
    if name == "Modular":
        return static, MODULAR_TRIGGER
    if name == "Graft":     # (its trigger's instruction is no sentence the readers read: ``read.graft_trigger``)
        return static, None
    if name == "Vanishing":
        return static, f"At the beginning of your upkeep, if ~ has a {kind} counter on it, remove a {kind} counter from ~."
    return static, f"At the beginning of your upkeep, remove a {kind} counter from ~. If you can't, sacrifice ~."


def _is_modular_trigger(a: Any) -> bool:
    """Whether ``a`` is exactly modular's triggered ability (702.43a): the object's own dies event, "you may", the
    one target "target artifact creature", and a +1/+1 counter on it for each +1/+1 counter on the object."""
    event = a.trigger_event
    return a.kind == "triggered" and event is not None and (event.event, event.who) == ("dies", "self") \
        and not a.intervening and a.targets == ("target artifact creature",) \
        and [(e.kind, dict(e.args)) for e in a.effects] == [
            ("optional", {}), ("counter_target_per_own", {"kind": "+1/+1", "target": "artifact creature"})]


def _is_graft_trigger(a: Any) -> bool:
    """Whether ``a`` is exactly graft's triggered ability (702.58a): another creature's entering, "if this permanent
    has a +1/+1 counter on it", "you may" and the one move of a +1/+1 counter onto that creature."""
    event = a.trigger_event
    return a.kind == "triggered" and event is not None and (event.event, event.who, event.also) == (
        "enters", "other", "") and a.trigger == GRAFT_TRIGGER and not a.targets and not a.intervening \
        and [e.kind for e in a.effects] == ["intervening_if", "optional", "move_counter_to_subject"] \
        and a.effects[0].arg("condition") == GRAFT_CONDITION and a.effects[2].arg("kind") == "+1/+1"


def render_keyword(abilities: tuple) -> str | None:
    """The abilities of one line said as the keyword of ``KEYWORDS`` they are marked with ("Fading 3"), if they are
    exactly what it means (``keyword_meaning``: the static it enters with, then the triggered abilities); None for
    any other line."""
    if not abilities or abilities[0].keyword not in KEYWORDS or \
            any(a.keyword != abilities[0].keyword for a in abilities):
        return None
    static = abilities[0]
    name = static.keyword
    _, kind = KEYWORDS[name]
    n = static.static.arg("n") if static.kind == "static" and static.static is not None else None
    if static.static is None or static.static.kind != "enters_with_counters" or \
            static.static.arg("counter") != kind or not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return None
    if name == "Bloodthirst":
        ok = len(abilities) == 1 and static.static.arg("condition") == BLOODTHIRST_CONDITION
        return f"{name} {n}" if ok else None
    if len(abilities) < 2 or static.static.arg("condition"):
        return None
    trigger, meant = abilities[1], keyword_meaning(name, n)[1] or ""
    if name == "Modular":
        return f"{name} {n}" if len(abilities) == 2 and _is_modular_trigger(trigger) else None
    if name == "Graft":
        return f"{name} {n}" if len(abilities) == 2 and _is_graft_trigger(trigger) else None
    if trigger.kind != "triggered" or trigger.render() != meant.replace("from ~", "from this") \
            .replace("sacrifice ~", "sacrifice this"):
        return None
    if name == "Vanishing":
        if len(abilities) != 3:
            return None
        last = abilities[2]
        if last.kind != "triggered" or last.render() != f"When the last {kind} counter is removed from ~, sacrifice it.":
            return None
    elif len(abilities) != 2:
        return None
    return f"{name} {n}"
