"""Question files (format v1, /work/shared/spec/question-format.md): load, validate, build the state.

Every question becomes a :class:`Question` whose state is a :class:`model.state.GameState` and whose
references (names, ids) are resolved to object ids. Anything wrong in a question becomes a
:class:`QuestionError` value naming the file, the question id, the key and the line; a broken question
does not stop the others in the file from loading.

References to objects (``about``, ``attached_to``, ``targets``, stack abilities' sources, effects'
``objects``, pool mana's ``source``, and the objects actions name) resolve like this: an id wins over a
name; a name matches objects by their card's name or the name of the face they show (case, punctuation
and spacing ignored); a name that matches several objects is an error. In actions (other than ``cast``
and ``play``) and in outcome assertions a name that matches no object of the state may name an object
made during the actions (a token, a copy): it is kept as written if it is a known card or token name. So a
reference string is an object id exactly when ``state.has(ref)``; otherwise it is such a name. Targets may
also be player names.

Defaults that depend on the moment an action happens (``by`` of ``cast``, ``activate``...) are *not*
filled in here; absent keys stay absent in ``params`` and ``actions``.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping, NoReturn, Sequence

from mtgjudge.model.cards.loader import card_db
from mtgjudge.model.names import names_of, normalize
from mtgjudge.model.mana import ManaSyntaxError, mana_string, parse_cost, parse_mana
from mtgjudge.model.objects import CardDef, Face, GameObject
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.in_force import exiles_until_source_leaves
from mtgjudge.model.state import STEPS, EffectInForce, GameState, LinkedExile, Player, PoolMana, StackAbility, Turn
from mtgjudge.model.safe_yaml import MAX_BYTES, FileProblem, LineDict, LineList, SrcFloat, load_documents

KINDS = ("could-produce", "can-activate", "can-play", "can-pay", "mana-options", "outcome")

ID_RE = re.compile(r"[a-z0-9][a-z0-9-]*")
RULE_RE = re.compile(r"\d{3}(\.\d+[a-z]?)?")

COMMON_KEYS = ("id", "ask", "state", "actions", "expect", "because", "rules", "source", "note")
KIND_KEYS: dict[str, tuple[str, ...]] = {
    "could-produce": ("about",),
    "can-activate": ("about", "ability", "by", "x"),
    "can-play": ("about", "by", "x"),
    "can-pay": ("cost", "x", "by"),
    "mana-options": ("by",),
    "outcome": ("possible",),
}
REQUIRED_KEYS: dict[str, tuple[str, ...]] = {
    "could-produce": ("about",), "can-activate": ("about",), "can-play": ("about",),
    "can-pay": ("cost",), "mana-options": (), "outcome": ("actions",),
}
STATE_KEYS = ("turn", "stack", "effects", "players")
TURN_KEYS = ("active", "number", "step")
ZONE_KEYS = ("battlefield", "hand", "graveyard", "library", "exile")
PLAYER_KEYS = ("life", "lands_played", "mana_pool") + ZONE_KEYS
OBJECT_KEYS = ("card", "id", "tapped", "summoning_sick", "owner", "token", "face_down", "counters", "damage",
               "attached_to", "chosen", "x", "activated_this_turn", "timestamp", "targets", "controller")
STACK_ABILITY_KEYS = ("ability", "index", "controller", "targets")
EFFECT_KEYS = ("from", "controller", "began_turn", "objects", "ability", "chosen", "x")
POOL_KEYS = ("mana", "source")
#: Keys meaningful only for a permanent; and only for an object on the stack.
PERMANENT_ONLY = ("tapped", "summoning_sick", "damage", "attached_to")
STACK_ONLY = ("targets", "controller")

ACTION_KEYS: dict[str, tuple[str, ...]] = {
    "cast": ("by", "targets", "x", "choices", "paying"),
    "play": ("by",),
    "activate": ("ability", "by", "x", "targets", "choices", "paying"),
    "resolve": ("targets", "choices"),
    "destroy": (), "exile": (), "sacrifice": (), "bounce": (), "transform": (),
    "concede": (), "advance": (),
}
ASSERT_ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "stack", "none")
ASSERT_KEYS: dict[str, tuple[str, ...]] = {   # subject -> the keys it may carry
    "object": ("object", "zone", "controller", "tapped", "counters", "attached_to", "power", "toughness",
               "damage", "stack_size"),
    "count": ("count", "name", "zone", "controller", "tapped", "stack_size"),
    "player": ("player", "life", "hand_size", "library_size", "graveyard_size", "stack_size"),
    "stack_size": ("stack_size",),
}
ALL_ASSERT_KEYS = tuple(dict.fromkeys(k for keys in ASSERT_KEYS.values() for k in keys))


@dataclass(frozen=True)
class Question:
    """One validated question: its state built, its references resolved, its expectation normalized.

    ``params`` holds the kind's other keys as given and validated: ``ability`` (int or str), ``by``
    (player name), ``x`` (int), ``cost`` (str), ``possible`` (tuple of assertion mappings).
    ``expect`` is normalized: could-produce -> frozenset of letters; can-* -> bool or ``"illegal"``;
    mana-options -> frozenset of canonical mana strings or ``"unbounded"``; outcome -> tuple of assertion
    mappings (or ``"illegal"``); None when absent (then ``has_expect`` is False).
    """

    id: str
    file: str
    line: int
    ask: str
    about: str | None
    params: Mapping[str, Any]
    state: GameState
    actions: tuple[Mapping[str, Any], ...]
    expect: Any
    has_expect: bool
    because: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    source: str | None = None
    note: str | None = None


class QuestionError(Exception):
    """A question (or file) that is wrong, as one human line:
    ``<file>:<line>: question <id>: key <key>: <message>`` (parts not known are left out)."""

    def __init__(self, message: str, file: str, qid: str | None = None, key: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.qid = qid
        self.key = key
        self.line = line

    def __str__(self) -> str:
        parts = [f"{self.file}:{self.line}" if self.line else self.file]
        if self.qid:
            parts.append(f"question {self.qid}")
        if self.key:
            parts.append(f"key {self.key}")
        parts.append(self.message)
        return ": ".join(parts)


# --------------------------------------------------------------------------------------------- helpers

def _freeze(value: Any) -> Any:
    """Plain immutable data: mappings -> read-only mappings, lists -> tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, SrcFloat):
        return float(value)
    return value


