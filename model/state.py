"""The game state: players, zones, turn and step, the stack and effects in force (immutable values).

Build one with :func:`model.state.GameState` directly or from a question file (queries.questions).
Zones are ordered tuples of object ids; objects live in ``GameState.objects`` keyed by id.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterator

from mtgjudge.model.objects import GameObject

STEPS = ("untap", "upkeep", "draw", "precombat-main", "beginning-of-combat", "declare-attackers",
         "declare-blockers", "combat-damage", "end-of-combat", "postcombat-main", "end", "cleanup")
MAIN_PHASES = ("precombat-main", "postcombat-main")
#: Steps in which no player receives priority (CR 502.4 untap; 514.3 cleanup, usually).
NO_PRIORITY_STEPS = ("untap", "cleanup")


@dataclass(frozen=True)
class PoolMana:
    """One mana in a mana pool (CR 106.4), with the object whose ability made it where that matters
    (snow, CR 107.4h; spending restrictions, 106.6)."""

    type: str
    source: str | None = None


@dataclass(frozen=True)
class Player:
    name: str
    life: int = 20
    lands_played: int = 0
    mana_pool: tuple[PoolMana, ...] = ()
    zones: tuple[tuple[str, tuple[str, ...]], ...] = ()   # zone name -> object ids (top first)
    unknown_library: int = 0                                # "library: N": cards nobody knows

    def zone(self, name: str) -> tuple[str, ...]:
        return dict(self.zones).get(name, ())


@dataclass(frozen=True)
class Turn:
    active: str
    number: int
    step: str = "precombat-main"


@dataclass(frozen=True)
class StackAbility:
    """An activated or triggered ability on the stack (CR 113.7): its source and which of its abilities."""

    source: str
    index: int
    controller: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class EffectInForce:
    """What a resolved spell or ability left behind (CR 611): from which card, which ability, on what."""

    source_card: str
    controller: str
    ability: int | None = None
    began_turn: int = 0
    objects: tuple[str, ...] = ()
    chosen: tuple[tuple[str, str], ...] = ()
    x: int | None = None
    timestamp: int = 0


@dataclass(frozen=True)
class GameState:
    """A whole game state. ``stack`` is top first: object ids (spells) or StackAbility entries."""

    players: tuple[Player, ...]
    objects: tuple[GameObject, ...]
    turn: Turn
    stack: tuple[str | StackAbility, ...] = ()
    effects: tuple[EffectInForce, ...] = ()
    _index: dict = field(default_factory=dict, compare=False, repr=False, hash=False)
    _cache: dict = field(default_factory=dict, compare=False, repr=False, hash=False)  # derived facts

    def __post_init__(self) -> None:
        self._index.update({o.id: o for o in self.objects})

    # ---- lookups
    def obj(self, oid: str) -> GameObject:
        return self._index[oid]

    def has(self, oid: str) -> bool:
        return oid in self._index

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def opponents(self, name: str) -> tuple[str, ...]:
        """In a multiplayer game every other player is an opponent (CR 102.3; no teams modelled)."""
        return tuple(p.name for p in self.players if p.name != name)

    def battlefield(self, controller: str | None = None) -> Iterator[GameObject]:
        """Permanents on the battlefield, in timestamp order."""
        perms = [o for o in self.objects if o.zone == "battlefield" and (controller is None or o.controller == controller)]
        return iter(sorted(perms, key=lambda o: o.timestamp))

    def in_zone(self, player: str, zone: str) -> tuple[GameObject, ...]:
        return tuple(self.obj(i) for i in self.player(player).zone(zone))

    # ---- derived facts
    @property
    def active_player(self) -> str:
        return self.turn.active

    def is_main_phase(self) -> bool:
        return self.turn.step in MAIN_PHASES

    def with_object(self, o: GameObject) -> "GameState":
        """A copy of this state with one object replaced."""
        objs = tuple(o if x.id == o.id else x for x in self.objects)
        return replace(self, objects=objs, _index={}, _cache={})

    def with_player(self, p: Player) -> "GameState":
        players = tuple(p if x.name == p.name else x for x in self.players)
        return replace(self, players=players, _index={}, _cache={})
