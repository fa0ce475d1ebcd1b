"""The grammar of card text's phrases (``phrases.lark``, Lark LALR) and what each phrase means as a value of
the encoding: costs as :class:`CostPart` tuples, what a mana ability adds as a :class:`ManaProduction`,
activation instructions, noun phrases as :class:`Selector` and target phrases as :class:`TargetSpec`.

Both the card definitions' text fields (``cost: "{2}, {T}, Sacrifice this"``, ``target: creature you
control``) and the Oracle-text compiler read phrases here: one grammar for both. A phrase the grammar does not
read raises DefinitionError naming it.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from mtgjudge.model import cache, deadline

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import BASIC_LAND_TYPES, COLORS, NAME_TO_LETTER, ManaSyntaxError, parse_cost
from mtgjudge.model.selectors import Selector, TargetSpec
from mtgjudge.model.vocab.abilities import (ATTACHED_SUBJECTS, X_COUNT, CostPart, ManaProduction, ManaTrigger,
                                            TriggerEvent)
from mtgjudge.model.vocab.subtypes import subtype

# Lark is imported when a phrase is first parsed (:func:`parser`), not with the vocabulary, which every process
# imports: a process whose cards are all kept compiled (model.cards.compiled) never imports it. The meanings below
# are written as plain classes and made Lark transformers then (:func:`_transformer`); the names Token and Tree,
# which their methods test a rule's parts against, are bound then too (only trees Lark made reach the methods).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from lark import Lark, Token, Tree
else:
    Token = Tree = None

GRAMMAR = Path(__file__).with_name("phrases.lark")
#: "any number of cards" (a search): more than any library holds, found "up to" that many (hands).
ANY_NUMBER = 1000
#: "Activate only during your turn, before attackers are declared." (602.5, 508.1)
BEFORE_ATTACKERS = "your turn, before attackers are declared"
STARTS: tuple[str, ...] = ("cost", "mana_effect", "restriction", "enters_tapped", "enters_pay_life", "enters_tapped_unless", "enters_tapped_unless_opponents", "quality", "target_phrase", "target_np",
          "static_grant", "static_pt", "static_land_type", "static_color", "static_mana", "static_spend",
          "trigger_exile_until", "mana_trigger", "exile_top", "may_play_exiled", "trigger_condition",
          "effect_sentence", "static_land_plays", "keyword_action", "static_same_for", "spend_as_line",
          "until_effect", "player_effect", "library_effect", "looked_effect", "hand_effect", "counter_effect",
          "counter_instead", "static_on_stack")
STARTS += ("modal_header",)       # modes (700.2): the instruction before a modal text's bullets

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
          "planeswalker": "Planeswalker", "battle": "Battle", "instant": "Instant", "sorcery": "Sorcery",
          "kindred": "Kindred", "tribal": "Kindred"}


def number_word(word: str) -> int:
    """"a", "two", "10" -> the number."""
    w = word.lower()
    if w.isdigit():
        return int(w)
    if w not in _NUMBERS:
        raise DefinitionError(f"{word!r} is not a number")
    return _NUMBERS[w]


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of every start symbol (built once per process, its tables kept in the product's cache
    folder: 0.6 s -> 0.1 s): the process's, so no question's bound pays for it."""
    with deadline.paused():
        return build_parser()


def _lark() -> Any:
    """Lark, imported when first needed, and the names the meanings test parts against bound to its classes."""
    global Token, Tree
    import lark

    Token, Tree = lark.Token, lark.Tree  # type: ignore[misc]  # the classes themselves once Lark is imported
    return lark


@lru_cache(maxsize=None)
def _transformer(plain: type, inline: bool = True) -> Any:
    """The Lark transformer of a meaning written as a plain class: a class of the same body on Lark's
    ``Transformer``, each method called with a rule's parts as its arguments when ``inline``
    (``v_args(inline=True)``). One per process, as a module's transformer instance was."""
    lark = _lark()
    body = {k: v for k, v in vars(plain).items() if k not in ("__dict__", "__weakref__")}
    cls = type(plain.__name__, (lark.Transformer,), body)
    return lark.v_args(inline=True)(cls) if inline else cls


@lru_cache(maxsize=None)
def _meaning(plain: type, inline: bool = True) -> Any:
    """The one instance of a meaning's transformer (:func:`_transformer`)."""
    return _transformer(plain, inline)()


def meaning_class() -> type:
    """The phrases' meaning as a Lark transformer class, for the compiler's readers that extend it (imports Lark)."""
    return type(_meaning(_Meaning))


def tables_entry(text: str | None = None) -> str:
    """The name of the parse tables' entry in the cache: keyed by the grammar, its start symbols and Lark's
    version, so that tables of another grammar are never read."""
    lark = _lark()
    text = GRAMMAR.read_text(encoding="utf-8") if text is None else text
    return f"grammar-{hashlib.sha256(chr(0).join([lark.__version__, text, *STARTS]).encode()).hexdigest()[:32]}.json"


def build_parser() -> Lark:
    """The parser, from its tables shipped with the package or kept in the cache (plain data, keyed by the
    grammar and Lark's version), or built from the grammar and its tables kept. Lark's own cache is not used:
    it unpickles a file of a name anyone can predict in the shared temporary directory."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    lark = _lark()
    text = GRAMMAR.read_text(encoding="utf-8")
    name = tables_entry(text)
    for kept in (shipped_tables(name), cache.read(name)):
        if isinstance(kept, dict) and isinstance(kept.get("data"), dict) and isinstance(kept.get("memo"), dict):
            try:
                return lark.Lark._load_from_dict(kept["data"], kept["memo"])
            except Exception:  # noqa: BLE001  (tables of another shape: the next, or build them again)
                pass
    built = build_tables(text)
    data, memo = built.memo_serialize([TerminalDef, Rule])
    cache.keep(name, {"data": data, "memo": memo})
    return built


def build_tables(text: str) -> Lark:
    """The parser built from the grammar's text (its LALR tables computed: 0.6-0.8 s)."""
    return _lark().Lark(text, parser="lalr", lexer="contextual", start=list(STARTS), propagate_positions=False,
                maybe_placeholders=False)


#: The parse tables shipped with the package (``tools/build_grammar_tables.py`` writes them, a test checks
#: they are the grammar's), so that no process of an installed product builds them: gzipped plain data
#: (``cache.dumps``), data of the package (which only who installed it can write), keyed as the cache's entry.
SHIPPED_TABLES = GRAMMAR.with_name("phrases.tables.json.gz")


def shipped_tables(name: str) -> Any:
    """The shipped tables when they are those of entry ``name`` (this grammar, its start symbols and this
    version of Lark), else None."""
    import gzip     # imported when the parser is built: it costs every start-up ~1.5 ms

    try:
        with gzip.open(SHIPPED_TABLES, "rb") as fh:
            shipped = cache.loads(fh.read(cache.MAX_BYTES))
    except (OSError, EOFError, ValueError, TypeError, RecursionError):
        return None
    return shipped.get("tables") if isinstance(shipped, dict) and shipped.get("entry") == name else None


def write_shipped_tables() -> str:
    """Build the grammar's tables and write them as :data:`SHIPPED_TABLES`; the entry they are for."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    text = GRAMMAR.read_text(encoding="utf-8")
    data, memo = build_tables(text).memo_serialize([TerminalDef, Rule])
    # mtime 0: the same grammar gives the same bytes
    import gzip

    with open(SHIPPED_TABLES, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as fh:
        fh.write(cache.dumps({"entry": tables_entry(text), "tables": {"data": data, "memo": memo}}))
    return tables_entry(text)


def _singular(word: str) -> str:
    w = word.lower()
    if w.endswith("ies"):
        return w[:-3] + "y"
    return w[:-1] if w.endswith("s") and w[:-1] in _TYPES else w


class _Group:
    """The words of one group of a noun phrase, gathered into a Selector's fields."""

    def __init__(self) -> None:
        self.f: dict[str, Any] = {}
        self.has_type = False
        self.players = ""
        self.permanent = False      # the word "permanent" ("permanent card", "permanent spell": 110.4a-b)

    def add(self, key: str, value: Any) -> None:
        if key in ("types", "subtypes", "supertypes", "not_supertypes", "not_types", "not_subtypes", "colors",
                   "not_colors"):
            self.f[key] = tuple(self.f.get(key, ())) + (value,)
            if key in ("types", "subtypes"):
                self.has_type = True
        else:
            self.f[key] = value


def _permanent_kinds(groups):
    """110.4a-b: a "permanent card" / "permanent spell" has a permanent type (110.4: artifact, battle, creature,
    enchantment, land, planeswalker): among the cards of a game, one that is no instant and no sorcery (a kindred
    card is always one of those too). Off the battlefield the word is not empty (etb fix)."""
    for g in groups:
        if g.permanent:
            g.add("not_types", "Instant")
            g.add("not_types", "Sorcery")
    return groups


#: The events of the creature an Aura or Equipment is attached to that its triggers may watch (603.2): as that
#: creature's own (the engine gives the ability that creature as its subject: 603.2, 508.3a, 509.3a, 510.3a) and its
#: dying (603.10a).
_ATTACHED_EVENTS = ("deals_damage", "dealt_damage", "dies", "attacks", "blocks", "becomes_blocked",
                    "combat_damage_player")

