"""The combat damage step (CR 510): each attacking and blocking creature assigns its combat damage (510.1, the
divisions are ``rules.combat.damage``'s, every one a branch unless the ``damage`` action gives it), then all of it
is dealt at once (510.2): prevention shields and protection first (615, 702.16e: ``engine.shields``, the one place
that prevents damage),
then its results (120.3: life lost, poison counters from infect, -1/-1 counters from wither and infect, damage
marked, loyalty counters removed from planeswalkers, life gained through lifelink), then state-based actions
(704.5h: deathtouch) and triggered abilities (``settle``): "Whenever ~ deals combat damage to a player" among them
(510.3a, ``triggers.triggered_by_combat``). With first strike or double strike in combat there
are two such steps (510.4); the state remembers which have been dealt (``GameState.combat_damage_dealt``).

Performed by ``engine.turn`` as the game passes through the step and by the ``damage`` action."""
from __future__ import annotations

import re
from dataclasses import replace
from itertools import product
from typing import Mapping

from mtgjudge.model.engine import shields
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, game_over, merge
from mtgjudge.model.engine.kernel.damage import damaged, permanent_damaged, remove_loyalty
from mtgjudge.model.engine.kernel.objects import add_counters
from mtgjudge.model.engine.kernel.players import change_life, give_poison
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.engine.resolve import resolve_action
from mtgjudge.model.engine.settle import settle
from mtgjudge.model.engine.triggers import COMBAT_EVENTS, combat_triggered, guard_unrecognized
from mtgjudge.model.errors import Illegal, SearchBound, Unsupported
from mtgjudge.model.explain import step
from mtgjudge.model.objects import GameObject
from mtgjudge.model.rules.combat.record import AS_THOUGH_UNBLOCKED
from mtgjudge.model.rules.combat.damage import (FIRST_STRIKE, REGULAR, Assigner, Recipient, assigns_in_step,
                                               divisions, illegal_division, lethal_for, rules_of)
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.protection import protected_from
from mtgjudge.model.state import GameState, PreventionShield, TurnReplacement
from mtgjudge.model.vocab.cast_options import unbestowed

#: Keyword abilities that change how combat damage is assigned or what it does, which the engine does not
#: perform: banding (702.22j-k), toxic (120.3g). (Protection's prevention, 702.16e, is ``shields.prevent``'s.)
UNPERFORMED = ("Banding", "Toxic")
#: The static words combat damage implements: a blocked creature's choice to assign it as though unblocked
#: (510.1b-c, ``rules.combat.damage``).
COMBAT_DAMAGE_WORDS = (AS_THOUGH_UNBLOCKED,)
#: A trigger condition about damage: besides "deals combat damage to a player" (``triggers.COMBAT_EVENTS``),
#: damage is not an event the trigger model fires (603.2).
_DAMAGE_TRIGGER = re.compile(r"\bdamage\b", re.I)


def in_combat(st: GameState) -> list[GameObject]:
    """The creatures attacking or blocking now (506.4), in the state's order."""
    return [o for o in st.battlefield() if (o.attacking is not None or o.blocking)
            and "Creature" in current(st, o.id).types]


def next_step(st: GameState) -> str | None:
    """The combat damage step whose damage is to be dealt next this combat (510.4), None when both are done."""
    if st.turn.step != "combat-damage" or REGULAR in st.combat_damage_dealt:
        return None
    if not any(o.attacking is not None for o in in_combat(st)) and not st.combat_damage_dealt:
        return None             # 508.8: with no attackers the combat damage step is skipped
    if FIRST_STRIKE in st.combat_damage_dealt:
        return REGULAR
    striking = any(current(st, o.id).has_keyword(k) for o in in_combat(st) for k in ("First strike", "Double strike"))
    return FIRST_STRIKE if striking else REGULAR


