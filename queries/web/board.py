"""The board form and the question file, each made from the other.

A :class:`Board` is what the page's form holds: the question's keys, the turn, the players and one row per
object (its zone, its card, its state). :func:`board_from_document` reads a question document (as YAML
loads it) into a board; :func:`document_from_board` writes a board back as a document, and
:func:`question_text` as the YAML of a question file. Whatever a board has no field for (a key of an
object, a player or the state that the form does not show) is kept as YAML in the row's ``more`` field,
so that a file opened in the page and written back is the same question.

The form's fields are flat (``o3.card``, ``p1.life``): :meth:`Board.from_form` and :meth:`Board.fields`
are the two directions between a board and the form's fields.
"""
from __future__ import annotations

from dataclasses import field, fields as dc_fields
from typing import Any, Mapping

import yaml

from mtgjudge.model.safe_yaml import FileProblem, LineDict, LineList, load_documents
from mtgjudge.model.lazy_dataclass import dataclass

#: The zones a row may be in; "stack" is the state's stack (top first), the others a player's.
ZONES = ("battlefield", "hand", "graveyard", "exile", "library", "stack")
PLAYER_ZONES = ZONES[:-1]
#: The question keys the form shows in fields of their own, in the order a file writes them.
QUESTION_KEYS = ("id", "ask", "about", "ability", "cost", "x", "by")
#: The question keys the form shows as YAML (each its own text box), after the state.
YAML_KEYS = ("actions", "expect", "possible", "because")
#: How many empty object rows a board offers to fill.
SPARE_ROWS = 4
#: At most this many rows and players in a form (the file format's own limits are checked when it is read).
MAX_ROWS = 1000
MAX_PLAYERS = 100


class BoardError(ValueError):
    """A field of the form cannot be read; the message names the field."""


@dataclass
class Row:
    """One object: where it is and its state. ``more``: its other keys, as YAML (a flow mapping)."""

    player: str = ""
    zone: str = "battlefield"
    card: str = ""
    id: str = ""
    tapped: bool = False
    arrived: bool = False          # summoning_sick: arrived this turn (302.6)
    token: bool = False
    counters: str = ""             # "+1/+1: 2, loyalty: 3"
    damage: str = ""
    attached_to: str = ""
    controller: str = ""
    targets: str = ""              # "Alice, bolt"
    attacking: str = ""            # combat: the player, or the planeswalker's id, it attacks (508.1b)
    blocking: str = ""             # combat: the attackers it blocks, "bears, elves" (509.1g)
    more: str = ""

    @property
    def empty(self) -> bool:
        return not (self.card.strip() or self.more.strip())


@dataclass
class PlayerRow:
    """A player: name, life, lands played this turn, mana pool, library size (when given as a number)."""

    name: str = ""
    life: str = ""
    lands_played: str = ""
    mana_pool: str = ""
    library: str = ""
    more: str = ""


