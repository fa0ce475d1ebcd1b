"""Instructions about permanents of a kind (permanents entering and triggers), listed in
``engine.performers``. Their sentences are read by the grammar's "perm"
section (``phrases.lark``) into the words of ``words/permanents/record.py``."""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations, product
from math import prod

from mtgjudge.model.words.tapping import perform as tapping
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge
from mtgjudge.model.words.removal.perform import remove, remove_all
from mtgjudge.model.engine.sba import toughness
from mtgjudge.model.engine.triggers import apnap

from mtgjudge.model.engine.settle import source_on_battlefield
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.payment.answers import can_pay
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.selectors import OBJECTS, kinds_stored
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import CostPart, Effect
from mtgjudge.model.engine.kernel.context import Ctx, Performer
from mtgjudge.model.engine.kernel.objects import add_counters
from mtgjudge.model.engine.kernel.players import discard_one


def _tap_enchanted(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.26a, 303.4b: "Tap enchanted creature": the permanent the source is attached to as the ability
    resolves. If the source left the battlefield, "enchanted" is what it was attached to as it last existed
    (608.2h), which the engine knows only from a leaves ability's last known information."""
    st = game.state
    if source_on_battlefield(game, ctx.source, ctx.source_moves):
        target = st.obj(ctx.source).attached_to
    elif ctx.source_lki is not None:
        target = ctx.source_lki.attached_to
    else:
        raise Unsupported(f"{e.text()!r}: {ctx.source} left the battlefield, and what it enchanted as it last existed "
                          "(608.2h) is not known to the engine")
    if target is None or not st.has(target) or st.obj(target).zone != "battlefield":
        return [game.log(("303.4b", "608.2h"), f"{ctx.source} enchants no permanent now: nothing is tapped")]
    want = e.arg("what")
    if want != "permanent" and want.capitalize() not in current(st, target).types:
        return [game.log("303.4b", f"{st.obj(target).name} ({target}) is not a {want}: nothing is tapped")]
    return tapping.PERFORMERS["tap_target"](game, e, replace(ctx, target=target, target_legal=True))


def _kinds_of(game: Game, e: Effect, ctx: Ctx, player: str) -> list[str]:
    """The permanents ``player`` controls that are of the kinds the effect names (``affects``, read by the
    grammar as a union: "white or blue creature you control"), seen from the ability's controller (608.2c)."""
    st = game.state
    objects = kinds_stored(e, e.arg("affects"), OBJECTS)      # read as the card was compiled
    if any(sel.combat for sel in objects):
        raise Unsupported(f"{e.text()!r}: which permanents are {e.arg('affects')} is not known to the engine")
    src = st.obj(ctx.source) if st.has(ctx.source) else None
    return [o.id for o in st.battlefield(player)
            if any(matches(sel, current(st, o.id), o, ctx.controller, src, st.turn.step) for sel in objects)]


def _return_own(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """400.6, 608.2c: the ability's controller chooses one of their permanents of the kind and returns it to its
    owner's hand (every choice a branch; nothing if they have none)."""
    mine = _kinds_of(game, e, ctx, ctx.controller)
    if not mine:
        return [game.log("608.2c", f"{ctx.controller} controls no {e.arg('affects')}: nothing is returned")]
    game = game.log("608.2c", f"{ctx.controller} chooses the {e.arg('affects')} to return: every choice is a branch")
    return merge([remove(game, oid, "bounce").choose(f"{ctx.controller} returns {oid}") for oid in mine])


def _sacrifice_own(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.21a: the ability's controller sacrifices one permanent they control of the kind, of their choice."""
    mine = _kinds_of(game, e, ctx, ctx.controller)
    if not mine:
        return [game.log("701.21a", f"{ctx.controller} controls no {e.arg('affects')}: nothing is sacrificed")]
    game = game.log("701.21a", f"{ctx.controller} chooses the {e.arg('affects')} to sacrifice: every choice is a branch")
    return merge([remove(game, oid, "sacrifice").choose(f"{ctx.controller} sacrifices {oid}") for oid in mine])


def _sacrifice_each(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.21a, 101.4: each player (or each opponent), in APNAP order, chooses a permanent they control of the
    kind; then they are all sacrificed at once (what dies together sees the others die, 603.10a). Every
    combination of choices is a branch."""
    players = [p for p in apnap(game) if e.arg("who") == "player" or p != ctx.controller]
    options: list[list[str | None]] = []      # per player, the permanents they may choose (None: nothing)
    for p in players:
        mine = _kinds_of(game, e, ctx, p)
        options.append([*mine] or [None])
    if prod(len(o) for o in options) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} choices of permanents to sacrifice: the search bound was reached")
    game = game.log(("701.21a", "101.4"), f"each {e.arg('who')} chooses a {e.arg('affects')} to sacrifice, in APNAP "
                                          "order: every choice is a branch")
    out = []
    for combo in product(*options):
        chosen = [oid for oid in combo if oid is not None]
        g = remove_all(game, chosen, "sacrifice") if chosen else game.log("701.21a", "nothing is sacrificed")
        out.append(g.choose("sacrificed: " + (", ".join(chosen) or "none")))
    return merge(out)


def _cards_in_hand(game: Game, e: Effect, player: str) -> list[str]:
    """The cards in ``player``'s hand of the kinds ``affects`` names (all of them if it names none)."""
    st = game.state
    hand = list(st.player(player).zone("hand"))
    if not e.arg("affects"):
        return hand
    objects = kinds_stored(e, e.arg("affects"), OBJECTS)      # read as the card was compiled
    return [oid for oid in hand
            if any(matches(sel, current(st, oid), st.obj(oid), player, None, st.turn.step) for sel in objects)]


def unless_cost(game: Game, e: Effect, ctx: Ctx) -> TotalCost:
    """The cost "unless you pay ..." names (``mana``, ``life``; ``per_counter``), for the payment model: its mana and its life, each that many times for
    each counter of the kind ``per_counter`` on the source as the ability resolves (702.24a-b: the counters on it
    then, whichever ability put them; none: {0}, which can be paid, Solemnity ruling 2017-07-14)."""
    times = 1
    kind = e.arg("per_counter")
    if kind:
        if not source_on_battlefield(game, ctx.source, ctx.source_moves):
            raise Unsupported(f"{e.text()!r}: {ctx.source} left the battlefield, and how many {kind} counters it had "
                              "as it last existed is not known to the engine")
        times = dict(game.state.obj(ctx.source).counters).get(kind, 0)
    symbols = parse_cost(e.arg("mana")) * times if e.arg("mana") else ()
    life = e.arg("life", 0) * times
    return TotalCost(symbols=symbols, other=(CostPart("pay_life", n=life),) if life else (), source=ctx.source)


def pay_unless(game: Game, player: str, cost: TotalCost) -> list[Game]:
    """118.12a: every way ``player`` can pay the cost of an "unless", each a branch (none if it can't be paid,
    118.3), by the one payment model."""
    said = " and ".join([cost.text()] * bool(cost.symbols or not cost.other) + [f"{part.n} life" for part in cost.other])
    if not can_pay(game.state, player, cost).value:
        return []
    return [g.log("118.12a", f"{player} pays {said}").choose(f"{player} pays {said}")
            for g in pay(game, game.state, player, cost, None)]


def _sacrifice_unless(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """118.12a: "Sacrifice it unless you [cost]" means "You may [cost]. If you don't, sacrifice it." The
    controller chooses: every way to pay the cost is a branch (a cost that can't be paid can't be chosen,
    118.3), and not paying is one, in which the source is sacrificed if it is still the same permanent (400.7) and
    theirs (701.21a: a player sacrifices only a permanent they control).
    A discard "at random" is each card in a branch of its own (every result it can have)."""
    p, action = ctx.controller, e.arg("action")
    paid: list[Game] = []
    if action == "pay":
        paid = pay_unless(game, p, unless_cost(game, e, ctx))
    elif action in ("return_own", "sacrifice_own"):
        kind = "bounce" if action == "return_own" else "sacrifice"
        n = e.arg("n", 1)
        # every set of n permanents of the kind is a way to pay, removed at once (a cost is paid whole);
        # fewer can't pay (118.3)
        ways = list(combinations(_kinds_of(game, e, ctx, p), n))
        if len(ways) > MAX_BRANCHES:
            raise SearchBound(f"{e.text()!r}: more than {MAX_BRANCHES} ways to pay: past the search bound")
        paid = [(remove(game, ids[0], kind) if n == 1 else remove_all(game, list(ids), kind))
                .log("118.12a", f"{p} pays the cost: {', '.join(ids)}").choose(f"{p} pays with {', '.join(ids)}")
                for ids in ways]
    elif action == "discard":
        guard_scope(game.state, "discard", f"{p} may discard a card")
        n = e.arg("n", 1)
        paid = []
        # every set of n cards of the kind is a way to pay (each discarded in turn, 701.9a); fewer can't pay
        for cards in combinations(_cards_in_hand(game, e, p), n):
            g = game
            for oid in cards:
                g = discard_one(g, p, oid)
            paid.append(g.choose(f"{p} discards {', '.join(cards)}"))
            if len(paid) > MAX_BRANCHES:
                raise SearchBound(f"{e.text()!r}: more than {MAX_BRANCHES} ways to pay: past the search bound")
    else:
        raise Unsupported(f"{e.text()!r}: the cost is not performed by the engine")
    then = "exile" if e.arg("exile") else "sacrifice"
    if source_on_battlefield(game, ctx.source, ctx.source_moves) and \
            (then == "exile" or game.state.obj(ctx.source).controller == p):
        declined = remove(game.log("118.12a", f"{p} doesn't pay: {ctx.source} is {then}d"), ctx.source, then)
    else:
        declined = game.log(("118.12a", "400.7", "701.21a"), f"{p} doesn't pay; {ctx.source} is no longer that "
                                                             f"permanent of theirs: nothing is {then}d")
    return merge(paid + [declined.choose(f"{p} doesn't pay")])


def _bolster(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """701.39a: "Bolster N": the controller chooses a creature they control with the least toughness (or tied
    for it) and puts N +1/+1 counters on it; each tied creature is a branch; with none, nothing happens."""
    st = game.state
    mine = [o.id for o in st.battlefield(ctx.controller) if "Creature" in current(st, o.id).types]
    if not mine:
        return [game.log("701.39a", f"{ctx.controller} controls no creature: bolster does nothing")]
    low = {oid: toughness(game, oid) for oid in mine}
    least = min(low.values())
    tied = [oid for oid in mine if low[oid] == least]
    game = game.log("701.39a", f"the least toughness among {ctx.controller}'s creatures is {least}: "
                               f"{', '.join(tied)}" + (" (each a choice)" if len(tied) > 1 else ""))
    return merge([add_counters(game, oid, "+1/+1", e.arg("n")).choose(f"bolster {oid}") for oid in tied])


PERFORMERS: dict[str, Performer] = {
    "bolster": _bolster,
    "sacrifice_unless": _sacrifice_unless,
    "tap_enchanted": _tap_enchanted,
    "return_own": _return_own,
    "sacrifice_own": _sacrifice_own,
    "sacrifice_each": _sacrifice_each,
}
