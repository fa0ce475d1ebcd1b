"""How mana may be spent: restrictions on spending (CR 106.6) and "spend mana as though it were mana of any
color" effects (CR 609.4b, 118.14, 107.4c).

A mana ability's ``spend_only`` text ("cast a multicolored spell", "cast colorless Eldrazi spells or
activate abilities of colorless Eldrazi", "anything but casting a nonartifact spell") is parsed here into a
:class:`Restriction`, and checked against the :class:`Purpose` the mana would be spent on: a spell being
cast, an ability being activated, or a bare cost (``can-pay``), which is neither.
"""
from __future__ import annotations

import re
from functools import lru_cache


from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.mana import TYPES
from mtgjudge.model.rules.layers import current
from mtgjudge.model.selectors import COLOR_WORDS, Selector
from mtgjudge.model.vocab.subtypes import subtype
from mtgjudge.model.lazy_dataclass import dataclass

CARD_TYPE_WORDS = ("artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker", "land", "battle")


@dataclass(frozen=True)
class Purpose:
    """What mana is being spent on (CR 106.6 restrictions are checked against it).

    kind: ``spell`` (casting a spell with these characteristics), ``ability`` (activating an ability of an
    object with these characteristics), ``mana_ability`` (activating a mana ability to make more mana) or
    ``cost`` (a bare cost, as in ``can-pay``: not for casting a spell nor for activating an ability).
    """

    kind: str
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    label: str = ""
    #: Why the spell's colors are not known ("" when they are): an effect the model doesn't have could change the
    #: colors of spells and cards off the battlefield (Celestial Dawn's "The same is true for spells you control
    #: and nonland cards you own that aren't on the battlefield"). Whatever reads them is then unsupported.
    colors_unknown: str = ""

    def fits(self, sel: Selector, chosen_type: str | None = None) -> bool:
        """Does the spell or object fit ``sel`` (its types, subtypes and colors)?"""
        if self.colors_unknown and sel.reads_colors():
            raise Unsupported(self.colors_unknown)
        return sel.fits(self.types, self.subtypes, (), self.colors, chosen_type)

    def describe(self) -> str:
        if self.kind == "cost":
            return "a cost that is not for casting a spell or activating an ability"
        return self.label or self.kind


@dataclass(frozen=True)
class Restriction:
    """A restriction on spending mana (CR 106.6), parsed from ``spend_only``.

    ``spells``: the mana may be spent to cast spells matching it; ``abilities``: to activate abilities of
    objects matching it; ``negated``: the text forbids rather than allows ("can't be spent to cast a
    nonartifact spell"), so everything else is allowed.
    """

    text: str
    spells: Selector | None = None
    abilities: Selector | None = None
    negated: bool = False

    def allows(self, purpose: Purpose, chosen_type: str | None = None) -> bool:
        """May mana with this restriction be spent on ``purpose``?"""
        hit = False
        if purpose.kind == "spell" and self.spells is not None:
            hit = purpose.fits(self.spells, chosen_type)
        elif purpose.kind in ("ability", "mana_ability") and self.abilities is not None:
            hit = purpose.fits(self.abilities, chosen_type)
        return not hit if self.negated else hit


_COLOR_LETTERS = {word: letter for letter, word in COLOR_WORDS.items()}


def spells_phrase(words: str) -> Selector:
    """Read a phrase naming spells or sources as a restriction writes it: "colorless Eldrazi spells",
    "multicolored spell", "creature spell of the chosen type", "nonartifact spell", "white spells" (one color word)."""
    chosen = words.strip().lower().endswith(" of the chosen type")
    types: list[str] = []
    not_types: list[str] = []
    subtypes: list[str] = []
    multi = colorless = False
    colors: list[str] = []
    for orig in words.replace(" of the chosen type", "").split():
        lw = orig.lower()
        if lw in ("a", "an", "spell", "spells", "permanent", "permanents", "source", "sources"):
            continue
        base = lw[:-1] if lw.endswith("s") and lw[:-1] in CARD_TYPE_WORDS else lw
        if base in CARD_TYPE_WORDS:
            types.append(base.capitalize())
        elif base.startswith("non") and base[3:] in CARD_TYPE_WORDS:
            not_types.append(base[3:].capitalize())
        elif lw == "multicolored":
            multi = True
        elif lw == "colorless":
            colorless = True
        elif lw in _COLOR_LETTERS and not colors:
            colors.append(_COLOR_LETTERS[lw])      # "white spells" (Grand Arbiter Augustin IV); one color word
        elif orig[:1].isupper() and subtype(orig) is not None:
            # a subtype of 205.3 only ("Historic spells", "Face-down creature spells" name none)
            subtypes.append(subtype(orig) or orig)
        else:
            raise DefinitionError(f"spend_only: the word {orig!r} is not in the restriction vocabulary")
    if colors and (multi or colorless):
        raise DefinitionError(f"spend_only: {words!r} names colors twice")
    return Selector(types=tuple(types), not_types=tuple(not_types), subtypes=tuple(subtypes), multicolored=multi,
                    colorless=colorless, chosen_type=chosen, colors=tuple(colors))


