"""Abilities as data (CR 113, 602, 605): costs, effects, timing restrictions, statics and triggers.

A card definition lists its abilities in this vocabulary; ``parse_ability`` turns one YAML mapping into an
:class:`Ability`, raising :class:`DefinitionError` with the field that is wrong. ``Ability.text`` renders
the ability back in Oracle-like words; it is what ``mtgjudge cards show`` prints and what a question's
``ability: "{T}: Add"`` is matched against.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import COLORS, TYPES, ManaSyntaxError, Symbol, format_cost, parse_cost
from mtgjudge.model.selectors import SELECTOR_KEYS, Selector

KEYWORDS = ("Haste", "Flying", "Defender", "Trample", "Indestructible", "Vigilance", "Reach", "Deathtouch",
            "Lifelink", "First strike", "Double strike", "Menace", "Flash", "Hexproof", "Shroud",
            "Convoke", "Delve", "Improvise")   # 702.51, 702.66, 702.126: alternatives to paying mana


# --------------------------------------------------------------------------------------------- costs

@dataclass(frozen=True)
class CostPart:
    """One part of a cost (CR 118, 602.1a). ``kind`` says which; the other fields are its parameters."""

    kind: str                          # mana | tap | untap | pay_life | sacrifice | sacrifice_self |
                                       # remove_counters | tap_untapped | discard | exile_from_graveyard
    mana: tuple[Symbol, ...] = ()
    n: int = 1
    what: Selector | None = None
    counter: str = ""

    def text(self) -> str:
        k = self.kind
        if k == "mana":
            return format_cost(self.mana)
        if k == "tap":
            return "{T}"
        if k == "untap":
            return "{Q}"
        if k == "pay_life":
            return f"Pay {self.n} life"
        if k == "sacrifice_self":
            return "Sacrifice this"
        if k == "sacrifice":
            return f"Sacrifice {_count(self.n)} {self.what.describe() if self.what else 'permanent'}"
        if k == "remove_counters":
            if self.n == X_COUNT:
                return f"Remove X {self.counter} counters from this"
            return f"Remove {_count(self.n)} {self.counter} counter{'s' if self.n > 1 else ''} from this"
        if k == "tap_untapped":
            # The selector already says "untapped" (the cost can only tap untapped permanents).
            what = self.what.describe() if self.what else "untapped creature you control"
            return f"Tap {'an' if what[0] in 'aeiou' else 'a'} {what}" if self.n == 1 else f"Tap {self.n} {what}"
        if k == "discard":
            return f"Discard {_count(self.n)} card{'s' if self.n > 1 else ''}"
        if k == "exile_from_graveyard":
            return f"Exile {_count(self.n)} card{'s' if self.n > 1 else ''} from your graveyard"
        return k


#: ``CostPart.n`` / ``ManaProduction.amount`` value meaning "X" (chosen on activation, CR 107.3).
X_COUNT = -1


def _count(n: int) -> str:
    return "a" if n == 1 else str(n)


_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _num(word: str) -> int:
    if word.isdigit():
        return int(word)
    if word.lower() in _NUM:
        return _NUM[word.lower()]
    raise DefinitionError(f"{word!r} is not a number")


def parse_noun_phrase(phrase: str) -> Selector:
    """Parse a phrase like "untapped creature you control", "nonbasic land", "Forest" into a Selector."""
    words = phrase.strip().rstrip(".").split()
    controller = "any"
    text = " ".join(words)
    if text.endswith(" you control"):
        controller, words = "you", words[:-2]
    elif text.endswith(" an opponent controls"):
        controller, words = "opponent", words[:-3]
    types: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    not_super: list[str] = []
    not_types: list[str] = []
    other = untapped = tapped = False
    for w in words:
        lw = w.lower().rstrip("s") if w.lower() not in ("mass",) else w.lower()
        if lw in ("another", "other"):
            other = True
        elif lw == "untapped":
            untapped = True
        elif lw == "tapped":
            tapped = True
        elif lw in ("basic", "snow", "legendary"):
            supertypes.append(lw.capitalize())
        elif lw in ("nonbasic", "nonsnow", "nonlegendary"):
            not_super.append(lw[3:].capitalize())
        elif lw.startswith("non") and lw[3:].capitalize() in ("Land", "Creature", "Artifact", "Enchantment"):
            not_types.append(lw[3:].capitalize())
        elif lw.capitalize() in ("Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle"):
            types.append(lw.capitalize())
        elif lw == "permanent":
            pass
        elif w[:1].isupper():
            subtypes.append(w.rstrip("s") if w.endswith("s") and w not in ("Plains",) else w)
        else:
            raise DefinitionError(f"{phrase!r}: the word {w!r} is not in the selector vocabulary")
    return Selector(types=tuple(types), subtypes=tuple(subtypes), supertypes=tuple(supertypes),
                    not_supertypes=tuple(not_super), not_types=tuple(not_types), controller=controller,
                    other=other, untapped=untapped, tapped=tapped)


def parse_cost_text(text: str) -> tuple[CostPart, ...]:
    """Parse an activation cost written as on a card: ``"{2}, {T}, Sacrifice a land"``."""
    if not isinstance(text, str):
        raise DefinitionError(f"a cost must be a string like \"{{1}}, {{T}}\", not {text!r}")
    parts: list[CostPart] = []
    for raw in [p.strip() for p in text.split(",") if p.strip()]:
        low = raw.lower()
        if raw.startswith("{"):
            try:
                syms = parse_cost(raw.replace("{T}", "").replace("{Q}", "")) if raw not in ("{T}", "{Q}") else ()
            except ManaSyntaxError as e:
                raise DefinitionError(str(e)) from None
            if "{T}" in raw:
                parts.append(CostPart("tap"))
            if "{Q}" in raw:
                parts.append(CostPart("untap"))
            if syms:
                parts.insert(len(parts) - ("{T}" in raw) - ("{Q}" in raw), CostPart("mana", mana=syms))
            continue
        m = re.fullmatch(r"pay (\d+) life", low)
        if m:
            parts.append(CostPart("pay_life", n=int(m.group(1))))
            continue
        if low in ("sacrifice this", "sacrifice ~"):
            parts.append(CostPart("sacrifice_self"))
            continue
        m = re.fullmatch(r"sacrifice (a|an|one|two|three|\d+) (.+)", raw, re.I)
        if m:
            # One can sacrifice only a permanent one controls (CR 701.21a).
            sel = replace(parse_noun_phrase(m.group(2)), controller="you")
            parts.append(CostPart("sacrifice", n=_num(m.group(1)), what=sel))
            continue
        m = re.fullmatch(r"remove (a|an|one|two|three|\d+|x) (.+?) counters? from (this|~)", raw, re.I)
        if m:
            n = X_COUNT if m.group(1).lower() == "x" else _num(m.group(1))
            parts.append(CostPart("remove_counters", n=n, counter=m.group(2)))
            continue
        m = re.fullmatch(r"tap (a|an|one|two|three|\d+) untapped (.+)", raw, re.I)
        if m:
            sel = replace(parse_noun_phrase(m.group(2)), controller="you", untapped=True)
            parts.append(CostPart("tap_untapped", n=_num(m.group(1)), what=sel))
            continue
        m = re.fullmatch(r"discard (a|an|one|two|three|\d+) cards?", low)
        if m:
            parts.append(CostPart("discard", n=_num(m.group(1))))
            continue
        m = re.fullmatch(r"exile (a|an|one|two|three|\d+) cards? from your graveyard", low)
        if m:
            parts.append(CostPart("exile_from_graveyard", n=_num(m.group(1))))
            continue
        raise DefinitionError(f"cost part {raw!r} is not in the cost vocabulary")
    return tuple(parts)


def cost_text(cost: tuple[CostPart, ...]) -> str:
    return ", ".join(p.text() for p in cost)


# --------------------------------------------------------------------------------------------- effects

@dataclass(frozen=True)
class Effect:
    """One effect of a spell or ability: a kind from EFFECT_KINDS and its arguments (validated)."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    def arg(self, key: str, default: Any = None) -> Any:
        return dict(self.args).get(key, default)

    def text(self) -> str:
        render = EFFECT_KINDS[self.kind][1]
        return render(dict(self.args))


