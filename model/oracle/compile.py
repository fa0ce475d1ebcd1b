"""Compile a card's Oracle text (a :class:`~mtgjudge.model.cards.sources.CardRecord`) into the model's card
definition (:class:`~mtgjudge.model.objects.CardDef`): its characteristics from the type line, mana cost and
power/toughness, and each line of rules text into an :class:`Ability` of the encoding's vocabulary, or, where
the grammar does not read it, an unmodelled ability that keeps its text and the scopes it could change
(``oracle.scopes``). No line is ever dropped."""
from __future__ import annotations

import re
from dataclasses import replace

from mtgjudge.model import deadline, patterns
from mtgjudge.model.cards.type_line import parse_type_line
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import ManaSyntaxError, parse_cost
from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.words.conditions.read import continues_paragraph
from mtgjudge.model.oracle.lines import LineContext, compile_line, without_ability_word
from mtgjudge.model.oracle.scopes import declaration_only
from mtgjudge.model.oracle.text import ability_lines
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.parse import parse_static, read_targets, read_trigger
from mtgjudge.model.words.costs.read import overload_cost, overloaded_text

#: Bumped whenever the compiler's output for some text changes: a card store compiled by another version is
#: compiled again from the text it kept.
COMPILER_VERSION = "1"

_LEVEL = patterns.compile(r"^LEVEL \d")


def level_striations(norm: str) -> bool:
    """711.2: a leveler's striations from this line on ("LEVEL 1-3", ...) are static abilities of the permanent,
    giving power, toughness and abilities at some levels only: they function on the battlefield (113.6), and are
    kept unmodelled there (a row of ``narrowing.TABLE``)."""
    return bool(_LEVEL.match(norm))

#: Data layouts -> the model's (``CardDef.layout``).
LAYOUTS = {"normal": "normal", "leveler": "normal", "saga": "normal", "class": "normal", "case": "normal",
           "mutate": "normal", "prototype": "normal", "token": "normal", "host": "normal", "augment": "normal",
           "battle": "normal", "double-faced": "transform", "transform": "transform", "modal_dfc": "modal_dfc",
           "split": "split", "aftermath": "aftermath", "adventure": "adventure", "flip": "flip", "meld": "meld",
           "plane": "normal", "planar": "normal", "phenomenon": "normal", "scheme": "normal", "vanguard": "normal"}


class CompileError(ValueError):
    """A card whose characteristics can't be read (its type line, mana cost or power/toughness)."""


def _number(v: str | None) -> int | None:
    """A printed power or toughness (208.1): a whole number, possibly negative ("-1"); with a star ("*", "1+*",
    "*+1", "7-*") 0, which the card's characteristic-defining ability sets (208.2a). Anything else ("½", "?",
    "∞", "X", a number too long to be printed) can't be read: CompileError, and the card is not modelled."""
    if v is None:
        return None
    if re.fullmatch(r"[+-]?\d{1,9}", v):
        return int(v)
    if re.fullmatch(r"\*|\d{1,9}[+-]\*|\*[+-]\d{1,9}", v):
        return 0
    raise CompileError(f"the power or toughness {v!r} is not a number the verifier reads")


