"""What happens to a player: drawing (121.1-121.2, 704.5b) and the replacement of a draw by dredge (702.52a-b),
milling (701.17a-b), discarding (701.9a), life (119.3, 800.4a) and poison counters (122.1f, 704.5c)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.names import nobody_knows, unknown_card
from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine import zones
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.engine.triggers import guard_unrecognized
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.state import PendingTrigger
from mtgjudge.model.words.library import record as library
from mtgjudge.model.words.madness import record as madness



#: The static words a draw performs (702.52a: dredge's replacement of the draw, ``draw``).
DRAW_WORDS = frozenset({"dredge"})


def draw(game: Game, player: str, more: int = 0) -> list[Game]:
    """One card draw of ``player`` (121.1-121.2), as the replacement effects of their graveyard's cards may make it
    (614.1a, 121.6): each card with dredge N in their graveyard (702.52a), while their library holds at least N cards
    (702.52b), may replace the draw, mill N cards and return that card to their hand instead; the player chooses
    which replacement applies or none (616.1e): drawing and each dredge are each a branch. Once one is applied the
    draw is replaced and no other applies to it (616.1f). ``more``: the draws of the same sequence still to come
    after this one (121.2): a dredge is completed before they are made, so a card it milled may replace one of them
    (121.6b). A card the question names with no definition in their graveyard could have dredge: unsupported."""
    guard_scope(game.state, "draw", f"{player} draws a card")
    dredges, short = _dredges(game, player)
    for oid, n in short:
        game = game.log("702.52b", f"{player}'s library has fewer than {n} cards: the dredge {n} of "
                                   f"{game.state.obj(oid).name} ({oid}) can't replace the draw")
    drawn = _draw_card(game, player)
    if not dredges:
        return [drawn]
    out = [drawn.choose(f"{player} draws rather than dredging")]
    for oid, n in dredges:
        out.append(_dredge(game, player, oid, n, more))
    return merge(out)


def draws(game: Game, player: str, n: int) -> list[Game]:
    """121.2: ``n`` individual card draws of ``player``, one at a time (each as ``draw`` performs it: every choice
    of replacing it a branch, each replacement completed before the next draw, 121.6b)."""
    branches = [game]
    for k in range(n):
        branches = merge([g for b in branches for g in draw(b, player, n - k - 1)])
    return branches


def _draw_card(game: Game, player: str) -> Game:
    """121.1-121.2: the top card of the library goes to the hand; a player who can't draw loses when
    state-based actions are next checked (704.5b)."""
    p = game.state.player(player)
    lib = p.zone("library")
    if lib:
        top = lib[0]
        lki = game.state.obj(top)
        game = zones.move(game, top, "hand").log("121.1", f"{player} draws {lki.name} ({top})")
        return after_moves(game, [(lki, "library", "hand")], f"{player} draws")
    if p.unknown_library > 0:
        game, oid = zones.card_nobody_knows(game, player, "hand", "unknown")
        game = game.log("121.1", f"{player} draws a card nobody knows ({oid})")
        guard_unrecognized(game, f"{player} draws")
        return game
    game = game.remember(drew_empty=game.drew_empty + (player,))
    return game.log("704.5b", f"{player} attempts to draw from an empty library")


def _dredges(game: Game, player: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """702.52a-b: the cards of ``player``'s graveyard whose dredge N may replace their draw now (their library holds
    at least N cards), each with its N; and those whose dredge can't (fewer cards, 702.52b). A card nobody knows has
    no ability there (``zones.card_nobody_knows``); a card with no definition may have dredge: unsupported."""
    p = game.state.player(player)
    in_library = len(p.zone("library")) + p.unknown_library
    out: list[tuple[str, int]] = []
    short: list[tuple[str, int]] = []
    for oid in p.zone("graveyard"):
        o = game.state.obj(oid)
        if not o.card.modelled:
            if nobody_knows(o):
                continue
            raise Unsupported(f"{unknown_card(o)} is in {player}'s graveyard as they would draw a card: its text "
                              "may replace the draw (702.52a)")
        for a in o.printed.abilities:
            if a.kind == "static" and a.static is not None and a.static.kind in DRAW_WORDS and a.functions_in("graveyard"):
                n = a.static.arg("n")
                (out if n <= in_library else short).append((oid, n))
    return out, short


def _dredge(game: Game, player: str, oid: str, n: int, more: int) -> Game:
    """702.52a: instead of drawing, ``player`` mills ``n`` cards (701.17a) and returns the card ``oid`` from their
    graveyard to their hand (a card put into a hand without being drawn, 121.5); with ``more`` draws to come, before
    them (121.6b)."""
    lki = game.state.obj(oid)
    g = game.log(("702.52a", "614.1a", "616.1e") + (("121.6b",) if more else ()),
                 f"{player} applies the dredge {n} of {lki.name} ({oid}): {player} mills {n} card(s) instead of drawing"
                 + (f", completed before the {more} draw(s) still to come" if more else ""))
    g = mill(g, player, n)
    back = g.state.obj(oid)
    g = zones.move(g, oid, "hand").log("702.52a", f"{player} returns {back.name} ({oid}) from their graveyard to "
                                                  "their hand")
    g = after_moves(g, [(back, "graveyard", "hand")], f"{player} returns a card to their hand")
    return g.choose(f"{player} dredges {oid}")


def mill(game: Game, player: str, n: int) -> Game:
    """701.17a-b: the top ``n`` cards of the library into the graveyard (as many as there are), one event."""
    st = game.state
    lib = st.player(player).zone("library")
    moved = []
    for oid in lib[:n]:
        lki = game.state.obj(oid)
        game = zones.move(game, oid, "graveyard").log("701.17a", f"{player} mills {lki.name} ({oid})")
        moved.append((lki, "library", "graveyard"))
    for _ in range(min(n - len(moved), st.player(player).unknown_library)):
        # the cards nobody knows under the named ones (zones.card_nobody_knows: their own text does nothing as
        # they move; what they are is not known in the graveyard)
        game, oid = zones.card_nobody_knows(game, player, "graveyard", "milled")
        game = game.log("701.17a", f"{player} mills a card nobody knows ({oid})")
        moved.append((game.state.obj(oid), "library", "graveyard"))
    if len(moved) < n:
        game = game.log("701.17b", f"{player}'s library had {len(moved)} card(s): they mill as many as possible")
    return after_moves(game, moved, f"{player} mills") if moved else game


def discard_choices(game: Game, player: str) -> list[tuple[Game, str | None]]:
    """701.9a: discarding one card: every card in hand is a choice."""
    hand = game.state.player(player).zone("hand")
    if not hand:
        return [(game.log("701.9", f"{player} has no card to discard"), None)]
    return [(discard_one(game, player, oid), oid) for oid in hand]


def guard_discard(game: Game, player: str, oid: str) -> None:
    """701.9a: discarding the card ``oid`` is unsupported if what it is, or its text that functions as it is
    discarded (madness, 702.35a: a replacement of the discard), is not known; an effect's discard and a cost's
    (``engine.paying``: "Discard a card", "Discard this card") alike."""
    lki = game.state.obj(oid)
    if not lki.card.modelled and not nobody_knows(lki):
        # a real card the verifier has no definition for: its own text may function as it is discarded (madness)
        raise Unsupported(f"{player} could discard {unknown_card(lki)}: what it is matters")
    # a card nobody knows has no ability that functions as it moves (zones.card_nobody_knows)
    for a in lki.printed.abilities:
        # 113.6: text that functions only on the battlefield can't apply to a card leaving the hand.
        if a.kind == "unmodelled" and a.may_concern("discard") and (a.functions_in("hand") or a.functions_in("graveyard")):
            raise Unsupported(f"{lki.name} ({oid}) could be discarded and has unmodelled text: {a.source_text!r}")


#: The static words a discard performs (702.35a: madness's replacement, ``put_discarded``).
DISCARD_WORDS = frozenset({"madness"})


def put_discarded(game: Game, player: str, oid: str, said: str) -> tuple[Game, str]:
    """701.9a: the card ``oid`` that ``player`` discards leaves their hand: into their graveyard, or, for a card with
    madness, into exile instead, its madness trigger then waiting to be put on the stack (702.35a, 614.1a, 603.2).
    The game after the move (before ``after_moves``) and the zone the card went to. ``said``: the discard in the
    log's words ("Alice discards Shock (s1)")."""
    lki = game.state.obj(oid)
    abilities = lki.printed.abilities
    if not any(a.static is not None and a.static.kind in DISCARD_WORDS for a in abilities) \
            or madness.madness_cost(abilities) is None:
        return zones.move(game, oid, "graveyard").log("701.9a", said), "graveyard"
    # 616.1: a permanent's "exile it instead" applies to the same move; its owner chooses which: not modelled
    zones.guard_other_graveyard_replacement(game.state, lki, "its madness would exile it (702.35a)")
    g = zones.move(game, oid, "exile").log(("701.9a", "702.35a", "614.1a"),
                                           f"{said}; its madness exiles it instead of putting it into {player}'s "
                                           "graveyard")
    trigger = PendingTrigger(oid, madness.trigger_index(abilities), lki.owner, g.moved(oid))
    g = g.remember(pending=g.pending + (trigger,))
    return g.log(("702.35a", "603.2"), f"{lki.name}'s madness ability triggers: it was exiled this way"), "exile"


