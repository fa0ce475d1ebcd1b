"""A permanent put onto the battlefield with every choice its own text offers as it enters (614.1c): "As this
enters, you may pay N life. If you don't, it enters tapped": paying (119.4, when the controller can) and not
paying are each a branch. Used by playing a land (305.1) and by the effects that put a card onto the battlefield
and can branch (a search of a named library)."""
from __future__ import annotations

from mtgjudge.model.engine.entering import life_choices, life_to_pay, put_onto_battlefield
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.kernel.players import change_life


def enter_each_way(game: Game, oid: str, controller: str, x: int | None, rule, why: str,
                   tapped: bool = False, choosing: bool = False) -> list[Game]:
    """``oid`` enters the battlefield under ``controller``, once for each choice of paying life as it enters
    (``tapped``: the effect putting it there says it enters tapped, so it does whatever is paid, as Hallowed
    Fountain's ruling of 2005-10-01 says; ``choosing``: the caller made its choices of "As this enters, choose
    ...", ``entering.put_onto_battlefield``)."""
    out = []
    name = game.state.obj(oid).name
    for paid in life_choices(game, oid, controller):
        g = game if paid is None else game.choose(f"{controller} {'pays' if paid else 'does not pay'} life as "
                                                  f"{oid} enters")
        if paid:
            g = change_life(g, controller, -(life_to_pay(g, oid, controller) or 0), ("614.1c", "119.4"),
                            f" as {name} ({oid}) enters")
        out.append(put_onto_battlefield(g, oid, controller, x, rule, why, paid=paid, tapped=tapped,
                                       choosing=choosing))
    return out
