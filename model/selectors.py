"""Selectors: the data form of phrases like "an untapped creature you control" or "nonbasic lands", and the
grammar that reads such phrases (``parse_noun_phrase``).

A selector is matched against an object's *current* characteristics (``rules.layers.matches``), relative
to a player ("you").
"""
from __future__ import annotations


from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.lazy_dataclass import dataclass

CONTROLLERS = ("any", "you", "opponent", "not_you")
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@dataclass(frozen=True)
class Selector:
    """Which objects a phrase means. Every given condition must hold."""

    types: tuple[str, ...] = ()          # all of these card types: ("Creature",), ("Land",)
    subtypes: tuple[str, ...] = ()       # any of these subtypes
    supertypes: tuple[str, ...] = ()     # all of these supertypes ("Basic", "Snow", "Legendary")
    not_supertypes: tuple[str, ...] = () # none of these ("nonbasic": ("Basic",))
    not_types: tuple[str, ...] = ()      # none of these ("nonland": ("Land",))
    not_subtypes: tuple[str, ...] = ()   # none of these ("non-Lair land": ("Lair",))
    controller: str = "any"              # any | you | opponent | not_you | defending (508.5: the player the
                                         # attacking source attacks, decided against the source by target legality)
    other: bool = False                  # "another": not the object the ability is on
    untapped: bool = False
    tapped: bool = False
    token: bool | None = None
    multicolored: bool = False           # two or more colors (105.2b)
    colorless: bool = False              # no color (105.2c)
    chosen_type: bool = False            # "... of the chosen type": a subtype chosen for the source
    not_chosen_type: bool = False        # "... that aren't of the chosen type" (608.2d)
    colors: tuple[str, ...] = ()         # one of these colors ("red", "white or blue" creature)
    not_colors: tuple[str, ...] = ()     # none of these ("nonblack")
    monocolored: bool = False            # exactly one color (105.2a)
    with_keyword: str = ""               # "with flying"
    without_keyword: str = ""            # "without flying"
    stat: tuple[str, str, int] | None = None   # ("power" | "toughness" | "total power and toughness" | "mana value",
    #                                            "<=" | ">=" | "==", n)
    combat: str = ""                     # "attacking" | "blocking" | "attacking or blocking" (506.4)
    counter: str = ""                    # "with a +1/+1 counter on it": one or more counters of this kind (122.1)
    #: "target attacking creature with lesser power" (mentor, 702.134a): power less than the source's, compared
    #: only where a target is checked (``rules.targets.is_legal_target``, as it is chosen and as it resolves)
    lesser_power: bool = False

    def reads_colors(self) -> bool:
        """Does the selector say anything about colors (so that objects' colors decide whether they fit)?"""
        return bool(self.multicolored or self.colorless or self.monocolored or self.colors or self.not_colors)

    def fits(self, types, subtypes, supertypes, colors, chosen: str | None = None) -> bool:
        """Do characteristics (types, subtypes, supertypes, colors) fit the selector's words about them?
        ``chosen``: the type chosen for the source, for "of the chosen type" (None: none was chosen)."""
        # Written for speed: this runs for every permanent each time a phrase is matched.
        for t in self.types:
            if t not in types:
                return False
        for t in self.not_types:
            if t in types:
                return False
        if self.subtypes and not any(s in subtypes for s in self.subtypes):
            return False
        for s in self.not_subtypes:
            if s in subtypes:
                return False
        for s in self.supertypes:
            if s not in supertypes:
                return False
        for s in self.not_supertypes:
            if s in supertypes:
                return False
        if (self.multicolored and len(colors) < 2) or (self.colorless and colors) or (self.monocolored and len(colors) != 1):
            return False
        if self.colors and not any(c in colors for c in self.colors):
            return False
        for c in self.not_colors:
            if c in colors:
                return False
        if self.chosen_type or self.not_chosen_type:
            if chosen is None:
                raise Unsupported("a phrase names a chosen creature type, but none was chosen (give the source "
                                  "`chosen: {creature type: ...}`)")
            if "|" in chosen:
                # a group of types that acted alike when it was chosen (``words.choices.perform.alike_types``):
                # only an object with all of them or none of them has the same answer for every one
                alike = chosen.split("|")
                hit = sum(1 for t in alike if t in subtypes)
                if 0 < hit < len(alike):
                    raise Unsupported(f"an object is of some but not all of the creature types {', '.join(alike)}, "
                                      "which acted alike when one of them was chosen: which one was chosen decides")
                if (hit > 0) != self.chosen_type:
                    return False
            elif (chosen in subtypes) != self.chosen_type:
                return False
        return True

    def describe(self) -> str:
        words: list[str] = []
        if self.other:
            words.append("another")
        if self.untapped:
            words.append("untapped")
        if self.tapped:
            words.append("tapped")
        if self.combat:
            words.append(self.combat)
        if self.colors:
            words.append(" or ".join(COLOR_WORDS[c] for c in self.colors))
        words += ["non" + COLOR_WORDS[c] for c in self.not_colors]
        words += [w for w, on in (("multicolored", self.multicolored), ("monocolored", self.monocolored),
                                  ("colorless", self.colorless)) if on]
        words += ["non" + s.lower() for s in self.not_supertypes]
        words += ["non" + t.lower() for t in self.not_types]
        words += ["non-" + s for s in self.not_subtypes]
        if self.token is False:
            words.append("nontoken")
        words += [s.lower() for s in self.supertypes]
        words += list(self.subtypes) if self.subtypes else []
        # a subtype alone names its objects ("an Elf", "Forests"); with nothing else, "permanent"
        words += [t.lower() for t in self.types] or ([] if self.subtypes or self.token else ["permanent"])
        if self.token:
            words.append("token")
        if self.controller == "you":
            words.append("you control")
        elif self.controller == "opponent":
            words.append("an opponent controls")
        elif self.controller == "not_you":
            words.append("you don't control")
        elif self.controller == "defending":
            words.append("defending player controls")
        if self.chosen_type or self.not_chosen_type:
            words.append("of the chosen type" if self.chosen_type else "that aren't of the chosen type")
        if self.with_keyword:
            words.append(f"with {self.with_keyword.lower()}")
        if self.without_keyword:
            words.append(f"without {self.without_keyword.lower()}")
        if self.stat:
            what, cmp, n = self.stat
            words.append(f"with {what} {n}" + ("" if cmp == "==" else f" or {'less' if cmp == '<=' else 'greater'}"))
        if self.counter:
            words.append(f"with a {self.counter} counter on it")
        if self.lesser_power:
            words.append("with lesser power")
        return " ".join(words)


