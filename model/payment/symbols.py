"""How each mana symbol of a cost may be paid, and which mana may pay it: the one statement of CR 107.4,
106.6, 609.4b, 107.4h and the non-mana ways (convoke 702.51a, improvise 702.126a, delve 702.66a), and of
the total cost's modifiers (601.2f).

Everything that pays costs reads this module: the z3 decision (``payment.decide``), the enumeration of
every distinct payment (``payment.enumeration``, which the engine's casting and activating use), and the
search for mana options, which pays the costs of mana abilities (``rules.mana_options``).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import COLORS, Symbol
from mtgjudge.model.rules.spending import Purpose, Restriction, SpendAs
from mtgjudge.model.lazy_dataclass import dataclass

#: What one unit of a cost may demand (107.4): mana of one color, colorless mana ({C}), any mana (generic),
#: or mana from a snow source ({S}).
DEMAND_KINDS = ("W", "U", "B", "R", "G", "C", "generic", "snow")

#: The non-mana ways to pay part of a spell's cost, and the rule that defines each.
ALTERNATIVE_RULES = {"convoke": "702.51a", "improvise": "702.126a", "delve": "702.66a"}


@dataclass(frozen=True)
class Way:
    """One way to pay one symbol: the units of mana it then demands, the life it costs, the words for it,
    and the rules that allow the choice (empty when the symbol leaves no choice)."""

    demand: tuple[tuple[str, int], ...]
    life: int
    words: str
    rules: tuple[str, ...] = ()


def ways_to_pay(s: Symbol, x: int) -> tuple[Way, ...]:
    """Every way to pay the symbol ``s`` with X = ``x`` (107.4; the choice is made as the cost is paid,
    601.2h, but for hybrid and Phyrexian symbols it is announced with the total cost, 601.2b, 601.2f)."""
    k = s.kind
    if k == "generic":
        return (Way((("generic", s.amount),) if s.amount else (), 0, str(s)),)
    if k == "x":
        return (Way((("generic", x),) if x else (), 0, "{%d}" % x, ("107.3", "601.2b")),)
    if k == "colored":
        return (Way(((s.colors, 1),), 0, str(s)),)
    if k == "colorless":
        return (Way((("C", 1),), 0, str(s)),)
    if k == "snow":
        return (Way((("snow", 1),), 0, str(s)),)
    if k == "hybrid":
        return tuple(Way(((c, 1),), 0, "{%s}" % c, ("107.4e",)) for c in s.colors)
    if k == "mono_hybrid":
        return (Way(((s.colors, 1),), 0, "{%s}" % s.colors, ("107.4e",)), Way((("generic", 2),), 0, "{2}", ("107.4e",)))
    if k == "phyrexian":
        return (Way(((s.colors, 1),), 0, "{%s}" % s.colors, ("107.4f",)), Way((), 2, "2 life", ("107.4f", "119.4")))
    if k == "hybrid_phyrexian":
        return tuple(Way(((c, 1),), 0, "{%s}" % c, ("107.4e", "107.4f")) for c in s.colors) + (
            Way((), 2, "2 life", ("107.4f", "119.4")),)
    raise Unsupported(f"paying the mana symbol {s} is not modelled")


def modified_generic(generic: Any, others: Any, modifiers: Iterable, maximum: Callable[[Any, Any], Any] = max) -> Any:
    """601.2f: the generic part of the total cost once modifiers apply: increases, then reductions (which
    reduce only generic mana, 118.7a, and never below {0}), then minimums on the total (Trinisphere).

    ``generic`` and ``others`` (the colored, colorless and snow units, after hybrid choices) may be numbers
    or solver terms; ``maximum`` is max for numbers, a solver's if-then-else for terms."""
    modifiers = list(modifiers)
    change = sum(m.amount for m in modifiers if m.kind == "increase") - sum(m.amount for m in modifiers if m.kind == "reduction")
    g = maximum(generic + change, 0) if change < 0 else generic + change
    for m in modifiers:
        if m.kind == "minimum":
            g = g + maximum(m.amount - (g + others), 0)
    return g


def modified_total_words(cost: Any, state: Any) -> str:
    """601.2f in words, for a cost with modifiers: each modifier, then the total they lock in before the cost
    is paid (when no symbol of the cost leaves a choice; else that the total is locked in once the choices
    are made). ``cost``: a ``rules.costs.TotalCost``."""
    said = "; ".join(m.describe(state).rstrip(".") for m in cost.modifiers)
    ways = [ways_to_pay(s, cost.x) for s in cost.symbols]
    if any(len(w) > 1 for w in ways):
        return said + ("; the total cost is locked in once the way to pay each hybrid or Phyrexian symbol is chosen, "
                       "before it is paid")
    generic = sum(k for w in ways for kind, k in w[0].demand if kind == "generic")
    others = sum(k for w in ways for kind, k in w[0].demand if kind != "generic")
    total = modified_generic(generic, others, cost.modifiers)
    rest = "".join(str(s) for s in cost.symbols if s.kind not in ("generic", "x"))
    return said + f"; so the total cost is {('{%d}' % total if total or not rest else '') + rest}, locked in before it is paid"


@dataclass(frozen=True)
class Source:
    """What matters about where a unit of mana (or a non-mana way) comes from, to tell what it may pay."""

    kind: str = "mana"                    # mana | convoke | improvise | delve
    snow: bool = False                    # made by a snow source (107.4h)
    restriction: Restriction | None = None   # 106.6
    chosen_type: str | None = None        # the source's chosen creature type (restrictions that name it)
    colors: frozenset[str] = frozenset()  # convoke: the creature's colors
    label: str = ""


def blocked(src: Source, mana_type: str, demand: str, purpose: Purpose, spend_as: Iterable[SpendAs]) -> tuple | None:
    """May one unit of ``mana_type`` from ``src`` pay one unit of ``demand`` of a cost spent on ``purpose``?
    None when it may; else the reason as a tuple whose first item is the rule that forbids it."""
    if src.kind in ALTERNATIVE_RULES:
        if demand == "generic":
            return None
        if src.kind == "convoke" and demand in COLORS:
            return None if demand in src.colors else ("107.4a", demand)
        if demand == "C":
            return ("107.4c",)
        if demand == "snow":
            return ("107.4h",)
        return (ALTERNATIVE_RULES[src.kind],)
    if src.restriction is not None and not src.restriction.allows(purpose, src.chosen_type):
        return ("106.6", src.label, src.restriction.text, purpose.describe())
    if demand == "generic":
        return None
    if demand == "snow":
        return None if src.snow else ("107.4h",)
    only = [e for e in spend_as if e.only_colorless and mana_type in e.mana]
    if demand == "C":
        # 609.4b, 118.14: mana spent as though it were colorless mana pays {C} ("mana of any type" is spending
        # as though colorless or of any color, and the colorless part is what pays {C}). Celestial Dawn's
        # 2006-09-25 ruling ("any colored mana may be spent only on the colorless part of costs") predates the
        # {C} symbol (2015) and speaks of generic costs; where the two disagree the newer CR text wins, so such
        # mana pays {C} as well as generic costs.
        return None if mana_type == "C" or only else ("107.4c",)
    if only:
        return ("609.4b", mana_type, demand, only[0].source)
    if mana_type == demand:
        return None
    # 609.4b: spending as though of any color pays colored symbols; it never pays {C} (107.4c, above).
    if any(mana_type in e.mana and e.any_color for e in spend_as):
        return None
    return ("107.4a", demand)
