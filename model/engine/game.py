"""The Game value: an immutable GameState plus what the engine must remember between actions.

``moves`` counts each id's zone changes, so that "the same object" (CR 400.7) can be told apart from a new
object the same card became; ``linked`` holds the cards exiled "until" their source leaves (610.3);
``pending`` the triggered abilities waiting to be put on the stack (603.3); ``left`` the players who left the
game (800.4a). ``steps`` (the rules applied) and ``choices`` (the choices made) do not count in equality:
branches that reach equal states merge (``key``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from mtgjudge.model.explain import Step, step

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.state import GameState, StackAbility

#: Bounds of the search: past them the answer is unsupported, saying so.
MAX_BRANCHES = 2000
MAX_STEPS = 400


@dataclass(frozen=True)
class EngineStackAbility(StackAbility):
    """A triggered ability on the stack, with how many zone changes its source had made when it triggered
    (610.3b: whether the source has left since)."""

    source_moves: int = 0


@dataclass(frozen=True)
class Linked:
    """Cards exiled until ``source`` (as the object it was after ``source_moves`` zone changes) leaves the
    battlefield (610.3); ``exiled``: (id, its zone-change count once exiled)."""

    source: str
    source_moves: int
    controller: str
    exiled: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Pending:
    """A triggered ability that has triggered and waits to be put on the stack (603.3)."""

    source: str
    index: int
    controller: str
    source_moves: int


@dataclass(frozen=True)
class Game:
    state: GameState
    moves: tuple[tuple[str, int], ...] = ()
    linked: tuple[Linked, ...] = ()
    pending: tuple[Pending, ...] = ()
    left: tuple[str, ...] = ()
    drew_empty: tuple[str, ...] = ()
    sba_done: bool = False
    initial: GameState | None = field(default=None, compare=False)   # the question's state (704.5m checks)
    steps: tuple[Step, ...] = field(default=(), compare=False)
    choices: tuple[str, ...] = field(default=(), compare=False)

    def key(self) -> tuple:
        """Equality of states up to the names of interchangeable objects: ids the question did not give
        (they start with "_") are replaced by where the object is (zone, player, position), so that
        discarding one Forest or another of two alike gives one state."""
        s = self.state
        label: dict[str, str] = {}
        for p in s.players:
            for z, ids in p.zones:
                for i, oid in enumerate(ids):
                    if oid.startswith("_"):
                        label[oid] = f"_{z}:{p.name}:{i}"
        for i, item in enumerate(s.stack):
            if isinstance(item, str) and item.startswith("_"):
                label[item] = f"_stack:{i}"

        def m(ref):
            if ref is None:
                return None
            base, sep, rest = ref.partition("#")
            return label.get(base, base if not base.startswith("_") else "_gone") + sep + rest

        objs = tuple(sorted((replace(o, id=m(o.id), attached_to=m(o.attached_to), targets=tuple(m(t) for t in o.targets))
                             for o in s.objects), key=lambda o: (o.id, repr(o))))
        players = tuple(replace(p, zones=tuple((z, tuple(m(i) for i in ids)) for z, ids in p.zones)) for p in s.players)
        stack = tuple(m(x) if isinstance(x, str) else replace(x, source=m(x.source), targets=tuple(m(t) for t in x.targets))
                      for x in s.stack)
        effects = tuple(replace(e, objects=tuple(m(t) for t in e.objects)) for e in s.effects)
        # Zone-change counts matter only for the objects something still refers to (610.3, 603.3).
        referred = {l.source for l in self.linked} | {i for l in self.linked for i, _ in l.exiled} | \
            {p.source for p in self.pending} | {x.source for x in s.stack if not isinstance(x, str)}
        moves = tuple(sorted((m(k), n) for k, n in self.moves if k in referred))
        linked = tuple(replace(l, source=m(l.source), exiled=tuple((m(i), n) for i, n in l.exiled)) for l in self.linked)
        pending = tuple(replace(p, source=m(p.source)) for p in self.pending)
        return (players, objs, s.turn, stack, effects, moves, linked, pending, self.left, self.drew_empty)

    def moved(self, oid: str) -> int:
        return dict(self.moves).get(oid, 0)

    def with_state(self, state: GameState) -> "Game":
        return replace(self, state=state)

    def log(self, rules, text: str) -> "Game":
        return replace(self, steps=self.steps + (step(rules, text),))

    def choose(self, text: str) -> "Game":
        return replace(self, choices=self.choices + (text,))


def new_state(state: GameState, **changes) -> GameState:
    """dataclasses.replace for a GameState, resetting its index and cache."""
    return replace(state, _index={}, _cache={}, **changes)


def merge(games: list[Game]) -> list[Game]:
    """Merge branches that reached equal states (keeping the first's choices and steps)."""
    seen: dict = {}
    for g in games:
        k = g.key()
        if k not in seen:
            seen[k] = g
    if len(seen) > MAX_BRANCHES:
        raise Unsupported(f"the actions branch into more than {MAX_BRANCHES} distinct states: the search bound "
                          "was reached")
    return list(seen.values())


def names_of(o) -> set[str]:
    """The names an object answers to in actions and assertions (the spec's matching; 111.4 for tokens)."""
    from mtgjudge.model.cards.loader import normalize

    names = {normalize(o.name), normalize(o.card.name)}
    if o.token:
        names.add(normalize((" ".join(o.printed.subtypes) or o.name) + " Token"))
    return names


def find_ref(state: GameState, ref: str, zone: str | None = "battlefield") -> str | None:
    """An action's reference: an id, else the one object (in ``zone``) with that name (an object made during
    the actions); None when there is none; unsupported when several match."""
    from mtgjudge.model.cards.loader import normalize

    if state.has(ref):
        return ref
    found = [o.id for o in state.objects if normalize(ref) in names_of(o) and (zone is None or o.zone == zone)]
    if len(found) > 1:
        raise Unsupported(f"{len(found)} objects are named {ref} now: which one the action means is ambiguous")
    return found[0] if found else None


def name_of(state: GameState, oid: str) -> str:
    return f"{state.obj(oid).name} ({oid})" if state.has(oid) else oid
