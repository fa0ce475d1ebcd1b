"""The ``attack`` and ``block`` actions (508.1, 509.1): the game moves to the declare attackers (declare blockers)
step, the declaration is checked by the model (``rules.combat.declare``: ``illegal`` with the rule that forbids
it), attackers without vigilance tap (508.1f, 702.20b), the total cost to attack is paid (508.1h-j: Ghostly
Prison; every way to pay it a branch) and the creatures become attacking, blocking and blocked
(508.1k, 509.1g-h). Then the abilities that trigger on attackers (blockers) being declared trigger (508.1m,
509.1i: ``triggers.triggered_by_combat``) and are put on the stack, APNAP and in every order (508.2b, 509.2a),
before the active player gets priority in that step (508.2, 509.2): the actions after it cast and activate there.
Combat ends as the end of combat step ends (511.3, ``rules.combat.declare.end_of_combat``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.settle import settle
from mtgjudge.model.engine.triggers import attack_events, block_events, combat_triggered
from mtgjudge.model.engine.turn import advance
from mtgjudge.model.errors import Illegal, InputError, Unsupported
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.rules.combat.declare import attack_payment, attackers, check_attack, check_block, creatures
from mtgjudge.model.state import STEPS, GameState, TurnHistory


def _to_step(game: Game, target: str, action: str) -> list[Game]:
    """This turn's ``target`` step: now, or reached as ``advance`` reaches it; a step already past is the
    question's error."""
    st = game.state
    now, goal = STEPS.index(st.turn.step), STEPS.index(target)
    if now > goal:
        raise InputError(action, f"{action}: this turn's {target} step is past (the game is in the {st.turn.step} step)")
    if now == goal:
        return [game]
    return advance(game, {"advance": target})


def attack(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """``attack: {attacker: defending, ...}``: declare exactly these attackers (508.1)."""
    decl = dict(a["attack"])
    out = []
    for g in _to_step(game, "declare-attackers", "attack"):
        st = g.state
        if attackers(st):
            raise InputError("attack", "attackers have already been declared this combat (508.1)")
        for oid in decl:
            if st.obj(oid).zone != "battlefield":
                raise InputError("attack", f"{oid} is not on the battlefield")
        ans = check_attack(st, decl)
        if ans.is_unsupported:
            raise Unsupported(ans.unsupported)
        if ans.value is not True:
            raise Illegal(ans.why)
        cs = creatures(st)
        exerted = [x for x in decl if cs[x].has("exert")]
        if exerted:
            # 701.43d, 508.1g: whether it is exerted is the active player's choice as it attacks; the choice, the
            # untap step it skips (701.43a) and the ability linked to it (607.2h) are not performed
            raise Unsupported(f"{st.obj(exerted[0]).name} ({exerted[0]}) may be exerted as it attacks (701.43d): "
                              "exerting and what follows it are not performed by the engine")
        cost, _ = attack_payment(st, decl)
        # 508.1f: the attackers tap; 508.1h-j: then the total cost to attack is paid, every way a branch (the one
        # payment model, ``engine.paying``); 508.1k: then they are attacking
        tapped = tuple(replace(o, tapped=o.tapped or "Vigilance" not in cs[o.id].keywords) if o.id in decl else o
                       for o in st.objects)
        g = g.with_state(st.evolve(objects=tapped))
        paid = [g] if cost is None else [
            b.log(("508.1h", "508.1i", "508.1j"), f"{st.turn.active} pays the total cost to attack, {cost.text()}")
            for b in pay(g, g.state, st.turn.active, cost, None)]
        shown = ", ".join(f"{st.obj(x).name} attacks {d if d in st.player_names else st.obj(d).name}"
                          + ("" if "Vigilance" not in cs[x].keywords else " (vigilance: it doesn't tap)")
                          for x, d in decl.items()) or "no creature attacks"
        for b in paid:
            now = b.state
            b = b.with_state(now.evolve(objects=tuple(replace(o, attacking=decl[o.id]) if o.id in decl else o
                                                      for o in now.objects)))
            b = b.log(("508.1", "508.1f", "508.1k"), f"{st.turn.active} declares attackers: {shown}")
            if decl:
                b = b.remember(this_turn=declared(b.state.this_turn, st.turn.active, decl, st.player_names))
                b = combat_triggered(b, attack_events(decl, _lives(b.state)), "attackers are declared", ("508.1m", "508.2b"))
            out += settle(b)
    return merge(out)


def _lives(st: GameState) -> dict[str, int]:
    """The life of each player still in the game (800.4a: one who left is no longer a player in it)."""
    return {p.name: p.life for p in st.players if p.name not in st.left}


def declared(h: TurnHistory, active: str, decl: Mapping[str, str], players: tuple[str, ...]) -> TurnHistory:
    """The turn's history once ``active`` declared the attackers ``decl`` (one or more): they attacked with a creature
    this turn (raid), and each player a creature attacks was attacked this step (508.6: a planeswalker or battle
    attacked is not its player)."""
    h = h.noting("attacked_with", active)
    for d in decl.values():
        if d in players:
            h = h.noting("attacked", d)
    return h


def block(game: Game, a: Mapping[str, Any]) -> list[Game]:
    """``block: {blocker: attacker(s), ...}``: declare exactly these blockers (509.1)."""
    decl = {b: tuple(v) for b, v in a["block"].items()}
    out = []
    st0 = game.state
    if STEPS.index(st0.turn.step) < STEPS.index("declare-attackers") or not attackers(st0):
        raise InputError("block", "no creature is attacking: declare attackers first (an attack action, or attacking: "
                                  "in the state; 508.8: with no attackers there is no declare blockers step)")
    for g in _to_step(game, "declare-blockers", "block"):
        st = g.state
        if any(o.blocking for o in st.battlefield()):
            raise InputError("block", "blockers have already been declared this combat (509.1)")
        for oid in decl:
            if st.obj(oid).zone != "battlefield":
                raise InputError("block", f"{oid} is not on the battlefield")
        ans = check_block(st, decl)
        if ans.is_unsupported:
            raise Unsupported(ans.unsupported)
        if ans.value is not True:
            raise Illegal(ans.why)
        blocked = {x for v in decl.values() for x in v}
        objs = tuple(replace(o, blocking=decl[o.id]) if o.id in decl and decl[o.id] else
                     replace(o, blocked=True) if o.id in blocked else o for o in st.objects)
        g = g.with_state(st.evolve(objects=objs))
        shown = ", ".join(f"{st.obj(b).name} blocks " + " and ".join(st.obj(x).name for x in v)
                          for b, v in decl.items() if v) or "no creature blocks"
        g = g.log(("509.1", "509.1g", "509.1h"), f"blockers are declared: {shown}")
        out += settle(combat_triggered(g, block_events(decl), "blockers are declared", ("509.1i", "509.2a")))
    return merge(out)