def _t_gain(a):
    return f"You gain {a['n']} life"


def _t_damage(a):
    return f"This deals {a['n']} damage to {a.get('target', 'any target')}"


#: Effect kinds: name -> (allowed argument keys and their types, renderer). Values of "n" are ints.
EFFECT_KINDS: dict[str, tuple[dict[str, type], Any]] = {
    "gain_life": ({"n": int}, _t_gain),
    "lose_life": ({"n": int}, lambda a: f"You lose {a['n']} life"),
    "damage": ({"n": int, "target": str}, _t_damage),
    "draw": ({"n": int}, lambda a: f"Draw {_count(a['n'])} card{'s' if a['n'] > 1 else ''}"),
    "transform": ({}, lambda a: "Transform this"),
    "untap_target": ({"target": str}, lambda a: f"Untap target {a.get('target', 'permanent')}"),
    "tap_target": ({"target": str}, lambda a: f"Tap target {a.get('target', 'permanent')}"),
    "counter": ({"kind": str, "n": int}, lambda a: f"Put {_count(a.get('n', 1))} {a['kind']} counter on this"),
    "double_mana_pool": ({}, lambda a: "Double the amount of each type of unspent mana you have"),
    "other": ({"text": str, "target": str}, lambda a: a["text"]),
}


def parse_effect(data: Any) -> Effect:
    """``transform`` or ``{gain_life: 1}`` or ``{damage: {n: 1, target: any target}}``."""
    if isinstance(data, str):
        name, args = data, {}
    elif isinstance(data, dict) and len(data) == 1:
        (name, args), = data.items()
        if isinstance(args, int) and not isinstance(args, bool):
            args = {"n": args}
        if args is None:
            args = {}
    else:
        raise DefinitionError(f"an effect is a kind name or a one-key mapping, not {data!r}")
    if name not in EFFECT_KINDS:
        raise DefinitionError(f"effect kind {name!r} is unknown; known: {', '.join(sorted(EFFECT_KINDS))}")
    schema = EFFECT_KINDS[name][0]
    if not isinstance(args, dict):
        raise DefinitionError(f"effect {name}: arguments must be a mapping, not {args!r}")
    args = dict(args)
    for k, v in args.items():
        if k not in schema:
            raise DefinitionError(f"effect {name}: unknown argument {k!r}")
        if schema[k] is StaticEffect:
            # A continuous effect the spell or ability leaves behind (CR 611.2), in the static vocabulary.
            args[k] = v = parse_static(v)
        if not isinstance(v, schema[k]) or isinstance(v, bool) and schema[k] is int:
            raise DefinitionError(f"effect {name}: {k} must be {schema[k].__name__}, not {v!r}")
    return Effect(name, tuple(sorted(args.items())))


