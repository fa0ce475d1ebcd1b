"""A line is modelled only if all of it is read: the check the compiler makes of every reading before it
calls a line modelled (``lines.compile_line``), whichever reader made it (the phrase grammar or a pattern).

A reading that leaves out a list item, a target, a condition or a cost is no reading (a confident answer from
it could be wrong), so the line is kept unmodelled. The readers do not say which words they consumed; the
check instead accounts, in the line's text, for the words that carry such pieces and asks that the reading
hold each of them:

- every use of "target" that chooses something (115.1; the uses that name or test a target are
  ``targets.NOT_A_CHOICE``'s) is one of the reading's targets, and no target phrase of the reading stops
  before a list goes on ("two target artifacts, creatures, and/or lands": the lands are part of it);
- every mana symbol (107.4) and every condition word ("if", "unless", "only", "except", "instead",
  "otherwise", "as long as") is held by the reading: in its costs, its production, its words' arguments or
  rendered text, or the text it keeps unread;
- an activated ability's cost has as many parts as the text before its colon (602.1a, 118.1).

Text kept as words without being performed (the ``other`` effect: the engine refuses to resolve it) holds
everything but its targets, which the reading must still have chosen right (601.2c). Reminder text is gone
before a line is read (``text.ability_lines``).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterable, Sequence

from mtgjudge.model.oracle.targets import NOT_A_CHOICE, strip_quotes
from mtgjudge.model.vocab.abilities import Ability, cost_text

_TARGET_WORD = re.compile(r"\btargets?\b", re.I)
_SYMBOL = re.compile(r"\{[^{}]+\}")
_CONDITION = re.compile(r"\b(if|unless|only|except|instead|otherwise|as long as)\b", re.I)
#: What may follow a target phrase when a list of what it may choose goes on past where the reading stopped.
_NOUNS = (r"(?:non)?(?:artifact|creature|enchantment|land|planeswalker|battle|permanent|player|opponent|spell|"
          r"instant|sorcery|card|token|white|blue|black|red|green|colorless|multicolored)s?")
_LIST_GOES_ON = re.compile(r"^(?:,\s*(?:and/or\s+|or\s+|and\s+)?|\s+(?:and/or|or)\s+)" + _NOUNS + r"\b", re.I)
#: What may follow a target phrase when a qualifier of it goes on ("target creature with flying").
_QUALIFIER_GOES_ON = re.compile(r"^\s+(?:with|without|that|that's|which|of|in|from|named|not|you control|an opponent "
                                r"controls|you don't control|your opponents control|other than)\b", re.I)
_COUNT_PREFIX = re.compile(r"^(?:.*?\b)?targets?\s+", re.I)


def _strings(value: Any, seen: set[int]) -> Iterable[str]:
    """Every string a reading holds: its fields', recursively, and its words' and costs' renderings."""
    if isinstance(value, str):
        yield value             # (each occurrence counts: strings are not tracked as seen)
        return
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            yield from _strings(v, seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k, seen)
            yield from _strings(v, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name == "word":
                continue
            yield from _strings(getattr(value, f.name), seen)
        for method in ("text", "full_text"):
            render = getattr(value, method, None)
            if callable(render) and not isinstance(value, Ability):
                try:
                    yield render()
                except Exception:       # a rendering is only a help to the check, never required
                    pass


def _held(ability: Ability, with_other: bool) -> str:
    """The text a reading holds, lower case; ``with_other``: also the text of words kept unperformed."""
    parts: list[str] = []
    for f in dataclasses.fields(ability):
        if f.name in ("source_text", "modes", "targets"):
            continue
        value = getattr(ability, f.name)
        if f.name == "effects" and not with_other:
            value = tuple(e for e in value if e.kind != "other")
        parts += _strings(value, set())
    if ability.cost:
        parts.append(cost_text(ability.cost))
    for mode in ability.modes:
        parts.append(_held(mode, with_other))
    return " ".join(parts).lower()


def _targets(abilities: Sequence[Ability]) -> list[str]:
    out: list[str] = []
    for a in abilities:
        out += a.targets
        for m in a.modes:
            out += _targets([m])
    return out


def choice_uses(text: str) -> int:
    """How many uses of "target" in a line choose something (115.1), outside quoted abilities (113.2): every
    use but those ``NOT_A_CHOICE`` introduces. A word followed by a comma ends a list item, so it never
    introduces the next one ("target creature, target enchantment")."""
    text = strip_quotes(text)
    n = 0
    for m in _TARGET_WORD.finditer(text):
        before = text[:m.start()].split()
        prev = before[-1].lower() if before else ""
        if prev.endswith(","):
            n += 1
        elif prev not in NOT_A_CHOICE and not (m.group(0).lower() == "targets" and prev not in _COUNTS):
            n += 1
    return n


_COUNTS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "x", "of", "more", "many"}


