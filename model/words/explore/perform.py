"""Explore performed (701.44a-c): the exploring permanent is the ability's source; its controller reveals the top
card of their library. A land card is put into their hand; otherwise a +1/+1 counter is put on the exploring
permanent, if it is still on the battlefield as the same object (400.7), and its controller may put the revealed
card into their graveyard or leave it on top (both ways a branch, 608.2d). No card revealed (an empty library):
the permanent gets the counter (the explore cards' ruling 2018-01-19: "If no card is revealed ..."). Exploring
twice is two explores in a row, each complete before the next (701.44b): a nonland card left on top is revealed
again (Jadelight Ranger's ruling 2018-01-19).

The top card of a library the question names is known; a card nobody knows on top (``library: N``) may be a land
card or not, each a branch, as a search of cards nobody knows finds any number of cards of a quality
(``words.library.perform``, "Cards nobody knows"): a land card is put into the hand as a land card nobody knows, a
nonland card left on top leaves the library as it was (cards nobody knows), one put into the graveyard is a card
nobody knows there. A named card with no definition is unsupported (what it is decides the branch).

701.44c: a permanent that has left the battlefield still explores, its controller as it last existed there; the
engine knows that only where the resolving ability keeps the source's last known information, and is unsupported
otherwise. After each explore "Whenever a creature you control explores" triggers
(``engine.triggers.explore_triggered``), and any triggered ability whose condition is not read makes the answer
unsupported (``engine.triggers.guard_unrecognized``)."""
from __future__ import annotations

from mtgjudge.model.engine import zones
from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.kernel.objects import add_counters
from mtgjudge.model.engine.settle import after_moves, source_on_battlefield
from mtgjudge.model.engine.triggers import explore_triggered, guard_unrecognized
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.names import unknown_card
from mtgjudge.model.rules.characteristics import printed_characteristics
from mtgjudge.model.vocab.abilities import Effect


def _explorer(game: Game, ctx: Ctx) -> tuple[str, bool]:
    """The exploring permanent's controller (701.44a; as it last existed on the battlefield, 701.44c) and whether
    it is still there as the same object (400.7)."""
    if source_on_battlefield(game, ctx.source, ctx.source_moves):
        return game.state.obj(ctx.source).controller, True
    if ctx.source_lki is not None:
        return ctx.source_lki.controller, False
    raise Unsupported(f"{ctx.source} has left the battlefield and still explores (701.44c): who controlled it as it "
                      "last existed there is not known to the engine")


def _counter(game: Game, oid: str, on: bool, why: str) -> Game:
    """701.44a: the +1/+1 counter on the exploring permanent; none if it has left the battlefield (701.44c)."""
    if not on:
        return game.log(("701.44a", "701.44c"), f"{why}: {oid} has left the battlefield, no counter is put on it")
    return add_counters(game.log("701.44a", why), oid, "+1/+1", 1)


def _keep_or_bin(game: Game, player: str, card: str | None) -> list[Game]:
    """701.44a: the revealed nonland card stays on top or goes to the graveyard, its controller's choice (each a
    branch); ``card``: the named card, or None for a card nobody knows."""
    name = f"{game.state.obj(card).name} ({card})" if card is not None else "the card nobody knows"
    kept = game.choose(f"{player} leaves the revealed card on top").log(
        "701.44a", f"{player} leaves {name} on top of their library")
    binned = game.choose(f"{player} puts the revealed card into their graveyard")
    if card is None:
        g, oid = zones.card_nobody_knows(binned, player, "graveyard", "explored")
        g = g.log("701.44a", f"{player} puts the revealed card nobody knows ({oid}) into their graveyard")
        return [kept, after_moves(g, [(g.state.obj(oid), "library", "graveyard")], f"{player} explores")]
    lki = binned.state.obj(card)
    g = zones.move(binned, card, "graveyard").log("701.44a", f"{player} puts {name} into their graveyard")
    return [kept, after_moves(g, [(lki, "library", "graveyard")], f"{player} explores")]


def explore_once(game: Game, ctx: Ctx) -> list[Game]:
    """701.44a-c: the ability's source explores once: every way it can go, a branch."""
    oid = ctx.source
    player, on = _explorer(game, ctx)
    if player in game.left:
        return [game]
    pl = game.state.player(player)
    lib = pl.zone("library")
    out: list[Game] = []
    if lib:
        top = game.state.obj(lib[0])
        if not top.card.modelled:
            raise Unsupported(f"{player} reveals {unknown_card(top)} as {oid} explores: whether it is a land card "
                              "decides what happens")
        revealed = game.log("701.44a", f"{player} reveals {top.name} ({top.id}) from the top of their library")
        if "Land" in printed_characteristics(top).types:
            g = zones.move(revealed, top.id, "hand").log("701.44a", f"{top.name} is a land card: {player} puts it "
                                                                    "into their hand")
            out.append(after_moves(g, [(top, "library", "hand")], f"{player} explores"))
        else:
            out += _keep_or_bin(_counter(revealed, oid, on, f"{top.name} is not a land card"), player, top.id)
    elif pl.unknown_library:
        # a card nobody knows: a land card or not, each a branch (see the module)
        g, card = zones.card_nobody_knows(game.choose(f"{player} reveals a land card"), player, "hand",
                                          "explored-land", "a land card nobody knows")
        g = g.log("701.44a", f"{player} reveals a card nobody knows, a land card in this branch: it is put into "
                             f"their hand ({card})")
        out.append(after_moves(g, [(g.state.obj(card), "library", "hand")], f"{player} explores"))
        nonland = game.choose(f"{player} reveals a nonland card").log(
            "701.44a", f"{player} reveals a card nobody knows, a nonland card in this branch")
        out += _keep_or_bin(_counter(nonland, oid, on, "the revealed card is not a land card"), player, None)
    else:
        # 701.44b; the explore cards' ruling (2018-01-19): no card revealed, the permanent gets the counter
        out.append(_counter(game.log("701.44b", f"{player}'s library is empty: no card is revealed"), oid, on,
                            "no land card was revealed"))
    explored = []
    for g in out:
        # 701.44b: it explored, whatever was possible: "whenever a creature you control explores" triggers; text
        # whose condition is not read could trigger on it
        guard_unrecognized(g, f"{oid} explores")
        explored.append(explore_triggered(g, oid, None if on else ctx.source_lki, "it explored"))
    return merge(explored)


def _explore(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.44b: "explores, then it explores again": each explore complete before the next, on every branch."""
    branches = [game]
    for _ in range(e.arg("times")):
        branches = merge([r for g in branches for r in explore_once(g, ctx)])
    return branches


PERFORMERS: dict[str, Performer] = {"explore": _explore}