def _show(value: Any) -> str:
    if isinstance(value, SrcFloat):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null (nothing)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _mapping_as_mana(value: Any) -> str | None:
    """``{G}`` unquoted reads as the mapping {G: None}: give back the text it was, or None."""
    if isinstance(value, dict) and value and all(v is None for v in value.values()):
        return "".join("{%s}" % _show(k).strip("'") for k in value)
    return None


def _loc(container: Any, key: Any) -> int | None:
    if isinstance(container, (LineDict, LineList)):
        return container.line_of(key)
    return None


def _known_name(name: str) -> bool:
    """Is ``name`` a card, face or token kind the product knows (including "<subtypes> Token", CR 111.4)?"""
    db = card_db()
    if db.find(name) or db.is_known_card(name):
        return True
    n = normalize(name)
    if n.endswith("token") and len(n) > 5:
        base = n[:-5]
        if db.find(base):
            return True
        return any(c.token and normalize(" ".join(f.subtypes)) == base for c in db.cards.values() for f in c.faces)
    return False


@dataclass
class _Entry:
    """An object entry of the state, before references are resolved."""

    data: Any
    path: str
    line: int | None
    zone: str
    player: str | None       # the player whose zone lists it (None on the stack)
    oid: str = ""
    obj: GameObject | None = None


@dataclass
class _Doc:
    """Validation of one document; ``fail`` raises the QuestionError."""

    file: str
    line: int
    qid: str | None = None
    players: tuple[str, ...] = ()
    objects: dict[str, GameObject] = field(default_factory=dict)
    by_name: dict[str, list[str]] = field(default_factory=dict)

    def fail(self, key: str | None, line: int | None, message: str) -> NoReturn:
        raise QuestionError(message, self.file, self.qid, key, line or self.line)

    # ---- shapes
    def mapping(self, value: Any, path: str, line: int | None, what: str, allowed: Iterable[str]) -> LineDict:
        """``value`` must be a mapping whose keys are all in ``allowed``."""
        allowed = tuple(allowed)
        if not isinstance(value, dict):
            self.fail(path, line, f"{what} must be a mapping with keys {', '.join(allowed)}; got {_show(value)}")
        for k in value:
            if not isinstance(k, str):
                self.fail(path, _loc(value, k), f"key {_show(k)} in {what} is not a name: quote it if it is one")
        for k in sorted(value, key=lambda k: _loc(value, k) or 0):
            if k not in allowed:
                self.fail(f"{path}.{k}" if path else k, _loc(value, k),
                          f"unknown key {k!r} in {what}; allowed: {', '.join(allowed)}")
        return value  # type: ignore[return-value]

    def seq(self, value: Any, path: str, line: int | None, what: str) -> list:
        if not isinstance(value, list):
            self.fail(path, line, f"{what} must be a list; got {_show(value)}")
        return value

    def integer(self, value: Any, path: str, line: int | None, minimum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, line, f"must be a whole number; got {_show(value)}")
        if minimum is not None and value < minimum:
            self.fail(path, line, f"must be at least {minimum}; got {value}")
        return value

    def boolean(self, value: Any, path: str, line: int | None) -> bool:
        if not isinstance(value, bool):
            self.fail(path, line, f"must be true or false (yes or no); got {_show(value)}")
        return value

    def string(self, value: Any, path: str, line: int | None, what: str = "a string") -> str:
        if not isinstance(value, str) or not value.strip():
            hint = ""
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                hint = " (quote it)"
            self.fail(path, line, f"must be {what}; got {_show(value)}{hint}")
        return value

    def player(self, value: Any, path: str, line: int | None) -> str:
        if not isinstance(value, str) or value not in self.players:
            self.fail(path, line, f"{_show(value)} is not a player of the state; players: {', '.join(self.players)}")
        return value

    def cost(self, value: Any, path: str, line: int | None) -> str:
        text = _mapping_as_mana(value)
        if text is not None:
            self.fail(path, line, f"a mana cost must be quoted: write \"{text}\" (unquoted, YAML reads it as a mapping)")
        if not isinstance(value, str):
            self.fail(path, line, f"must be a quoted mana cost like \"{{2}}{{W}}\"; got {_show(value)}")
        try:
            parse_cost(value)
        except ManaSyntaxError as e:
            self.fail(path, line, str(e))
        return value

    def mana(self, value: Any, path: str, line: int | None) -> Counter:
        text = _mapping_as_mana(value)
        if text is not None:
            self.fail(path, line, f"mana must be quoted: write \"{text}\" (unquoted, YAML reads it as a mapping)")
        if not isinstance(value, str):
            self.fail(path, line, f"must be quoted mana like \"{{G}}{{G}}\"; got {_show(value)}")
        try:
            return parse_mana(value)
        except ManaSyntaxError as e:
            self.fail(path, line, str(e))

    def rule_list(self, value: Any, path: str, line: int | None) -> tuple[str, ...]:
        items = [value] if isinstance(value, (str, int, float)) and not isinstance(value, bool) else value
        items = self.seq(items, path, line, "a list of rule numbers")
        out = []
        for i, r in enumerate(items):
            where = f"{path}[{i}]"
            rl = _loc(value, i) if isinstance(value, list) else line
            if isinstance(r, (int, float)) and not isinstance(r, bool):
                self.fail(where, rl, f"rule number {_show(r)} must be quoted: write \"{_show(r)}\" (unquoted, YAML "
                                     f"reads it as the number {float(r) if isinstance(r, float) else r})")
            if not isinstance(r, str) or not RULE_RE.fullmatch(r.strip()):
                self.fail(where, rl, f"{_show(r)} is not a rule number like \"106.7\" or \"107.4e\"")
            out.append(r.strip())
        return tuple(out)

    def choices(self, value: Any, path: str, line: int | None) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, line, f"must be a mapping like {{color: G}}; got {_show(value)}")
        for k, v in value.items():
            if not isinstance(k, str):
                self.fail(path, _loc(value, k), f"key {_show(k)} is not a name: quote it")
            vs = v if isinstance(v, list) else [v]
            if any(isinstance(x, (dict, list)) or x is None for x in vs):
                self.fail(f"{path}.{k}", _loc(value, k), "must be a value or a list of values")
        return _freeze(value)

    def chosen(self, value: Any, path: str, line: int | None) -> tuple[tuple[str, str], ...]:
        if not isinstance(value, dict):
            self.fail(path, line, f"must be a mapping like {{color: G}}; got {_show(value)}")
        out = []
        for k, v in value.items():
            if not isinstance(k, str):
                self.fail(path, _loc(value, k), f"key {_show(k)} is not a name: quote it")
            if isinstance(v, (bool, dict, list)) or v is None:
                self.fail(f"{path}.{k}", _loc(value, k), f"must be one value (a color, a name...); got {_show(v)}")
            out.append((k, v.text if isinstance(v, SrcFloat) else str(v)))
        return tuple(out)

    def counters(self, value: Any, path: str, line: int | None) -> dict[str, int]:
        if not isinstance(value, dict):
            self.fail(path, line, f"must be a mapping like {{\"+1/+1\": 2}}; got {_show(value)}")
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                self.fail(path, _loc(value, k), f"counter kind {_show(k)} must be quoted")
            out[k] = self.integer(v, f"{path}.{k}", _loc(value, k), 0)
        return out

    # ---- references
    def _named(self, ref: str, candidates: Iterable[str] | None = None) -> list[str]:
        ids = self.by_name.get(normalize(ref), [])
        return [i for i in ids if candidates is None or i in candidates]

    def obj_ref(self, ref: Any, path: str, line: int | None, *, players: bool = False, lenient: bool = False,
                candidates: Iterable[str] | None = None, what: str = "object") -> str:
        """Resolve a reference: an object id, else (``players``) a player name, else a unique object name.

        ``lenient``: a name that matches no object is kept if it is a known card or token name (an object
        made during the actions). ``candidates`` limits the objects a name may match.
        """
        if not isinstance(ref, str) or not ref.strip():
            self.fail(path, line, f"must be an id or a name; got {_show(ref)}")
        if ref in self.objects:
            return ref
        if players and ref in self.players:
            return ref
        cands = set(candidates) if candidates is not None else None
        found = self._named(ref, cands)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            self.fail(path, line, f"{len(found)} objects are named {ref}: use an id")
        if lenient and _known_name(ref):
            return ref
        if cands is not None and self._named(ref):
            self.fail(path, line, f"no {what} named {ref!r} outside the battlefield and the stack")
        hint = " or player" if players else ""
        self.fail(path, line, f"no {what}{hint} with the id or name {ref!r} in the state")

    def ref_list(self, value: Any, path: str, line: int | None, **kw: Any) -> tuple[str, ...]:
        items = [value] if isinstance(value, str) else value
        items = self.seq(items, path, line, "a list of ids or names")
        return tuple(self.obj_ref(r, f"{path}[{i}]", _loc(value, i) if isinstance(value, list) else line, **kw)
                     for i, r in enumerate(items))


