"""Reading instructions that depend on a condition checked as the spell or ability resolves (CR 608.2c), and
coin flips (705), as ``words.conditions.perform`` performs them.

- "If <condition>, <instruction>." / "<instruction> if <condition>.": ``if_state`` (the condition) then the
  instruction's word: followed only if the condition is true as it is reached;
- "If <condition>, <the instruction before with other numbers> instead." / "If <condition>, instead <...>." /
  "<the instruction before with other numbers> instead if <condition>.": ``state_instead`` (the condition and
  the instruction with the new numbers) then the instruction before, so that both act on the one target chosen
  as it was cast (the threshold and spell mastery templates);
- "Flip a coin." then "If you win the flip, <instruction>." / "If you lose the flip, <instruction>.":
  ``coin_flip`` then ``if_won`` / ``if_lost`` each before its instruction (705.1: both results are branches);
- "Starting with you, each player votes for A or B." then "If A gets more votes, <instruction>." / "If B gets
  more votes or the vote is tied, <instruction>.": ``vote`` then ``if_vote`` each before its instruction
  (701.38a: every count of votes a branch).

The conditions read (``read_condition``): those of ``oracle.intervening`` (what you control, cards in hand and
in your graveyard: one count of ``rules.counts``), "N or more cards are in your graveyard" (threshold),
"there are N or more X cards in your graveyard" (spell mastery), "you control a creature with power N or
greater" (ferocious: power after the layers and counters, read by the engine), "you have N or less life",
what happened this turn ("if a creature died this turn", "if you attacked this turn": ``rules.this_turn``) and the
spells cast last turn ("if no spells were cast last turn", the same module).
Any other condition ("if two or more creatures died this turn") is left unread, so the card stays
unsupported, naming its text.
"""
from __future__ import annotations

import re
from typing import Callable

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.oracle import intervening
from mtgjudge.model.words.kicker.read import renumbered
from mtgjudge.model.oracle.targets import find_targets
from mtgjudge.model.rules import counts, this_turn
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.vocab.parse import parse_effect

_NUM = r"(an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
#: 702.? threshold's wording: "If seven or more cards are in your graveyard"
_CARDS_ARE = patterns.compile(rf"^{_NUM} or more cards are in your graveyard$", re.I)
#: spell mastery's wording: "If there are two or more instant and/or sorcery cards in your graveyard"
_THERE_ARE = patterns.compile(rf"^there are {_NUM} or more (.+? cards?) in your graveyard$", re.I)
#: ferocious: "If you control a creature with power 4 or greater"
_POWER = patterns.compile(rf"^you control an? creature with power {_NUM} or greater$", re.I)
_LIFE = patterns.compile(rf"^you have {_NUM} or (?:less|fewer) life$", re.I)

_IF = patterns.compile(r"^if ([^,]+), (.+?)\.?$", re.I)
_INSTEAD_AFTER = patterns.compile(r"^(.+?),? instead\.?$", re.I)
_INSTEAD_BEFORE = patterns.compile(r"^instead (.+?)\.?$", re.I)
_INSTEAD_IF = patterns.compile(r"^(.+?) instead if ([^,]+?)\.?$", re.I)
_IF_AFTER = patterns.compile(r"^(.+?) if ([^,]+?)\.?$", re.I)
_FLIP = patterns.compile(r"^flip a coin\.?$", re.I)
_VOTE = patterns.compile(r"^starting with you, each player votes for ([a-z]+) or ([a-z]+)\.?$", re.I)
_VOTE_RESULT = patterns.compile(r"^if ([a-z]+) gets more votes( or the vote is tied)?, (.+)$", re.I)
_FLIP_RESULT = patterns.compile(r"^if you (win|lose) the flip, (.+)$", re.I)
#: Markers of other readers: an "instead" can't replace an instruction one of them governs.
_MARKERS = ("if_kicked", "kicked_instead", "optional", "if_you_do", "if_you_dont", "if_state", "state_instead",
            "coin_flip", "if_won", "if_lost", "vote", "if_vote", "if_it", "its_controller")

#: An instruction that refers to another ("instead", "this way", "that creature", "those creatures", "it"): read
#: with the instruction it refers to by other readers, never after one of these markers.
_REFERS = patterns.compile(r"\b(?:instead|this way|that|those|it|its|they|them|their)\b", re.I)

Reader = Callable[[str, tuple, list], "Effect | None"]


