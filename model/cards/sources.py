"""Card data files as users have them, read into one form: Scryfall bulk data (a JSON array of card objects:
``oracle-cards``, ``default-cards``, ``all-cards``), MTGJSON ``AtomicCards.json`` (v5: ``{"meta": ..., "data":
{name: [faces]}}``) and MTGJSON v3 files (an object keyed by card name, multi-faced cards listing their
``names``).

The file is read as a stream, one card entry at a time (a Scryfall object, an MTGJSON name's faces), so that
memory grows with the cards kept, not with the file: a printing of a card already read is dropped as soon as
it is read. Every value kept is checked: the limits below (:data:`LIMITS`, stated in the README) bound the
file, each entry, each string and each number; names are not blank and answer to a question; power,
toughness and loyalty are short strings of the characters printed ones use (CR 208.2: numbers, ``*``,
``1+*``, ``*+1``, ``-1``, ``X``), never a JSON object, ``NaN`` or ``Infinity``; no kept string holds a control
character (but a text's line breaks and tabs) or a lone surrogate, which could not be stored.

A file that is not one of these, is malformed, truncated or past a limit raises :class:`SourceError`, whose
message names the file, the card where one is known, the line, and what is wrong; nothing is read from it.
Two cards of one file whose names differ only in case, punctuation or spacing (as questions compare names,
``model.names.normalize``) are one card to a question: the first is kept, and the other is reported
(:attr:`SourceFile.duplicates`)."""
from __future__ import annotations

import json
import math
import os
import re
import stat
from dataclasses import field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TextIO

from mtgjudge.model.names import normalize
from mtgjudge.model.lazy_dataclass import dataclass


class SourceError(ValueError):
    """A card data file that can't be read; the message names the file and what is wrong."""


class NotCardData(SourceError):
    """A file that is no card data at all (not JSON, or JSON of another kind: a set list, a price file, a
    keyword list), as opposed to card data that is malformed; the message names the file."""


#: The bounds of what the reader takes (the README states them): a file past one is refused, naming it.
MAX_FILE_BYTES = 4 * 1024 ** 3          # a file (Scryfall's all-cards bulk file is ~2.3 GB)
MAX_ENTRY_CHARS = 8 * 1024 ** 2         # one entry: a Scryfall card object, an MTGJSON name's faces
MAX_CARDS = 200_000                     # the distinct cards of one file (all of Magic is ~35,000)
MAX_KEPT_CHARS = 100_000_000            # the characters of the names and texts kept from one file
MAX_FACES = 8                           # faces of one card
MAX_NAME_CHARS = 200                    # a face's name (the longest printed is 141)
MAX_TEXT_CHARS = 20_000                 # a face's rules text (the longest printed are under 2,000)
MAX_LINE_CHARS = 300                    # a type line, a mana cost, a layout
MAX_PT_CHARS = 8                        # a power, toughness or loyalty ("1+*", "-1", "*")
MAX_NUMBER_CHARS = 40                   # a JSON number anywhere in the file

LIMITS = {"file": MAX_FILE_BYTES, "entry": MAX_ENTRY_CHARS, "cards": MAX_CARDS, "kept": MAX_KEPT_CHARS,
          "faces": MAX_FACES, "name": MAX_NAME_CHARS, "text": MAX_TEXT_CHARS, "line": MAX_LINE_CHARS,
          "pt": MAX_PT_CHARS, "number": MAX_NUMBER_CHARS}


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


#: The fields of a face as the store keeps them (``CardRecord.to_json``).
FACE_FIELDS = ("name", "mana_cost", "type_line", "text", "power", "toughness", "loyalty", "color_indicator")