class _Meaning:
    """Parse trees -> values of the encoding."""

    # ---- numbers
    def count(self, tok: Token) -> int:
        return int(tok) if tok.type == "NUMBER" else _NUMBERS[tok.lower()]

    def x_count(self) -> int:
        return X_COUNT

    x_amount = x_count

    def counter_count(self, n: int) -> int:
        return n

    def amount(self, n: int) -> int:
        return n

    def counter_kind(self, tok: Token) -> str:
        return str(tok).lower()

    def mana_symbols(self, *toks: Token) -> tuple:
        try:
            return parse_cost("".join(str(t) for t in toks))
        except ManaSyntaxError as e:
            raise DefinitionError(str(e)) from None

    # ---- noun phrases
    def m_other(self): return ("other", True)
    def m_untapped(self): return ("untapped", True)
    def m_tapped(self): return ("tapped", True)
    def m_attacking(self): return ("combat", "attacking")
    def m_blocking(self): return ("combat", "blocking")
    def m_nontoken(self): return ("token", False)
    def m_token(self, _t): return ("token", True)
    def m_color(self, t): return ("colors", NAME_TO_LETTER[t.lower()])
    def m_noncolor(self, t): return ("not_colors", NAME_TO_LETTER[t.lower()[3:]])
    def m_colorless(self): return ("colorless", True)
    def m_multicolored(self): return ("multicolored", True)
    def m_monocolored(self): return ("monocolored", True)
    def m_permanent(self, t=None): return ("permanent", t is not None)      # "each" too, without the word
    def m_player(self, t): return ("players", "any")
    def m_opponent(self, t): return ("players", "opponent")

    def m_supertype(self, t):
        w = t.lower()
        return ("not_supertypes", w[3:].capitalize()) if w.startswith("non") else ("supertypes", w.capitalize())

    def m_nontype(self, t):
        return ("not_types", _TYPES[t.lower()[3:]])

    def m_type(self, t):
        return ("types", _TYPES[_singular(str(t))])

    def m_nonsubtype(self, t):
        """"non-Lair", "non-Human": none of that subtype (205.3; etb)."""
        name = subtype(str(t)[4:])
        if name is None:
            raise DefinitionError(f"{str(t)!r} names no subtype (205.3)")
        return ("not_subtypes", name)

    def m_subtype(self, t):
        name = subtype(str(t))
        if name is None:
            raise DefinitionError(f"{str(t)!r} is not a subtype (205.3)")
        return ("subtypes", name)

    def group(self, *words) -> _Group:
        g = _Group()
        for key, value in words:
            if key == "players":
                if g.f or g.has_type:
                    raise DefinitionError("a player can't be described by other words")
                g.players = value
            elif key == "permanent":
                g.permanent = g.permanent or value
                g.has_type = g.has_type or value    # "permanent or instant card": not the instant's kind
            else:
                g.add(key, value)
        return g

    def groups(self, *gs: _Group) -> tuple[_Group, ...]:
        # A group with no type or subtype of its own takes the last group's ("red or green creature").
        last = gs[-1]
        out = []
        for g in gs:
            if not g.has_type and not g.players and g is not last and last.has_type:
                for k in ("types", "subtypes"):
                    for v in last.f.get(k, ()):
                        g.add(k, v)
            out.append(g)
        return tuple(out)

    def q_you(self): return ("controller", "you")
    def q_opponent(self): return ("controller", "opponent")
    def q_not_you(self): return ("controller", "not_you")
    def q_that_player(self): return ("that_player", True)
    def q_defending(self): return ("controller", "defending")     # 508.5: the player the source attacks
    def q_on_battlefield(self): return None     # permanents are on the battlefield, whoever controls them
    def q_chosen_type(self): return ("chosen_type", True)     # choose: the type chosen for the source (608.2d)
    def q_not_chosen_type(self): return ("not_chosen_type", True)
    def q_with_keyword(self, t): return ("with_keyword", str(t).capitalize())
    def q_without_keyword(self, t): return ("without_keyword", str(t).capitalize())

    def q_stat(self, what, n, cmp):
        return ("stat", (str(what).lower(), "<=" if cmp.lower() == "less" else ">=", int(n)))

    def q_total_pt(self, n, cmp):
        return ("stat", ("total power and toughness", "<=" if cmp.lower() == "less" else ">=", int(n)))

    def q_mana_value(self, what, n, cmp):
        return ("stat", ("mana value", "<=" if cmp.lower() == "less" else ">=", int(n)))

    def q_mana_value_exactly(self, what, n):
        return ("stat", ("mana value", "==", int(n)))

    def _spec(self, groups, quals, zone: str, owner: str = "any") -> TargetSpec:
        objects: list[Selector] = []
        players = ""
        that_player = False
        extra = {}
        for key, value in (q for q in quals if q is not None):
            if key == "that_player":
                that_player = True
            else:
                extra[key] = value
        for g in groups:
            if g.players:
                if players and players != g.players:
                    players = "any"
                players = players or g.players
                continue
            fields = {**g.f, **extra}
            objects.append(Selector(**fields))
        return TargetSpec("", tuple(objects), zone, owner, players, that_player=that_player)

    def o_permanent(self, groups, *quals):
        return self._spec(groups, quals, "battlefield")

    def o_lesser_power(self, groups):
        # 702.134a: power less than the source's, a permanent's (the one target phrase that reads it)
        return self._spec(groups, [("lesser_power", True)], "battlefield")

    def o_spell(self, *parts):
        groups = parts[0] if parts and isinstance(parts[0], tuple) else (_Group(),)
        quals = [p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)]
        if any(g.players for g in groups):
            raise DefinitionError("a spell phrase can't name players")
        return self._spec(_permanent_kinds(groups), quals, "stack")

    def o_card(self, *parts):
        groups = parts[0] if isinstance(parts[0], tuple) else (_Group(),)
        owner = next(p[1] for p in parts if isinstance(p, tuple) and len(p) == 2 and p[0] == "zone_owner")
        quals = [p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)
                 and p[0] != "zone_owner"]
        return self._spec(_permanent_kinds(groups), quals, "graveyard", owner)

    def z_any_graveyard(self, *_): return ("zone_owner", "any")
    def z_your_graveyard(self, *_): return ("zone_owner", "you")
    def z_opp_graveyard(self, *_): return ("zone_owner", "opponent")
    def z_single_graveyard(self, *_): return ("zone_owner", "single")     # hands: every card of the use in one

    def target_np(self, spec: TargetSpec) -> TargetSpec:
        return spec

    def np(self, spec):
        return spec

    # ---- costs (118, 602.1a, 606.4)
    def cost(self, *parts) -> tuple[CostPart, ...]:
        return tuple(p for part in parts for p in (part if isinstance(part, tuple) else (part,)))

    def c_mana(self, symbols):
        return CostPart("mana", mana=symbols)

    def c_tap(self, _): return CostPart("tap")
    def c_untap(self, _): return CostPart("untap")
    def c_life(self, n): return CostPart("pay_life", n=int(n))
    def c_sac_self(self, _): return CostPart("sacrifice_self")

    def c_loyalty(self, tok):
        t = str(tok).replace("−", "-")
        if t.upper().endswith("X"):
            return CostPart("loyalty", counter="X")       # -X: X chosen as it is activated (107.3)
        return CostPart("loyalty", n=int(t))

    def c_sacrifice(self, n, spec):
        # One can sacrifice only a permanent one controls (701.21a). "an artifact or creature": each kind named
        # may pay it (``CostPart.alternatives``)
        if len(spec.objects) > 1 and not spec.players and spec.zone == "battlefield" and not spec.that_player:
            kinds = [replace(o, controller="you") for o in spec.objects]
            return CostPart("sacrifice", n=n, what=kinds[0], alternatives=tuple(kinds[1:]))
        return CostPart("sacrifice", n=n, what=replace(self._one(spec), controller="you"))

    def c_discard(self, n, _cards): return CostPart("discard", n=n)
    def c_discard_self(self, _): return CostPart("discard_self")
    def c_exile_gy(self, n, _cards): return CostPart("exile_from_graveyard", n=n)
    def c_exile_self_gy(self, _): return CostPart("exile_self_from_graveyard")
    def c_exile_self_hand(self, _): return CostPart("exile_self_from_hand")

    def c_remove(self, n, kind, _word, _self):
        return CostPart("remove_counters", n=n, counter=kind)

    def c_remove_any(self, kind, _word, _self):
        # "any number of": X, chosen as the cost is paid (107.3).
        return CostPart("remove_counters", n=X_COUNT, counter=kind)

    def c_put_counters(self, n, kind, _word, _self):
        return CostPart("put_counters", n=n, counter=kind)

    def c_tap_untapped(self, n, spec):
        return CostPart("tap_untapped", n=n, what=replace(self._one(spec), controller="you", untapped=True))

    def c_return(self, n, spec):
        return CostPart("return_to_hand", n=n, what=replace(self._one(spec), controller="you"))

    # X in a spell's additional cost (107.3), the X announced as it is cast (601.2b); the total
    # cost puts the announced number in its place (rules.costs.total_cost)
    def c_life_x(self, *_): return CostPart("pay_life", n=X_COUNT)
    def c_discard_x(self, _cards): return CostPart("discard", n=X_COUNT)
    def c_exile_gy_x(self, _cards): return CostPart("exile_from_graveyard", n=X_COUNT)

    # a card of a quality (``words_refs.quality_selector``: "land", "red or green", "creature")
    def c_discard_q(self, n, q, _cards): return CostPart("discard", n=n, what=_card_quality(q[1]))
    def c_discard_qx(self, q, _cards): return CostPart("discard", n=X_COUNT, what=_card_quality(q[1]))
    def c_exile_gy_q(self, n, q, _cards): return CostPart("exile_from_graveyard", n=n, what=_card_quality(q[1]))
    def c_exile_gy_qx(self, q, _cards): return CostPart("exile_from_graveyard", n=X_COUNT, what=_card_quality(q[1]))
    # 701.9b: a card discarded at random is not chosen by the player; every card it may be is a branch
    def c_discard_random(self, n, _cards, _random): return CostPart("discard", n=n, at_random=True)

    def c_reveal_from_hand(self, n, q, _cards): return CostPart("reveal_from_hand", n=n, what=_card_quality(q[1]))
    def c_exile_hand(self, n, _cards): return CostPart("exile_from_hand", n=n)
    def c_exile_hand_q(self, n, q, _cards): return CostPart("exile_from_hand", n=n, what=_card_quality(q[1]))

    def c_put_counters_on(self, n, kind, _word, one, spec):
        if one != 1:
            raise DefinitionError("counters put on more than one permanent as a cost are not read")
        return CostPart("put_counters_on", n=n, counter=kind, what=replace(self._one(spec), controller="you"))

    def c_sacrifice_x(self, spec):
        return CostPart("sacrifice", n=X_COUNT, what=replace(self._one(spec), controller="you"))

    def c_return_x(self, spec):
        return CostPart("return_to_hand", n=X_COUNT, what=replace(self._one(spec), controller="you"))

    @staticmethod
    def _one(spec: TargetSpec) -> Selector:
        if spec.players or spec.zone != "battlefield" or len(spec.objects) != 1 or spec.that_player:
            raise DefinitionError("a cost names one kind of permanent")
        return spec.objects[0]

    # ---- what mana abilities add (106.1, 605)
    def mana_effect(self, production): return production

    @staticmethod
    def _types(symbols) -> tuple[str, ...]:
        if not symbols or any(s.kind not in ("colored", "colorless") for s in symbols):
            raise DefinitionError("mana added must be symbols of the six types (106.1b)")
        return tuple(s.colors or "C" for s in symbols)

    def p_fixed(self, symbols): return ManaProduction("fixed", fixed=self._types(symbols))

    def p_fixed_per(self, symbols, spec):
        if spec.zone == "graveyard" and spec.zone_owner == "you" and len(spec.objects) == 1 and not spec.players \
                and not spec.that_player:
            # "Add {B} for each black creature card in your graveyard" (cards, not permanents)
            return ManaProduction("fixed", fixed=self._types(symbols), per_card_in=("graveyard", spec.objects[0]))
        return ManaProduction("fixed", fixed=self._types(symbols), per=self._one(spec))

    def p_x_domain(self, production, basic, land, lands):
        """"..., where X is the number of basic land types among lands you control" (domain, 107.3a, 305.6)."""
        if (str(basic).lower(), str(land).lower(), str(lands).lower()) != ("basic", "land", "lands"):
            raise DefinitionError("only the basic land types among lands you control are counted")
        self._x_free(production, "the number of basic land types")
        return replace(production, amount=1, per_domain=True)

    def p_colors_among(self, spec):
        """"For each color among permanents you control, add one mana of that color." (105.2)"""
        return ManaProduction("colors_among", color_of=self._one(spec))

    def p_x_per(self, production, spec):
        """"Add X mana ..., where X is the number of [permanents]": one for each (107.3a: X defined by the text)."""
        if production.amount != X_COUNT or production.per is not None or production.per_counter:
            raise DefinitionError("'where X is' defines an X the production does not have")
        return replace(production, amount=1, per=self._one(spec))

    @staticmethod
    def _x_free(production, what: str):
        if production.amount != X_COUNT or production.per is not None or production.per_counter or production.per_power \
                or production.amount_from_game or production.mode == "fixed":
            raise DefinitionError(f"'where X is {what}' defines an X the production does not have")

    def p_x_per_counter(self, production, kind, _word, _self):
        """"Add X mana of any one color, where X is the number of petal counters on ~" (107.3a): one for each
        such counter on it as the ability resolves."""
        self._x_free(production, "the number of counters")
        return replace(production, amount=1, per_counter=kind)

    def p_x_life(self, production):
        """"Add X mana of any one color, where X is your life total" (107.3a; 0 or less adds none, 107.1b)."""
        self._x_free(production, "your life total")
        return replace(production, amount=1, per_life=True)

    def p_x_greatest_power(self, production, spec):
        """"..., where X is the greatest power among creatures you control" (107.3a; none: 0; 0 or less adds none,
        107.1b)."""
        self._x_free(production, "the greatest power")
        return replace(production, amount=1, per_greatest_power=self._one(spec))

    def p_devotion(self, _article, symbols, color):
        """"Add an amount of {G} equal to your devotion to green" (700.5): the {G} symbols among the mana costs of
        permanents you control as it resolves."""
        kinds = self._types(symbols)
        letter = NAME_TO_LETTER[str(color).lower()]
        if kinds != (letter,):
            raise DefinitionError("an amount of one mana symbol of the color of the devotion")
        return ManaProduction("fixed", fixed=kinds, per_devotion=letter)

    def p_devotion_chosen(self, _article):
        """"Choose a color. Add an amount of mana of that color equal to your devotion to that color." (700.5)"""
        return ManaProduction("one_type", choices=COLORS, amount=1, per_devotion="chosen")

    def p_instead_if_counter(self, production, _self, _article, kind, _word, instead):
        """"Add {C}. If ~ has a luck counter on it, instead add one mana of any color." (614.15: its own replacement,
        applied first, 616.1a)."""
        if production.mode != "fixed" or production.per is not None or production.per_counter or production.per_power \
                or instead.amount == X_COUNT or instead.per is not None or instead.per_counter or instead.per_power \
                or instead.amount_from_game or production.amount_from_game:
            raise DefinitionError("'instead' with an amount that is not fixed")
        return replace(production, instead_if="counter", instead_counter=kind, instead_production=instead)

    def p_color_per_counter(self, kind, _word, _self):
        """"Choose a color. Add one mana of that color for each charge counter on ~.": all the mana of one color
        chosen as it resolves (106.1b), one for each such counter."""
        return ManaProduction("one_type", choices=COLORS, amount=1, per_counter=kind)

    def p_instead_if_land_played(self, production, symbols):
        """"Add {U}. If you played a land this turn, add {B} instead." (305.2: the land played this turn)."""
        if production.mode != "fixed":
            raise DefinitionError("'instead' after mana that is not fixed")
        return replace(production, instead_if="played_land_this_turn", instead=self._types(symbols))

    def p_plus_per_removed(self, first, _article, more, _kind, _word):
        """"Add {R}, then add an additional {R} for each charge counter removed this way" (mana batteries): one
        mana, and X more where X is the number of counters the cost removed (107.3)."""
        kinds, extra = self._types(first), self._types(more)
        if len(kinds) != 1 or kinds != extra:
            raise DefinitionError("an additional mana for each counter removed: the same one symbol")
        return ManaProduction("one_type", choices=kinds[0], amount=X_COUNT, x_plus=1)

    def p_x_plus(self, _article, symbols, n):
        """"Add an amount of {C} equal to X plus one" (X: the counters its cost removes, 107.3)."""
        kinds = self._types(symbols)
        if len(kinds) != 1:
            raise DefinitionError("an amount of one mana symbol")
        return ManaProduction("one_type", choices=kinds[0], amount=X_COUNT, x_plus=number_word(str(n)))

    def p_self_power(self, _article, symbols, _self):
        """"Add an amount of {G} equal to ~'s power": as many as its power as the ability resolves (none if it is
        0 or less, 107.1b)."""
        kinds = self._types(symbols)
        if len(kinds) != 1:
            raise DefinitionError("an amount of one mana symbol")
        return ManaProduction("fixed", fixed=kinds, per_power=True)

    def control_one(self, _article, *toks) -> tuple[Selector, ...]:
        """One permanent with every one of these subtypes (a Selector's subtypes are any one of them)."""
        names = [subtype(str(t).replace("'", "’")) for t in toks]
        if any(n is None for n in names):
            raise DefinitionError(f"{' '.join(map(str, toks))!r} names no subtypes (205.3)")
        return tuple(Selector(subtypes=(n,), controller="you") for n in names if n is not None)   # (none is)

    def p_instead_if_control(self, production, *parts):
        """"Add {C}. If you control an Urza's Mine and an Urza's Tower, add {C}{C} instead." (614.15: its own
        replacement; the permanents it names are those its controller controls as it resolves)."""
        *sels, symbols = parts
        if production.mode != "fixed" or production.per is not None or production.per_counter or production.per_power:
            raise DefinitionError("'instead' after mana that is not fixed")
        return replace(production, instead_if="control", instead=self._types(symbols), instead_control=tuple(sels))

    def p_double_pool(self):
        return ManaProduction("double_pool")

    def p_fixed_per_counter(self, symbols, kind, _word, _self):
        return ManaProduction("fixed", fixed=self._types(symbols), per_counter=kind)

    def p_per_removed(self, symbols, _kind, _word):
        kinds = self._types(symbols)
        if len(kinds) != 1:
            raise DefinitionError("mana for each counter removed: one symbol")
        return ManaProduction("one_type", choices=kinds[0], amount=X_COUNT)

    def p_one_of(self, *options):
        kinds = [self._types(o) for o in options]
        if all(len(k) == 1 for k in kinds):
            return ManaProduction("one_type", choices="".join(k[0] for k in kinds))
        return ManaProduction("options", options=tuple(kinds))

    def p_any_color(self, n):
        return ManaProduction("combination" if n != 1 else "one_type", choices=COLORS, amount=n)

    def p_any_one_color(self, n): return ManaProduction("one_type", choices=COLORS, amount=n)
    def p_combination_colors(self, n): return ManaProduction("combination", choices=COLORS, amount=n)

    def p_combination(self, n, a, b):
        return ManaProduction("combination", choices=self._types(parse_cost(str(a)))[0] + self._types(parse_cost(str(b)))[0],
                              amount=n)

    def p_chosen(self, n): return ManaProduction("chosen_color", amount=n)

    def k_type(self): return "type"
    def k_color(self): return "color"

    def p_reflect(self, n, kind, _article, spec):
        if n != 1:
            raise DefinitionError("reflecting more than one mana is not modelled")
        return ManaProduction("reflect", reflect=self._one(spec), reflect_colors_only=kind == "color")

    def p_reflect_sacrificed(self, n, kind):
        if n != 1:
            raise DefinitionError("reflecting more than one mana is not modelled")
        return ManaProduction("reflect", reflect_sacrificed=True, reflect_colors_only=kind == "color")

    # ---- activation instructions (602.5)
    def restriction(self, *clauses) -> dict:
        out: dict[str, Any] = {}
        for c in clauses:
            out.update(c)
        return out

    def r_sorcery(self): return {"timing": "sorcery"}
    def r_instant(self): return {"timing": "instant"}
    def r_once(self): return {"once_each_turn": True}
    def r_your_upkeep(self): return {"during": "your upkeep"}
    def r_your_turn(self): return {"during": "your turn"}
    def r_your_turn_before_attackers(self): return {"during": BEFORE_ATTACKERS}
    def r_no_cards_in_hand(self, _cards): return {"only_if": "you have no cards in hand"}

    def enters_tapped(self, *_): return True
    def enters_pay_life(self, *parts): return next(p for p in parts if isinstance(p, int))
    def enters_tapped_unless(self, *parts): return parts[-1]
    def etu_either(self, *parts): return {"subtypes": tuple(str(p) for p in parts if isinstance(p, Token) and p.type == "SUBTYPE")}
    def etu_lands(self, n, cmp): return {"lands": n, "cmp": str(cmp).lower()}
    def etu_basic_lands(self, n, cmp): return {"lands": n, "cmp": str(cmp).lower(), "basic": True}
    def enters_tapped_unless_opponents(self, *parts): return parts[-1]

    def p_color_of(self, _article, spec):
        """"Choose a color of a permanent you control. Add one mana of that color." (105.2: a permanent's colors);
        "... of a card in your graveyard" (a card's colors off the battlefield)."""
        if spec.zone == "graveyard" and spec.zone_owner == "you" and spec.objects == (Selector(),):
            return ManaProduction("color_of_card", card_zone="graveyard")
        return ManaProduction("color_of", color_of=self._one(spec))

    # ---- land types, colors, mana replacement, spending (305.7, 613.1d-e, 614.1a, 609.4b): static dicts
    def lt_named(self, *parts):
        names = [subtype(str(t)) for t in parts if isinstance(t, Token) and t.type == "SUBTYPE"]
        if any(n not in BASIC_LAND_TYPES for n in names):
            raise DefinitionError("only basic land types are modelled")
        return names

    def lt_all_basic(self): return "all basic"

    def static_land_type(self, spec, types, *addition):
        return {"kind": "add_land_type" if addition else "set_land_type", "types": types, "affects": self._one(spec)}

    def static_land_type_attached(self, _attached, types, *addition):
        return {"kind": "add_land_type" if addition else "set_land_type", "types": types, "enchanted": True}

    def static_color(self, spec, *colors):
        return {"kind": "set_color", "colors": "".join(NAME_TO_LETTER[str(c).lower()] for c in colors if
                                                       isinstance(c, Token) and c.type == "COLOR"),
                "affects": self._one(spec)}

    def tapped_by_anyone(self, _article, spec): return {"affects": self._one(spec)}
    def tapped_by_you(self, _article, spec): return {"affects": self._one(spec), "tapped_by": "you"}
    # "if a player taps a nonbasic land for mana": whoever taps it, as "if a nonbasic land is tapped for mana"
    def tapped_by_a_player(self, _article, _player, _article2, spec): return {"affects": self._one(spec)}

    def sm_replace_all(self, tapper, symbols):
        return {"kind": "mana_replace_all", "mana": "".join(str(s) for s in symbols), **tapper}

    def sm_colorless(self, tapper):
        return {"kind": "mana_change_type", "to": "C", **tapper}

    def sm_change_type(self, tapper, symbols):
        kinds = self._types(symbols)
        if len(kinds) != 1:
            raise DefinitionError("a type changed to one mana symbol's type")
        return {"kind": "mana_change_type", "to": kinds[0], **tapper}

    def sm_any_color(self, tapper):
        return {"kind": "mana_change_type", "to": "any_color", **tapper}

    def sm_replace_all_from(self, tapper, n, symbols):
        return {"kind": "mana_replace_all", "mana": "".join(str(s) for s in symbols), "min_amount": number_word(str(n)),
                **tapper}

    def by_land_type(self, sub, symbols):
        kinds = self._types(symbols)
        if len(kinds) != 1:
            raise DefinitionError("a land type produces one mana instead")
        name = subtype(str(sub))
        if name is None:
            raise DefinitionError(f"{sub!r} is not a land type (205.3i)")
        return (name, kinds[0])

    def sm_by_land_type(self, *pairs):
        return {"kind": "mana_by_land_type", "map": dict(p for p in pairs if isinstance(p, tuple)),
                "affects": Selector(types=("Land",))}

    def sm_multiply(self, tapper, times):
        return {"kind": "mana_multiply", "factor": 2 if str(times).lower() == "twice" else 3, **tapper}

    def static_spend(self, *parts):
        colors = [NAME_TO_LETTER[str(c).lower()] for c in parts if isinstance(c, Token) and c.type == "COLOR"]
        return {"kind": "spend_as_any_color", **({"mana": colors[0]} if colors else {})}

    # ---- trigger conditions (603.2)
    def tc_zone(self, _when, subject, event) -> TriggerEvent:
        who, what = subject
        if who in ATTACHED_SUBJECTS and event not in _ATTACHED_EVENTS:
            # 603.2: of what it is attached to, the engine watches its combat events, its damage and its dying
            raise DefinitionError(f"an event of the {who} creature the engine does not watch for its attachments")
        if who == "dealt_damage_by_self":
            # 603.10a: a permanent that dies, dealt damage by this object this turn (the turn's history)
            if event != "dies":
                raise DefinitionError("'dealt damage by ~ this turn' of an event other than dying")
            return TriggerEvent("dies", "any", what, dealt_damage_by_self=True)
        if event in ("deals_damage", "dealt_damage") and who != "self" and who not in ATTACHED_SUBJECTS:
            # 603.2: only the object's own damage is watched (``engine.combat_damage``)
            raise DefinitionError("'deals damage' of another object")
        if event == "becomes_tapped" and who != "self":
            # 603.2e: only the object's own tapping is watched by the engine (engine.triggers.triggered_by_tapping)
            raise DefinitionError("'becomes tapped' of another permanent")
        if event == "enters_yours":
            # "enters under your control": the permanent's controller as it enters is the ability's (603.6a).
            if what is None or any(sel.controller not in ("any", "you") for sel in what.objects):
                raise DefinitionError("'enters under your control' of this object or of another's permanents")
            what = replace(what, objects=tuple(replace(sel, controller="you") for sel in what.objects))
            event = "enters"
        if isinstance(event, dict):           # an event whose other creature lacks a keyword (702.25a)
            return TriggerEvent(event["event"], who, what, without=event["without"])
        if isinstance(event, tuple):          # "enters or dies": one ability, two events of the same object
            return TriggerEvent(event[0], who, what, also=event[1])
        return TriggerEvent(event, who, what)

    def tc_cast(self, _when, _article, spec) -> TriggerEvent:
        if spec.zone != "stack":
            raise DefinitionError("'whenever you cast' names a spell")
        return TriggerEvent("cast", "you", spec)

    # Countering (701.6a, 614.1a): the counter sentence is checked whole; the rider says where the card goes.
    def counter_effect(self, _target, spec) -> TargetSpec:
        return spec

    def counter_instead(self, _spell, where, _not) -> str:
        return where

    def ciw_exile(self, _it) -> str:
        return "exile"

    def ciw_top(self, _it) -> str:
        return "library_top"

    def ciw_top_or_bottom(self, _it) -> str:
        return "library_top_or_bottom"

    def ciw_hand(self, _it) -> str:
        return "hand"

    def tc_cast_targeting(self, _when, _article, _spell, _targets, _self) -> TriggerEvent:
        # 603.2e, 115.1: the spell's targets, chosen as it was cast (601.2c), include the object itself
        return TriggerEvent("cast_targeting", "you")

    def tc_cycle(self, _when, _self) -> TriggerEvent:
        # 702.29: "When you cycle ~" triggers on activating its cycling ability, nothing else ("cycle or
        # discard" is another condition, not read here: the engine does discard cards).
        return TriggerEvent("cycles")

    def tc_step(self, step) -> TriggerEvent:
        return TriggerEvent(step, "you")

    def tc_step_each(self, *parts) -> TriggerEvent:
        return TriggerEvent(parts[-1], "each")

    def tc_step_the_end(self) -> TriggerEvent:
        # 513.1a: "at the beginning of the end step" triggers at the beginning of every turn's end step
        return TriggerEvent("end", "each", the=True)

    def tc_control_none(self, _when, spec) -> TriggerEvent:
        # 603.8: a state trigger; the permanents counted are those its controller controls ("you", 109.5), one
        # kind of them, said without a controller of its own ("no Islands", "no other creatures")
        spec = self._permanents(spec)
        if len(spec.objects) != 1 or any(sel.controller != "any" for sel in spec.objects):
            raise DefinitionError("'you control no' names one kind of permanent, without a controller")
        return TriggerEvent("control_none", "you", replace(spec, objects=tuple(replace(sel, controller="you")
                                                                          for sel in spec.objects)))

    def tc_step_opponent(self, _own, step) -> TriggerEvent:
        # "At the beginning of each opponent's upkeep": on the turns of its controller's opponents (503.1a)
        return TriggerEvent(step, "opponent")

    def ts_self(self, *_self):
        return ("self", None)

    def ts_self_or(self, _self, spec):
        return ("self_or_other", self._permanents(spec))

    def ts_attached(self, attached):
        return (str(attached).lower(), None)          # "enchanted" / "equipped"

    def ts_dealt_damage_by_self(self, _article, spec, _self):
        return ("dealt_damage_by_self", self._permanents(spec))

    def ts_np(self, *parts):
        spec = self._permanents(parts[-1])
        return ("other" if any(s.other for s in spec.objects) else "any", spec)

    @staticmethod
    def _permanents(spec: TargetSpec) -> TargetSpec:
        if spec.zone != "battlefield" or spec.players or not spec.objects:
            raise DefinitionError("a trigger's subject must be permanents")
        return spec

    def te_enters(self, _tok):
        return "enters"

    def te_enters_yours(self, _tok):
        return "enters_yours"

    def te_dies(self, *_):
        return "dies"

    def te_leaves(self):
        return "leaves"

    def te_becomes_tapped(self):
        return "becomes_tapped"

    def te_becomes_target(self):
        return "becomes_target"

    def te_explores(self):
        return "explores"
    # Combat (508.3a, 509.3a, 509.3c, 510.3a): attackers declared (``engine.declaring``), blockers declared, and
    # combat damage dealt to a player (``engine.combat_damage``) are the events; "becomes blocked" is the
    # attacker's event, never "blocks" (509.1h against 509.1g).
    def te_attacks(self):
        return "attacks"

    def te_attacks_alone(self):
        return "attacks_alone"          # 506.5: the only creature declared as an attacker

    def te_attacks_most_life(self, _player):
        return "attacks_most_life"      # 702.105a: attacks a player no player has more life than

    def te_attacks_or_blocks(self):
        return ("attacks", "blocks")

    def te_blocks(self):
        return "blocks"

    def te_blocks_or_becomes_blocked(self):
        return ("blocks", "becomes_blocked")

    def te_becomes_blocked(self):
        return "becomes_blocked"

    def te_blocks_or_blocked_by_a_creature(self):
        return ("blocks_creature", "blocked_by_creature")

    def te_blocks_a_creature(self):
        return "blocks_creature"        # 509.3b: once for each attacking creature it blocks

    def te_becomes_blocked_by_a_creature(self):
        return "blocked_by_creature"    # 509.3d: once for each creature that blocks it

    def te_becomes_blocked_by_a_creature_without_flanking(self):
        return {"event": "blocked_by_creature", "without": "Flanking"}     # 702.25a

    def te_deals_damage(self):
        return "deals_damage"

    def te_dealt_damage(self, *_is):
        return "dealt_damage"

    def te_combat_damage_player(self):
        return "combat_damage_player"

    def te_combat_damage_creature(self):
        return "combat_damage_creature"

    # Haunt (702.55c): the haunted creature dying; never happens in the engine's games (no card haunts)
    def te_haunted_dies(self):
        return "haunted_dies"

    def te_turned_face_up(self, *_):
        return "turned_face_up"

    def te_transforms(self, _self):
        return "transforms"

    def tc_haunted_dies(self, *_):
        return TriggerEvent("haunted_dies", "other")

    def te_enters_or(self, _tok, second):
        return ("enters", second)

    def st_upkeep(self):
        return "upkeep"

    def st_end(self):
        return "end"

    def st_draw(self):
        return "draw"

    def trigger_exile_until(self, *parts):
        toks = {t.type for t in parts if isinstance(t, Token)}
        return {"for_each_opponent": "FOR_EACH_OPPONENT" in toks, "up_to": "UP_TO_ONE" in toks}

    # ---- triggered mana abilities (605.1b)
    def mte_player_taps(self): return ("tapped_for_mana", "land", "any", "", "that player")
    def mte_you_tap(self): return ("tapped_for_mana", "land", "you", "", "you")
    def mte_enchanted(self): return ("tapped_for_mana", "enchanted", "any", "", "its controller")
    def mte_enchanted_is(self, sub): return ("tapped_for_mana", "enchanted", "any", str(sub), "its controller")
    def mte_chosen_color(self): return ("adds_chosen_color", "land", "you", "", "you")
    def who_that_player(self): return "that player"
    def who_its_controller(self): return "its controller"
    def who_you(self): return "you"
    def add_produced(self): return ManaProduction("produced_type")
    def add_fixed(self, symbols): return ManaProduction("fixed", fixed=self._types(symbols))
    def add_chosen(self): return ManaProduction("chosen_color", amount=1)

    def mana_trigger(self, event, who, add) -> ManaTrigger:
        kind, of, by, enchanted_is, adder = event
        if who != adder:     # the player who gets the mana is the one the event names (106.12a)
            raise DefinitionError(f"a triggered mana ability whose mana goes to {who}, not {adder}")
        return ManaTrigger(kind, of, by, add, enchanted_is)

    # ---- statics granting keywords, changing power and toughness (613.1f, 613.4c)
    def s_attached(self, *_): return {"enchanted": True}
    def s_self(self, _): return {}

    def s_np(self, spec):
        return {"affects": self._one(spec)}

    def keyword_list(self, *toks):
        return [str(t).capitalize() for t in toks]

    def static_grant(self, subject, _has, keywords):
        return {"subject": subject, "keywords": keywords}

    def static_pt(self, subject, _gets, mod, *rest):
        p, t = str(mod).split("/")
        keywords = rest[-1] if rest else []
        return {"subject": subject, "pt": (int(p), int(t)), "keywords": keywords}

    # ---- target phrases
    def tp_one(self, *parts) -> TargetSpec:
        return parts[-1]

    def tp_count(self, count, *parts) -> TargetSpec:
        lo, hi = count
        return replace(parts[-1], minimum=lo, maximum=hi)

    def up_to(self, n): return (0, n)
    def between(self, lo, hi): return (lo, hi)

    def between_listed(self, lo, mid, hi):
        # "one, two, or three target creatures"(601.2c): any count from the first to the last listed
        if (mid, hi) != (lo + 1, lo + 2):
            raise DefinitionError(f"the counts {lo}, {mid}, or {hi} are not a run of numbers")
        return (lo, hi)

    def tp_any_counted(self, count, _target):
        # "among one or two targets" (601.2d): any target (115.4), so many of them.
        return replace(self.tp_any(), minimum=count[0], maximum=count[1])
    def exactly(self, n): return (n, n)

    def x_targets(self):
        raise DefinitionError("a number of targets that is X is not modelled")

    # ---- impulse draw (701.13a, 611.2a): {"n": N} and {"until": duration, "count": "one" | "many"}
    def exile_top(self, *parts):
        n = next((p for p in parts if isinstance(p, int)), 1)
        word = str(next(p for p in parts if isinstance(p, Token) and p.type == "CARDS")).lower()
        if (n == 1) != (word == "card"):
            raise DefinitionError(f"exile the top {n} {word}: the number and the noun disagree")
        return {"n": n}

    def may_play_exiled(self, until, what, free=None): return {"until": until, "count": what, "free": free is not None}
    def may_play_this_turn(self, what, free=None): return {"until": "end_of_turn", "count": what, "free": free is not None}
    def d_your_next_turn(self): return "end_of_your_next_turn"
    def d_end_of_turn(self): return "end_of_turn"

    # ---- effects in force, lands, taps: values of the encoding's words
    def e_sacrifice_if_no_counters(self, kind, *_):
        return {"sacrifice_if_no_counters": {"counter": kind}}

    def e_lasting_static(self, until, static):
        return {"lasting": {"static": static, "until": until}}

    def e_damage_you(self, _self, n, *_):
        return {"damage_you": {"n": n}}

    def e_exile_self(self, *_):
        return {"exile_self": {}}

    def static_land_plays(self, n): return {"kind": "additional_land_plays", "n": n}
    # branch kicker: "This spell can't be countered." (113.6g)
    def s_cant_be_countered(self, *_): return {"kind": "cant_be_countered"}
    def s_cant_be_countered_x(self, *args):
        n = next(a for a in args if getattr(a, "type", "") == "NUMBER")
        return {"kind": "cant_be_countered", "x_at_least": int(n), "damage_unpreventable": True}
    def one_extra(self, *_): return 1
    def n_extra(self, n, *_): return number_word(str(n))
    def pw_one(self, *_): return "one"
    def pw_many(self, *_): return "many"

    # ---- "The same is true for ...": the objects off the battlefield a sentence extends to
    def static_same_for(self, *objects): return tuple(objects)
    def sf_spells(self, *_): return "spells"
    def sf_cards(self, *_): return "cards"
    # A line of sentences on spending (609.4b): one {"which", "only", "as"} per sentence; "which" is a color letter,
    # "other" (mana other than the previous sentence's) or "" (all mana); "as" is "any_color", "any_type", "C" or
    # a color letter.
    def spend_as_line(self, *sentences): return list(sentences)
    def sa_may(self, *parts): return self._spend_as(parts, only=False)
    def sa_only(self, *parts): return self._spend_as(parts, only=True)

    @staticmethod
    def _spend_as(parts, only: bool) -> dict:
        which = parts[0] if len(parts) == 2 else ""
        return {"which": which, "only": only, "as": parts[-1]}

    def sw_color(self, c): return NAME_TO_LETTER[str(c).lower()]
    def sw_other(self): return "other"
    def st_any_color(self): return "any_color"
    def st_any_type(self): return "any_type"
    def st_colorless(self): return "C"
    def st_color(self, c): return NAME_TO_LETTER[str(c).lower()]

    # ---- keyword actions as whole sentences (701): the word of the effect vocabulary
    def ka_recruit(self): return "recruit"       # 701.70a (2026-09-25 rules)

    # modes (700.2): (at least, at most, may repeat) modes; "or more" is bounded by the modes printed (None)
    def mh_exact(self, n, *_): return (number_word(str(n)), number_word(str(n)), False)
    def mh_repeat(self, n, *_): return (number_word(str(n)), number_word(str(n)), True)

    def mh_or_both(self, n, *_):
        if number_word(str(n)) != 1:
            raise DefinitionError(f"'choose {n} or both' is not a modal instruction the verifier reads")
        return (1, 2, False)

    def mh_or_more(self, n, *_): return (number_word(str(n)), None, False)

    # ---- perm: permanents entering, tokens, triggers: {"word": kind, **args}
    def pe_tap_enchanted(self, noun):
        what = str(noun).lower()
        if what not in ("creature", "permanent", "land", "artifact"):
            raise DefinitionError(f"tap enchanted {what}: not a permanent")
        return {"word": "tap_enchanted", "what": what}

    def pe_bolster(self, n):
        return {"word": "bolster", "n": int(n)}

    def pe_investigate(self):
        return {"word": "investigate"}

    # "Untap up to N lands." (701.26b)
    def pe_untap_up_to_lands(self, n):
        return {"word": "untap_up_to", "n": number_word(str(n)), "affects": "land"}
    # ---- damage compounds and prevention add-ons: {"word": kind, **args}
    def d2_each_player(self, _self, n):
        return {"word": "damage_each_player", "n": int(n)}

    def d2_no_prevention(self):
        return {"word": "no_prevention"}

    # ---- prevent: prevention shields: {"word": kind, **args}
    def pv_all_combat(self):
        return {"word": "prevent_combat_damage"}

    def pv_all_combat_to_players(self):
        return {"word": "prevent_combat_damage", "to_players": True}

    def pv_all_combat_by(self, sel: TargetSpec):
        # the sources as the selector describes them; they are determined as the damage would be dealt (615.1a)
        if sel.players or sel.zone != "battlefield" or len(sel.objects) != 1 or sel.that_player:
            raise DefinitionError("the sources of combat damage: one kind of permanent")
        return {"word": "prevent_combat_damage", "by": sel.objects[0].describe()}

    # ---- shields (615.7, 701.19, 614.1a): {"word": kind, subject: value, ...}
    def sh_target(self, _t, _np): return {"target": True}
    def sh_targets(self, _count, _t, _np): return {"target": True}
    def sh_any_target(self, _t): return {"target": True}
    def sh_it(self): return {"it": True}
    def sh_self(self, _s): return {"self": True}

    def sh_that(self, noun):
        if str(noun).lower() != "creature":
            raise DefinitionError(f"that {noun}: only 'that creature' is read")
        return {"it": True}

    def sh_damaged(self, *parts):
        if str(parts[-1]).lower().rstrip("s") != "creature":
            raise DefinitionError(f"{parts[-1]} dealt damage this way: only creatures are read")
        return {"damaged": True}

    def sh_regenerate(self, subject): return {"word": "regenerate", **subject}
    def sh_no_regeneration(self, subject): return {"word": "no_regeneration_this_turn", **subject}
    def sh_exile_if_dies(self, subject): return {"word": "exile_if_dies", **subject}

    def sh_if_creature_no_regeneration_exile(self, _article, noun):
        if str(noun).lower() != "creature":
            raise DefinitionError(f"if it's a {noun}: only 'a creature' is read")
        return {"word": "no_regeneration_exile", "it": True, "creature_only": True}

    def sh_you(self): return {"you": True}
    def sh_you_and_np(self, _np): return {"you": True, "affects": True}
    def sh_np(self, _np): return {"affects": True}
    def sh_combat(self): return "combat"

    def sh_prevent_next(self, n, subject): return {"word": "prevent_next", "n": int(n), **subject}

    def sh_prevent_all_to(self, *parts):
        return {"word": "prevent_all_to", **parts[-1], **({"combat": True} if "combat" in parts[:-1] else {})}

    def sh_prevent_all_by(self, *parts):
        return {"word": "prevent_all_by", **parts[-1], **({"combat": True} if "combat" in parts[:-1] else {})}

    def tp_any(self, *_):
        kinds = tuple(Selector(types=(t,)) for t in ("Creature", "Planeswalker", "Battle"))
        return TargetSpec("", kinds, players="any")

    def tp_another_any(self, *_):
        # "another target" / "a third target"(Arc Trail, Cone of Flame): any target (115.4) not chosen
        # for the uses of "target" before it (601.2c; the selectors' ``other``, engine.targeting)
        spec = self.tp_any()
        return replace(spec, objects=tuple(replace(o, other=True) for o in spec.objects))

    def tp_any_number(self, *parts):
        spec = parts[-1] if parts and isinstance(parts[-1], TargetSpec) else self.tp_any()
        return replace(spec, minimum=0, maximum=None)

    def tp_you(self):
        return TargetSpec("", (), players="you")


    # ---- until end of turn (611.2a, 613.1f, 613.4c-d): {"subject": kind, "items": {...}}
    def ue_tail(self, subject, items, _duration): return {"subject": subject, **items}
    def ue_lead(self, subject, items): return {"subject": subject, **items}

    def ue_switch(self, subject, _duration):
        return {"subject": subject, "switch": True}

    def ue_per(self, subject, items, _duration, per):
        if set(items) != {"pt"}:
            raise DefinitionError("'for each' after more than +N/+N")
        return {"subject": subject, **items, **per}

    def per_np(self, spec):
        self._one(spec)
        return {"per": True}

    def per_types(self, kind, among):
        # only "basic land type among lands you control" (305.6: Plains, Island, Swamp, Mountain, Forest)
        k, a = self._one(kind), self._one(among)
        if (k.supertypes, k.types, a.types, a.controller) != (("Basic",), ("Land",), ("Land",), "you") or \
                k.subtypes or a.subtypes or a.supertypes or k.controller != "any":
            raise DefinitionError("only 'for each basic land type among lands you control' is read")
        return {"per_basic_land_type": True}

    def ue_control(self, subject, _duration):
        return {"subject": subject, "control": True}

    def ue_must_attack(self, subject, _duration):
        return {"subject": subject, "must_attack": True}

    def ue_lure(self, noun, subject, _duration):
        if str(noun).lower() != "creatures":
            raise DefinitionError("all creatures able to block")
        return {"subject": subject, "must_be_blocked": True}

    def ue_untap_it(self, _it):
        return {"subject": "it", "untap": True}

    def ue_tap_it(self, _it):           # "Tap that creature." (701.26a, 608.2c)
        return {"subject": "it", "tap": True}

    def u_it(self, *_): return "it"

    def ui_pt_x(self, _gets, mod):
        p, t = str(mod).split("/")
        if "X" not in p + t:
            raise DefinitionError("no X")      # PT_MOD's
        return ("pt_x", tuple((0, 1 if v[0] == "+" else -1) if v[1:] == "X" else (int(v), 0) for v in (p, t)))

    def us_target(self, *parts): return "target"
    def us_it(self, *_): return "it"
    def us_self(self, *_): return "self"
    def us_np(self, *parts): return "affects"
    def us_those(self, *_): return "those"      # every target of the instruction before

    # two parts of one sentence, each "until end of turn" / "this turn" (611.2a, 514.2)
    def ue_two(self, subject, items, _d1, more, _d2):
        if set(items) & set(more):
            raise DefinitionError("the same change twice")
        return {"subject": subject, **items, **more}

    def ue_items_must_attack(self, subject, items, _d1, _d2):
        return {"subject": subject, **items, "must_attack": True}

    def ue_items_must_be_blocked(self, subject, items, _d1, _d2):
        return {"subject": subject, **items, "must_be_blocked_if_able": True}

    def ue_must_be_blocked(self, subject, _duration):
        return {"subject": subject, "must_be_blocked_if_able": True}

    def ue_must_block(self, subject, _duration):
        return {"subject": subject, "must_block": True}
    def ud_eot(self): return "end_of_turn"

    def u_items(self, *items) -> dict:
        out: dict[str, Any] = {}
        keywords: list[str] = []
        for i, (kind, value) in enumerate(items):
            if kind == "keyword" and (i == 0 or items[i - 1][0] not in ("gains", "keyword")):
                raise DefinitionError("a keyword not after 'gains'")
            if kind in ("gains", "keyword"):
                keywords.append(value)
            elif kind in out:
                raise DefinitionError(f"two {kind} in one effect")
            else:
                out[kind] = value
        if keywords:
            if len(set(keywords)) != len(keywords):
                raise DefinitionError("a keyword gained twice")
            out["keywords"] = tuple(keywords)
        if set(out.get("loses", ())) & set(keywords):
            raise DefinitionError("a keyword gained and lost by one effect")
        return out

    def ui_pt(self, _gets, mod):
        p, t = str(mod).split("/")
        return ("pt", (int(p), int(t)))

    def ui_gains(self, _gains, kw): return ("gains", str(kw).capitalize())
    def ui_loses(self, _loses, kw): return ("loses", (str(kw).capitalize(),))   # (gains) 613.1f: removed
    def ui_becomes_color(self, _becomes, color): return ("colors", NAME_TO_LETTER[str(color).lower()])  # (gains) 613.1e
    def ui_keyword(self, kw): return ("keyword", str(kw).capitalize())
    def ui_cant_block(self): return ("cant_block", True)
    def ui_cant_be_blocked(self): return ("cant_be_blocked", True)
    def ui_cant_attack(self): return ("cant_attack", True)                 # 508.1c
    def ui_cant_attack_or_block(self): return ("cant_attack_or_block", True)

    # ---- libraries, hands and players: {"may", "who", "acts"} and {"may", "action", ...}
    def player_effect(self, *parts):
        may = bool(parts) and isinstance(parts[0], Token) and parts[0].type == "YOU_MAY"
        who, acts, join, now = None, [], None, None
        for p in parts[1:] if may else parts:
            if isinstance(p, str) and p.startswith("who:"):
                now = p[4:]
            elif isinstance(p, str) and p.startswith("join:"):
                join = p[5:]
            elif isinstance(p, tuple):
                now = now or "you"      # no subject before the first verb: the imperative, said to "you"
                who = who or now
                # (players) a verb phrase with a subject of its own ("You draw two cards, then each other player
                # draws a card."): the act carries its subject as a fourth item
                acts.append(p if now == who else p + (now,))
        return {"may": may, "who": who, "acts": tuple(acts)}

    def lb_j_and(self, *_): return "join:and"
    def lb_j_then(self, *_): return "join:then"
    def lb_s_you(self, *_): return "who:you"
    def lb_s_target_player(self, *_): return "who:target player"
    def lb_s_target_opponent(self, *_): return "who:target opponent"
    def lb_s_each_player(self, *_): return "who:each player"
    def lb_s_each_opponent(self, *_): return "who:each opponent"
    def lb_s_its_controller(self, *_): return "who:its controller"
    def lb_s_its_owner(self, *_): return "who:its owner"
    def lb_s_that_player(self, *_): return "who:that player"
    def lb_s_defending_player(self, *_): return "who:defending player"

    @staticmethod
    def _agree(n: int, cards: Token) -> None:
        if (n == 1) != (str(cards).lower() == "card"):
            raise DefinitionError(f"{n} {cards}: the number and the noun disagree")

    def lb_v_draw(self, _v, n, cards): self._agree(n, cards); return ("draw", n, False)
    def lb_v_lose(self, _v, n): return ("lose_life", n, False)
    def lb_v_gain(self, _v, n): return ("gain_life", n, False)
    def lb_v_scry(self, _v, n): return ("scry", n, False)
    def lb_v_energy(self, _v, *energy): return ("energy", len(energy), False)
    def lb_v_monarch(self, _v): return ("monarch", 1, False)
    def lb_v_surveil(self, _v, n): return ("surveil", n, False)
    def lb_v_mill(self, _v, n, cards): self._agree(n, cards); return ("mill", n, False)

    def lb_v_exile_top(self, _v, *parts):
        n = next((p for p in parts if isinstance(p, int)), 1)
        cards = next(p for p in parts if isinstance(p, Token) and p.type == "CARDS")
        self._agree(n, cards)
        return ("exile_top", n, False)

    def lb_v_discard(self, _v, n, cards, at_random=None):
        self._agree(n, cards)
        return ("discard", n, at_random is not None)

    def lb_v_mill_top(self, _v, *parts):
        n = next((p for p in parts if isinstance(p, int)), 1)
        cards = next(p for p in parts if isinstance(p, Token) and p.type == "CARDS")
        poss = [str(p).lower() for p in parts if isinstance(p, Token) and p.type == "POSS"]
        if len(set(poss)) != 1:
            raise DefinitionError("the library and the graveyard of different players are not read")
        self._agree(n, cards)
        return ("mill", n, False)

    def library_effect(self, *parts):
        may = isinstance(parts[0], Token) and parts[0].type == "YOU_MAY"
        return {"may": may, **parts[-1]}

    def lb_l_shuffle(self, *_): return {"action": "shuffle"}
    def lb_l_shuffle_if(self, *_): return {"action": "shuffle", "if_done": True}

    def lb_l_look(self, *parts):
        n = next((p for p in parts if isinstance(p, int)), 1)
        self._agree(n, next(p for p in parts if isinstance(p, Token) and p.type == "CARDS"))
        back = any(isinstance(p, Tree) and p.data == "lb_back" for p in parts)
        whose = next(p for p in parts if type(p) is str)
        return {"action": "look" if back else "look_at", "n": n, "whose": whose}

    def lb_l_search(self, count, *parts):
        n, up_to = count
        quality = next((p for p in parts if isinstance(p, tuple) and p and p[0] == "quality"), ("quality", ""))[1]
        cards = next(p for p in parts if isinstance(p, Token) and p.type == "CARDS")
        self._agree(n, cards)
        steps = [p for p in parts if isinstance(p, str) and p.startswith("step:")]
        puts = [s for s in steps if s in ("step:hand", "step:battlefield", "step:battlefield_tapped",
                                          "step:shuffle_top", "step:split")]
        if len(puts) != 1 or steps.index(puts[0]) < len(steps) - 2 or (steps[-1] != puts[0] and steps[-1] != "step:shuffle") \
                or steps.count("step:reveal") > 1 or ("step:reveal" in steps and steps.index("step:reveal") != 0):
            raise DefinitionError("a search whose found cards go nowhere, or several places, is not read")
        if puts[0] == "step:split" and (n, up_to, quality) != (2, True, "basic land"):
            raise DefinitionError("one card onto the battlefield and the other into the hand: only up to two basic "
                                  "land cards are read")
        with_ = next((p[1] for p in parts if isinstance(p, tuple) and p and p[0] == "with"), "")
        extra = {"with": with_} if with_ else {}
        if "step:reveal" in steps:
            extra["reveal"] = True
        if puts[0] == "step:shuffle_top":           # "then shuffle and put that card on top of it" (701.24b)
            return {"action": "search", "n": n, "up_to": up_to, "quality": quality, "to": "top", "shuffle": True,
                    **extra}
        return {"action": "search", "n": n, "up_to": up_to, "quality": quality, "to": puts[0][5:],
                "shuffle": steps[-1] == "step:shuffle", **extra}

    def lb_w_you(self, *_): return "you"
    def lb_w_target_player(self, *_): return "target player"
    def lb_w_target_opponent(self, *_): return "target opponent"

    def lb_k_reveal(self, *parts):
        q = next(p for p in parts if isinstance(p, tuple))[1]
        return {"k": 1, "quality": q, "may": isinstance(parts[0], Token) and parts[0].type == "YOU_MAY", "rest": ""}

    def lb_k_put(self, k, *parts):
        rest = next((p for p in parts if isinstance(p, str) and p.startswith("rest:")), "rest:")[5:]
        return {"k": k, "quality": "", "may": False, "rest": rest}

    def lb_l_reveal_top(self, _v, *parts):       # 701.20a: revealing the top cards is looking at them, shown
        n = next((p for p in parts if isinstance(p, int)), 1)
        self._agree(n, next(p for p in parts if isinstance(p, Token) and p.type == "CARDS"))
        return {"action": "look_at", "n": n, "whose": "you"}

    def lb_k_put_one(self, *parts):
        q = next(p for p in parts if isinstance(p, tuple))[1]
        return {"k": 1, "quality": q, "may": isinstance(parts[0], Token) and parts[0].type == "YOU_MAY", "rest": ""}

    def lb_k_put_all(self, *parts):
        q = next(p for p in parts if isinstance(p, tuple))[1]
        rest = next((p for p in parts if isinstance(p, str) and p.startswith("rest:")), "rest:")[5:]
        return {"k": "all", "quality": q, "may": False, "rest": rest}

    def lb_k_rest(self, rest): return {"k": 0, "quality": "", "may": False, "rest": rest[5:], "only_rest": True}
    def lb_r_bottom(self, *parts):
        # "in a random order" keeps an article; "in any order" keeps nothing
        return "rest:bottom_random" if parts else "rest:bottom"
    def lb_r_graveyard(self, *_): return "rest:graveyard"

    def lb_h_reveal(self, *_): return {"step": "reveal"}
    def lb_h_discard(self, *_): return {"step": "discard"}
    def lb_h_exile(self, *_): return {"step": "exile"}

    def lb_h_choose(self, *parts):
        q = next((p for p in parts if isinstance(p, tuple) and p[0] == "quality"), ("quality", ""))[1]
        w = next((p for p in parts if isinstance(p, tuple) and p[0] == "with"), ("with", ""))[1]
        return {"step": "choose", "quality": q, "with": w, "exile": "hd:exile" in parts,
                "may": isinstance(parts[0], Token) and parts[0].type == "YOU_MAY"}

    def lb_h_reveal_choose(self, *parts):
        q = next((p for p in parts if isinstance(p, tuple) and p[0] == "quality"), ("quality", ""))[1]
        w = next((p for p in parts if isinstance(p, tuple) and p[0] == "with"), ("with", ""))[1]
        return {"step": "reveal_choose", "quality": q, "with": w}

    # ---- hands: see the grammar's section
    def hd_n_x(self, *_): return "X"
    def hd_v_discard_hand(self, *_): return ("discard_hand", 1, False)
    def hd_quality(self, *qs): return ("quality", ", ".join(q[1] for q in qs))
    def hd_with(self, _mv, n, cmp): return ("with", f"with mana value {int(n)} or {str(cmp).lower()}")
    def hd_and_exile(self, *_): return "hd:exile"
    def hd_split(self, *_): return "step:split"
    def hd_step(self, step): return step
    def hd_sc_any_number(self, *_): return (ANY_NUMBER, True)
    def hd_discard_those(self, *_): return {"step": "discard", "those": True}
    def hd_some_n(self, n): return (n, False)
    def hd_some_up_to(self, n): return (n, True)
    def hd_some_x(self, *_): return ("X", False)

    def hd_look_choose(self, *parts):
        (n, up_to), cards = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and p[0] != "quality"), \
            next(p for p in parts if isinstance(p, Token) and p.type == "CARDS")
        if n != "X":
            self._agree(n, cards)
        q = next((p for p in parts if isinstance(p, tuple) and p[0] == "quality"), ("quality", ""))[1]
        return {"step": "reveal_choose", "quality": q, "with": "", "n": n, "up_to": up_to}

    def hd_reveal_some(self, *parts):
        n = next(p for p in parts if isinstance(p, int))
        self._agree(n, next(p for p in parts if isinstance(p, Token) and p.type == "CARDS"))
        return {"step": "reveal_choose", "quality": "", "with": "", "some": n}

    def hd_sw_mana_value(self, _mv, n, cmp=None):
        return ("with", f"with mana value {int(n)}" + (f" or {str(cmp).lower()}" if cmp is not None else ""))

    def hd_sw_stat(self, stat, n, cmp):
        return ("with", f"with {str(stat).lower()} {int(n)} or {str(cmp).lower()}")
    def hd_all(self, *_): return "all"
    def hd_any(self, *_): return "any"

    def same_name_search(self, whose, how, *_):
        return {"all": how == "all", "whose": "owner" if whose.type == "HD_OWNER" else "controller"}

    def that_player_shuffles(self, *_): return {"action": "that_player_shuffles"}

    def lb_l_search_named(self, count, cards, _self, *steps):
        return self.lb_l_search(count, ("quality", "named ~"), cards, *steps)

    def lb_st_shuffle_top(self, *_): return "step:shuffle_top"

    def lb_sc_exactly(self, n): return (n, False)
    def lb_sc_up_to(self, n): return (n, True)
    def lb_s_quality(self, *words): return ("quality", " ".join(words))
    def lb_s_word(self, tok=None): return str(tok).lower() if tok is not None and tok.type != "SUBTYPE" else str(tok) if tok is not None else "or"
    def lb_ss_comma(self, *_): return None
    def lb_ss_and(self, *_): return None
    def lb_st_reveal(self, *_): return "step:reveal"
    def lb_st_hand(self, *_): return "step:hand"
    def lb_st_battlefield(self, *parts):
        return "step:battlefield_tapped" if any(isinstance(p, Token) and p.type == "TAPPED_W" for p in parts) \
            else "step:battlefield"
    def lb_st_shuffle(self, *_): return "step:shuffle"
    def lb_s_obj(self, *_): return None


