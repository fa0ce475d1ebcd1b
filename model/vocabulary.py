"""Imports every module that registers static-ability kinds or effect kinds, so that card definitions can
use them. Card loading imports this first; a module that adds vocabulary adds its import here."""
import model.abilities  # noqa: F401  (grant_keyword and the core effect kinds)
import model.characteristics  # noqa: F401  (layer appliers)
import model.effects  # noqa: F401  (mana replacement effects, land types, colors, granted mana abilities)