# --------------------------------------------------------------------------------------------- state

def _lookup_card(d: _Doc, name: Any, path: str, line: int | None, token: bool) -> tuple[CardDef, int]:
    """A card name (or token kind) -> its definition and the face it shows."""
    name = d.string(name, path, line, "a card name")
    db = card_db()
    found = db.find(name)
    if found is not None:
        card, face = found
        if card.token and not token:
            d.fail(path, line, f"{card.name!r} is a kind of token: add token: true")
        return card, face
    printed = db.is_known_card(name)
    if printed:
        return CardDef(faces=(Face(name=printed),), modelled=False), 0
    suggestions = db.suggest(name)
    hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
    d.fail(path, line, f"unknown {'token kind or ' if token else ''}card {name!r}{hint}")


def _read_entries(d: _Doc, value: Any, path: str, line: int | None, zone: str, player: str | None) -> list[_Entry]:
    items = d.seq(value, path, line, f"{zone}")
    return [_Entry(item, f"{path}[{i}]", _loc(value, i), zone, player) for i, item in enumerate(items)]


def _make_object(d: _Doc, e: _Entry, active: str) -> GameObject:
    """Build the object of an entry, without its references (attached_to, targets) yet."""
    data = e.data
    if isinstance(data, str):
        data = {"card": data}
    elif isinstance(data, dict):
        d.mapping(data, e.path, e.line, "an object entry", OBJECT_KEYS)
        for k in data:
            kl = _loc(data, k)
            if k in PERMANENT_ONLY and e.zone != "battlefield":
                d.fail(f"{e.path}.{k}", kl, f"{k} is only for permanents (objects on the battlefield)")
            if k in STACK_ONLY and e.zone != "stack":
                why = "list a permanent under its controller's battlefield" if k == "controller" else \
                    "only spells and abilities on the stack have targets"
                d.fail(f"{e.path}.{k}", kl, f"{k} is only for objects on the stack: {why}")
            if k == "timestamp" and e.zone not in ("battlefield", "stack"):
                d.fail(f"{e.path}.{k}", kl, "timestamp is only for objects on the battlefield or the stack")
        if "card" not in data:
            d.fail(e.path, e.line, "an object entry needs card: the card's name")
    else:
        d.fail(e.path, e.line, f"an object entry is a card name or a mapping with card:; got {_show(data)}")

    def get(k: str) -> tuple[Any, str, int | None]:
        return data.get(k), f"{e.path}.{k}", _loc(data, k) if isinstance(data, LineDict) else e.line

    token = d.boolean(*get("token")) if "token" in data else False
    card, face = _lookup_card(d, *get("card"), token=token)
    if e.zone == "stack":
        controller = d.player(*get("controller")) if "controller" in data else active
        owner = d.player(*get("owner")) if "owner" in data else controller
    elif e.zone == "battlefield":
        controller = e.player
        owner = d.player(*get("owner")) if "owner" in data else e.player
    else:
        owner = controller = e.player
        if "owner" in data and d.player(*get("owner")) != e.player:
            d.fail(get("owner")[1], get("owner")[2], f"{e.zone} lists the cards its player owns: list this card "
                                                    f"under {data['owner']}'s {e.zone}")
    kw: dict[str, Any] = {}
    for k in ("tapped", "summoning_sick", "face_down"):
        if k in data:
            kw[k] = d.boolean(*get(k))
    for k in ("damage", "x"):
        if k in data:
            kw[k] = d.integer(*get(k), 0)
    if "timestamp" in data:
        kw["timestamp"] = d.integer(*get("timestamp"), 1)
    if "counters" in data:
        kw["counters"] = tuple(sorted((k, n) for k, n in d.counters(*get("counters")).items() if n))
    if "chosen" in data:
        kw["chosen"] = d.chosen(*get("chosen"))
    if "activated_this_turn" in data:
        v, p, ln = get("activated_this_turn")
        items = d.seq([v] if isinstance(v, int) and not isinstance(v, bool) else v, p, ln, "a list of ability numbers")
        kw["activated_this_turn"] = tuple(sorted({d.integer(n, f"{p}[{i}]", _loc(v, i), 1) for i, n in enumerate(items)}))
    return GameObject(id=e.oid, card=card, owner=owner, controller=controller, zone=e.zone, face=face,
                      token=token, **kw)


