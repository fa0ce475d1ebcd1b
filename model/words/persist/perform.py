"""Persist and undying performed (702.79a, 702.93a): as the ability resolves, the card that died returns from its
owner's graveyard to the battlefield with the counter on it; unless it is no longer that card there (it left the
graveyard, 400.7), or was a token, which ceased to exist there (704.5d, 111.7). Whether it had such a counter as
it died is the ability's intervening "if" (603.4), decided as it triggers (``words.kicker.perform.
intervening_holds``, on the object as it last existed on the battlefield, 603.10a). "Return it to its owner's hand"
moves that card, on the same terms, from the graveyard to its owner's hand (400.6)."""
from __future__ import annotations

from mtgjudge.model.engine import zones
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


def _return_to_hand(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """603.10a, 400.7: the ability's source, put into its owner's graveyard by the zone change after
    ``ctx.source_moves`` (the one that triggered it), is returned to its owner's hand (400.6), only if it is still
    that card in the graveyard (it may have left it in between: then nothing happens); a token ceased to exist
    there (704.5d, 111.7), or can't move again (111.8)."""
    oid, st = ctx.source, game.state
    if not st.has(oid):
        return [game.log(("111.7", "704.5d"), f"{oid} was a token and ceased to exist in the graveyard: it does "
                                              "not return")]
    o = st.obj(oid)
    if o.zone != "graveyard" or game.moved(oid) != ctx.source_moves + 1:
        return [game.log(("400.7", "603.10a"), f"{o.name} ({oid}) is no longer the card put into the graveyard: "
                                               "it does not return")]
    if o.token:
        return [game.log("111.8", f"the token {o.name} ({oid}) can't leave the graveyard: it does not return")]
    if not o.card.modelled:
        raise Unsupported(f"{o.name} ({oid}) has no definition: what it does as it moves matters")
    game = zones.move(game, oid, "hand").log(("400.6", "400.7", "603.10a"),
                                              f"{o.name} ({oid}) is returned from the graveyard to its owner's "
                                              f"({o.owner}) hand; it becomes a new object")
    return [after_moves(game, [(o, "graveyard", "hand")], f"{o.name} leaves the graveyard")]


PERFORMERS: dict[str, Performer] = {"return_with_counter": _return_with_counter,
                                    "return_itself_to_hand": _return_to_hand}
