"""Reading what a card says happens if it was kicked (CR 702.33d-e), as ``words.kicker.perform`` performs it.

- A spell's "If this spell was kicked, <instruction>." (608.2c): ``if_kicked`` then the instruction's word,
  the instruction read by the other readers. Its targets are chosen only if the spell is kicked (702.33g):
  ``as_announced`` is the spell ability as cast with or without its kicker, used alike where targets are chosen
  (casting, can-play) and where it resolves.
- "<instruction>. If this spell was kicked, <the same instruction with other numbers> instead." where the
  kicked sentence is the sentence before with only its numbers changed, its subject "it" for "~" and its
  target named back ("that creature", "that player", "that permanent or player") or, for damage "to" the one
  target, left unsaid ("it deals 4 damage instead"): ``kicked_instead`` (holding
  the instruction as read with the kicked numbers) then the instruction's word, so that both act on the one
  target chosen as it was cast.
- A triggered ability's intervening "if it was kicked" (603.4) right after its trigger condition:
  ``trigger_condition`` strips it and names the condition ``kicked`` (``words.kicker.perform.intervening_holds``);
  "if it was kicked with its {A} kicker" (702.33f) names ``kicked:{A}``.

Left unread (the card stays unsupported, naming its text): "if this spell was kicked with its {A} kicker" in a
spell's text, "for each time it was kicked" (multikicker), and any "instead" that is not the same instruction
with new numbers.
"""
from __future__ import annotations

import re
from typing import Callable

from dataclasses import replace

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.oracle.targets import find_targets
from mtgjudge.model.vocab.grammar import parse_cost_text
from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.vocab.parse import parse_effect

#: An effect's arguments that each use one of the ability's target phrases, in order (``engine.targeting``).
_TARGET_ARGS = ("target", "target2")

_IF_KICKED = patterns.compile(r"^if (?:this spell|~) was kicked, (.+)$", re.I)
_INSTEAD = patterns.compile(r"^(.+?),? instead\.?$", re.I)
#: 702.104b: "if tribute wasn't paid, <effect>" (the creature's own Tribute, decided as it entered)
_TRIBUTE = patterns.compile(r"^if tribute wasn't paid, (.+)$", re.I)
_INTERVENING = patterns.compile(r"^if (?:it|~) was kicked(?: with its ((?:\{[^}]+\})+) kicker)?, (.+)$", re.I)
#: A kicked sentence's whole text (to tell whether a line's other text still changes how it is cast).
KICKED_SENTENCE = patterns.compile(r"(?:^|(?<=\. ))If (?:this spell|~) was kicked, [^.]*\.", re.I)

_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "twenty")
_NUMBER = patterns.compile(r"[+-]?\d+|\b(?:" + "|".join(_NUMBER_WORDS) + r")\b", re.I)
#: The target a kicked sentence names back ("that creature") and the sentence before names ("target creature",
#: "any target"): each read as a reference to its noun ("that permanent or player" names "any target" back).
_REF_BACK = patterns.compile(r"\bthat (permanent or player|creature|player|permanent|land|artifact|spell)\b", re.I)
_REF_TARGET = patterns.compile(r"\b(?:any target|target (?:[a-z]+ )*?(creature|player|permanent|land|artifact|spell))\b",
                         re.I)
#: Words that mark the instruction after them (the readers' markers): "instead" can't replace one of theirs.
_MARKERS = ("if_kicked", "kicked_instead", "optional", "if_you_do", "if_you_dont")

Reader = Callable[[str, tuple, list], "Effect | None"]


def kicker_line(body: str) -> list[str] | None:
    """The costs of a line that is a kicker ability the keyword line reader would not read whole: a cost that is
    not only mana ("Kicker—{2}{R}, Sacrifice a land.", 702.33a), which it would split at its comma, or two kicker
    costs ("Kicker {2}{U} and/or {1}{B}" means "Kicker {2}{U}, kicker {1}{B}", 702.33b), in order; None for any
    other line."""
    body = body.strip()
    m = re.fullmatch(r"Kicker ((?:\{[^}]+\})+) and/or ((?:\{[^}]+\})+)", body)
    costs = [m.group(1), m.group(2)] if m else None
    if costs is None:
        m = re.fullmatch(r"Kicker ?— ?(.+?)\.?", body)
        if m is None or "and/or" in m.group(1):
            return None
        costs = [m.group(1)]
    try:
        for c in costs:
            parse_cost_text(c)
    except DefinitionError:
        return None
    return costs


def without_kicked_sentences(norm: str) -> str:
    """The line without its "If this spell was kicked, ..." sentences (what else in it may change how it is
    cast)."""
    return KICKED_SENTENCE.sub("", norm).strip()


def _shape(sentence: str, back: bool) -> str:
    """A sentence with its numbers, its subject (~ or "it") and its target reference made uniform."""
    s = sentence.strip().rstrip(".")
    s = re.sub(r"^(?:~|it|this spell)(?=\s)", "SUBJ", s, flags=re.I)
    def ref(m: re.Match) -> str:
        noun = (m.group(1) or "any").lower()
        return "REF-" + ("any" if noun == "permanent or player" else noun)
    s = (_REF_BACK if back else _REF_TARGET).sub(ref, s)
    s = _NUMBER.sub("N", s)
    return s[:1].upper() + s[1:]


