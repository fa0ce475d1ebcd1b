"""Abilities as data (CR 113, 602, 605): costs, effects, mana production, statics and triggers, as the values a
card definition compiles to. ``Ability.text`` renders an ability back in Oracle-like words: what
``mtgjudge cards show`` prints and what a question's ``ability: "{T}: Add"`` is matched against.

The words these values use (static kinds, effect kinds, cost parts) are records of ``model.vocab.words``;
parsing a definition into these values is ``model.vocab.parse``.
"""
from __future__ import annotations

import re
from dataclasses import field, replace
from typing import TYPE_CHECKING, Any

from mtgjudge.model.mana import COLOR_NAMES, COLORS, Symbol, format_cost
from mtgjudge.model.selectors import Selector, TargetSpec
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.subtypes import IRREGULAR
from mtgjudge.model.words.cycling import record as cycling
from mtgjudge.model.words.graveyard_abilities import record as graveyard_abilities
from mtgjudge.model.words.optional.record import upkeep_keyword_form
from mtgjudge.model.lazy_dataclass import dataclass

if TYPE_CHECKING:
    from mtgjudge.model.vocab.words import Word

KEYWORDS = ("Haste", "Flying", "Defender", "Trample", "Indestructible", "Vigilance", "Reach", "Deathtouch",
            "Lifelink", "Infect", "Wither", "First strike", "Double strike", "Menace", "Flash", "Hexproof", "Shroud",
            "Convoke", "Delve", "Improvise",   # 702.51, 702.66, 702.126: alternatives to paying mana
            "Devoid", "Changeling",            # 702.114, 702.73: characteristic-defining (rules.characteristics)
            "Split second",                    # 702.61: on the stack (rules.timing.split_second_requirement)
            "Rebound",                         # 702.88a: performed as the spell resolves (words.delayed.perform.rebound)
            "Banding",                         # 702.22: declaring (rules.combat.declare); its damage is not performed
            "Unleash",                         # 702.98a: entering (engine.unleash) and declaring (rules.combat.declare)
            "Umbra armor",                     # 702.89a: a replacement of destruction (engine.shields.umbra_armor);
                                               # "Totem armor" is its older name (702.89b)
            # evasion (702.13, 702.14, 702.28, 702.31, 702.36, 702.118): only declaring blockers reads them
            # (rules.combat.declare)
            "Fear", "Intimidate", "Shadow", "Horsemanship", "Skulk",
            "Plainswalk", "Islandwalk", "Swampwalk", "Mountainwalk", "Forestwalk")

#: Protection's qualities (702.16a) as the encoding keeps them: a color's letter, a card type ("Creature"), a
#: subtype ("Goblin"), ``everything`` (702.16j) or a count of colors (105.2b-c); the words of Oracle text for them.
PROTECTION_TYPES = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
                    "instants": "Instant", "lands": "Land", "planeswalkers": "Planeswalker", "sorceries": "Sorcery",
                    "battles": "Battle"}
PROTECTION_WORDS = ("everything", "multicolored", "monocolored")
_TYPE_PLURALS = {v: k for k, v in PROTECTION_TYPES.items()}


def subtype_plural(sub: str) -> str:
    """A subtype as a protection's quality writes it: "Goblins", "Elves"."""
    return next((p for p, one in IRREGULAR.items() if one == sub), sub + "s")


def quality_name(q: str) -> str:
    """A protection's quality in words: "black", "creatures", "Goblins", "everything"."""
    if q in COLOR_NAMES:
        return COLOR_NAMES[q]
    if q in _TYPE_PLURALS:
        return _TYPE_PLURALS[q]
    return q if q in PROTECTION_WORDS else subtype_plural(q)


def protection_text(qualities: tuple[str, ...]) -> str:
    """The keyword as Oracle text writes it, from its qualities: "Protection from black and from red"."""
    if len(qualities) == 5 and set(qualities) == set(COLORS):
        return "Protection from all colors"
    return "Protection " + " and ".join("from " + quality_name(q) for q in qualities)


#: ``CostPart.n`` / ``ManaProduction.amount`` value meaning "X" (chosen on activation, CR 107.3).
X_COUNT = -1


#: How Oracle text writes a count of objects (cards, counters, tokens): in words up to twenty.
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def count_word(n: int) -> str:
    """A count of objects as Oracle text writes it: "a", "two", ..., "X"."""
    if n == 1:
        return "a"
    if n == X_COUNT:
        return "X"
    return NUMBER_WORDS[n] if isinstance(n, int) and 0 <= n < len(NUMBER_WORDS) else str(n)


