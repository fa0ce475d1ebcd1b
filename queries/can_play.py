"""``can-play``: could this player play this land or cast this spell now? (CR 117.1a, 305.1-2, 307.1,
601.2-601.3, 118)

Timing of casting from hand (sorcery speed: own main phase, empty stack; instants and flash: whenever the
player has priority), land plays (one per turn, 305.2), and the total cost (601.2f) paid with the same
machinery as ``can-pay`` (queries.solve.payment_z3), with the restrictions that depend on what is being
cast (106.6) and convoke, delve and improvise. The timing conditions join the solver as tracked
requirements, so a "no" is one minimal set of reasons across timing and payment.

Playing from other zones, or another player's cards, needs a permission from an effect in force
(model.permissions); with one, the same timing, land-play and cost rules apply.
"""
from __future__ import annotations

from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.costs import total_cost
from mtgjudge.model.rules.guards import require_modelled_battlefield
from mtgjudge.model.explain import Step, step
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import format_cost
from mtgjudge.model.payment.problem import require_modelled_for_payment
from mtgjudge.model.state import NO_PRIORITY_STEPS, GameState
from mtgjudge.model.rules.targets import target_requirements
from mtgjudge.model.explain import Answer, unsupported
from mtgjudge.queries.can_pay import answer_cost
from mtgjudge.model.solve.tracked import TrackedSolver


def answer(question, all_payments: bool = False) -> Answer:
    """Answer a can-play question."""
    state: GameState = question.state
    oid = question.about
    obj = state.obj(oid)
    player = question.params.get("by") or obj.owner
    x = int(question.params.get("x", 0) or 0)
    try:
        return decide(state, oid, player, x, all_payments)
    except Unsupported as e:
        return unsupported(str(e))


def _own_abilities_guard(state: GameState, oid: str) -> None:
    """The card's own unmodelled text could change how it is cast (additional costs, restrictions)."""
    o = state.obj(oid)
    if not o.card.modelled:
        raise Unsupported(f"{o.card.name!r} ({oid}) is a card the verifier has no definition for yet")
    for a in current(state, oid).abilities:
        if a.kind == "unmodelled" and a.timing in ("static", "spell"):
            concern = getattr(a, "may_concern", lambda s: True)
            if any(concern(s) for s in ("spell-costs", "spending", "mana")):
                raise Unsupported(f"{o.name}'s text {a.source_text!r} is not modelled and could change how it is cast")


def timing_requirements(state: GameState, oid: str, player: str) -> list[tuple[Step, bool]]:
    """When the spell may be cast from hand (117.1a, 307.1; 702.8a flash), as (reason, holds) pairs."""
    ch = current(state, oid)
    name = state.obj(oid).name
    reqs: list[tuple[Step, bool]] = []
    stepname = state.turn.step
    reqs.append((step("117.1", f"{player} has priority in the {stepname} step" if stepname not in NO_PRIORITY_STEPS
                      else f"no player receives priority in the {stepname} step (502.4, 514.3)"),
                 stepname not in NO_PRIORITY_STEPS))
    instant_speed = "Instant" in ch.types or ch.has_keyword("Flash")
    if instant_speed:
        return reqs
    own = state.active_player == player
    main = state.is_main_phase()
    empty = not state.stack
    rule = ("117.1a", "307.1") if "Sorcery" in ch.types else ("117.1a",)
    reqs.append((step(rule, f"{name} is not an instant and has no flash, so it can be cast only during its caster's own "
                      f"turn; it is {state.active_player}'s turn"), own))
    reqs.append((step(rule, f"{name} can be cast only in a main phase; it is the {stepname} step"), main))
    reqs.append((step(rule, f"{name} can be cast only when the stack is empty; the stack holds {len(state.stack)} object(s)"),
                 empty))
    return reqs