def _guard(game: Game, fighters: list[GameObject]) -> None:
    st = game.state
    # 508.1c-d, 509.1b-c: restrictions and requirements on declaring attackers and blockers are checked only as
    # they are declared; once blockers are declared they change no combat damage
    guard_scope(st, "combat", "combat damage is assigned and dealt",
                ignore=lambda a, o: a.unmodelled_kind == "static" and a.declaration_only)
    for o in fighters:
        ch = current(st, o.id)
        for kw in UNPERFORMED:
            if ch.has_keyword(kw):
                raise Unsupported(f"{o.name} ({o.id}) has {kw.lower()}: what it does to combat damage is not "
                                  "performed by the engine yet")
        for a in ch.abilities:
            if a.kind == "unmodelled" and not unbestowed(a, o.zone, o.attached_to is not None):
                raise Unsupported(f"{o.name} ({o.id}) is in combat and has text the verifier cannot model: "
                                  f"{a.source_text!r}")
    for o in st.objects:
        abilities = current(st, o.id).abilities if o.zone == "battlefield" else o.printed.abilities
        for a in abilities:
            if a.trigger_event is not None and a.trigger_event.event in COMBAT_EVENTS and \
                    (not a.trigger_event.also or a.trigger_event.also in COMBAT_EVENTS):
                continue            # "deals combat damage to a player" and the like: ``triggered_by_combat``
            if a.trigger_event is not None and a.trigger_event.dealt_damage_by_self:
                continue            # decided as a creature dies, from the turn's record of damage (603.10a)
            if a.kind == "triggered" and _DAMAGE_TRIGGER.search(a.trigger or a.text()):
                raise Unsupported(f"{o.name} ({o.id}) has an ability that triggers on damage, and combat damage is "
                                  f"dealt: triggers on combat damage are not performed yet: {a.text()!r}")


def _attacked(st: GameState, o: GameObject) -> str | None:
    """510.1b: what the attacker is attacking now: a player still in the game, a planeswalker or battle still on
    the battlefield (506.4c: one that left is no longer attacked); else None."""
    t = o.attacking
    if t in st.player_names:
        return None if t in st.left else t
    if t is not None and st.has(t) and st.obj(t).zone == "battlefield":
        types = current(st, t).types
        if "Battle" in types:
            raise Unsupported(f"{o.name} ({o.id}) attacks the battle {t}: damage to battles (120.3h) is not performed "
                              "by the engine yet")
        if "Planeswalker" in types:
            return t
    return None


def _recipient(game: Game, c: GameObject, deathtouch: bool) -> Recipient:
    """A creature assigned damage: its lethal damage (702.19b, 702.2c) and whether amounts past it are alike:
    it is destroyed either way (not indestructible, 702.12b; no regeneration, umbra armor or other replacement,
    701.19a, 702.89a; no prevention shield in force that could make the damage dealt differ, 615) and nothing reads the amount."""
    st = game.state
    t = toughness(game, c.id)
    lethal = lethal_for(t, c.damage, deathtouch)
    ch = current(st, c.id)
    saturable = (lethal >= 1 and t > 0 and not ch.has_keyword("Indestructible") and not st.in_force(PreventionShield)
                 and not shields.static_shields(game, c.id) and not shields.armored_by(game, c.id)
                 and not any(r.object == c.id for r in st.in_force(TurnReplacement)) and "Planeswalker" not in ch.types)
    return Recipient(c.id, lethal, saturable)


def assigners(game: Game, stepname: str) -> list[Assigner]:
    """The creatures that assign combat damage in this step (510.4), with what they assign it to (510.1b-d)."""
    st = game.state
    fighters = in_combat(st)
    out = []
    for o in fighters:
        ch = current(st, o.id)
        if not assigns_in_step(stepname, ch.has_keyword("First strike"), ch.has_keyword("Double strike"),
                               o.id in st.first_strikers):
            continue
        deathtouch = ch.has_keyword("Deathtouch")
        n = power(game, o.id)
        if o.attacking is not None:
            blockers = [b for b in fighters if o.id in b.blocking]
            trample = ch.has_keyword("Trample")
            if trample and any(len(b.blocking) > 1 for b in blockers):
                # 702.19b counts the damage other attackers assign to the same blocker in this step
                raise Unsupported(f"{o.name} ({o.id}) has trample and a creature blocking it blocks other attackers "
                                  "too: lethal damage counting theirs (702.19b) is not performed")
            unblocked = any(a.kind == "static" and a.static is not None and a.static.kind == AS_THOUGH_UNBLOCKED
                            for a in ch.abilities)
            out.append(Assigner(o.id, n, tuple(_recipient(game, b, deathtouch) for b in blockers), _attacked(st, o),
                                trample, o.blocked, deathtouch=deathtouch, as_though_unblocked=unblocked))
        else:
            blocked = [st.obj(a) for a in o.blocking if st.has(a) and st.obj(a).zone == "battlefield"
                       and st.obj(a).attacking is not None]
            out.append(Assigner(o.id, n, tuple(_recipient(game, a, deathtouch) for a in blocked), attacker=False,
                                deathtouch=deathtouch))
    return out