# ------------------------------------------------------------------------------------ mana production

@dataclass(frozen=True)
class ManaProduction:
    """What a mana ability adds (CR 106.1, 605.1a).

    mode:
      ``fixed``        exactly ``fixed`` (a tuple of type letters, e.g. ("G", "G")).
      ``one_type``     ``amount`` mana, all of one type chosen from ``choices`` ("Add {R} or {G}";
                       "two mana of any one color").
      ``combination``  ``amount`` mana, each of any type in ``choices`` ("any combination of colors").
      ``reflect``      one mana of any type (or color, ``reflect_colors_only``) that the permanents
                       ``reflect`` selects could produce (CR 106.7); ``reflect_sacrificed`` for "the
                       sacrificed land".
      ``chosen_color`` ``amount`` mana of the color chosen for the object (``chosen: {color: G}``).
      ``color_of``     one mana of a color of a permanent ``color_of`` selects (Meteor Crater; none if no
                       such permanent is colored, CR 106.5).
      ``color_of_card`` one mana of a color of a card in its controller's ``card_zone`` ("a card in your
                       graveyard": Corrupted Grafstone; none if no such card is colored, 106.5).
      ``produced_type`` (triggered mana abilities) one mana of any type the triggering permanent produced.
      ``double_pool``  double the amount of each type of unspent mana (Doubling Cube, CR 106.6 example).
    ``per``: when given, the amount is multiplied by the number of permanents it selects ("for each").
    ``amount`` may be ``X_COUNT``: X, the number of counters removed to pay the cost (Calciform Pools).
    ``instead_if`` / ``instead``: a self-replacement (CR 614.15) "If <condition>, add <instead> instead";
    conditions: ``played_land_this_turn``.
    """

    mode: str
    fixed: tuple[str, ...] = ()
    choices: str = ""
    amount: int = 1
    reflect: Selector | None = None
    reflect_colors_only: bool = False
    reflect_sacrificed: bool = False
    per: Selector | None = None
    per_counter: str = ""            # "for each <kind> counter on this"
    color_of: Selector | None = None
    card_zone: str = ""
    instead_if: str = ""
    instead: tuple[str, ...] = ()

    def text(self) -> str:
        each = ""
        if self.per is not None:
            each = f" for each {self.per.describe()}"
        if self.per_counter:
            each = f" for each {self.per_counter} counter on this"
        if self.mode == "fixed":
            return "Add " + "".join("{%s}" % t for t in self.fixed) + each
        if self.mode == "one_type":
            if self.choices == COLORS:
                what = "one mana" if self.amount == 1 else f"{self.amount} mana"
                return f"Add {what} of any {'one ' if self.amount > 1 else ''}color" + each
            if self.amount == 1:
                return "Add " + " or ".join("{%s}" % c for c in self.choices) + each
            return f"Add {self.amount} mana of any one type among " + "".join("{%s}" % c for c in self.choices)
        if self.mode == "combination":
            if self.choices == COLORS:
                return f"Add {self.amount} mana in any combination of colors"
            return f"Add {self.amount} mana in any combination of " + " and/or ".join("{%s}" % c for c in self.choices)
        if self.mode == "reflect":
            kind = "color" if self.reflect_colors_only else "type"
            if self.reflect_sacrificed:
                return f"Add one mana of any {kind} the sacrificed land could produce"
            sel = self.reflect
            assert sel is not None
            return f"Add one mana of any {kind} that {_article(sel)} could produce"
        if self.mode == "chosen_color":
            return f"Add {'one mana' if self.amount == 1 else str(self.amount) + ' mana'} of the chosen color" + each
        if self.mode == "color_of":
            assert self.color_of is not None
            return f"Choose a color of {_article(self.color_of)}. Add one mana of that color"
        if self.mode == "color_of_card":
            return f"Choose a color of a card in your {self.card_zone}. Add one mana of that color"
        if self.mode == "produced_type":
            return "Add one mana of any type that permanent produced"
        if self.mode == "double_pool":
            return "Double the amount of each type of unspent mana you have"
        return self.mode

    def full_text(self) -> str:
        """The text with its self-replacement and X, as on the card."""
        t = self.text()
        if self.amount == X_COUNT:
            t = t.replace(f"Add {X_COUNT} mana", "Add X mana")
        if self.instead_if == "played_land_this_turn":
            t += ". If you played a land this turn, add " + "".join("{%s}" % c for c in self.instead) + " instead"
        return t


