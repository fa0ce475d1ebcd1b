"""``can-activate``: could this player activate this activated ability now? (CR 602, 605.3, 107.5, 107.6,
302.6, 702.10c)

The activation is posed to z3: the choices are which objects pay each part of the cost that names objects
(the permanent tapped for {T}, "tap an untapped creature you control", what is sacrificed); each rule is a
tracked requirement named by its CR number. A "no" is a minimal unsat core; a "yes" lists the requirements
that hold, with the choices as witness. A cost part or target phrase the model cannot check makes the answer `unsupported`, naming it.
"""
from __future__ import annotations

from typing import Any

from mtgjudge.model.vocab.abilities import Ability, CostPart
from mtgjudge.model.rules.layers import activated_abilities, current, matches
from mtgjudge.model.rules.guards import require_modelled_battlefield, require_modelled_object
from mtgjudge.model.explain import Step, step
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.state import NO_PRIORITY_STEPS, GameState
from mtgjudge.model.rules.targets import target_requirements
from mtgjudge.model.explain import Answer, unsupported
from mtgjudge.model.errors import InputError
from mtgjudge.model.solve.tracked import TrackedSolver


def resolve_ability(state: GameState, oid: str, which: Any) -> tuple[int, Ability]:
    """The (1-based index, ability) a question's ``ability:`` names; errors name the key."""
    abilities = activated_abilities(state, oid)
    name = state.obj(oid).name
    if not abilities:
        raise InputError("ability", f"{name} has no activated abilities")
    if which is None:
        if len(abilities) > 1:
            listing = "; ".join(f"{i}: {a.text()}" for i, a in enumerate(abilities, 1))
            raise InputError("ability", f"{name} has {len(abilities)} activated abilities; say which ({listing})")
        return 1, abilities[0]
    if isinstance(which, int):
        if not 1 <= which <= len(abilities):
            raise InputError("ability", f"{name} has {len(abilities)} activated abilities, not {which}")
        return which, abilities[which - 1]
    hits = [(i, a) for i, a in enumerate(abilities, 1) if str(which).lower() in a.text().lower()]
    if len(hits) != 1:
        listing = "; ".join(f"{i}: {a.text()}" for i, a in enumerate(abilities, 1))
        raise InputError("ability", f"{which!r} matches {len(hits)} of {name}'s activated abilities ({listing})")
    return hits[0]


def answer(question) -> Answer:
    state: GameState = question.state
    oid = question.about
    try:
        require_modelled_object(state, oid)
        require_modelled_battlefield(state, "activation")
        index, ability = resolve_ability(state, oid, question.params.get("ability"))
        if ability.kind == "unmodelled":
            return unsupported(f"{state.obj(oid).name}'s ability {ability.source_text!r} is not modelled")
        obj = state.obj(oid)
        player = question.params.get("by") or (obj.controller if obj.zone == "battlefield" else obj.owner)
        return decide(state, oid, index, ability, player, question.params.get("x", 0))
    except Unsupported as e:
        return unsupported(str(e))


