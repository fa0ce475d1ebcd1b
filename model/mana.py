"""Mana: types, symbols and mana costs (CR 106, 107.4).

A cost string such as ``"{2}{W/U}{B/P}{S}{X}"`` parses into a tuple of :class:`Symbol`; malformed
costs raise :class:`ManaSyntaxError`, naming the offending part.
"""
from __future__ import annotations

import re
from collections import Counter

from mtgjudge.model.lazy_dataclass import dataclass

#: The five colors in WUBRG order (CR 105.1) and the six types of mana (CR 106.1b).
COLORS = "WUBRG"
TYPES = "WUBRGC"
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
NAME_TO_LETTER = {v: k for k, v in COLOR_NAMES.items()}


class ManaSyntaxError(ValueError):
    """A mana cost or mana string that does not follow CR 107.4's symbols."""


@dataclass(frozen=True)
class Symbol:
    """One mana symbol of a cost (CR 107.4).

    kind is one of:
      ``generic`` (amount), ``colored`` (W U B R G), ``colorless`` ({C}), ``hybrid`` (two colors),
      ``mono_hybrid`` ({2/W}), ``phyrexian`` ({W/P}), ``hybrid_phyrexian`` ({G/W/P}), ``snow`` ({S}),
      ``x`` ({X}).
    """

    kind: str
    colors: str = ""
    amount: int = 1

    def __str__(self) -> str:
        if self.kind == "generic":
            return "{%d}" % self.amount
        if self.kind in ("colored", "colorless"):
            return "{%s}" % (self.colors or "C")
        if self.kind == "hybrid":
            return "{%s/%s}" % (self.colors[0], self.colors[1])
        if self.kind == "mono_hybrid":
            return "{2/%s}" % self.colors
        if self.kind == "phyrexian":
            return "{%s/P}" % self.colors
        if self.kind == "hybrid_phyrexian":
            return "{%s/%s/P}" % (self.colors[0], self.colors[1])
        if self.kind == "snow":
            return "{S}"
        return "{X}"


_SYMBOL = re.compile(r"\{([^{}]*)\}")


#: The most digits of a generic mana symbol ({999999999} at most): larger amounts are no real cost and
#: would only drive work.
MAX_GENERIC_DIGITS = 9


def parse_symbol(body: str) -> Symbol:
    """Parse the inside of one ``{...}``; raise ManaSyntaxError if it is no mana symbol."""
    b = body.strip().upper()
    # ASCII digits only: '²'.isdigit() holds but int('²') fails, and '١' (Arabic-Indic one) is no symbol
    if b.isascii() and b.isdigit():
        if len(b) > MAX_GENERIC_DIGITS:
            raise ManaSyntaxError(f"{{{body}}}: a generic mana symbol of more than {MAX_GENERIC_DIGITS} digits is refused")
        return Symbol("generic", amount=int(b))
    if b in COLORS:
        return Symbol("colored", b)
    if b == "C":
        return Symbol("colorless", "C")
    if b == "S":
        return Symbol("snow")
    if b == "X":
        return Symbol("x")
    parts = b.split("/")
    if len(parts) == 2:
        a, c = parts
        if a in COLORS and c == "P":
            return Symbol("phyrexian", a)
        if a == "2" and c in COLORS:
            return Symbol("mono_hybrid", c)
        if a in COLORS and c in COLORS and a != c:
            return Symbol("hybrid", a + c)
    if len(parts) == 3 and parts[2] == "P" and parts[0] in COLORS and parts[1] in COLORS and parts[0] != parts[1]:
        return Symbol("hybrid_phyrexian", parts[0] + parts[1])
    raise ManaSyntaxError(f"{{{body}}} is not a mana symbol (CR 107.4)")


def parse_cost(text: str) -> tuple[Symbol, ...]:
    """Parse a mana cost like ``"{2}{W/U}{B/P}"``; the empty string is the empty cost."""
    if not isinstance(text, str):
        raise ManaSyntaxError(f"a mana cost must be a quoted string like \"{{2}}{{W}}\", not {text!r}")
    s = text.strip()
    out: list[Symbol] = []
    pos = 0
    for m in _SYMBOL.finditer(s):
        if s[pos:m.start()].strip():
            raise ManaSyntaxError(f"{s[pos:m.start()]!r} in {text!r} is not inside braces")
        out.append(parse_symbol(m.group(1)))
        pos = m.end()
    if s[pos:].strip():
        raise ManaSyntaxError(f"{s[pos:]!r} in {text!r} is not a mana symbol")
    return tuple(out)


def format_cost(symbols: tuple[Symbol, ...]) -> str:
    return "".join(str(s) for s in symbols)


#: One mana symbol, optionally followed by a count: ``{G}``, ``{G}×400`` (or ``{G}x400``).
_COUNTED = re.compile(r"\{([^{}]*)\}(?:\s*[×xX]\s*([0-9]{1,18})\b)?")

#: A run of more than this many mana of one type is written with its count, ``{G}×400``: the text of an amount
#: grows with the number of its digits, not with the amount (a pool can hold 2^30 mana).
SPELLED_OUT = 16


def parse_mana(text: str) -> Counter:
    """Parse an amount of actual mana like ``"{G}{G}{C}"`` (or ``"{G}×2{C}"``) into a Counter of type letters.

    Only the six types can appear in mana itself (CR 106.1); ``{3}`` is not mana.
    """
    if not isinstance(text, str):
        raise ManaSyntaxError(f"mana must be a quoted string like \"{{G}}{{G}}\", not {text!r}")
    s = text.strip()
    out: Counter = Counter()
    pos = 0
    for m in _COUNTED.finditer(s):
        if s[pos:m.start()].strip():
            raise ManaSyntaxError(f"{s[pos:m.start()]!r} in {text!r} is not inside braces")
        sym = parse_symbol(m.group(1))
        if sym.kind not in ("colored", "colorless"):
            raise ManaSyntaxError(f"{sym} is not a type of mana: mana is one of {{W}}{{U}}{{B}}{{R}}{{G}}{{C}} (CR 106.1)")
        out[sym.colors] += int(m.group(2)) if m.group(2) is not None else 1
        pos = m.end()
    if s[pos:].strip():
        raise ManaSyntaxError(f"{s[pos:]!r} in {text!r} is not a mana symbol")
    return +out


def mana_run(t: str, n: int) -> str:
    """``n`` mana of type ``t``: ``{G}{G}``, or ``{G}×400`` past ``SPELLED_OUT``."""
    return "{%s}" % t * n if n <= SPELLED_OUT else "{%s}×%d" % (t, n)


def mana_string(counts: Counter | dict) -> str:
    """Canonical text of an amount of mana, in WUBRGC order: ``{W}{G}{G}``; a long run with its count."""
    return "".join(mana_run(t, counts.get(t, 0)) for t in TYPES)


def mana_value(symbols: tuple[Symbol, ...], x: int = 0) -> int:
    """Mana value of a cost (CR 202.3): hybrid counts its largest part; X counts as x."""
    total = 0
    for s in symbols:
        if s.kind == "generic":
            total += s.amount
        elif s.kind == "mono_hybrid":
            total += 2
        elif s.kind == "x":
            total += x
        else:
            total += 1
    return total


def cost_colors(symbols: tuple[Symbol, ...]) -> frozenset[str]:
    """The colors of a mana cost's symbols (CR 202.2, 105.2)."""
    return frozenset(c for s in symbols if s.kind not in ("generic", "colorless", "snow", "x") for c in s.colors)


#: The basic land types and the mana their intrinsic ability adds (CR 305.6).
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
