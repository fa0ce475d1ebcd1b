"""Prevention shields of resolving spells and abilities (615): "Prevent all combat damage
that would be dealt this turn" (Fog). The shield is kept in the game state (a ``Lasting`` record), shown in
the outcome, and ended in the cleanup step (514.2, ``engine.turn``). Combat damage (``engine.combat_damage``)
reads it through ``shields.prevent``, the one place that prevents damage; noncombat damage never meets it
(615.1a, 510.1).
"""
from __future__ import annotations

from mtgjudge.model.engine import shields
from mtgjudge.model.engine.game import Game
from mtgjudge.model.state import PreventionShield
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.kernel.context import Ctx, Performer

Ctx = Ctx


def prevent_combat_damage(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """615.1a, 611.2a: "Prevent all combat damage that would be dealt this turn" (optionally "by attacking
    creatures": its sources, determined as the damage would be dealt): a shield until the cleanup step (514.2); it prevents combat damage dealt later this turn (510.1), not damage already dealt."""
    st = game.state
    origin = st.obj(ctx.source).name if st.has(ctx.source) else ctx.source
    shield = PreventionShield("combat damage", origin, by=e.arg("by", ""), to_players=bool(e.arg("to_players")))
    return [shields.add_shield(game, shield)]


PERFORMERS: dict[str, Performer] = {"prevent_combat_damage": prevent_combat_damage}
