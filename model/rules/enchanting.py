"""What an Aura can enchant (CR 303.4a, 303.4c-d, 702.5a, 704.5m): its one enchant ability's phrase, and
whether it may stay attached to a permanent. Not being targetable (hexproof 702.11, shroud 702.18) doesn't
stop an Aura from enchanting: those are about targets; protection does (702.16c, ``rules.protection``). Used by
the engine as an Aura spell is cast (its target) and by the state-based action."""
from __future__ import annotations

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.guards import require_modelled
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.protection import protected_from
from mtgjudge.model.rules.targets import specs_of
from mtgjudge.model.selectors import TargetSpec
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.scopes import Scope


def enchant_phrase(state: GameState, aura: str) -> str:
    """The phrase of the Aura's one enchant ability ("target creature"), or unsupported (702.5a, 115.1b)."""
    ch = current(state, aura)
    phrases = [t for a in ch.abilities if a.kind == "keyword" and a.keyword == "Enchant" for t in a.targets]
    if len(phrases) != 1:
        raise Unsupported(f"{state.obj(aura).name} is an Aura: what it can enchant (115.1b, 702.5a) is not modelled")
    return phrases[0]


def enchant_spec(state: GameState, aura: str) -> TargetSpec:
    """The Aura's one enchant ability's phrase as read when its card was compiled (``enchant_phrase``)."""
    ch = current(state, aura)
    specs = [s for a in ch.abilities if a.kind == "keyword" and a.keyword == "Enchant" for s in specs_of(a)]
    if len(specs) != 1:
        raise Unsupported(f"{state.obj(aura).name} is an Aura: what it can enchant (115.1b, 702.5a) is not modelled")
    return specs[0]


def can_enchant(state: GameState, aura: str, target: str) -> bool:
    """303.4c, 704.5m: may the Aura stay attached to the permanent ``target``? It must fit the enchant
    ability's phrase and have no protection from the Aura (702.16c); unmodelled text that may concern attachments is
    unsupported."""
    spec = enchant_spec(state, aura)
    o = state.obj(target)
    if o.zone != "battlefield" or spec.zone != "battlefield":
        return False
    require_modelled(state, (Scope.ATTACH,), f"whether {state.obj(aura).name} may enchant {o.name}")
    ch = current(state, target)
    if protected_from(state, target, aura) is not None:
        return False
    if target == aura or "Creature" in current(state, aura).types:
        return False      # 303.4d
    src = state.obj(aura)
    return any(matches(sel, ch, o, src.controller, src, state.turn.step) for sel in spec.objects)