def _assign_ids(d: _Doc, entries: list[_Entry]) -> None:
    seen: dict[str, str] = {}
    counters: Counter = Counter()
    for e in entries:
        if isinstance(e.data, dict) and "id" in e.data:
            oid = e.data["id"]
            line = _loc(e.data, "id")
            if not isinstance(oid, str) or not ID_RE.fullmatch(oid):
                d.fail(f"{e.path}.id", line, f"an id is lower-case letters, digits and '-', like bear-1; got {_show(oid)}")
            if oid in seen:
                d.fail(f"{e.path}.id", line, f"two objects have the id {oid!r} (the other at {seen[oid]})")
            if oid in d.players:
                d.fail(f"{e.path}.id", line, f"the id {oid!r} is also a player's name")
            seen[oid] = e.path
            e.oid = oid
    for e in entries:
        if not e.oid:
            scope = f"{e.zone}_{e.player}" if e.player else e.zone
            counters[scope] += 1
            e.oid = f"_{scope}_{counters[scope]}"


def _index_names(d: _Doc) -> None:
    d.by_name = {}
    for o in d.objects.values():
        for n in names_of(o):
            d.by_name.setdefault(n, []).append(o.id)


def _check_attachment_cycles(d: _Doc, entries: list[_Entry]) -> None:
    where = {e.oid: e for e in entries}
    for start in d.objects.values():
        seen = [start.id]
        cur = start
        while cur.attached_to is not None:
            if cur.attached_to in seen:
                e = where[start.id]
                chain = " -> ".join(seen[seen.index(cur.attached_to):] + [cur.attached_to])
                d.fail(f"{e.path}.attached_to", _loc(e.data, "attached_to"), f"attachments form a cycle: {chain}")
            seen.append(cur.attached_to)
            cur = d.objects[cur.attached_to]


def _pool(d: _Doc, value: Any, path: str, line: int | None) -> tuple[PoolMana, ...]:
    if isinstance(value, list):
        out: list[PoolMana] = []
        for i, item in enumerate(value):
            ipath, iline = f"{path}[{i}]", _loc(value, i)
            source = None
            if isinstance(item, dict) and _mapping_as_mana(item) is None:
                d.mapping(item, ipath, iline, "pool mana", POOL_KEYS)
                if "mana" not in item:
                    d.fail(ipath, iline, "pool mana needs mana: like \"{C}{C}\"")
                if "source" in item:
                    source = d.obj_ref(item["source"], f"{ipath}.source", _loc(item, "source"))
                amount = d.mana(item["mana"], f"{ipath}.mana", _loc(item, "mana"))
            else:
                amount = d.mana(item, ipath, iline)
            out += [PoolMana(t, source) for t in mana_string(amount)[1::3]]
        return tuple(out)
    amount = d.mana(value, path, line)
    return tuple(PoolMana(t) for t in mana_string(amount)[1::3])