@dataclass(frozen=True)
class CardRecord:
    """One card: its name ("A // B" for multi-faced cards), its layout and faces, front first."""

    name: str
    layout: str
    faces: tuple[FaceRecord, ...]

    def to_json(self) -> dict:
        return {"name": self.name, "layout": self.layout, "faces": [f.__dict__ for f in self.faces]}

    @staticmethod
    def from_json(d: Any) -> "CardRecord":
        """The record :meth:`to_json` wrote; ValueError naming what is wrong for anything else (a damaged
        store row), checked as a card data file's values are."""
        if not isinstance(d, dict) or set(d) != {"name", "layout", "faces"} or not isinstance(d["faces"], list) \
                or not d["faces"]:
            raise ValueError("not a card record (name, layout and a list of faces)")
        faces = []
        for f in d["faces"]:
            if not isinstance(f, dict) or set(f) != set(FACE_FIELDS):
                raise ValueError(f"a face is not a face record ({', '.join(FACE_FIELDS)})")
            ci = f["color_indicator"]
            if ci is not None and not (isinstance(ci, list) and all(c in _LETTERS for c in ci)):
                raise ValueError("a color indicator is not a list of color letters")
            faces.append(FaceRecord(**{**f, "color_indicator": tuple(ci) if ci else None}))
        return _checked(CardRecord(d["name"], d["layout"], tuple(faces)))


_COLOR_WORDS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
_LETTERS = ("W", "U", "B", "R", "G")
#: Control characters (C0, DEL, C1), and the bidirectional controls that reorder what a terminal shows.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_TEXT_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: The characters of a printed power, toughness or loyalty: numbers, "*" (208.2), "1+*", "*+1", "7-*", "-1",
#: "X", and the half, square, infinity and question mark of a few joke cards (which the compiler leaves
#: unmodelled); no other letter ("inf", "nan" are no number).
_PT = re.compile(r"[0-9*+\-\u2212\u00bd\u00b2?\u221eXx.d]+")


class _Bad(ValueError):
    """A value of an entry the reader refuses; the message says which field and why."""


def _string(v: Any, what: str, limit: int, text: bool = False, blank: bool = True) -> str:
    if not isinstance(v, str):
        raise _Bad(f"its {what} is not a string")
    if len(v) > limit:
        raise _Bad(f"its {what} is longer than the reader takes ({len(v):,} characters; at most {limit:,})")
    bad = (_TEXT_CONTROL if text else _CONTROL).search(v)
    if bad:
        raise _Bad(f"its {what} holds the control character U+{ord(bad.group()):04X}")
    try:
        v.encode("utf-8")
    except UnicodeEncodeError as e:
        raise _Bad(f"its {what} holds a lone surrogate (U+{ord(v[e.start]):04X}), which is not text") from None
    if not blank and not v.strip():
        raise _Bad(f"its {what} is blank")
    return v


def _optional(v: Any, what: str, limit: int) -> str | None:
    return None if v is None or v == "" else _string(v, what, limit)


def _pt(v: Any, what: str) -> str | None:
    """A power, toughness or loyalty: a short string of the characters printed ones use, or a whole number."""
    if v is None:
        return None
    if isinstance(v, int) and not isinstance(v, bool):
        v = str(v)
    if not isinstance(v, str):
        raise _Bad(f"its {what} is not a string or a whole number ({type(v).__name__})")
    if len(v) > MAX_PT_CHARS:
        raise _Bad(f"its {what} is longer than the reader takes ({len(v):,} characters; at most {MAX_PT_CHARS})")
    if not _PT.fullmatch(v):
        raise _Bad(f"its {what} {v!r} is not a power, toughness or loyalty (numbers, *, X, 1+*, *+1, -1)")
    return v


def _colors(value: Any) -> tuple[str, ...] | None:
    if value is None or value == []:
        return None
    if not isinstance(value, list) or len(value) > 5 or not all(isinstance(c, str) for c in value):
        raise _Bad("its color indicator is not a list of colors")
    letters = tuple(_COLOR_WORDS[c] if c in _COLOR_WORDS else c for c in value)
    if not all(c in _LETTERS for c in letters):
        raise _Bad(f"its color indicator {value!r} is not a list of colors (W, U, B, R, G or their names)")
    return letters


