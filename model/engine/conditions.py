"""Performing instructions that depend on a condition checked on resolution (608.2c) and coin flips (705), the
words of ``vocab.words_conditions`` (read by ``oracle.conditions``).

- ``if_state``: the instruction after it is followed only in the branches where the condition is true as it is
  reached (each branch is its own game: an instruction before may have changed what the condition counts);
- ``state_instead``: in each branch, the marker's own instruction (on the same target) if the condition is true,
  else the instruction after it;
- ``coin_flip`` then any number of ``if_won`` / ``if_lost`` each before its instruction: the flip is won in one
  branch and lost in the other (705.1: the result is random, so each is a possible outcome), and each
  instruction is followed only in the branches of its result.

A condition is a count of ``rules.counts`` for the spell's controller, their life total (119.1), or the
creatures they control with power N or greater (power after the layers and counters, ``sba.power``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.engine.sba import power
from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.oracle.conditions import graveyard_cards, read_condition
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect

if TYPE_CHECKING:
    from mtgjudge.model.engine.resolve import Ctx

#: The markers' kinds; ``run_marked`` reads each with the instruction after it (on its own one does nothing).
MARKERS = ("if_state", "state_instead", "coin_flip", "if_won", "if_lost")
MARKER_HANDLERS = {k: (lambda g, e, c: [g]) for k in MARKERS}
_FLIP_RESULTS = ("if_won", "if_lost")


def holds(game: Game, condition: str, controller: str, source: str | None) -> bool:
    """608.2c: is ``condition`` true now for ``controller``, the controller of the resolving spell or ability?"""
    try:
        what, op, n = read_condition(condition)
    except DefinitionError:
        raise Unsupported(f"the condition 'if {condition}' is not one the engine reads") from None
    st = game.state
    guard_scope(st, "characteristics", f"the condition 'if {condition}' is checked (608.2c)")
    if what == "life":
        k = st.player(controller).life
    elif what.startswith("power "):
        least = int(what.split()[1])
        k = sum(1 for o in st.battlefield(controller)
                if "Creature" in current(st, o.id).types and power(game, o.id) >= least)
    elif what.endswith(" in your graveyard") and not _a_count(what):
        kinds = graveyard_cards(what)
        k = sum(1 for o in st.in_zone(controller, "graveyard")
                if any(matches(sel, current(st, o.id), o, controller, None) for sel in kinds))
    else:
        src = st.obj(source) if source is not None and st.has(source) else None
        k = counts.value(st, controller, counts.parse(what), src)
    return k >= n if op == ">=" else k <= n if op == "<=" else k == n


def _a_count(phrase: str) -> bool:
    try:
        counts.parse(phrase)
    except DefinitionError:
        return False
    return True


def _said(game: Game, condition: str, true: bool) -> Game:
    return game.log(("608.2c",), f"'if {condition}' is {'true' if true else 'false'}")


def run_marked(branches: list[Game], effects: tuple[Effect, ...], uses: list, i: int, it, perform: Callable,
               ctx: Ctx):
    """``effects[i]`` is a marker: it and the instructions it governs, on every branch (``perform`` performs one
    instruction, as ``resolve.run_effects`` does). Returns the branches, what "it" names next and the index
    after them."""
    marker = effects[i]
    if marker.kind == "coin_flip":
        return _flip(branches, effects, uses, i, it, perform)
    if marker.kind in _FLIP_RESULTS:
        raise Unsupported(f"{marker.text()!r} with no coin flipped before it is not performed")
    if i + 1 >= len(effects) or effects[i + 1].kind in MARKERS:
        raise Unsupported(f"{marker.text()!r} with no instruction after it is not performed")
    nxt, cond = effects[i + 1], marker.arg("condition")
    out: list[Game] = []
    its = set()
    for g in branches:
        true = holds(g, cond, ctx.controller, ctx.source)
        g = _said(g, cond, true)
        inst = (marker.arg("effect") if true else nxt) if marker.kind == "state_instead" else (nxt if true else None)
        if inst is None:
            out.append(g)
            continue
        done, it_g = perform([g], inst, uses[i + 1], it)
        out += done
        its.add(it_g)
    # "it" after them names one object only if every branch leaves the same one
    return merge(out), (its.pop() if len(its) == 1 else (it if not its else (None, True))), i + 2


def _flip(branches: list[Game], effects: tuple[Effect, ...], uses: list, i: int, it, perform: Callable):
    """705.1: a coin flip and the instructions that depend on its result."""
    chain: list[tuple[bool, int]] = []
    j = i + 1
    while j < len(effects) and effects[j].kind in _FLIP_RESULTS:
        if j + 1 >= len(effects) or effects[j + 1].kind in MARKERS:
            raise Unsupported(f"{effects[j].text()!r} with no instruction after it is not performed")
        chain.append((effects[j].kind == "if_won", j + 1))
        j += 2
    won = [g.choose("the coin flip is won (705.1)") for g in branches]
    lost = [g.choose("the coin flip is lost (705.1)") for g in branches]
    it_won = it_lost = it
    for is_won, k in chain:
        if is_won:
            won, it_won = perform(won, effects[k], uses[k], it_won) if won else (won, it_won)
        else:
            lost, it_lost = perform(lost, effects[k], uses[k], it_lost) if lost else (lost, it_lost)
    return merge(won + lost), (it_won if it_won == it_lost else (None, True)), j