def _deal_one(game: Game, src: GameObject, kws: frozenset[str], to: str, n: int) -> list[tuple[Game, int]]:
    """510.2, 120.3: ``n`` combat damage from ``src`` to ``to``: prevention first (615), then its results; each
    branch with the damage dealt."""
    out = []
    for g, left in shields.prevent(game, src.id, to, n, combat=True):
        if left <= 0:
            out.append((g.log("615.6", f"all the combat damage {src.name} would deal to {to} is prevented"), 0))
            continue
        out.append((_results(g, src, kws, to, left), left))
    return out


def _results(game: Game, src: GameObject, kws: frozenset[str], to: str, n: int) -> Game:
    st = game.state
    what = f"{src.name} ({src.id}) deals {n} combat damage to"
    if to in st.player_names:
        game = damaged(game, to, n)
        if "Infect" in kws:
            game = give_poison(game, to, n, ("120.3b", "702.90b"), f": {what} them and has infect")
        else:
            game = change_life(game, to, -n, ("120.3a", "510.2"), f": {what} them")
    else:
        o = st.obj(to)
        types = current(st, to).types
        guard_scope(st, "dies", f"{what} {o.name} ({to})")
        if "Planeswalker" in types and "Creature" in types:
            raise Unsupported(f"{o.name} ({to}) is a planeswalker creature: damage to it (120.3c-e) is not performed")
        if "Planeswalker" in types:
            game = remove_loyalty(game, to, n, what)
        elif "Infect" in kws or "Wither" in kws:
            game = add_counters(game.log(("120.3d", "702.90c" if "Infect" in kws else "702.80a"),
                                         f"{what} {o.name} ({to}), which {'has infect' if 'Infect' in kws else 'has wither'}: "
                                         f"{n} -1/-1 counter(s)"), to, "-1/-1", n)
        else:
            game = game.with_state(st.with_object(replace(o, damage=o.damage + n)))
            guard_unrecognized(game, f"{src.name} deals damage to {o.name}")
            game = game.log(("120.3e", "510.2"), f"{what} {o.name} ({to}): it is marked on it")
        game = permanent_damaged(game, to, src.id, n)
    if "Lifelink" in kws:
        # 120.3f, 702.15b: its controller gains that much life, as part of the damage event
        game = change_life(game, src.controller, n, ("120.3f", "702.15b"), f": {src.name} ({src.id}) has lifelink")
    return game


#: A branch of combat damage dealt: the game, the creatures dealt damage by a source with deathtouch (704.5h),
#: (source, player or creature) for each source that dealt damage to a player or a creature (510.3a: "deals combat
#: damage to a player", "to a creature"), and
#: (source, damage, what it was dealt to) for each damage dealt (603.2: "deals damage", once for all of a source's;
#: "is dealt damage", once for all a permanent was dealt).
Dealt = tuple[Game, frozenset[str], tuple[tuple[str, str], ...], tuple[tuple[str, int, str], ...]]