@dataclass
class Board:
    """The page's form: the question's keys, the turn, players and object rows."""

    question: dict[str, str] = field(default_factory=lambda: {"id": "at-the-table", "ask": "can-activate"})
    yaml_keys: dict[str, str] = field(default_factory=dict)     # actions, expect, possible, because: YAML
    more: str = ""                                               # the question's other keys: YAML
    active: str = ""
    number: str = ""
    step: str = ""
    effects: str = ""                                            # state.effects: YAML
    state_more: str = ""                                         # the state's other keys: YAML
    players: list[PlayerRow] = field(default_factory=lambda: [PlayerRow("Alice"), PlayerRow("Bob")])
    rows: list[Row] = field(default_factory=list)

    # ------------------------------------------------------------------ the form's fields

    def fields(self) -> dict[str, str]:
        """The form's fields, by name (a checkbox that is on is "on"; off, absent)."""
        out: dict[str, str] = {f"q.{k}": v for k, v in self.question.items() if v}
        out.update({f"y.{k}": v for k, v in self.yaml_keys.items() if v})
        for name, value in (("q.more", self.more), ("turn.active", self.active), ("turn.number", self.number),
                            ("turn.step", self.step), ("state.effects", self.effects),
                            ("state.more", self.state_more)):
            if value:
                out[name] = value
        for j, p in enumerate(self.players):
            for f in dc_fields(PlayerRow):
                if getattr(p, f.name):
                    out[f"p{j}.{f.name}"] = getattr(p, f.name)
        for i, r in enumerate(self.rows):
            for f in dc_fields(Row):
                v = getattr(r, f.name)
                if v:
                    out[f"o{i}.{f.name}"] = "on" if v is True else v
        return out

    @classmethod
    def from_form(cls, form: Mapping[str, str]) -> "Board":
        """The board the form's fields describe (empty rows and players left out)."""
        b = cls(question={k: form.get(f"q.{k}", "").strip() for k in QUESTION_KEYS},
                yaml_keys={k: form.get(f"y.{k}", "") for k in YAML_KEYS},
                more=form.get("q.more", ""), active=form.get("turn.active", "").strip(),
                number=form.get("turn.number", "").strip(), step=form.get("turn.step", "").strip(),
                effects=form.get("state.effects", ""), state_more=form.get("state.more", ""),
                players=[], rows=[])
        for j in range(MAX_PLAYERS):
            if not any(f"p{j}.{f.name}" in form for f in dc_fields(PlayerRow)):
                continue
            p = PlayerRow(**{f.name: form.get(f"p{j}.{f.name}", "").strip() for f in dc_fields(PlayerRow)})
            if p.name:
                b.players.append(p)
        for i in range(MAX_ROWS):
            if not any(f"o{i}.{f.name}" in form for f in dc_fields(Row)):
                continue
            values: dict[str, Any] = {f.name: (bool(form.get(f"o{i}.{f.name}")) if f.type in (bool, "bool")
                                               else form.get(f"o{i}.{f.name}", "").strip()) for f in dc_fields(Row)}
            r = Row(**values)
            r.zone = r.zone or "battlefield"
            if not r.empty:
                b.rows.append(r)
        return b

    def subjects(self) -> list[tuple[str, str]]:
        """What a question can be about: (value for ``about``, label) for each object on the board."""
        out = []
        for r in self.rows:
            if r.card or r.id:
                where = "the stack" if r.zone == "stack" else f"{r.player}'s {r.zone}"
                label = f"{r.card or r.id}" + (f" ({r.id})" if r.id and r.card else "") + f", {where}"
                out.append((r.id or r.card, label))
        return out


# ---------------------------------------------------------------------- YAML in and out

