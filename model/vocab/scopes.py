"""What a piece of card text can change: the scopes by which the model tells whether a question could depend
on text it does not handle. An unmodelled line of text declares its scopes (none declared: every scope);
each word of the encoding declares the scopes it changes; each consumer of words covers some scopes
(``vocab.words.CONSUMER_OF``)."""
from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from mtgjudge.model.lazy_dataclass import dataclass


class Scope(str, Enum):
    """A part of the game that text can change."""

    MANA = "mana"                                  # what mana abilities produce (106.7, 106.12)
    SPENDING = "spending"                          # how mana may be spent (106.6, 609.4b)
    SPELL_COSTS = "spell-costs"                    # total costs (601.2f)
    ACTIVATION = "activation"                      # what may be activated, when, by whom (602.5)
    PLAY_PERMISSIONS = "play-permissions"          # playing cards from other zones (601.3)
    CASTING = "casting"                            # what may be cast, when (117.1a, 307.1)
    LAND_PLAYS = "land-plays"                      # how many lands may be played (305.2)
    CHARACTERISTICS = "characteristics"            # types, colors, abilities (613)
    COLORS_OFF_BATTLEFIELD = "colors-off-battlefield"
    UPKEEP = "upkeep"
    COMBAT = "combat"
    LIFE = "life"
    DRAW = "draw"
    UNTAP = "untap"
    ENTERS = "enters"                              # how permanents enter (614.1c-d)
    # how the object itself enters: its own replacement effects of its own entering (614.1c-d, 614.12: "As ~
    # enters", "~ enters tapped"), which apply to no other permanent's entering
    ENTERS_ITSELF = "enters-itself"
    ATTACH = "attach"
    # what counters are put on or removed from objects (122.1, 122.6; replacement effects on them, 614.1a)
    COUNTERS = "counters"
    POWER_TOUGHNESS = "power-toughness"
    # power and toughness only raised (613.4c: "gets +N/+M", N and M not negative): a change of power and
    # toughness, except where only a lower bound of toughness matters (704.5f-g: a creature that survives
    # without the raise survives with it)
    PT_RAISED = "power-toughness-raised"
    DIES = "dies"
    DISCARD = "discard"
    HAND_SIZE = "hand-size"
    TARGETING = "targeting"                        # what may be targeted (115.1; hexproof 702.11, shroud 702.18,
                                                   # protection 702.16)
    RESOLUTION = "resolution"                      # spells and abilities on the stack: countering, copying (701.6)
    # A card's own ways to be cast that a player may choose or decline: alternative costs (118.9), optional
    # additional costs (601.2b), its own permission to be cast from another zone (601.3), its own cost
    # reductions. They only add ways, so they can turn no answer into a "yes": they matter only to a "no".
    CAST_OPTIONS = "cast-options"
    OUTSIDE_GAME = "outside-the-game"              # deck construction, drafting, commanders (113.6n, 903, 905)


ALL_SCOPES = frozenset(Scope)

#: What a question about the present depends on (may this be cast, activated, paid for now, what could this
#: produce): the state as it is, with its static abilities and the mana abilities one may activate meanwhile
#: (601.2g, 605.3a). Everything else is what happens when events occur and spells and abilities resolve.
NOW_SCOPES = frozenset({Scope.MANA, Scope.SPENDING, Scope.SPELL_COSTS, Scope.ACTIVATION, Scope.PLAY_PERMISSIONS,
                        Scope.CASTING, Scope.LAND_PLAYS, Scope.CHARACTERISTICS, Scope.COLORS_OFF_BATTLEFIELD,
                        Scope.TARGETING, Scope.CAST_OPTIONS})
EVENT_SCOPES = ALL_SCOPES - NOW_SCOPES


@dataclass(frozen=True)
class Narrowing:
    """One rule by which a line of text the model does not read is said not to affect some questions: a row of
    the narrowing table (``oracle.narrowing.TABLE``). ``narrows`` says what it narrows (``zones``: where the line
    functions, 113.6; ``scopes``: what it could change; ``use``: a question that a consumer answers without it);
    ``rule`` is the CR rule that justifies it; ``test`` is the predicate, whose arguments depend on ``narrows``
    (zones: the normalized line, its kind and whether it is a spell's, giving the zones or None; scopes: the
    line and its kind, giving the scopes or None; use: the unmodelled ability, giving whether it applies)."""

    name: str
    narrows: str
    rule: str
    test: Callable[..., Any]