def decide(state: GameState, oid: str, player: str, x: int = 0, all_payments: bool = False) -> Answer:
    """Decide can-play for ``oid`` by ``player``."""
    obj = state.obj(oid)
    if obj.zone != "hand" or obj.owner != player:
        blocked = _permission(state, oid, player)
        if blocked is not None:
            return blocked
    _own_abilities_guard(state, oid)
    require_modelled_for_payment(state, player)
    require_modelled_battlefield(state, "casting")
    ch = current(state, oid)
    if "Land" in ch.types:
        return _land(state, oid, player)
    face = obj.printed
    timing = timing_requirements(state, oid, player)
    if "Aura" in ch.subtypes:
        raise Unsupported(f"{obj.name} is an Aura spell: it targets what it can enchant (115.1b), which is not modelled yet")
    phrases = tuple(t for a in ch.abilities if a.kind == "spell" for t in a.targets)
    timing += target_requirements(state, phrases, player, oid)
    if face.mana_cost is None:
        ts = TrackedSolver()
        for st, ok in timing:
            ts.require(st, ts.z3.BoolVal(ok))
        ts.require(step("118.6", f"{obj.name} has no mana cost: its cost is unpayable"), ts.z3.BoolVal(False))
        ts.check()
        return Answer(value=False, why=tuple(r.step for r in ts.minimal_core()))
    cost = total_cost(state, player, oid, x=x)
    lead = [st for st, ok in timing]
    lead.append(step("601.2f", f"the total cost of {obj.name} is its mana cost {format_cost(cost.symbols)}"
                     + (f" with X={x}" if any(s.kind == 'x' for s in cost.symbols) else "")
                     + "".join(f"; {m.describe(state)}" for m in cost.modifiers)
                     + "".join(f"; plus {p.text()}" for p in cost.other)))
    return answer_cost(state, player, cost, all_payments, extra=timing, lead=tuple(lead))


def _permission(state: GameState, oid: str, player: str) -> Answer | None:
    """Playing a card that is not in one's own hand needs an effect that allows it (601.3 for spells;
    305.1 plays lands from the hand). None when an effect in force allows it; else a "no" naming why.

    Permissions the model cannot see (an unmodelled static ability on the battlefield, or the card's own
    unmodelled text, such as flashback) make the answer unsupported rather than "no".
    """
    from mtgjudge.model.rules.permissions import play_permissions

    obj = state.obj(oid)
    if not obj.card.modelled:
        raise Unsupported(f"{obj.card.name!r} ({oid}) is a card the verifier has no definition for yet; its own text "
                          "could let it be played from there")
    perms = play_permissions(state, oid)
    if any(p.in_force and p.player == player for p in perms):
        return None
    if obj.zone in ("battlefield", "stack"):
        return Answer(False, (step("601.3", f"{obj.name} is on the {obj.zone}: there is no card to play"),))
    for o in list(state.battlefield()) + [obj]:
        if not o.card.modelled:
            raise Unsupported(f"{o.card.name!r} ({o.id}) is a card the verifier has no definition for yet; it could "
                              "let cards be played from other zones")
        for a in current(state, o.id).abilities:
            if a.kind == "unmodelled" and a.timing == "static" and a.may_concern("play-permissions"):
                raise Unsupported(f"{o.name} ({o.id}) has text the verifier cannot model that may let cards be "
                                  f"played from other zones: {a.source_text!r}")
    where = f"{obj.owner}'s {obj.zone}" if obj.owner != player or obj.zone != "hand" else "hand"
    why = [p.reason for p in perms] or [step(("601.3", "305.1"), f"no rule or effect lets {player} play {obj.name} "
                                               f"from {where}")]
    return Answer(False, tuple(why))


def _land(state: GameState, oid: str, player: str) -> Answer:
    """305.1-2: a land is played (a special action), not cast."""
    p = state.player(player)
    name = state.obj(oid).name
    if p.lands_played >= 1:
        for o in state.battlefield():
            for a in current(state, o.id).abilities:
                if a.kind == "unmodelled" and getattr(a, "may_concern", lambda s: True)("land-plays"):
                    raise Unsupported(f"{o.name} ({o.id}) may change how many lands can be played: {a.source_text!r}")
                if a.kind == "static" and a.static is not None and "land" in a.static.kind and "play" in a.static.kind:
                    raise Unsupported(f"{o.name} ({o.id}): additional land plays are not modelled in can-play yet")
    stepname = state.turn.step
    conds = [
        (step("305.1", f"{player} has priority in the {stepname} step" if stepname not in NO_PRIORITY_STEPS
              else f"no player receives priority in the {stepname} step"), stepname not in NO_PRIORITY_STEPS),
        (step("305.1", f"a land can be played only during its owner's own turn; it is {state.active_player}'s turn"),
         state.active_player == player),
        (step("305.1", f"a land can be played only in a main phase; it is the {stepname} step"), state.is_main_phase()),
        (step("305.1", f"a land can be played only when the stack is empty; it holds {len(state.stack)} object(s)"),
         not state.stack),
        (step(("305.2", "305.2a"), f"{player} has played {p.lands_played} land(s) this turn and can play 1"),
         p.lands_played < 1),
    ]
    failing = [st for st, ok in conds if not ok]
    if failing:
        return Answer(value=False, why=(failing[0],))
    return Answer(value=True, why=tuple(st for st, _ in conds) + (step("305.1", f"{player} plays {name}"),),
                  witness={"play": oid})