#: "nonartifact, nonblack creature": adjectives joined by a comma alone describe one object (it is both), unlike
#: "artifact, creature, or land" (any of them). Written as one group ("nonartifact nonblack creature").
_ADJECTIVES = patterns.compile(r"\b(non[a-z]+), (?=non[a-z]+ )", re.I)


def parse_tree(text: str, start: str) -> Any:
    """The grammar's parse tree of ``text`` from start symbol ``start`` (adjectives joined by a comma alone read as
    one group); DefinitionError if the grammar does not read it."""
    grammar = parser()
    from lark.exceptions import LarkError

    try:
        return grammar.parse(_ADJECTIVES.sub(r"\1 ", text), start=start)
    except LarkError:
        raise DefinitionError(f"{text!r} is not in the verifier's vocabulary") from None


def parse(text: str, start: str) -> Any:
    """The value of ``text`` read from start symbol ``start``; DefinitionError if the grammar does not read it."""
    from lark.exceptions import VisitError

    tree = parse_tree(text, start)
    try:
        return _meaning(_Meaning).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, DefinitionError):
            raise e.orig_exc from None
        raise


@lru_cache(maxsize=4096)
def parse_target(phrase: str) -> TargetSpec:
    """A target phrase ("creature you control", "up to one target nonland permanent", "any target")."""
    spec = parse(phrase.strip().rstrip("."), "target_phrase")
    return replace(spec, phrase=phrase.strip())


