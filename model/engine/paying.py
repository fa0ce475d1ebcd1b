"""Paying a cost in the engine (CR 601.2g-h, 602.2b): every distinct payment the payment model lists
(``legality.payments``), each permanent's part in it (``payment.enumeration.member_choices``), performed:
mana abilities' taps, untaps, counters and sacrifices, the cost's own parts, life, pool mana spent and
left over, cards discarded or exiled. The engine's branches are exactly the payments ``--all`` lists,
expanded to the permanents that make them.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

from mtgjudge.model import deadline
from mtgjudge.model.engine import shields, zones
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.engine.triggers import triggered_by_last_counter, triggered_by_tapping
from mtgjudge.model.engine.game import FOLLOWING, MAX_BRANCHES, Game, merge
from mtgjudge.model.engine.mana_abilities import further_effects
from mtgjudge.model.engine.kernel.players import guard_discard, put_discarded
from mtgjudge.model.errors import Illegal, SearchBound, Unsupported
from mtgjudge.model.explain import step
from mtgjudge.model.mana import mana_string
from mtgjudge.model.payment.decide import solve
from mtgjudge.model.payment.enumeration import Event, Payment, all_payments, colors_spent, member_choices
from mtgjudge.model.payment.problem import PaymentProblem, build_problem, exilable_from_hand, restricted
from mtgjudge.model.rules.costs import TotalCost
from mtgjudge.model.state import MAX_POOL, GameState, PoolMana


def _takes_part(events: tuple[Event, ...]) -> bool:
    return any(e.tap or e.untap or e.sacrifice or e.to_hand or e.counters for e in events)


def _taking_part(problem: PaymentProblem, p: Payment, members: dict[str, tuple[Event, ...]]) -> set[str]:
    """The permanents a payment taps, untaps, sacrifices, returns or puts counters on, and the cards it exiles from
    the hand for mana (113.6m)."""
    return {i for i, evs in members.items() if _takes_part(evs)} | {
        s for gi, n in p.pool_spent if n and problem.pool[gi].in_hand and (s := problem.pool[gi].source) is not None}


def pay(game: Game, before: GameState, player: str, cost: TotalCost, paying: tuple[str, ...] | None,
        spell: str | None = None) -> list[Game]:
    """Every way ``player`` can pay ``cost``, performed on ``game``; the payments are those of the state
    ``before`` (where the cost was decided: the spell not yet on the stack, 601.2a). ``paying``: the
    permanents tapped, untapped or sacrificed, and the cards exiled from the hand for mana (113.6m), as the
    question fixes them. ``spell``: the spell on the stack whose total cost this is, when its text reads the
    number of colors of mana spent to cast it (702.44a, converge): that number is recorded on it
    (``GameObject.colors_spent``), each number the payments allow a branch (``enumeration.colors_spent``)."""
    problem = build_problem(before, player, cost)
    if paying is not None:
        # Only payments in which exactly the listed permanents take part are kept, so only those, and the
        # permanents whose mana abilities take no part of their own permanent (Squandered Resources, which
        # sacrifices another), need be listed from.
        free = {i for u in problem.uses if not (u.tap or u.untap or u.sac_self) for i in problem.groups[u.group].ids}
        problem = restricted(problem, frozenset(paying) | free)
    found = all_payments(problem)
    # Payments that differ only in which mana paid which symbol leave the same state: perform each effect once.
    chosen: dict[tuple, tuple[Payment, dict[str, tuple[Event, ...]]]] = {}
    # the numbers of colors spent of the payments that leave one state: which mana paid which symbol is not in the
    # state, but the colors of the mana spent are (601.2g-h: the payer's choice)
    counts: dict[tuple, set[int]] = {}
    for p in deadline.checked(found, FOLLOWING):
        for members in member_choices(problem, p):
            used = _taking_part(problem, p, members)
            if paying is not None and used != set(paying):
                continue
            effect = (tuple(sorted(members.items())), p.life, p.pool_spent,
                      tuple(sorted((t, _made_by(problem, o, members), n) for t, o, n in p.leftover)), p.discard, p.exile,
                      p.exile_from_hand)
            chosen.setdefault(effect, (p, members))
            if spell is not None:
                counts.setdefault(effect, set()).update(colors_spent(p))
            if len(chosen) > MAX_BRANCHES:
                raise SearchBound(f"more than {MAX_BRANCHES} ways to pay: the search bound was reached")
    if not chosen:
        if paying is None:
            raise Unsupported("the payment model decided the cost can be paid but listed no way to pay it")
        raise Illegal(_why_not(problem, player, frozenset(paying)))
    out: list[Game] = []
    several = len({n for ns in counts.values() for n in ns}) > 1
    for effect, (p, members) in deadline.checked(chosen.items(), FOLLOWING):
        for g in _perform(game, problem, p, members, player):
            if len(chosen) > 1:
                hurt = [f"{i}'s {e.by} dealing {e.damage} damage" for i, evs in sorted(members.items()) for e in evs if e.damage]
                g = g.choose("pay with " + (", ".join(sorted(_taking_part(problem, p, members))) or "no permanent")
                             + (f" and {p.life} life" if p.life else "") + (f" ({', '.join(hurt)})" if hurt else ""))
            if spell is None:
                out.append(g)
                continue
            for n in sorted(counts[effect]):
                out.append(_spent(g, spell, n, several))
    return merge(out)


def _spent(game: Game, spell: str, n: int, branch: bool) -> Game:
    """The spell ``spell`` (on the stack) with the number of colors of mana spent to cast it recorded
    (702.44a), a branch of its own where the payments allow more than one number (601.2g-h)."""
    o = game.state.obj(spell)
    game = game.with_state(game.state.with_object(replace(o, colors_spent=n)))
    game = game.log(("601.2h", "106.1a"), f"{n} color(s) of mana are spent to cast {o.name} ({spell})")
    return game.choose(f"{n} color(s) of mana spent") if branch else game


def _why_not(problem: PaymentProblem, player: str, paying: frozenset[str]) -> tuple:
    """Why the permanents of a ``paying:`` list are not a way to pay: the payment decided with only them, each
    having to take part (a minimal set of reasons)."""
    listed = step("601.2h", f"the permanents listed to pay ({', '.join(sorted(paying))}) each take part in the payment")
    unknown = sorted(paying - set(problem.group_of))
    if unknown:
        return (step("601.2h", f"{', '.join(unknown)} can't pay any part of the cost: {player} controls no such "
                               "permanent that could"),)
    result = solve(restricted(problem, paying), must_use=(listed, paying))
    if not result.sat:
        return result.reasons
    return (step(("601.2g", "601.2h"), f"no payment uses exactly {', '.join(sorted(paying))}: some of them would add "
                                       "mana that no part of the cost needs, or could take part only together with others"),)


def _perform(game: Game, problem: PaymentProblem, p: Payment, members: dict[str, tuple[Event, ...]],
             player: str) -> list[Game]:
    st = game.state
    pl = st.player(player)
    pool = list(pl.mana_pool)
    from_hand = []
    for gi, n in p.pool_spent:
        g = problem.pool[gi]
        if g.in_hand:
            from_hand.append(g)           # its mana ability is activated: made and spent at once (605.3b)
            continue
        for _ in range(n):
            pool.remove(next(m for m in pool if m.type == g.type and m.source == g.source))
    if len(pool) + sum(n for _, _, n in p.leftover) > MAX_POOL:
        raise SearchBound(f"paying would leave {player} more than {MAX_POOL} mana in the pool (106.4), which the "
                          "engine keeps unit by unit: past its bound")
    for t, origin, n in p.leftover:
        pool += [PoolMana(t, _made_by(problem, origin, members))] * n
    st = st.with_player(replace(pl, mana_pool=tuple(pool)))
    sacrificed = []
    returned = []
    became_tapped = []
    for oid, events in sorted(members.items()):
        o = st.obj(oid)
        tapped = o.tapped
        counters = Counter(dict(o.counters))
        for e in events:
            tapped = True if e.tap else (False if e.untap else tapped)
            for k, n in e.counters:
                counters[k] -= n
            if e.sacrifice:
                sacrificed.append(oid)
            if e.to_hand:
                returned.append(oid)
        if tapped and not o.tapped:
            became_tapped.append(oid)
        # its "Activate only once each turn" mana abilities activated (602.5b reads them; no other reading of the
        # record tells mana abilities apart, so only those are recorded and branches differ in nothing else)
        done = {int(e.by.split()[1]) for e in events if e.once}
        st = st.with_object(replace(o, tapped=tapped, counters=tuple(sorted((k, n) for k, n in counters.items() if n)),
                                    activated_this_turn=tuple(sorted(set(o.activated_this_turn) | done))))
    game = game.with_state(st)
    # 702.63a: a cost that removes the last counters of a kind from a permanent triggers what waits for that
    emptied = [(oid, k) for oid, events in sorted(members.items()) for k in sorted({k for e in events
               for k, n in e.counters if n > 0}) if game.state.has(oid) and not game.state.obj(oid).counter(k)
               and game.state.obj(oid).zone == "battlefield"]
    if emptied:
        game = triggered_by_last_counter(game, emptied, "to pay a cost")
    for g in from_hand:
        # 113.6m, 605.3b: "Exile ~ from your hand: Add {R}." activated from the hand, its mana spent in this payment
        assert g.source is not None     # a card's mana in the hand is made with the card (problem.py)
        lki = game.state.obj(g.source)
        game = zones.move(game, g.source, "exile").log(("113.6m", "605.3a", "605.3b"), f"{player} activates {lki.name}'s "
                                                       f"mana ability from their hand: {lki.name} ({g.source}) is exiled "
                                                       f"and adds {{{g.type}}}")
        game = after_moves(game, [(lki, "hand", "exile")], f"{lki.name} is exiled from the hand for mana")
    words = []
    if p.activations:
        words.append("activates mana abilities (" + _activations(problem, p, members) + ")")
    parts = [f"{oid}: " + ", ".join(e.words() for e in evs) for oid, evs in sorted(members.items())]
    loyalty = any(k == "loyalty" for evs in members.values() for e in evs for k, _ in e.counters)
    game = game.log(("601.2g", "601.2h", "106.4") + (("606.4",) if loyalty else ()),
                    f"{player} " + (" and ".join(words) + "; " if words else "")
                    + "pays " + ("; ".join(parts) if parts else "with mana in the pool" if from_hand
                                 else "with mana already in the pool")
                    + (f"; {p.life} life (119.4)" if p.life else "")
                    + (f"; {mana_left(p)} stays in the pool" if p.leftover else ""))
    # 605.3b: each mana ability resolved as it was activated (601.2g), its further effects with it
    games = [game]
    for oid, events in sorted(members.items()):
        for e in events:
            if e.damage:
                use = next(u for u in problem.uses
                           if f"ability {u.ms.ability_index}" == e.by and oid in problem.groups[u.group].ids)
                games = [h for g in games for h in further_effects(g, oid, use.ms.ability, player)]
    return merge([b for g in games for b in _after_activations(g, problem, p, sacrificed, returned, became_tapped)])


def _after_activations(game: Game, problem: PaymentProblem, p: Payment, sacrificed: list, returned: list,
                       became_tapped: list) -> list[Game]:
    """What follows the activations: the cost's life (paid after the mana abilities resolved, 601.2g-h), triggers
    of tapping, the sacrifices and returns of the cost, discards and exiles (601.2h)."""
    if p.life:
        pl = game.state.player(problem.player)
        game = game.with_state(game.state.with_player(replace(pl, life=pl.life - p.life)))
    game = triggered_by_tapping(game, became_tapped, "to pay a cost")
    if sacrificed:
        moved = []
        for oid in sacrificed:
            lki = game.state.obj(oid)
            to, instead = shields.dies_to(game, oid)       # "exile it instead" (614.1a)
            game = zones.move(game, oid, to).log("701.21a", f"{lki.name} ({oid}) is sacrificed to pay the cost"
                                                            + instead)
            moved.append((lki, "battlefield", to))
        game = after_moves(game, moved, "permanents are sacrificed to pay a cost")
    if returned:
        # "Return an Island you control to its owner's hand" (Daze): the permanent goes to its owner's hand, not
        # to a graveyard (601.2h: the cost is paid as it says)
        moved = []
        for oid in returned:
            lki = game.state.obj(oid)
            game = zones.move(game, oid, "hand").log("601.2h", f"{lki.name} ({oid}) is returned to its owner's hand "
                                                               "to pay the cost")
            moved.append((lki, "battlefield", "hand"))
        game = after_moves(game, moved, "permanents are returned to their owners' hands to pay a cost")
    branches = [game]
    # 702.29a: "Discard this card": the source itself, discarded with the cost's other cards (601.2h)
    source = problem.cost.source
    itself: tuple[str, ...] = (source,) if source and any(part.kind == "discard_self" for part in problem.cost.other) else ()
    # 702.97a: "Exile this card from your graveyard": the source itself, exiled with the cost's other such cards
    itself_gy: tuple[str, ...] = (source,) if source and any(part.kind == "exile_self_from_graveyard"
                                                             for part in problem.cost.other) else ()
    # "Exile a blue card from your hand" (Force of Will): the one part of its cost using the hand's cards
    # (``problem._one_use_of_hand``), so its cards are those it could exile
    exiling = next((part for part in problem.cost.other if part.kind == "exile_from_hand"), None)
    from_hand = exilable_from_hand(problem, exiling) if exiling is not None else ()
    for n, zone, to, rule, pool_ids in ((p.discard, "hand", "graveyard", "701.9a", problem.hand),
                                        (p.exile, "graveyard", "exile", "406.3", problem.graveyard),
                                        (p.exile_from_hand, "hand", "exile", "601.2h", from_hand)):
        own = itself if zone == "hand" and to == "graveyard" else itself_gy if zone == "graveyard" and rule == "406.3" else ()
        if not n and not own:
            continue
        nxt = []
        for g in branches:
            for pick in combinations(pool_ids, n):
                h = g
                moved = []
                for oid in own + pick:
                    lki = h.state.obj(oid)
                    if to == "graveyard":
                        guard_discard(h, problem.player, oid)
                        # 702.35a: a card with madness is exiled instead, its trigger waiting
                        h, went = put_discarded(h, problem.player, oid, f"{lki.name} ({oid}) is discarded to pay the cost")
                        moved.append((lki, zone, went))
                        continue
                    h = zones.move(h, oid, to).log(rule, f"{lki.name} ({oid}) is exiled to pay the cost")
                    moved.append((lki, zone, to))
                h = after_moves(h, moved, "cards move to pay a cost")
                nxt.append(h.choose(f"{'discard' if to == 'graveyard' else 'exile'} {', '.join(pick)}") if pick else h)
        branches = merge(nxt)
    return branches


def _activations(problem: PaymentProblem, p: Payment, members: dict[str, tuple[Event, ...]]) -> str:
    """The mana abilities a payment activates, each named by the permanents that activate it: the members whose
    own {T}, {Q}, sacrifice or counters this branch uses for it (so that the words agree with what the branch
    taps); an ability that uses nothing of its permanent, by its permanent and how many times."""
    times: dict[int, int] = {}
    for u, _, n in p.activations:
        times[u] = times.get(u, 0) + n
    parts = []
    for u, n in times.items():
        use = problem.uses[u]
        by = f"ability {use.ms.ability_index}"
        ids = Counter(i for i in problem.groups[use.group].ids for e in members.get(i, ()) if e.early and e.by == by)
        if sum(ids.values()) == n:
            parts.append(f"{by} of " + ", ".join(i + (f" x{k}" if k > 1 else "") for i, k in ids.items()))
        else:
            parts.append(f"{by} of {use.ms.source}" + (f" x{n}" if n > 1 else ""))
    return "; ".join(parts)


def _made_by(problem: PaymentProblem, origin: tuple, members: dict[str, tuple[Event, ...]]) -> str:
    """The permanent whose ability made mana left in the pool (106.3): a triggered ability's source, or the
    member of the group that activated the mana ability."""
    if origin[0] == "triggered":
        return origin[1]
    _, gi, ui = origin
    by = f"ability {problem.uses[ui].ms.ability_index}"
    made = [i for i in problem.groups[gi].ids if any(e.by == by and e.early for e in members.get(i, ()))]
    return made[0] if made else problem.groups[gi].ids[0]


def mana_left(p: Payment) -> str:
    return mana_string(Counter({t: n for t, _, n in p.leftover}))