def _face(f: Any, name: Any, cost: Any, type_line: Any, text: Any, power: Any, toughness: Any, loyalty: Any,
          indicator: Any) -> FaceRecord:
    return FaceRecord(_string(name, "name", MAX_NAME_CHARS, blank=False), _optional(cost, "mana cost", MAX_LINE_CHARS),
                      _string(type_line, "type line", MAX_LINE_CHARS),
                      _string("" if text is None else text, "text", MAX_TEXT_CHARS, text=True),
                      _pt(power, "power"), _pt(toughness, "toughness"), _pt(loyalty, "loyalty"), _colors(indicator))


def _checked(r: CardRecord) -> CardRecord:
    """The record, if every field is a value the reader takes (else _Bad saying which)."""
    if not r.faces:
        raise _Bad("it has no faces")
    if len(r.faces) > MAX_FACES:
        raise _Bad(f"it has {len(r.faces)} faces (at most {MAX_FACES})")
    _string(r.name, "name", MAX_FACES * (MAX_NAME_CHARS + 4), blank=False)
    _string(r.layout, "layout", MAX_LINE_CHARS)
    for f in r.faces:
        if not isinstance(f, FaceRecord):
            raise _Bad("a face is not a face")
        _face(f, f.name, f.mana_cost, f.type_line, f.text, f.power, f.toughness, f.loyalty,
              list(f.color_indicator) if f.color_indicator else None)
    return r


def _size(r: CardRecord) -> int:
    return len(r.name) + sum(len(f.name) + len(f.text) + len(f.type_line) for f in r.faces)


# ------------------------------------------------------------------------------------------- the stream

def _refuse_constant(name: str) -> Any:
    raise _Bad(f"{name} is not a number the reader takes")


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Bad(f"a number of {len(text):,} digits (at most {MAX_NUMBER_CHARS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Bad(f"a number of {len(text):,} characters (at most {MAX_NUMBER_CHARS})")
    x = float(text)
    if not math.isfinite(x):
        raise _Bad(f"the number {text} is too large")
    return x


_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_refuse_constant)
_SPACE = re.compile(r"[ \t\n\r]*")
_CHUNK = 1 << 20


