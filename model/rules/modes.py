"""Which modes of a modal spell can be chosen (CR 700.2): how many the instruction allows, each at most once
unless "You may choose the same mode more than once" (700.2d), and only modes whose targets can be chosen
(700.2a, 601.2c). Used by can-play (``legality``) and by casting (``words.modes.perform``).
"""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Iterable

from mtgjudge.model.explain import Step, step
from mtgjudge.model.rules.targets import specs_of, target_requirements
from mtgjudge.model.selectors import TargetSpec
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.abilities import Ability

#: A choice of modes: their numbers (1 = the first written), sorted. The number of choices is bounded by the
#: printed text (the most: "choose three" of four modes with repetition, 20).
Combo = tuple[int, ...]


def modal_of(abilities: Iterable[Ability]) -> Ability | None:
    """The modal spell ability among ``abilities`` (700.2), if any."""
    return next((a for a in abilities if a.kind == "spell" and a.modes), None)


def all_choices(ab: Ability) -> list[Combo]:
    """Every choice of modes the instruction allows (700.2): between ``choose[0]`` and ``choose[1]`` modes,
    different ones unless "You may choose the same mode more than once" (700.2d); modes numbered from 1 in the
    order written, each choice sorted (the modes are performed in the order written, 608.2c)."""
    lo, hi = ab.choose
    pick = combinations_with_replacement if ab.mode_repeat else combinations
    n = range(1, len(ab.modes) + 1)
    return [c for k in range(max(lo, 1), hi + 1) for c in pick(n, k)]


def mode_targets(ab: Ability, combo: Combo) -> list[TargetSpec]:
    """The uses of "target" of the chosen modes, in the order the spell's text says "target" (601.2c, 700.2c), as
    read when the card was compiled."""
    return [t for i in combo for t in specs_of(ab.modes[i - 1])]


def legal_choices(state: GameState, ab: Ability, player: str, source: str | None) -> list[Combo]:
    """700.2a: the choices of modes for which every target can be chosen (601.2c)."""
    return [c for c in all_choices(ab)
            if all(ok for _, ok in target_requirements(state, mode_targets(ab, c), player, source))]


def requirement(state: GameState, abilities: Iterable[Ability], player: str, source: str) -> list[tuple[Step, bool]]:
    """For can-play: a modal spell can be cast only with a choice of modes whose targets can be chosen
    (700.2a, 601.2c); none for a spell that is not modal."""
    ab = modal_of(abilities)
    if ab is None:
        return []
    name = state.obj(source).name if state.has(source) else source
    found = legal_choices(state, ab, player, source)
    if found:
        return [(step(("700.2a", "601.2c"), f"{name} is modal: its mode(s) {describe(found[0])} can be chosen, "
                                             "each of their targets having a legal choice"), True)]
    return [(step(("700.2a", "601.2c"), f"{name} is modal, and no choice of its modes has a legal choice for each of "
                                         "its targets"), False)]


def describe(combo: Combo) -> str:
    return ", ".join(str(i) for i in combo)