def discard_one(game: Game, player: str, oid: str) -> Game:
    """701.9a: ``player`` discards the card ``oid`` from their hand (unsupported if what it is, or text that
    functions as it is discarded, is not known); a card with madness is exiled instead (``put_discarded``)."""
    lki = game.state.obj(oid)
    guard_discard(game, player, oid)
    g, to = put_discarded(game, player, oid, f"{player} discards {lki.name} ({oid})")
    return after_moves(g, [(lki, "hand", to)], f"{player} discards").choose(f"{player} discards {oid}")


def change_life(game: Game, player: str, delta: int, rules=("119.3",), why: str = "") -> Game:
    """119.3: a player gains or loses life (damage to a player: 120.3a); a player who left the game is no
    longer affected (800.4a)."""
    if player in game.left:
        return game.log("800.4a", f"{player} has left the game: their life total does not change")
    guard_scope(game.state, "life", f"{player}'s life total changes")
    p = game.state.player(player)
    game = game.with_state(game.state.with_player(replace(p, life=p.life + delta)))
    verb = "gains" if delta >= 0 else "loses"
    guard_unrecognized(game, f"{player} {verb} life")
    return game.log(rules, f"{player} {verb} {abs(delta)} life{why} ({p.life} -> {p.life + delta})")


def give_poison(game: Game, player: str, n: int, rules=("122.1f",), why: str = "") -> Game:
    """122.1f: ``player`` gets ``n`` poison counters (``Player.poison``; ten or more loses the game when state-based
    actions are checked, 704.5c); a player who left the game gets none (800.4a)."""
    if player in game.left:
        return game.log("800.4a", f"{player} has left the game: they get no poison counters")
    p = game.state.player(player)
    game = game.with_state(game.state.with_player(replace(p, poison=p.poison + n)))
    guard_unrecognized(game, f"{player} gets poison counters")
    return game.log(rules, f"{player} gets {n} poison counter(s){why} ({p.poison} -> {p.poison + n})")
