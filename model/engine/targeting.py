"""Choosing targets as a spell is cast or an ability is activated (601.2c, 602.2b), and reading them again as
it resolves (608.2b). Which objects and players are legal targets is decided by ``rules.targets`` alone (the
same decision can-play and can-activate make); this module enumerates the choices (every legal choice a
branch unless the action fixes it) and says which effect acts on which target.
"""
from __future__ import annotations

import itertools
import re
from math import comb, prod
from typing import Sequence

from mtgjudge.model.engine.game import MAX_BRANCHES, Game, find_ref
from mtgjudge.model.errors import Illegal, InputError, SearchBound, Unsupported
from mtgjudge.model.explain import step
from mtgjudge.model.rules.targets import is_legal_target, legal_choices, specs_of
from mtgjudge.model.selectors import TargetSpec
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.rules.guards import require_modelled
from mtgjudge.model.rules.protection import protected_from, why as protection_why


def _name(game: Game, ref: str) -> str:
    st = game.state
    return f"{st.obj(ref).name} ({ref})" if st.has(ref) else ref


def _resolve_ref(game: Game, ref: str) -> str:
    """An action's target: a player's name, an id, or the one object of that name in any zone."""
    if ref in game.state.player_names or game.state.has(ref):
        return ref
    found = find_ref(game.state, ref, zone=None)
    if found is None:
        raise InputError("targets", f"{ref} names no object or player now")
    return found


