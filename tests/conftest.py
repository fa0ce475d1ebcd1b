"""Shared test helpers: build small game states without question files."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgjudge.model.cards import card_db
from mtgjudge.model.objects import GameObject
from mtgjudge.model.state import GameState, Player, Turn

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def obj(oid: str, name: str, controller: str = "Alice", zone: str = "battlefield", ts: int = 0, **status) -> GameObject:
    """A game object of a card the product defines."""
    found = card_db().find(name)
    assert found is not None, f"test uses undefined card {name}"
    card, face = found
    return GameObject(oid, card, controller, controller, zone, face=face, timestamp=ts, **status)


def state_of(*objects: GameObject, players=("Alice", "Bob"), active: str = "Alice", step: str = "precombat-main",
             life: dict | None = None, stack=()) -> GameState:
    """A state whose battlefield (and other zones) hold the given objects, timestamps in listing order."""
    objs = tuple(GameObject(**{**o.__dict__, "timestamp": o.timestamp or i + 1}) for i, o in enumerate(objects))
    ps = []
    for p in players:
        zones: dict[str, list[str]] = {}
        for o in objs:
            owner_zone = o.zone if o.zone != "battlefield" else None
            if owner_zone and o.owner == p:
                zones.setdefault(owner_zone, []).append(o.id)
        ps.append(Player(p, life=(life or {}).get(p, 20), zones=tuple((z, tuple(ids)) for z, ids in zones.items())))
    return GameState(tuple(ps), objs, Turn(active, 1, step), stack=tuple(stack))


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.exists():
        pytest.skip("../shared is not beside the project")
    return SHARED
