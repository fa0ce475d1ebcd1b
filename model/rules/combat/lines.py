"""The lines of text that declaring attackers and blockers reads (506-509): restrictions ("~ can't block"),
requirements ("~ attacks each combat if able", Lure's "All creatures able to block enchanted creature do so"), the
number of creatures a blocker may block (509.1a) and costs to attack (508.1h: Ghostly Prison). (Protection is a
keyword the compiler reads, 702.16: ``rules.protection``.)

A line is read only whole (the pattern matches all of it); any other line that may concern combat is left to the
caller, which makes the declaration `unsupported`, naming it."""
from __future__ import annotations

import re
from dataclasses import dataclass

#: A line's subject: the object itself (``~``) or the creature its Aura enchants (303.4).
_SELF = r"(?P<who>~|enchanted creature)"


@dataclass(frozen=True)
class CombatLine:
    """What one line says for declaring attackers and blockers: ``fact`` is one of ``cant_attack``,
    ``cant_block``, ``cant_attack_or_block``, ``must_attack``, ``must_block``, ``lure`` (all creatures able to
    block it do so), ``must_be_blocked``, ``cant_be_blocked``, ``menace`` (can't be blocked except by two or more),
    ``extra_blocks`` (``n``: how many more creatures it can block; -1: any number), ``attack_unless`` (it can't
    attack unless the defending player controls a permanent of the subtype ``subtype``), ``attack_cost`` (creatures can't attack the
    line's controller, and with ``planeswalkers`` the planeswalkers they control, unless their controller pays the
    mana ``cost`` for each of them: 508.1h); ``enchanted``: it is about the creature the line's Aura enchants, not
    the object itself."""

    fact: str
    rule: str
    enchanted: bool = False
    n: int = 0
    subtype: str = ""
    cost: str = ""
    planeswalkers: bool = False


_PATTERNS: tuple[tuple[str, str, re.Pattern], ...] = tuple((fact, rule, re.compile(p, re.I)) for fact, rule, p in (
    ("cant_attack_or_block", "508.1c", rf"^{_SELF} can't attack or block\.$"),
    ("cant_attack", "508.1c", rf"^{_SELF} can't attack\.$"),
    ("cant_block", "509.1b", rf"^{_SELF} can't block\.$"),
    ("must_attack", "508.1d", rf"^{_SELF} attacks each (?:combat|turn) if able\.$"),
    ("must_block", "509.1c", rf"^{_SELF} blocks each (?:combat|turn) if able\.$"),
    ("lure", "509.1c", r"^All creatures able to block (?P<who>~|enchanted creature) do so\.$"),
    ("must_be_blocked", "509.1c", rf"^{_SELF} must be blocked (?:each combat )?if able\.$"),
    ("cant_be_blocked", "509.1b", rf"^{_SELF} can't be blocked\.$"),
    ("menace", "509.1b", rf"^{_SELF} can't be blocked except by two or more creatures\.$"),
    ("extra_one", "509.1a", rf"^{_SELF} can block an additional creature each combat\.$"),
    ("extra_any", "509.1a", rf"^{_SELF} can block any number of creatures(?: each combat)?\.$"),
    ("attack_unless", "508.1c", rf"^{_SELF} can't attack unless defending player controls an? (?P<subtype>[A-Z][a-z]+)\.$"),
))


#: Costs to attack (508.1h): Ghostly Prison, Propaganda, Windborn Muse; Norn's Annex with planeswalkers. A cost
#: of mana symbols only, with no X (Sphere of Safety's X is the number of enchantments: no reading).
_COST = r"(?P<cost>(?:\{(?:[0-9]+|[WUBRGC]|[WUBRG2]/[WUBRGP])\})+)"
_ATTACK_COSTS = (
    (False, re.compile(rf"^Creatures can't attack you unless their controller pays {_COST} for each creature they "
                       r"control that's attacking you\.$", re.I)),
    (True, re.compile(rf"^Creatures can't attack you or a planeswalker you control unless their controller pays "
                      rf"{_COST} for each of those creatures\.$", re.I)),
)


def _plain(text: str, name: str) -> str:
    """The line without reminder text, with the card's name as ``~``."""
    t = re.sub(r"\s*\([^)]*\)", "", text).strip()
    if name:
        t = t.replace(name, "~")
    return re.sub(r"\bthis creature\b", "~", t, flags=re.I)


def read(text: str, name: str) -> CombatLine | None:
    """The combat line ``text`` (of the card named ``name``) is, read whole; None if it is none of them."""
    t = _plain(text, name)
    for planeswalkers, pattern in _ATTACK_COSTS:
        m = pattern.match(t)
        if m:
            return CombatLine("attack_cost", "508.1h", cost=m.group("cost"), planeswalkers=planeswalkers)
    for fact, rule, pattern in _PATTERNS:
        m = pattern.match(t)
        if not m:
            continue
        enchanted = m.group("who").lower() == "enchanted creature"
        if fact == "extra_one":
            return CombatLine("extra_blocks", rule, enchanted, n=1)
        if fact == "extra_any":
            return CombatLine("extra_blocks", rule, enchanted, n=-1)
        if fact == "attack_unless":
            return CombatLine(fact, rule, enchanted, subtype=m.group("subtype"))
        return CombatLine(fact, rule, enchanted)
    return None