def _deal(game: Game, events: list[tuple[GameObject, frozenset[str], str, int]]) -> list[Dealt]:
    """510.2: the combat damage assigned, dealt at once; each branch with the creatures dealt damage by a source
    with deathtouch (704.5h) and the sources that dealt damage to a player. With no prevention shield in force the damage is dealt as it was assigned, and its
    results are gathered: each player's life changes once (119.3), the marked damage of each creature is added
    (120.3e), counters are put and removed (120.3b-d, 120.3c). With shields, event by event, each through
    ``shields.prevent`` (615.6-615.7, 616.1: every order a branch)."""
    st = game.state
    creature = {t for _, _, t, _ in events if t not in st.player_names and "Creature" in current(st, t).types}
    # 702.16e: protection prevents damage as a shield does, in the one place that prevents damage
    # 615.1: and the prevention effects of static abilities, applied there too (``shields.static_shields``)
    if st.in_force(PreventionShield) or any(protected_from(st, t, src.id) is not None or shields.static_shields(game, t)
                            for src, _, t, _ in events):
        hits: dict[str, set[str]] = {}
        for src, _, t, _ in events:
            hits.setdefault(t, set()).add(src.id)
        if any(s.left is not None for s in st.in_force(PreventionShield)) and any(len(v) > 1 for v in hits.values()):
            # 615.7, 616.1: which of the damage dealt at once a "next N" shield prevents is its player's choice
            raise Unsupported("a shield that prevents the next N damage is in force and combat damage from several "
                              "sources is dealt at once to one player or permanent: which of it the shield prevents "
                              "(615.7) is not performed")
        branches: list[Dealt] = [(game, frozenset(), (), ())]
        for src, kw, t, n in events:
            touched = "Deathtouch" in kw and t in creature
            hit = t in st.player_names or t in creature
            branches = [(r, dt | {t} if touched and dealt > 0 else dt, hits + ((src.id, t),) if hit and dealt > 0
                         else hits, done + ((src.id, dealt, t),) if dealt > 0 else done)
                        for b, dt, hits, done in branches for r, dealt in _deal_one(b, src, kw, t, n)]
        return branches
    guard_scope(st, "dies", "combat damage is dealt to creatures")
    guard_scope(st, "power-toughness", "combat damage is dealt to creatures")
    life: dict[str, int] = {}
    marked: dict[str, int] = {}
    rules: list[str] = ["510.2"]
    lines: list[str] = []
    for src, kw, t, n in events:
        what = f"{src.name} ({src.id}) deals {n} combat damage to"
        if t in st.player_names:
            game = damaged(game, t, n)
            if "Infect" in kw:
                game = give_poison(game, t, n, ("120.3b", "702.90b"), f": {what} them and has infect")
            else:
                life[t] = life.get(t, 0) - n
                rules.append("120.3a")
                lines.append(f"{what} {t}")
        elif "Planeswalker" in current(st, t).types or "Infect" in kw or "Wither" in kw:
            game = _results(game, src, kw, t, n)
            continue                                # (its lifelink is _results')
        else:
            marked[t] = marked.get(t, 0) + n
            game = permanent_damaged(game, t, src.id, n)
            rules.append("120.3e")
            lines.append(f"{what} {st.obj(t).name} ({t}), marked on it")
        if "Lifelink" in kw:
            life[src.controller] = life.get(src.controller, 0) + n
            rules += ["120.3f", "702.15b"]
            lines.append(f"{src.name} ({src.id}) has lifelink: {src.controller} gains {n} life with that damage")
    if lines:
        game = game.log(tuple(dict.fromkeys(rules)), "combat damage is dealt at once: " + "; ".join(lines))
    if marked:
        now = game.state
        game = game.with_state(now.evolve(objects=tuple(replace(o, damage=o.damage + marked[o.id])
                                                         if o.id in marked else o for o in now.objects)))
        guard_unrecognized(game, "combat damage is dealt to creatures")
    for p, delta in life.items():
        if delta:
            game = change_life(game, p, delta, ("119.3", "510.2"), ": combat damage and lifelink, dealt at once")
    deathtouched = frozenset(t for src, kw, t, n in events if "Deathtouch" in kw and t in creature and n > 0)
    return [(game, deathtouched, tuple((src.id, t) for src, _, t, n in events
                                       if (t in st.player_names or t in creature) and n > 0),
             tuple((src.id, n, t) for src, _, t, n in events if n > 0))]


def _none_why(a: Assigner) -> str:
    if a.power <= 0:
        return f"none (its power is {a.power})"
    if not a.attacker:
        return "none: it is blocking no attacking creature now"
    return "none: no creature is blocking it now" if a.blocked else "none: it is attacking nothing now"


