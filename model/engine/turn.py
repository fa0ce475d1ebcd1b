"""The turn's structure for ``advance`` (CR 500-514): steps in order, turns passing round the players still in
the game (``rules.turns``), the turn-based actions of untap (502.3), draw (504.1) and cleanup (514.1-2, with
effects ending as ``rules.durations`` says), mana emptying (500.4); no player attacks or casts anything on the
way, and whatever goes on the stack resolves, every choice a branch. Passing through the combat damage step deals
combat damage (``engine.combat_damage``); creatures leave combat as the end of combat step ends (511.3)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from mtgjudge.model.words.delayed.perform import fire
from mtgjudge.model.words.library.perform import MAXIMUM_HAND_SIZE, maximum_hand_size
from mtgjudge.model.words.sagas import perform as sagas
from mtgjudge.model.words.tapping.perform import held_in_untap_step, untapping
from mtgjudge.model.engine.combat_damage import next_step, perform_combat_damage
from mtgjudge.model.engine.game import MAX_STEPS, Game, game_over, merge, name_of
from mtgjudge.model.engine.resolve import resolve_action
from mtgjudge.model.engine.settle import after_moves, settle
from mtgjudge.model.engine.triggers import combat_triggered, guard_unrecognized, triggered_at_step
from mtgjudge.model.words.until.perform import end_control
from mtgjudge.model.errors import Illegal, InputError, SearchBound, Unsupported
from mtgjudge.model.rules.combat.declare import attackers, check_block, declaring_no_attackers, end_of_combat
from mtgjudge.model.rules.durations import ends_this_cleanup, ends_with_combat
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.in_force import lasting_effects
from mtgjudge.model.rules.timing import upkeeps_controlled
from mtgjudge.model.rules.turns import following_turn
from mtgjudge.model.state import (STEPS, EffectInForce, Lasting, PreventionShield, PTChange, Turn,
                                   TurnReplacement)
from mtgjudge.model.engine.kernel.objects import add_counters
from mtgjudge.model.engine.kernel.players import discard_choices, draw


def _end_step_effects(game: Game) -> Game:
    """500.4: mana empties from each pool at the end of each step."""
    st = game.state
    if any(p.mana_pool for p in st.players):
        guard_scope(game.state, "mana", "mana pools empty")
        st = st.evolve(players=tuple(replace(p, mana_pool=()) for p in st.players))
        game = game.with_state(st).log("500.4", "unused mana empties from each player's mana pool")
    return game


def _cleanup(game: Game) -> list[Game]:
    """514.1: the active player discards down to their maximum hand size (402.2: seven, or none,
    ``words.library.perform.maximum_hand_size``); 514.2: damage is removed and "until end of turn" effects end."""
    active = game.state.active_player
    branches = [game]
    if active not in game.left:
        guard_scope(game.state, "hand-size", "the cleanup step's discard")
        limit, sources = maximum_hand_size(game.state, active)
        held = len(game.state.player(active).zone("hand"))
        if limit is None and held > MAXIMUM_HAND_SIZE:
            branches = [game.log(("402.2", "514.1"), f"{active} has no maximum hand size ({sources}): they keep "
                                                     f"their {held} cards")]
        extra = 0 if limit is None else held - limit
        if extra > 0:
            branches = [game.log(("514.1", "402.2"), f"{active} has {held} cards in hand, more than their maximum hand "
                                                     f"size of {limit}: they discard {extra}")]
        for _ in range(max(0, extra)):
            branches = merge([g for b in branches for g, _ in discard_choices(b, active)])
    out = []
    for g in branches:
        st = g.state
        objs = tuple(replace(o, damage=0) if o.damage else o for o in st.objects)
        text = ""
        if objs != st.objects:
            g = g.with_state(st.evolve(objects=objs))
            text = "damage marked on permanents is removed"
        out.append(end_lasting(g, "cleanup", text))
    return out


def end_lasting(game: Game, at: str, done: str = "") -> Game:
    """The one end of durations (611.2a-b): what in force ends at ``at`` ends, as its ``Duration`` says (read by
    ``rules.durations``). ``at`` "cleanup": the cleanup step's turn-based action (514.2: "until end of turn", "until
    the end of your next turn"); "end_of_combat": the combat phase ends (511.2: "until end of combat"). ``done``:
    what else that action did, logged with it. An "until end of turn" change of control ends by giving the
    permanent back (613.1b, 800.4c: ``end_control``).

    What is used rather than outlived ends where it is used, a change of its ``Lasting`` record there: a delayed
    triggered ability as it triggers (603.7c, ``words.delayed.perform.fire``), an untap skip in the untap step it
    holds a permanent in (502.3, ``words.tapping.perform.untapping``), a "next N" or regeneration shield as it is
    used up (615.7, 701.19a, ``engine.shields``), a linked exile as its cards return (610.3, 607.2a,
    ``engine.settle``), and what named an object that left its zone (400.7, ``engine.zones``). "For as long as it remains exiled" (611.2b) is
    read where it matters (``rules.durations.in_force``)."""
    st = game.state
    cleanup = at == "cleanup"
    ending: list[Lasting[Any]] = []
    kept: list[Lasting[Any]] = []
    for l in st.lasting:
        ends = ends_this_cleanup(st, l.duration) if cleanup else ends_with_combat(l.duration.until)
        (ending if ends else kept).append(l)
    if not ending and not done:
        return game
    if ending:
        game = game.with_state(st.evolve(lasting=tuple(kept)))
    text = "; ".join([done] * bool(done) + [_ends(l, cleanup) for l in ending])
    game = game.log(("514.2", "611.2a") if cleanup else "511.2", text if cleanup else "the combat phase ends: " + text)
    changes = [l.payload for l in ending if isinstance(l.payload, PTChange)]
    if not changes:
        return game
    game, exiled = end_control(game, changes)      # 613.1b: control given until end of turn goes back
    if exiled:                                     # 800.4c: exiled as the effect ends: what that triggers
        game = after_moves(game, exiled, "control effects end")
    return game


def _ends(l: Lasting, cleanup: bool) -> str:
    """How the log says that ``l`` ends."""
    p = l.payload
    if isinstance(p, PTChange):
        return f"{p.origin}'s {p.describe()} on {p.object}{'' if cleanup else ' until end of combat'} ends"
    if isinstance(p, (PreventionShield, TurnReplacement)):
        return f"the shield '{p.describe()}' ends"      # 615.1, 701.19a, 614.1a: "this turn"
    if isinstance(p, EffectInForce):
        return (f"the effect of {p.source_card} ({', '.join(p.objects) or 'no objects'}) ends; what it let be done "
                "with those objects can no longer be done, and they stay where they are")
    return f"'{p.describe()}' ends"


def _upkeep_begins(game: Game, active: str) -> Game:
    """One more of ``active``'s upkeeps has begun while they controlled each of their permanents (what echo's
    "since the beginning of your last upkeep" counts, 702.30a; ``rules.timing.upkeeps_controlled``)."""
    st = game.state
    objs = tuple(replace(o, upkeeps_controlled=n + 1)
                 if o.zone == "battlefield" and o.controller == active and (n := upkeeps_controlled(st, o.id)) is not None
                 else o for o in st.objects)
    return game.with_state(st.evolve(objects=objs)) if objs != st.objects else game


def _begin_step(game: Game, stepname: str) -> list[Game]:
    """Turn-based actions as a step begins (502-514), then state-based actions and triggers."""
    st = game.state
    # 508.6: "attacked this step" is of the step that begins no more
    game = game.with_state(st.evolve(turn=replace(st.turn, step=stepname),
                                     this_turn=replace(st.this_turn, attacked=())))
    guard_unrecognized(game, f"the {stepname} step begins", step=stepname)
    if st.monarch is not None and stepname in ("combat-damage", "end"):
        # 725.2 (the monarch draws at the beginning of their end step) and 725.4 (combat damage takes the title)
        raise Unsupported(f"{st.monarch} is the monarch: what that does as the {stepname} step begins is not "
                          "performed by the engine yet (725.2, 725.4)")
    active = st.turn.active
    drawn: list[Game] | None = None
    if stepname == "untap" and active not in game.left:
        guard_scope(game.state, "untap", "the active player's permanents untap")
        st = game.state
        game, held = untapping(game, active)      # 502.3: "doesn't untap during its controller's next untap step"
        return [x for g in _untap_permanents(game, active, held) for x in settle(g)]
    elif stepname == "upkeep":
        guard_scope(game.state, "upkeep", "the upkeep step begins")
        game = _upkeep_begins(game, active)
    elif stepname == "draw" and active not in game.left:
        if st.turn.number == 1 and len(st.players) == 2:
            game = game.log("103.8a", f"{active} plays first and skips the draw of turn 1")
        else:
            # 504.1: the draw may be replaced (702.52a: dredge): every choice a branch
            drawn = draw(game.log("504.1", f"{active} draws for the turn"), active)
    elif stepname == "precombat-main" and active not in game.left:
        for oid in sagas.sagas_for_the_turn(game, active):     # 714.3c: a lore counter on each of their Sagas
            game = add_counters(game.log("714.3c", f"{active}'s precombat main phase begins: a lore counter is put "
                                                   f"on {game.state.obj(oid).name} ({oid})"), oid, "lore", 1)
    elif stepname == "cleanup":
        # 514.3a: "at the beginning of the next cleanup step" abilities trigger (words.delayed.perform)
        return [x for g in _cleanup(fire(game, "cleanup")) for x in _settle_cleanup(g)]
    return [x for g in (drawn if drawn is not None else [game]) for x in _step_triggers(g, stepname, active)]


def _step_triggers(game: Game, stepname: str, active: str) -> list[Game]:
    """As a step begins, after its turn-based actions: the abilities that trigger at its beginning wait to be put on
    the stack, then state-based actions and triggers are settled."""
    if stepname in ("upkeep", "end"):
        game = fire(game, stepname)               # 603.7c: delayed triggered abilities (words.delayed.perform)
    if stepname in ("upkeep", "draw", "end") and active not in game.left:
        # 503.1a, 513.1a, 603.2b: "at the beginning of your upkeep / draw step / end step" abilities trigger as the
        # step begins (the draw step's after the turn's draw, 504.1, since they go on the stack only as a player
        # would receive priority, 504.2, 603.3)
        new = triggered_at_step(game, stepname)
        if new:
            rule = {"upkeep": "503.1a", "draw": "603.2b"}.get(stepname, "513.1a")
            game = game.remember(pending=game.pending + tuple(new)).log(
                rule, f"the {stepname} step of {active}'s turn begins: " + ", ".join(
                    f"the ability of {p.source} triggers" for p in new))
    return settle(game)


def _untap_permanents(game: Game, active: str, held: set[str]) -> list[Game]:
    """502.3, 302.6: the active player's permanents untap, except those an effect or a static says don't
    (``held``, ``words.tapping.perform.held_in_untap_step``); of those whose controller may choose not to untap
    them, every choice is a branch."""
    ruled, optional = held_in_untap_step(game.state, active)
    for oid, source in ruled.items():
        if game.state.obj(oid).tapped and oid not in held:
            game = game.log("502.3", f"{name_of(game.state, oid)} doesn't untap during this untap step ({source})")
    held = held | set(ruled)
    choosable = sorted(oid for oid in optional if game.state.obj(oid).tapped and oid not in held)
    if len(choosable) > _MAX_UNTAP_CHOICES:
        raise Unsupported(f"{len(choosable)} permanents whose controller may choose not to untap them: more "
                          f"than the engine's bound of {_MAX_UNTAP_CHOICES}")
    out = []
    for mask in range(1 << len(choosable)):
        g = game
        kept = set(held)
        for k, oid in enumerate(choosable):
            if mask >> k & 1:
                kept.add(oid)
                g = g.log("502.3", f"{active} chooses not to untap {name_of(g.state, oid)} ({optional[oid]})")
            else:
                g = g.log("502.3", f"{active} chooses to untap {name_of(g.state, oid)} ({optional[oid]})")
        out.append(_untap_all_but(g, active, kept))
    return out


#: The most permanents whose controller may choose not to untap them that one untap step branches on.
_MAX_UNTAP_CHOICES = 6


def _untap_all_but(game: Game, active: str, held: set[str]) -> Game:
    """502.3, 302.6: ``active``'s permanents untap, except ``held``; none is summoning sick any more."""
    st = game.state
    # 302.6: what was not controlled since the turn began is kept as the upkeeps begun since (702.30a)
    objs = tuple(replace(o, tapped=o.tapped and o.id in held, summoning_sick=False,
                         upkeeps_controlled=upkeeps_controlled(st, o.id))
                 if o.zone == "battlefield" and o.controller == active else o for o in st.objects)
    objs = tuple(replace(o, activated_this_turn=()) if o.activated_this_turn else o for o in objs)
    players = tuple(replace(p, lands_played=0) for p in st.players)
    game = game.with_state(st.evolve(objects=objs, players=players))
    game = game.log(("502.3", "302.6"), f"{active} untaps their permanents")
    return game