SELECTOR_KEYS = {f for f in Selector.__dataclass_fields__}


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


@dataclass(frozen=True)
class TargetSpec:
    """One use of the word "target" (115.1, 601.2c): what it may choose and how many.

    ``objects``: the kinds of objects it may choose, any of them (a union: "artifact or enchantment");
    ``zone``: where those objects are (``battlefield``; ``stack`` for spells; ``graveyard`` for cards, with
    ``zone_owner`` ``any``, ``you`` or ``opponent``); ``players``: which players it may choose (``""``: none,
    ``any``, ``opponent``, ``you``); ``minimum``/``maximum``: how many (``up to one``: 0 and 1; ``two``: 2 and 2;
    ``any number``: 0 and None, no maximum). ``phrase`` is the phrase as written.
    """

    phrase: str
    objects: tuple[Selector, ...] = ()
    zone: str = "battlefield"
    zone_owner: str = "any"
    players: str = ""
    minimum: int = 1
    maximum: int | None = 1
    that_player: bool = False          # "... that player controls": the player an enclosing "for each" names


@dataclass(frozen=True)
class Count:
    """A count as read (``rules.counts.parse``; evaluated by ``rules.counts.value``): ``kind`` one of "permanents"
    (``selector``: permanents on the battlefield), "cards" (``zone`` of ``player``'s own: "hand" or "graveyard";
    ``selector`` None for any card), "domain" (305.6),
    "card_types" (the card types among the cards in ``zone``, delirium), "devotion" (700.5, ``color`` a letter
    or "chosen"), "kicked" (the times the source was kicked, 702.33d), "devoured" (the creatures the source
    devoured as it entered, 702.82b), "colors_spent" (the colors of mana spent to cast the source, a
    spell: converge), "greatest" (the greatest power,
    toughness or mana value, ``zone``, among the permanents ``selector`` names, 0 if there are none) or "counters"
    (the ``counter`` counters on the source, 122.1) or "blocking" (the creatures blocking the source now, beyond the
    first ``beyond`` of them: 702.23a) or "opponents" (the player's opponents still in the game: 102.3,
    702.125b)."""
    kind: str
    text: str
    selector: Selector | tuple[Selector, ...] | None = None     # a tuple ("cards"): any of them
    zone: str = ""
    color: str = ""
    #: "twice the number of ..." (``times`` 2), "2 plus the number of ..." (``plus`` 2): value * times + plus
    times: int = 1
    plus: int = 0
    #: "counters": the kind of counters counted on the source (122.1)
    counter: str = ""
    #: "blocking": "beyond the first" (``beyond`` 1): the creatures counted less that many, never below 0
    beyond: int = 0


#: The argument in which an effect word that names kinds of permanents by a noun phrase (``affects``: "creatures
#: you control", "artifacts and enchantments") keeps them, read once as the card is compiled (``vocab.parse``, by
#: ``phrases.parse_nps``): pairs (phrase, its selectors, read as their union). A word lists it in its schema to
#: have its phrases read so; ``kinds_stored`` is what the engine reads.
SELECTS = "selects"
#: As ``SELECTS``, for a word whose ``affects`` is read as the grammar reads the noun of a target phrase
#: (``phrases.parse(..., "target_np")``: "white or blue creature you control", "land card"): its objects' selectors.
OBJECTS = "objects"


def kinds_stored(word, text: str, arg: str = SELECTS) -> tuple[Selector, ...]:
    """The selectors of the noun phrase ``text`` that the effect ``word`` kept as it was compiled (``SELECTS``, or
    ``OBJECTS``); Unsupported if it kept none (a phrase that is not kinds of permanents, or a word made
    otherwise)."""
    for t, sels in word.arg(arg, ()) or ():
        if t == text:
            return sels
    raise Unsupported(f"{text!r} was not read as kinds of permanents as the card was compiled")
