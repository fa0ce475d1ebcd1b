"""A branch of the engine's search: the game state it reached (``state``, the one position value, which holds
everything the rules remember) plus what belongs to the branch itself: the question's state (704.5m checks
compare with it), the rules applied on the way (``steps``) and the choices made (``choices``). Steps and
choices do not count in equality: branches that reach equal states merge (``key``).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import field, fields, replace
from typing import Callable, Iterator

from mtgjudge.model import deadline
from mtgjudge.model.derived import once
from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.explain import Step, step
from mtgjudge.model.names import names_of, normalize
from mtgjudge.model.objects import GameObject
from mtgjudge.model.state import (ControlEffect, DelayedTrigger, EffectInForce, GameState, LinkedExile, PendingTrigger,
                                   Player, PreventionShield, PTChange, TurnReplacement, UntapSkip)
from mtgjudge.model.lazy_dataclass import dataclass

#: Bounds of the search: past them the answer is unsupported, saying so.
MAX_BRANCHES = 2000
MAX_STEPS = 400
#: What a search of the engine is, in the message of a question past its time bound.
FOLLOWING = "following the actions"
#: What ``Game.key`` holds for the stack of a game that is over (104.2a, 104.1), and why an assertion about that
#: stack is unsupported.
ENDED_STACK = "the game is over: what was left on the stack is not kept"
#: How many branches ``merge`` has been given since the process started (before equal ones merged): the
#: branches the engine considered, read by the benchmarks.
CONSIDERED = [0]

_FULL_SEARCH: ContextVar[bool] = ContextVar("full_search", default=False)
_WHOLE_STACK: ContextVar[bool] = ContextVar("whole_stack", default=False)


@contextmanager
def full_search() -> Iterator[None]:
    """Within it the engine considers every order and every choice as if all objects were distinct: none of the
    reductions that merge choices provably leading to equal states (``reduced``). For the tests that check that
    the reduced search finds exactly the final states of the full one."""
    token = _FULL_SEARCH.set(True)
    try:
        yield
    finally:
        _FULL_SEARCH.reset(token)


def reduced() -> bool:
    """May the engine merge choices that provably lead to equal states before making them (not ``full_search``)?"""
    return not _FULL_SEARCH.get()


@contextmanager
def stack_resolves_whole() -> Iterator[None]:
    """Within it (the ``resolve: all`` action) every object put on the stack resolves before any action can see
    the stack again: the order of objects on it is seen only through what their resolutions do."""
    token = _WHOLE_STACK.set(True)
    try:
        yield
    finally:
        _WHOLE_STACK.reset(token)


def whole_stack_resolves() -> bool:
    """Are we within ``stack_resolves_whole``?"""
    return _WHOLE_STACK.get()


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
        return self._with("state", self.state.evolve(**changes))

    def key(self) -> tuple:
        """Equality of states up to the names of interchangeable objects: ids the question did not give
        (they start with "_") are replaced by where the object is (zone, player, position), so that
        discarding one Forest or another of two alike gives one state.

        Once the game is over (``game_over``: 104.2a, 104.3) nothing more happens in it (104.1): what was left on
        the stack when it ended is not kept (``ENDED_STACK``). Its objects and their order, the spells on it and
        what they are, count in no key: ended states that differ only there are one state. Only which objects
        were on the stack (their ids, an id the question did not give as one "_stack") is kept, so that every
        object elsewhere is where the key says. An outcome's assertion that reads the stack of an ended game, or
        an object on it, is unsupported (``queries.kinds.outcome.check``)."""
        s = self.state
        cached = s._cache.get("branch_key")      # a function of the state alone (which never changes)
        if cached is not None:
            return cached
        k = _Key(self._key())
        s._cache["branch_key"] = k
        return k

    def _key(self) -> tuple:
        s = self.state
        ended = game_over(self)
        label: dict[str, str] = {}
        for p in s.players:
            for z, ids in p.zones:
                for i, oid in enumerate(ids):
                    if oid.startswith("_"):
                        label[oid] = f"_{z}:{p.name}:{i}"
        for i, item in enumerate(s.stack):
            if isinstance(item, str) and item.startswith("_"):
                label[item] = "_stack" if ended else f"_stack:{i}"

        def m(ref):
            if ref is None:
                return None
            if "#" not in ref:
                return label.get(ref, ref if not ref.startswith("_") else "_gone")
            base, sep, rest = ref.partition("#")
            return label.get(base, base if not base.startswith("_") else "_gone") + sep + rest

        # 613.7: timestamps are only ever compared (and a new one is later than all, ``zones.next_timestamp``), so
        # states whose timestamps are in the same order are equal: each is replaced by its rank (0, an object's
        # off the battlefield and the stack, stays 0).
        kept = [o for o in s.objects if o.zone != "stack"] if ended else s.objects
        stamps = {o.timestamp for o in kept} | {e.timestamp for e in s.in_force(EffectInForce)} | \
            {c.timestamp for c in s.in_force(PTChange)}
        stamps.discard(0)
        rank = {t: i for i, t in enumerate(sorted(stamps), 1)}
        if all(rank[t] == t for t in stamps):
            rank = {}
        listed = sorted(((m(o.id), m(o.attached_to), tuple(m(t) for t in o.targets), rank.get(o.timestamp, o.timestamp),
                          _body(o), m(o.encoded_on)) for o in kept), key=lambda e: e[0])
        if any(a[0] == b[0] for a, b in zip(listed, listed[1:])):
            listed.sort(key=lambda e: (e[0], repr(e)))      # objects under one label: ordered by all they are
        objs = tuple(listed)
        players = tuple((_body(p, _PLAYER_BODY), tuple((z, tuple(m(i) for i in ids)) for z, ids in p.zones))
                        for p in s.players)
        if ended:
            stack: tuple = (ENDED_STACK, tuple(sorted("_stack" if o.id.startswith("_") else o.id
                                                      for o in s.objects if o.zone == "stack")))
        else:
            stack = tuple(m(x) if isinstance(x, str) else replace(x, source=m(x.source),
                                                                  targets=tuple(m(t) for t in x.targets))
                          for x in s.stack)
        # Zone-change counts matter only for the objects something still refers to (610.3, 603.3).
        links = s.in_force(LinkedExile)
        referred = {l.source for l in links} | {i for l in links for i, _ in l.exiled} | \
            {p.source for p in self.pending} | {x.source for x in s.stack if not isinstance(x, str) and not ended} | \
            {i for d in s.in_force(DelayedTrigger) for i, _ in d.objects} | \
            {u.object for u in s.in_force(UntapSkip)} | {c.object for c in s.in_force(ControlEffect)}
        moves = tuple(sorted((m(k), n) for k, n in s.zone_changes if k in referred))
        pending = tuple(replace(p, source=m(p.source)) for p in self.pending)
        history = s.this_turn
        if history.dealt_damage:        # the damaged and their sources, named as the objects are
            history = replace(history, dealt_damage=tuple(sorted((m(t), tm, m(src), sm)
                                                                 for t, tm, src, sm in history.dealt_damage)))
        return (players, objs, s.turn, stack, _lasting_key(s, m, rank), moves, pending, s.left, s.drew_empty,
                s.turns_played, s.monarch, s.combat_damage_dealt, tuple(m(i) for i in s.first_strikers), history)

    def with_state(self, state: GameState) -> "Game":
        deadline.check(FOLLOWING)
        return self._with("state", state)

    def log(self, rules, text: str) -> "Game":
        deadline.check(FOLLOWING)
        return self._with("steps", self.steps + (step(rules, text),))

    def choose(self, text: str) -> "Game":
        deadline.check(FOLLOWING)
        return self._with("choices", self.choices + (text,))

    def _with(self, name: str, value) -> "Game":
        """The same branch with one field changed: its other fields copied as they are (all immutable values),
        not passed through ``__init__`` again (``dataclasses.replace``), which every step of every branch would
        pay."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__[name] = value
        return new


