"""A branch of the engine's search: the game state it reached (``state``, the one position value, which holds
everything the rules remember) plus what belongs to the branch itself: the question's state (704.5m checks
compare with it), the rules applied on the way (``steps``) and the choices made (``choices``). Steps and
choices do not count in equality: branches that reach equal states merge (``key``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from mtgjudge.model import deadline
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.explain import Step, step
from mtgjudge.model.names import names_of, normalize
from mtgjudge.model.state import GameState, LinkedExile, PendingTrigger

#: Bounds of the search: past them the answer is unsupported, saying so.
MAX_BRANCHES = 2000
MAX_STEPS = 400
#: What a search of the engine is, in the message of a question past its time bound.
FOLLOWING = "following the actions"


@dataclass(frozen=True)
class Game:
    state: GameState
    initial: GameState | None = field(default=None, compare=False)   # the question's state (704.5m checks)
    steps: tuple[Step, ...] = field(default=(), compare=False)
    choices: tuple[str, ...] = field(default=(), compare=False)
    # Spells the actions cast (id, zone changes): the engine casts for the mana cost with no alternative or
    # optional additional cost (601.2b, 601.2f), so no such option was chosen for them.
    cast_plainly: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    # Spells the actions cast from their owner's hand (id, zone changes on the stack): rebound (702.88a) asks.
    cast_from_hand: tuple[tuple[str, int], ...] = field(default=(), compare=False)

    # What the rules remember lives in the state; these read it.
    def moved(self, oid: str) -> int:
        return self.state.moved(oid)

    @property
    def linked(self) -> tuple[LinkedExile, ...]:
        return self.state.linked

    @property
    def pending(self) -> tuple[PendingTrigger, ...]:
        return self.state.pending

    @property
    def left(self) -> tuple[str, ...]:
        return self.state.left

    @property
    def drew_empty(self) -> tuple[str, ...]:
        return self.state.drew_empty

    # Every step of a branch checks the question's time bound, so that the engine stops within the bound's
    # grace in any thread, with or without the alarm (model.deadline).
    def remember(self, **changes) -> "Game":
        """The same branch with the state's memory (or anything else of it) changed."""
        deadline.check(FOLLOWING)
        return replace(self, state=self.state.evolve(**changes))

    def key(self) -> tuple:
        """Equality of states up to the names of interchangeable objects: ids the question did not give
        (they start with "_") are replaced by where the object is (zone, player, position), so that
        discarding one Forest or another of two alike gives one state."""
        s = self.state
        cached = s._cache.get("branch_key")      # a function of the state alone (which never changes)
        if cached is not None:
            return cached
        k = self._key()
        s._cache["branch_key"] = k
        return k

    def _key(self) -> tuple:
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

        objs = sorted((replace(o, id=m(o.id), attached_to=m(o.attached_to), targets=tuple(m(t) for t in o.targets)
                               ) if o.id.startswith("_") or (o.attached_to or "").startswith("_") or o.targets else o
                       for o in s.objects), key=lambda o: o.id)
        if any(a.id == b.id for a, b in zip(objs, objs[1:])):
            objs.sort(key=lambda o: (o.id, repr(o)))      # objects under one label: ordered by all they are
        objs = tuple(objs)
        players = tuple(replace(p, zones=tuple((z, tuple(m(i) for i in ids)) for z, ids in p.zones)) for p in s.players)
        stack = tuple(m(x) if isinstance(x, str) else replace(x, source=m(x.source), targets=tuple(m(t) for t in x.targets))
                      for x in s.stack)
        effects = tuple(replace(e, objects=tuple(m(t) for t in e.objects)) for e in s.effects)
        # Zone-change counts matter only for the objects something still refers to (610.3, 603.3).
        referred = {l.source for l in self.linked} | {i for l in self.linked for i, _ in l.exiled} | \
            {p.source for p in self.pending} | {x.source for x in s.stack if not isinstance(x, str)} | \
            {i for d in s.delayed for i, _ in d.objects} | {u.object for u in s.untap_skips} | \
            {i for i, _ in s.controlled_by_effect}
        moves = tuple(sorted((m(k), n) for k, n in s.zone_changes if k in referred))
        linked = tuple(replace(l, source=m(l.source), exiled=tuple((m(i), n) for i, n in l.exiled)) for l in self.linked)
        pending = tuple(replace(p, source=m(p.source)) for p in self.pending)
        pts = tuple(replace(c, object=m(c.object)) for c in s.pt_changes)
        # shields and replacement effects in force this turn (615, 614.1a) tell states apart too
        shields = tuple(replace(p, to=m(p.to) if p.to else "", source=m(p.source) if p.source else "")
                        for p in s.prevention)
        replacements = tuple(sorted((replace(r, object=m(r.object)) for r in s.replacements), key=repr)) \
            if s.replacements else ()
        delayed = tuple(replace(d, objects=tuple((m(i), n) for i, n in d.objects)) for d in s.delayed)
        skips = tuple(replace(u, object=m(u.object)) for u in s.untap_skips)
        controlled = tuple(sorted((m(i), n) for i, n in s.controlled_by_effect))
        return (players, objs, s.turn, stack, effects, moves, linked, pending, s.left, s.drew_empty, s.turns_played,
                pts, shields, replacements, s.monarch, delayed, skips, s.restrictions, controlled, s.combat_damage_dealt,
                tuple(m(i) for i in s.first_strikers))

    def with_state(self, state: GameState) -> "Game":
        deadline.check(FOLLOWING)
        return replace(self, state=state)

    def log(self, rules, text: str) -> "Game":
        deadline.check(FOLLOWING)
        return replace(self, steps=self.steps + (step(rules, text),))

    def choose(self, text: str) -> "Game":
        deadline.check(FOLLOWING)
        return replace(self, choices=self.choices + (text,))


def merge(games: list[Game]) -> list[Game]:
    """Merge branches that reached equal states (keeping the first's choices and steps)."""
    seen: dict = {}
    # checked for each branch: a state's key takes a while, and a cleanup's discards merge thousands of them
    for g in deadline.checked(games, FOLLOWING):
        k = g.key()
        if k not in seen:
            seen[k] = g
            if len(seen) > MAX_BRANCHES:
                raise SearchBound(f"the actions branch into more than {MAX_BRANCHES} distinct states: the search "
                                  "bound was reached")
    deadline.check(FOLLOWING)
    return list(seen.values())


def game_over(game: "Game") -> bool:
    """104.2a, 104.3: the game has ended: of two or more players, at most one is still in it."""
    st = game.state
    in_game = [p for p in st.player_names if p not in st.left]
    return len(set(st.player_names) | set(st.left)) > 1 and len(in_game) <= 1


def find_ref(state: GameState, ref: str, zone: str | None = "battlefield") -> str | None:
    """An action's reference: an id, else the one object (in ``zone``) with that name (an object made during
    the actions); None when there is none; unsupported when several match."""
    if state.has(ref):
        return ref
    found = [o.id for o in state.objects if normalize(ref) in names_of(o) and (zone is None or o.zone == zone)]
    if len(found) > 1:
        raise Unsupported(f"{len(found)} objects are named {ref} now: which one the action means is ambiguous")
    return found[0] if found else None


def name_of(state: GameState, oid: str) -> str:
    return f"{state.obj(oid).name} ({oid})" if state.has(oid) else oid
