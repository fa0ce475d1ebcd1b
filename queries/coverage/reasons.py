"""Why a question was unsupported, as a template that many cards share: the product's message with the
card's own names written ``~`` and the ids of the board's objects left out, and each line of the card's
text that it quotes without its reminder text, its numbers written ``N`` and each run of mana symbols
``{M}``, so that "{2}{R}: ~ deals 2 damage to any target." and "{1}{B}{B}: ~ deals 3 damage to any
target." count as one."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from mtgjudge.model.mana import ManaSyntaxError, parse_symbol

_SYMBOL = re.compile(r"\{[^{}]*\}")
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
_NUMBER_WORDS = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten)\b", re.IGNORECASE)
_MANA_RUN = re.compile(r"(?:\{M\})+")
_REMINDER = re.compile(r"\s*\([^()]*\)")    # reminder text (207.2): "Defender (This creature can't attack.)"
#: "(id)" of objects the actions made: the model's ``_zone_Player_N`` ids and the engine's ``name-N``.
_MADE_IDS = re.compile(r" \((?:_[a-z]+_\w+|[a-z0-9]+(?:-[a-z0-9]+)*-\d+)\)")


def _mana(symbol: re.Match) -> str:
    try:
        parse_symbol(symbol.group(0)[1:-1])
    except ManaSyntaxError:
        return symbol.group(0)      # {T}, {Q}, {E}: not mana
    return "{M}"


def self_names(names: Iterable[str]) -> list[str]:
    """The names by which text names the card, longest first: each face's name, a multi-faced card's
    "A // B", and the part of a name before its comma (a legendary card's short name, 201.4b)."""
    out: set[str] = set()
    for n in names:
        out.add(n)
        if "," in n:
            out.add(n.split(",")[0].strip())
    return sorted((n for n in out if n), key=len, reverse=True)


def _self(text: str, names: list[str]) -> str:
    for name in names:
        text = re.sub(r"(?<![\w'])" + re.escape(name) + r"(?![\w])", "~", text)
    return text


def text_template(text: str, names: Iterable[str] = ()) -> str:
    """Card text as a template: reminder text left out, the card's names ``~``, numbers ``N`` (digits and
    "two" to "ten"), each run of mana symbols ``{M}``, whitespace (a modal spell's bullets) as single
    spaces."""
    text = _self(" ".join(_REMINDER.sub("", text).split()), self_names(names))
    text = _MANA_RUN.sub("{M}", _SYMBOL.sub(_mana, text))
    return _NUMBER_WORDS.sub("N", _NUMBER.sub("N", text))


def reason_template(message: str, names: Iterable[str], ids: Iterable[str] | Mapping[str, str],
                    texts: Iterable[str]) -> str:
    """The template of an unsupported answer's message. ``names``: the card's names; ``ids``: the ids of
    the board's objects (given as id -> card name, an id the message says alone is said as that name, as the
    text a person reads says it); ``texts``: the card's lines of text, which the message may quote."""
    names = list(names)
    for oid in ids:
        message = message.replace(f" ({oid})", "")
        if isinstance(ids, Mapping) and oid.startswith("_"):
            message = re.sub(r"(?<![\w-])" + re.escape(oid) + r"(?![\w-])", ids[oid], message)
    # objects the actions made are named "Name (id)" too, with ids of the model's own (``_unknown_Alice_1``) or
    # the engine's (``soldier-token-1``): the name stays, the id goes
    message = _MADE_IDS.sub("", message)
    quoted: dict[str, str] = {}
    for text in sorted(set(texts), key=len, reverse=True):
        if text and repr(text) in message:
            marker = f"\x00{len(quoted)}\x00"
            quoted[marker] = repr(text_template(text, names))
            message = message.replace(repr(text), marker)
    message = _self(message, self_names(names))
    for marker, template in quoted.items():
        message = message.replace(marker, template)
    return message
