"""An outcome's final states as what changed from the start, for a person to read.

Both the start and each final state are in the outcome's own summary form
(:func:`mtgjudge.queries.kinds.outcome.summary`), so what is compared is exactly what the answer reports.
"""
from __future__ import annotations

from typing import Any, Callable

from mtgjudge.model.engine.game import Game
from mtgjudge.queries.kinds.outcome import summary


def start_of(question) -> dict:
    """The question's starting position, in the outcome's summary form."""
    return summary(Game(state=question.state, initial=question.state))


def _listed(items: list, label: Callable[[str], str]) -> str:
    return ", ".join(label(str(i)) for i in items)


def _said(v: Any) -> str:
    if v is True:
        return "yes"
    if v in (None, False):
        return "none"
    if isinstance(v, dict):
        return ", ".join(f"{k}: {_said(x)}" for k, x in v.items()) or "none"
    if isinstance(v, list):
        return "; ".join(map(str, v)) or "none"
    return str(v)


def changes(start: dict, final: dict, label: Callable[[str], str] = str) -> list[str]:
    """What differs in ``final`` from ``start``, one line each (``label`` names an object id)."""
    out: list[str] = []
    for name, p in final.get("players", {}).items():
        before = start.get("players", {}).get(name, {})
        if p.get("life") != before.get("life"):
            out.append(f"{name}'s life: {before.get('life')} → {p.get('life')}")
        for zone in ("battlefield", "hand", "graveyard", "exile"):
            now, was = list(p.get(zone, [])), list(before.get(zone, []))
            added = [i for i in now if i not in was]
            gone = [i for i in was if i not in now]
            if added:
                out.append(f"{name}'s {zone} gains {_listed(added, label)}")
            if gone:
                out.append(f"{name}'s {zone} loses {_listed(gone, label)}")
        for key in ("library", "counters", "mana_pool"):
            if p.get(key) != before.get(key):
                out.append(f"{name}'s {key.replace('_', ' ')}: {_said(before.get(key))} → {_said(p.get(key))}")
    if final.get("stack") != start.get("stack"):
        out.append(f"the stack: {_listed(final.get('stack', []), label) or 'empty'}")
    perms, was_perms = final.get("permanents", {}), start.get("permanents", {})
    for oid, d in perms.items():
        before = was_perms.get(oid)
        if before is None:
            continue     # said as a zone's gain
        for key in sorted(set(d) | set(before)):
            if d.get(key) == before.get(key):
                continue
            if key == "tapped":
                out.append(f"{label(oid)} became {'tapped' if d.get(key) else 'untapped'}")
            else:
                out.append(f"{label(oid)}: {key.replace('_', ' ')} {_said(before.get(key))} → {_said(d.get(key))}")
    for key in sorted(set(final) - {"players", "stack", "permanents"}):
        if final.get(key) != start.get(key):
            out.append(f"{key.replace('_', ' ')}: {_said(final.get(key))}")
    return out or ["nothing changed"]