def _cut_short(text: str, phrases: Sequence[str]) -> str | None:
    """The first target phrase of a reading (in the order of the text) that, found where it is in the text,
    stops where a list of what it may choose, or a qualifier of it, goes on; None when none does."""
    low = text.lower()
    at = 0
    for phrase in phrases:
        body = _COUNT_PREFIX.sub("", phrase, count=1) if _TARGET_WORD.search(phrase) else phrase
        if not body or body in ("any number of", "any"):
            continue
        m = re.compile(r"\btargets?\s+" + re.escape(body.lower()) + r"(?![\w'])").search(low, at)
        if m is None:
            continue            # written otherwise by its reader ("target another creature"): not placed
        at = m.end()
        if _LIST_GOES_ON.match(text[m.end():]) or _QUALIFIER_GOES_ON.match(text[m.end():]):
            return phrase
    return None


def _structured_conditions(read: Sequence[Ability]) -> dict[str, int]:
    """Condition words a reading holds as fields rather than words: when an ability may be activated
    ("Activate only once each turn", "only as a sorcery", "only during your turn", "only if ...", 602.5), how
    its mana may be spent ("Spend this mana only to ...", 106.6), an intervening "if" (603.4)."""
    only = iff = 0
    for a in read:
        only += (a.timing != "any") + a.once_each_turn + bool(a.during) + bool(a.only_if) + bool(a.spend_only)
        iff += bool(a.only_if) + bool(a.intervening)
        for m in a.modes:
            sub = _structured_conditions([m])
            only, iff = only + sub["only"], iff + sub["if"]
    return {"only": only, "if": iff}


def unread_part(norm: str, abilities: Sequence[Ability]) -> str | None:
    """What of a line (normalized, ``text.ability_lines``) its reading ``abilities`` leaves out, in words; None
    when every piece of the line is held by the reading. A line kept unmodelled has nothing to check."""
    read = [a for a in abilities if a.kind != "unmodelled"]
    if not read or len(read) != len(abilities):
        return None
    if all(a.kind == "keyword" and not a.targets for a in read):
        return None             # a keyword's words are the keyword (702.1)
    targets = _targets(read)
    uses = choice_uses(norm)
    if uses > len(targets):
        return f"{uses} uses of 'target' but {len(targets)} targets read"
    short = _cut_short(norm, targets)
    if short is not None:
        return f"the target phrase {short!r} stops where the phrase goes on"
    held_all = " ".join(_held(a, True) for a in read)
    for symbol in set(_SYMBOL.findall(norm)):
        # a symbol may be held as its letters ("produces": "B")
        bare = len(re.findall(rf"(?<![{{\w]){re.escape(symbol[1:-1].lower())}(?![}}\w])", held_all))
        if norm.count(symbol) > held_all.count(symbol.lower()) + bare:
            return f"the mana symbol {symbol} is not read"
    extra = _structured_conditions(read)
    for word in {w.lower() for w in _CONDITION.findall(norm)}:
        said = len(re.findall(rf"\b{word}\b", norm, re.I))
        if said > len(re.findall(rf"\b{word}\b", held_all)) + extra.get(word, 0):
            return f"the condition word {word!r} is not read"
    for a in read:
        if a.kind in ("activated", "mana") and a.cost and not a.unread.startswith("the cost"):
            cost_text_said = norm.split(":")[0] if ":" in norm else ""
            # a part begins with a symbol, a loyalty number or a verb ("Sacrifice an artifact, creature, or
            # land" is one part)
            parts = [p for p in re.split(r",\s*(?=\{|[A-Z]|[+−-]?\d)", cost_text_said) if p.strip()]
            if cost_text_said and len(parts) > len(a.cost):
                return f"the cost {cost_text_said!r} has {len(parts)} parts, {len(a.cost)} read"
    return None