#: The kinds in force whose order does not tell states apart: one applies as another of its kind would, whichever
#: began first (the replacement effects of this turn, 614.1a; control effects with no duration, 613.1b).
_UNORDERED = (TurnReplacement, ControlEffect)


def _lasting_key(s: GameState, m: Callable[[str], str], rank: dict[int, int]) -> tuple:
    """Everything in force in ``s`` (its ``Lasting`` records, durations included: they tell states apart too), with
    the ids it names renamed by ``m`` and its timestamps by ``rank``, as ``Game.key`` names them."""
    out = []
    for l in s.lasting:
        p = l.payload
        if isinstance(p, EffectInForce):
            p = replace(p, objects=tuple(m(t) for t in p.objects), timestamp=rank.get(p.timestamp, p.timestamp))
        elif isinstance(p, PTChange):
            p = replace(p, object=m(p.object), timestamp=rank.get(p.timestamp, p.timestamp))
        elif isinstance(p, PreventionShield):
            p = replace(p, to=m(p.to) if p.to else "", source=m(p.source) if p.source else "")
        elif isinstance(p, (TurnReplacement, UntapSkip, ControlEffect)):
            p = replace(p, object=m(p.object))
        elif isinstance(p, DelayedTrigger):
            p = replace(p, objects=tuple((m(i), n) for i, n in p.objects))
        elif isinstance(p, LinkedExile):
            p = replace(p, source=m(p.source), exiled=tuple((m(i), n) for i, n in p.exiled))
        out.append(l.with_payload(p))
    unordered = sorted((l for l in out if isinstance(l.payload, _UNORDERED)), key=repr)
    return tuple(l for l in out if not isinstance(l.payload, _UNORDERED)) + tuple(unordered)


