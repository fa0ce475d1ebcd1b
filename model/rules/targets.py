"""Targets (CR 115, 601.2c, 602.2b, 603.3d, 608.2b): which objects and players a target phrase could choose
now, and whether a spell or ability could choose legal targets for all its uses of the word "target".

Phrases are read by the phrase grammar (``vocab.phrases.parse_target``) into a :class:`TargetSpec`; a phrase
outside that grammar raises Unsupported, naming it, so that no "yes" skips a target. The same object may be
chosen for different uses of "target" (601.2c) but not twice for one use; "another target" in an ability
with several uses is read as "different from the others" only where both readings agree.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
import re

from mtgjudge.model.errors import DefinitionError, Unsupported
from mtgjudge.model.explain import Step, step
from mtgjudge.model.objects import GameObject
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.guards import require_modelled
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.protection import protected_from, why as protection_why
from mtgjudge.model.selectors import Selector, TargetSpec
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.phrases import parse_target
from mtgjudge.model.vocab.scopes import Scope

def target_spec(phrase: str) -> TargetSpec:
    """The TargetSpec of a phrase, or Unsupported naming it (for a reader; a spell or ability being cast or
    resolved has its phrases read already: ``specs_of``)."""
    try:
        return parse_target(phrase)
    except DefinitionError:
        raise Unsupported(f"the target phrase {phrase!r} is not in the verifier's vocabulary") from None


def specs_of(ability: Ability) -> list[TargetSpec]:
    """Each use of "target" of the ability, in the order written, as the phrase grammar read it when the card was
    compiled (``Ability.target_specs``); Unsupported naming a phrase the grammar does not read."""
    if len(ability.target_specs) != len(ability.targets) or \
            any(s is not None and s.phrase != p for p, s in zip(ability.targets, ability.target_specs)):
        raise Unsupported(f"the targets ({'; '.join(ability.targets)}) of {ability.text()!r} were not read as its card "
                          "was compiled")
    out = []
    for phrase, spec in zip(ability.targets, ability.target_specs):
        if spec is None:
            raise Unsupported(f"the target phrase {phrase!r} is not in the verifier's vocabulary")
        out.append(spec)
    return out


#: What may stop an object being targeted (115.1; 702.11 hexproof, 702.18 shroud, 702.16 protection, "can't be the
#: target"): text of a spell's instructions that says none of it can't, as the spell waits on the stack.
_STOPS_TARGETING = re.compile(r"\b(?:hexproof|shroud|protection|can't be (?:the )?targets?|target(?:s|ed)? (?:only|by))\b"
                              r"|\bcan't (?:be )?target\b", re.I)


def targetable_by(state: GameState, oid: str, chooser: str, source: str | None = None) -> bool:
    """702.11b hexproof (against opponents), 702.18a shroud, 702.16b protection (from the quality of ``source``,
    the spell or the source of the ability that targets: ``rules.protection``); text on the object that may
    change what can target it ("can't be the target of ...") and is not modelled makes this unsupported."""
    ch = current(state, oid)
    o = state.obj(oid)
    for a in ch.abilities:
        if a.kind == "unmodelled" and a.unmodelled_kind == "spell" and not _STOPS_TARGETING.search(a.source_text):
            continue        # 113.3a, 608.2: a spell's instructions do nothing until it resolves
        if a.kind == "unmodelled" and a.functions_in(o.zone) and a.may_concern(Scope.TARGETING):
            raise Unsupported(f"{o.name} ({oid}) has text the verifier cannot model that may stop it being targeted: "
                              f"{a.source_text!r}")
    if ch.has_keyword("Shroud"):
        return False
    if o.zone == "battlefield" and protected_from(state, oid, source) is not None:
        return False
    return not (ch.has_keyword("Hexproof") and o.controller != chooser)


def _candidates(state: GameState, spec: TargetSpec, chooser: str) -> list[GameObject]:
    if spec.zone == "battlefield":
        return list(state.battlefield())
    if spec.zone == "stack":
        return [o for o in state.objects if o.zone == "stack"]
    if spec.zone == "graveyard":
        # "from a single graveyard": any graveyard for each; that they share one is a choice's (engine.targeting)
        owners = {"any": None, "single": None, "you": chooser}.get(spec.zone_owner, "opponent")
        return [o for o in state.objects if o.zone == "graveyard" and (
            owners is None or (owners == "opponent" and o.owner != chooser) or o.owner == owners)]
    raise Unsupported(f"targets in the {spec.zone} are not modelled")


def is_legal_target(state: GameState, spec: TargetSpec, chooser: str, source: str | None, choice: str,
                    that_player: str | None = None, targetable: bool = True) -> bool:
    """Could ``choice`` (an object id or a player name) be chosen for ``spec`` now (115.1, 608.2b)?
    ``that_player``: the player an enclosing "for each opponent" names; ``targetable=False``: whether it fits
    the phrase alone, whatever stops it being targeted (hexproof, shroud, protection)."""
    if choice in state.player_names:
        if choice in state.left:
            return False
        return (spec.players == "any" or (spec.players == "opponent" and choice != chooser)
                or (spec.players == "you" and choice == chooser))
    if not state.has(choice):
        return False
    o = state.obj(choice)
    if o not in _candidates(state, spec, chooser):
        return False
    if o.zone != "battlefield":
        # Effects may change characteristics of cards and spells too (Celestial Dawn).
        require_modelled(state, (Scope.COLORS_OFF_BATTLEFIELD,), "characteristics off the battlefield matter")
    src = state.obj(source) if source and state.has(source) else None
    stats = {sel.stat[0] for sel in spec.objects if sel is not None and sel.stat is not None}
    if o.zone == "battlefield" and stats & {"power", "toughness"}:
        # a permanent's power and toughness are what its static abilities make them (613.4)
        require_modelled(state, (Scope.POWER_TOUGHNESS, Scope.PT_RAISED), "power and toughness decide a target")
    if not any(_fits(state, sel, o, chooser, src) for sel in spec.objects):
        return False
    if spec.that_player and that_player is not None and o.controller != that_player:
        return False
    if spec.that_player and that_player is None and o.controller == chooser:
        return False
    return not targetable or targetable_by(state, o.id, chooser, source)


def _fits(state: GameState, sel: Selector | None, o: GameObject, chooser: str, src: GameObject | None) -> bool:
    """Does ``o`` fit ``sel`` now, seen from ``chooser``, "with lesser power" (702.134a) decided against the source
    (608.2b: checked again as the ability resolves)? A source not on the battlefield is unsupported (the power it
    last had there decides, Barging Sergeant's ruling 2018-10-05, and is not kept)."""
    if sel is not None and sel.lesser_power:
        if src is None or src.zone != "battlefield":
            raise Unsupported(f"{sel.describe()!r}: the source is not on the battlefield, and the power it last had "
                              "there is not known (702.134a)")
        require_modelled(state, (Scope.POWER_TOUGHNESS, Scope.PT_RAISED), "power decides a target")
        mine, theirs = current(state, src.id), current(state, o.id)
        if mine.power is None or theirs.power is None or o.zone != "battlefield":
            return False
        # 613.4c: counters count
        if theirs.power + o.counters_pt()[0] >= mine.power + src.counters_pt()[0]:
            return False
        sel = replace(sel, lesser_power=False)
    if sel is not None and sel.controller == "defending":
        # 508.5: the defending player of an ability of an attacking creature is the player it attacks, or the
        # controller of the planeswalker it attacks; a source no longer attacking, or no creature's ability, is not
        # modelled
        if src is None or src.zone != "battlefield" or src.attacking is None:
            raise Unsupported(f"{sel.describe()!r}: the source is not attacking, and which player is the defending "
                              "player (508.5) is not known")
        attacked = src.attacking
        if attacked not in state.player_names and not state.has(attacked):
            raise Unsupported(f"{sel.describe()!r}: what the source attacks is gone, and which player is the "
                              "defending player (508.5) is not known")
        defending = state.defending_player(attacked)
        if o.controller != defending:
            return False
        sel = replace(sel, controller="any")
    return matches(sel, current(state, o.id), o, chooser, src, state.turn.step)


def _protected(state: GameState, spec: TargetSpec, chooser: str, source: str | None) -> list[str]:
    """The objects that fit ``spec`` but have protection from ``source`` (702.16b), as a reason names them."""
    if not spec.objects:
        return []
    out = []
    for o in _candidates(state, spec, chooser):
        if o.zone == "battlefield" and is_legal_target(state, spec, chooser, source, o.id, targetable=False):
            q = protected_from(state, o.id, source)
            if q is not None:
                out.append(protection_why(state, o.id, q))
    return out


def legal_choices(state: GameState, spec: TargetSpec, chooser: str, source: str | None,
                  that_player: str | None = None) -> list[str]:
    """Every object and player ``spec`` could choose now."""
    players = [p for p in state.player_names if is_legal_target(state, spec, chooser, source, p)] if spec.players else []
    objs = [o.id for o in _candidates(state, spec, chooser) if spec.objects
            and is_legal_target(state, spec, chooser, source, o.id, that_player)]
    return players + objs


def legal_targets(state: GameState, spec: TargetSpec, chooser: str, source: str | None) -> tuple[list[str], bool]:
    """The objects or players ``spec`` could target for ``chooser``, and whether zero targets is allowed."""
    return legal_choices(state, spec, chooser, source), spec.minimum == 0


def _distinct_choice_exists(options: list[list[str]], needs: list[int]) -> bool:
    """Can each use of "target" get its ``needs`` objects, no object chosen for two uses? (small search)"""
    def go(i: int, used: frozenset[str]) -> bool:
        if i == len(options):
            return True
        free = [x for x in options[i] if x not in used]
        if needs[i] == 0:
            return go(i + 1, used)
        if len(free) > 12:
            free = free[:12]   # enough to show existence: each later use needs at most a few
        return any(go(i + 1, used | frozenset(c)) for c in itertools.combinations(free, needs[i]))
    return go(0, frozenset())



def _as_target(phrase: str) -> str:
    """The phrase as the card says it: "target creature" (an encoding's "creature"), "up to one target creature"."""
    return phrase if "target" in phrase.lower().split() or "targets" in phrase.lower().split() else f"target {phrase}"

def target_requirements(state: GameState, specs: Sequence[TargetSpec], chooser: str, source: str | None) \
        -> list[tuple[Step, bool]]:
    """One (reason, holds) pair per use of "target" (601.2c): are there enough legal choices for it? With
    several uses where one says "another", the uses are also checked together for different objects."""
    if specs:
        require_modelled(state, (Scope.TARGETING,), "targets are chosen")
    out: list[tuple[Step, bool]] = []
    options: list[list[str]] = []
    for spec in specs:
        found = legal_choices(state, spec, chooser, source)
        options.append(found)
        names = [state.obj(t).name if state.has(t) else t for t in found]
        listing = f"{len(found)} legal choice(s) ({', '.join(names[:4])}{', ...' if len(names) > 4 else ''})"
        if spec.minimum == 0:
            out.append((step("601.2c", f"{_as_target(spec.phrase)}: zero targets may be chosen"), True))
        elif len(found) >= spec.minimum:
            out.append((step(("601.2c", "115.1"), f"{_as_target(spec.phrase)}: {listing}"), True))
        else:
            need = "there is no legal target" if not found else f"it needs {spec.minimum}, there are {len(found)}"
            shielded = _protected(state, spec, chooser, source)
            if shielded:
                # 702.16b: a "no" names the protection that forbids the target
                out.append((step(("601.2c", "115.1", "702.16b"), f"{_as_target(spec.phrase)}: {need} "
                                                                 f"({'; '.join(shielded)})"), False))
            else:
                out.append((step(("601.2c", "115.1"), f"{_as_target(spec.phrase)}: {need}"), False))
    linked = len(specs) > 1 and any(sel.other for s in specs for sel in s.objects)
    if linked and all(ok for _, ok in out):
        needs = [s.minimum for s in specs]
        if not _distinct_choice_exists(options, needs):
            raise Unsupported(f"the targets ({'; '.join(s.phrase for s in specs)}) could be chosen only if \"another\" allows the "
                              "same object for two of them, which the verifier does not decide")
    return out
