"""Optional instructions (608.2d) and the instructions that depend on that choice (608.2c), on resolution.

An ability's effects hold ``optional`` before an instruction the controller may follow, then any number of
``if_you_do`` / ``if_you_dont`` each before the instruction that depends on that choice
(``words.optional.read``). The controller chooses as the spell or ability resolves (608.2d): both choices are
branches (``Game.choose``). A player who chose to follow an instruction that then changed nothing (its target
became illegal, 608.2b; nothing to sacrifice; 609.3: it does only as much as possible) didn't do it: the
instructions "If you don't" apply in that branch, not those "If you do" (608.2c)."""
from __future__ import annotations

from typing import Callable

from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.kernel.context import Ctx
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.engine.paying import pay
from mtgjudge.model.payment.answers import can_pay
from mtgjudge.model.payment.energy import can_pay_energy, energy_of, pay_energy
from mtgjudge.model.words.permanents.perform import pay_unless, unless_cost

#: The markers' kinds; the engine reads them in ``run_chain`` (a marker on its own does nothing).
MARKERS = ("optional", "if_you_do", "if_you_dont")
MARKER_HANDLERS = {k: (lambda g, e, c: [g]) for k in MARKERS}


def run_chain(branches: list, effects: tuple[Effect, ...], uses: list, i: int, it, perform: Callable):
    """608.2c-d: the optional instruction at ``effects[i + 1]`` (``effects[i]`` is its marker) and the
    instructions depending on it, on every branch; ``perform(branches, effect, use, it)`` performs one
    instruction (``resolve.run_effects``). Returns the branches, what "it" names next and the index of the first
    effect after the chain."""
    if effects[i].kind != "optional" or i + 1 >= len(effects) or effects[i + 1].kind in MARKERS:
        raise Unsupported(f"{effects[i].text()!r} with no optional instruction before it is not performed")
    inner = effects[i + 1]
    chain: list[tuple[bool, int]] = []
    j = i + 2
    while j < len(effects) and effects[j].kind in ("if_you_do", "if_you_dont"):
        if j + 1 >= len(effects) or effects[j + 1].kind in MARKERS:
            raise Unsupported(f"{effects[j].text()!r} with no instruction after it is not performed")
        chain.append((effects[j].kind == "if_you_do", j + 1))
        j += 2
    did: list = []
    didnt: list = []
    it_did = it_didnt = it
    for g in branches:
        # 608.2d: the choice is made now, as the spell or ability resolves
        didnt.append(g.choose(f"you don't {inner.text()[0].lower() + inner.text()[1:]} (608.2d)"))
        followed, it_did = perform([g.choose(f"you {inner.text()[0].lower() + inner.text()[1:]} (608.2d)")],
                                   inner, uses[i + 1], it)
        for r in followed:
            # 608.2c, 609.3: an instruction that changed nothing was not done ("If you do" asks whether it was)
            (didnt if chain and r.key() == g.key() else did).append(r)
    return _follow(did, didnt, chain, effects, uses, it_did, it_didnt, perform) + (j,)


def run_unless(branches: list[Game], effects: tuple[Effect, ...], uses: list, i: int, it, perform: Callable, ctx: Ctx):
    """118.12a: ``effects[i]`` is ``unless_you_pay``: "<instruction> unless you pay <cost>" is "You may pay <cost>.
    If you don't, <instruction>." The ability's controller chooses as it resolves: every way to pay is a branch in
    which the instruction is not followed (none if the cost can't be paid, 118.3), and not paying is one in which
    it is. Returns the branches, what "it" names next and the index after the instruction."""
    if i + 1 >= len(effects) or effects[i + 1].kind in MARKERS + UNLESS_MARKERS:
        raise Unsupported(f"{effects[i].text()!r} with no instruction after it is not performed")
    out: list[Game] = []
    its = set()
    for g in branches:
        out += pay_unless(g, ctx.controller, unless_cost(g, effects[i], ctx))
        its.add(it)
        done, it_g = perform([g.log("118.12a", f"{ctx.controller} doesn't pay").choose(f"{ctx.controller} doesn't pay")],
                             effects[i + 1], uses[i + 1], it)
        out += done
        its.add(it_g)
    return merge(out), (its.pop() if len(its) == 1 else (None, True)), i + 2