def _build_state(d: _Doc, st: Any, line: int | None) -> GameState:
    """The ``state:`` mapping -> GameState (sets d.players, d.objects, d.by_name for references)."""
    st = d.mapping(st, "state", line, "state", STATE_KEYS)
    if "players" not in st:
        d.fail("state", line, "state needs players: (in turn order)")
    players = st["players"]
    if not isinstance(players, dict):
        d.fail("state.players", _loc(st, "players"), f"players must be a mapping from each player's name to "
                                                     f"their zones, in turn order; got {_show(players)}")
    if not players:
        d.fail("state.players", _loc(st, "players"), "the state needs at least one player")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            d.fail("state.players", _loc(players, name), f"player name {_show(name)} must be a string: quote it")
    d.players = tuple(players)

    # turn
    tv = st.get("turn", LineDict())
    turn = d.mapping(tv, "state.turn", _loc(st, "turn"), "turn", TURN_KEYS)
    active = d.player(turn["active"], "state.turn.active", _loc(turn, "active")) if "active" in turn else d.players[0]
    number = d.integer(turn["number"], "state.turn.number", _loc(turn, "number"), 1) if "number" in turn \
        else d.players.index(active) + 1
    step = turn.get("step", "precombat-main")
    if step not in STEPS:
        d.fail("state.turn.step", _loc(turn, "step"), f"{_show(step)} is not a step; steps: {', '.join(STEPS)}")

    # players and their zones
    entries: list[_Entry] = []
    pdata: dict[str, dict[str, Any]] = {}
    for name, pv in players.items():
        ppath, pline = f"state.players.{name}", _loc(players, name)
        pv = LineDict() if pv is None else pv
        p = d.mapping(pv, ppath, pline, f"player {name}", PLAYER_KEYS)
        info: dict[str, Any] = {"name": name}
        if "life" in p:
            info["life"] = d.integer(p["life"], f"{ppath}.life", _loc(p, "life"))
        if "lands_played" in p:
            info["lands_played"] = d.integer(p["lands_played"], f"{ppath}.lands_played", _loc(p, "lands_played"), 0)
        zones: dict[str, list[_Entry]] = {}
        for z in ZONE_KEYS:
            if z not in p or p[z] is None:
                zones[z] = []
                continue
            zv, zpath, zline = p[z], f"{ppath}.{z}", _loc(p, z)
            if z == "library" and isinstance(zv, int) and not isinstance(zv, bool):
                info["unknown_library"] = d.integer(zv, zpath, zline, 0)
                zones[z] = []
                continue
            zones[z] = _read_entries(d, zv, zpath, zline, z, name)
            entries += zones[z]
        pool = (p["mana_pool"], f"{ppath}.mana_pool", _loc(p, "mana_pool")) if "mana_pool" in p else None
        pdata[name] = {"info": info, "zones": zones, "pool": pool}

    # the stack
    stack_items: list[tuple[str, Any]] = []   # ("object", _Entry) or ("ability", (LineDict, path, line))
    if "stack" in st and st["stack"] is not None:
        sv = d.seq(st["stack"], "state.stack", _loc(st, "stack"), "stack")
        for i, item in enumerate(sv):
            ipath, iline = f"state.stack[{i}]", _loc(sv, i)
            if isinstance(item, dict) and "ability" in item:
                stack_items.append(("ability", (d.mapping(item, ipath, iline, "a stack ability", STACK_ABILITY_KEYS),
                                                ipath, iline)))
            else:
                e = _Entry(item, ipath, iline, "stack", None)
                entries.append(e)
                stack_items.append(("object", e))

    _assign_ids(d, entries)
    for e in entries:
        e.obj = _make_object(d, e, active)
    d.objects = {e.oid: e.obj for e in entries}
    _index_names(d)

    # references of objects; timestamps
    ts = 0
    for e in entries:
        data = e.data if isinstance(e.data, dict) else {}
        changes: dict[str, Any] = {}
        if "attached_to" in data:
            changes["attached_to"] = d.obj_ref(data["attached_to"], f"{e.path}.attached_to", _loc(data, "attached_to"))
        if "targets" in data:
            changes["targets"] = d.ref_list(data["targets"], f"{e.path}.targets", _loc(data, "targets"), players=True)
        if e.zone == "battlefield":
            ts += 1
            if "timestamp" not in data:
                changes["timestamp"] = ts
        if changes:
            e.obj = replace(e.obj, **changes)
            d.objects[e.oid] = e.obj
    _check_attachment_cycles(d, entries)
    last_ts = max([o.timestamp for o in d.objects.values() if o.zone == "battlefield"], default=0)

    stack: list[str | StackAbility] = []
    for kind, item in stack_items:
        if kind == "object":
            stack.append(item.oid)
            continue
        a, ipath, iline = item
        source = d.obj_ref(a["ability"], f"{ipath}.ability", _loc(a, "ability"))
        if "index" not in a:
            d.fail(ipath, iline, "a stack ability needs index: which of its source's abilities it is (1-based)")
        index = d.integer(a["index"], f"{ipath}.index", _loc(a, "index"), 1)
        controller = d.player(a["controller"], f"{ipath}.controller", _loc(a, "controller")) if "controller" in a \
            else d.objects[source].controller
        targets = d.ref_list(a["targets"], f"{ipath}.targets", _loc(a, "targets"), players=True) \
            if "targets" in a else ()
        stack.append(StackAbility(source, index, controller, targets))

    effects, linked = _effects(d, st, number, last_ts)

    built_players = []
    for name, pd in pdata.items():
        zones = tuple((z, tuple(e.oid for e in pd["zones"][z])) for z in ZONE_KEYS)
        if pd["pool"] is not None:
            pd["info"]["mana_pool"] = _pool(d, *pd["pool"])
        built_players.append(Player(zones=zones, **pd["info"]))
    return GameState(players=tuple(built_players), objects=tuple(e.obj for e in entries),
                     turn=Turn(active, number, step), stack=tuple(stack), effects=effects, linked=linked,
                     turn_order=d.players, turns_played=((number, active),))


def _effects(d: _Doc, st: LineDict, number: int, last_ts: int) -> tuple[tuple[EffectInForce, ...], tuple[LinkedExile, ...]]:
    """The ``effects:`` entries: effects in force, and exiles until a source leaves the battlefield (610.3),
    which link the exiled cards to their source. ``from`` names the card, or the source permanent by id."""
    if "effects" not in st or st["effects"] is None:
        return (), ()
    ev = d.seq(st["effects"], "state.effects", _loc(st, "effects"), "effects")
    out = []
    linked = []
    for i, item in enumerate(ev):
        path, line = f"state.effects[{i}]", _loc(ev, i)
        m = d.mapping(item, path, line, "an effect", EFFECT_KEYS)
        if "from" not in m:
            d.fail(path, line, "an effect needs from: the card whose spell or ability created it")
        fpath, fline = f"{path}.from", _loc(m, "from")
        name = d.string(m["from"], fpath, fline, "a card name")
        source_obj = d.objects.get(name)
        if source_obj is not None:
            card, face = source_obj.card, source_obj.face
        else:
            card, face = _lookup_card(d, name, fpath, fline, token=False)
        card_name = card.faces[face].name
        if "controller" in m:
            controller = d.player(m["controller"], f"{path}.controller", _loc(m, "controller"))
        elif source_obj is not None:
            controller = source_obj.controller
        else:
            owners = {o.owner for o in d.objects.values() if normalize(card_name) in names_of(o)}
            if len(owners) != 1:
                d.fail(path, line, f"give controller: ({'no' if not owners else 'more than one'} owner of "
                                   f"{card_name} in the state to take it from)")
            controller = owners.pop()
        kw: dict[str, Any] = {}
        if "ability" in m:
            kw["ability"] = d.integer(m["ability"], f"{path}.ability", _loc(m, "ability"), 1)
        if "x" in m:
            kw["x"] = d.integer(m["x"], f"{path}.x", _loc(m, "x"), 0)
        if "chosen" in m:
            kw["chosen"] = d.chosen(m["chosen"], f"{path}.chosen", _loc(m, "chosen"))
        if "objects" in m:
            kw["objects"] = d.ref_list(m["objects"], f"{path}.objects", _loc(m, "objects"))
        began = d.integer(m["began_turn"], f"{path}.began_turn", _loc(m, "began_turn"), 1) \
            if "began_turn" in m else number
        if card.modelled and _exile_until(d, card, face, kw.get("ability"), path, line):
            linked.append(_linked_exile(d, m, path, line, card_name, source_obj, controller, kw.get("objects", ())))
            continue
        out.append(EffectInForce(card=card, face=face, controller=controller, began_turn=began,
                                 timestamp=last_ts + i + 1, **kw))
    return tuple(out), tuple(linked)