@lru_cache(maxsize=4096)
def parse_np(phrase: str) -> Selector:
    """A noun phrase naming permanents ("untapped creature you control", "nonbasic lands", "Forest")."""
    spec = parse(phrase.strip().rstrip("."), "target_np")
    if spec.players or spec.zone != "battlefield" or len(spec.objects) != 1 or spec.that_player:
        raise DefinitionError(f"{phrase!r}: expected one kind of permanent")
    return spec.objects[0]


#: removal: where a list of noun phrases "X, Y, and Z" / "X and all Y" splits (after "all").
_NP_LIST = patterns.compile(r",? and (?=all )|,? and |, ")


@lru_cache(maxsize=4096)
def parse_nps(phrase: str) -> tuple[Selector, ...]:
    """The kinds of permanents a noun phrase names, read as their union: one phrase ("nonbasic lands") or a
    list joined by "and" ("artifacts, creatures, and enchantments", "creatures and planeswalkers", "creatures
    you don't control and all planeswalkers you don't control"), as after "Destroy all" (701.8a: every
    permanent any of them names). A list is read only where it can't be misread: each part after the first
    says "all" again (each its own phrase), or all parts have the same words but for their types, so a word
    written once ("artifacts and creatures you control") means the same whether or not it is shared."""
    phrase = phrase.strip().rstrip(".")
    try:
        return (parse_np(phrase),)
    except DefinitionError:
        pass
    parts = _NP_LIST.split(phrase)
    if len(parts) < 2:
        raise DefinitionError(f"{phrase!r}: expected kinds of permanents")
    own = all(p.startswith("all ") for p in parts[1:])
    sels = tuple(parse_np(p[4:] if p.startswith("all ") else p) for p in parts)
    if not own:
        def rest(s: Selector) -> Selector:
            return replace(s, types=(), subtypes=())
        if len({rest(s) for s in sels}) != 1:
            raise DefinitionError(f"{phrase!r}: which parts of the list its words belong to is not read")
    return sels