def run_may_pay(branches: list[Game], effects: tuple[Effect, ...], uses: list, i: int, it, perform: Callable,
                ctx: Ctx):
    """608.2d: ``effects[i]`` is ``may_pay``: the ability's controller may pay the mana as it resolves: every way to
    pay is a branch in which the instructions "If you do" after it are followed (none if it can't be paid, 118.3),
    not paying one in which those "If you don't" are (608.2c). Returns the branches, what "it" names next and the
    index of the first effect after them."""
    chain: list[tuple[bool, int]] = []
    j = i + 1
    while j < len(effects) and effects[j].kind in ("if_you_do", "if_you_dont"):
        if j + 1 >= len(effects) or effects[j + 1].kind in MARKERS + UNLESS_MARKERS + ("may_pay",):
            raise Unsupported(f"{effects[j].text()!r} with no instruction after it is not performed")
        chain.append((effects[j].kind == "if_you_do", j + 1))
        j += 2
    p = ctx.controller
    did: list[Game] = []
    didnt: list[Game] = []
    energy = effects[i].arg("energy")
    for g in branches:
        if energy:      # 107.14, 118.3: N energy counters removed, only by a player who has them
            said = "{E}" * energy
            if can_pay_energy(g.state, p, energy):
                did.append(g.with_state(pay_energy(g.state, p, energy)).log(
                    ("608.2d", "107.14"), f"{p} pays {said} ({energy_of(g.state, p) - energy} energy left)").choose(
                    f"{p} pays {said}"))
            able = can_pay_energy(g.state, p, energy)
            didnt.append(g.log("608.2d" if able else ("608.2d", "118.3"), f"{p} doesn't pay {said}" + (
                "" if able else f": {p} has {energy_of(g.state, p)} energy, and can't pay more than that"))
                .choose(f"{p} doesn't pay"))
            continue
        cost = unless_cost(g, effects[i], ctx)
        if can_pay(g.state, p, cost).value:
            did += [b.log("608.2d", f"{p} pays {cost.text()}").choose(f"{p} pays {cost.text()}")
                    for b in pay(g, g.state, p, cost, None)]
        didnt.append(g.log("608.2d", f"{p} doesn't pay {cost.text()}").choose(f"{p} doesn't pay"))
    return _follow(did, didnt, chain, effects, uses, it, it, perform) + (j,)


def _follow(did: list, didnt: list, chain: list[tuple[bool, int]], effects: tuple[Effect, ...], uses: list,
            it_did, it_didnt, perform: Callable) -> tuple:
    """608.2c: after a choice, the instructions "If you do" on the branches where it was made, those "If you don't"
    where it was not; the branches, and what "it" names next: one object only if both choices leave the same one."""
    did, didnt = merge(did), merge(didnt)
    for is_do, k in chain:
        if is_do:
            did, it_did = perform(did, effects[k], uses[k], it_did) if did else (did, it_did)
        else:
            didnt, it_didnt = perform(didnt, effects[k], uses[k], it_didnt) if didnt else (didnt, it_didnt)
    return merge(did + didnt), (it_did if it_did == it_didnt else (None, True))


#: The markers of an instruction followed unless its controller pays and of a payment it may make, with their
#: runners (``engine.performers``).
UNLESS_MARKERS = ("unless_you_pay",)
MARKER_HANDLERS.update({k: (lambda g, e, c: [g]) for k in UNLESS_MARKERS + ("may_pay",)})
MARKER_RUNNERS = {"unless_you_pay": run_unless, "may_pay": run_may_pay}
