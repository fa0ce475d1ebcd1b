"""The ``state:`` section of a question -> :class:`~mtgjudge.model.state.GameState`: the turn, the
players and their zones, object entries (cards and tokens, looked up by name; ids given or assigned),
mana pools, the stack (spells and abilities), and the ``effects:`` in force, an exile "until [this] leaves
the battlefield" becoming a linked exile (610.3). Timestamps follow the listing order (613.7).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import TYPES
from mtgjudge.model.names import names_of, normalize
from mtgjudge.model.objects import CardDef, Face, GameObject
from mtgjudge.model.rules.layers import controllers
from mtgjudge.model.rules.in_force import exiles_until_source_leaves, may_give_control, stated_duration
from mtgjudge.model.safe_yaml import LineDict
from mtgjudge.model.words.costs.record import has_dash
from mtgjudge.model.words.attach.record import bestow_index
from mtgjudge.model.words.cipher.record import has_cipher
from mtgjudge.model.state import (COMBAT_STEPS, MAX_POOL, STEPS, Duration, EffectInForce, GameState, Lasting, LinkedExile,
                                   Player, PoolMana, StackAbility, Turn, TurnHistory)
from mtgjudge.queries.format.fields import (ID_RE, MAX_OBJECTS, MAX_PLAYERS, QuestionValidator, describe, line_of,
                                           mapping_as_mana)
from mtgjudge.queries.format.suggest import did_you_mean, joined_by_comma
from mtgjudge.model.lazy_dataclass import dataclass

STATE_KEYS = ("turn", "stack", "effects", "players", "this_turn", "last_turn")
#: ``this_turn:``, what happened this turn before the question (``TurnHistory``)
THIS_TURN_KEYS = ("spells_cast", "damaged", "died", "left", "attacked_with", "attacked", "dealt_damage")
#: ``last_turn:``, what of the turn before this one the rules ask about ("if no spells were cast last turn")
LAST_TURN_KEYS = ("spells_cast",)
TURN_KEYS = ("active", "number", "step")
ZONE_KEYS = ("battlefield", "hand", "graveyard", "library", "exile")
PLAYER_KEYS = ("life", "lands_played", "mana_pool", "poison") + ZONE_KEYS
OBJECT_KEYS = ("card", "id", "tapped", "summoning_sick", "owner", "token", "face_down", "counters", "damage",
               "attached_to", "chosen", "x", "activated_this_turn", "timestamp", "targets", "controller", "kicked",
               "attacking", "blocking", "blocked", "renowned", "upkeeps_controlled", "dashed",
               "colors_spent", "bestowed", "encoded_on")
STACK_ABILITY_KEYS = ("ability", "index", "controller", "targets")
EFFECT_KEYS = ("from", "controller", "began_turn", "objects", "ability", "chosen", "x")
POOL_KEYS = ("mana", "source")
#: Keys meaningful only for a permanent; and only for an object on the stack.
PERMANENT_ONLY = ("tapped", "summoning_sick", "damage", "attached_to", "renowned", "upkeeps_controlled")
STACK_ONLY = ("targets", "controller", "kicked", "colors_spent")


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

    @property
    def made(self) -> GameObject:
        """The object, once ``_make_object`` has made it (every entry's is, before references are resolved)."""
        assert self.obj is not None
        return self.obj


def _lookup_card(d: QuestionValidator, name: Any, path: str, line: int | None, token: bool) -> tuple[CardDef, int]:
    """A card name (or token kind) -> its definition and the face it shows."""
    name = d.string(name, path, line, "a card name")
    db = card_db()
    found = d.cards.get(normalize(name)) or db.find(name)
    if found is not None:
        card, face = found
        if card.token and not token:
            d.fail(path, line, f"{card.name!r} is a kind of token: add token: true")
        return card, face
    printed = db.is_known_card(name)
    if printed:
        return CardDef(faces=(Face(name=printed),), modelled=False), 0
    if token:
        from mtgjudge.model.words.tokens.describe import named_token   # the engine's, only for a token no card defines

        named = named_token(name, [f[0] for f in map(db.find, d.card_names) if f is not None])
        if named is not None:
            return named, 0
    d.fail(path, line, f"unknown {'token kind or ' if token else ''}card {name!r}{did_you_mean(name)}")


def _read_entries(d: QuestionValidator, value: Any, path: str, line: int | None, zone: str, player: str | None) -> list[_Entry]:
    items = d.seq(value, path, line, f"{zone}")
    for i in range(len(items) - 1):
        joined = joined_by_comma(items[i], items[i + 1])
        if joined:
            d.fail(f"{path}[{i}]", line_of(value, i),
                   f"{items[i]!r} and {items[i + 1]!r} look like one card split at its comma: in a [flow, list] a "
                   f"comma separates items, so write the name in quotes: [\"{joined}\"]")
    return [_Entry(item, f"{path}[{i}]", line_of(value, i), zone, player) for i, item in enumerate(items)]


def _make_object(d: QuestionValidator, e: _Entry, active: str) -> GameObject:
    """Build the object of an entry, without its references (attached_to, targets) yet."""
    data = e.data
    if isinstance(data, str):
        data = {"card": data}
    elif isinstance(data, dict):
        d.mapping(data, e.path, e.line, "an object entry", OBJECT_KEYS)
        for k in data:
            kl = line_of(data, k)
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
        d.fail(e.path, e.line, f"an object entry is a card name or a mapping with card:; got {describe(data)}")

    def get(k: str) -> tuple[Any, str, int | None]:
        return data.get(k), f"{e.path}.{k}", line_of(data, k) if isinstance(data, LineDict) else e.line

    token = d.boolean(*get("token")) if "token" in data else False
    card, face = _lookup_card(d, *get("card"), token=token)
    if e.zone == "stack":
        controller = d.player(*get("controller")) if "controller" in data else active
        owner = d.player(*get("owner")) if "owner" in data else controller
    elif e.zone == "battlefield":
        assert e.player is not None     # a zone other than the stack is a player's
        controller = e.player
        owner = d.player(*get("owner")) if "owner" in data else e.player
    else:
        assert e.player is not None     # a zone other than the stack is a player's
        owner = controller = e.player
        if "owner" in data and d.player(*get("owner")) != e.player:
            d.fail(get("owner")[1], get("owner")[2], f"{e.zone} lists the cards its player owns: list this card "
                                                    f"under {data['owner']}'s {e.zone}")
    kw: dict[str, Any] = {}
    for k in ("tapped", "summoning_sick", "face_down", "renowned"):
        if k in data:
            kw[k] = d.boolean(*get(k))
    for k in ("damage", "x", "upkeeps_controlled"):
        if k in data:
            kw[k] = d.integer(*get(k), 0)
    if "timestamp" in data:
        kw["timestamp"] = d.integer(*get("timestamp"), 1)
    if "counters" in data:
        kw["counters"] = tuple(sorted((k, n) for k, n in d.counters(*get("counters")).items() if n))
    if "chosen" in data:
        kw["chosen"] = d.chosen(*get("chosen"))
    if e.zone == "stack" and not token:
        # a spell on the stack was cast (601.2), from a zone the state does not say: "if you cast it from your
        # hand" is then unknown (words.kicker.perform); whether it was kicked (702.33d) the state says, if it can be
        kw["cast_from"] = "?"
        kickers = [a for a in card.faces[face].abilities
                   if a.kind == "static" and a.static is not None and a.static.kind == "kicker"]
        if "kicked" in data:
            v, p, ln = get("kicked")
            n = int(v) if isinstance(v, bool) else d.integer(v, p, ln, 0)
            multi = len(kickers) == 1 and kickers[0].static is not None and kickers[0].static.arg("multi", False)
            if n and (len(kickers) != 1 or (n > 1 and not multi)):
                d.fail(p, ln, f"kicked: {card.faces[face].name} has {len(kickers)} kicker cost(s); kicked: says how "
                              "many times its one kicker cost was paid (702.33d)")
            kw["kicked"] = (1,) * n
        elif kickers:
            d.fail(e.path, e.line, f"{card.faces[face].name} has kicker: say whether it was kicked as it was cast "
                                   "(kicked: true / false, or how many times for multikicker; 702.33d)")
    elif "kicked" in data:
        d.fail(get("kicked")[1], get("kicked")[2], "kicked is only for spells on the stack")
    if "colors_spent" in data:
        # 702.44a, converge: how many colors of mana were spent to cast the spell (0 to 5, 106.1a); unsaid, not known
        v, p, ln = get("colors_spent")
        n = d.integer(v, p, ln, 0)
        if n > 5:
            d.fail(p, ln, f"colors_spent: at most 5 colors of mana can be spent to cast a spell (106.1a), not {n}")
        kw["colors_spent"] = n
    if e.zone in ("battlefield", "stack") and has_dash(card.faces[face].abilities):
        # 702.109a: whether a permanent or spell with dash was cast for its dash cost; unsaid, not known (None). A
        # dashed permanent's delayed return may have triggered or been countered already: said only as a cast
        kw["dashed"] = d.boolean(*get("dashed")) if "dashed" in data else None
        if kw["dashed"] and e.zone == "battlefield":
            d.fail(get("dashed")[1], get("dashed")[2], "dashed: true is only for a spell on the stack: whether a "
                                                       "dashed permanent's return (702.109a) still waits is not "
                                                       "given; cast it with alternative: in the actions")
    elif "dashed" in data:
        d.fail(get("dashed")[1], get("dashed")[2], "dashed is only for a spell or permanent with dash (702.109a)")
    if e.zone == "stack" and bestow_index(card.faces[face].abilities):
        # 702.103b: whether a spell with bestow was cast bestowed; unsaid, not known (None). On the battlefield a
        # permanent with bestow is bestowed exactly when it is attached (702.103f; 303.4d: a creature can't be)
        kw["bestowed"] = d.boolean(*get("bestowed")) if "bestowed" in data else None
    elif "bestowed" in data:
        d.fail(get("bestowed")[1], get("bestowed")[2], "bestowed is only for a spell with bestow on the stack "
                                                       "(702.103b); on the battlefield it is attached or not")
    if "activated_this_turn" in data:
        v, p, ln = get("activated_this_turn")
        items = d.seq([v] if isinstance(v, int) and not isinstance(v, bool) else v, p, ln, "a list of ability numbers")
        kw["activated_this_turn"] = tuple(sorted({d.integer(n, f"{p}[{i}]", line_of(v, i), 1) for i, n in enumerate(items)}))
    return GameObject(id=e.oid, card=card, owner=owner, controller=controller, zone=e.zone, face=face,
                      token=token, **kw)


def _read_combat(d: QuestionValidator, entries: list["_Entry"], active: str, step: str) -> None:
    """``attacking:``, ``blocking:`` and ``blocked:`` (506.4: creatures are attacking or blocking from the declare
    attackers step to the end of combat, on the battlefield). An attacker is the active player's (508.1a) and
    attacks another player or a planeswalker or battle (508.1b); a blocker is a defending player's creature and
    blocks attackers (509.1a); an attacker is blocked exactly when some creature blocks it unless ``blocked:`` says
    otherwise (509.1h: it stays blocked if its blockers leave)."""
    for e in entries:
        data = e.data if isinstance(e.data, dict) else {}
        keys = [k for k in ("attacking", "blocking", "blocked") if k in data]
        if not keys:
            continue
        k0 = keys[0]
        if e.zone != "battlefield":
            d.fail(f"{e.path}.{k0}", line_of(data, k0), f"{k0} is only for creatures on the battlefield (506.4)")
        if step not in COMBAT_STEPS or (step == "declare-attackers" and "blocking" in data):
            d.fail(f"{e.path}.{k0}", line_of(data, k0), f"{k0}: no creature is {k0.replace('ed', 'ing')} in the "
                                                        f"{step} step (506.4, 508.1k, 509.1g)")
        changes: dict[str, Any] = {}
        if "attacking" in data:
            path, ln = f"{e.path}.attacking", line_of(data, "attacking")
            who = d.obj_ref(data["attacking"], path, ln, players=True)
            if e.made.controller != active:
                d.fail(path, ln, f"only the active player ({active}) attacks (508.1a)")
            if who in d.players:
                if who == active:
                    d.fail(path, ln, f"{active} can't attack themselves (508.1b)")
            else:
                target = d.objects[who]
                if target.zone != "battlefield" or not ({"Planeswalker", "Battle"} & set(target.printed.types)):
                    d.fail(path, ln, f"{who} is not a planeswalker or battle on the battlefield: a creature attacks a "
                                     "player, a planeswalker or a battle (508.1b)")
            changes["attacking"] = who
        if "blocking" in data:
            path, ln = f"{e.path}.blocking", line_of(data, "blocking")
            if e.made.controller == active:
                d.fail(path, ln, "the active player's creatures don't block (509.1a)")
            changes["blocking"] = d.ref_list(data["blocking"], path, ln)
        if "blocked" in data:
            path, ln = f"{e.path}.blocked", line_of(data, "blocked")
            if "attacking" not in data:
                d.fail(path, ln, "blocked: is only for an attacking creature (509.1h)")
            changes["blocked"] = d.boolean(data["blocked"], path, ln)
        e.obj = replace(e.made, **changes)
        d.objects[e.oid] = e.obj
    for e in entries:
        for a in e.made.blocking:
            data = e.data if isinstance(e.data, dict) else {}
            if d.objects[a].attacking is None:
                d.fail(f"{e.path}.blocking", line_of(data, "blocking"), f"{a} is not attacking: a creature blocks "
                                                                          "attacking creatures (509.1a)")
    blocked = {a for e in entries for a in e.made.blocking}
    for e in entries:
        data = e.data if isinstance(e.data, dict) else {}
        if e.made.attacking is not None and "blocked" not in data and e.oid in blocked:
            e.obj = replace(e.made, blocked=True)
            d.objects[e.oid] = e.obj


def _assign_ids(d: QuestionValidator, entries: list[_Entry]) -> None:
    seen: dict[str, str] = {}
    counters: Counter = Counter()
    for e in entries:
        if isinstance(e.data, dict) and "id" in e.data:
            oid = e.data["id"]
            line = line_of(e.data, "id")
            if not isinstance(oid, str) or not ID_RE.fullmatch(oid):
                d.fail(f"{e.path}.id", line, f"an id is lower-case letters, digits and '-', like bear-1; got {describe(oid)}")
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


def index_names(d: QuestionValidator) -> None:
    """The names by which the state's objects are referred to (``by_name``), from ``d.objects``."""
    d.by_name = {}
    for o in d.objects.values():
        for n in names_of(o):
            d.by_name.setdefault(n, []).append(o.id)


def _encoded_on(d: QuestionValidator, e: _Entry, data: Any) -> str:
    """``encoded_on`` of an exiled card with cipher: the permanent it is encoded on (702.99b-c), one on the
    battlefield, named by id or name."""
    path, line = f"{e.path}.encoded_on", line_of(data, "encoded_on")
    if e.zone != "exile":
        d.fail(path, line, "encoded_on is only for a card in exile (rule 702.99b: a card with cipher is encoded while "
                           "exiled)")
    if e.made.token or not has_cipher(e.made.printed.abilities):
        d.fail(path, line, f"{e.made.name} has no cipher the verifier reads (rule 702.99a): it can't be encoded")
    ref = d.obj_ref(data["encoded_on"], path, line)
    if d.objects[ref].zone != "battlefield":
        d.fail(path, line, f"{ref} is not on the battlefield: a card is encoded only on a permanent there (rule 702.99c)")
    return ref


def _check_attachment_cycles(d: QuestionValidator, entries: list[_Entry]) -> None:
    where = {e.oid: e for e in entries}
    for start in d.objects.values():
        seen = [start.id]
        cur = start
        while cur.attached_to is not None:
            if cur.attached_to in seen:
                e = where[start.id]
                chain = " -> ".join(seen[seen.index(cur.attached_to):] + [cur.attached_to])
                d.fail(f"{e.path}.attached_to", line_of(e.data, "attached_to"), f"attachments form a cycle: {chain}")
            seen.append(cur.attached_to)
            cur = d.objects[cur.attached_to]


def _pool(d: QuestionValidator, value: Any, path: str, line: int | None) -> tuple[PoolMana, ...]:
    if isinstance(value, list):
        out: list[PoolMana] = []
        for i, item in enumerate(value):
            ipath, iline = f"{path}[{i}]", line_of(value, i)
            source = None
            if isinstance(item, dict) and mapping_as_mana(item) is None:
                d.mapping(item, ipath, iline, "pool mana", POOL_KEYS)
                if "mana" not in item:
                    d.fail(ipath, iline, "pool mana needs mana: like \"{C}{C}\"")
                if "source" in item:
                    source = d.obj_ref(item["source"], f"{ipath}.source", line_of(item, "source"))
                amount = d.mana(item["mana"], f"{ipath}.mana", line_of(item, "mana"))
            else:
                amount = d.mana(item, ipath, iline)
            out += _units(d, amount, source, ipath, iline, len(out))
        return tuple(out)
    return tuple(_units(d, d.mana(value, path, line), None, path, line, 0))




def _units(d: QuestionValidator, amount, source, path: str, line: int | None, before: int) -> list[PoolMana]:
    if before + sum(amount.values()) > MAX_POOL:
        d.fail(path, line, f"a mana pool holds at most {MAX_POOL} mana here")
    return [PoolMana(t, source) for t in TYPES for _ in range(amount.get(t, 0))]


def build_state(d: QuestionValidator, st: Any, line: int | None) -> GameState:
    """The ``state:`` mapping -> GameState (sets d.players, d.objects, d.by_name for references)."""
    st = d.mapping(st, "state", line, "state", STATE_KEYS)
    if "players" not in st:
        d.fail("state", line, "state needs players: (in turn order)")
    players = st["players"]
    if not isinstance(players, dict):
        d.fail("state.players", line_of(st, "players"), f"players must be a mapping from each player's name to "
                                                     f"their zones, in turn order; got {describe(players)}")
    if not players:
        d.fail("state.players", line_of(st, "players"), "the state needs at least one player")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            d.fail("state.players", line_of(players, name), f"player name {describe(name)} must be a string: quote it")
    d.at_most(len(players), MAX_PLAYERS, "state.players", line_of(st, "players"), "players")
    d.players = tuple(players)

    # turn
    tv = st.get("turn", LineDict())
    turn = d.mapping(tv, "state.turn", line_of(st, "turn"), "turn", TURN_KEYS)
    active = d.player(turn["active"], "state.turn.active", line_of(turn, "active")) if "active" in turn else d.players[0]
    number = d.integer(turn["number"], "state.turn.number", line_of(turn, "number"), 1) if "number" in turn \
        else d.players.index(active) + 1
    step = turn.get("step", "precombat-main")
    if step not in STEPS:
        d.fail("state.turn.step", line_of(turn, "step"), f"{describe(step)} is not a step; steps: {', '.join(STEPS)}")

    # players and their zones
    entries: list[_Entry] = []
    pdata: dict[str, dict[str, Any]] = {}
    for name, pv in players.items():
        ppath, pline = f"state.players.{name}", line_of(players, name)
        pv = LineDict() if pv is None else pv
        p = d.mapping(pv, ppath, pline, f"player {name}", PLAYER_KEYS)
        info: dict[str, Any] = {"name": name}
        if "life" in p:
            info["life"] = d.integer(p["life"], f"{ppath}.life", line_of(p, "life"))
        if "lands_played" in p:
            info["lands_played"] = d.integer(p["lands_played"], f"{ppath}.lands_played", line_of(p, "lands_played"), 0)
        if "poison" in p:
            info["poison"] = d.integer(p["poison"], f"{ppath}.poison", line_of(p, "poison"), 0)
        zones: dict[str, list[_Entry]] = {}
        for z in ZONE_KEYS:
            if z not in p or p[z] is None:
                zones[z] = []
                continue
            zv, zpath, zline = p[z], f"{ppath}.{z}", line_of(p, z)
            if z == "library" and isinstance(zv, int) and not isinstance(zv, bool):
                info["unknown_library"] = d.integer(zv, zpath, zline, 0)
                zones[z] = []
                continue
            zones[z] = _read_entries(d, zv, zpath, zline, z, name)
            entries += zones[z]
        pool = (p["mana_pool"], f"{ppath}.mana_pool", line_of(p, "mana_pool")) if "mana_pool" in p else None
        pdata[name] = {"info": info, "zones": zones, "pool": pool}

    # the stack
    stack_items: list[tuple[str, Any]] = []   # ("object", _Entry) or ("ability", (LineDict, path, line))
    if "stack" in st and st["stack"] is not None:
        sv = d.seq(st["stack"], "state.stack", line_of(st, "stack"), "stack")
        for i, item in enumerate(sv):
            ipath, iline = f"state.stack[{i}]", line_of(sv, i)
            if isinstance(item, dict) and "ability" in item:
                stack_items.append(("ability", (d.mapping(item, ipath, iline, "a stack ability", STACK_ABILITY_KEYS),
                                                ipath, iline)))
            else:
                e = _Entry(item, ipath, iline, "stack", None)
                entries.append(e)
                stack_items.append(("object", e))

    d.at_most(len(entries), MAX_OBJECTS, "state", line, "objects in a state (all zones and the stack)")
    _assign_ids(d, entries)
    d.card_names = tuple(n for n in (e.data.get("card") if isinstance(e.data, dict) and not e.data.get("token")
                                     else e.data for e in entries) if isinstance(n, str))
    for e in entries:
        e.obj = _make_object(d, e, active)
    d.objects = {e.oid: e.made for e in entries}
    index_names(d)

    # references of objects; timestamps
    ts = 0
    for e in entries:
        data = e.data if isinstance(e.data, dict) else {}
        changes: dict[str, Any] = {}
        if "attached_to" in data:
            changes["attached_to"] = d.obj_ref(data["attached_to"], f"{e.path}.attached_to", line_of(data, "attached_to"))
            if e.zone == "battlefield" and bestow_index(e.made.printed.abilities):
                changes["bestowed"] = True      # 702.103b, 702.103f: attached, a permanent with bestow is a bestowed Aura
        if "encoded_on" in data:
            changes["encoded_on"] = _encoded_on(d, e, data)
        if "targets" in data:
            changes["targets"] = d.ref_list(data["targets"], f"{e.path}.targets", line_of(data, "targets"), players=True)
        if e.zone == "battlefield":
            ts += 1
            if "timestamp" not in data:
                changes["timestamp"] = ts
        if changes:
            e.obj = replace(e.made, **changes)
            d.objects[e.oid] = e.obj
    _check_attachment_cycles(d, entries)
    _read_combat(d, entries, active, step)
    last_ts = max([o.timestamp for o in d.objects.values() if o.zone == "battlefield"], default=0)

    stack: list[str | StackAbility] = []
    for kind, item in stack_items:
        if kind == "object":
            stack.append(item.oid)
            continue
        a, ipath, iline = item
        source = d.obj_ref(a["ability"], f"{ipath}.ability", line_of(a, "ability"))
        if "index" not in a:
            d.fail(ipath, iline, "a stack ability needs index: which of its source's abilities it is (1-based)")
        index = d.integer(a["index"], f"{ipath}.index", line_of(a, "index"), 1)
        abilities = d.objects[source].printed.abilities
        if index > len(abilities):
            d.fail(f"{ipath}.index", line_of(a, "index"),
                   f"{d.objects[source].name} has {len(abilities)} abilit{'y' if len(abilities) == 1 else 'ies'}; "
                   f"there is no ability number {index}")
        controller = d.player(a["controller"], f"{ipath}.controller", line_of(a, "controller")) if "controller" in a \
            else d.objects[source].controller
        targets = d.ref_list(a["targets"], f"{ipath}.targets", line_of(a, "targets"), players=True) \
            if "targets" in a else ()
        # 115.1: only an ability that says "target" has targets; an unmodelled ability's targets are not known
        # (its text may say "target"): they are taken as given, and what it does makes the answer unsupported
        chosen = abilities[index - 1]
        slots = len(chosen.targets) + sum(1 for e in chosen.effects if e.arg("target"))
        if targets and not slots and chosen.kind != "unmodelled":
            d.fail(f"{ipath}.targets", line_of(a, "targets"),
                   f"ability {index} of {d.objects[source].name} has no targets (CR 115.1)")
        stack.append(StackAbility(source, index, controller, targets))

    effects, linked = _effects(d, st, number, last_ts)

    built_players = []
    for name, pd in pdata.items():
        listed = tuple((z, tuple(e.oid for e in pd["zones"][z])) for z in ZONE_KEYS)
        if pd["pool"] is not None:
            pd["info"]["mana_pool"] = _pool(d, *pd["pool"])
        built_players.append(Player(zones=listed, **pd["info"]))
    history = _last_turn(d, st, _this_turn(d, st, active, step))
    state = GameState(players=tuple(built_players), objects=tuple(e.made for e in entries),
                      turn=Turn(active, number, step), stack=tuple(stack), turn_order=d.players,
                      turns_played=((number, active),), this_turn=history).adding(*effects, *linked)
    return _statically_controlled(d, state, entries)


def _statically_controlled(d: QuestionValidator, state: GameState, entries: list) -> GameState:
    """613.1b: a permanent that a static control effect applies to ("You control enchanted creature.") is listed
    under the player that effect gives it to; apart from it, its owner controls it (110.2: the player under whose
    control it entered, taken to be its owner), to whom it returns when the effect stops applying."""
    try:
        given = controllers(state)
    except Unsupported:
        return state        # the engine says so as it applies the effects (``engine.controllers``)
    for e in entries:
        player = given.get(e.oid)
        if player is None:
            continue
        o = state.obj(e.oid)
        # an effect in force may give it to another player after the Aura's (613.7): the engine says that is not
        # modelled as it applies the effects
        if o.controller != player and not any(may_give_control(x) for x in state.in_force(EffectInForce)):
            d.fail(e.path, e.line,
                   f"{o.name} ({e.oid}) is listed under {o.controller}, but a static control effect gives {player} "
                   f"control of it (613.1b): list it among {player}'s permanents")
        state = state.with_object(replace(o, controller_apart=o.owner))
    return state


def _this_turn(d: QuestionValidator, st: LineDict, active: str, step: str) -> TurnHistory:
    """``this_turn:`` -> the turn's history before the question, known (a key not given: none of it happened).
    Without ``this_turn:`` the history is not known (``rules.this_turn``)."""
    if "this_turn" not in st:
        return TurnHistory()
    path, line = "state.this_turn", line_of(st, "this_turn")
    h = d.mapping(LineDict() if st["this_turn"] is None else st["this_turn"], path, line, "this_turn", THIS_TURN_KEYS)

    def players(key: str) -> tuple[str, ...]:
        if key not in h:
            return ()
        items = d.seq(h[key], f"{path}.{key}", line_of(h, key), f"this_turn.{key} (a list of players)")
        got = tuple(d.player(x, f"{path}.{key}", line_of(h, key)) for x in items)
        if len(set(got)) != len(got):
            d.fail(f"{path}.{key}", line_of(h, key), f"this_turn.{key} names a player twice")
        return tuple(sorted(got))

    cast = _spells_cast(d, h, path, "this turn")
    died = d.integer(h["died"], f"{path}.died", line_of(h, "died"), 0) if "died" in h else 0
    attacked_with, attacked = players("attacked_with"), players("attacked")
    if any(p != active for p in attacked_with):
        d.fail(f"{path}.attacked_with", line_of(h, "attacked_with"), f"only the active player, {active}, attacks "
               "this turn (506.2)")
    if attacked and (step != "declare-attackers" or active not in attacked_with or active in attacked):
        d.fail(f"{path}.attacked", line_of(h, "attacked"), "this_turn.attacked lists the players attacked this step: "
               "only in the declare-attackers step, after the active player attacked with a creature (attacked_with),"
               " and never the active player (508.1, 508.6)")
    return TurnHistory(known=True, spells_cast=cast, damaged=players("damaged"), died=died, left=players("left"),
                       attacked_with=attacked_with, attacked=attacked, dealt_damage=_dealt_damage(d, h, path))


def _dealt_damage(d: QuestionValidator, h: LineDict, path: str) -> tuple[tuple[str, int, str, int], ...]:
    """``dealt_damage: {bears: [sengir]}`` of ``this_turn:`` -> each permanent dealt damage earlier this turn, by
    each source (the objects of the question's state, as they are in it: no zone change yet)."""
    if "dealt_damage" not in h:
        return ()
    where, line = f"{path}.dealt_damage", line_of(h, "dealt_damage")
    m = h["dealt_damage"]
    if not isinstance(m, dict):
        d.fail(where, line, f"this_turn.dealt_damage maps each permanent dealt damage this turn to the sources that "
                            f"dealt it ({{bears: [sengir]}}); got {describe(m)}")
    out = set()
    for key, sources in m.items():
        to = d.obj_ref(key, f"{where}.{key}", line_of(m, key))
        if d.objects[to].zone != "battlefield":
            d.fail(f"{where}.{key}", line_of(m, key), f"{to} is in the {d.objects[to].zone}: this_turn.dealt_damage "
                   "names permanents dealt damage this turn, on the battlefield")
        out |= {(to, 0, src, 0) for src in d.ref_list(sources, f"{where}.{key}", line_of(m, key))}
    return tuple(sorted(out))


def _spells_cast(d: QuestionValidator, h: LineDict, path: str, when: str) -> tuple[tuple[str, int], ...]:
    """``spells_cast: {Alice: 2}`` of ``this_turn:`` or ``last_turn:`` -> (player, how many spells they cast
    ``when``), the players who cast none left out."""
    cast: dict[str, int] = {}
    if "spells_cast" in h:
        sc = h["spells_cast"]
        key = path.split(".")[-1]
        if not isinstance(sc, dict):
            d.fail(f"{path}.spells_cast", line_of(h, "spells_cast"), f"{key}.spells_cast must be a mapping from "
                   f"each player to how many spells they cast {when}; got {describe(sc)}")
        for name, n in sc.items():
            who = d.player(name, f"{path}.spells_cast", line_of(sc, name))
            cast[who] = d.integer(n, f"{path}.spells_cast.{who}", line_of(sc, name), 0)
    return tuple(sorted((p, n) for p, n in cast.items() if n))


def _last_turn(d: QuestionValidator, st: LineDict, history: TurnHistory) -> TurnHistory:
    """``last_turn:`` -> how many spells each player cast the turn before this one, known (a player not given cast
    none), kept in the turn's record (``TurnHistory.last_spells_cast``). Without ``last_turn:`` they are not known
    (``rules.this_turn.spells_last_turn``)."""
    if "last_turn" not in st:
        return history
    path, line = "state.last_turn", line_of(st, "last_turn")
    h = d.mapping(LineDict() if st["last_turn"] is None else st["last_turn"], path, line, "last_turn", LAST_TURN_KEYS)
    return replace(history, last_known=True, last_spells_cast=_spells_cast(d, h, path, "last turn"))


def _effects(d: QuestionValidator, st: LineDict, number: int,
             last_ts: int) -> tuple[tuple[Lasting, ...], tuple[Lasting, ...]]:
    """The ``effects:`` entries: effects in force, and exiles until a source leaves the battlefield (610.3),
    which link the exiled cards to their source. ``from`` names the card, or the source permanent by id."""
    if "effects" not in st or st["effects"] is None:
        return (), ()
    ev = d.seq(st["effects"], "state.effects", line_of(st, "effects"), "effects")
    out: list[Lasting] = []
    linked: list[Lasting] = []
    for i, item in enumerate(ev):
        path, line = f"state.effects[{i}]", line_of(ev, i)
        m = d.mapping(item, path, line, "an effect", EFFECT_KEYS)
        if "from" not in m:
            d.fail(path, line, "an effect needs from: the card whose spell or ability created it")
        fpath, fline = f"{path}.from", line_of(m, "from")
        name = d.string(m["from"], fpath, fline, "a card name")
        source_obj = d.objects.get(name)
        if source_obj is not None:
            card, face = source_obj.card, source_obj.face
        else:
            card, face = _lookup_card(d, name, fpath, fline, token=False)
        card_name = card.faces[face].name
        if "controller" in m:
            controller = d.player(m["controller"], f"{path}.controller", line_of(m, "controller"))
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
            kw["ability"] = d.integer(m["ability"], f"{path}.ability", line_of(m, "ability"), 1)
        if "x" in m:
            kw["x"] = d.integer(m["x"], f"{path}.x", line_of(m, "x"), 0)
        if "chosen" in m:
            kw["chosen"] = d.chosen(m["chosen"], f"{path}.chosen", line_of(m, "chosen"))
        if "objects" in m:
            kw["objects"] = d.ref_list(m["objects"], f"{path}.objects", line_of(m, "objects"))
        began = d.integer(m["began_turn"], f"{path}.began_turn", line_of(m, "began_turn"), 1) \
            if "began_turn" in m else number
        if card.modelled and _exile_until(d, card, face, kw.get("ability"), path, line):
            link = _linked_exile(d, m, path, line, card_name, source_obj, controller, kw.get("objects", ()))
            linked.append(Lasting(link, Duration("source_leaves", began)))   # 610.3
            continue
        # its duration is read once, from the card's words, as it is made (611.2a)
        out.append(Lasting(EffectInForce(card=card, face=face, controller=controller, timestamp=last_ts + i + 1, **kw),
                           stated_duration(card, face, kw.get("ability"), controller, began)))
    return tuple(out), tuple(linked)


def _exile_until(d: QuestionValidator, card: CardDef, face: int, ability: int | None, path: str, line: int | None) -> bool:
    try:
        return exiles_until_source_leaves(card, face, ability)
    except Unsupported as e:
        d.fail(path, line, str(e))


def _linked_exile(d: QuestionValidator, m: LineDict, path: str, line: int | None, card_name: str, source_obj: GameObject | None,
                  controller: str, objects: tuple[str, ...]) -> LinkedExile:
    """An exile "until [this] leaves the battlefield" in force: its source is the permanent ``from`` names
    (its id, or the one permanent of that name its controller controls)."""
    if source_obj is None:
        found = [o for o in d.objects.values() if o.zone == "battlefield" and o.controller == controller
                 and normalize(card_name) in names_of(o)]
        if len(found) != 1:
            d.fail(f"{path}.from", line_of(m, "from"),
                   f"{card_name}'s exile lasts until the permanent that made it leaves the battlefield (610.3): "
                   + (f"{controller} controls no {card_name}" if not found else
                      f"{controller} controls {len(found)} permanents named {card_name}; give the one that made it by id"))
        source_obj = found[0]
    if source_obj.zone != "battlefield":
        d.fail(f"{path}.from", line_of(m, "from"), f"{source_obj.id} is not on the battlefield: an exile until it leaves "
                                                "would have ended (610.3)")
    for oid in objects:
        if d.objects[oid].zone != "exile":
            d.fail(f"{path}.objects", line_of(m, "objects"), f"{oid} is in the {d.objects[oid].zone}, not in exile: the "
                                                          "objects of an exile-until effect are the cards it exiled")
    return LinkedExile(source_obj.id, 0, controller, tuple((oid, 0) for oid in objects))