class _Stream:
    """A JSON text read a chunk at a time: the structure of its outer levels by hand, each entry whole (at
    most :data:`MAX_ENTRY_CHARS`) by the standard decoder. Where an error is, by line and column."""

    def __init__(self, fh: TextIO, path: Path) -> None:
        self.fh, self.path = fh, path
        self.buf, self.pos, self.line, self.eof = "", 0, 1, False
        self._counted, self._counted_line = 0, 1      # the line at buffer position _counted

    def line_at(self, pos: int) -> int:
        """The line of a position at or after the last one asked for (counted once, as the stream goes on)."""
        if pos >= self._counted:
            self._counted_line += self.buf.count("\n", self._counted, pos)
            self._counted = pos
            return self._counted_line
        return self._counted_line - self.buf.count("\n", pos, self._counted)

    def _more(self, at_least: int = 0) -> bool:
        if self.eof:
            return False
        self.line = self.line_at(self.pos)
        self.buf = self.buf[self.pos:]
        self.pos = 0
        self._counted, self._counted_line = 0, self.line
        try:
            chunk = self.fh.read(max(at_least, _CHUNK))
        except UnicodeDecodeError as e:
            raise SourceError(f"{self.path}: can't be read: {e} (after line {self.line_at(len(self.buf))}); a "
                              "card data file is UTF-8 text") from None
        except OSError as e:
            raise SourceError(f"{self.path}: can't be read: {e}") from None
        if not chunk:
            self.eof = True
            return False
        self.buf += chunk
        return True

    def where(self, pos: int | None = None) -> str:
        pos = self.pos if pos is None else pos
        line = self.line_at(pos)
        column = pos - self.buf.rfind("\n", 0, pos)
        return f"line {line}, column {column}"

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            space = _SPACE.match(self.buf, self.pos)
            assert space is not None    # the pattern matches the empty string
            self.pos = space.end()
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return ""

    def take(self, ch: str, what: str) -> None:
        if self.peek() != ch:
            got = self.peek()
            raise SourceError(f"{self.path}: not valid JSON ({self.where()}: expected {what}, found "
                              f"{repr(got) if got else 'the end of the file'}); the file may be truncated")
        self.pos += 1

    def value(self) -> Any:
        """The next JSON value, whole."""
        self.peek()
        while True:
            try:
                v, end = _DECODER.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as e:
                if self._grow():
                    continue
                raise SourceError(f"{self.path}: not valid JSON ({self.where(e.pos)}: {e.msg}); the file may be "
                                  "truncated") from None
            except RecursionError:
                raise SourceError(f"{self.path}: not card data ({self.where()}: nested deeper than the reader "
                                  "takes)") from None
            except _Bad as e:
                raise SourceError(f"{self.path}: not card data ({self.where()}: {e})") from None
            if end == len(self.buf) and self._grow():
                continue            # a number may go on in the next chunk
            if end - self.pos > MAX_ENTRY_CHARS:
                raise SourceError(f"{self.path}: an entry at {self.where()} is longer than the reader takes (more "
                                  f"than {MAX_ENTRY_CHARS:,} characters)")
            self.pos = end
            return v

    def _grow(self) -> bool:
        """Read more of a value that has not ended yet; False at the end of the file. Past
        :data:`MAX_ENTRY_CHARS` the value is refused."""
        have = len(self.buf) - self.pos
        if have > MAX_ENTRY_CHARS:
            raise SourceError(f"{self.path}: an entry at {self.where()} is longer than the reader takes (more than "
                              f"{MAX_ENTRY_CHARS:,} characters)")
        return self._more(have)     # twice as much each time: each entry is decoded a bounded number of times

    def members(self) -> Iterator[tuple[str, int]]:
        """The keys of the object that starts here (the stream is left at each one's value), with its line."""
        self.take("{", "'{'")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            line = self.line_at(self.pos)
            key = self.value()
            if not isinstance(key, str):
                raise SourceError(f"{self.path}: not valid JSON ({self.where()}: a key is not a string)")
            self.take(":", "':'")
            yield key, line
            if self.peek() == ",":
                self.pos += 1
                continue
            self.take("}", "',' or '}'")
            return

    def elements(self) -> Iterator[tuple[Any, int]]:
        """The elements of the array that starts here, each with its line."""
        self.take("[", "'['")
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            self.peek()
            line = self.line_at(self.pos)
            yield self.value(), line
            if self.peek() == ",":
                self.pos += 1
                continue
            self.take("]", "',' or ']'")
            return

    def end(self) -> None:
        if self.peek() != "":
            raise SourceError(f"{self.path}: not valid JSON ({self.where()}: more data after the end of the JSON "
                              "value)")


# ------------------------------------------------------------------------------------------- the file

@dataclass
class SourceFile:
    """The cards of one data file, and the names it gave twice but for case, punctuation or spacing
    (kept name, dropped name, the dropped one's line)."""

    records: list[CardRecord] = field(default_factory=list)
    duplicates: list[tuple[str, str, int]] = field(default_factory=list)
    #: MTGJSON v3 halves of a card whose other halves are not in this file: by the card's names, each half's
    #: face, layout and line (``read_files`` joins them across files)
    halves: dict[tuple[str, ...], dict[str, tuple[FaceRecord, str, int]]] = field(default_factory=dict)
    _by_norm: dict[str, str] = field(default_factory=dict, repr=False)
    _kept: int = 0

    def add(self, path: Path, r: CardRecord, line: int) -> None:
        norm = normalize(r.name)
        kept = self._by_norm.get(norm)
        if kept is not None:
            if kept != r.name:
                self.duplicates.append((kept, r.name, line))
            return
        if len(self.records) >= MAX_CARDS:
            raise SourceError(f"{path}: more than {MAX_CARDS:,} cards, more than the reader takes from one file")
        self._kept += _size(r)
        if self._kept > MAX_KEPT_CHARS:
            raise SourceError(f"{path}: its cards' names and texts are longer than the reader takes from one file "
                              f"(more than {MAX_KEPT_CHARS:,} characters)")
        self._by_norm[norm] = r.name
        self.records.append(r)