#: A cost's parts are separated by commas; a comma inside a part's noun phrase ("an artifact, creature, or
#: land") is followed by a lowercase word, one between parts by a capital, a symbol or a loyalty sign (118.1).
_COST_SPLIT = patterns.compile(r",\s*(?=[A-Z{+−-]|\d)")


_QUALITY_ARTICLE = patterns.compile(r"^(?:an?|the) ", re.I)


@lru_cache(maxsize=1024)
def quality_selector(quality: str) -> Selector | None:
    """The selector of a quality an object is said to have ("a Zombie card", "an artifact creature",
    "legendary", "red or green"), or None if the grammar doesn't read it (``parse_np``)."""
    q = _QUALITY_ARTICLE.sub("", quality.strip())
    q = re.sub(r" (?:card|spell)$", "", q, flags=re.I)
    for phrase in (q, q + " permanent"):
        try:
            return parse_np(phrase)
        except DefinitionError:
            continue
    return None


def _card_quality(quality: str) -> Selector:
    """The selector of a card of ``quality`` a cost discards, exiles or reveals ("land", "Dinosaur")."""
    sel = quality_selector(quality)
    if sel is None:
        raise DefinitionError(f"a card of quality {quality!r} is not read")
    return sel


#: Cost parts whose number may be X only in a spell's additional cost (``rules.costs.with_x`` puts
#: the announced X in its place); elsewhere (activation, mana abilities, unless-costs) they stay unread.
_X_ONLY_FOR_SPELLS = ("pay_life", "discard", "exile_from_graveyard", "sacrifice", "return_to_hand")