def _article(sel: Selector) -> str:
    d = sel.describe()
    return ("an " if d[0] in "aeiou" else "a ") + d


def _letters(s: Any, allowed: str, where: str) -> str:
    if not isinstance(s, str) or not s or any(c not in allowed for c in s.upper()):
        raise DefinitionError(f"{where} must be letters from {allowed}, not {s!r}")
    return s.upper()


def parse_production(data: Any) -> ManaProduction:
    """Parse an ``add:`` value: ``"{G}{G}"``, ``{one_of: RG}``, ``{any_color: 1}``, ``{any_one_color: 2}``,
    ``{combination: WU, n: 2}``, ``{any_type_of: land you control}``, ``{any_color_of: land an opponent
    controls}``, ``{any_type_of: sacrificed}``, ``{chosen_color: 1}``, ``{color_of: permanent you control}``,
    ``{produced_type: true}``, ``{double_pool: true}``, ``{fixed: "{U}", instead_if: played_land_this_turn,
    instead: "{B}"}``; plus ``per:``/``per_counter:``; ``n: X`` for an amount of X."""
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
INSTEAD_CONDITIONS = ("played_land_this_turn",)


# ------------------------------------------------------------------------------------------ abilities

@dataclass(frozen=True)
class StaticEffect:
    """A static ability's effect (CR 604): a kind and its arguments, read by model.characteristics and
    by the queries that know the kind. ``affects`` selects the objects it applies to."""

    kind: str
    affects: Selector | None = None
    args: tuple[tuple[str, Any], ...] = ()

    def arg(self, key: str, default: Any = None) -> Any:
        return dict(self.args).get(key, default)


