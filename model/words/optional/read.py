"""Reading optional instructions (608.2d) and the instructions that depend on that choice (608.2c).

"You may <instruction>." wraps any instruction the other readers read: the sentence without "you may" is read
by them (its target, if any, is chosen as the spell or ability is put on the stack, 601.2c) and becomes two
words, ``optional`` then the instruction's own. "If you do, <instruction>." / "If you don't, <instruction>."
are read only right after an optional instruction (or another instruction depending on it): ``if_you_do`` /
``if_you_dont`` then the instruction's word. Left unread: permissions ("you may cast / play", 611.2a), "any
number of times", "unless", other players' choices ("any player may", "that player may"), and "If you do"
with nothing optional before it. "You may pay <mana>." is the word ``may_pay`` alone, the instructions "If you
do" / "If you don't" after it depending on the payment (608.2c-d: extort, 702.101a).

Also read here: the triggered keywords whose meaning is such a choice, made as they resolve at the beginning of
their controller's upkeep: echo (702.30a) and cumulative upkeep (702.24a), "sacrifice it unless you pay [cost]"
(118.12a), performed by ``words.permanents.perform``'s ``sacrifice_unless`` through the one payment model."""
from __future__ import annotations

import re
from typing import Callable

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.words.entering.read import have_instruction
from mtgjudge.model.words.permanents.read import perm_sentence
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.vocab.parse import parse_effect

_MAY = patterns.compile(r"^you may (.+)$", re.I)
_IF = patterns.compile(r"^if you (do|don't|do not), (.+)$", re.I)
#: 608.2d: "You may pay {W/B}." (mana alone), the payment made as the ability resolves.
_MAY_PAY = patterns.compile(r"^you may pay ((?:\{[0-9WUBRGC](?:/[WUBRGP])?\})+)\.?$", re.I)
#: 107.14: "You may pay {E}{E}." (energy counters removed), paid as the ability resolves.
_MAY_PAY_ENERGY = patterns.compile(r"^you may pay ((?:\{E\})+)\.?$", re.I)
#: Instructions "you may" does not make optional here: permissions to play (611.2a), repetitions, choices
#: that depend on another player, and costs paid on resolution (118.12: the payment model does these).
_NOT_READ = patterns.compile(r"^(?:cast|play)\b|\bany number of times\b|\bunless\b|\bpay\b|\bmay\b|\bif you do\b|"
                       r"\binstead\b|^have\b", re.I)
_DEPENDENT = ("optional", "if_you_do", "if_you_dont")

Reader = Callable[[str, tuple, list], "Effect | None"]


def _inner(text: str) -> str:
    return text[0].upper() + text[1:]


def depends_on_choice(sentence: str) -> bool:
    """Does the sentence begin "If you do," / "If you don't," (608.2c)?"""
    return _IF.match(sentence.strip()) is not None


def optional_words(sentence: str, found: tuple, earlier: list, read: Reader) -> list | None:
    """The words of one sentence if it is an optional instruction or one depending on it, or an instruction
    followed unless its controller pays (118.12a): [marker, word]; None otherwise. ``read(sentence, found,
    earlier)``: the other readers (``lines.effect_word``); ``earlier``: the words read before it."""
    s = sentence.strip()
    unless = _unless_words(s, found, earlier, read)
    if unless is not None:
        return unless
    paid = _MAY_PAY.match(s)
    if paid is not None:
        return [parse_effect({"may_pay": {"mana": paid.group(1).upper()}})]
    energy = _MAY_PAY_ENERGY.match(s)
    if energy is not None:          # 107.14: "You may pay {E}{E}." (Aether Revolt's energy payments)
        return [parse_effect({"may_pay": {"energy": energy.group(1).upper().count("{E}")}})]
    m = _MAY.match(s)
    if m is not None:
        rest = m.group(1)
        rest = have_instruction(rest) or rest       # "you may have X do Y": "X does Y", optional (etb)
        if _NOT_READ.search(rest):
            return None
        word = read(_inner(rest), found, earlier)
        return [parse_effect("optional"), word] if word is not None else None
    m = _IF.match(s)
    if m is None:
        return None
    # 608.2c: only right after an optional instruction (its word and the marker before it), or after another
    # instruction that depends on the same choice
    paying = bool(earlier) and earlier[-1] is not None and earlier[-1].kind == "may_pay"
    if not paying and (len(earlier) < 2 or earlier[-2] is None or earlier[-2].kind not in _DEPENDENT):
        return None
    rest = m.group(2)
    if re.search(r"\bif you do\b|\bunless\b", rest, re.I):
        return None
    word = read(_inner(rest), found, earlier)
    if word is None:
        return None
    return [parse_effect("if_you_do" if m.group(1).lower() == "do" else "if_you_dont"), word]