#: The most cleanup steps one turn's end goes through (514.3a: each after triggers in the one before resolved).
_MAX_CLEANUP_STEPS = 5


def _settle_cleanup(game: Game, begun: int = 1) -> list[Game]:
    """State-based actions and triggers after the cleanup step's turn-based actions (514.3): where abilities
    triggered, players receive priority and they resolve, then another cleanup step begins (514.3a), its own
    "at the beginning of the next cleanup step" abilities triggering as it begins."""
    out = []
    for g in settle(game):
        if not g.state.stack:
            out.append(g)
            continue
        if begun >= _MAX_CLEANUP_STEPS:
            raise Unsupported(f"abilities triggered in {begun} cleanup steps of one turn (514.3a): more than the "
                              f"engine's bound of {_MAX_CLEANUP_STEPS}")
        for resolved in _run_stack(g.log("514.3a", "abilities triggered during the cleanup step: players receive "
                                                    "priority and they resolve")):
            again = resolved.log("514.3a", "another cleanup step begins")
            out += [x for c in _cleanup(fire(again, "cleanup")) for x in _settle_cleanup(c, begun + 1)]
    return out


def _run_stack(game: Game) -> list[Game]:
    if not game.state.stack:
        return [game]
    return resolve_action(game, {"resolve": "all"})