@dataclass(frozen=True)
class Ability:
    """One ability of a card (CR 113.3).

    kind: ``mana`` (an activated mana ability, CR 605.1a), ``activated``, ``static``, ``keyword``,
    ``triggered``, ``spell`` (a spell's effect) or ``unmodelled`` (text the product cannot represent:
    any question that depends on it is answered ``unsupported``, naming ``source_text``).
    """

    kind: str
    cost: tuple[CostPart, ...] = ()
    production: ManaProduction | None = None
    effects: tuple[Effect, ...] = ()
    static: StaticEffect | None = None
    keyword: str = ""
    timing: str = "any"               # any | sorcery (602.5d) | instant
    once_each_turn: bool = False       # "Activate only once each turn" (602.5b)
    targets: tuple[str, ...] = ()      # what it targets, as target phrases (model.targets)
    trigger: str = ""                  # triggered: the event, as words
    source_text: str = ""              # unmodelled: the card text; others: optional override of text()
    rule_given: str = ""               # abilities the rules give the object (305.6): the rule number
    spend_only: str = ""               # mana abilities: "Spend this mana only to cast a creature spell" (106.6)
    granted_by: str = ""               # an ability another object's effect gives it (layer 6): that object's name
    mana_trigger: "ManaTrigger | None" = None   # triggered mana abilities (605.1b): event and what it adds
    scope: tuple[str, ...] = ()        # unmodelled: what the text is about (UNMODELLED_SCOPES); empty: unknown

    @property
    def is_mana_ability(self) -> bool:
        """CR 605.1a: an activated ability that could add mana, with no target, not a loyalty ability."""
        return self.kind == "mana"

    @property
    def is_triggered_mana_ability(self) -> bool:
        """CR 605.1b: triggers from a mana ability / mana being added, and could add mana."""
        return self.kind == "triggered" and self.mana_trigger is not None

    def may_concern(self, scope: str) -> bool:
        """For an unmodelled ability: could its text matter to questions about ``scope``? An unmodelled
        ability with no declared scope may matter to anything."""
        return not self.scope or scope in self.scope

    @property
    def is_activated(self) -> bool:
        return self.kind in ("mana", "activated")

    def text(self) -> str:
        if self.kind == "keyword":
            return self.keyword
        if self.kind == "unmodelled":
            return self.source_text
        if self.source_text:
            return self.source_text
        if self.kind == "mana":
            assert self.production is not None
            spend = f" Spend this mana only to {self.spend_only}." if self.spend_only else ""
            return f"{cost_text(self.cost)}: {self.production.full_text()}.{spend}"
        if self.kind == "activated":
            body = ". ".join(e.text() for e in self.effects)
            tail = ""
            if self.timing == "sorcery":
                tail = " Activate only as a sorcery."
            if self.once_each_turn:
                tail += " Activate only once each turn."
            return f"{cost_text(self.cost)}: {body}.{tail}"
        if self.kind == "static":
            assert self.static is not None
            return render_static(self.static)
        if self.kind == "triggered":
            if self.mana_trigger is not None:
                return f"{self.trigger}, {self.mana_trigger.text()}."
            body = ". ".join(e.text() for e in self.effects)
            return f"{self.trigger}, {body[:1].lower()}{body[1:]}."
        if self.kind == "spell":
            return ". ".join(e.text() for e in self.effects) + "."
        return self.kind


def render_static(s: StaticEffect) -> str:
    render = STATIC_KINDS.get(s.kind, (None, None))[1]
    return render(s) if render else s.kind


def _r_grant(s: StaticEffect) -> str:
    if not s.affects:
        return f"This has {s.arg('keyword').lower()}"
    who = s.affects.describe()
    for suffix in (" you control", " an opponent controls", ""):
        if who.endswith(suffix):
            head = who[:len(who) - len(suffix)]
            break
    return f"{head[0].upper() + head[1:]}s{suffix} have {s.arg('keyword').lower()}"


#: Static ability kinds: name -> (allowed argument keys and types, renderer). Other modules register more
#: (the land-type and mana-replacement vocabulary lives with the effects it drives).
STATIC_KINDS: dict[str, tuple[dict[str, type], Any]] = {
    "grant_keyword": ({"keyword": str}, _r_grant),
}