def plain(v: Any) -> Any:
    """``v`` as plain dicts, lists and scalars (YAML's line-keeping types dropped), for writing."""
    if isinstance(v, (dict, LineDict)):
        return {plain(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, LineList, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, float) and getattr(v, "text", None):
        return str(getattr(v, "text"))     # 107.10 written unquoted: kept as written
    if isinstance(v, float):
        return float(v)
    if isinstance(v, bool):
        return bool(v)
    if isinstance(v, int):
        return int(v)
    if isinstance(v, str):
        return str(v)
    return v


def _flow(v: Any) -> str:
    """A value as one line of YAML (a flow mapping or list)."""
    return yaml.safe_dump(plain(v), default_flow_style=True, sort_keys=False, allow_unicode=True,
                          width=10**6).strip().removesuffix("...").strip()


def read_yaml(text: str, what: str) -> Any:
    """One YAML value typed in a field (``what`` names it in an error); empty: None."""
    if not text.strip():
        return None
    try:
        docs = load_documents(text)
    except FileProblem as p:
        raise BoardError(f"{what}: {p.message}") from None
    if len(docs) != 1 or docs[0].problem is not None:
        raise BoardError(f"{what}: " + (docs[0].problem.message if docs and docs[0].problem
                                        else "one YAML value is expected"))
    return plain(docs[0].data)


def _mapping(text: str, what: str) -> dict:
    v = read_yaml(text, what)
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise BoardError(f"{what}: a YAML mapping ({{key: value, ...}}) is expected")
    return v


def question_text(doc: Mapping[str, Any]) -> str:
    """A question document as the YAML of a question file."""
    return yaml.safe_dump(plain(doc), sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


# ---------------------------------------------------------------------- document -> board

def _text(v: Any) -> str | None:
    """A scalar shown in a text field, or None when the field cannot show it exactly (then it goes to more)."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str) and v.strip() == v and v and "\n" not in v:
        # a text that YAML would read back as something else ("12", "yes") stays in more
        return v if isinstance(yaml.safe_load(_flow(v)), str) and _scalar(v) == v else None
    return None


def _scalar(text: str) -> Any:
    """What a text field's value means: a whole number is a number, anything else a string."""
    t = text.strip()
    return int(t) if t.lstrip("-").isdigit() and len(t) < 30 else t


def _take(d: dict, key: str, target: dict, name: str | None = None) -> None:
    if key in d and (t := _text(d[key])) is not None:
        target[name or key] = t
        del d[key]


def _counters_text(v: Any) -> str | None:
    if not isinstance(v, dict) or not v:
        return None
    if not all(isinstance(k, str) and k.strip() == k and k and ":" not in k and "," not in k
               and isinstance(n, int) and not isinstance(n, bool) for k, n in v.items()):
        return None
    return ", ".join(f"{k}: {n}" for k, n in v.items())


def _names_text(v: Any) -> str | None:
    if not isinstance(v, list) or not v:
        return None
    if not all(isinstance(t, str) and _text(t) is not None and "," not in t for t in v):
        return None
    return ", ".join(v)


def _row(entry: Any, player: str, zone: str) -> Row:
    if isinstance(entry, str) and _text(entry) is not None:
        return Row(player=player, zone=zone, card=entry)
    if not isinstance(entry, dict):
        return Row(player=player, zone=zone, more=_flow({"entry": entry}))
    d = dict(entry)
    got: dict[str, Any] = {}
    for key in ("card", "id", "damage", "attached_to", "controller", "attacking"):
        _take(d, key, got)
    for key, name in (("tapped", "tapped"), ("summoning_sick", "arrived"), ("token", "token")):
        if d.get(key) is True:
            got[name] = True
            del d[key]
    if (c := _counters_text(d.get("counters"))) is not None:
        got["counters"] = c
        del d["counters"]
    if (t := _names_text(d.get("targets"))) is not None:
        got["targets"] = t
        del d["targets"]
    if (t := _names_text(d.get("blocking"))) is not None:
        got["blocking"] = t
        del d["blocking"]
    return Row(player=player, zone=zone, more=_flow(d) if d else "", **got)


def board_from_document(doc: Mapping[str, Any]) -> Board:
    """The board showing a question document (a mapping as a question file's YAML gives it)."""
    d = plain(dict(doc))
    b = Board(question={}, players=[], rows=[])
    for key in QUESTION_KEYS:
        _take(d, key, b.question)
    for key in YAML_KEYS:
        if key in d:
            b.yaml_keys[key] = yaml.safe_dump(d.pop(key), sort_keys=False, allow_unicode=True,
                                              default_flow_style=None, width=100).strip().removesuffix("...").strip()
    st = d.pop("state", None)
    if isinstance(st, dict):
        st = dict(st)
        turn = st.get("turn")
        if isinstance(turn, dict):
            turn = dict(turn)
            got: dict[str, str] = {}
            for key in ("active", "number", "step"):
                _take(turn, key, got)
            b.active, b.number, b.step = got.get("active", ""), got.get("number", ""), got.get("step", "")
            if turn:
                st["turn"] = turn
            else:
                del st["turn"]
        if "effects" in st:
            b.effects = yaml.safe_dump(st.pop("effects"), sort_keys=False, allow_unicode=True,
                                       default_flow_style=None, width=100).strip()
        players = st.get("players")
        if isinstance(players, dict) and all(isinstance(n, str) and _text(n) is not None for n in players):
            for name, zones in st.pop("players").items():
                p = PlayerRow(name=name)
                if zones is None:
                    zones = {}
                if not isinstance(zones, dict):
                    p.more = _flow({"player": zones})
                    b.players.append(p)
                    continue
                zones = dict(zones)
                got = {}
                for key in ("life", "lands_played", "mana_pool"):
                    _take(zones, key, got)
                if isinstance(zones.get("library"), int) and not isinstance(zones["library"], bool):
                    got["library"] = str(zones.pop("library"))
                for k, v in got.items():
                    setattr(p, k, v)
                for zone in PLAYER_ZONES:
                    if isinstance(zones.get(zone), list) and zones[zone]:   # [] stays in more, as written
                        b.rows += [_row(e, name, zone) for e in zones.pop(zone)]
                p.more = _flow(zones) if zones else ""
                b.players.append(p)
        if isinstance(st.get("stack"), list):
            b.rows += [_row(e, "", "stack") for e in st.pop("stack")]
        if st:
            b.state_more = _flow(st)
    elif st is not None:
        b.state_more = _flow({"state": st})
    if d:
        b.more = _flow(d)
    return b


# ---------------------------------------------------------------------- board -> document

def _row_entry(r: Row, i: int) -> Any:
    what = f"object {i + 1}" + (f" ({r.card})" if r.card else "")
    d: dict[str, Any] = {}
    if r.card:
        d["card"] = r.card
    if r.id:
        d["id"] = r.id
    if r.tapped:
        d["tapped"] = True
    if r.arrived:
        d["summoning_sick"] = True
    if r.token:
        d["token"] = True
    if r.counters:
        counters: dict[str, Any] = {}
        for part in r.counters.split(","):
            name, sep, n = part.rpartition(":")
            if not sep or not name.strip():
                raise BoardError(f"{what}: counters: write them as 'kind: number, ...', like '+1/+1: 2'")
            counters[name.strip()] = _scalar(n)
        d["counters"] = counters
    for key in ("damage", "attached_to", "controller", "attacking"):
        if getattr(r, key):
            d[key] = _scalar(getattr(r, key)) if key == "damage" else getattr(r, key)
    if r.targets:
        d["targets"] = [t.strip() for t in r.targets.split(",") if t.strip()]
    if r.blocking:
        d["blocking"] = [t.strip() for t in r.blocking.split(",") if t.strip()]
    more = _mapping(r.more, f"{what}: more")
    if set(more) == {"entry"} and not d:
        return more["entry"]
    d.update(more)
    return d["card"] if list(d) == ["card"] else d


def document_from_board(b: Board) -> dict[str, Any]:
    """The question document a board describes (raises :class:`BoardError` for a field it cannot read)."""
    doc: dict[str, Any] = {}
    for key in QUESTION_KEYS:
        v = b.question.get(key, "")
        if v:
            doc[key] = _scalar(v)
    state: dict[str, Any] = {}
    turn: dict[str, Any] = {}
    if b.active:
        turn["active"] = b.active
    if b.number:
        turn["number"] = _scalar(b.number)
    if b.step:
        turn["step"] = b.step
    state_more = _mapping(b.state_more, "state: more")
    if isinstance(state_more.get("turn"), dict):
        turn = {**state_more.pop("turn"), **turn}
    if turn:
        state["turn"] = turn
    effects = read_yaml(b.effects, "effects in force")
    if effects is not None:
        state["effects"] = effects
    if set(state_more) == {"state"} and not b.players and not b.rows:
        doc["state"] = state_more["state"]
    else:
        players: dict[str, Any] = {}
        for p in b.players:
            zones: dict[str, Any] = {}
            for key in ("life", "lands_played"):
                if getattr(p, key):
                    zones[key] = _scalar(getattr(p, key))
            if p.mana_pool:
                zones["mana_pool"] = p.mana_pool
            more = _mapping(p.more, f"player {p.name}: more")
            if set(more) == {"player"}:
                players[p.name] = more["player"]
                continue
            for zone in PLAYER_ZONES:
                entries = [_row_entry(r, i) for i, r in enumerate(b.rows) if r.zone == zone and r.player == p.name]
                if entries:
                    zones[zone] = entries
            if p.library and "library" not in zones:
                zones["library"] = _scalar(p.library)
            zones.update(more)
            players[p.name] = zones
        unknown = sorted({r.player or "(none)" for r in b.rows if r.zone != "stack"} - set(players))
        if unknown:
            raise BoardError(f"an object belongs to {', '.join(unknown)}, who is not one of the players")
        bad = sorted({r.zone for r in b.rows} - set(ZONES))
        if bad:
            raise BoardError(f"no zone {', '.join(bad)}: the zones are {', '.join(ZONES)}")
        state["players"] = players
        stack = [_row_entry(r, i) for i, r in enumerate(b.rows) if r.zone == "stack"]
        if stack:
            state["stack"] = stack
        state.update(state_more)
        doc["state"] = state
    for key in YAML_KEYS:
        v = read_yaml(b.yaml_keys.get(key, ""), key)
        if v is not None:
            doc[key] = v
    doc.update(_mapping(b.more, "question: more"))
    return doc