@lru_cache(maxsize=4096)
def cost_parts(text: str, x_parts: bool = False) -> tuple[CostPart, ...]:
    """An activation cost as a card writes it ("{2}, {T}, Sacrifice a land"); with ``x_parts``, a spell's
    additional cost, whose parts may be X ("Pay X life", "Discard X cards": 107.3, 601.2b)."""
    parts: list[CostPart] = []
    for raw in _COST_SPLIT.split(text.strip()):
        try:
            got = parse(raw.strip(), "cost")
        except DefinitionError:
            raise DefinitionError(f"cost part {raw.strip()!r} is not in the cost vocabulary") from None
        if not x_parts and any(p.kind in _X_ONLY_FOR_SPELLS and p.n == X_COUNT for p in got):
            raise DefinitionError(f"cost part {raw.strip()!r}: an X here is read only in a spell's additional cost")
        parts += got
    return tuple(parts)


# perm: the start symbol of the family's effect sentences (read lazily by ``parser``).
STARTS = STARTS + ("perm_effect",)

# prevent: the start symbol of prevention shields' sentences.
STARTS = STARTS + ("prevent_effect",)

# Damage compounds and prevention add-ons.
STARTS = STARTS + ("damage_compound_effect",)


# ------------------------------------------------------------------ delayed
# Delayed triggered abilities (603.7) and untap steps skipped (502.3): the meaning of the grammar's section of
# the same name, as plain values for ``words.delayed.read``.
class _Delayed:
    def delayed_when(self, c):
        return c[0]

    def dw_next_turn_upkeep(self, _):
        return "next_turn_upkeep"

    def dw_next_upkeep(self, _):
        return "next_upkeep"

    def dw_your_next_upkeep(self, _):
        return "your_next_upkeep"

    def dw_next_end_step(self, _):
        return "next_end_step"

    def dw_your_next_end_step(self, _):
        return "your_next_end_step"

    def dw_next_cleanup_step(self, _):
        return "next_cleanup_step"

    def da_act(self, c):
        return {"act": c[0], "many": c[1]}

    def da_return(self, c):
        return {"act": "return_to_battlefield", "many": c[0]}

    def da_return_counter(self, c):
        return {"act": "return_to_battlefield", "many": c[0], "counter": str(c[2])}

    def dv_exile(self, _):
        return "exile"

    def dv_sacrifice(self, _):
        return "sacrifice"

    def dr_one(self, _):
        return False

    def dr_many(self, _):
        return True

    def untap_skip(self, c):
        return {"subject": c[0], "steps": c[1]}

    def ds_it(self, _):
        return "it"

    def ds_target(self, _):
        return "target"

    def ds_those(self, _):
        return "those"

    def dn_one(self, _):
        return 1

    def dn_two(self, _):
        return 2

    def player_cant(self, c):
        return {"who": c[0], "what": c[1]}

    def dw_target(self, _):
        return "target"

    def dw_opponents(self, _):
        return "opponents"

    def dc_play_lands(self, _):
        return "play_lands"

    def dc_cast_spells(self, _):
        return "cast_spells"

    def dc_cast_creature_spells(self, _):
        return "cast_creature_spells"

    def delayed_draw(self, c):
        return number_word(str(c[0]))

    def us_you(self, c):
        return {"subject": "you", "kinds": c[0]}

    def us_target(self, c):
        return {"subject": "target", "kinds": c[0]}

    def d_kinds(self, c):
        kinds = tuple(sorted({_singular(str(t)).capitalize() for t in c}))
        if not set(kinds) <= {"Land", "Creature", "Artifact"} or any(not str(t).lower().endswith("s") for t in c):
            raise DefinitionError("only lands, creatures and artifacts, in the plural")
        return kinds