@dataclass(frozen=True)
class CostPart:
    """One part of a cost (CR 118, 602.1a). ``kind`` says which; the other fields are its parameters."""

    kind: str                          # mana | tap | untap | pay_life | sacrifice | sacrifice_self |
                                       # remove_counters | tap_untapped | discard | exile_from_graveyard |
                                       # loyalty (606.4: n is +N or -N; counter "X" for -X) | discard_self |
                                       # exile_self_from_graveyard | exile_self_from_hand | put_counters |
                                       # return_to_hand | exile_from_hand | reveal_from_hand
    mana: tuple[Symbol, ...] = ()
    n: int = 1
    what: Selector | None = None
    counter: str = ""
    # "Sacrifice an artifact or creature": other kinds of permanent that may pay the part too,
    # each permanent paying it fitting ``what`` or one of these (``payment.problem.part_fits``)
    alternatives: tuple[Selector, ...] = ()
    at_random: bool = False            # "Discard a card at random" (701.9b)

    def text(self) -> str:
        k = self.kind
        if k == "mana":
            return format_cost(self.mana)
        if k == "tap":
            return "{T}"
        if k == "untap":
            return "{Q}"
        if k == "pay_life":
            return f"Pay {count_word(self.n) if self.n == X_COUNT else self.n} life"
        if k == "sacrifice_self":
            return "Sacrifice this"
        if k == "sacrifice":
            # 701.21a: only one's own permanents are sacrificed, so the words say no controller
            what = _own(self.what.describe()) if self.what else "permanent"
            if self.n > 1 or self.n == X_COUNT:
                what = plural_noun(what)
            return f"Sacrifice {count_word(self.n)} {what}" + "".join(
                f" or {_own(alt.describe())}" for alt in self.alternatives)
        if k == "remove_counters":
            if self.n == X_COUNT:
                return f"Remove X {self.counter} counters from this"
            return f"Remove {count_word(self.n)} {self.counter} counter{'s' if self.n > 1 else ''} from this"
        if k == "tap_untapped":
            # The selector already says "untapped" (the cost can only tap untapped permanents).
            what = self.what.describe() if self.what else "untapped creature you control"
            return f"Tap {'an' if what[0] in 'aeiou' else 'a'} {what}" if self.n == 1 else \
                f"Tap {count_word(self.n)} {plural_noun(what)}"
        if k == "crew":
            return f"Tap any number of other untapped creatures you control with total power {self.n} or greater"
        if k == "discard":
            return (f"Discard {count_word(self.n)} {self.what.describe() + ' ' if self.what else ''}"
                    f"card{'s' if self.n > 1 or self.n == X_COUNT else ''}" + (" at random" if self.at_random else ""))
        if k == "exile_from_graveyard":
            return (f"Exile {count_word(self.n)} {self.what.describe() + ' ' if self.what else ''}"
                    f"card{'s' if self.n > 1 or self.n == X_COUNT else ''} from your graveyard")
        if k == "loyalty":
            return "−X" if self.counter == "X" else (f"+{self.n}" if self.n > 0 else ("0" if self.n == 0 else f"−{-self.n}"))
        if k == "discard_self":
            return "Discard this card"
        if k == "exile_self_from_graveyard":
            return "Exile this card from your graveyard"
        if k == "exile_self_from_hand":
            return "Exile this card from your hand"
        if k == "exile_from_hand":
            # the quality of a card, not of a permanent ("a blue card", not "a blue permanent card")
            what = self.what.describe().removesuffix(" permanent") if self.what else ""
            return f"Exile {count_word(self.n)} {what + ' ' if what else ''}card{'s' if self.n > 1 else ''} from your hand"
        if k == "reveal_from_hand":
            what = self.what.describe() if self.what else ""
            return f"Reveal {count_word(self.n)} {what + ' ' if what else ''}card{'s' if self.n > 1 else ''} from your hand"
        if k == "put_counters_on":
            what = self.what.describe() if self.what else "permanent you control"
            return (f"Put {count_word(self.n)} {self.counter} counter{'s' if self.n > 1 else ''} on "
                    f"{'an' if what[0] in 'aeiou' else 'a'} {what}")
        if k == "put_counters":
            return f"Put {count_word(self.n)} {self.counter} counter{'s' if self.n > 1 else ''} on this"
        if k == "return_to_hand":
            what = self.what.describe() if self.what else "permanent you control"
            return f"Return {count_word(self.n) if self.n > 1 or self.n == X_COUNT else ('an' if what[0] in 'aeiou' else 'a')} {what} to its owner's hand"
        return k

    def render(self) -> str | None:
        """The part as the model understood it (None: a kind the renderer cannot say)."""
        t = self.text()
        return None if t == self.kind and self.kind not in ("mana", "tap", "untap") else t


def _own(words: str) -> str:
    return words.removesuffix(" you control")


#: Plurals of the nouns of card and creature types that do not just take "s".
_PLURALS = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves", "Fungus": "Fungi",
            "Octopus": "Octopuses", "Sphinx": "Sphinxes", "Fox": "Foxes", "Ox": "Oxen", "Mouse": "Mice",
            "Homunculus": "Homunculi", "Cyclops": "Cyclopes", "Harpy": "Harpies", "Faerie": "Faeries",
            "Myr": "Myr", "Sliver": "Slivers", "Moonfolk": "Moonfolk", "Kithkin": "Kithkin", "Merfolk": "Merfolk"}


def plural_noun(words: str) -> str:
    """"untapped Wizard you control" -> "untapped Wizards you control": the phrase's noun made plural."""
    tail = ""
    for qualifier in (" of the chosen type", " that aren't of the chosen type", " with ", " without "):
        if qualifier in words:
            words, rest = words.split(qualifier, 1)
            tail = qualifier + rest
            break
    for suffix in (" you control", " an opponent controls", " you don't control", " your opponents control"):
        if words.endswith(suffix):
            words, tail = words[: -len(suffix)], suffix + tail
    if words.startswith("another "):
        words = "other " + words[len("another "):]        # "another creature" -> "other creatures"
    head, _, noun = words.rpartition(" ")
    if noun in _PLURALS:
        noun = _PLURALS[noun]
    elif noun.endswith(("s", "x", "ch", "sh")):
        noun += "es"
    elif noun.endswith("y") and noun[-2:-1] not in "aeiou":
        noun = noun[:-1] + "ies"
    else:
        noun += "s"
    return (head + " " if head else "") + noun + tail


def cost_text(cost: tuple[CostPart, ...]) -> str:
    return ", ".join(p.text() for p in cost)


def render_cost(cost: tuple[CostPart, ...]) -> str | None:
    """A cost as the model understood it, its parts in order; None if a part can't be said."""
    parts = [p.render() for p in cost]
    return None if any(p is None for p in parts) else ", ".join(p for p in parts if p is not None)