def read_condition(text: str) -> tuple[str, str, int]:
    """The condition as (what is counted, comparison, number): what is counted is a count phrase of
    ``rules.counts`` for the spell's controller, or "life" (their life total, 119.1), or "power N" (creatures
    they control with power N or greater); the comparison ">=", "<=" or "==". DefinitionError if not read."""
    t = text.strip()
    m = _CARDS_ARE.match(t)
    if m:
        return "cards in your graveyard", ">=", phrases.number_word(m.group(1))
    m = _THERE_ARE.match(t)
    if m:
        # "instant and/or sorcery cards": a card that is an instant, a sorcery or both (the count's "or")
        phrase = re.sub(r"\band/or\b", "or", m.group(2), flags=re.I) + " in your graveyard"
        counts.parse(phrase)
        return phrase, ">=", phrases.number_word(m.group(1))
    m = _POWER.match(t)
    if m:
        return f"power {phrases.number_word(m.group(1))}", ">=", 1
    m = _LIFE.match(t)
    if m:
        return "life", "<=", phrases.number_word(m.group(1))
    return intervening.read_condition(t)


def condition_args(condition: str) -> dict:
    """The arguments of a word of a condition checked as it resolves (``intervening_if``, ``if_state``,
    ``state_instead``): its words, and their reading, read once here as the card is compiled (``reading``:
    ``read_condition``'s (what is counted, comparison, number), with the count in ``counts.ARG``: what
    ``engine.intervening.condition_holds`` reads). A condition not read keeps only its words: the engine answers
    unsupported for it, as it did when it read the words itself."""
    try:
        what, op, n = read_condition(condition)
        special = what == "life" or what.startswith(("power ", this_turn.PREFIX, this_turn.LAST_PREFIX))
        return counts.compiled({"condition": condition, "reading": (what, op, n)}, "" if special else what)
    except DefinitionError:
        return {"condition": condition}


def _reads(condition: str) -> bool:
    try:
        read_condition(condition)
    except DefinitionError:
        return False
    return True


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _instead(condition: str, again_text: str, found: tuple, earlier: list, before: str | None,
             read: Reader) -> list | None:
    """``state_instead``: the instruction before, followed with other numbers if ``condition`` holds."""
    if found or before is None or not earlier or earlier[-1] is None or earlier[-1].kind in _MARKERS or (
            len(earlier) > 1 and earlier[-2] is not None and earlier[-2].kind in _MARKERS):
        return None
    again = renumbered(before, again_text)
    if again is None:
        return None
    word = read(again, tuple(find_targets(again) or ()), earlier[:-1])
    if word is None or word.kind != earlier[-1].kind:
        return None
    return earlier[:-1] + [parse_effect({"state_instead": {**condition_args(condition), "effect": word}}), earlier[-1]]


def continues_paragraph(sentence: str) -> bool:
    """Is this paragraph of a spell (its ability word removed) one conditional "instead" sentence, about the
    instruction of the paragraph before ("Thermal Blast deals 3 damage to target creature." then "Threshold —
    Thermal Blast deals 5 damage to that creature instead if seven or more cards are in your graveyard.")? The
    two are then read as one paragraph (608.2c: the instructions in the order written)."""
    s = sentence.strip()
    m = _INSTEAD_IF.match(s)
    if m and "." not in m.group(1):
        return _reads(m.group(2))
    m = _IF.match(s)
    return bool(m and "." not in m.group(2) and (_INSTEAD_AFTER.match(m.group(2)) or _INSTEAD_BEFORE.match(m.group(2)))
                and _reads(m.group(1)))


def condition_words(sentence: str, found: tuple, earlier: list, before: str | None, read: Reader) -> list | None:
    """The words of a conditional sentence or a coin flip's: the new whole list of words (``earlier`` and this
    sentence's), or None when the sentence is not one this module reads. ``found``: the sentence's targets;
    ``before``: the sentence before it; ``read(sentence, found, earlier)``: the other readers."""
    s = sentence.strip()
    if _FLIP.match(s):
        return earlier + [parse_effect("coin_flip")]
    m = _VOTE.match(s)
    if m:           # 701.38a
        return earlier + [parse_effect({"vote": {"options": (m.group(1).lower(), m.group(2).lower())}})]
    m = _VOTE_RESULT.match(s.rstrip("."))
    if m:
        votes = [w for w in earlier if w is not None and w.kind == "vote"]
        rest = m.group(3).strip()
        if not votes or m.group(1).lower() not in votes[-1].arg("options") or _REFERS.search(rest):
            return None
        word = read(_cap(rest) + ".", found, earlier)
        return None if word is None else earlier + [
            parse_effect({"if_vote": {"option": m.group(1).lower(), "or_tied": bool(m.group(2))}}), word]
    m = _FLIP_RESULT.match(s.rstrip("."))
    if m:
        if not any(w is not None and w.kind == "coin_flip" for w in earlier):
            return None
        rest = m.group(2).strip()
        if _REFERS.search(rest):
            return None
        word = read(_cap(rest) + ".", found, earlier)
        return None if word is None else earlier + [parse_effect("if_won" if m.group(1).lower() == "win"
                                                                 else "if_lost"), word]
    m = _INSTEAD_IF.match(s)
    if m and _reads(m.group(2)):
        return _instead(m.group(2), m.group(1), found, earlier, before, read)
    m = _IF.match(s)
    if m is None:
        # "<instruction> if <condition>." (threshold: "~ deals 5 damage to each creature without flying if seven
        # or more cards are in your graveyard.")
        after = _IF_AFTER.match(s)
        if after is None or not _reads(after.group(2)) or _REFERS.search(after.group(1)):
            return None
        word = read(after.group(1) + ".", found, earlier)
        return None if word is None else earlier + [parse_effect({"if_state": condition_args(after.group(2))}), word]
    if not _reads(m.group(1)):
        return None
    condition, rest = m.group(1), m.group(2).strip()
    inst = _INSTEAD_AFTER.match(rest) or _INSTEAD_BEFORE.match(rest)
    if inst is not None:
        return _instead(condition, inst.group(1), found, earlier, before, read)
    if _REFERS.search(rest):
        return None
    word = read(_cap(rest) + ".", found, earlier)
    if word is None:
        return None
    return earlier + [parse_effect({"if_state": condition_args(condition)}), word]