def _exile_until(d: _Doc, card: CardDef, face: int, ability: int | None, path: str, line: int | None) -> bool:
    try:
        return exiles_until_source_leaves(card, face, ability)
    except Unsupported as e:
        d.fail(path, line, str(e))


def _linked_exile(d: _Doc, m: LineDict, path: str, line: int | None, card_name: str, source_obj: GameObject | None,
                  controller: str, objects: tuple[str, ...]) -> LinkedExile:
    """An exile "until [this] leaves the battlefield" in force: its source is the permanent ``from`` names
    (its id, or the one permanent of that name its controller controls)."""
    if source_obj is None:
        found = [o for o in d.objects.values() if o.zone == "battlefield" and o.controller == controller
                 and normalize(card_name) in names_of(o)]
        if len(found) != 1:
            d.fail(f"{path}.from", _loc(m, "from"),
                   f"{card_name}'s exile lasts until the permanent that made it leaves the battlefield (610.3): "
                   + (f"{controller} controls no {card_name}" if not found else
                      f"{controller} controls {len(found)} permanents named {card_name}; give the one that made it by id"))
        source_obj = found[0]
    if source_obj.zone != "battlefield":
        d.fail(f"{path}.from", _loc(m, "from"), f"{source_obj.id} is not on the battlefield: an exile until it leaves "
                                                "would have ended (610.3)")
    for oid in objects:
        if d.objects[oid].zone != "exile":
            d.fail(f"{path}.objects", _loc(m, "objects"), f"{oid} is in the {d.objects[oid].zone}, not in exile: the "
                                                          "objects of an exile-until effect are the cards it exiled")
    return LinkedExile(source_obj.id, 0, controller, tuple((oid, 0) for oid in objects))


# --------------------------------------------------------------------------------------------- actions

def _ability_param(d: _Doc, value: Any, path: str, line: int | None) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool):
        return d.integer(value, path, line, 1)
    if isinstance(value, str) and value.strip():
        return value
    d.fail(path, line, f"must be an ability number (1-based) or a piece of its text like \"{{T}}: Add\"; "
                       f"got {_show(value)}")


def _action(d: _Doc, value: Any, path: str, line: int | None) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        d.fail(path, line, f"an action is a mapping like {{cast: Forest}}; got {_show(value)}")
    kinds = [k for k in value if k in ACTION_KEYS]
    if not kinds:
        unknown = next(iter(value), None)
        d.fail(f"{path}.{unknown}" if isinstance(unknown, str) else path, _loc(value, unknown),
               f"an action needs one of: {', '.join(ACTION_KEYS)}" +
               (f"; unknown key {unknown!r}" if unknown is not None else ""))
    if len(kinds) > 1:
        d.fail(f"{path}.{kinds[1]}", _loc(value, kinds[1]),
               f"one action per list item: {kinds[0]} and {kinds[1]} are two actions")
    kind = kinds[0]
    d.mapping(value, path, line, f"a {kind} action", (kind,) + ACTION_KEYS[kind])
    out: dict[str, Any] = {}
    for k, v in value.items():
        kp, kl = f"{path}.{k}", _loc(value, k)
        if k in ("cast", "play"):
            off_field = [o.id for o in d.objects.values() if o.zone not in ("battlefield", "stack")]
            out[k] = d.obj_ref(v, kp, kl, candidates=off_field, what="card")
        elif k in ("activate", "destroy", "exile", "sacrifice", "bounce", "transform"):
            out[k] = d.obj_ref(v, kp, kl, lenient=True)
        elif k in ("concede", "by"):
            out[k] = d.player(v, kp, kl)
        elif k == "advance":
            if v not in STEPS + ("next-turn",):
                d.fail(kp, kl, f"{_show(v)} is not a step or next-turn; steps: {', '.join(STEPS)}")
            out[k] = v
        elif k == "resolve":
            if v != "all" and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                d.fail(kp, kl, f"must be how many objects to resolve (1 or more) or all; got {_show(v)}")
            out[k] = v
        elif k == "targets":
            out[k] = d.ref_list(v, kp, kl, players=True, lenient=True)
        elif k == "paying":
            out[k] = d.ref_list(v, kp, kl, lenient=True)
        elif k == "x":
            out[k] = d.integer(v, kp, kl, 0)
        elif k == "choices":
            out[k] = d.choices(v, kp, kl)
        elif k == "ability":
            out[k] = _ability_param(d, v, kp, kl)
    return MappingProxyType(out)


# --------------------------------------------------------------------------------------------- expectations

