"""Reading counters put and removed (122.1) from Oracle text: "Put a spore counter on ~.", "Put two +1/+1
counters on target creature.", "Remove a +1/+1 counter from ~.", "Remove a charge counter from target
artifact." (``sentence_patterns``, each read whole by ``oracle.lines.effect_word``); "If you can't, sacrifice
~." right after "Remove a [kind] counter from ~." (``cant_remove_after``: fading's words, 702.32a); "it" for
the object itself where a triggered ability's condition names it ("When ~ enters, put a +1/+1 counter on it.",
608.2c: ``said_it``). Fading N, vanishing N, modular N and graft N are read as the abilities they mean
(``counter_keyword``; graft's trigger is built whole, ``graft_trigger``: "that creature" is its subject, which no
sentence reader reads).

A counter's kind is one word ("spore", "charge", "ki") or a power and toughness counter ("+1/+1", "-0/-1",
122.1a); a kind of more words ("first strike" counters) is not read, and its line stays unmodelled."""
from __future__ import annotations

import re

from mtgjudge.model import patterns
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability, Effect, TriggerEvent
from mtgjudge.model.vocab.parse import parse_effect
from mtgjudge.model.words.conditions.read import condition_args
from mtgjudge.model.words.counters.record import GRAFT_CONDITION, GRAFT_TRIGGER

#: A counter's kind as the patterns read it.
KIND = r"([+-]\d+/[+-]\d+|[a-z]+)"


def early_patterns(num: str, tgt: str) -> tuple:
    """Patterns ``lines.effect_word`` tries before its own: "on each of" a target phrase, which "Put ... on each
    [permanents]" (``words.entering``) would otherwise take and leave unread."""
    return (
        # 122.1, 601.2c: one use of "target" choosing several permanents, each given the counters
        (patterns.compile(rf"^Put {num} {KIND} counters? on each of {tgt}\.$", re.I), "counter_target",
         ("n", "kind", "target")),
        # 702.43a, 608.2h: as many counters as the object itself has (or had as it last existed on the
        # battlefield); the two kinds the same
        (patterns.compile(rf"^Put an? (?P<kind>[+-]\d+/[+-]\d+) counter on {tgt} for each (?P=kind) counter on ~\.$",
                          re.I), "counter_target_per_own", ("kind", "target")),
    )


def sentence_patterns(num: str, tgt: str) -> tuple:
    """(pattern, word, argument keys) for ``lines.effect_word``, given its number and target expressions."""
    return (
        (patterns.compile(rf"^Put {num} {KIND} counters? on ~\.$", re.I), "counter", ("n", "kind")),        # 122.1
        (patterns.compile(rf"^Put {num} {KIND} counters? on {tgt}\.$", re.I), "counter_target",
         ("n", "kind", "target")),                                                                       # 122.1
        # 122.5: one counter moved between the object itself and a target permanent, either way
        (patterns.compile(rf"^Move an? {KIND} counter from {tgt} onto ~\.$", re.I), "move_counter_from_target",
         ("kind", "target")),
        (patterns.compile(rf"^Move an? {KIND} counter from ~ onto {tgt}\.$", re.I), "move_counter_to_target",
         ("kind", "target")),
        (patterns.compile(rf"^Remove {num} {KIND} counters? from ~\.$", re.I), "remove_counter", ("n", "kind")),
        (patterns.compile(rf"^Remove {num} {KIND} counters? from {tgt}\.$", re.I), "remove_counter_target",
         ("n", "kind", "target")),                                                                       # 122.1
    )


_CANT = patterns.compile(r"^If you can't, sacrifice (~|it)\.?$", re.I)


def cant_remove_after(sentence: str, words: list) -> Effect | None:
    """"If you can't, sacrifice ~." after "Remove a [kind] counter from ~." (702.32a's words; 701.21a): the two
    as the one instruction ``remove_counter_or_sacrifice``, which the caller puts in the place of the first; None
    for any other sentence, or after any other instruction."""
    m = _CANT.match(sentence.strip())
    prev = words[-1] if words else None
    if m is None or prev is None or prev.kind != "remove_counter" or prev.arg("n", 1) != 1 or prev.arg("self_as_it"):
        return None
    return parse_effect({"remove_counter_or_sacrifice": {"kind": prev.arg("kind"),
                                                         **({"self_as_it": True} if m.group(1) == "it" else {})}})


#: The sentences in which "it", at their end, names the object itself when a triggered ability's condition is
#: about that object (608.2c: "When ~ enters, sacrifice it.", "Whenever ~ attacks, put a +1/+1 counter on it.").
_IT = patterns.compile(r"^(?P<head>(?:put [^.]+? counters? on|remove [^.]+? counters? from|sacrifice)) it\.?$", re.I)
#: The words that name the object itself and say "it" where the text did.
_SAID_IT = ("counter", "remove_counter", "sacrifice_self")


def said_it(sentence: str) -> str | None:
    """The sentence with its final "it" written "~" when it is one of ``_IT``'s (the caller knows the trigger
    condition names the object itself); None for any other."""
    m = _IT.match(sentence.strip())
    return f"{m.group('head')} ~." if m else None


def as_said(word: Effect | None) -> Effect | None:
    """The word read from ``said_it``'s sentence, marked as saying "it" (``self_as_it``); None if it is not a word
    that names the object itself."""
    if word is None or word.kind not in _SAID_IT:
        return None
    return parse_effect({word.kind: {**dict(word.args), "self_as_it": True}})


#: 702.32a, 702.63a: "Fading N", "Vanishing N", the whole item (vanishing without a number, 702.63b, is not read).
_KEYWORD = patterns.compile(r"^(Fading|Vanishing|Bloodthirst|Modular|Graft) (\d+)$", re.I)


def counter_keyword(item: str) -> tuple[str, int] | None:
    """(keyword, N) of a keyword item "Fading N", "Vanishing N", "Bloodthirst N", "Modular N" (702.43a; not
    "Modular—Sunburst", 702.43c's variable number) or "Graft N" (702.58a); None for any other."""
    m = _KEYWORD.match(item.strip().rstrip("."))
    return (m.group(1).capitalize(), int(m.group(2))) if m else None


def last_removed_trigger(kind: str) -> tuple[TriggerEvent, Effect]:
    """702.63a: "When the last [kind] counter is removed from this permanent, sacrifice it.": its event and its
    instruction (the object itself, said "it")."""
    return (TriggerEvent("last_counter_removed", who="self", counter=kind),
            parse_effect({"sacrifice_self": {"self_as_it": True}}))


def graft_trigger(printed: str) -> Ability:
    """702.58a: graft's triggered ability, "Whenever another creature enters, if this permanent has a +1/+1 counter
    on it, you may move a +1/+1 counter from this permanent onto that creature": its event, its intervening "if"
    (603.4: checked as it triggers and as it resolves, ``engine.intervening``), the choice (608.2d) and the move onto
    the creature that entered (the trigger's subject, 122.5). It functions on the battlefield (113.6)."""
    return Ability("triggered", keyword="Graft", trigger=GRAFT_TRIGGER,
                   trigger_event=phrases.parse(GRAFT_TRIGGER, "trigger_condition"),
                   effects=(parse_effect({"intervening_if": condition_args(GRAFT_CONDITION)}), parse_effect("optional"),
                            parse_effect({"move_counter_to_subject": {"kind": "+1/+1"}})),
                   source_text=printed, zones=("battlefield",))