def decide(state: GameState, oid: str, index: int, ability: Ability, player: str, x: int = 0) -> Answer:
    """Decide whether ``player`` can activate ``ability`` (the ``index``-th of ``oid``) now."""
    ts = TrackedSolver()
    z3 = ts.z3
    obj = state.obj(oid)
    ch = current(state, oid)
    label = f"{obj.name}'s ability {index} ({ability.text()})"
    witness: dict[str, Any] = {"ability": index, "text": ability.text(), "player": player}

    # Where it functions: abilities of permanents work on the battlefield (113.6).
    ts.require(step("113.6", f"{obj.name} is on the battlefield, where its abilities function" if obj.zone == "battlefield"
                    else f"{obj.name} is in the {obj.zone}; its activated abilities function only on the battlefield"),
               z3.BoolVal(obj.zone == "battlefield"))
    # Who may activate it: its controller (602.2).
    ts.require(step("602.2", f"{player} controls {obj.name}" if obj.controller == player
                    else f"only {obj.name}'s controller, {obj.controller}, can activate its abilities, not {player}"),
               z3.BoolVal(obj.controller == player))
    # When: with priority (117.1b); a mana ability also whenever a mana payment is asked for (605.3a).
    step_name = state.turn.step
    if ability.is_mana_ability:
        ts.require(step("605.3a", "a mana ability can be activated whenever its controller has priority or a payment is asked for"),
                   z3.BoolVal(True))
    else:
        ok = step_name not in NO_PRIORITY_STEPS
        ts.require(step("117.1b", f"{player} has priority in the {step_name} step" if ok
                        else f"no player receives priority in the {step_name} step (CR 502.4, 514.3), so only mana abilities can be activated"),
                   z3.BoolVal(ok))
    if ability.timing == "sorcery":
        ok_turn = state.turn.active == player
        ok_main = state.is_main_phase()
        ok_stack = not state.stack
        ts.require(step("602.5d", "activate only as a sorcery: it is " + ("" if ok_turn else "not ") + f"{player}'s turn"),
                   z3.BoolVal(ok_turn))
        ts.require(step(("602.5d", "307.1"), "activate only as a sorcery: " + (f"it is a main phase" if ok_main
                        else f"the {step_name} step is not a main phase")), z3.BoolVal(ok_main))
        ts.require(step(("602.5d", "307.1"), "activate only as a sorcery: the stack is " + ("empty" if ok_stack
                        else f"not empty ({len(state.stack)} object(s))")), z3.BoolVal(ok_stack))
    if ability.once_each_turn:
        done = index in obj.activated_this_turn
        ts.require(step("602.5b", "activate only once each turn: " + ("it was already activated this turn" if done
                        else "not yet activated this turn")), z3.BoolVal(not done))

    pending: list[str] = []        # parts the model cannot check yet (a "yes" would skip them)
    tapped_by_cost: list[Any] = []  # (choice var, candidates) of parts that tap objects
    choices: list[tuple[str, Any, list]] = []
    for n_part, part in enumerate(ability.cost):
        _encode_part(ts, state, obj, ch, part, player, n_part, choices, tapped_by_cost, pending, x)
    # Objects tapped by different parts of one cost are different objects: once tapped, a permanent is no
    # longer untapped (118.3).
    flat = [(v, cands) for v, cands in tapped_by_cost]
    for i in range(len(flat)):
        for j in range(i + 1, len(flat)):
            (vi, ci), (vj, cj) = flat[i], flat[j]
            same = [z3.And(vi == a, vj == b) for a, oa in enumerate(ci) for b, ob in enumerate(cj) if oa == ob]
            if same:
                ts.require(step("118.3", "a permanent tapped for one part of the cost is no longer untapped for another"),
                           z3.Not(z3.Or(same)))
    # A targeted ability needs a legal target for each target it requires (601.2c via 602.2b).
    for st, ok in target_requirements(state, ability.targets, player, oid):
        ts.require(st, z3.BoolVal(ok))

    if not ts.check():
        core = ts.minimal_core()
        return Answer(False, tuple(r.step for r in core), {"blocked_by": [list(r.step.rules) for r in core]})
    model = ts.model()
    for name, var, cands in choices:
        witness[name] = cands[model.eval(var, model_completion=True).as_long()]
    why = tuple(r.step for r in ts.holding())
    if any(p.kind == "mana" for p in ability.cost):
        payable, plan, reasons = _pay_mana(ts, state, obj, ability, player, x, choices, ch)
        mana_text = "".join(str(sym) for p in ability.cost if p.kind == "mana" for sym in p.mana)
        if not payable:
            return Answer(False, reasons or (step("601.2h", f"{player} can't pay {mana_text}"),),
                          {"blocked_by": [list(r.rules) for r in reasons]})
        witness["payment"] = plan
        why += (step(("601.2g", "601.2h"), f"{player} can pay {mana_text}"),)
    if pending:
        return unsupported(f"{label}: " + "; ".join(pending), *why)
    why += (step("602.2", f"{player} can activate {label}"),)
    return Answer(True, why, witness)


