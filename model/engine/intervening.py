"""Intervening "if" clauses (CR 603.4), the slice `etb` of issue 9: a triggered ability whose first effect is
``intervening_if`` (read by ``oracle.intervening``) triggers only if its condition is true when its trigger
event occurs (``triggers._trigger`` asks ``holds``), and on resolution does nothing if the condition is false
then (``resolve.resolve_top`` asks ``holds`` again). The condition is a count of ``rules.counts`` for the
ability's controller, the ability's source being "~" for "another" (what it counts is on the battlefield as
it is checked: 603.4, 608.2h)."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.oracle.intervening import read_condition
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.vocab.abilities import Ability


def condition_of(ability: Ability) -> str | None:
    """The intervening "if" condition of a triggered ability, as written; None if it has none."""
    if ability.kind == "triggered" and ability.effects and ability.effects[0].kind == "intervening_if":
        return ability.effects[0].arg("condition")
    return None


def holds(game: Game, ability: Ability, controller: str, source: str) -> bool:
    """603.4: is the ability's intervening "if" condition true now for ``controller`` (True if it has none)?"""
    cond = condition_of(ability)
    if cond is None:
        return True
    try:
        phrase, op, n = read_condition(cond)
    except DefinitionError:
        raise Unsupported(f"the condition 'if {cond}' (603.4) is not one the engine reads") from None
    st = game.state
    guard_scope(st, "characteristics", f"the condition 'if {cond}' is checked (603.4)")
    src = st.obj(source) if st.has(source) else None
    k = counts.value(st, controller, counts.parse(phrase), src)
    return k >= n if op == ">=" else k <= n if op == "<=" else k == n


def marker(game: Game, e, ctx) -> list[Game]:
    """The ``intervening_if`` word on resolution: the condition was checked as the ability began to resolve
    (``resolve.resolve_top``), nothing more to do."""
    return [game]
