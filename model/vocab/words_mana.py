"""Words about mana and characteristics: replacement effects on mana production (106.12b, 614.1a), land types
(305.7, layer 4), colors (layer 5), granted mana abilities (layer 6), spending mana as though of any color
(609.4b), effects that last (611.2a) and a mana ability's own further effect (Gemstone Mine)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import BASIC_LAND_TYPES, COLOR_NAMES, COLORS, TYPES, ManaSyntaxError, parse_mana
from mtgjudge.model.selectors import Selector
from mtgjudge.model.vocab.abilities import Ability, StaticEffect, plural_noun
from mtgjudge.model.vocab.grammar import parse_cost_text, parse_production
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

MANA = frozenset({Scope.MANA})
CHARACTERISTICS = frozenset({Scope.CHARACTERISTICS})


def plural(sel: Selector | None) -> str:
    """"land you control" -> "Lands you control"."""
    if sel is None:
        return "This"
    d = sel.describe()
    tail = ""
    for suffix in (" you control", " an opponent controls"):
        if d.endswith(suffix):
            d, tail = d[: -len(suffix)], suffix
    tail = tail.replace(" an opponent controls", " your opponents control")
    if d.startswith("another "):
        d = "other " + d[len("another "):]         # "another creature" -> "Other creatures"
    words = plural_noun(d) + tail
    return words[0].upper() + words[1:]


def _what(s: StaticEffect) -> str:
    return s.affects.describe() if s.affects else "permanent"


def land_types_of(s: StaticEffect) -> tuple[str, ...]:
    """The land types a land-type effect gives (``all basic``: the five)."""
    t = s.arg("types")
    return tuple(BASIC_LAND_TYPES) if t == "all basic" else tuple(t)


def granted_ability(s: StaticEffect) -> Ability:
    """The mana ability a ``grant_mana_ability`` static grants."""
    add = s.arg("add")
    return Ability("mana", cost=parse_cost_text(s.arg("cost")), production=parse_production(dict(add) if isinstance(add, tuple) else add))


# ---- replacement effects on mana production (614.1a): ``affects`` is what is tapped, seen from the effect's
# controller; ``tapped_by: you`` means "if you tap".

def _r_replace_all(s: StaticEffect) -> str:
    amt = f" for {s.arg('min_amount')} or more mana" if s.arg("min_amount") else " for mana"
    return f"If a {_what(s)} is tapped{amt}, it produces {s.arg('mana')} instead of any other type and amount"


def _v_replace_all(a: dict) -> None:
    try:
        if not parse_mana(a.get("mana", "")):
            raise DefinitionError("mana_replace_all: mana must be some mana, like \"{C}\"")
    except ManaSyntaxError as e:
        raise DefinitionError(f"mana_replace_all: {e}") from None


def _r_change_type(s: StaticEffect) -> str:
    to = s.arg("to")
    what = {"any_color": "mana of a color of your choice", "chosen": "mana of the chosen color"}.get(
        to, f"{COLOR_NAMES.get(to, to)} mana")
    other = "color" if s.arg("colored_only") else "type"
    you = s.arg("tapped_by") == "you"
    return f"If {'you tap ' if you else ''}a {_what(s)}{'' if you else ' is tapped'} for mana, it produces {what} instead of any other {other}"


def _v_change_type(a: dict) -> None:
    if a.get("to") not in tuple(TYPES) + ("any_color", "chosen"):
        raise DefinitionError(f"mana_change_type: to must be a mana letter, any_color or chosen, not {a.get('to')!r}")


def _r_by_land_type(s: StaticEffect) -> str:
    pairs = ", ".join(f"{k} produce {{{v}}}" for k, v in dict(s.arg("map")).items())
    return f"If tapped for mana, {pairs} instead of any other type"


def _v_by_land_type(a: dict) -> None:
    m = dict(a.get("map") or ())
    if not m or any(k not in BASIC_LAND_TYPES or v not in TYPES for k, v in m.items()):
        raise DefinitionError(f"mana_by_land_type: map needs basic land type -> mana letter, not {m!r}")


def _r_multiply(s: StaticEffect) -> str:
    times = {2: "twice", 3: "three times"}.get(s.arg("factor"), f"{s.arg('factor')} times")
    return f"If you tap a {_what(s)} for mana, it produces {times} as much of that mana instead"


def _v_tapped_by(a: dict) -> None:
    if a.get("tapped_by") not in (None, "you"):
        raise DefinitionError(f"tapped_by: only you, not {a.get('tapped_by')!r}")


def _both(*checks):
    def run(a: dict) -> None:
        for c in checks:
            c(a)
    return run


# ---- layers 4-6

def _r_set_land_type(s: StaticEffect) -> str:
    who = "Enchanted land" if s.arg("enchanted") else plural(s.affects)
    types = land_types_of(s)
    return f"{who} {'is an' if s.arg('enchanted') else 'are'} {' '.join(t + ('s' if not s.arg('enchanted') and t != 'Plains' else '') for t in types)}"


def _r_add_land_type(s: StaticEffect) -> str:
    types = land_types_of(s)
    what = "every basic land type" if tuple(types) == tuple(BASIC_LAND_TYPES) else "a " + " ".join(types)
    if s.arg("enchanted"):
        return f"Enchanted land is {what} in addition to its other types"
    return f"{plural(s.affects)} are {what} in addition to their other types"


def _v_land_types(a: dict) -> None:
    types = a.get("types")
    if types == "all basic":
        return
    if not isinstance(types, (list, tuple)) or not types or any(t not in BASIC_LAND_TYPES for t in types):
        raise DefinitionError(f"types must be a list of basic land types ({', '.join(BASIC_LAND_TYPES)}) or "
                              f"\"all basic\", not {types!r}")


def _r_set_color(s: StaticEffect) -> str:
    return f"{plural(s.affects)} are " + " and ".join(COLOR_NAMES[c] for c in s.arg("colors"))


def _v_colors(a: dict) -> None:
    c = a.get("colors")
    if not isinstance(c, str) or not c or any(x not in COLORS for x in c):
        raise DefinitionError(f"set_color: colors must be letters from {COLORS}, not {c!r}")


def _r_grant_mana(s: StaticEffect) -> str:
    who = "Enchanted land has" if s.arg("enchanted") else plural(s.affects) + " have"
    return f"{who} \"{granted_ability(s).text()}\""


def _v_grant_mana(a: dict) -> None:
    try:
        parse_cost_text(a.get("cost"))
        parse_production(a.get("add"))
    except DefinitionError as e:
        raise DefinitionError(f"grant_mana_ability: {e}") from None


# ---- spending (609.4b)

def _r_spend_any(s: StaticEffect) -> str:
    mana = s.arg("mana", "")
    what = "mana" if not mana else " and ".join(COLOR_NAMES[m] + " mana" for m in mana)
    return f"You may spend {what} as though it were mana of any color"


def _v_spend_any(a: dict) -> None:
    m = a.get("mana", "")
    if not isinstance(m, str) or any(x not in TYPES for x in m.upper()):
        raise DefinitionError(f"spend_as_any_color: mana must be letters from {TYPES}, not {m!r}")


def _r_spend_only_colorless(s: StaticEffect) -> str:
    mana = s.arg("mana", "")
    return f"You may spend {' and '.join(COLOR_NAMES[m] + ' mana' for m in mana)} only as though it were colorless mana"


def _v_spend_only_colorless(a: dict) -> None:
    m = a.get("mana", "")
    if not isinstance(m, str) or not m or any(x not in COLORS for x in m.upper()):
        raise DefinitionError(f"spend_only_as_colorless: mana must be color letters from {COLORS}, not {m!r}")


# ---- effects

UNTIL = {"end_of_turn": "Until end of turn, ", "end_of_your_next_turn": "Until the end of your next turn, ",
         "while_exiled": "For as long as that card remains exiled, ", "": ""}


def _t_lasting(a: dict) -> str:
    until = UNTIL.get(a.get("until", ""), "")
    text = a["static"].text()
    return until + text[0].lower() + text[1:] if until else text


def _v_lasting(a: dict) -> None:
    if a.get("until", "") not in UNTIL:
        raise DefinitionError(f"lasting: until must be one of {', '.join(k for k in UNTIL if k)}, not {a.get('until')!r}")


_CONDS = {"tapped_by": str}

WORDS = (
    Word("mana_replace_all", "static", {"mana": str, "min_amount": int, **_CONDS}, _r_replace_all, MANA,
         frozenset({"mana"}), _both(_v_replace_all, _v_tapped_by)),
    Word("mana_change_type", "static", {"to": str, "colored_only": bool, **_CONDS}, _r_change_type, MANA,
         frozenset({"mana"}), _both(_v_change_type, _v_tapped_by)),
    Word("mana_by_land_type", "static", {"map": object, **_CONDS}, _r_by_land_type, MANA, frozenset({"mana"}),
         _both(_v_by_land_type, _v_tapped_by)),
    Word("mana_multiply", "static", {"factor": int, **_CONDS}, _r_multiply, MANA, frozenset({"mana"}), _v_tapped_by),
    Word("set_land_type", "static", {"types": object, "enchanted": bool}, _r_set_land_type, CHARACTERISTICS,
         frozenset({"layers"}), _v_land_types),
    Word("add_land_type", "static", {"types": object, "enchanted": bool}, _r_add_land_type, CHARACTERISTICS, frozenset({"layers"}),
         _v_land_types),
    Word("set_color", "static", {"colors": str}, _r_set_color, CHARACTERISTICS, frozenset({"layers"}), _v_colors),
    Word("grant_mana_ability", "static", {"cost": str, "add": object, "enchanted": bool}, _r_grant_mana,
         CHARACTERISTICS, frozenset({"layers"}), _v_grant_mana),
    Word("spend_as_any_color", "static", {"mana": str}, _r_spend_any, frozenset({Scope.SPENDING}),
         frozenset({"payment"}), _v_spend_any),
    # "You may spend other mana only as though it were colorless mana." (Celestial Dawn; 609.4b, 118.14): mana of
    # these colors pays only generic costs and {C}.
    Word("spend_only_as_colorless", "static", {"mana": str}, _r_spend_only_colorless, frozenset({Scope.SPENDING}),
         frozenset({"payment"}), _v_spend_only_colorless),
    # A spell's or ability's effect that leaves a continuous effect (611.2a), written in the static
    # vocabulary; while in force (the question's ``effects:``) it acts like that static ability controlled
    # by the effect's controller, with the effect's timestamp (613.7b). Read by ``rules.in_force``.
    # The engine performs the ones ``engine.exile_top.ENGINE_LASTING`` names as a spell or ability resolves.
    Word("lasting", "effect", {"static": StaticEffect, "until": str}, _t_lasting, frozenset(),
         frozenset({"in-force", "engine"}), _v_lasting),
    # Part of a mana ability's effect (Gemstone Mine): "If there are no <counter> counters on this, sacrifice it."
    Word("sacrifice_if_no_counters", "effect", {"counter": str},
         lambda a: f"If there are no {a['counter']} counters on this, sacrifice it", MANA, frozenset({"mana"})),
)
