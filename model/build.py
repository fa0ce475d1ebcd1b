"""Small game states built in code (for tests, benchmarks and library users who would rather not write a
question file): objects of the cards the verifier defines, and a state holding them."""
from __future__ import annotations

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.objects import GameObject
from mtgjudge.model.state import GameState, Player, Turn


def obj(oid: str, name: str, controller: str = "Alice", zone: str = "battlefield", ts: int = 0, **status) -> GameObject:
    """A game object of a card the verifier defines (``status``: tapped, summoning_sick, counters, ...)."""
    found = card_db().find(name)
    if found is None:
        raise KeyError(f"no card named {name!r} is defined")
    card, face = found
    return GameObject(oid, card, controller, controller, zone, face=face, timestamp=ts, **status)


def state_of(*objects: GameObject, players=("Alice", "Bob"), active: str = "Alice", step: str = "precombat-main",
             life: dict | None = None, stack=()) -> GameState:
    """A state whose battlefield (and other zones) hold the given objects, timestamps in listing order, on
    turn 1 of ``active``."""
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