def _leaving(branches: list[Game]) -> list[Game]:
    """What happens as a step ends on the way: a declare attackers (blockers) step that ends with none declared
    had that declaration, which must be legal (508.1d, 509.1c: a requirement it could obey makes it illegal);
    combat damage not yet dealt is dealt as the game passes through the combat damage step (510.1-510.4,
    ``engine.combat_damage``); as the end of combat step ends, every creature is removed from combat (511.3)."""
    out = []
    for g in branches:
        st = g.state
        if st.turn.step == "declare-attackers" and not attackers(st) and st.turn.active not in g.left:
            _legal_declaration(declaring_no_attackers(st))
        elif st.turn.step == "declare-blockers" and attackers(st) and not any(o.blocking for o in st.battlefield()):
            _legal_declaration(check_block(st, {}))
            # 509.1i: declaring no blockers triggers nothing the engine reads ("blocks", "becomes blocked"), but
            # a combat condition it does not read ("attacks and isn't blocked") could trigger: unsupported
            g = combat_triggered(g, [], "no blockers are declared", ("509.1i",))
        if st.turn.step == "combat-damage" and next_step(st) is not None:
            out += perform_combat_damage(g)
            continue
        if st.turn.step == "end-of-combat" and (st.combat_damage_dealt or st.first_strikers):
            st = st.evolve(combat_damage_dealt=(), first_strikers=())
            g = g.with_state(st)
        if st.turn.step == "end-of-combat":
            g = end_lasting(g, "end_of_combat")   # 511.2: "until end of combat" effects expire
            st = g.state
            cleared = end_of_combat(st)
            if cleared is not st:
                g = g.with_state(cleared).log("511.3", "the end of combat step ends: all creatures are removed "
                                                        "from combat")
        out.append(g)
    return out