@lru_cache(maxsize=None)
def parse_restriction(text: str) -> Restriction | None:
    """Parse a ``spend_only`` text; ``""`` is no restriction.

    Forms: ``cast <spells>``, ``activate abilities of <objects>``, both joined by `` or ``, and
    ``anything but casting <spells>`` (Powerstone: "This mana can't be spent to cast a nonartifact spell").
    """
    t = text.strip().rstrip(".")
    # A further effect of the mana ("and that spell can't be countered") doesn't restrict spending.
    t = re.sub(r",? and that spell can't be countered$", "", t)
    if not t:
        return None
    m = re.fullmatch(r"anything but casting (.+)", t, re.I)
    if m:
        return Restriction(text, spells=spells_phrase(m.group(1)), negated=True)
    spells = abilities = None
    for part in re.split(r"\s+or\s+(?=activate|cast)", t):
        m1 = re.fullmatch(r"cast (.+)", part, re.I)
        m2 = re.fullmatch(r"activate abilities of (.+)", part, re.I)
        if m1:
            spells = spells_phrase(m1.group(1))
        elif m2:
            abilities = spells_phrase(m2.group(1))
        else:
            raise DefinitionError(f"spend_only: {text!r} is not a restriction the verifier can read "
                                  "(cast ..., activate abilities of ..., anything but casting ...)")
    return Restriction(text, spells=spells, abilities=abilities)


# ------------------------------------------------------------------- spending as though of another type

@dataclass(frozen=True)
class SpendAs:
    """An effect that lets a player spend mana as though it were of another type (CR 609.4b).

    ``mana``: the types of mana it applies to; ``any_color``: that mana may pay colored symbols of every
    color (it still never pays {C}, CR 107.4c); ``only_colorless``: that mana may be spent only as though it
    were colorless mana (Celestial Dawn's "You may spend other mana only as though it were colorless mana"):
    it pays generic costs and {C} (118.14 reads spending "as though it were colorless mana" as paying what
    colorless mana pays), never a colored symbol, its own color included.
    """

    source: str
    mana: str
    any_color: bool = False
    only_colorless: bool = False


#: The static words this module gives meaning to.
SPENDING_WORDS = ("spend_as_any_color", "spend_only_as_colorless")


def spend_as_effects(state, player: str) -> list[SpendAs]:
    """The "spend as though" effects that apply to ``player`` now (static abilities of permanents they
    control; "You may spend ...")."""
    out: list[SpendAs] = []
    for o in state.battlefield(player):
        for a in current(state, o.id).abilities:
            if a.kind == "static" and a.static is not None and a.static.kind in SPENDING_WORDS:
                mana = (a.static.arg("mana", "") or TYPES).upper()
                if a.static.kind == "spend_only_as_colorless":
                    out.append(SpendAs(o.id, mana, only_colorless=True))
                else:
                    out.append(SpendAs(o.id, mana, any_color=True))
    # One effect lets a type of mana be spent as though of any color, another only as though colorless: how the
    # two combine is not stated by 609.4b (nor by a ruling in the card data), so it is not guessed.
    both = {t for e in out if e.any_color for t in e.mana} & {t for e in out if e.only_colorless for t in e.mana}
    if both:
        raise Unsupported(f"{player} may spend {', '.join(sorted(both))} mana as though it were mana of any color by "
                          f"one effect and only as though it were colorless mana by another: their combination is "
                          f"not modelled (609.4b)")
    return out