DELAYED_STARTS = ("delayed_when", "delayed_act", "untap_skip", "untap_skip_yours", "player_cant", "delayed_draw")
STARTS = STARTS + DELAYED_STARTS


def parse_delayed(text: str, start: str) -> Any:
    """``text`` read from one of the delayed section's start symbols (``DELAYED_STARTS``); DefinitionError if
    the grammar does not read it."""
    from lark.exceptions import VisitError

    tree = parse_tree(text, start)
    try:
        return _meaning(_Delayed, inline=False).transform(tree)
    except VisitError:      # a reading the section's meaning refuses ("only lands, creatures and artifacts")
        raise DefinitionError(f"{text!r} is not in the verifier's vocabulary") from None
# shields: the start symbol of prevention, regeneration and "would die" sentences.
STARTS = STARTS + ("shield_effect",)
# hands: Splinter's search of three zones for cards of one name, and the shuffle after it.
STARTS = STARTS + ("same_name_search", "that_player_shuffles")
# refs: amounts an earlier instruction of the same resolution gives (``words.references.read``).
STARTS = STARTS + ("ref_life",)
# Searching, looking at and revealing libraries (meaning: ``words.library.read``).
STARTS = STARTS + ("looked_more_effect", "search_more_effect", "search_named2", "shuffle_searched_more", "look_x2", "have_shuffle2")