def _legal_declaration(ans) -> None:
    if ans.is_unsupported:
        raise Unsupported(ans.unsupported)
    if ans.value is not True:
        raise Illegal(ans.why)


def advance(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """The ``advance`` action: the game moves on to the next time the step begins (or the next turn's
    upkeep), turn-based actions happening on the way and whatever is put on the stack resolving."""
    target = a["advance"]
    if target == "next-turn":
        target_step, need_new_turn = "upkeep", True
    else:
        target_step, need_new_turn = target, False
        if target in ("declare-blockers", "combat-damage") and not attackers(game.state):
            raise InputError("advance", f"advance: {target}: with no attackers the rules skip declare blockers "
                                              "and combat damage (508.8)")
    start_turn = game.state.turn.number
    branches = _run_stack(game)
    done = []
    n = 0
    while branches:
        nxt = []
        for g in _leaving(branches):
            if game_over(g):
                done.append(g)                      # 104.3: the game has ended where it stands
                continue
            n += 1
            if n > MAX_STEPS:
                raise SearchBound(f"advance passed more than {MAX_STEPS} steps: the search bound was reached")
            st = g.state
            g = _end_step_effects(g)
            i = STEPS.index(st.turn.step)
            turn: Turn | None
            if i + 1 < len(STEPS):
                new_step, turn = STEPS[i + 1], st.turn
            else:
                turn = following_turn(g.state)       # 500.1, 500.7: an extra turn first
                if turn is None:
                    raise Unsupported("no player is left to take the next turn")
                new_step, nxt_player = "untap", turn.active
                played = g.state.turns_played or ((st.turn.number, st.turn.active),)
                # a turn begins with nothing done in it: its whole history is the record's, and the turn that
                # ended is its "last turn"
                g = g.remember(turn=turn, turns_played=played + ((turn.number, nxt_player),),
                               this_turn=g.state.this_turn.following())
                g = g.log("500.7" if turn.resume else "500.1", f"turn {turn.number} ({nxt_player}) begins" + (
                    ", an extra turn" if turn.resume else "") + (
                    f"; {', '.join(p for p in g.state.left)} left the game and take no turns (800.4a)" if g.state.left else ""))
            if new_step in ("declare-blockers", "combat-damage") and not attackers(g.state):
                g = g.with_state(g.state.evolve(turn=replace(g.state.turn, step=new_step),
                                                this_turn=replace(g.state.this_turn, attacked=())))
                g = g.log("508.8", f"no creatures attack: the {new_step} step is skipped")
                nxt.append(g)
                continue
            for r in _begin_step(g, new_step):
                arrived = new_step == target_step and (not need_new_turn or r.state.turn.number > start_turn)
                if arrived:
                    done.append(r)
                else:
                    nxt += _run_stack(r)
        branches = merge(nxt)
    return merge(done)