def parse_static(data: Any) -> StaticEffect:
    if not isinstance(data, dict) or "kind" not in data:
        raise DefinitionError(f"static: needs a mapping with a kind, not {data!r}")
    d = dict(data)
    kind = d.pop("kind")
    if kind not in STATIC_KINDS:
        raise DefinitionError(f"static kind {kind!r} is unknown; known: {', '.join(sorted(STATIC_KINDS))}")
    affects = d.pop("affects", None)
    sel = parse_noun_phrase(affects) if isinstance(affects, str) else None
    if isinstance(affects, dict):
        unknown = set(affects) - SELECTOR_KEYS
        if unknown:
            raise DefinitionError(f"static {kind}: affects has unknown keys {sorted(unknown)}")
        sel = Selector(**{k: tuple(v) if isinstance(v, list) else v for k, v in affects.items()})
    schema = STATIC_KINDS[kind][0]
    for k, v in d.items():
        if k not in schema:
            raise DefinitionError(f"static {kind}: unknown argument {k!r}")
        if schema[k] is not object and not isinstance(v, schema[k]):
            raise DefinitionError(f"static {kind}: {k} must be {schema[k].__name__}, not {v!r}")
    args = tuple(sorted((k, _freeze(v)) for k, v in d.items()))
    return StaticEffect(kind, sel, args)


def _freeze(v: Any) -> Any:
    """Lists become tuples and mappings sorted tuples of pairs, so that statics stay hashable."""
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    return v


ABILITY_KEYS = {"cost", "add", "effect", "effects", "timing", "once_each_turn", "targets", "keyword",
                "static", "when", "unmodelled", "kind", "text", "spend_only", "mana_trigger", "scope"}

#: Words an unmodelled ability's ``scope:`` may use: what its text is about. A question about mana
#: (could-produce, mana-options, payment) must treat unmodelled abilities whose scope includes ``mana``, or
#: that declare no scope, as unsupported; other scopes declare the text irrelevant to mana production.
#: ``spending`` (how mana may be spent) and ``spell-costs`` matter to payment; ``activation`` (what may be
#: activated, when, by whom: granted haste, "can't be activated") matters to can-activate;
#: ``play-permissions`` (playing cards from zones other than the hand) and ``casting`` (what may be cast,
#: when: "creature spells can't be cast", flash for some spells) matter to can-play.
UNMODELLED_SCOPES = ("mana", "spending", "spell-costs", "activation", "play-permissions", "casting", "upkeep", "combat", "life", "draw",
                     "untap", "land-plays", "colors-off-battlefield", "enters", "attach", "power-toughness")


@dataclass(frozen=True)
class ManaTrigger:
    """The event of a triggered mana ability and what it adds (CR 605.1b, 106.12a).

    ``event``: ``tapped_for_mana`` (a permanent is tapped for mana: an activated mana ability with {T} in
    its cost resolves and produces mana, 106.12a) or ``adds_chosen_color`` (a land's ability makes you add
    mana of the chosen color: Caged Sun). ``of``: ``land`` (any land), ``enchanted`` (the permanent this
    Aura is attached to; ``enchanted_is`` a subtype it must have). ``by``: who must be the player tapping
    or adding: ``any`` or ``you``. The mana goes to that player. ``add``: what it adds.
    """

    event: str
    of: str
    by: str
    add: ManaProduction
    enchanted_is: str = ""

    def text(self) -> str:
        who = {"any": "that player adds", "you": "add"}[self.by]
        if self.of == "enchanted":
            who = "its controller adds an additional"
        body = self.add.text()
        return f"{who} {body[4:] if body.startswith('Add ') else body}"