def read(path: str | Path) -> list[CardRecord]:
    """Every card of one data file (format detected from its content)."""
    return read_file(path).records


def read_file(path: str | Path, join: bool = True) -> SourceFile:
    """Every card of one data file (format detected from its content), read as a stream; SourceError naming
    the file (and the card and line) for a file that is not card data or breaks a limit. ``join``: halves of a
    card whose other halves are not in the file are cards of their own; else they are left in ``halves``, for
    ``join_halves`` to join across files."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise SourceError(f"{p}: no such file") from None
    except OSError as e:
        raise SourceError(f"{p}: can't be read: {e.strerror or e}") from None
    if stat.S_ISDIR(st.st_mode):
        raise SourceError(f"{p}: is a directory; name the card data files in it")
    if not stat.S_ISREG(st.st_mode):
        raise SourceError(f"{p}: not a regular file (a device, a pipe or a socket); name a card data file")
    if st.st_size > MAX_FILE_BYTES:
        raise SourceError(f"{p}: the file is {st.st_size:,} bytes, over the reader's limit of {MAX_FILE_BYTES:,}")
    try:
        fh = open(p, encoding="utf-8", newline="")
    except OSError as e:
        raise SourceError(f"{p}: can't be read: {e.strerror or e}") from None
    with fh:
        s = _Stream(fh, p)
        if s.peek() == "\ufeff":         # a byte order mark some editors write
            s.pos += 1
        out = SourceFile()
        first = s.peek()
        if first == "[":
            for i, (item, line) in enumerate(s.elements()):
                if i == 0 and not (isinstance(item, dict) and item.get("object") == "card"):
                    raise NotCardData(_NOT_CARD_DATA.format(p) + f" (its first element, at line {line}, is not a "
                                      "Scryfall card object)")
                _entry(p, line, item, lambda: _scryfall(item, out), out)
        elif first == "{":
            _object(s, p, out)
        elif first == "":
            raise SourceError(f"{p}: not valid JSON (the file is empty); the file may be truncated")
        else:
            # a JSON value of another kind, or no JSON at all: the decoder says which
            try:
                s.value()
            except NotCardData:
                raise
            except SourceError as e:
                raise NotCardData(str(e)) from None
            raise NotCardData(_NOT_CARD_DATA.format(p))
        s.end()
    if join:
        join_halves([out], [path])
    return out


def read_files(paths: list[str | Path]) -> list[SourceFile]:
    """Every card of each data file, by file (``read_file``), with the halves of cards joined across the files
    (``join_halves``)."""
    files = [read_file(p, join=False) for p in paths]
    join_halves(files, paths)
    return files


def join_halves(files: list[SourceFile], paths: Sequence[str | Path]) -> None:
    """MTGJSON v3 publishes each half of a split or aftermath card as its own entry, naming both halves
    (``names``), and a set of files may hold the halves in different files: they are joined into one card (709,
    702.127), kept with the file that holds its first half; a half whose other halves are in none of the files is
    a card of its own."""
    found: dict[tuple[str, ...], dict[str, tuple[int, FaceRecord, str, int]]] = {}
    for i, f in enumerate(files):
        for whole, own in f.halves.items():
            for name, (face, layout, line) in own.items():
                found.setdefault(whole, {})[name] = (i, face, layout, line)
        f.halves = {}
    for whole, halves in found.items():
        if set(halves) == set(whole):
            first = halves[whole[0]]
            record = _checked(CardRecord(" // ".join(whole), first[2], tuple(halves[n][1] for n in whole)))
            files[first[0]].add(Path(paths[first[0]]), record, first[3])
        else:
            for name, (i, face, layout, line) in halves.items():
                files[i].add(Path(paths[i]), _checked(CardRecord(name, layout, (face,))), line)


_NOT_CARD_DATA = ("{}: not a card data file this product reads (Scryfall bulk data, MTGJSON AtomicCards v5, or "
                  "MTGJSON v3 keyed by card name)")


def _label(item: Any) -> str:
    name = item.get("name") if isinstance(item, dict) else None
    return f"card {name!r}" if isinstance(name, str) and len(name) <= MAX_NAME_CHARS * 2 else "a card entry"


def _entry(p: Path, line: int, item: Any, make: Callable[[], Iterator[CardRecord] | CardRecord | None],
           out: SourceFile, label: str | None = None) -> None:
    """Read one entry into ``out``; SourceError naming the file, the card and its line if it is malformed."""
    label = label or _label(item)
    try:
        made = make()
        for r in ([made] if isinstance(made, CardRecord) else made or ()):
            out.add(p, _checked(r), line)
    except KeyError as e:
        raise SourceError(f"{p}: {label} (line {line}) is malformed: the field {e.args[0]!r} is missing") from None
    except _Bad as e:
        raise SourceError(f"{p}: {label} (line {line}) is refused: {e}") from None
    except (TypeError, AttributeError, ValueError) as e:
        raise SourceError(f"{p}: {label} (line {line}) is malformed ({e})") from None


def _object(s: _Stream, p: Path, out: SourceFile) -> None:
    """An MTGJSON file: v5 (``meta`` and ``data``, whose entries are read one at a time) or v3 (card names
    as keys; kept slim, as its multi-faced cards are joined across entries)."""
    keys: list[str] = []
    v3: dict[str, dict] = {}
    lines: dict[str, int] = {}
    v5 = False
    for key, line in s.members():
        keys.append(key)
        if key == "data" and s.peek() == "{" and not v3:
            v5 = True
            for i, (name, at) in enumerate(s.members()):
                faces = s.value()
                if i == 0 and not (isinstance(faces, list) and faces and all(isinstance(f, dict) for f in faces)):
                    raise NotCardData(_NOT_CARD_DATA.format(p) + f" (its first entry, {name[:80]!r} at line {at}, "
                                      "is not a list of card faces)")
                _entry(p, at, faces, lambda: _mtgjson5_entry(name, faces), out, label=f"card {name!r}")
            continue
        value = s.value()
        if isinstance(value, dict) and "type" in value and not v5:
            v3[key] = {k: value[k] for k in _V3_FIELDS if k in value}
            lines[key] = line
        elif key != "meta" or not isinstance(value, dict):
            raise NotCardData(_NOT_CARD_DATA.format(p) + f" (the key {key[:80]!r} at line {line})")
    if v5:
        if "meta" not in keys or set(keys) != {"meta", "data"}:
            raise NotCardData(_NOT_CARD_DATA.format(p) + " (an AtomicCards file has the keys meta and data)")
        return
    if not v3 or "meta" in keys:
        raise NotCardData(_NOT_CARD_DATA.format(p))
    for name, record in _mtgjson3(v3, p, lines):
        if isinstance(record, CardRecord):
            out.add(p, record, lines.get(name, 0))
        else:
            whole, face, layout = record
            out.halves.setdefault(whole, {})[name] = (face, layout, lines.get(name, 0))


def _scryfall(c: Any, out: SourceFile) -> CardRecord | None:
    if not isinstance(c, dict) or c.get("object") != "card":
        raise ValueError("an element of the array is not a Scryfall card object")
    name = c["name"]
    if isinstance(name, str) and normalize(name) in out._by_norm and out._by_norm[normalize(name)] == name:
        return None     # default-cards holds every printing; one Oracle card each
    layout = c.get("layout", "normal")
    faces_data = c.get("card_faces")
    if faces_data and layout not in ("normal",):
        if not isinstance(faces_data, list) or len(faces_data) > MAX_FACES:
            raise _Bad(f"its faces are not a list of at most {MAX_FACES}")
        faces = tuple(_face(f, f["name"], f.get("mana_cost"), f.get("type_line") or c.get("type_line", ""),
                            f.get("oracle_text", ""), f.get("power"), f.get("toughness"), f.get("loyalty"),
                            f.get("color_indicator"))
                      for f in faces_data)
    else:
        faces = (_face(c, name, c.get("mana_cost"), c["type_line"], c.get("oracle_text", ""), c.get("power"),
                       c.get("toughness"), c.get("loyalty"), c.get("color_indicator")),)
    return CardRecord(name, layout, faces)


def _mtgjson5_entry(name: str, faces: Any) -> CardRecord:
    if not isinstance(faces, list) or not faces or len(faces) > MAX_FACES:
        raise ValueError(f"expected a list of at most {MAX_FACES} faces")
    if not all(isinstance(f, dict) and isinstance(f.get("side", "a"), str) for f in faces):
        raise ValueError("a face is not an object with a side letter")
    ordered = sorted(faces, key=lambda f: f.get("side", "a"))
    recs = tuple(_face(f, f.get("faceName") or f["name"], f.get("manaCost"), f["type"], f.get("text", ""),
                       f.get("power"), f.get("toughness"), f.get("loyalty"), f.get("colorIndicator"))
                 for f in ordered)
    return CardRecord(name, ordered[0].get("layout", "normal"), recs)


#: The v3 layouts whose ``names`` are the faces or halves of one card (split, flip, transform, aftermath: 709,
#: 710, 711, 702.127).
_V3_JOINED = ("split", "flip", "double-faced", "aftermath")

#: The fields of a v3 entry the reader uses (the rest is dropped as it is read).
_V3_FIELDS = ("names", "layout", "manaCost", "type", "text", "power", "toughness", "loyalty", "colorIndicator",
              "colors")


def _mtgjson3(data: dict, p: Path, lines: dict[str, int]) -> Iterator[tuple[str, Any]]:
    """The cards of a v3 file, each (name, CardRecord); a half of a card whose other halves are not in the file
    as (name, (the card's names, its face, its layout))."""
    done: set[str] = set()
    for name, v in data.items():
        if name in done:
            continue
        try:
            names = v.get("names") or [name]
            if not isinstance(names, list) or len(names) > MAX_FACES or not all(isinstance(n, str) for n in names):
                raise _Bad(f"its names are not a list of at most {MAX_FACES} names")
            whole = tuple(dict.fromkeys(names))
            if v.get("layout") not in _V3_JOINED or len(whole) < 2:
                # meld's names list the other half, a "normal" card's its partner (Battlebond's "Partner
                # with", 702.124j): each card is its own
                names = [name]
            elif any(n not in data for n in whole):
                # a half whose other halves are in another file of the same set of files (read_files)
                indicator = v.get("colorIndicator") or (v.get("colors") if not v.get("manaCost") else None)
                face = _face(v, name, v.get("manaCost"), v["type"], v.get("text", ""), v.get("power"),
                             v.get("toughness"), v.get("loyalty"), indicator)
                done.add(name)
                yield name, (whole, face, v.get("layout", "normal"))
                continue
            names = list(dict.fromkeys(names))
            faces = []
            for n in names:
                f = data[n]
                done.add(n)
                # v3 gives no color indicator: a face with colors but no mana cost has one (204.1).
                indicator = f.get("colorIndicator") or (f.get("colors") if not f.get("manaCost") else None)
                faces.append(_face(f, n, f.get("manaCost"), f["type"], f.get("text", ""), f.get("power"),
                                   f.get("toughness"), f.get("loyalty"), indicator))
            record = _checked(CardRecord(" // ".join(names) if len(names) > 1 else name, v.get("layout", "normal"),
                                         tuple(faces)))
        except KeyError as e:
            raise SourceError(f"{p}: card {name!r} (line {lines.get(name, 0)}) is malformed: the field "
                              f"{e.args[0]!r} is missing") from None
        except _Bad as e:
            raise SourceError(f"{p}: card {name!r} (line {lines.get(name, 0)}) is refused: {e}") from None
        except (TypeError, AttributeError, ValueError) as e:
            raise SourceError(f"{p}: card {name!r} (line {lines.get(name, 0)}) is malformed ({e})") from None
        yield name, record
