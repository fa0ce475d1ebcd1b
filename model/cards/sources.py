"""Card data files as users have them, read into one form: Scryfall bulk data (a JSON array of card objects:
``oracle-cards``, ``default-cards``), MTGJSON ``AtomicCards.json`` (v5: ``{"meta": ..., "data": {name:
[faces]}}``) and MTGJSON v3 files (an object keyed by card name, multi-faced cards listing their ``names``).

A file that is not one of these, or is malformed or truncated, raises :class:`SourceError` with a message
that says what is wrong; nothing is read from it."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator


class SourceError(ValueError):
    """A card data file that can't be read; the message names the file and what is wrong."""


@dataclass(frozen=True)
class FaceRecord:
    """One face as the data prints it."""

    name: str
    mana_cost: str | None          # None: no mana cost (lands, back faces)
    type_line: str
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    color_indicator: tuple[str, ...] | None = None


@dataclass(frozen=True)
class CardRecord:
    """One card: its name ("A // B" for multi-faced cards), its layout and faces, front first."""

    name: str
    layout: str
    faces: tuple[FaceRecord, ...]

    def to_json(self) -> dict:
        return {"name": self.name, "layout": self.layout, "faces": [f.__dict__ for f in self.faces]}

    @staticmethod
    def from_json(d: dict) -> "CardRecord":
        faces = tuple(FaceRecord(**{**f, "color_indicator": tuple(f["color_indicator"]) if f.get("color_indicator") else None})
                      for f in d["faces"])
        return CardRecord(d["name"], d["layout"], faces)


_COLOR_WORDS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}


def _colors(value: Any) -> tuple[str, ...] | None:
    if not value:
        return None
    return tuple(_COLOR_WORDS.get(c, c) for c in value)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def read(path: str | Path) -> list[CardRecord]:
    """Every card of one data file (format detected from its content)."""
    return read_files([path])[0][1]


def read_files(paths) -> list[tuple[str, list[CardRecord]]]:
    """Every card of each data file, by file. MTGJSON v3 publishes each half of a split or aftermath card as its own
    entry, naming both halves (``names``), and a set of files may hold the halves in different files: they are
    joined into one card (709, 702.127), read with the file that holds its first half."""
    loaded = [(str(path), _load(Path(path))) for path in paths]
    pool: dict = {}
    for _, data in loaded:
        if _is_mtgjson3(data):
            pool.update(data)
    out = []
    for path, data in loaded:
        try:
            if isinstance(data, list):
                records = [_checked(r) for r in _scryfall(data)]
            elif isinstance(data, dict) and isinstance(data.get("data"), dict) and "meta" in data:
                records = [_checked(r) for r in _mtgjson5(data["data"])]
            elif _is_mtgjson3(data):
                records = [_checked(r) for r in _mtgjson3(data, pool)]
            else:
                raise SourceError(f"{path}: not a card data file this product reads (Scryfall bulk data, MTGJSON "
                                  "AtomicCards v5, or MTGJSON v3 keyed by card name)")
        except KeyError as e:
            raise SourceError(f"{path}: a card entry is malformed (the field {e.args[0]!r} is missing)") from None
        except (TypeError, AttributeError, ValueError) as e:
            if isinstance(e, SourceError):
                raise
            raise SourceError(f"{path}: a card entry is malformed ({e})") from None
        out.append((path, records))
    return out


def _is_mtgjson3(data) -> bool:
    return isinstance(data, dict) and bool(data) and all(isinstance(v, dict) and "type" in v for v in data.values())


def _load(p: Path):
    """A data file's JSON."""
    if p.is_dir():
        raise SourceError(f"{p}: is a directory; name the card data files in it")
    try:
        raw = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SourceError(f"{p}: can't be read: {e}") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        raise SourceError(f"{p}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}); the file may be "
                          "truncated") from None
    return data


def _checked(r: CardRecord) -> CardRecord:
    """The record, if every field has the type the compiler reads (else ValueError naming the card)."""
    texts = [r.name, r.layout] + [v for f in r.faces for v in (f.name, f.type_line, f.text)]
    optional = [v for f in r.faces for v in (f.mana_cost, f.power, f.toughness, f.loyalty)]
    if not r.faces or not all(isinstance(v, str) for v in texts) or not all(v is None or isinstance(v, str)
                                                                          for v in optional):
        raise ValueError(f"card {r.name!r}: its name, layout, type line, mana cost or text is not a string")
    return r


def _scryfall(items: list) -> Iterator[CardRecord]:
    seen: set[str] = set()
    for c in items:
        if not isinstance(c, dict) or c.get("object") != "card":
            raise ValueError("an element of the array is not a Scryfall card object")
        name = c["name"]
        if name in seen:
            continue   # default-cards holds every printing; one Oracle card each
        seen.add(name)
        layout = c.get("layout", "normal")
        if c.get("card_faces") and layout not in ("normal",):
            faces = tuple(FaceRecord(f["name"], f.get("mana_cost") or None,
                                     f.get("type_line") or c.get("type_line", ""), f.get("oracle_text", ""),
                                     _text(f.get("power")), _text(f.get("toughness")), _text(f.get("loyalty")),
                                     _colors(f.get("color_indicator")))
                          for f in c["card_faces"])
        else:
            faces = (FaceRecord(name, c.get("mana_cost") or None, c["type_line"], c.get("oracle_text", ""),
                                _text(c.get("power")), _text(c.get("toughness")), _text(c.get("loyalty")),
                                _colors(c.get("color_indicator"))),)
        yield CardRecord(name, layout, faces)


def _mtgjson5(data: dict) -> Iterator[CardRecord]:
    for name, faces in data.items():
        if not isinstance(faces, list) or not faces:
            raise ValueError(f"{name!r}: expected a list of faces")
        ordered = sorted(faces, key=lambda f: f.get("side", "a"))
        recs = tuple(FaceRecord(f.get("faceName") or f["name"], f.get("manaCost") or None, f["type"], f.get("text", ""),
                                _text(f.get("power")), _text(f.get("toughness")), _text(f.get("loyalty")),
                                _colors(f.get("colorIndicator")))
                     for f in ordered)
        yield CardRecord(name, ordered[0].get("layout", "normal"), recs)


def _mtgjson3(data: dict, pool: dict | None = None) -> Iterator[CardRecord]:
    """The cards of one v3 file; ``pool``: the entries of every file read with it, where a card's other half may
    be (the card is then read with its first half's file)."""
    pool = data if pool is None else pool
    done: set[str] = set()
    for name, v in data.items():
        if name in done:
            continue
        names = v.get("names") or [name]
        if v.get("layout") == "meld" or any(n not in pool for n in names):
            names = [name]   # meld's names list the other half; each card is its own
        elif names[0] not in data:
            continue         # read with the file holding its first half
        faces = []
        for n in names:
            f = pool[n]
            done.add(n)
            # v3 gives no color indicator: a face with colors but no mana cost has one (204.1).
            indicator = _colors(f.get("colorIndicator")) or (_colors(f.get("colors")) if not f.get("manaCost") else None)
            faces.append(FaceRecord(n, f.get("manaCost") or None, f["type"], f.get("text", ""), _text(f.get("power")),
                                    _text(f.get("toughness")), _text(f.get("loyalty")), indicator))
        yield CardRecord(" // ".join(names) if len(names) > 1 else name, v.get("layout", "normal"), tuple(faces))
