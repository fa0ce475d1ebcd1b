"""What a piece of card text can change: the scopes by which the model tells whether a question could depend
on text it does not handle. An unmodelled line of text declares its scopes (none declared: every scope);
each word of the encoding declares the scopes it changes; each consumer of words covers some scopes
(``vocab.words.CONSUMER_OF``)."""
from __future__ import annotations

from enum import Enum


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
    ATTACH = "attach"
    POWER_TOUGHNESS = "power-toughness"
    DIES = "dies"
    DISCARD = "discard"
    HAND_SIZE = "hand-size"


ALL_SCOPES = frozenset(Scope)