def _join_conditionals(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A spell's paragraph that says what its paragraph before does instead on a condition ("Threshold — ...
    instead if seven or more cards are in your graveyard", ``words.conditions.read.continues_paragraph``) joined to
    that paragraph, so that the two are read together (608.2c)."""
    out: list[tuple[str, str]] = []
    for printed, norm in lines:
        bare = without_ability_word(norm)
        if out and continues_paragraph(bare):
            before_printed, before_norm = out[-1]
            out[-1] = (before_printed + "\n" + printed, before_norm.rstrip() + " " + bare)
        else:
            out.append((printed, norm))
    return out


def compile_face(f: FaceRecord) -> Face:
    """One face: characteristics, then one ability per line of its text."""
    try:
        supers, types, subs = parse_type_line(f.type_line)
    except DefinitionError as e:
        raise CompileError(f"{f.name}: {e}") from None
    try:
        cost = parse_cost(f.mana_cost) if f.mana_cost else None
    except ManaSyntaxError as e:
        raise CompileError(f"{f.name}: mana cost {f.mana_cost!r}: {e}") from None
    ctx = LineContext(spell="Instant" in types or "Sorcery" in types)
    abilities: list[Ability] = []
    read: list[tuple[str, int]] = []
    deadline.check(f"compiling {f.name!r}")
    lines = ability_lines(f.text, f.name, "Legendary" in supers)
    if ctx.spell:
        lines = _join_conditionals(lines)
    compiled: list[tuple[str, str, list[Ability]]] = []
    for i, (printed, norm) in enumerate(lines):
        # compiling a card a question names is part of answering it: it counts against the question's bound
        deadline.check(f"compiling {f.name!r}")
        if level_striations(norm):
            # 711.2: the level striations from here on are one static ability each, giving power, toughness
            # and abilities at some levels only; none of their lines holds unconditionally.
            text = "\n".join(p for p, _ in lines[i:])
            abilities.append(Ability("unmodelled", source_text=text, unmodelled_kind="static", zones=("battlefield",)))
            read.append((text, 1))
            break
        line = compile_line(norm, printed, ctx)
        abilities += line
        read.append((printed, len(line)))
        compiled.append((printed, norm, line))
    overloaded: tuple[Ability, ...] = ()
    found = _overload(compiled, ctx) if ctx.spell and len(compiled) == len(lines) else None
    if found is not None:
        abilities, overloaded = found
    abilities = [read_trigger(read_targets(_read_once(a, f.name, "Legendary" in supers)), f.name) for a in abilities]
    overloaded = tuple(read_targets(a) for a in overloaded)
    loyalty = int(f.loyalty) if f.loyalty is not None and re.fullmatch(r"\d{1,9}", f.loyalty) else None
    return Face(f.name, cost, f.color_indicator, supers, types, subs, _number(f.power), _number(f.toughness),
                tuple(abilities), lines=tuple(read), loyalty=loyalty, overloaded=overloaded)


def _overload(compiled: list[tuple[str, str, list[Ability]]], ctx: LineContext) \
        -> tuple[list[Ability], tuple[Ability, ...]] | None:
    """702.96a: a spell's one line "Overload <mana>" read as its alternative cost (``alternative_cost`` marked
    Overload), with the spell's text as overload changes it ("target" read as "each" in every line,
    ``words.costs.read.overloaded_text``): the face's abilities with that line read, and its abilities changed. Only
    where each changed line is read whole with no target left (702.96b: the overloaded spell has no targets);
    otherwise None and the line stays unmodelled."""
    at = [i for i, (_, norm, _) in enumerate(compiled) if overload_cost(without_ability_word(norm)) is not None]
    if len(at) != 1:
        return None
    printed, norm, _ = compiled[at[0]]
    try:
        static = Ability("static", static=parse_static({"kind": "alternative_cost", "keyword": "Overload",
                                                        "cost": overload_cost(without_ability_word(norm))}),
                         keyword="Overload", source_text=printed)
    except DefinitionError:
        return None
    usual: list[Ability] = []
    changed: list[Ability] = []
    for i, (p, n, line) in enumerate(compiled):
        if i == at[0]:
            usual.append(static)
            changed.append(static)
            continue
        usual += line
        text = overloaded_text(n)
        if text is None:
            return None
        each = line if text == n else compile_line(text, p, ctx)
        if text != n and not all(_read_whole(a) for a in each):
            return None
        changed += each
    return usual, tuple(changed)


def _read_whole(a: Ability) -> bool:
    """A reading of an overloaded line that the engine can follow as its own: modelled, every instruction read
    (no ``other`` words), no target (702.96b) and no modes."""
    return a.kind != "unmodelled" and not a.targets and not a.modes and not a.unread \
        and all(e.kind != "other" for e in a.effects)


def _read_once(a: Ability, name: str, legendary: bool) -> Ability:
    """What the engine asks of a line the compiler does not model, read here, once, so that the engine reads no
    text: an unmodelled triggered ability's condition words (603.2: its first clause, an ability word aside,
    207.2c; a triggered keyword's and a chapter's are the engine's ``trigger_of``), and whether an unmodelled
    static line is a restriction or requirement on declaring attackers or blockers only (508.1c-d, 509.1b-c:
    ``scopes.declaration_only``)."""
    if a.kind != "unmodelled":
        return a
    if a.unmodelled_kind == "triggered" and not a.trigger:
        return replace(a, trigger=without_ability_word(a.source_text).split(",")[0])
    if a.unmodelled_kind == "static" and declaration_only(a.source_text, name, legendary):
        return replace(a, declaration_only=True)
    return a


def compile_card(record: CardRecord, source: str = "") -> CardDef:
    """The card definition of one record. A card whose characteristics can't be read is returned unmodelled
    (``modelled=False``): questions about it answer `unsupported`, naming it."""
    layout = LAYOUTS.get(record.layout)
    try:
        if layout is None:
            raise CompileError(f"{record.name}: the card layout {record.layout!r} is not one the verifier knows")
        faces = tuple(compile_face(f) for f in record.faces)
        # once more at the end: the alarm may have fired in a reading that takes any failure for "not read"
        # (a line then left unmodelled); such a card is never returned, nor kept
        deadline.check(f"compiling {record.name!r}")
    except CompileError:
        return CardDef(tuple(Face(f.name) for f in record.faces), layout=layout or "normal", source=source,
                       modelled=False)
    return CardDef(faces, layout=layout, source=source)