def deal_step(game: Game, fixed: Mapping[str, Mapping[str, int]] | None = None) -> list[Game]:
    """The next combat damage step of this combat (510.1-510.2, 510.4): every creature that assigns in it divides
    its damage as ``fixed`` says (an illegal division is Illegal, 510.1e) or every legal way, a branch each; the
    damage is dealt at once, then state-based actions and triggers (``settle``). Branches that reach the same
    state merge."""
    st = game.state
    stepname = next_step(st)
    if stepname is None:
        return [game]
    fixed = dict(fixed or {})
    fighters = in_combat(st)
    _guard(game, fighters)
    if stepname == FIRST_STRIKE:
        strikers = tuple(o.id for o in fighters if current(st, o.id).has_keyword("First strike")
                         or current(st, o.id).has_keyword("Double strike"))
        game = game.remember(first_strikers=strikers).log(
            ("510.4", "702.7b", "702.4b"), "a creature in combat has first strike or double strike: only those creatures assign combat "
                     "damage in this first combat damage step (" + ", ".join(strikers) + ")")
    elif FIRST_STRIKE in st.combat_damage_dealt:
        game = game.log(("510.4", "702.4b"), "the second combat damage step: the creatures that had neither first "
                                             "strike nor double strike, and those with double strike, assign")
    todo = assigners(game, stepname)
    options: list[list[tuple[tuple[str, int], ...]]] = []
    for a in todo:
        if a.id in fixed:
            given = dict(fixed[a.id])
            why = illegal_division(a, given)
            if why is not None:
                raise Illegal((step(*why),))
            options.append([tuple((k, v) for k, v in given.items() if v)])
        else:
            options.append(divisions(a))
    total = 1
    for opt in options:
        total *= len(opt)
    if total > MAX_BRANCHES:
        raise SearchBound(f"{total} ways to assign combat damage: past the search bound of {MAX_BRANCHES}")
    sources = {a.id: st.obj(a.id) for a in todo}
    kws = {a.id: frozenset(k for k in ("Deathtouch", "Lifelink", "Infect", "Wither")
                           if current(st, a.id).has_keyword(k)) for a in todo}
    out: list[Game] = []
    for combo in product(*options):
        g = game
        for a, d, opt in zip(todo, combo, options):
            if len(opt) > 1:
                g = g.choose(f"{a.id} assigns its combat damage: " + (", ".join(f"{n} to {t}" for t, n in d) or "none"))
        rules = tuple(dict.fromkeys(r for a in todo for r in rules_of(a)))
        g = g.log(rules, "combat damage is assigned: " + "; ".join(
            f"{a.id}: " + (", ".join(f"{n} to {t}" for t, n in d) or _none_why(a)) for a, d in zip(todo, combo)))
        branches = _deal(g, [(sources[a.id], kws[a.id], t, n) for a, d in zip(todo, combo) for t, n in d])
        for b, dt, hits, done in branches:
            b = b.remember(combat_damage_dealt=b.state.combat_damage_dealt + (stepname,))
            # 510.3a: what the damage triggered goes on the stack after state-based actions (``settle``); a source's
            # "deals damage" once for all it dealt at once (Angel of Deliverance's ruling 2016-04-08)
            # and a permanent's "is dealt damage" once for all it was dealt at once (Boros Reckoner's ruling 2017-03-14)
            totals: dict[tuple[str, str], int] = {}
            for src, n, t in done:
                totals[("deals_damage", src)] = totals.get(("deals_damage", src), 0) + n
                if t not in b.state.player_names:
                    totals[("dealt_damage", t)] = totals.get(("dealt_damage", t), 0) + n
            b = combat_triggered(b, [("combat_damage_player" if t in b.state.player_names else "combat_damage_creature",
                                      src, t) for src, t in dict.fromkeys(hits)] +
                                 [(event, oid, None) for event, oid in totals],
                                 "combat damage is dealt", ("510.3a",), totals)
            out += settle(b, dt)
    return merge(out)


def perform_combat_damage(game: Game, fixed: Mapping[str, Mapping[str, int]] | None = None) -> list[Game]:
    """The combat damage steps of this combat not yet dealt (510.4), in order, the stack resolving after each as
    the game passes (``resolve_action``: every choice a branch). Without ``fixed``, every one of them; with it (the
    ``damage`` action), those up to the one in which the last creature it names assigns: its division is the
    creature's in the first of them in which it assigns combat damage; one for a creature that assigns in none
    is Illegal (510.1)."""
    todo = [(game, dict(fixed or {}))]
    done: list[Game] = []
    first = True
    while todo:
        nxt = []
        for g, left in todo:
            stepname = next_step(g.state)
            if (fixed and not left and not first) or game_over(g):
                done.append(g)          # every division given has been used, or the game has ended (104.3)
                continue
            if stepname is None:
                if left:
                    k = next(iter(left))
                    raise Illegal((step(("510.1", "510.4"), f"{k} assigns no combat damage in the combat damage "
                                                            "steps left in this combat"),))
                done.append(g)
                continue
            ids = {a.id for a in assigners(g, stepname)}
            now = {k: v for k, v in left.items() if k in ids}
            rest = {k: v for k, v in left.items() if k not in ids}
            for r in deal_step(g, now):
                for q in (resolve_action(r, {"resolve": "all"}) if r.state.stack and not game_over(r) else [r]):
                    nxt.append((q, rest))
        todo = nxt
        first = False
    return merge(done)