#: 118.12a: "<instruction> unless you pay {2}{B}" / "... unless you pay 2 life" / "... {B} and 2 life".
_UNLESS_PAY = patterns.compile(r"^(?P<inst>.+?) unless you pay (?:(?P<mana>(?:\{[0-9WUBRGC]\})+)(?: and (?=\d))?)?"
                               r"(?:(?P<life>\d+) life)?\.?$", re.I)
#: Instructions whose "unless" is another word's ("sacrifice it unless", ``words.permanents``) or that hold a choice
#: or a condition of their own.
_UNLESS_NOT_READ = patterns.compile(r"^(?:sacrifice|exile) (?:it|~)\b|\b(?:unless|may|if|instead|pays?)\b", re.I)


def _unless_words(s: str, found: tuple, earlier: list, read: Reader) -> list | None:
    """118.12a: "<instruction> unless you pay <cost>" means "You may pay <cost>. If you don't, <instruction>.": the
    marker ``unless_you_pay`` (mana, life or both, paid by the ability's controller as it resolves) then the
    instruction's word, the instruction read by the other readers; None if it is not such a sentence."""
    m = _UNLESS_PAY.match(s)
    if m is None or not (m.group("mana") or m.group("life")) or _UNLESS_NOT_READ.search(m.group("inst")):
        return None
    word = read(_inner(m.group("inst")) + ".", found, earlier)
    if word is None:
        return None
    args: dict = {k: v for k, v in (("mana", (m.group("mana") or "").upper()),
                                    ("life", int(m.group("life")) if m.group("life") else 0)) if v}
    try:
        return [parse_effect({"unless_you_pay": args}), word]
    except DefinitionError:
        return None


#: 702.30a, 702.24a: the triggered keywords whose meaning is a cost paid "unless" at the beginning of their
#: controller's upkeep: keyword -> (the intervening "if" its rule gives, the counter it first puts on the
#: permanent and for each of which the cost is paid, or ""). Echo: "if this permanent came under your control
#: since the beginning of your last upkeep, sacrifice it unless you pay [cost]"; cumulative upkeep: "if this
#: permanent is on the battlefield, put an age counter on this permanent. Then you may pay [cost] for each age
#: counter on it. If you don't, sacrifice it" (the same as "... then sacrifice it unless you pay [cost] for each
#: age counter on it", 118.12a).
UPKEEP_KEYWORDS: dict[str, tuple[str, str]] = {
    "Echo": ("controlled_since_last_upkeep", ""),
    "Cumulative upkeep": ("on_battlefield", "age"),
}
_UPKEEP = "At the beginning of your upkeep"
_PAY_WORDS = patterns.compile(r"^(?:\{[^}]+\})+$")


def upkeep_keyword(keyword: str, cost: str, printed: str) -> Ability | None:
    """The triggered ability "Echo [cost]" or "Cumulative upkeep [cost]" means (``UPKEEP_KEYWORDS``), its cost
    read as the words after "sacrifice it unless you" are (``words.permanents.read``: mana, life, discarding,
    sacrificing or returning permanents; for cumulative upkeep, mana and life, which are paid once for each age
    counter); None for any other keyword or a cost not read whole ("{W} or {U}": a choice for each counter,
    702.24a; "Sacrifice a creature" for each counter)."""
    if keyword not in UPKEEP_KEYWORDS:
        return None
    condition, counter = UPKEEP_KEYWORDS[keyword]
    cost = cost.strip().rstrip(".")
    if not cost:
        return None
    words = f"pay {cost}" if _PAY_WORDS.match(cost) else cost[:1].lower() + cost[1:]
    unless = perm_sentence(f"Sacrifice it unless you {words}.")
    if unless is None or unless.kind != "sacrifice_unless" or unless.arg("exile"):
        return None
    effects: tuple[Effect, ...] = (unless,)
    if counter:
        if unless.arg("action") != "pay":
            return None
        effects = (parse_effect({"counter": {"kind": counter, "n": 1}}),
                   parse_effect({"sacrifice_unless": {**dict(unless.args), "per_counter": counter}}))
    try:
        event = phrases.parse(_UPKEEP, "trigger_condition")
    except DefinitionError:
        return None
    return Ability("triggered", effects=effects, trigger=_UPKEEP, trigger_event=event, intervening=condition,
                   keyword=keyword, source_text=printed)
