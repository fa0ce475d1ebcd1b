"""Load the built-in card definitions (``data/*.yaml``) and validate them: a card given by its Oracle text
(``oracle:``) is compiled by ``model.oracle`` as an imported card is; the others are encoded by hand in the
product's vocabulary, where the compiler does not read their text yet.

``known_names.txt.gz`` lists the names of every card printed up to the card data the product was built
from, so that a real card the product does not model yet is told apart from a typo. Cards are found by
name through ``lookup.py``.
"""
from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any


from mtgjudge.model.vocab.abilities import Ability

from mtgjudge.model import deadline
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import COLORS, ManaSyntaxError, parse_cost
from mtgjudge.model.safe_yaml import FileProblem, load_documents
from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.cards.type_line import parse_type_line
from mtgjudge.model import cache
from mtgjudge.model.cards import compiled
from mtgjudge.model.cards.compiled import compile_kept, kept

DATA_DIR = Path(__file__).parent / "data"
KNOWN_NAMES = Path(__file__).parent / "known_names.txt.gz"

FACE_KEYS = {"name", "cost", "type", "pt", "color_indicator", "abilities"}
CARD_KEYS = FACE_KEYS | {"back", "token"}


class CardDefinitionError(ValueError):
    """A card definition file that breaks the encoding: names the file, the card and the field."""


def _face(data: dict, where: str) -> Face:
    unknown = set(data) - FACE_KEYS - ({"back", "token"} if where == "front" else set())
    if unknown:
        raise DefinitionError(f"unknown key {sorted(unknown)[0]!r}; allowed: {sorted(FACE_KEYS)}")
    if "name" not in data or not isinstance(data["name"], str):
        raise DefinitionError("name: missing or not a string")
    if "type" not in data:
        raise DefinitionError("type: missing")
    supers, types, subs = parse_type_line(str(data["type"]))
    cost = None
    if "cost" in data:
        try:
            cost = parse_cost(data["cost"])
        except ManaSyntaxError as e:
            raise DefinitionError(f"cost: {e}") from None
    power = toughness = None
    if "pt" in data:
        m = re.fullmatch(r"(\d+|\*)/(\d+|\*)", str(data["pt"]))
        if not m:
            raise DefinitionError(f"pt: {data['pt']!r} is not like 2/3")
        power = int(m.group(1)) if m.group(1) != "*" else 0
        toughness = int(m.group(2)) if m.group(2) != "*" else 0
    indicator = None
    if "color_indicator" in data:
        ci = data["color_indicator"]
        if not isinstance(ci, list) or any(c not in COLORS for c in ci):
            raise DefinitionError(f"color_indicator: a list of letters from {COLORS}")
        indicator = tuple(ci)
    raw = data.get("abilities", [])
    if not isinstance(raw, list):
        raise DefinitionError("abilities: must be a list")
    # the abilities' reader (and the phrase grammar it parses with) is imported only when a card is read, not
    # kept (model.cards.compiled)
    from mtgjudge.model.vocab.parse import parse_ability, read_targets, read_trigger

    abilities: list[Ability] = []
    for i, a in enumerate(raw, 1):
        try:
            abilities.append(read_trigger(read_targets(parse_ability(a)), data["name"]))
        except DefinitionError as e:
            raise DefinitionError(f"abilities[{i}]: {e}") from None
    return Face(data["name"], cost, indicator, supers, types, subs, power, toughness, tuple(abilities))


#: The keys of a card given by its Oracle text (each face: name, mana cost, type line, P/T or loyalty, text).
ORACLE_FACE_KEYS = {"name", "cost", "type", "pt", "loyalty", "color_indicator", "oracle"}


def _oracle_face(data: Any, where: str) -> FaceRecord:
    if not isinstance(data, dict):
        raise DefinitionError(f"{where}: a face is a mapping")
    unknown = set(data) - ORACLE_FACE_KEYS - ({"back", "layout"} if where == "front" else set())
    if unknown:
        raise DefinitionError(f"unknown key {sorted(unknown)[0]!r}; allowed: {sorted(ORACLE_FACE_KEYS)}")
    for key in ("name", "type", "oracle"):
        if not isinstance(data.get(key, ""), str) or key == "name" and key not in data:
            raise DefinitionError(f"{key}: missing or not a string")
    power = toughness = None
    if "pt" in data:
        power, _, toughness = str(data["pt"]).partition("/")
    indicator = data.get("color_indicator")
    return FaceRecord(data["name"], data.get("cost"), str(data.get("type", "")), data.get("oracle", ""), power,
                      toughness, str(data["loyalty"]) if "loyalty" in data else None,
                      tuple(indicator) if indicator else None)