#: The fields of an object but those ``Game.key`` names anew (ids, timestamps): its body (``_body``).
_BODY = tuple(f.name for f in fields(GameObject) if f.name not in ("id", "attached_to", "targets", "timestamp",
                                                                  "encoded_on"))


#: The fields of a player but their zones, which ``Game.key`` names anew.
_PLAYER_BODY = tuple(f.name for f in fields(Player) if f.name != "zones")


def _body(o: GameObject | Player, names: tuple[str, ...] = _BODY) -> tuple:
    """Everything an object (or a player) is but the fields ``Game.key`` names anew: the fields ``names``, as a
    tuple, computed once for each object (objects never change; a changed one is a new object), since every
    branch's key reads every object of its state."""
    return once(o, "key body", lambda: tuple(getattr(o, f) for f in names))


class _Key(tuple):
    """A branch's key with its hash computed once (the key is a deep tuple of frozen values, whose hash Python
    computes again at every use); equal as the tuples are."""

    _hash: int

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash = tuple.__hash__(self)
            return self._hash


def merge(games: list[Game]) -> list[Game]:
    """Merge branches that reached equal states (keeping the first's choices and steps)."""
    CONSIDERED[0] += len(games)
    if len(games) <= 1:
        deadline.check(FOLLOWING)
        return list(games)
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


def interchangeable(game: Game, ids: list[str]) -> list[list[str]]:
    """The objects ``ids`` (on the battlefield) in classes of interchangeable ones, each class in timestamp order:
    choosing which c members of a class an effect acts on leads to equal states whichever c they are
    (``Game.key``), so a choice may be made by count, the first c of the class standing for every c of it.

    Two objects are in one class when the question gave neither an id (their ids start with "_": ``key`` names
    them by where they are), nothing in the game refers to either (attachments, targets, encoded cards, effects, triggers,
    links, memories: only then is the id itself unseen), they are equal in everything else (card, controller,
    owner, status, counters, damage, chosen values, zone changes) but their ids and timestamps, and they are
    adjacent both in their zone's order and in timestamp order (nothing else's timestamp between them): then
    keeping any c of them leaves the same objects in the same places and the same order of timestamps, which is
    all ``key`` compares of timestamps (613.7)."""
    st = game.state
    others = repr((st.stack, st.lasting, st.pending,
                   st.first_strikers,
                   [(o.attached_to, o.targets, o.blocking, o.attacking, o.chosen, o.encoded_on) for o in st.objects]))
    stamps = [o.timestamp for o in st.objects if o.timestamp] + \
        [e.timestamp for e in st.in_force(EffectInForce) if e.timestamp] + \
        [c.timestamp for c in st.in_force(PTChange) if c.timestamp]
    unique = len(stamps) == len(set(stamps))
    order = {t: i for i, t in enumerate(sorted(stamps))}
    place = {oid: (p.name, z, i) for p in st.players for z, zone in p.zones for i, oid in enumerate(zone)}

    def alike(o) -> tuple | None:
        if not unique or not o.id.startswith("_") or f"'{o.id}'" in others or o.id not in place or not o.timestamp:
            return None
        return (replace(o, id="", timestamp=0), st.moved(o.id))

    classes: list[list[str]] = []
    for oid in sorted(ids, key=lambda i: st.obj(i).timestamp):
        o = st.obj(oid)
        sig = alike(o)
        if classes and sig is not None:
            last = st.obj(classes[-1][-1])
            (pl, z, i), (pl2, z2, i2) = place[last.id], place[oid]
            if alike(last) == sig and order[o.timestamp] == order[last.timestamp] + 1 and (pl, z) == (pl2, z2) \
                    and abs(i2 - i) == 1:
                classes[-1].append(oid)
                continue
        classes.append([oid])
    return classes


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


def name_of(state: GameState, oid: str | None) -> str:
    return f"{state.obj(oid).name} ({oid})" if oid is not None and state.has(oid) else str(oid)