def parse_mana_trigger(data: Any) -> ManaTrigger:
    """Parse ``mana_trigger: {event: tapped_for_mana, of: land, by: any, add: {produced_type: true}}``."""
    if not isinstance(data, dict):
        raise DefinitionError(f"mana_trigger: needs a mapping, not {data!r}")
    unknown = set(data) - {"event", "of", "by", "add", "enchanted_is"}
    if unknown:
        raise DefinitionError(f"mana_trigger: unknown keys {sorted(unknown)}")
    event = data.get("event")
    if event not in ("tapped_for_mana", "adds_chosen_color"):
        raise DefinitionError(f"mana_trigger: event must be tapped_for_mana or adds_chosen_color, not {event!r}")
    of = data.get("of", "land")
    if of not in ("land", "enchanted"):
        raise DefinitionError(f"mana_trigger: of must be land or enchanted, not {of!r}")
    by = data.get("by", "any")
    if by not in ("any", "you"):
        raise DefinitionError(f"mana_trigger: by must be any or you, not {by!r}")
    if "add" not in data:
        raise DefinitionError("mana_trigger: needs add")
    add = parse_production(data["add"])
    if add.mode not in ("fixed", "chosen_color", "produced_type") or add.per or add.per_counter:
        raise DefinitionError("mana_trigger: add must be fixed mana, {chosen_color: 1} or {produced_type: true}")
    return ManaTrigger(event, of, by, add, str(data.get("enchanted_is", "")))


def parse_ability(data: Any) -> Ability:
    """Parse one entry of a card's ``abilities`` list (see model/cards/README.md for the forms)."""
    if isinstance(data, str):
        if data.capitalize() in KEYWORDS or data in KEYWORDS:
            return Ability("keyword", keyword=data.capitalize())
        raise DefinitionError(f"ability {data!r}: a bare string must be a keyword ({', '.join(KEYWORDS)})")
    if not isinstance(data, dict):
        raise DefinitionError(f"an ability must be a mapping or a keyword, not {data!r}")
    unknown = set(data) - ABILITY_KEYS
    if unknown:
        raise DefinitionError(f"ability has unknown keys {sorted(unknown)}; allowed: {sorted(ABILITY_KEYS)}")
    text = data.get("text", "")
    if "unmodelled" in data:
        kind = data.get("kind", "static")
        if kind not in ("static", "activated", "triggered", "spell", "mana"):
            raise DefinitionError("unmodelled: kind must be static, activated, mana, triggered or spell")
        scope = data.get("scope", [])
        if not isinstance(scope, list) or any(x not in UNMODELLED_SCOPES for x in scope):
            raise DefinitionError(f"scope: a list of words from {', '.join(UNMODELLED_SCOPES)}, not {scope!r}")
        return Ability("unmodelled", source_text=str(data["unmodelled"]), timing=kind, scope=tuple(scope))
    if "keyword" in data:
        kw = str(data["keyword"]).capitalize()
        if kw not in KEYWORDS:
            raise DefinitionError(f"keyword {data['keyword']!r} is not known: {', '.join(KEYWORDS)}")
        return Ability("keyword", keyword=kw)
    if "static" in data:
        return Ability("static", static=parse_static(data["static"]), source_text=text)
    timing = data.get("timing", "any")
    if timing not in ("any", "sorcery", "instant"):
        raise DefinitionError(f"timing must be any, sorcery or instant, not {timing!r}")
    effects_raw = data.get("effects", [data["effect"]] if "effect" in data else [])
    if not isinstance(effects_raw, list):
        raise DefinitionError("effects must be a list")
    effects = tuple(parse_effect(e) for e in effects_raw)
    targets = tuple(str(t) for t in data.get("targets", ()))
    targets += tuple(e.arg("target") for e in effects if e.arg("target"))
    once = bool(data.get("once_each_turn", False))
    if "mana_trigger" in data:
        if "when" not in data:
            raise DefinitionError("mana_trigger: needs when: (the trigger's words)")
        return Ability("triggered", effects=effects, trigger=str(data["when"]), targets=targets, source_text=text,
                       mana_trigger=parse_mana_trigger(data["mana_trigger"]))
    if "when" in data:
        return Ability("triggered", effects=effects, trigger=str(data["when"]), targets=targets, source_text=text)
    if "cost" not in data:
        if "add" in data:
            raise DefinitionError("a mana ability needs a cost")
        return Ability("spell", effects=effects, targets=targets, source_text=text)
    cost = parse_cost_text(data["cost"])
    if "add" in data:
        if targets:
            raise DefinitionError("an ability with a target is not a mana ability (605.1a)")
        return Ability("mana", cost=cost, production=parse_production(data["add"]), effects=effects,
                       timing=timing, once_each_turn=once, source_text=text,
                       spend_only=str(data.get("spend_only", "")))
    return Ability("activated", cost=cost, effects=effects, timing=timing, once_each_turn=once,
                   targets=targets, source_text=text)
