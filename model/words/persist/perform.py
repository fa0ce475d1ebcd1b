"""Persist and undying performed (702.79a, 702.93a): as the ability resolves, the card that died returns from its
owner's graveyard to the battlefield with the counter on it; unless it is no longer that card there (it left the
graveyard, 400.7), or was a token, which ceased to exist there (704.5d, 111.7). Whether it had such a counter as
it died is the ability's intervening "if" (603.4), decided as it triggers (``words.kicker.perform.
intervening_holds``, on the object as it last existed on the battlefield, 603.10a)."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.settle import after_moves, return_exiled_card
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.persist.record import KEYWORDS

_RULE = {kind: rule for rule, kind in KEYWORDS.values()}


def _return_with_counter(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """The ability's source, put into the graveyard by the zone change after ``ctx.source_moves`` (the one that
    triggered it), returns under its owner's control with one counter of its kind (614.1c, 122.6)."""
    kind = e.arg("counter")
    rules = (_RULE[kind], "400.7", "614.1c")
    lki = ctx.source_lki
    if lki is None:
        raise Unsupported(f"{e.text()!r}: the object that died, as it last existed on the battlefield, is not known")
    if dict(lki.counters).get(kind, 0):
        # (checked as it triggered; nothing can change it since: 603.4 on resolution)
        return [game.log((_RULE[kind], "603.4"), f"{lki.name} ({lki.id}) had a {kind} counter on it: it does nothing")]
    game = game.log((_RULE[kind], "603.4", "603.10a"), f"{lki.name} ({lki.id}) had no {kind} counters on it as it "
                                                       "last existed on the battlefield")
    game, moved = return_exiled_card(game, ctx.source, ctx.source_moves + 1, rules, "", extra_counters=((kind, 1),),
                                     zone="graveyard")
    return [after_moves(game, moved, "a card returns to the battlefield") if moved else game]


PERFORMERS: dict[str, Performer] = {"return_with_counter": _return_with_counter}