class BuiltIn:
    """One built-in card, by name, made when first asked for: a card given by its Oracle text is compiled
    then (model.oracle), so that a process pays for compiling only the cards its questions name."""

    def __init__(self, record_or_card: CardRecord | CardDef | None, source: str, where: str,
                 data: dict | None = None, kept_record: dict | None = None) -> None:
        self._record = record_or_card if isinstance(record_or_card, CardRecord) else None
        self._card = record_or_card if isinstance(record_or_card, CardDef) else None
        self.source = source
        self.where = where           # file:line and card, for an error in compiling it
        # A card encoded by hand (abilities as data) is read when first asked for too: only its names now.
        self._data = data
        # A card given by Oracle text, as the kept reading of the files holds it (:func:`_entry_data`: its names,
        # and its record as the JSON text of ``CardRecord.to_json``): read into its record when first asked for
        # (reading the 750 records of the files costs a process ~5 ms, and decoding them as JSON values ~8 ms).
        self._kept_record = kept_record
        if data is not None:
            self.face_names: tuple[str, ...] = (data["name"],) + ((data["back"]["name"],) if "back" in data else ())
            self.name: str = " // ".join(self.face_names)   # as CardDef.name
            return
        if kept_record is not None:
            self.name = kept_record["name"]
            self.face_names = tuple(kept_record["faces"])
            if not (isinstance(self.name, str) and all(isinstance(n, str) for n in self.face_names)):
                raise ValueError("a kept record's names are not strings")
            return
        item = self._record or self._card
        self.name = item.name   # type: ignore[union-attr]
        self.face_names = tuple(f.name for f in item.faces)   # type: ignore[union-attr]

    def record(self) -> CardRecord | None:
        """The card's record when it is given by Oracle text (None for a card encoded by hand)."""
        if self._kept_record is not None:
            kept_record, self._kept_record = self._kept_record, None
            try:
                record = CardRecord.from_json(json.loads(kept_record["record"]))
                if record.name != self.name or tuple(f.name for f in record.faces) != self.face_names:
                    raise ValueError("a kept record names another card")
            except ValueError:
                record = self._from_file()     # the kept reading is not what the product wrote: read the file
            self._record = record
        return self._record

    def _from_file(self) -> CardRecord:
        """This card's record read from its file again."""
        for e in load_entries(Path(self.source).read_text(encoding="utf-8"), self.source, lazy=True):
            if e.name == self.name and e._record is not None:
                return e._record
        raise CardDefinitionError(f"{self.where}: the card is no longer in its file")

    def card(self) -> CardDef:
        if self._data is None and self._card is not None:
            return self._card
        # a built-in card is compiled once per process, for every question after: no question's bound pays
        with deadline.paused():
            return self._compiled()

    def _compiled(self) -> CardDef:
        if self._data is not None:
            data = self._data
            try:
                self._card = kept(["definition", data, self.source],
                                  lambda: parse_card(data, source=self.source))   # type: ignore[arg-type,return-value]
            except DefinitionError as e:
                raise CardDefinitionError(f"{self.where}: {e}") from None
            self._data = None
        if self._card is None:
            record = self.record()
            assert record is not None
            card = compile_kept(record, source=self.source)
            if not card.modelled:
                raise CardDefinitionError(f"{self.where}: its type line, mana cost or layout can't be read "
                                          "(model.oracle)")
            self._card = card
        return self._card


def _oracle_record(data: dict) -> CardRecord:
    """A card given by its Oracle text, to be compiled as an imported card is (model.oracle): the built-in
    cards the compiler reads are written this way, so that their abilities come from one reading of the text
    (a line it does not read stays an unmodelled ability, as for any imported card)."""
    faces = [_oracle_face(data, "front")]
    if "back" in data:
        faces.append(_oracle_face(data["back"], "back"))
    layout = data.get("layout", "transform" if len(faces) > 1 else "normal")
    name = " // ".join(f.name for f in faces) if len(faces) > 1 else faces[0].name
    return CardRecord(name, str(layout), tuple(faces))


def parse_card(data: Any, source: str = "") -> CardDef | CardRecord:
    """One YAML document -> CardDef (encoded by hand) or CardRecord (Oracle text, compiled when used), or
    DefinitionError naming the field."""
    if not isinstance(data, dict):
        raise DefinitionError("a card definition is a mapping")
    if "oracle" in data:
        return _oracle_record(data)
    front = _face(data, "front")
    faces = [front]
    if "back" in data:
        try:
            faces.append(_face(data["back"], "back"))
        except DefinitionError as e:
            raise DefinitionError(f"back: {e}") from None
    return CardDef(tuple(faces), layout="transform" if len(faces) > 1 else "normal", token=bool(data.get("token", False)),
                   source=source)


def _names_only(data: Any) -> bool:
    """A card encoded by hand whose names can be read without reading the rest (what a lazy entry needs)."""
    return (isinstance(data, dict) and "oracle" not in data and isinstance(data.get("name"), str)
            and ("back" not in data or isinstance(data["back"], dict) and isinstance(data["back"].get("name"), str)))