def _encode_part(ts: TrackedSolver, state: GameState, obj, ch, part: CostPart, player: str, n_part: int,
                 choices: list, tapped_by_cost: list, pending: list, x: int) -> None:
    z3 = ts.z3
    p = state.player(player)
    is_creature = "Creature" in ch.types
    if part.kind in ("tap", "untap"):
        symbol, rule = ("{T}", "107.5") if part.kind == "tap" else ("{Q}", "107.6")
        ok = not obj.tapped if part.kind == "tap" else obj.tapped
        var = z3.Int(f"part{n_part}")
        cands = [obj.id]
        ts.add(var == 0)
        choices.append((f"pays {symbol}", var, cands))
        if part.kind == "tap":
            tapped_by_cost.append((var, cands))
        ts.require(step(rule, f"{obj.name} is " + ("untapped" if not obj.tapped else "tapped") +
                        (f", so it can pay {symbol}" if ok else f"; {symbol} needs it {'untapped' if part.kind == 'tap' else 'tapped'}")),
                   z3.BoolVal(ok))
        if is_creature:
            haste = ch.has_keyword("Haste")
            fresh = not obj.summoning_sick
            if fresh:
                text = f"{obj.name} has been under {player}'s control continuously since their most recent turn began"
            elif haste:
                origin = ch.keyword_origin("Haste")
                text = f"{obj.name} arrived this turn but has haste" + (f" from {origin}" if origin else "")
            else:
                text = (f"{obj.name} is a creature that has not been under {player}'s control continuously since their most "
                        f"recent turn began and has no haste, so it can't pay {symbol}")
            rules = ("302.6", "702.10c") if haste and not fresh else ("302.6",)
            ts.require(step(rules, text), z3.BoolVal(fresh or haste))
        return
    if part.kind == "mana":
        # Paid after the other parts are chosen: see _pay_mana (the choices interact through which
        # permanents are still untapped).
        return
    if part.kind == "pay_life":
        ok = p.life >= part.n
        ts.require(step("119.4", f"{player} has {p.life} life" + ("" if ok else f", less than the {part.n} to pay")),
                   z3.BoolVal(ok))
        return
    if part.kind == "remove_counters":
        have = obj.counter(part.counter)
        ts.require(step("118.3", f"{obj.name} has {have} {part.counter} counter(s)" + ("" if have >= part.n else f"; the cost removes {part.n}")),
                   z3.BoolVal(have >= part.n))
        return
    if part.kind in ("sacrifice", "tap_untapped", "sacrifice_self"):
        perms = list(state.battlefield())
        if part.kind == "sacrifice_self":
            ok = obj.zone == "battlefield" and obj.controller == player
            ts.require(step("701.21a", f"{player} can sacrifice {obj.name}"), z3.BoolVal(ok))
            return
        for k in range(part.n):
            var = z3.Int(f"part{n_part}_{k}")
            cands = [o.id for o in perms]
            ts.add(z3.And(var >= 0, var < max(1, len(cands))))
            fits = [matches(part.what, current(state, o.id), o, player, obj) for o in perms]
            what = part.what.describe() if part.what else "permanent"
            rule = "701.21a" if part.kind == "sacrifice" else "118.3"
            ts.require(step(rule, f"the cost needs {'an' if what[0] in 'aeiou' else 'a'} {what}" +
                            (f" ({sum(fits)} available)" if any(fits) else ": there is none")),
                       z3.Or([var == i for i, f in enumerate(fits) if f]) if any(fits) else z3.BoolVal(False))
            choices.append((f"{'sacrifices' if part.kind == 'sacrifice' else 'taps'} ({k + 1})", var, cands))
            if part.kind == "tap_untapped":
                tapped_by_cost.append((var, cands))
        if part.n > 1:
            vs = [c[1] for c in choices[-part.n:]]
            ts.require(step("118.3", f"the cost needs {part.n} different objects"), z3.Distinct(vs))
        return
    if part.kind == "discard":
        have = len(p.zone("hand"))
        ts.require(step("118.3", f"{player} has {have} card(s) in hand" + ("" if have >= part.n else f"; the cost discards {part.n}")),
                   z3.BoolVal(have >= part.n))
        return
    if part.kind == "exile_from_graveyard":
        have = len(p.zone("graveyard"))
        ts.require(step("118.3", f"{player} has {have} card(s) in their graveyard" + ("" if have >= part.n else f"; the cost exiles {part.n}")),
                   z3.BoolVal(have >= part.n))
        return
    pending.append(f"the cost part {part.text()!r} is not modelled yet")


#: At most this many distinct choices of the other cost parts are tried against the mana payment.
MAX_CHOICE_MODELS = 64


def _pay_mana(ts: TrackedSolver, state: GameState, obj, ability: Ability, player: str, x: int,
              choices: list, ch) -> tuple[bool, Any, tuple[Step, ...]]:
    """Pay the ability's mana cost (601.2g-h via 602.2b) jointly with the other parts' choices.

    Every distinct choice of the objects the other parts tap or sacrifice is tried (they can't also make
    mana); the first that leaves the mana payable is the witness. Returns (payable, plan, reasons).
    """
    from mtgjudge.model.payment.problem import can_pay_cost
    from mtgjudge.model.rules.spending import Purpose

    symbols = tuple(sym for part in ability.cost if part.kind == "mana" for sym in part.mana)
    purpose = Purpose("mana_ability" if ability.is_mana_ability else "ability", frozenset(ch.types),
                      frozenset(ch.subtypes), frozenset(ch.colors), f"{obj.name}'s ability")
    z3 = ts.z3
    reasons: tuple[Step, ...] = ()
    for _ in range(MAX_CHOICE_MODELS):
        if not ts.check():
            break
        model = ts.model()
        picked = {name: cands[model.eval(var, model_completion=True).as_long()] for name, var, cands in choices}
        used = frozenset(v for k, v in picked.items() if k.startswith(("pays {T}", "taps", "sacrifices")))
        if any(p.kind == "sacrifice_self" for p in ability.cost):
            used |= {obj.id}
        result = can_pay_cost(state, player, symbols, x, exclude_sources=used, for_what=purpose)
        if result.sat:
            return True, {"choices": picked, "mana": result.plan}, ()
        reasons = result.reasons
        if not choices:
            break
        ts.add(z3.Or([var != model.eval(var, model_completion=True) for _, var, _ in choices]))
    else:
        raise Unsupported(f"more than {MAX_CHOICE_MODELS} ways to pay the other parts of the cost were tried")
    return False, None, reasons
