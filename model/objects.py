"""Cards and game objects: printed characteristics (CardDef) and an object's status in a game (GameObject)."""
from __future__ import annotations

import re

from dataclasses import field, replace
from typing import TYPE_CHECKING

from mtgjudge.model.derived import once
from mtgjudge.model.mana import Symbol, format_cost
from mtgjudge.model.lazy_dataclass import dataclass

if TYPE_CHECKING:
    from mtgjudge.model.vocab.abilities import Ability

ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "stack")


@dataclass(frozen=True)
class Face:
    """One face of a card as printed (CR 201-209), in the product's own encoding."""

    name: str
    mana_cost: tuple[Symbol, ...] | None = None   # None: no mana cost (lands, back faces; CR 202.1a)
    color_indicator: tuple[str, ...] | None = None
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    abilities: tuple["Ability", ...] = ()
    # the lines of rules text the abilities were read from, in order: each line as printed and how many of
    # ``abilities`` it compiled to (empty for a hand encoding, whose abilities are not read from lines)
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    loyalty: int | None = None    # printed loyalty (208.1, 306.5b); None: none, or not a number the verifier reads
    # 702.96a: the abilities after overload's text change ("target" read as "each" in every line), for a spell
    # whose overload the compiler reads whole; empty for any other face
    overloaded: tuple["Ability", ...] = ()

    def type_line(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return left + (" — " + " ".join(self.subtypes) if self.subtypes else "")

    def cost_text(self) -> str:
        return format_cost(self.mana_cost) if self.mana_cost is not None else "(no mana cost)"


#: How a user defines a real card the verifier has no definition for: import card data that has it.
IMPORT_HINT = ("import card data that has it: `mtgjudge cards update` (Scryfall's current cards), or `mtgjudge "
               "cards import FILE` (a Scryfall or MTGJSON file)")


def undefined_card(name: str, oid: str | None = None) -> str:
    """Why an answer about a real card with no definition (``CardDef.modelled`` False) is unsupported, and how
    the user can define it."""
    which = f"{name!r} ({oid})" if oid else repr(name)
    return f"{which} is a real card that is neither built in nor in your card store: {IMPORT_HINT}"


@dataclass(frozen=True)
class CardDef:
    """A card or token kind: one face, or more for a card with several (``layout``: ``normal``; ``transform``
    and ``modal_dfc``, double-faced cards, CR 712; ``split`` and ``aftermath``, CR 709 and 702.127; ``adventure``,
    CR 715; ``flip``, CR 710; ``meld``, CR 712.4)."""

    faces: tuple[Face, ...]
    layout: str = "normal"
    token: bool = False        # a token kind (CR 111.10), not a card
    source: str = ""           # the definition file it was loaded from
    modelled: bool = True      # False: a real card the product has no definition for (answers that
                               # depend on it are `unsupported`)

    @property
    def name(self) -> str:
        return self.faces[0].name if len(self.faces) == 1 else " // ".join(f.name for f in self.faces)

    @property
    def front(self) -> Face:
        return self.faces[0]

    def fused_face(self) -> Face:
        """702.102b, 709.4d: a fused split spell's characteristics are its two halves' combined: both names, the
        combined mana cost (709.4b: its colors and mana value from it), each type of either half and each ability
        of each half, the left half's first (702.102d: its instructions are followed first)."""
        return once(self, "fused face", self._fused)

    def _fused(self) -> Face:
        left, right = self.faces[0], self.faces[1]
        return Face(name=self.name, mana_cost=(left.mana_cost or ()) + (right.mana_cost or ()),
                    supertypes=tuple(dict.fromkeys(left.supertypes + right.supertypes)),
                    types=tuple(dict.fromkeys(left.types + right.types)),
                    subtypes=tuple(dict.fromkeys(left.subtypes + right.subtypes)),
                    abilities=left.abilities + right.abilities, lines=left.lines + right.lines)


#: A counter that changes power and toughness (122.1a): "+1/+1", "-1/-1", "-0/-1", ...
PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")


@dataclass(frozen=True)
class GameObject:
    """A card, token or copy in a zone of the game, with its status (CR 110.5) and history that matters.

    ``id`` is the handle the question gave it (or one made up); it follows the card across zones
    (the spec's "ids follow cards"), though in the game each zone change makes a new object (CR 400.7).
    """

    id: str
    card: CardDef
    owner: str
    controller: str
    zone: str
    face: int = 0                    # which face is up (transformed: 1)
    tapped: bool = False
    summoning_sick: bool = False     # not controlled continuously since its controller's turn began (302.6)
    token: bool = False
    face_down: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    attached_to: str | None = None
    chosen: tuple[tuple[str, str], ...] = ()
    x: int | None = None
    activated_this_turn: tuple[int, ...] = ()
    timestamp: int = 0
    targets: tuple[str, ...] = ()
    kicked: tuple[int, ...] = ()     # the kicker costs paid as it was cast, one entry each time, naming which
                                     # (1: its first kicker cost); kept by the permanent it became (702.33d-f)
    cast_from: str = ""              # the zone it was cast from, as a spell (601.2a); kept by the permanent it
                                     # became ("if you cast it from your hand"); "" if it was not cast
    cast_by: str = ""                # the card's own keyword it was cast by from a graveyard (flashback, 702.34a)
    cast_as_though_flash: bool | None = None  # a spell: cast by its own "as though it had flash" where a sorcery
                                     # couldn't have been cast (702.8a: ``words.timing``); None: not known (a spell
                                     # the question gave)
    evoked: bool = False             # 702.74a: cast for its evoke cost; kept by the permanent it became
    surged: bool = False             # 702.117a: cast for its surge cost; kept by the permanent it became
    dashed: bool | None = False      # 702.109a: cast for its dash cost; kept by the permanent it became; None: not
                                     # known (given by the question, which did not say)
    bestowed: bool | None = False    # 702.103b: a spell cast bestowed, or the Aura permanent it became while it
                                     # is attached (702.103f); None: not known (a spell the question gave)
    renowned: bool = False           # 702.112b: a designation it keeps until it leaves the battlefield
    controller_apart: str | None = None  # 613.1b: who controls it apart from the static control effects that apply
                                         # to it now (layer 2); None: none applies, or one applied as the question's
                                         # state was given (its owner then, 110.2: ``rules.layers.controllers``)
    upkeeps_controlled: int | None = None  # how many of its controller's upkeep steps have begun since it last came
                                           # under their control (702.30a asks it); None: not known
    tribute_paid: bool | None = None  # 702.104b: whether its tribute was paid as it entered; None: not known
    devoured: int | None = None       # 702.82b: how many creatures it devoured as it entered; None: not known
    conspired: bool = False           # 702.78a: whether its conspire cost was paid as it was cast (a spell on the stack)
    replicated: int = 0               # 702.56a: how many times its replicate cost was paid as it was cast, as a
                                      # spell on the stack (its replicate trigger copies it that often)
    bought_back: bool | None = None   # 702.27a: whether its buyback cost was paid as it was cast, as a spell on the
                                      # stack; None: not known (a spell the question put there)
    # 702.47c, 702.47e: the rules text a spell on the stack gained from the cards spliced onto it as it was cast, in
    # the order their effects happen (after the main spell's); lost as it leaves the stack
    spliced: tuple["Ability", ...] = ()
    # 702.44a, converge (207.2c): how many colors of mana were spent to cast it, recorded on a spell on the stack whose
    # text reads it (``engine.paying.pay``) and read as it resolves or enters; None: not known (not recorded, or a
    # spell the question put on the stack without saying)
    colors_spent: int | None = None
    # 702.102a: a split card cast by fuse, both halves at once (a fused split spell, with both halves'
    # characteristics, ``CardDef.fused_face``); only on the stack
    fused: bool = False
    # 702.96a: cast for its overload cost, its text changed ("target" read as "each", ``Face.overloaded``); only on
    # the stack
    overloaded: bool = False
    spell_copy: bool = False          # a copy of a spell (707.10): no card; it ceases to exist in any zone but the
                                      # stack (704.5e)
    # 702.99b-c: a card with cipher in exile, encoded on the permanent with this id as its spell resolved; it stays
    # encoded while it stays exiled and that permanent on the battlefield (a zone change of either ends it, 400.7:
    # ``words.cipher.record.encoded_on``)
    encoded_on: str | None = None
    # combat (506.4: only from declare attackers to the end of combat, and only on the battlefield)
    attacking: str | None = None      # 508.1b, 508.1k: the player, or the id of the planeswalker or battle, it attacks
    blocking: tuple[str, ...] = ()    # 509.1g: the ids of the attacking creatures it blocks
    blocked: bool = False             # 509.1h: an attacking creature is blocked (it stays blocked, 506.4)

    @property
    def printed(self) -> Face:
        if self.fused:
            return self.card.fused_face()
        face = self.card.faces[self.face]
        if self.overloaded and face.overloaded:
            # 702.96a, 612.1: overload's text-changing effect, the face's text with "each" for "target"
            return once(face, "overloaded", lambda: replace(face, abilities=face.overloaded))
        return face

    @property
    def name(self) -> str:
        return self.printed.name

    def counter(self, kind: str) -> int:
        return dict(self.counters).get(kind, 0)

    def counters_pt(self) -> tuple[int, int]:
        """What its counters add to its power and toughness (122.1a: a "+X/+Y" counter, -0/-1 and -1/-1 alike, adds
        X and Y; applied in layer 7c, 613.4c)."""
        dp = dt = 0
        for kind, n in self.counters:
            m = PT_COUNTER.fullmatch(kind)
            if m:
                dp += int(m.group(1)) * n
                dt += int(m.group(2)) * n
        return dp, dt

    def choice(self, key: str) -> str | None:
        return dict(self.chosen).get(key)
