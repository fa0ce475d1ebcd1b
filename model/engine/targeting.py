"""Choosing targets as a spell is cast or an ability is activated (601.2c, 602.2b), and reading them again as
it resolves (608.2b). Which objects and players are legal targets is decided by ``rules.targets`` alone (the
same decision can-play and can-activate make); this module enumerates the choices (every legal choice a
branch unless the action fixes it) and says which effect acts on which target.
"""
from __future__ import annotations

import itertools
from math import prod
from typing import Sequence

from mtgjudge.model.engine.game import MAX_BRANCHES, Game, find_ref
from mtgjudge.model.errors import Illegal, InputError, SearchBound, Unsupported
from mtgjudge.model.explain import step
from mtgjudge.model.rules.targets import is_legal_target, legal_choices, target_spec
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.rules.guards import require_modelled


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


def choose_targets(game: Game, phrases: Sequence[str], chooser: str, source: str,
                   fixed: Sequence[str] | None, itself_illegal: bool = True) -> list[tuple[str, ...]]:
    """Every choice of targets for the uses of "target" ``phrases`` of the spell or ability ``source`` (on
    the stack already, 601.2a-c): one object or player for each use; ``itself_illegal``: ``source`` is the
    spell itself (115.5), not the permanent an ability comes from. ``fixed`` (the action's ``targets``)
    settles the choice; a fixed target that is not legal makes the action illegal (601.2c, 115.1)."""
    if not phrases:
        if fixed:
            raise InputError("targets", f"{_name(game, source)} has no targets to choose")
        return [()]
    require_modelled(game.state, (Scope.TARGETING,), "targets are chosen")
    specs = [target_spec(p) for p in phrases]
    for spec in specs:
        if (spec.minimum, spec.maximum) != (1, 1):
            raise Unsupported(f"choosing {spec.phrase!r}: only uses of \"target\" that choose exactly one object or "
                              "player are performed by the engine yet")
        if spec.that_player:
            raise Unsupported(f"choosing {spec.phrase!r}: which player \"that player\" is depends on another "
                              "choice, not performed by the engine yet")
    if len(specs) > 1 and any(sel.other for s in specs for sel in s.objects):
        raise Unsupported(f"the targets ({'; '.join(phrases)}) say \"another\": choosing them together is not "
                          "performed by the engine yet")
    # 115.5: a spell or ability on the stack is an illegal target for itself.
    options = [[c for c in legal_choices(game.state, spec, chooser, source) if not (itself_illegal and c == source)]
               for spec in specs]
    if fixed is not None:
        refs = [_resolve_ref(game, t) for t in fixed]
        if len(refs) != len(specs):
            raise InputError("targets", f"{_name(game, source)} has {len(specs)} target(s) "
                                        f"({'; '.join(phrases)}); {len(refs)} given")
        for ref, spec, opts in zip(refs, specs, options):
            if ref not in opts:
                raise Illegal((step(("601.2c", "115.1"), f"{_name(game, ref)} is not a legal choice for "
                                                          f"\"target {spec.phrase}\" of {_name(game, source)}"),))
        return [tuple(refs)]
    for spec, opts in zip(specs, options):
        if not opts:
            raise Illegal((step(("601.2c", "115.1"), f"\"target {spec.phrase}\" of {_name(game, source)}: there "
                                                      "is no legal target"),))
    if prod(len(o) for o in options) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} choices of targets for {_name(game, source)}: the search "
                          "bound was reached")
    # 601.2c: the same object may be chosen for different uses of "target".
    return [tuple(c) for c in itertools.product(*options)]


def effect_slots(ability: Ability, targets: Sequence[str]) -> list[int | None]:
    """For each effect of the ability, which of its targets it acts on (an index into ``targets``): the n-th
    effect naming a target phrase takes the n-th target (the order the card's text says "target", 601.2c);
    None for an effect without one."""
    with_target = [e for e in ability.effects if e.arg("target")]
    if len(with_target) != len(ability.targets) or len(targets) != len(ability.targets):
        raise Unsupported(f"which target each effect of {ability.text()!r} acts on is not known to the engine")
    out: list[int | None] = []
    n = 0
    for e in ability.effects:
        if e.arg("it"):
            # 608.2c: "It gets +2/+2" / "That creature gains haste": the object the instruction before acted on
            if not out or out[-1] is None:
                raise Unsupported(f"what 'it' refers to in {ability.text()!r} is not known to the engine")
            out.append(out[-1])
            continue
        out.append(n if e.arg("target") else None)
        n += 1 if e.arg("target") else 0
    return out


def still_legal(game: Game, ability: Ability, controller: str, source: str, targets: Sequence[str]) -> list[bool]:
    """608.2b: is each target still legal as the spell or ability resolves (the same test as when it was
    chosen: ``rules.targets``)? A target that changed zones is a new object and illegal (400.7)."""
    phrases = ability.targets
    if len(phrases) != len(targets):
        raise Unsupported(f"{len(targets)} target(s) given for {ability.text()!r}, which has {len(phrases)}")
    require_modelled(game.state, (Scope.TARGETING,), "targets are checked on resolution")
    return [is_legal_target(game.state, target_spec(p), controller, source, t) for p, t in zip(phrases, targets)]