def renumbered(before: str, kicked: str) -> str | None:
    """The sentence ``before`` with the numbers of ``kicked`` in their place, if the two are the same instruction
    but for their numbers (and ``kicked`` naming back the target of ``before``); else None."""
    shaped = _shape(before, False)
    # "~ deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead." (Burst Lightning): the
    # kicked sentence leaves the one target unsaid, the damage being dealt to the target chosen as it was cast
    untargeted = re.sub(r" to REF-[a-z]+$", "", shaped) if len(_REF_TARGET.findall(before)) == 1 else shaped
    if _shape(kicked, True) not in (shaped, untargeted):
        return None
    new = iter(m.group(0) for m in _NUMBER.finditer(kicked))
    old = list(_NUMBER.finditer(before))
    if len(old) != len(list(_NUMBER.finditer(kicked))) or not old:
        return None
    out, at = [], 0
    for m in old:
        out.append(before[at:m.start()])
        out.append(next(new))
        at = m.end()
    out.append(before[at:])
    return "".join(out)


def kicked_words(sentence: str, found: tuple, earlier: list, before: str | None, read: Reader) -> list | None:
    """The words of a spell's kicked sentence: the new whole list of words (``earlier`` and this sentence's), or
    None when the sentence is not one this module reads. ``found``: the sentence's targets; ``before``: the
    sentence before it; ``read(sentence, found, earlier)``: the other readers (``lines.effect_word``)."""
    m = _IF_KICKED.match(sentence.strip())
    if m is None:
        return None
    rest = m.group(1).strip()
    inst = _INSTEAD.match(rest)
    if inst is not None:
        # "... instead": the instruction before, followed with the kicked numbers instead (608.2c)
        if found or before is None or not earlier or earlier[-1] is None or earlier[-1].kind in _MARKERS or (
                len(earlier) > 1 and earlier[-2] is not None and earlier[-2].kind in _MARKERS):
            return None
        again = renumbered(before, inst.group(1))
        if again is None:
            return None
        word = read(again, tuple(find_targets(again) or ()), earlier[:-1])
        if word is None or word.kind != earlier[-1].kind:
            return None
        return earlier[:-1] + [parse_effect({"kicked_instead": {"effect": word}}), earlier[-1]]
    if re.search(r"\binstead\b|\bkicked\b|\bthis way\b", rest, re.I):
        return None
    word = read(rest[:1].upper() + rest[1:], found, earlier)
    if word is None:
        return None
    return earlier + [parse_effect("if_kicked"), word]


_CAST_FROM = patterns.compile(r"^if you cast (?:it|~)( from your hand)?, (.+)$", re.I)


#: 702.74a: "if its evoke cost was paid, " (evoke's trigger, ``words.costs.read.EVOKE_TRIGGER``)
_EVOKED = re.compile(r"^if its evoke cost was paid, (.+)$", re.I)
#: 702.117a: "if its surge cost was paid, " (Reckless Bushwhacker, Tyrant of Valakut)
_SURGED = re.compile(r"^if its surge cost was paid, (.+)$", re.I)


def intervening(effect: str) -> tuple[str, str] | None:
    """A triggered ability's effect text beginning with an intervening "if" the engine decides (603.4): "if it
    was kicked, " (``kicked``), "if its evoke cost was paid, " (``evoked``), "if its surge cost was paid, "
    (``surged``), "if you cast it from your hand, " (``cast_from_hand``), "if you cast it, "
    (``cast``): the condition and the effect after it; None otherwise."""
    m = _EVOKED.match(effect.strip())       # 702.74a
    if m is not None:
        return "evoked", m.group(1)[:1].upper() + m.group(1)[1:]
    m = _SURGED.match(effect.strip())       # 702.117a
    if m is not None:
        return "surged", m.group(1)[:1].upper() + m.group(1)[1:]
    m = _TRIBUTE.match(effect.strip())      # 702.104b
    if m is not None:
        return "tribute_unpaid", m.group(1)[:1].upper() + m.group(1)[1:]
    m = _CAST_FROM.match(effect.strip())
    if m is not None:
        return "cast_from_hand" if m.group(1) else "cast", m.group(2)[:1].upper() + m.group(2)[1:]
    m = _INTERVENING.match(effect.strip())
    if m is None or re.search(r"\bkicked\b", m.group(2), re.I):
        return None
    # 702.33f: "if it was kicked with its [A] kicker": ``kicked:[A]``
    return "kicked" + (f":{m.group(1)}" if m.group(1) else ""), m.group(2)[:1].upper() + m.group(2)[1:]


def as_announced(ability: Ability, kicked) -> Ability:
    """702.33g: the spell ability as cast with (``kicked`` non-empty) or without its kicker: not kicked, each
    ``if_kicked`` instruction and the targets it uses are left out, as if the spell did not have them; kicked,
    only the markers go. Any other ability is returned as it is."""
    if ability.kind != "spell" or not any(e.kind == "if_kicked" for e in ability.effects):
        return ability
    if sum(1 for e in ability.effects for k in _TARGET_ARGS if e.arg(k)) != len(ability.targets):
        raise Unsupported(f"which targets of {ability.text()!r} are chosen only if it was kicked (702.33g) is not "
                          "known to the engine")
    effects, kept = [], []
    # Each use of "target" with its phrase read at compile time (``Ability.target_specs``), kept or left out together.
    specs = ability.target_specs if len(ability.target_specs) == len(ability.targets) else (None,) * len(ability.targets)
    uses_left = iter(range(len(ability.targets)))
    skip = False
    for e in ability.effects:
        if e.kind == "if_kicked":
            skip = not kicked
            continue
        uses = [next(uses_left, None) for k in _TARGET_ARGS if e.arg(k)]
        if not skip:
            effects.append(e)
            kept += [i for i in uses if i is not None]
        skip = False
    return replace(ability, effects=tuple(effects), targets=tuple(ability.targets[i] for i in kept),
                   target_specs=tuple(specs[i] for i in kept) if ability.target_specs else ())
