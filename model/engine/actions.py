"""The spec's actions, performed on a Game: each returns every Game the rules' open choices lead to (merged
when equal). After each action the game does what the rules make it do (``settle``): state-based actions
until none apply (704.3), then triggered abilities on the stack in every order (603.3b), repeated.

An action the rules forbid raises :class:`Illegal` with the reasons.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Any

from mtgjudge.model.rules.layers import current
from mtgjudge.model.errors import Illegal, InputError, Unsupported
from mtgjudge.model.state import STEPS, StackAbility, Turn
from mtgjudge.model.engine.game import MAX_STEPS, EngineStackAbility, Game, find_ref, merge, new_state
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.engine.events import put_onto_battlefield
from mtgjudge.model.legality import can_activate, can_play, find_ability
from mtgjudge.model.rules.costs import activation_cost, total_cost
from mtgjudge.model.engine import zones
from mtgjudge.model.engine.events import after_moves
from mtgjudge.model.engine.linked import leave_game
from mtgjudge.model.engine.resolve import draw, resolve_top
from mtgjudge.model.engine.sba import check as check_sba, guard_scope
from mtgjudge.model.engine.triggers import guard_unrecognized, put_pending


def settle(game: Game) -> list[Game]:
    """704.3 and 603.3b: state-based actions until none, then triggered abilities go on the stack."""
    out = []
    todo = [game]
    n = 0
    while todo:
        g = todo.pop()
        n += 1
        if n > MAX_STEPS:
            raise Unsupported(f"more than {MAX_STEPS} state-based-action rounds: the search bound was reached")
        g, did = check_sba(g)
        if did:
            todo.append(g)
            continue
        if g.pending:
            todo += put_pending(g)
            continue
        out.append(g)
    return merge(out)


# --------------------------------------------------------------------------------------------- cast

def _legal(ans) -> None:
    """An action is performed only when the model says it may be (the same decision as can-play and
    can-activate)."""
    if ans.is_unsupported:
        raise Unsupported(ans.unsupported)
    if ans.value is not True:
        raise Illegal(ans.why)


def cast(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """601.2: the spell moves to the stack, then its total cost is paid, every distinct payment a branch."""
    state = game.state
    oid = a["cast"]
    player = a.get("by") or state.active_player
    x = a.get("x", 0)
    o = state.obj(oid)
    if "Land" in current(state, oid).types:
        raise InputError("cast", f"{o.name} is a land: play it")
    _legal(can_play(state, oid, player, x))
    if a.get("targets") or any(t for ab in current(state, oid).abilities if ab.kind == "spell" for t in ab.targets):
        raise Unsupported("casting a spell with targets is not performed by the engine yet")
    if a.get("choices"):
        raise Unsupported("casting with choices is not performed by the engine yet")
    cost = total_cost(state, player, oid, x=x)
    game = zones.move(game, oid, "stack", controller=player, x=x if any(s.kind == "x" for s in (o.printed.mana_cost or ())) else None)
    game = game.log(("601.2a", "601.2b"), f"{player} casts {o.name} ({oid})" + (f" with X={x}" if x else ""))
    out = []
    for g in pay(game, state, player, cost, a.get("paying")):
        guard_unrecognized(g, f"{o.name} is cast")
        out.append(after_moves(g, [(o, o.zone, "stack")], f"{o.name} is cast"))
    return out


def play(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """305.1: playing a land is a special action: it enters the battlefield; one land play per turn (305.2)."""
    state = game.state
    oid = a["play"]
    player = a.get("by") or state.active_player
    if "Land" not in current(state, oid).types:
        raise InputError("play", f"{oid} is not a land: cast it")
    _legal(can_play(state, oid, player, 0))
    lki = state.obj(oid)
    p = state.player(player)
    game = game.with_state(state.with_player(replace(p, lands_played=p.lands_played + 1)))
    game = put_onto_battlefield(game, oid, player, None, ("305.1", "116.2a"), f"{player} plays {lki.name} ({oid})")
    return [after_moves(game, [(lki, lki.zone, "battlefield")], f"{lki.name} is played")]


def activate(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """602.2: an activated ability goes on the stack and its whole cost is paid, every distinct payment a
    branch; mana abilities (605.3) and targets are not performed yet."""
    state = game.state
    oid = find_ref(state, a["activate"]) or a["activate"]
    if not state.has(oid):
        raise InputError("activate", f"{oid} does not exist now")
    o = state.obj(oid)
    player = a.get("by") or o.controller
    x = a.get("x", 0)
    index, ability = find_ability(state, oid, a.get("ability"))
    if ability.kind != "activated":
        raise Unsupported(f"activating {o.name}'s ability {ability.text()!r} (a mana ability or unmodelled text) is "
                          "not performed by the engine yet")
    _legal(can_activate(state, oid, index, ability, player, x))
    if ability.targets or a.get("targets") or a.get("choices"):
        raise Unsupported("activating an ability with targets or choices is not performed by the engine yet")
    text_index = next((i for i, b in enumerate(o.printed.abilities, 1) if b is ability or b == ability), None)
    if text_index is None:
        raise Unsupported(f"{o.name}'s ability {ability.text()!r} is not among its printed abilities")
    cost = activation_cost(state, oid, ability, x)
    out = []
    for g in pay(game, state, player, cost, a.get("paying")):
        if g.state.has(oid):
            src = g.state.obj(oid)
            g = g.with_state(g.state.with_object(replace(src, activated_this_turn=tuple(sorted(set(src.activated_this_turn) | {index})))))
        ab = EngineStackAbility(oid, text_index, player, (), g.moved(oid))
        g = g.with_state(new_state(g.state, stack=(ab,) + g.state.stack))
        g = g.log(("602.2", "602.2a"), f"{player} activates {o.name}'s ability {ability.text()!r}")
        guard_unrecognized(g, f"an ability of {o.name} is activated")
        out.append(g)
    return out


def transform(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """701.27a: turn a double-faced permanent over; it stays the same object (712.18). Abilities that trigger
    when it transforms (701.27) trigger."""
    from mtgjudge.model.engine.game import Pending
    from mtgjudge.model.engine.triggers import condition, is_triggered

    from mtgjudge.model.engine.game import find_ref

    st = game.state
    oid = find_ref(st, a["transform"]) or a["transform"]
    if not st.has(oid) or st.obj(oid).zone != "battlefield":
        raise InputError("transform", f"{oid} is not a permanent now")
    o = st.obj(oid)
    if len(o.card.faces) != 2 or o.face_down:
        raise InputError("transform", f"{o.name} is not a double-faced permanent: it can't transform (701.27a)")
    new = replace(o, face=1 - o.face)
    game = game.with_state(st.with_object(new)).log("701.27a", f"{o.name} ({oid}) transforms into {new.name}")
    guard_unrecognized(game, f"{oid} transforms")
    pending = []
    for i, ab in enumerate(new.printed.abilities, 1):
        if is_triggered(ab) and condition(ab) == "transforms":
            if ab.kind == "unmodelled":
                raise Unsupported(f"{new.name}'s triggered ability is not modelled: {ab.source_text!r}")
            pending.append(Pending(oid, i, new.controller, game.moved(oid)))
    return [replace(game, pending=game.pending + tuple(pending))]


# --------------------------------------------------------------------------------------------- others

def _as_effect(game: Game, a: Mapping[str, Any], kind: str) -> list[Game]:
    from mtgjudge.model.engine.game import find_ref

    st = game.state
    oid = find_ref(st, a[kind]) or a[kind]
    if not st.has(oid) or st.obj(oid).zone != "battlefield":
        return [game.log("701.8", f"{oid} is not on the battlefield: nothing happens")]
    o = st.obj(oid)
    ch = current(st, oid)
    if kind == "destroy":
        if ch.has_keyword("Indestructible"):
            return [game.log("702.12b", f"{o.name} is indestructible and is not destroyed")]
        guard_scope(game, "dies", f"{oid} is destroyed")
        to, rule, verb = "graveyard", "701.8a", "is destroyed and put into its owner's graveyard"
    elif kind == "sacrifice":
        to, rule, verb = "graveyard", "701.21a", "is sacrificed: put into its owner's graveyard"
    elif kind == "exile":
        to, rule, verb = "exile", "406.3", "is exiled"
    else:
        to, rule, verb = "hand", "400.6", "is returned to its owner's hand"
    gone = "; its counters cease to exist (122.2)" if o.counters else ""
    game = zones.move(game, oid, to).log((rule, "400.7") + (("122.2",) if gone else ()),
                                         f"{o.name} ({oid}) {verb}; it becomes a new object{gone}")
    return [after_moves(game, [(o, "battlefield", to)], f"{oid} leaves the battlefield")]


def _resolve(game: Game, a: Mapping[str, Any]) -> list[Game]:
    n = a["resolve"]
    count = MAX_STEPS if n == "all" else n
    branches = [game]
    for i in range(count):
        nxt = []
        for g in branches:
            if not g.state.stack:
                if n == "all":
                    nxt.append(g)
                    continue
                raise InputError("resolve", f"resolve: {n} asked, but the stack is empty after {i}")
            if a.get("targets") is not None and i == 0:
                top = g.state.stack[0]
                if not isinstance(top, StackAbility):
                    raise InputError("targets", "targets fix those of a triggered ability; the top of the stack "
                                                      "is a spell")
                from mtgjudge.model.engine.triggers import _ability_of, target_slots
                slots = target_slots(g, _ability_of(g, top.source, top.index), top.controller)
                if len(a["targets"]) > len(slots) or len(a["targets"]) < sum(1 for s in slots if not s[2]):
                    raise InputError("targets", f"the ability of {top.source} takes {len(slots)} target(s); "
                                                      f"{len(a['targets'])} given")
                g = g.with_state(new_state(g.state, stack=(replace(top, targets=tuple(a["targets"])),) + g.state.stack[1:]))
            if a.get("choices"):
                raise Unsupported("choices on resolve are not performed by the engine yet")
            for r in resolve_top(g):
                nxt += settle(r)
        branches = merge(nxt)
        if n == "all" and all(not g.state.stack for g in branches):
            break
    else:
        if n == "all" and any(g.state.stack for g in branches):
            raise Unsupported(f"the stack did not empty in {MAX_STEPS} resolutions: the search bound was reached")
    return branches


# --------------------------------------------------------------------------------------------- advance

def _next_player(game: Game, name: str) -> str:
    names = [p.name for p in game.state.players]
    order = [p for p in names]
    if name not in order:
        raise Unsupported(f"the turn of {name}, who left the game, ends (800.4j): the next turn is not modelled")
    return order[(order.index(name) + 1) % len(order)]


def _end_step_effects(game: Game) -> Game:
    """500.4: mana empties from each pool at the end of each step."""
    st = game.state
    if any(p.mana_pool for p in st.players):
        guard_scope(game, "mana", "mana pools empty")
        st = new_state(st, players=tuple(replace(p, mana_pool=()) for p in st.players))
        game = game.with_state(st).log("500.4", "unused mana empties from each player's mana pool")
    return game


def _cleanup(game: Game) -> list[Game]:
    """514.1: the active player discards down to their maximum hand size (7); 514.2: damage is removed and
    "until end of turn" effects end."""
    from mtgjudge.model.engine.resolve import discard_choices
    from mtgjudge.model.rules.in_force import lasting_effects
    from mtgjudge.model.cards.loader import card_db
    from mtgjudge.model.rules.permissions import controllers_next_turn

    active = game.state.active_player
    branches = [game]
    if active not in game.left:
        guard_scope(game, "hand-size", "the cleanup step's discard")
        extra = len(game.state.player(active).zone("hand")) - 7
        for _ in range(max(0, extra)):
            branches = merge([g for b in branches for g, _ in discard_choices(b, active)])
    out = []
    for g in branches:
        st = g.state
        objs = tuple(replace(o, damage=0) if o.damage else o for o in st.objects)
        kept = []
        for e in st.effects:
            found = card_db().find(e.source_card)
            lasting = lasting_effects(found[0], found[1], e.ability) if found else []
            untils = {le.arg("until", "") for le in lasting}
            if not lasting or not untils <= {"end_of_turn", "end_of_your_next_turn", "while_exiled", ""} or len(untils) > 1:
                raise Unsupported(f"when the effect of {e.source_card} in force ends (514.2) is not known to the engine")
            ends = False
            if untils == {"end_of_turn"} and e.began_turn == st.turn.number:
                ends = True
            if untils == {"end_of_your_next_turn"} and controllers_next_turn(st, e.controller, e.began_turn) == st.turn.number:
                ends = True
            if not ends:
                kept.append(e)
        ended = [e for e in st.effects if e not in kept]
        if ended or objs != st.objects:
            g = g.with_state(new_state(st, objects=objs, effects=tuple(kept)))
            text = "damage marked on permanents is removed" if objs != st.objects else ""
            if ended:
                text += ("; " if text else "") + "; ".join(
                    f"the effect of {e.source_card} ({', '.join(e.objects) or 'no objects'}) ends; what it let be "
                    "done with those objects can no longer be done, and they stay where they are" for e in ended)
            g = g.log(("514.2", "611.2a"), text)
        out.append(g)
    return out


def _begin_step(game: Game, stepname: str) -> list[Game]:
    """Turn-based actions as a step begins (502-514), then state-based actions and triggers."""
    st = game.state
    game = game.with_state(new_state(st, turn=replace(st.turn, step=stepname)))
    guard_unrecognized(game, f"the {stepname} step begins")
    active = st.turn.active
    if stepname == "untap" and active not in game.left:
        guard_scope(game, "untap", "the active player's permanents untap")
        st = game.state
        objs = tuple(replace(o, tapped=False, summoning_sick=False) if o.zone == "battlefield" and o.controller == active
                     else o for o in st.objects)
        objs = tuple(replace(o, activated_this_turn=()) if o.activated_this_turn else o for o in objs)
        players = tuple(replace(p, lands_played=0) for p in st.players)
        game = game.with_state(new_state(st, objects=objs, players=players))
        game = game.log(("502.3", "302.6"), f"{active} untaps their permanents")
    elif stepname == "upkeep":
        guard_scope(game, "upkeep", "the upkeep step begins")
    elif stepname == "draw" and active not in game.left:
        if st.turn.number == 1 and len(st.players) == 2:
            game = game.log("103.8a", f"{active} plays first and skips the draw of turn 1")
        else:
            game = draw(game.log("504.1", f"{active} draws for the turn"), active)
    elif stepname == "cleanup":
        return [x for g in _cleanup(game) for x in _settle_cleanup(g)]
    return settle(game)


def _settle_cleanup(game: Game) -> list[Game]:
    out = settle(game)
    for g in out:
        if g.state.stack or g.steps != game.steps:
            if g.state.stack:
                raise Unsupported("abilities triggered during the cleanup step (514.3a): another cleanup step is not "
                                  "modelled")
    return out


def _run_stack(game: Game) -> list[Game]:
    if not game.state.stack:
        return [game]
    return _resolve(game, {"resolve": "all"})


def advance(game: Game, a: Mapping[str, Any]) -> list[Game]:
    target = a["advance"]
    if target == "next-turn":
        target_step, need_new_turn = "upkeep", True
    else:
        target_step, need_new_turn = target, False
        if target in ("declare-blockers", "combat-damage"):
            raise InputError("advance", f"advance: {target}: with no attackers the rules skip declare blockers "
                                              "and combat damage (508.8)")
    start_turn = game.state.turn.number
    branches = _run_stack(game)
    done = []
    n = 0
    while branches:
        nxt = []
        for g in branches:
            n += 1
            if n > MAX_STEPS:
                raise Unsupported(f"advance passed more than {MAX_STEPS} steps: the search bound was reached")
            st = g.state
            g = _end_step_effects(g)
            i = STEPS.index(st.turn.step)
            if i + 1 < len(STEPS):
                new_step, turn = STEPS[i + 1], st.turn
            else:
                nxt_player = _next_player(g, st.turn.active)
                new_step, turn = "untap", Turn(nxt_player, st.turn.number + 1, "untap")
                g = g.with_state(new_state(g.state, turn=turn)).log("500.1", f"turn {turn.number} ({nxt_player}) begins")
            if new_step in ("declare-blockers", "combat-damage"):
                g = g.with_state(new_state(g.state, turn=replace(g.state.turn, step=new_step)))
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


def perform(game: Game, a: Mapping[str, Any]) -> list[Game]:
    kind = next(k for k in ("cast", "play", "activate", "resolve", "destroy", "exile", "sacrifice", "bounce",
                            "transform", "concede", "advance") if k in a)
    if kind == "cast":
        branches = cast(game, a)
    elif kind == "play":
        branches = play(game, a)
    elif kind == "activate":
        branches = activate(game, a)
    elif kind == "transform":
        branches = transform(game, a)
    elif kind == "resolve":
        return _resolve(game, a)
    elif kind in ("destroy", "exile", "sacrifice", "bounce"):
        branches = _as_effect(game, a, kind)
    elif kind == "concede":
        if a["concede"] in game.left:
            raise InputError("concede", f"{a['concede']} has already left the game")
        branches = [leave_game(game, a["concede"])]
    elif kind == "advance":
        return advance(game, a)
    else:
        raise Unsupported(f"the action {kind!r} is not performed by the engine yet")
    return merge([s for b in branches for s in settle(b)])


def run(game: Game, actions) -> list[Game]:
    branches = [game]
    for a in actions:
        branches = merge([r for g in branches for r in perform(g, a)])
    return branches