_SNUM = r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|no)"
_SELF_IS = r"(?:~ is|it's)"
#: The conditions of a static ability read whole: pattern -> kind (``record.STATIC_CONDITIONS``).
_STATIC_CONDITIONS = tuple((patterns.compile(p, re.I), kind) for p, kind in (
    (rf"^{_SNUM} or more cards are in your graveyard$", "graveyard_at_least"),
    (rf"^you have {_SNUM} or more cards in (?:your )?hand$", "hand_at_least"),
    (rf"^you have {_SNUM} or fewer cards in (?:your )?hand$", "hand_at_most"),
    (r"^you have no cards in (?:your )?hand$", "hand_at_most"),
    (rf"^you have {_SNUM} or more life$", "life_at_least"),
    (rf"^you have {_SNUM} or less life$", "life_at_most"),
    (rf"^an opponent has {_SNUM} or less life$", "opponent_life_at_most"),
    (rf"^{_SELF_IS} equipped$", "equipped"),
    (rf"^{_SELF_IS} enchanted$", "enchanted"),
    (r"^it's your turn$", "your_turn"),
    (r"^it's not your turn$", "not_your_turn"),
    (rf"^{_SELF_IS} attacking$", "attacking"),
    (rf"^{_SELF_IS} untapped$", "untapped"),
    (r"^(?:~|it) has (?:an?|(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten) or more) "
     r"(?P<counter>[+-]1/[+-]1|[a-z]+) counters? on it$", "counters_at_least"),
    (r"^(?:~|it) has no (?P<counter>[+-]1/[+-]1|[a-z]+) counters on it$", "counters_at_most"),
))


_CONTROL = patterns.compile(r"^you control (?:(?P<none>no )|(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten) "
                            r"or more |an? |(?=another ))(?P<what>[a-z][a-z ,-]*)$", re.I)


def _control_condition(text: str) -> dict | None:
    """"you control three or more artifacts", "you control a Swamp", "you control another black creature", "you
    control no untapped lands": the permanents its controller controls that fit the phrase, counted as the layers
    apply (613.1b-d, 613.1e settle control, types and colors before the layers 6 and 7 it may govern). A phrase that
    reads what those layers change (keywords, power and toughness) or anything but what the permanent is (combat,
    "of the chosen type") is not read: None."""
    m = _CONTROL.match(text)
    if m is None:
        return None
    what = m.group("what")
    try:
        sel = phrases.parse_np(what)
    except DefinitionError:
        return None
    if sel.with_keyword or sel.without_keyword or sel.stat is not None or sel.combat or sel.chosen_type \
            or sel.not_chosen_type or sel.controller != "any":
        return None
    n = 0 if m.group("none") else phrases.number_word(m.group("n")) if m.group("n") else 1
    return {"kind": "control_none" if m.group("none") else "control_at_least", "n": n,
            "said": text[len("you control "):], "selects": sel}


def static_condition(text: str) -> dict | None:
    """The condition of a static ability ("seven or more cards are in your graveyard", "~ is equipped", "it has a
    +1/+1 counter on it", "you control three or more artifacts") as the ``as_long_as`` word's data, read whole; None
    for any other."""
    control = _control_condition(text.strip())
    if control is not None:
        return control
    for pattern, kind in _STATIC_CONDITIONS:
        m = pattern.match(text.strip())
        if not m:
            continue
        g = m.groupdict()
        word = (g.get("n") or "").lower()
        n = 0 if word == "no" else (int(word) if word.isdigit() else phrases.number_word(word) if word else
                                    (0 if kind.endswith("_at_most") and "no" in text.split() else 1))
        out: dict = {"kind": kind}
        if kind not in ("equipped", "enchanted", "your_turn", "not_your_turn", "attacking", "untapped"):
            out["n"] = n
        if g.get("counter"):
            out["counter"] = g["counter"]
        return out
    return None
