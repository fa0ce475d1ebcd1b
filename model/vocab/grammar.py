"""The grammars of the card encoding's small languages: activation costs as written on cards
("{2}, {T}, Sacrifice a land") and what a mana ability adds (``add:``). Errors are DefinitionErrors naming
the part that is wrong."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import COLORS, TYPES, ManaSyntaxError, parse_cost
from mtgjudge.model.vocab.abilities import X_COUNT, CostPart, ManaProduction
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.phrases import parse_np as parse_noun_phrase

def parse_cost_text(text: object, x_parts: bool = False) -> tuple[CostPart, ...]:
    """Parse an activation cost written as on a card: ``"{2}, {T}, Sacrifice a land"`` (the phrase grammar's
    ``cost``, ``vocab.phrases``); ``x_parts``: a spell's additional cost, whose parts may be X. Anything but a
    string (a definition's missing cost) is a DefinitionError."""
    if not isinstance(text, str):
        raise DefinitionError(f"a cost must be a string like \"{{1}}, {{T}}\", not {text!r}")
    return phrases.cost_parts(text, x_parts)


#: The argument in which a word keeps its cost texts (``COST_KEYS``: a kicker's, an additional cost's, an
#: alternative cost's "cost", "or_cost") read once as the card is compiled (``read_costs``): (key, x_parts, parts,
#: why), ``parts`` None where the cost grammar does not read the text (``why`` saying so), so that a payment
#: reads CostParts (``cost_of``), never the text.
COSTS = "costs"
COST_KEYS = ("cost", "or_cost")


def read_costs(args: dict) -> dict:
    """The word's arguments ``args`` with their cost texts read into ``COSTS``, as a spell's cost (``x_parts``) and
    as an activation's; whatever ``COSTS`` held before is replaced."""
    out = {k: v for k, v in args.items() if k != COSTS}
    read: list[tuple[str, bool, tuple[CostPart, ...] | None, str]] = []
    for key in COST_KEYS:
        text = args.get(key)
        if not isinstance(text, str):
            continue
        for x_parts in (False, True):
            try:
                read.append((key, x_parts, parse_cost_text(text, x_parts), ""))
            except DefinitionError as e:
                read.append((key, x_parts, None, str(e)))
    if read:
        out[COSTS] = tuple(read)
    return out


def cost_of(word: Any, key: str = "cost", x_parts: bool = False) -> tuple[CostPart, ...]:
    """The parts of the cost text ``key`` of a word (an Effect or a StaticEffect), as read when its card was
    compiled (``COSTS``; ``x_parts``: read as a spell's additional cost, whose parts may be X). A DefinitionError,
    as ``parse_cost_text`` gives, for a text the grammar does not read, a missing one, or one never read."""
    text = word.arg(key)
    if not isinstance(text, str):
        raise DefinitionError(f"a cost must be a string like \"{{1}}, {{T}}\", not {text!r}")
    for k, x, parts, why in word.arg(COSTS, ()) or ():
        if (k, x) == (key, x_parts):
            if parts is None:
                raise DefinitionError(why)
            return parts
    raise DefinitionError(f"the cost {text!r} was not read as its card was compiled")


def _letters(s: Any, allowed: str, where: str) -> str:
    if not isinstance(s, str) or not s or any(c not in allowed for c in s.upper()):
        raise DefinitionError(f"{where} must be letters from {allowed}, not {s!r}")
    return s.upper()


INSTEAD_CONDITIONS = ("played_land_this_turn",)


def parse_production(data: Any) -> ManaProduction:
    """Parse an ``add:`` value: ``"{G}{G}"``, ``{one_of: RG}``, ``{any_color: 1}``, ``{any_one_color: 2}``,
    ``{combination: WU, n: 2}``, ``{any_type_of: land you control}``, ``{any_color_of: land an opponent
    controls}``, ``{any_type_of: sacrificed}``, ``{chosen_color: 1}``, ``{color_of: permanent you control}``,
    ``{produced_type: true}``, ``{double_pool: true}``, ``{fixed: "{U}", instead_if: played_land_this_turn,
    instead: "{B}"}``; plus ``per:``/``per_counter:``; ``n: X`` for an amount of X."""
    if isinstance(data, ManaProduction):
        return data            # already read (the Oracle compiler's reading of a granted ability)
    if isinstance(data, str):
        try:
            syms = parse_cost(data)
        except ManaSyntaxError as e:
            raise DefinitionError(str(e)) from None
        if not syms or any(s.kind not in ("colored", "colorless") for s in syms):
            raise DefinitionError(f"add: {data!r} must be mana symbols of the six types")
        return ManaProduction("fixed", fixed=tuple(s.colors for s in syms))
    if not isinstance(data, dict):
        raise DefinitionError(f"add: must be a mana string or a mapping, not {data!r}")
    d = dict(data)
    per = d.pop("per", None)
    per_counter = d.pop("per_counter", "")
    n = d.pop("n", None)
    if isinstance(n, str) and n.upper() == "X":
        n = X_COUNT
    instead_if = d.pop("instead_if", "")
    instead_raw = d.pop("instead", None)
    if instead_if and instead_if not in INSTEAD_CONDITIONS:
        raise DefinitionError(f"instead_if: {instead_if!r} is not a known condition: {', '.join(INSTEAD_CONDITIONS)}")
    if bool(instead_if) != (instead_raw is not None):
        raise DefinitionError("instead_if and instead go together")
    instead: tuple[str, ...] = ()
    if instead_raw is not None:
        instead = parse_production(instead_raw).fixed
        if not instead:
            raise DefinitionError(f"instead: must be fixed mana like \"{{B}}\", not {instead_raw!r}")
    if instead_if and not d:
        raise DefinitionError("instead_if needs the mana it replaces (fixed: \"{U}\")")
    if per is not None:
        per = parse_noun_phrase(per)
    extra = dict(per=per, per_counter=per_counter, instead_if=instead_if, instead=instead)
    if set(d) == {"fixed"}:
        base = parse_production(d["fixed"])
        return replace(base, **extra)
    if set(d) == {"double_pool"} or set(d) == {"produced_type"}:
        (k, v), = d.items()
        if v is not True and v != 1:
            raise DefinitionError(f"{k}: takes true")
        return ManaProduction(k, **extra)
    if set(d) == {"color_of"}:
        return ManaProduction("color_of", color_of=parse_noun_phrase(d["color_of"]), **extra)
    if set(d) == {"color_of_card_in"}:
        if d["color_of_card_in"] not in ("graveyard", "hand", "exile"):
            raise DefinitionError("color_of_card_in: graveyard, hand or exile")
        return ManaProduction("color_of_card", card_zone=d["color_of_card_in"], **extra)
    if len(d) != 1:
        raise DefinitionError(f"add: needs exactly one of one_of, any_color, any_one_color, combination, "
                              f"any_type_of, any_color_of, chosen_color; got {sorted(d)}")
    (k, v), = d.items()
    if k == "one_of":
        return ManaProduction("one_type", choices=_letters(v, TYPES, "one_of"), amount=n or 1, **extra)
    if k in ("any_color", "any_one_color"):
        if not isinstance(v, int) or v < 1:
            raise DefinitionError(f"{k} takes a positive amount, not {v!r}")
        mode = "combination" if k == "any_color" and v > 1 else "one_type"
        return ManaProduction(mode, choices=COLORS, amount=v, **extra)
    if k == "combination":
        return ManaProduction("combination", choices=_letters(v, TYPES, "combination"), amount=n or 1, **extra)
    if k in ("any_type_of", "any_color_of"):
        colors_only = k == "any_color_of"
        if v == "sacrificed":
            return ManaProduction("reflect", reflect_colors_only=colors_only, reflect_sacrificed=True, **extra)
        return ManaProduction("reflect", reflect=parse_noun_phrase(v), reflect_colors_only=colors_only, **extra)
    if k == "chosen_color":
        return ManaProduction("chosen_color", amount=v if isinstance(v, int) else 1, **extra)
    raise DefinitionError(f"add: unknown form {k!r}")


#: Conditions of a mana ability's self-replacement ``instead_if`` (CR 614.15).