def _assertion(d: _Doc, value: Any, path: str, line: int | None) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        d.fail(path, line, f"an assertion is a mapping like {{object: bear, zone: graveyard}}; got {_show(value)}")
    subjects = [s for s in ("object", "count", "player") if s in value]
    if len(subjects) > 1:
        d.fail(path, line, f"one assertion is about one thing: {subjects[0]} or {subjects[1]}, not both")
    subject = subjects[0] if subjects else "stack_size"
    allowed = ASSERT_KEYS[subject]
    for k in sorted(value, key=lambda k: _loc(value, k) or 0):
        if not isinstance(k, str) or k not in ALL_ASSERT_KEYS:
            d.fail(f"{path}.{k}", _loc(value, k), f"unknown key {_show(k)} in an assertion; allowed: "
                                                   f"{', '.join(ALL_ASSERT_KEYS)}")
        if k not in allowed:
            d.fail(f"{path}.{k}", _loc(value, k), f"{k} does not go with {subject}: an assertion about "
                                                   f"{subject} takes {', '.join(allowed)}")
    if not value:
        d.fail(path, line, "an empty assertion")
    if subject == "count" and "name" not in value:
        d.fail(path, line, "a count assertion needs name: what is counted")
    if subject == "object" and len(value) == 1:
        d.fail(path, line, "an object assertion needs something to check: zone, tapped, counters, ...")
    out: dict[str, Any] = {}
    for k, v in value.items():
        kp, kl = f"{path}.{k}", _loc(value, k)
        if k == "object":
            out[k] = d.obj_ref(v, kp, kl, lenient=True)
        elif k == "name":
            name = d.string(v, kp, kl, "a name")
            if not _known_name(name) and not d._named(name):
                sugg = card_db().suggest(name)
                d.fail(kp, kl, f"unknown card {name!r}" + (f"; did you mean: {', '.join(sugg)}?" if sugg else ""))
            out[k] = name
        elif k == "player":
            out[k] = d.player(v, kp, kl)
        elif k == "controller":
            out[k] = d.player(v, kp, kl)
        elif k == "zone":
            if v not in ASSERT_ZONES:
                d.fail(kp, kl, f"{_show(v)} is not a zone; zones: {', '.join(ASSERT_ZONES)}")
            out[k] = v
        elif k == "tapped":
            out[k] = d.boolean(v, kp, kl)
        elif k == "counters":
            out[k] = MappingProxyType({c: n for c, n in d.counters(v, kp, kl).items() if n})
        elif k == "attached_to":
            out[k] = None if v is None else d.obj_ref(v, kp, kl, lenient=True)
        elif k in ("power", "toughness", "life"):
            out[k] = d.integer(v, kp, kl)
        else:   # damage, count, hand_size, library_size, graveyard_size, stack_size
            out[k] = d.integer(v, kp, kl, 0)
    return MappingProxyType(out)


def _assertions(d: _Doc, value: Any, key: str, line: int | None) -> tuple[Mapping[str, Any], ...]:
    items = d.seq(value, key, line, "a list of assertions")
    return tuple(_assertion(d, a, f"{key}[{i}]", _loc(value, i)) for i, a in enumerate(items))


def _expect(d: _Doc, ask: str, value: Any, line: int | None, has_actions: bool) -> Any:
    if value is None:
        d.fail("expect", line, "is empty: write the expected answer (for none: [])")
    if value == "illegal" and (ask.startswith("can-") or has_actions):
        return "illegal"
    if ask == "could-produce":
        items = d.seq(value, "expect", line, "a list of mana letters from W U B R G C")
        letters = set()
        for i, x in enumerate(items):
            if not isinstance(x, str) or x.strip().upper() not in tuple("WUBRGC"):
                text = _mapping_as_mana(x)
                d.fail(f"expect[{i}]", _loc(items, i), f"{_show(x) if text is None else text} is not one of "
                                                       "W U B R G C")
            letters.add(x.strip().upper())
        return frozenset(letters)
    if ask.startswith("can-"):
        if isinstance(value, str) and value.strip().lower() in ("yes", "true", "no", "false"):
            return value.strip().lower() in ("yes", "true")
        if not isinstance(value, bool):
            d.fail("expect", line, f"must be yes, no or illegal; got {_show(value)}")
        return value
    if ask == "mana-options":
        if value == "unbounded":
            return "unbounded"
        items = d.seq(value, "expect", line, "a list of quoted mana like \"{G}{G}\" (or unbounded)")
        return frozenset(mana_string(d.mana(x, f"expect[{i}]", _loc(items, i))) for i, x in enumerate(items))
    return _assertions(d, value, "expect", line)


# --------------------------------------------------------------------------------------------- questions