class _RefMeaning:
    """The meaning of the ``ref_life`` rules: {"who", "sign", "equal"} (``words.references.record``: ``life_equal``)."""

    def ref_life_equal(self, who, sign, amount): return {"who": who, "sign": sign, "equal": amount}
    def ref_you(self): return "you"
    def ref_its_controller(self): return "its controller"
    def ref_plus(self, _v): return 1
    def ref_minus(self, _v): return -1
    def ref_stat_of(self, _obj, stat):
        # "converted mana cost" (2018 Oracle text) is mana value (202.3)
        return {"converted mana cost": "mana value"}.get(str(stat).lower(), str(stat).lower())
    def ref_damage(self): return "damage_this_way"
    def ref_life_lost(self): return "life_lost_this_way"


for _name, _fn in vars(_RefMeaning).items():
    if _name.startswith("ref_"):
        setattr(_Meaning, _name, _fn)


# ------------------------------------------------------------------ gains
# Tokens counted by X and tapped tokens: the meaning of the grammar's section of the same name.
_MORE_NUMBERS = {"eleven": 11, "twelve": 12, "thirteen": 13}


class _GainsMeaning:
    """``tokens_create`` -> {"amount": int or "X", "tapped": bool, "token": one token's words}."""

    def tokens_create(self, amount, *rest):
        tapped = len(rest) == 2
        token = str(rest[-1])
        a = str(amount)
        n: Any = "X" if a == "X" else _MORE_NUMBERS.get(a.lower()) or number_word(a)
        plural = bool(re.search(r"\btokens\b", token))
        if plural != (n == "X" or n > 1):
            raise DefinitionError(f"{a!r} with {token!r}: the number of tokens and the noun disagree")
        return {"amount": n, "tapped": tapped, "token": re.sub(r"\btokens\b", "token", token)}


setattr(_Meaning, "tokens_create", _GainsMeaning.tokens_create)
STARTS = STARTS + ("tokens_create",)
# choose: countering with a condition checked on resolution and a choice
# made on resolution (``words.choices.read``).
STARTS = STARTS + ("target_if", "choose_value")


class _ChooseMeaning:
    """The meaning of the ``target_if`` and ``choose_value`` rules: plain values for ``words.choices.read``."""

    def target_if(self, verb, _target, spec, cond): return {"verb": str(verb).lower(), "spec": spec, "cond": cond}
    def cif_quality(self, _its, spec): return ("quality", spec)
    def cif_poisoned(self, *_): return ("poisoned", None)
    def cif_shares_color(self, _article, spec): return ("shares_color", spec)
    def cif_more_creatures(self, *_): return ("more_creatures", None)
    def choose_value(self, _article, kind): return str(kind).lower()


for _name, _fn in vars(_ChooseMeaning).items():
    if _name.startswith(("cif_", "target_if", "choose_value")):
        setattr(_Meaning, _name, _fn)


# ------------------------------------------------------------------ players
# The meaning of the grammar's section "players": more verb phrases of a player's instructions, as acts
# (verb, amount, detail) of the word ``player_acts`` (words.library.record, words.players.record). An amount is a
# number, "X", or a tuple: ("count", the count's words, N) (608.2h: "N for each <count>" / "equal to <count>",
# read by rules.counts) or ("that_many", N) (the cards the act before discarded, minus N).
class _PlayersMeaning:
    def pl_j_comma(self, *_): return "join:comma"

    def pl_where(self, *parts):
        words = " ".join(str(p) for p in parts if isinstance(p, Token) and p.type == "PL_CW")
        r = _Meaning.player_effect(self, *[p for p in parts if not (isinstance(p, Token) and p.type in ("PL_CW",))
                                            and not (isinstance(p, Token) and p.type == "_IS")])
        acts = tuple((a[0], ("where", words)) + a[2:] if a[1] == "X" else a for a in r["acts"])
        if acts == r["acts"] or "'X'" in repr([a[2] for a in acts]):
            raise DefinitionError("'where X is' with no X amount, or an X elsewhere, is not read")
        return {**r, "acts": acts}
    def pl_s_each_other_player(self, *_): return "who:each other player"
    def pl_s_any_players(self, *_): return "who:any number of target players"
    def pl_s_any_opponents(self, *_): return "who:any number of target opponents"

    def pl_item(self, n, kind):
        return (n, kind)

    def pl_kind(self, *parts):
        words = [p[1] for p in parts if isinstance(p, tuple)] + [str(p).lower() for p in parts if isinstance(p, Token)]
        return " ".join(words)

    def _keep(self, parts, scope):
        items = tuple(p for p in parts if isinstance(p, tuple))
        return ("keep", 1, (items, scope))

    def pl_v_keep(self, _v, *parts): return self._keep(parts, "permanent")
    def pl_v_choose(self, _v, item): return ("choose", 1, (item,))
    def pl_v_keep_among(self, _v, scope, *parts): return self._keep(parts, scope)

    def pl_v_keep_from(self, _v, *parts):
        scope = next(p for p in parts if type(p) is str)       # the kind after "from among the" (not a Token)
        return self._keep(parts, scope)

    def pl_v_sacrifice(self, _v, *parts):
        items = tuple(p for p in parts if isinstance(p, tuple))
        return ("sacrifice", 1, items)

    def pl_v_sacrifice_per(self, _v, item, per):
        n, quality = item
        if n != 1:
            raise DefinitionError("a count of several permanents for each is not read")
        return ("sacrifice", ("count", per, 1), ((1, quality),))

    def pl_v_lose_half(self, _v, _poss, rnd): return ("lose_half", 1, str(rnd).lower())
    def pl_for_each(self, *words): return " ".join(str(w) for w in words)
    def pl_equal_to(self, *words): return " ".join(str(w) for w in words)

    def _per(self, verb, n, count, cards=None):
        if cards is not None:
            _Meaning._agree(n, cards) if isinstance(n, int) else None
        if not isinstance(n, int):
            raise DefinitionError("an amount X for each is not read")
        return (verb, ("count", count, n), False)

    def pl_v_draw_per(self, _v, n, cards, count): return self._per("draw", n, count, cards)
    def pl_v_gain_per(self, _v, n, count): return self._per("gain_life", n, count)
    def pl_v_lose_per(self, _v, n, count): return self._per("lose_life", n, count)
    def pl_v_discard_per(self, _v, n, cards, count): return self._per("discard", n, count, cards)
    def pl_v_draw_equal(self, _v, _cards, count): return ("draw", ("count", count, 1), False)
    def pl_v_gain_equal(self, _v, count): return ("gain_life", ("count", count, 1), False)
    def pl_v_lose_equal(self, _v, count): return ("lose_life", ("count", count, 1), False)
    def pl_v_discard_equal(self, _v, _a, _cards, count): return ("discard", ("count", count, 1), False)
    def pl_minus(self, *_): return 1

    def pl_v_gain_that_much(self, _v):
        return ("gain_life", ("that_much", 0), False)        # the life the act before lost (extort, 702.101a)

    def pl_v_draw_that_many(self, _v, *parts):
        minus = next((p for p in parts if isinstance(p, int)), 0)
        return ("draw", ("that_many", minus), False)

    def pl_z_graveyard(self, *_): return ("graveyard",)
    def pl_z_hand_graveyard(self, *_): return ("hand", "graveyard")

    def pl_v_shuffle_in(self, _v, poss, zones, poss2):
        if str(poss).lower() != str(poss2).lower():
            raise DefinitionError("one player's zones shuffled into another's library are not read")
        return ("shuffle_in", 1, zones)

    def pl_v_shuffle_hand(self, _v, _cards, poss, poss2):
        return self.pl_v_shuffle_in(_v, poss, ("hand",), poss2)

    def pl_v_discard_all(self, _v, _poss, _d, quality, _cards): return ("discard_all", 1, quality[1])
    def pl_v_poison(self, _v, n, _c): return ("poison", n, False)
    def pl_v_life_becomes(self, _v, n): return ("life_becomes", int(n), False)
    def pl_v_life_becomes_count(self, _v, *words): return ("life_becomes", ("count", " ".join(map(str, words)), 1), False)
    def pl_v_put_top(self, _v, n, cards, poss, *rest):
        if not isinstance(n, int):
            raise DefinitionError("X cards put from a hand on top of a library are not read")
        _Meaning._agree(n, cards)
        if str(poss).lower() != str(rest[0]).lower():
            raise DefinitionError("one player's cards on top of another's library are not read")
        return ("put_top", n, False)

    def pl_r_battlefield(self, *_): return "battlefield"
    def pl_r_hand(self, *_): return "hand"
    def pl_v_return_all(self, _v, quality, _cards, _poss, to): return ("return_all", 1, (quality[1], to))


for _name, _fn in vars(_PlayersMeaning).items():
    if _name.startswith("pl_") or _name in ("_per", "_keep"):
        setattr(_Meaning, _name, _fn)