def load_entries(text: str, source: str, lazy: bool = False) -> list[BuiltIn]:
    """The card definitions of one file's text (one YAML document each), read by the same strict reader as
    question files (duplicate keys, tags and oversized aliases refused) and checked word by word; the first
    that breaks the encoding raises CardDefinitionError naming the file, the line, the card and the field."""
    try:
        docs = load_documents(text)
    except FileProblem as p:
        raise CardDefinitionError(f"{source}:{p.line or 1}: {p.message}") from None
    out = []
    for i, doc in enumerate(docs, 1):
        data = doc.data
        label = data.get("name", f"document {i}") if isinstance(data, dict) else f"document {i}"
        if doc.problem is not None:
            raise CardDefinitionError(f"{source}:{doc.problem.line or doc.line}: card {label!r}: {doc.problem.message}")
        where = f"{source}:{doc.line}: card {label!r}"
        if lazy and _names_only(data):
            # read when first asked for (``BuiltIn.card``); every built-in card is read by the tests
            out.append(BuiltIn(None, source, where, data=data))
            continue
        try:
            out.append(BuiltIn(parse_card(data, source=source), source, where))
        except DefinitionError as e:
            raise CardDefinitionError(f"{source}:{doc.line}: card {label!r}: {e}") from None
    return out


def load_text(text: str, source: str) -> list[CardDef]:
    """Every card of one file's text (:func:`load_entries`), each made now."""
    return [e.card() for e in load_entries(text, source)]


def load_file(path: Path) -> list[CardDef]:
    return load_text(path.read_text(encoding="utf-8"), str(path))


@lru_cache(maxsize=1)
def built_in_entries() -> tuple[BuiltIn, ...]:
    """The product's own card definitions, every ``data/*.yaml`` file (read once per process; each card read
    or compiled when first asked for). The files' reading is kept between processes as plain data (keyed by
    the model's fingerprint, which covers the files): reading 36 YAML files costs a process ~25 ms, their
    JSON ~3 ms."""
    # keyed by where the files are too: an entry names its file, and another copy of the product (a second
    # checkout, an installed package) has the same fingerprint but its own files
    where = hashlib.sha256(str(DATA_DIR.resolve()).encode()).hexdigest()[:8]
    name = f"builtins-{compiled.model_fingerprint()[:32]}-{where}.json"
    if compiled.KEEP and cache.base_dir() is not None:
        kept = _entries_from(cache.read(name))
        if kept is not None:
            return kept
    entries: list[BuiltIn] = []
    for path in sorted(DATA_DIR.glob("*.yaml")):
        entries += load_entries(path.read_text(encoding="utf-8"), str(path), lazy=True)
    plain = [_entry_data(e) for e in entries]
    if compiled.KEEP and all(p is not None for p in plain):
        cache.keep(name, plain)
    return tuple(entries)


def _plain(x: Any) -> bool:
    """Data that reads back from JSON as it is (no floats: a SrcFloat remembers how it was written)."""
    if isinstance(x, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in x.items())
    if isinstance(x, list):
        return all(_plain(v) for v in x)
    return x is None or isinstance(x, (str, bool, int))


def _entry_data(e: BuiltIn) -> dict | None:
    """A built-in entry as plain data (source, where, and its record or its definition), or None for one made
    already (a card), which is not kept."""
    record = e.record()
    if record is not None:
        # as the card store keeps a record: its JSON text, decoded only for a card asked for
        return {"source": e.source, "where": e.where, "name": e.name, "faces": list(e.face_names),
                "record": json.dumps(record.to_json(), ensure_ascii=False)}
    if e._data is not None and _plain(e._data):
        return {"source": e.source, "where": e.where, "data": e._data}
    return None


def _entries_from(kept: Any) -> tuple[BuiltIn, ...] | None:
    """The entries :func:`_entry_data` kept, or None if ``kept`` is not what it wrote."""
    if not isinstance(kept, list):
        return None
    try:
        out = []
        for k in kept:
            if not (isinstance(k.get("source"), str) and isinstance(k.get("where"), str)):
                return None
            if "record" in k:
                if not (isinstance(k["record"], str) and isinstance(k["faces"], list)):
                    return None
                out.append(BuiltIn(None, k["source"], k["where"], kept_record=k))
            elif isinstance(k.get("data"), dict) and _names_only(k["data"]):
                out.append(BuiltIn(None, k["source"], k["where"], data=k["data"]))
            else:
                return None
        return tuple(out)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def built_in_cards() -> tuple[CardDef, ...]:
    """Every built-in card, made (the Oracle-text ones compiled)."""
    return tuple(e.card() for e in built_in_entries())


@lru_cache(maxsize=1)
def known_names() -> tuple[str, ...]:
    """The name of every card printed up to the card data the product was built from."""
    if not KNOWN_NAMES.exists():
        return ()
    import gzip     # imported when used: it costs every start-up ~1.5 ms

    with gzip.open(KNOWN_NAMES, "rt", encoding="utf-8") as fh:
        return tuple(line.rstrip("\n") for line in fh if line.strip())
