"""Impulse draw: "Exile the top N cards of your library. Until the end of your next turn, you may play those
cards." (CR 701.13a, 406.3, 611.2a, 601.3, 305.1).

The exile is one effect (``exile_top``); the permission is the ``lasting`` may-play effect that follows it in
the same ability, left in force as an ``EffectInForce`` naming the cards "those cards" refers to (608.2c: the
cards the earlier instruction exiled). Playing them afterwards is decided by the one permission model
(``rules.permissions``) and ended by the one duration model (``rules.durations``, 514.2).

A library given as a number of unknown cards (``library: N``) exiles cards nobody knows: they are made as
unknown objects in exile, and any question that needs what they are (playing one) is unsupported there.
"""
from __future__ import annotations


from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import CardDef
from mtgjudge.model.state import Duration, EffectInForce, GameState, Lasting

#: The static words a ``lasting`` effect of a resolving ability may leave in force through the engine.
ENGINE_LASTING = ("may_play",)


def exile_top(game: Game, player: str, n: int) -> Game:
    """701.13a, 406.3: the top ``n`` cards of ``player``'s library are exiled, face up, one event. A library
    with fewer cards exiles what it has (no one loses for it: that is drawing, 704.5b)."""
    if player in game.left:
        return game.log("800.4a", f"{player} has left the game: nothing is exiled")
    moved = []
    for _ in range(n):
        p = game.state.player(player)
        lib = p.zone("library")
        if lib:
            top = lib[0]
            lki = game.state.obj(top)
            game = zones.move(game, top, "exile").log(("701.13a", "406.3"),
                                                      f"the top card of {player}'s library, {lki.name} ({top}), is "
                                                      "exiled face up")
            moved.append((lki, "library", "exile"))
        elif p.unknown_library > 0:
            game, oid = zones.card_nobody_knows(game, player, "exile", "exiled")
            game = game.log(
                ("701.13a", "406.3"), f"the top card of {player}'s library, a card the question does not name "
                                      f"({oid}), is exiled")
        else:
            game = game.log("701.13a", f"{player}'s library is empty: no more cards are exiled")
            break
    guard_unrecognized(game, f"cards of {player}'s library are exiled")
    return after_moves(game, moved, "cards are exiled from a library") if moved else game


def exiled_by_this(before: GameState, now: GameState, player: str) -> tuple[str, ...]:
    """The cards an earlier instruction of the resolving ability exiled from ``player``'s library (608.2c:
    "that card", "those cards"): in exile now and in that library (or not yet known) as resolution began."""
    lib = set(before.player(player).zone("library"))
    return tuple(oid for oid in now.player(player).zone("exile")
                 if oid in lib or (not before.has(oid) and oid.startswith("_exiled_")))


def leave_permission(game: Game, until: str, static_kind: str, *, source: str, controller: str, card: CardDef,
                     face: int, ability: int | None, objects: tuple[str, ...]) -> Game:
    """611.2a, 601.3: the resolving ability leaves "you may play that card" in force for ``until``, on the
    cards it exiled; read afterwards by ``rules.permissions`` and ended by ``rules.durations``."""
    if static_kind not in ENGINE_LASTING:
        raise Unsupported(f"a lasting effect ({static_kind}) left by {name_of(game.state, source)}'s ability is not performed by the "
                          "engine yet")
    if not objects:
        return game.log("611.2a", f"{source}'s ability exiled no card: its permission applies to nothing")
    st = game.state
    eff = EffectInForce(card=card, controller=controller, face=face, ability=ability, objects=objects,
                        timestamp=zones.next_timestamp(st))
    span = {"end_of_turn": "until end of turn", "end_of_your_next_turn": "until the end of their next turn",
            "while_exiled": "for as long as they remain exiled", "": "for the rest of the game"}[until]
    game = game.with_state(st.adding(Lasting(eff, Duration(until, st.turn.number, controller))))
    return game.log(("611.2a", "601.3", "305.1"), f"{controller} may play {', '.join(objects)} {span} "
                                                   f"({source}'s effect)")