def choose_targets(game: Game, specs: Sequence[TargetSpec], chooser: str, source: str,
                   fixed: Sequence[str] | None, itself_illegal: bool = True) -> list[tuple[str, ...]]:
    """Every choice of targets for the uses of "target" ``specs`` of the spell or ability ``source`` (on
    the stack already, 601.2a-c): one object or player for each use; ``itself_illegal``: ``source`` is the
    spell itself (115.5), not the permanent an ability comes from. ``fixed`` (the action's ``targets``)
    settles the choice; a fixed target that is not legal makes the action illegal (601.2c, 115.1)."""
    if not specs:
        if fixed:
            raise InputError("targets", f"{_name(game, source)} has no targets to choose")
        return [()]
    require_modelled(game.state, (Scope.TARGETING,), "targets are chosen")
    phrases = [s.phrase for s in specs]
    if sum(1 for s in specs if s.minimum != s.maximum) > 1:
        raise Unsupported(f"the targets ({'; '.join(phrases)}): more than one use of \"target\" with a variable number "
                          "of targets is not performed by the engine yet")
    for spec in specs:
        if spec.that_player:
            raise Unsupported(f"choosing {spec.phrase!r}: which player \"that player\" is depends on another "
                              "choice, not performed by the engine yet")
    linked = len(specs) > 1 and any(sel.other for s in specs for sel in s.objects)
    if linked and not itself_illegal:
        raise Unsupported(f"the targets ({'; '.join(phrases)}) say \"another\": choosing them together for an "
                          "ability (another than its source, or than its other targets) is not performed by the "
                          "engine yet")
    # 115.5: a spell or ability on the stack is an illegal target for itself.
    options = [[c for c in legal_choices(game.state, spec, chooser, source) if not (itself_illegal and c == source)]
               for spec in specs]
    if fixed is not None:
        refs = [_resolve_ref(game, t) for t in fixed]
        try:
            groups = target_groups(specs, len(refs))
        except Unsupported:
            raise InputError("targets", f"{_name(game, source)} has target(s) ({'; '.join(phrases)}); "
                                        f"{len(refs)} given") from None
        for spec, opts, g in zip(specs, options, groups):
            chosen = refs[g.start:g.stop]
            for ref in chosen:
                if ref not in opts:
                    st = game.state
                    q = protected_from(st, ref, source) if st.has(ref) and st.obj(ref).zone == "battlefield" else None
                    # 702.16b: the reason names the protection that forbids the target
                    why = f" ({protection_why(st, ref, q)})" if q is not None else ""
                    raise Illegal((step(("601.2c", "115.1") + (("702.16b",) if q is not None else ()),
                                        f"{_name(game, ref)} is not a legal choice for {_as_target(spec.phrase)} of "
                                        f"{_name(game, source)}{why}"),))
            if len(set(chosen)) != len(chosen):
                raise Illegal((step(("601.2c", "115.3"), f"{_as_target(spec.phrase)} of {_name(game, source)}: the "
                                                          "same target can't be chosen twice for one use of "
                                                          "\"target\""),))
        if not _single_ok(game.state, specs, [tuple(refs[g.start:g.stop]) for g in groups]):
            raise Illegal((step("601.2c", f"the targets of {_name(game, source)} must be cards from a single "
                                          "graveyard"),))
        if linked and not _distinct_ok(specs, [tuple(refs[g.start:g.stop]) for g in groups]):
            raise Illegal((step("601.2c", f"the targets of {_name(game, source)} say \"another\": the same object "
                                          "can't be chosen for it and an earlier target"),))
        return [tuple(refs)]
    per_use: list[list[tuple[str, ...]]] = []
    for spec, opts in zip(specs, options):
        if len(opts) < spec.minimum:
            need = "there is no legal target" if not opts else f"it needs {spec.minimum}, there are {len(opts)}"
            raise Illegal((step(("601.2c", "115.1"), f"{_as_target(spec.phrase)} of {_name(game, source)}: "
                                                      f"{need}"),))
        top = len(opts) if spec.maximum is None else min(spec.maximum, len(opts))
        if sum(comb(len(opts), k) for k in range(spec.minimum, top + 1)) > MAX_BRANCHES:
            raise SearchBound(f"more than {MAX_BRANCHES} choices for {_as_target(spec.phrase)} of "
                              f"{_name(game, source)}: the search bound was reached")
        # 601.2c, 115.3: how many (within the bounds), then which: different objects for one use.
        per_use.append([c for k in range(spec.minimum, top + 1) for c in itertools.combinations(opts, k)])
    if prod(len(o) for o in per_use) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} choices of targets for {_name(game, source)}: the search "
                          "bound was reached")
    # 601.2c: the same object may be chosen for different uses of "target" (unless one says "another").
    out = [combo for combo in itertools.product(*per_use) if (not linked or _distinct_ok(specs, list(combo)))
           and _single_ok(game.state, specs, list(combo))]
    if not out:
        raise Illegal((step("601.2c", f"the targets of {_name(game, source)} say \"another\": there are not "
                                      "enough different objects to choose"),))
    return [tuple(t for group in combo for t in group) for combo in out]


def _as_target(phrase: str) -> str:
    return phrase if re.search(r"\btargets?\b", phrase, re.I) else f"\"target {phrase}\""


def _single_ok(state, specs: Sequence[TargetSpec], groups: Sequence[Sequence[str]]) -> bool:
    """"Up to three target cards from a single graveyard": the cards chosen for that use have one owner, so are in
    one graveyard (601.2c: the choice of targets follows what the text requires)."""
    return all(len({state.obj(t).owner for t in chosen}) <= 1 for spec, chosen in zip(specs, groups)
               if spec.zone_owner == "single")


def _distinct_ok(specs: Sequence[TargetSpec], groups: Sequence[Sequence[str]]) -> bool:
    """A use whose phrase says "another" ("another target creature") chooses objects not chosen for the
    uses before it (the word's meaning; 601.2c lets other uses share objects)."""
    seen: set[str] = set()
    for spec, chosen in zip(specs, groups):
        if any(sel.other for sel in spec.objects) and seen & set(chosen):
            return False
        seen |= set(chosen)
    return True


