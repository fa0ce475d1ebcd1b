"""Mana sources: every activated mana ability a player could activate now, and what each could add.

This is the one description of mana abilities that both ``mana-options`` and payment (``can-pay``,
``can-play``) search over (CR 605). Each :class:`ManaSource` is one activated mana ability of one
permanent, with its cost (which may itself need mana: filters, Doubling Cube) and every distinct amount of
mana one activation could add, choices expanded and replacement effects applied in every order
(CR 106.12b, 616.1), plus what triggered mana abilities add (605.1b, 106.12a).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement

from model.abilities import Ability, CostPart
from model.characteristics import activated_abilities, current
from model.explain import Unsupported
from model.mana import mana_string


@dataclass(frozen=True)
class ManaSource:
    """One activated mana ability of one permanent, as a resource for paying and for mana-options."""

    source: str                                   # the permanent's id
    ability_index: int                            # 1-based among its activated abilities
    ability: Ability
    cost: tuple[CostPart, ...]
    outputs: tuple[tuple[tuple[str, int], ...], ...]   # each: sorted (type, amount) pairs; distinct
    snow: bool                                    # its source is a snow permanent (CR 107.4h)
    spend_only: str = ""                          # spending restriction of the mana (CR 106.6)

    @property
    def taps_source(self) -> bool:
        """CR 106.12: "tapped for mana" means a mana ability with {T} in its cost."""
        return any(p.kind == "tap" for p in self.cost)

    def output_counters(self) -> list[Counter]:
        return [Counter(dict(o)) for o in self.outputs]

    def describe(self) -> str:
        return f"{self.source}: {self.ability.text()}"


def freeze(c: Counter) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((t, n) for t, n in c.items() if n > 0))


def production_outputs(state, oid: str, ability: Ability) -> list[Counter]:
    """Every distinct mana one resolution of the ability could add, before replacement effects.

    Modes the model cannot evaluate raise Unsupported naming the ability.
    """
    p = ability.production
    assert p is not None
    mult = 1
    if p.per is not None or p.per_counter:
        raise Unsupported(f"amounts that depend on the state ({ability.text()}) are not modelled yet")
    if p.mode == "fixed":
        return [Counter(p.fixed)]
    if p.mode == "one_type":
        return [Counter({t: p.amount * mult}) for t in p.choices]
    if p.mode == "combination":
        return [Counter(combo) for combo in combinations_with_replacement(p.choices, p.amount * mult)]
    if p.mode == "chosen_color":
        color = state.obj(oid).choice("color")
        if color is None:
            raise Unsupported(f"{oid}: no color was chosen for {ability.text()!r} (give `chosen: {{color: G}}`)")
        return [Counter({color: p.amount})]
    raise Unsupported(f"mana production {ability.text()!r} is not modelled yet")


def mana_sources(state, player: str) -> list[ManaSource]:
    """The activated mana abilities of permanents ``player`` controls, with their possible outputs."""
    out: list[ManaSource] = []
    for o in state.battlefield(player):
        ch = current(state, o.id)
        for i, a in enumerate(activated_abilities(state, o.id), 1):
            if a.kind == "unmodelled":
                raise Unsupported(f"{o.name} ({o.id}) has an ability the model cannot represent: {a.source_text!r}")
            if not a.is_mana_ability:
                continue
            outs = {freeze(c) for c in production_outputs(state, o.id, a)}
            out.append(ManaSource(o.id, i, a, a.cost, tuple(sorted(outs)), "Snow" in ch.supertypes, a.spend_only))
    return out