def _sentence(text: str) -> str:
    """A rendered clause as a sentence: capitalized, with its final period."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "\"", "—")) else ".")


#: How a marker word says that it is on the instruction after it.
_NEXT = "(the next instruction)"
_ALL_OF = re.compile(r"\b(?:all|each)\b", re.I)
#: Marker words that make the instruction after them optional or conditional (608.2c-d), as they lead it.
_LEADS = {"optional": "You may", "if_you_do": "If you do,", "if_you_dont": "If you don't,"}
#: How an instruction said to "you" is said of "its controller" (608.2h: ``words.references``' marker).
_OF_ITS_CONTROLLER = (("You gain ", "gains "), ("You lose ", "loses "), ("Create ", "creates "), ("Draw ", "draws "),
                      ("Investigate", "investigates"))


_OF_ITS_CONTROLLER_LEAD = "(its controller)"


def _said_of_its_controller(said: str) -> str | None:
    for you, them in _OF_ITS_CONTROLLER:
        if said.startswith(you):
            return "Its controller " + them + said[len(you):]
    return None


def render_effects(effects: tuple["Effect", ...]) -> str | None:
    """Effects as sentences ("Draw a card. You lose 1 life."), a marker word ("You may", "If you do,") leading
    the instruction it is on; None if one can't be said."""
    out: list[str] = []
    lead = ""
    tail = ""
    instead = ""       # "If this spell was kicked, <the next instruction with other numbers> instead." after it
    for e in effects:
        if e.kind == "kicked_instead":
            inner = e.arg("effect").render() if e.arg("effect") is not None else None
            if not inner:
                return None
            inner = inner.strip().rstrip(".")
            inner = "it" + inner[len("This"):] if inner.startswith("This ") else inner[:1].lower() + inner[1:]
            # the target chosen as it was cast, named back (the kicked sentence's own words, 608.2c)
            inner = re.sub(r"\btarget (creature|player|permanent|land|artifact|spell)\b", r"that \1",
                           inner.replace(" to any target", ""))
            instead = f"If this spell was kicked, {inner} instead."
            continue
        if e.kind in _LEADS:
            lead = (lead + " " if lead else "") + _LEADS[e.kind]
            continue
        if e.kind == "its_controller":
            lead = (lead + " " if lead else "") + _OF_ITS_CONTROLLER_LEAD
            continue
        said = e.render()
        if not said:
            return None
        said = said.strip().rstrip(".")
        if said.startswith(_NEXT):     # said after the instruction it is on ("... unless you pay {2}", 118.12a)
            tail += said[len(_NEXT):]
            continue
        if lead.endswith(_OF_ITS_CONTROLLER_LEAD):
            of_them = _said_of_its_controller(said)
            if of_them is None:
                return None
            lead, said = lead[: -len(_OF_ITS_CONTROLLER_LEAD)].rstrip(), of_them
            if lead:
                said = said[:1].lower() + said[1:]
        if said.endswith(_NEXT):       # a condition on the instruction after it ("If it's a Human, ...")
            lead = (lead + " " if lead else "") + said[: -len(_NEXT)].rstrip()
            continue
        if e.kind == "shuffle" and not e.arg("may") and not e.arg("if_done") and out and \
                out[-1].startswith(("Search", "You may search")) and "shuffle" not in out[-1]:
            out[-1] = out[-1].rstrip(".") + ", then shuffle."      # 701.24a: the search's own shuffle
            continue
        if e.kind == "no_regeneration" and out and len(effects) > 1 and _ALL_OF.search(out[-1]):
            said = "They can't be regenerated"       # after "Destroy all creatures" (701.19c)
        if lead:
            if lead.endswith("You may") and said.startswith("This deals"):
                said = "have this deal" + said[len("This deals"):]     # "You may have ~ deal 1 damage"
            said = lead + " " + said[:1].lower() + said[1:]
            lead = ""
        out.append(_sentence(said + tail))
        tail = ""
        if instead:
            out.append(instead)
            instead = ""
    if lead or tail or instead or not out:
        return None        # a marker with no instruction after it
    return " ".join(out)


