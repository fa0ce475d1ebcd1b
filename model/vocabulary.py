"""Imports every module that registers static-ability kinds or effect kinds, so that card definitions can
use them. Card loading imports this first; a module that adds vocabulary adds its import here."""
import mtgjudge.model.vocab.abilities  # noqa: F401  (grant_keyword and the core effect kinds)
import mtgjudge.model.rules.layers  # noqa: F401  (layer appliers)
import mtgjudge.model.rules.in_force  # noqa: F401  (mana replacement effects, land types, colors, granted mana abilities)
import mtgjudge.model.rules.spending  # noqa: F401  (spend_as_any_color; spending restrictions, 106.6)
import mtgjudge.model.rules.costs  # noqa: F401  (cost increases/reductions/minimums, additional costs, kicker; Delve, Improvise)
import mtgjudge.model.rules.permissions  # noqa: F401  (may_play: permissions to play cards from other zones)
import mtgjudge.model.engine.vocab  # noqa: F401  (the engine: exile until leaves, recruit, enters with counters)