def _question(d: _Doc, doc: Any) -> Question:
    if not isinstance(doc, dict):
        d.fail(None, d.line, f"a question is a mapping with id:, ask:, state: ...; got {_show(doc)}")
    if "id" not in doc:
        d.fail("id", d.line, "every question needs id: (lower-case letters, digits and '-')")
    qid = doc["id"]
    if not isinstance(qid, str) or not ID_RE.fullmatch(qid):
        d.fail("id", _loc(doc, "id"), f"{_show(qid)} is not an id: lower-case letters, digits and '-', "
                                      "starting with a letter or digit")
    d.qid = qid
    if "ask" not in doc:
        d.fail("ask", d.line, f"every question needs ask: one of {', '.join(KINDS)}")
    ask = doc["ask"]
    if ask not in KINDS:
        d.fail("ask", _loc(doc, "ask"), f"{_show(ask)} is not a kind of question; kinds: {', '.join(KINDS)}")
    allowed = COMMON_KEYS + KIND_KEYS[ask]
    for k in sorted(doc, key=lambda k: _loc(doc, k) or 0):
        if k in allowed:
            continue
        owners = [kind for kind, keys in KIND_KEYS.items() if k in keys]
        if owners:
            d.fail(k, _loc(doc, k), f"ask: {ask} takes no {k} (it is for {', '.join(owners)}); allowed: "
                                    f"{', '.join(allowed)}")
        d.fail(str(k), _loc(doc, k), f"unknown key {_show(k)}; allowed for ask: {ask}: {', '.join(allowed)}")
    for k in REQUIRED_KEYS[ask]:
        if k not in doc:
            d.fail(k, d.line, f"ask: {ask} needs {k}:")
    if ask == "outcome" and "expect" not in doc and "possible" not in doc:
        d.fail("expect", d.line, "an outcome question needs expect:, possible:, or both")
    if "state" not in doc:
        d.fail("state", d.line, "every question needs state: (at least its players)")

    state = _build_state(d, doc["state"], _loc(doc, "state"))

    about = d.obj_ref(doc["about"], "about", _loc(doc, "about")) if "about" in doc else None
    params: dict[str, Any] = {}
    if "ability" in doc:
        params["ability"] = _ability_param(d, doc["ability"], "ability", _loc(doc, "ability"))
    if "by" in doc:
        params["by"] = d.player(doc["by"], "by", _loc(doc, "by"))
    if "x" in doc:
        params["x"] = d.integer(doc["x"], "x", _loc(doc, "x"), 0)
    if "cost" in doc:
        params["cost"] = d.cost(doc["cost"], "cost", _loc(doc, "cost"))
    if "possible" in doc:
        params["possible"] = _assertions(d, doc["possible"], "possible", _loc(doc, "possible"))

    actions: tuple[Mapping[str, Any], ...] = ()
    if "actions" in doc:
        av = d.seq(doc["actions"], "actions", _loc(doc, "actions"), "a list of actions")
        if ask == "outcome" and not av:
            d.fail("actions", _loc(doc, "actions"), "an outcome question needs at least one action")
        actions = tuple(_action(d, a, f"actions[{i}]", _loc(av, i)) for i, a in enumerate(av))

    has_expect = "expect" in doc
    expect = _expect(d, ask, doc["expect"], _loc(doc, "expect"), bool(actions)) if has_expect else None
    because = d.rule_list(doc["because"], "because", _loc(doc, "because")) if "because" in doc else ()
    rules = d.rule_list(doc["rules"], "rules", _loc(doc, "rules")) if "rules" in doc else ()
    source = d.string(doc["source"], "source", _loc(doc, "source"), "a string") if "source" in doc else None
    note = d.string(doc["note"], "note", _loc(doc, "note"), "a string") if "note" in doc else None
    return Question(id=qid, file=d.file, line=d.line, ask=ask, about=about, params=MappingProxyType(params),
                    state=state, actions=actions, expect=expect, has_expect=has_expect, because=because,
                    rules=rules, source=source, note=note)


def _load(text: str, file: str) -> list[Question | QuestionError]:
    """All questions of one file's text, without the check of ids across files."""
    try:
        docs = load_documents(text)
    except FileProblem as p:
        return [QuestionError(p.message, file, p.id_hint if p.id_hint and ID_RE.fullmatch(p.id_hint) else None,
                              p.key, p.line)]
    out: list[Question | QuestionError] = []
    for doc in docs:
        d = _Doc(file=file, line=doc.line)
        if doc.problem is not None:
            qid = doc.id_hint if doc.id_hint and ID_RE.fullmatch(doc.id_hint) else None
            out.append(QuestionError(doc.problem.message, file, qid, doc.problem.key, doc.problem.line or doc.line))
            continue
        try:
            out.append(_question(d, doc.data))
        except QuestionError as e:
            out.append(e)
        except RecursionError:
            out.append(QuestionError("the question is nested too deeply", file, d.qid, None, doc.line))
    return out


def _check_unique(items: list[Question | QuestionError]) -> list[Question | QuestionError]:
    seen: dict[str, Question] = {}
    out: list[Question | QuestionError] = []
    for q in items:
        if isinstance(q, Question):
            if q.id in seen:
                first = seen[q.id]
                out.append(QuestionError(f"two questions have the id {q.id!r} (the other at {first.file}:{first.line})",
                                         q.file, q.id, "id", q.line))
                continue
            seen[q.id] = q
        out.append(q)
    return out


def load_text(text: str, file: str = "<string>") -> list[Question | QuestionError]:
    """The questions in ``text`` (one YAML document each), as Question values or QuestionError values."""
    return _check_unique(_load(text, file))


def _read(path: Path, file: str) -> str | QuestionError:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            return QuestionError(f"the file is over {MAX_BYTES // (1024 * 1024)} MB ({size} bytes); refused", file)
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as e:
        return QuestionError(f"cannot read the file: {e.strerror or e}", file)
    if len(raw) > MAX_BYTES:
        return QuestionError(f"the file is over {MAX_BYTES // (1024 * 1024)} MB; refused", file)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        return QuestionError(f"the file is not UTF-8 text (byte {e.start})", file)


def _load_path(path: str | Path) -> list[Question | QuestionError]:
    file = str(path)
    text = _read(Path(path), file)
    if isinstance(text, QuestionError):
        return [text]
    return _load(text, file)


def load_file(path: str | Path) -> list[Question | QuestionError]:
    """The questions of one file: one entry per YAML document (a broken one is a QuestionError); a problem
    with the whole file (unreadable, over 5 MB, YAML syntax) is a single QuestionError."""
    return _check_unique(_load_path(path))


def _expand(paths: Sequence[str | Path]) -> list[Path | QuestionError]:
    out: list[Path | QuestionError] = []
    seen: set[Path] = set()
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(f for f in path.rglob("*") if f.suffix in (".yaml", ".yml") and f.is_file())
        elif path.exists():
            found = [path]
        else:
            out.append(QuestionError("no such file or directory", str(p)))
            continue
        for f in found:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                out.append(f)
    return out


def load_paths(paths: Sequence[str | Path]) -> list[Question | QuestionError]:
    """The questions of files and directories (searched recursively for *.yaml and *.yml, in sorted
    order); ids must be unique across everything loaded (a repeated id is an error for the later one)."""
    items: list[Question | QuestionError] = []
    for f in _expand(paths):
        items += [f] if isinstance(f, QuestionError) else _load_path(f)
    return _check_unique(items)