@dataclass(frozen=True)
class Effect:
    """One effect of a spell or ability: a word of the effect family and its arguments (validated)."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()
    word: "Word | None" = field(default=None, compare=False, repr=False)

    def arg(self, key: str, default: Any = None) -> Any:
        return dict(self.args).get(key, default)

    def text(self) -> str:
        return self.word.render(dict(self.args)) if self.word is not None else self.kind

    def render(self) -> str | None:
        """The effect as its word says it (None: no word, or the word cannot say these arguments)."""
        if self.word is None:
            return None
        if self.word.text_only:
            # a sentence the model keeps as words and does not read: said as such, never as understood
            return f"[not read: {self.arg('text', '')}]"
        try:
            return self.word.render(dict(self.args)) or None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None


@dataclass(frozen=True)
class StaticEffect:
    """A static ability's effect (CR 604): a word of the static family and its arguments; ``affects``
    selects the objects it applies to (None: the object itself)."""

    kind: str
    affects: Selector | None = None
    args: tuple[tuple[str, Any], ...] = ()
    word: "Word | None" = field(default=None, compare=False, repr=False)

    def arg(self, key: str, default: Any = None) -> Any:
        return dict(self.args).get(key, default)

    def text(self) -> str:
        return self.word.render(self) if self.word is not None else self.kind

    def render(self) -> str | None:
        """The static effect as its word says it (None: no word, or the word cannot say these arguments)."""
        if self.word is None:
            return None
        try:
            return self.word.render(self) or None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None


@dataclass(frozen=True)
class ManaProduction:
    """What a mana ability adds (CR 106.1, 605.1a).

    mode:
      ``fixed``        exactly ``fixed`` (a tuple of type letters, e.g. ("G", "G")).
      ``one_type``     ``amount`` mana, all of one type chosen from ``choices`` ("Add {R} or {G}";
                       "two mana of any one color").
      ``combination``  ``amount`` mana, each of any type in ``choices`` ("any combination of colors").
      ``options``      one of ``options``, each fixed mana ("Add {W}{W}, {W}{U}, or {U}{U}").
      ``reflect``      one mana of any type (or color, ``reflect_colors_only``) that the permanents
                       ``reflect`` selects could produce (CR 106.7); ``reflect_sacrificed`` for "the
                       sacrificed land".
      ``chosen_color`` ``amount`` mana of the color chosen for the object (``chosen: {color: G}``).
      ``color_of``     one mana of a color of a permanent ``color_of`` selects (Meteor Crater; none if no
                       such permanent is colored, CR 106.5).
      ``colors_among`` one mana of each color among the permanents ``color_of`` selects (Bloom Tender).
      ``color_of_card`` one mana of a color of a card in its controller's ``card_zone`` ("a card in your
                       graveyard": Corrupted Grafstone; none if no such card is colored, 106.5).
      ``produced_type`` (triggered mana abilities) one mana of any type the triggering permanent produced.
      ``double_pool``  double the amount of each type of unspent mana (Doubling Cube, CR 106.6 example).
    ``per``: when given, the amount is multiplied by the number of permanents it selects ("for each");
    ``per_power``: by the permanent's own power (0 if it is 0 or less, 107.1b).
    ``amount`` may be ``X_COUNT``: X, the number of counters removed to pay the cost (Calciform Pools);
    ``x_plus``: then the amount is X plus that many (Mana Battery: "Add {R}, then add an additional {R} for each
    charge counter removed this way"; X may then be 0).
    ``instead_if`` / ``instead``: a self-replacement (CR 614.15) "If <condition>, add <instead> instead";
    conditions: ``played_land_this_turn``; ``control``: you control a permanent of each of ``instead_control``.
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
    options: tuple[tuple[str, ...], ...] = ()
    x_plus: int = 0
    instead_control: tuple[tuple[Selector, ...], ...] = ()   # instead_if "control": for each permanent you
                                                              # must control, what it must match (all of them)
    per_power: bool = False          # "an amount of {G} equal to this's power" (``fixed`` one symbol)
    per_life: bool = False           # "X mana ..., where X is your life total" (107.3a)
    per_greatest_power: Selector | None = None   # "..., where X is the greatest power among <permanents>"
    per_devotion: str = ""           # "equal to your devotion to green" (a color letter; "chosen": the color chosen)
    per_card_in: tuple[str, Selector] | None = None   # "for each black creature card in your graveyard": (zone, what)
    per_domain: bool = False         # "X is the number of basic land types among lands you control"
    instead_counter: str = ""        # instead_if "counter": it has a counter of this kind
    instead_production: ManaProduction | None = None   # what it adds then ("instead add one mana of any color")

    @property
    def amount_from_game(self) -> bool:
        """Does the amount depend on the game beyond the permanent itself (its controller's life, other
        permanents' power)? Other mana abilities activated meanwhile (paying life, sacrificing) could change it."""
        return (self.per_life or self.per_greatest_power is not None or bool(self.per_devotion)
                or self.per_card_in is not None or self.per_domain or self.mode == "colors_among")

    def text(self) -> str:
        each = ""
        if self.per_power:
            return "Add an amount of " + "".join("{%s}" % t for t in self.fixed) + " equal to this's power"
        if self.per is not None:
            each = f" for each {self.per.describe()}"
        if self.per_counter:
            each = f" for each {self.per_counter} counter on this"
        if self.per_devotion:
            each = " for each point of your devotion to " + ("that color" if self.per_devotion == "chosen" else
                                                             "{%s}" % self.per_devotion)
        if self.instead_production is not None:
            return (ManaProduction(self.mode, fixed=self.fixed, choices=self.choices, amount=self.amount).text() +
                    f". If this has a {self.instead_counter} counter on it, instead "
                    + self.instead_production.text()[0].lower() + self.instead_production.text()[1:])
        if self.per_card_in is not None:
            each = f" for each {self.per_card_in[1].describe()} card in your {self.per_card_in[0]}"
        if self.per_domain:
            each = " for each basic land type among lands you control"
        if self.mode == "colors_among":
            assert self.color_of is not None
            return f"For each color among {self.color_of.describe()}, add one mana of that color"
        if self.per_life:
            each = " for each point of your life total"
        if self.per_greatest_power is not None:
            each = f" for each point of the greatest power among {self.per_greatest_power.describe()}"
        if self.mode == "fixed":
            return "Add " + "".join("{%s}" % t for t in self.fixed) + each
        if self.mode == "one_type":
            if self.choices == COLORS and self.amount == 1 and each:
                return f"Choose a color. Add one mana of that color{each}"
            if self.choices == COLORS:
                what = "one mana" if self.amount == 1 else f"{_amount_word(self.amount)} mana"
                return f"Add {what} of any {'one ' if self.amount > 1 else ''}color" + each
            if self.amount == 1:
                symbols = ["{%s}" % c for c in self.choices]
                listed = " or ".join(symbols) if len(symbols) < 3 else ", ".join(symbols[:-1]) + ", or " + symbols[-1]
                return "Add " + listed + each
            return f"Add {self.amount} mana of any one type among " + "".join("{%s}" % c for c in self.choices)
        if self.mode == "options":
            words = ["".join("{%s}" % t for t in o) for o in self.options]
            return "Add " + ", ".join(words[:-1]) + (", or " if len(words) > 2 else " or ") + words[-1] + each
        if self.mode == "combination":
            if self.choices == COLORS:
                return f"Add {_amount_word(self.amount)} mana in any combination of colors" + each
            return f"Add {self.amount} mana in any combination of " + " and/or ".join("{%s}" % c for c in self.choices) + each
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

    def render(self) -> str:
        """What it adds as the model understood it (the text with its self-replacement and X)."""
        return self.full_text()

    def full_text(self) -> str:
        """The text with its self-replacement and X, as on the card."""
        t = self.text()
        if self.amount == X_COUNT:
            t = t.replace(f"Add {X_COUNT} mana", f"Add X plus {self.x_plus} mana" if self.x_plus else "Add X mana")
        if self.instead_if == "played_land_this_turn":
            t += ". If you played a land this turn, add " + "".join("{%s}" % c for c in self.instead) + " instead"
        if self.instead_if == "control":
            t += (". If you control " + " and ".join("a " + " ".join(s.subtypes[0] for s in group) for group in self.instead_control) + ", add "
                  + "".join("{%s}" % c for c in self.instead) + " instead")
        return t


def _amount_word(n: int) -> str:
    return "one" if n == 1 else count_word(n)


def _article(sel: Selector) -> str:
    d = sel.describe()
    return ("an " if d[0] in "aeiou" else "a ") + d


@dataclass(frozen=True)
class TriggerEvent:
    """A trigger condition the engine watches for (CR 603.2). ``event``: ``enters``, ``dies``, ``leaves``
    (zone changes, 603.6a, 603.10a), ``cast`` (603.2e: when the spell becomes cast, 601.2i), ``cast_targeting``
    (heroic: its controller casts a spell whose targets, chosen as it was cast, 601.2c, include the object
    itself; ``who`` ``you``), ``upkeep`` or
    ``end`` (the beginning of that step of its controller's turn, 503.1a, 513.1a), ``becomes_tapped`` (the object
    itself changes from untapped to tapped on the battlefield, 603.2e), ``becomes_target`` (the object itself is
    chosen as a target of a spell as it is cast or of an ability as it is activated, 601.2c, 602.2b:
    ``engine.triggers.triggered_by_targeting``), ``attacks``, ``attacks_alone``, ``attacks_most_life`` (702.105a: it
    attacks a player no player has more life than as attackers are declared), ``blocks``,
    ``becomes_blocked``, ``blocks_creature``, ``blocked_by_creature``, ``combat_damage_player``, ``combat_damage_creature`` (once for each
    creature it dealt combat damage, 510.2), ``deals_damage`` (the
    object's own damage, once for all it deals at once; 603.2) (508.3a, 506.5,
    509.3a-d, 510.3a: combat events,
    ``engine.triggers.triggered_by_combat``; ``combat``: a combat condition not read), ``cycles`` ("When you
    cycle ~", 702.29c: the card is discarded to pay its cycling ability's cost, ``words.cycling.perform.cycled``),
    ``chapter`` (a Saga's chapter ability N, 714.2b: ``words.sagas.perform``), ``haunted_dies`` ("the creature it haunts dies", 702.55c:
    no card haunts a creature in the engine's games, since Haunt's own trigger is not performed), ``turned_face_up``
    (702.37e: the engine turns no permanent face up), ``last_counter_removed`` (the last ``counter`` counter is
    removed from the object itself, 702.63a: ``engine.triggers.triggered_by_last_counter``), ``exiled_by_madness``
    (702.35a: the card itself exiled by its madness as it is discarded, ``engine.kernel.players.discard_one``),
    ``explores`` (701.44b: the permanent explored, ``engine.triggers.explore_triggered``),
    ``control_none`` (603.8: a state trigger, "When you control no Islands": its controller controls no permanent
    ``what`` names, checked after every event by ``engine.triggers.state_triggered``; ``who`` ``you``). ``who``: whose zone
    change: ``self`` (the object with the ability), ``other`` ("another ...": any other matching object),
    ``self_or_other`` ("~ or another ..."), ``any`` (any matching object, itself included); for ``cast``,
    ``you``: the spell's caster must be the ability's controller; for steps, ``you``: on its controller's
    turn, ``each``: on every player's turn (``the``: said "the end step", 513.1a's wording), ``opponent``: on its controller's opponents' turns. ``what``: what the other objects or the spell must be (a noun phrase read by ``vocab.phrases``)."""

    event: str
    who: str = "self"
    what: "TargetSpec | None" = None
    also: str = ""      # a second event of the same object ("When ~ enters or dies"): either triggers it
    n: int = 0          # ``chapter``: the chapter number N (714.2b: lore counters on the Saga became at least N)
    counter: str = ""   # ``last_counter_removed``: the kind (702.63a: "When the last time counter is removed from ~")
    without: str = ""   # ``blocked_by_creature``: a keyword the blocker must not have (702.25a: "without flanking")
    the: bool = False   # ``end``, ``each``: said "the end step" (513.1a's wording), which means each end step
    #: ``dies``: only a permanent this object dealt damage to this turn ("a creature dealt damage by ~ this turn")
    dealt_damage_by_self: bool = False

    def on(self, event: str) -> bool:
        """Does ``event`` meet this condition (its event, or the second one)?"""
        return event == self.event or (bool(self.also) and event == self.also)

    def render(self) -> str | None:
        """The condition as the model understood it ("When ~ enters", "At the beginning of your upkeep");
        None for an event or subject the renderer cannot say."""
        what = _spec_words(self.what) if self.what is not None else ""
        if self.event in _STEPS:
            whose = {"you": "your", "each": "the" if self.the else "each", "opponent": "each opponent's"}.get(self.who)
            return None if whose is None else f"At the beginning of {whose} {_STEPS[self.event]}"
        if self.event == "cast_targeting":
            return "Whenever you cast a spell that targets ~" if self.who == "you" else None
        if self.event == "cast":
            if self.who == "self":
                return "When you cast ~"
            spell = _with_article(what + " spell") if what else "a spell"
            if self.what is not None and not what:
                spell = "a spell"
            return f"Whenever {'you cast' if self.who == 'you' else 'a player casts'} {spell}"
        if self.event == "cycles":
            return "When you cycle ~" if self.who == "self" else None
        if self.event == "chapter":
            return roman(self.n) if 0 < self.n <= len(_ROMAN) else None
        if self.event == "haunted_dies":
            return "When the creature ~ haunts dies"
        if self.event == "exiled_by_madness":
            return "When this card is exiled this way" if self.who == "self" else None   # 702.35a
        if self.event == "control_none":
            # 603.8: "When you control no Islands" (the selector's own "you control" said once, before it)
            if self.who != "you" or self.what is None or len(self.what.objects) != 1:
                return None
            return f"When you control no {plural_noun(replace(self.what.objects[0], controller='any').describe())}"
        if self.event == "last_counter_removed":
            return f"When the last {self.counter} counter is removed from ~" if self.who == "self" and self.counter else None
        verb = _EVENTS.get(self.event)
        if verb is None:
            return None
        if self.without:
            if self.event != "blocked_by_creature":
                return None
            verb = f"{verb} without {self.without.lower()}"
        if self.event == "dies" and self.what is not None and not any(
                {"Creature", "Planeswalker"} & set(o.types) for o in self.what.objects):
            verb = "is put into a graveyard from the battlefield"      # 700.4: "dies" says it of a creature
        if self.also:
            also = _EVENTS.get(self.also)
            if also is None:
                return None
            # "blocks or becomes blocked by a creature": the creature said once, of both verbs
            verb = "blocks or becomes blocked by a creature" if (self.event, self.also) == \
                ("blocks_creature", "blocked_by_creature") else f"{verb} or {also}"
        if self.who == "self":
            once = self.event in _WHEN and (not self.also or self.also in _WHEN)
            return f"{'When' if once else 'Whenever'} ~ {verb}"
        if self.who in ATTACHED_SUBJECTS:
            return f"{'When' if self.event in _WHEN else 'Whenever'} {self.who} creature {verb}"
        if not what:
            return None
        if self.who == "other":
            return f"Whenever {_with_article(what) if what.startswith('another') else 'another ' + what} {verb}"
        if self.who == "self_or_other":
            return f"Whenever ~ or another {what.removeprefix('another ')} {verb}"
        if self.who == "any":
            if self.dealt_damage_by_self:
                return f"Whenever {_with_article(what)} dealt damage by ~ this turn {verb}"
            return f"Whenever {_with_article(what)} {verb}"
        return None


#: The intervening "if" clauses the engine decides (603.4), as the ability says them (``{cost}``: a kicker's).
_INTERVENING = {"controlled_since_last_upkeep": "if ~ came under your control since the beginning of your last upkeep",
                "on_battlefield": "if ~ is on the battlefield", "tapped": "if ~ is tapped", "untapped": "if ~ is untapped", "kicked": "if it was kicked", "kicked_with": "if it was kicked with its {cost} kicker",
                "tribute_unpaid": "if tribute wasn't paid", "cast_from_hand": "if you cast it from your hand",
                "cast": "if you cast it", "no_counters": "if it had no {cost} counters on it",
                "evolve": "if that creature's power is greater than this creature's power and/or that creature's "
                          "toughness is greater than this creature's toughness",
                "not_renowned": "if it isn't renowned", "evoked": "if its evoke cost was paid",
                "replicated": "if a replicate cost was paid for it", "conspired": "if its conspire cost was paid",
                "surged": "if its surge cost was paid",
                "suspended": "if ~ is suspended", "exiled": "if it's exiled"}
#: Steps a trigger condition names (503.1a, 513.1a).
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def roman(n: int) -> str:
    """A chapter number as its chapter symbol's Roman numeral (714.2a)."""
    return _ROMAN[n - 1]


_STEPS = {"upkeep": "upkeep", "end": "end step", "draw": "draw step", "combat": "combat"}
#: Events of an object, as a trigger condition says them.
_EVENTS = {"enters": "enters", "dies": "dies", "leaves": "leaves the battlefield", "becomes_tapped": "becomes tapped",
           "attacks": "attacks", "blocks": "blocks", "turned_face_up": "is turned face up",
           "attacks_alone": "attacks alone", "becomes_blocked": "becomes blocked",
           "attacks_most_life": "attacks the player with the most life or tied for most life",
           "blocks_creature": "blocks a creature", "blocked_by_creature": "becomes blocked by a creature",
           "combat_damage_player": "deals combat damage to a player", "deals_damage": "deals damage",
           "dealt_damage": "is dealt damage",
           "combat_damage_creature": "deals combat damage to a creature",
           "transforms": "transforms", "becomes_untapped": "becomes untapped",
           "becomes_target": "becomes the target of a spell or ability", "explores": "explores"}
#: The subjects of a trigger condition about the creature its Aura or Equipment is attached to (603.2):
#: "enchanted creature", "equipped creature".
ATTACHED_SUBJECTS = ("enchanted", "equipped")
#: An object's own events that happen once ("When"; repeatable ones say "Whenever").
_WHEN = frozenset({"enters", "dies", "leaves", "turned_face_up", "transforms"})


def _spec_words(spec: TargetSpec) -> str:
    """What a spec's objects are, in words ("creature you control", "artifact or enchantment")."""
    words = " or ".join(o.describe() for o in spec.objects)
    if spec.zone == "stack":       # a spell: "a spell", "a creature spell", never a "permanent" one
        words = "" if words == "permanent" else words.replace(" permanent", "")
    return words


def _with_article(words: str) -> str:
    if words.startswith(("another ", "a ", "an ", "each ", "one ", "two ")):
        return words
    return ("an " if words[:1] in "aeiou" else "a ") + words


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

    def render(self) -> str | None:
        """The whole ability as the model understood it: its event and what it adds."""
        if self.event == "tapped_for_mana":
            if self.of == "land":
                when = "Whenever a player taps a land for mana" if self.by == "any" else "Whenever you tap a land for mana"
            elif self.of == "enchanted":
                when = f"Whenever enchanted {(self.enchanted_is or 'permanent').lower()} is tapped for mana"
            else:
                return None
        elif self.event == "adds_chosen_color":
            when = "Whenever a land's ability causes you to add one or more mana of the chosen color"
        else:
            return None
        return f"{when}, {self.text()}"


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
    timing: str = "any"               # activated: any | sorcery (602.5d) | instant
    once_each_turn: bool = False       # "Activate only once each turn" (602.5b)
    during: str = ""                   # "Activate only during your turn" / "your upkeep" (602.5)
    only_if: str = ""                  # activated (not mana): "Activate only if you have no cards in hand" (602.5)
    any_player: bool = False           # activated (not mana): "Any player may activate this ability." (602.2)
    unread: str = ""                   # activated: the parts the model does not read (its cost, activation
                                       # instructions 602.5, a spending restriction 106.6): whether and when it
                                       # may be activated, and how its mana may be spent, are unknown; what it
                                       # would produce (106.7, costs ignored) is not affected
    targets: tuple[str, ...] = ()      # what it targets, as target phrases (rules.targets)
    #: each of ``targets`` as the phrase grammar read it as the card was compiled (``vocab.parse.read_targets``);
    #: None for a phrase the grammar does not read (choosing it is unsupported, naming it)
    target_specs: tuple[TargetSpec | None, ...] = ()
    trigger: str = ""                  # triggered: the event, as words
    source_text: str = ""              # unmodelled: the card text; others: optional override of text()
    rule_given: str = ""               # abilities the rules give the object (305.6): the rule number
    spend_only: str = ""               # mana abilities: "Spend this mana only to cast a creature spell" (106.6)
    granted_by: str = ""               # an ability another object's effect gives it (layer 6): that object's name
    mana_trigger: "ManaTrigger | None" = None   # triggered mana abilities (605.1b): event and what it adds
    trigger_event: "TriggerEvent | None" = None  # triggered: the condition read (603.2); None: see ``watched``
    # triggered without a trigger event, or unmodelled triggered: the event its condition words name, read by the
    # trigger grammar as the card is compiled (``vocab.parse.read_trigger``), so that the engine knows when it
    # could trigger (603.2); None: not read (unsupported wherever it could trigger)
    watched: "TriggerEvent | None" = None
    intervening: str = ""              # triggered: an intervening "if" the engine decides (603.4): ``kicked``
    unmodelled_kind: str = ""          # unmodelled: static | activated | mana | triggered | spell
    scope: tuple[Scope, ...] = ()      # unmodelled: what the text can change; empty: unknown, so anything
    zones: tuple[str, ...] = ()        # unmodelled: the zones where the text functions (113.6); empty: any
    declaration_only: bool = False     # unmodelled static: a restriction or requirement on declaring attackers or
                                       # blockers and nothing else (508.1c-d, 509.1b-c), as the compiler read it
    modes: tuple["Ability", ...] = ()  # modal (700.2): each mode read as the same text alone is (a spell ability)
    choose: tuple[int, int] = (0, 0)   # modal: how many modes are chosen, at least and at most (700.2)
    mode_repeat: bool = False          # modal: "You may choose the same mode more than once." (700.2d)
    protection: tuple[str, ...] = ()   # keyword Protection: its qualities (702.16a, ``rules.protection``)

    @property
    def is_mana_ability(self) -> bool:
        """CR 605.1a: an activated ability that could add mana, with no target, not a loyalty ability."""
        return self.kind == "mana"

    @property
    def is_loyalty_ability(self) -> bool:
        """CR 606.3: an activated ability with a loyalty symbol in its cost."""
        return any(p.kind == "loyalty" for p in self.cost)

    @property
    def is_triggered_mana_ability(self) -> bool:
        """CR 605.1b: triggers from a mana ability / mana being added, and could add mana."""
        return self.kind == "triggered" and self.mana_trigger is not None

    def may_concern(self, scope: Scope | str) -> bool:
        """For an unmodelled ability: could its text matter to questions about ``scope``? An unmodelled
        ability with no declared scope may matter to anything."""
        return not self.scope or Scope(scope) in self.scope

    def functions_in(self, zone: str) -> bool:
        """Does the ability function while its object is in ``zone``? (113.6: abilities of permanents usually
        function only on the battlefield, an instant's or sorcery's only on the stack.) Unknown: yes."""
        return not self.zones or zone in self.zones

    @property
    def is_activated(self) -> bool:
        return self.kind in ("mana", "activated")

    def render(self) -> str | None:
        """What the model understood this ability to be, in Oracle-like words, rendered from the encoding alone
        (never from ``source_text``); None for an unmodelled ability or one with a part the renderer cannot say
        (``oracle.reading`` counts such a line as not modelled)."""
        k = self.kind
        if k == "unmodelled":
            return None
        if self.modes:
            return self._render_modes()
        if k == "keyword":
            if not self.keyword:
                return None
            if self.keyword == "Protection":
                return self.text()
            return self.keyword + (" " + " or ".join(t.removeprefix("target ") for t in self.targets)
                                   if self.targets else "")
        if k == "mana":
            if self.production is None:
                return None
            cost = render_cost(self.cost)
            if cost is None:
                return None
            spend = f" Spend this mana only to {self.spend_only}." if self.spend_only else ""
            more = render_effects(self.effects) if self.effects else ""
            if more is None:
                return None
            return (f"{cost or '[cost not read]'}: {_sentence(self.production.render())}" + (" " + more if more else "")
                    + spend + self._activation_tail() + self._unread_tail())
        if k == "activated":
            keyword = self._keyword_form()
            if keyword is not None:
                return keyword
            cost, body = render_cost(self.cost), render_effects(self.effects)
            if cost is None or body is None:
                return None
            return f"{cost}: {body}{self._activation_tail()}{self._unread_tail()}"
        if k == "static":
            said = self.static.render() if self.static is not None else None
            return _sentence(said) if said else None
        if k == "triggered":
            keyword_form = upkeep_keyword_form(self) if self.keyword else None
            if keyword_form is not None:
                return keyword_form                  # 702.30a, 702.24a: said as the keyword it is
            if self.mana_trigger is not None:
                said = self.mana_trigger.render()
                return _sentence(said) if said else None
            when = self.trigger_event.render() if self.trigger_event is not None else None
            body = render_effects(self.effects)
            if when is None or body is None:
                return None
            key, _, kicker_cost = self.intervening.partition(":")
            intervening = _INTERVENING.get("kicked_with" if key == "kicked" and kicker_cost else key)
            if self.intervening and intervening is None:
                return None
            if intervening:
                when += ", " + intervening.format(cost=self.intervening.partition(":")[2])
            if self.trigger_event is not None and self.trigger_event.event == "chapter":
                return f"{when} — {body}"          # 714.2b: "{rN}—[Effect]"
            if self.trigger_event is not None and self.trigger_event.who == "self":
                # the object the condition named is "it" in the effect (608.2c): "When ~ enters, it deals 2 damage"
                body = re.sub(r"^This (deals|gets|gains|has)\b", r"It \1", body)
                body = re.sub(r"^(Sacrifice|Exile) this unless\b", r"\1 it unless", body)
            return f"{when}, {body[:1].lower()}{body[1:]}"
        if k == "spell":
            return render_effects(self.effects)
        return None

    def _activation_tail(self) -> str:
        tail = ""
        if self.timing == "sorcery":
            tail = " Activate only as a sorcery."
        if self.once_each_turn:
            tail += " Activate only once each turn."
        if self.during:
            tail += f" Activate only during {self.during}."
        if self.only_if:
            tail += f" Activate only if {self.only_if}."
        if self.any_player:
            tail += " Any player may activate this ability."
        return tail

    def _keyword_form(self) -> str | None:
        """An activated ability that is exactly what a keyword stands for, said as the keyword: Equip (702.6a),
        Crew (702.122a), Level up (711.2a), Outlast (702.107a), cycling (702.29a, 702.29e) and transmute (702.53a:
        ``words.cycling``), unearth and scavenge (702.84a, 702.97a: ``words.graveyard_abilities``);
        None for any other."""
        if self.keyword and cycling.is_cycling(self.keyword):
            return cycling.render(self, render_cost(self.cost[:-1]))
        if self.keyword and cycling.is_transmute(self.keyword):
            return cycling.render_transmute(self, render_cost(self.cost[:-1]))      # 702.53a
        if self.keyword and cycling.is_reinforce(self.keyword):
            return cycling.render_reinforce(self, render_cost(self.cost[:-1]))      # 702.77a
        if self.keyword and graveyard_abilities.is_unearth(self.keyword):
            return graveyard_abilities.render(self, render_cost(self.cost))          # 702.84a
        if self.keyword and graveyard_abilities.is_scavenge(self.keyword):
            return graveyard_abilities.render_scavenge(self, render_cost(self.cost[:-1]))    # 702.97a
        if len(self.effects) != 1 or self.once_each_turn or self.during or self.only_if or self.unread:
            return None
        e = self.effects[0]
        text = e.arg("text", "")
        if e.kind == "attach_to_target" and e.arg("target") == "creature you control" and self.timing == "sorcery":
            cost = render_cost(self.cost)
            return None if cost is None else f"Equip {cost}"
        if (e.kind == "other" and text == "This permanent becomes an artifact creature until end of turn"
                and len(self.cost) == 1 and self.cost[0].kind == "crew"):
            return f"Crew {self.cost[0].n}"
        if e.kind == "counter" and e.arg("n") == 1 and self.timing == "sorcery" and self.cost:
            if e.arg("kind") == "level" and all(p.kind == "mana" for p in self.cost):
                return f"Level up {render_cost(self.cost)}"
            if e.arg("kind") == "+1/+1" and self.cost[-1].kind == "tap" and len(self.cost) > 1 and \
                    all(p.kind == "mana" for p in self.cost[:-1]):
                return f"Outlast {render_cost(self.cost[:-1])}"
        return None

    def _unread_tail(self) -> str:
        """The parts of an activated ability the model keeps as not read (whether and when it may be activated,
        how its mana may be spent: unknown to it), said as such."""
        return f" [not read: {self.unread}]" if self.unread else ""

    def _render_modes(self) -> str | None:
        """A modal ability (700.2): its instruction, then each mode after a bullet."""
        lo, hi = self.choose
        n_modes = len(self.modes)
        words = {1: "one", 2: "two", 3: "three", 4: "four"}
        if lo == hi:
            head = f"Choose {words.get(lo, str(lo))}"
        elif lo == 1 and hi == n_modes and n_modes == 2:
            head = "Choose one or both"
        elif lo == 1 and hi == n_modes:
            head = "Choose one or more"
        elif lo == 0 and hi == n_modes:
            head = "Choose any number"
        elif lo == 1:
            head = f"Choose one or {words.get(hi, str(hi))}"
        else:
            head = f"Choose {words.get(lo, str(lo))} or more"
        if self.mode_repeat:
            head += ". You may choose the same mode more than once"
        said = []
        for m in self.modes:
            body = render_effects(m.effects)
            if body is None:
                return None
            said.append(body)
        if self.kind == "triggered":
            when = self.trigger_event.render() if self.trigger_event is not None else None
            if when is None:
                return None
            head = f"{when}, {head[:1].lower()}{head[1:]}"
        if self.kind == "activated":
            cost = render_cost(self.cost)
            if cost is None:
                return None
            head = f"{cost}: {head}"
        return head + " — " + " ".join("• " + b for b in said)

    def text(self) -> str:
        if self.kind == "keyword":
            if self.keyword == "Protection":
                return protection_text(self.protection)
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
            return f"{cost_text(self.cost)}: {body}.{self._activation_tail()}"
        if self.kind == "static":
            assert self.static is not None
            return self.static.text()
        if self.kind == "triggered":
            if self.mana_trigger is not None:
                return f"{self.trigger}, {self.mana_trigger.text()}."
            body = ". ".join(e.text() for e in self.effects)
            return f"{self.trigger}, {body[:1].lower()}{body[1:]}."
        if self.kind == "spell":
            return ". ".join(e.text() for e in self.effects) + "."
        return self.kind
