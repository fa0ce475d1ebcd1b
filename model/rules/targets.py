"""Whether a spell or ability that targets could choose legal targets now (CR 115.1, 601.2c, 602.2b).

A targeted spell or ability can't be cast or activated without a legal target for each required target.
Target phrases are parsed into a player target or a selector over permanents; a phrase outside that
vocabulary raises Unsupported, naming it, so that no "yes" skips a target.
"""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError

from mtgjudge.model.selectors import parse_noun_phrase
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.explain import Step, step
from mtgjudge.model.errors import Unsupported

#: Phrases that may choose zero targets ("any number of targets", "up to one target ...").
OPTIONAL_PREFIXES = ("any number of", "up to")


def _targetable_by(state, oid: str, chooser: str) -> bool:
    """702.11b hexproof (against opponents), 702.18a shroud."""
    ch = current(state, oid)
    if ch.has_keyword("Shroud"):
        return False
    return not (ch.has_keyword("Hexproof") and state.obj(oid).controller != chooser)


def legal_targets(state, phrase: str, chooser: str, source: str | None) -> tuple[list[str], bool]:
    """The objects or players ``phrase`` ("creature", "any target", "player", "nonland permanent an
    opponent controls") could target for ``chooser``, and whether zero targets is allowed."""
    words = phrase.strip().lower()
    if words.startswith(OPTIONAL_PREFIXES):
        return [], True
    players = list(state.player_names)
    if words in ("player", "target player"):
        return players, False
    if words in ("opponent", "target opponent"):
        return [p for p in players if p != chooser], False
    creatures_and_players = words in ("any target",)
    if creatures_and_players:
        kinds = ("Creature", "Planeswalker", "Battle")
        objs = [o.id for o in state.battlefield() if any(k in current(state, o.id).types for k in kinds)]
        return players + [o for o in objs if _targetable_by(state, o, chooser)], False
    try:
        sel = parse_noun_phrase(phrase)
    except DefinitionError:
        raise Unsupported(f"the target phrase {phrase!r} is not in the verifier's vocabulary") from None
    src = state.obj(source) if source else None
    objs = [o.id for o in state.battlefield()
            if matches(sel, current(state, o.id), o, chooser, src) and _targetable_by(state, o.id, chooser)]
    return objs, False


def target_requirements(state, phrases: tuple[str, ...], chooser: str, source: str | None) -> list[tuple[Step, bool]]:
    """One (reason, holds) pair per required target (601.2c): is there a legal choice for it?"""
    out: list[tuple[Step, bool]] = []
    if len(phrases) > 1:
        # The same object can't be chosen for two uses of "target" in one spell (601.2c example); choosing
        # several targets jointly is not modelled yet.
        raise Unsupported(f"several targets ({'; '.join(phrases)}): choosing them jointly is not modelled yet")
    for phrase in phrases:
        found, optional = legal_targets(state, phrase, chooser, source)
        if optional:
            out.append((step("601.2c", f"{phrase}: zero targets may be chosen"), True))
            continue
        names = [state.obj(t).name if state.has(t) else t for t in found]
        text = (f"target {phrase}: {len(found)} legal choice(s) ({', '.join(names[:4])}{', ...' if len(names) > 4 else ''})"
                if found else f"target {phrase}: there is no legal target")
        out.append((step(("601.2c", "115.1"), text), bool(found)))
    return out