def target_groups(specs: Sequence[TargetSpec], n: int) -> list[range]:
    """Which of ``n`` chosen targets (in the order the uses of "target" are written, 601.2c) belong to each
    use: a use with a fixed number takes that many; the one use with a variable number ("up to two",
    "any number of") takes the rest. Unsupported when that can't be told (more than one variable use) or
    the count does not fit."""
    fixed = sum(s.minimum for s in specs if s.minimum == s.maximum)
    variable = [i for i, s in enumerate(specs) if s.minimum != s.maximum]
    if len(variable) > 1:
        raise Unsupported("which targets belong to which use of \"target\" is not known to the engine")
    rest = n - fixed
    flex = specs[variable[0]] if variable else None
    if rest < 0 or (flex is None and rest != 0) or (flex is not None and not (
            flex.minimum <= rest and (flex.maximum is None or rest <= flex.maximum))):
        raise Unsupported(f"{n} target(s) do not fit the uses of \"target\" "
                          f"({'; '.join(s.phrase for s in specs)})")
    out, at = [], 0
    for i, s in enumerate(specs):
        k = rest if i in variable else s.minimum
        out.append(range(at, at + k))
        at += k
    return out


#: The arguments of an effect that name a use of "target", in the order the effect's text says them.
TARGET_ARGS = ("target", "target2")


def effect_uses(ability: Ability, targets: Sequence[str]) -> list[tuple[range | None, range | None]]:
    """For each effect of the ability, which of its targets each of its target arguments (``TARGET_ARGS``:
    "Target creature you control fights target creature you don't control" has two) acts on: a range of
    indexes into ``targets`` (one use of "target" may choose several objects, ``target_groups``). The uses are
    taken in the order the card's text says "target" (601.2c); None for an argument the effect lacks."""
    named = sum(1 for e in ability.effects for k in TARGET_ARGS if e.arg(k))
    if named != len(ability.targets):
        raise Unsupported(f"which target each effect of {ability.text()!r} acts on is not known to the engine")
    groups = target_groups(specs_of(ability), len(targets))
    out: list[tuple[range | None, range | None]] = []
    n = 0
    for e in ability.effects:
        pair: list[range | None] = []
        for k in TARGET_ARGS:
            if e.arg(k):
                pair.append(groups[n])
                n += 1
            else:
                pair.append(None)
        out.append((pair[0], pair[1]))
    return out


def effect_slots(ability: Ability, targets: Sequence[str]) -> list[range | None]:
    """For each effect of the ability, which of its targets its (first) target argument acts on
    (``effect_uses``)."""
    return [first for first, _ in effect_uses(ability, targets)]


def still_legal(game: Game, ability: Ability, controller: str, source: str, targets: Sequence[str]) -> list[bool]:
    """608.2b: is each target still legal as the spell or ability resolves (the same test as when it was
    chosen: ``rules.targets``)? A target that changed zones is a new object and illegal (400.7)."""
    specs = specs_of(ability)
    groups = target_groups(specs, len(targets))
    require_modelled(game.state, (Scope.TARGETING,), "targets are checked on resolution")
    out = [False] * len(targets)
    for spec, g in zip(specs, groups):
        for i in g:
            out[i] = is_legal_target(game.state, spec, controller, source, targets[i])
    return out


#: Effects that divide an amount among the targets of one use of "target" as the spell is cast (601.2d).
DIVIDED = ("damage_divided", "distribute_counters")


def divided_amount(e, x: int | None) -> int | None:
    """The amount a divided effect divides: its number, or X (107.3a) where it says X."""
    return e.arg("n") if e.arg("n") is not None else x if e.arg("x") else None


def division_possible(ability, targets: tuple[str, ...], x: int | None) -> bool:
    """601.2d: each target of a divided effect must receive at least 1: a choice of more targets than the
    amount (or of any target for an amount of 0) can't be made as the spell is cast."""
    if not any(e.kind in DIVIDED for e in ability.effects):
        return True
    for e, group in zip(ability.effects, effect_slots(ability, targets)):
        if e.kind in DIVIDED and group is not None and len(group):
            amount = divided_amount(e, x)
            if amount is None or len(group) > amount:
                return False
    return True
