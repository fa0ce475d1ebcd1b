"""The card store: cards imported from card data files (``sources.py``), kept in an embedded SQLite database
and found by name.

Each card is kept as the record it was read as, so that it can be compiled again, with the file it came
from, when it was imported, the compiler version that compiled it then and the lines that compiler left
unmodelled (for counts without compiling). A ``names`` table maps the normalized whole name ("A // B") and
each face's name to the card: a name is looked up with one indexed query when it is first asked for, the
record compiled then by the current compiler (so answers never lag behind it), and the result kept for the
process and, as plain data keyed by the record and the model, for the next ones (``model.cards.compiled``). Nothing is read before a name is asked for, so a question about the built-in cards pays nothing
for a large store.

Where the store lives: the ``--cards PATH`` option (:func:`use_store`), else ``$MTGJUDGE_CARDS``, else
``cards.sqlite`` in the user's data directory. A store file that does not exist is an empty store; an
import creates it. An import is one transaction: a failure or an interrupt midway leaves the store as it was.
"""
from __future__ import annotations

import json
import os
import threading
from contextlib import contextmanager
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime, timezone
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from mtgjudge.model.cards.sources import CardRecord
from mtgjudge.model.names import normalize
from mtgjudge.model.objects import CardDef
from mtgjudge.model.cards.compiled import compile_kept
from mtgjudge.model.user_folders import user_folder
from mtgjudge.model.lazy_dataclass import dataclass

if TYPE_CHECKING:
    import sqlite3

#: The environment variable naming the store file (the ``--cards`` option wins over it).
ENV_VAR = "MTGJUDGE_CARDS"
#: The layout of the tables; a store of another layout is refused rather than misread.
SCHEMA_VERSION = "1"

#: Rulings, kept beside the cards (a table added to stores made before it, when rulings are first imported).
_RULINGS_TABLE = ("CREATE TABLE IF NOT EXISTS rulings (key TEXT NOT NULL, date TEXT NOT NULL, text TEXT NOT NULL, "
                  "source TEXT NOT NULL)")

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (
    key TEXT PRIMARY KEY,            -- normalize(name)
    name TEXT NOT NULL,
    record TEXT NOT NULL,            -- CardRecord.to_json()
    source TEXT NOT NULL,            -- the data file, an absolute path
    imported_at TEXT NOT NULL,       -- ISO 8601, UTC
    compiler_version TEXT NOT NULL,
    modelled INTEGER NOT NULL,       -- 0: the compiler could not read its characteristics
    unmodelled TEXT NOT NULL         -- JSON list of the lines the compiler left unmodelled
);
CREATE TABLE names (
    norm TEXT PRIMARY KEY,           -- normalize() of the whole name or of one face's name
    key TEXT NOT NULL,               -- the card (cards.key)
    face INTEGER NOT NULL,
    whole INTEGER NOT NULL,          -- 1: the card's whole name, which wins over another card's face name
    shown TEXT NOT NULL              -- the name as printed, for "did you mean"
) WITHOUT ROWID;
CREATE INDEX names_by_card ON names (key);
"""

#: A name row replaces another only if it is at least as strong: the whole name of a card beats a face name
#: of another card; between equals the latest import wins.
_PUT_NAME = """
INSERT INTO names (norm, key, face, whole, shown) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (norm) DO UPDATE SET key = excluded.key, face = excluded.face, whole = excluded.whole,
                                 shown = excluded.shown
WHERE excluded.whole >= names.whole
"""


class StoreError(Exception):
    """A card store that can't be used (not an SQLite database, not a card store, can't be opened or
    written); the message names the file and what is wrong."""


class DamagedRecord(StoreError):
    """One card's row of the store that is not what the store wrote (edited or damaged by hand, or a disk
    fault): the message names the card and the store and says how to repair it. Only the questions that name
    the card are affected."""


@dataclass(frozen=True)
class StoredCard:
    """One imported card as the store keeps it."""

    name: str
    record: CardRecord
    source: str                  # the data file it was imported from
    imported_at: str             # ISO 8601, UTC
    compiler_version: str        # the compiler that compiled it at import


@dataclass(frozen=True)
class SourceCount:
    """How many imported cards came from one data file, and how many of them have unmodelled lines (as
    compiled at import)."""

    source: str
    cards: int
    with_unmodelled: int


def unmodelled_lines(card: CardDef, record: CardRecord | None = None) -> tuple[str, ...]:
    """The lines of a compiled card that the compiler did not read: for a card whose characteristics it
    could not read (``modelled=False``), every line of the record's text."""
    if not card.modelled:
        return tuple(line for f in record.faces for line in f.text.splitlines() if line.strip()) if record else ()
    return tuple(a.source_text for f in card.faces for a in f.abilities if a.kind == "unmodelled")


def default_path() -> Path:
    """``cards.sqlite`` in the user's data folder (``model.user_folders``)."""
    return Path(user_folder("data")) / "cards.sqlite"


_chosen: Path | None = None


def use_store(path: str | Path | None) -> None:
    """Choose the store file for this process (the ``--cards`` option); None: back to the environment
    variable or the default."""
    global _chosen
    _chosen = Path(path) if path is not None else None


def store_path() -> Path:
    """The store file in use: :func:`use_store`'s choice, else ``$MTGJUDGE_CARDS``, else :func:`default_path`."""
    if _chosen is not None:
        return _chosen
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else default_path()


def open_store(path: Path | None = None) -> CardStore:
    """The store at ``path`` (default: :func:`store_path`), one object per file in a process so that an
    import and the lookups share what they cache. Opening reads nothing yet."""
    if path is not None:
        return _store_at(path.absolute())
    # Every card lookup asks for the store in use: remember it for the settings that choose it, so that
    # the path is not resolved again each time (a coverage sweep asks ~90 times per card).
    return _chosen_store(_chosen, os.environ.get(ENV_VAR), os.environ.get("XDG_DATA_HOME"), os.environ.get("HOME"))


@lru_cache(maxsize=16)
def _chosen_store(chosen: Path | None, env: str | None, data_home: str | None, home: str | None) -> CardStore:
    return _store_at(store_path().absolute())


@cache
def _store_at(path: Path) -> CardStore:
    return CardStore(path)


class CardStore:
    """The imported cards of one store file: lookups by name, and imports."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path).absolute()
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._found: dict[str, tuple[CardDef, int] | None] = {}

    # -- reading -----------------------------------------------------------------------------------------------

    def _reader(self) -> sqlite3.Connection | None:
        """The open database, or None while the store file does not exist (an empty store)."""
        if self._db is None:
            if self.path.is_dir():
                raise StoreError(f"{self.path}: is a directory, not a card store file")
            if not self.path.exists():
                return None
            db = self._connect("rw")
            try:
                is_store = self._check(db)
            except StoreError:
                db.close()
                raise
            if not is_store:        # an empty database: no cards yet
                db.close()
                return None
            self._db = db
        return self._db

    def _connect(self, mode: str) -> sqlite3.Connection:
        # mode=rw never creates the file (a lookup must not leave an empty store behind); a file the user
        # can't write is still opened, read-only.
        # the connection is the process's, whichever thread asks (a library caller's worker thread looks cards
        # up in a store the main thread opened): SQLite serialises its use, and _query holds a lock around each
        import sqlite3      # imported once a store file exists: a process without one never pays its ~2 ms

        try:
            return sqlite3.connect(f"{self.path.as_uri()}?mode={mode}", uri=True, isolation_level=None,
                                   check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: the card store can't be opened ({e})") from None

    def _check(self, db: sqlite3.Connection) -> bool:
        """Is this a card store (True), an empty database (False), or neither (StoreError)?"""
        import sqlite3

        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                return False
            version = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() if "meta" in tables else None
        except sqlite3.DatabaseError as e:
            if "not a database" in str(e):
                raise StoreError(f"{self.path}: not an SQLite database, so not a card store (choose another file "
                                 f"with --cards or ${ENV_VAR})") from None
            raise StoreError(f"{self.path}: the card store can't be read ({e})") from None
        if version is None:
            raise StoreError(f"{self.path}: an SQLite database but not a mtgjudge card store")
        if version[0] != SCHEMA_VERSION:
            raise StoreError(f"{self.path}: a card store of another layout (version {version[0]}; this mtgjudge "
                             f"reads version {SCHEMA_VERSION}): import the card data into a new store")
        return True

    def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        db = self._reader()
        if db is None:
            return []
        import sqlite3

        try:
            with self._lock:
                return db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path}: the card store can't be read ({e})") from None

    def find(self, name: str) -> tuple[CardDef, int] | None:
        """The imported card and face a name refers to (names compared as :func:`normalize` does), compiled
        by the current compiler; None if no imported card has that name."""
        norm = normalize(name)
        if norm not in self._found:
            rows = self._query("SELECT c.name, c.record, c.source, n.face FROM names n JOIN cards c ON c.key = n.key "
                               "WHERE n.norm = ?", (norm,))
            if not rows:
                self._found[norm] = None
            else:
                shown, record, source, face = rows[0]
                card = compile_kept(self._record(shown, record, name), source=self._source(shown, source, name))
                if not isinstance(face, int) or not 0 <= face < len(card.faces):
                    raise self._damaged(shown, name, f"its face number {face!r} is not one of its faces")
                self._found[norm] = (card, face)
        return self._found[norm]

    def _damaged(self, shown: object, asked: str, why: str) -> DamagedRecord:
        name = shown if isinstance(shown, str) else asked
        return DamagedRecord(f"{self.path}: the card store's row of card {name!r} is damaged ({why}); import the "
                             "card data file it came from again (`mtgjudge cards import FILE`) to repair it")

    def _record(self, shown: object, record: object, asked: str) -> CardRecord:
        """A row's record as the store wrote it (CardRecord.to_json), or DamagedRecord naming the card."""
        try:
            if not isinstance(record, str):
                raise ValueError(f"a {type(record).__name__}, not the JSON text of a card record")
            return CardRecord.from_json(json.loads(record))
        except (ValueError, TypeError, KeyError, RecursionError) as e:
            raise self._damaged(shown, asked, str(e) or type(e).__name__) from None

    def _source(self, shown: object, source: object, asked: str) -> str:
        if not isinstance(source, str):
            raise self._damaged(shown, asked, "its source is not a file name")
        return source

    def stored(self, name: str) -> StoredCard | None:
        """What the store keeps of the card a name refers to (its unmodelled lines are the compiled card's:
        :func:`unmodelled_lines` of :meth:`find`'s card, current whatever compiler imported it)."""
        rows = self._query("SELECT c.name, c.record, c.source, c.imported_at, c.compiler_version FROM names n "
                           "JOIN cards c ON c.key = n.key WHERE n.norm = ?", (normalize(name),))
        if not rows:
            return None
        shown, record, source, when, version = rows[0]
        if not all(isinstance(v, str) for v in (shown, when, version)):
            raise self._damaged(shown, name, "its name, import time or compiler version is not text")
        return StoredCard(shown, self._record(shown, record, name), self._source(shown, source, name), when, version)

    def names(self) -> dict[str, str]:
        """Every name the store answers to: normalized -> as printed (read in full: for "did you mean")."""
        return dict(self._query("SELECT norm, shown FROM names"))

    def card_names(self) -> list[str]:
        """The imported cards' names, sorted."""
        return [r[0] for r in self._query("SELECT name FROM cards ORDER BY name")]

    def counts(self) -> list[SourceCount]:
        """Imported cards per data file."""
        rows = self._query("SELECT source, count(*), sum(modelled = 0 OR unmodelled != '[]') FROM cards "
                           "GROUP BY source ORDER BY source")
        return [SourceCount(s, n, u) for s, n, u in rows]

    # -- writing -----------------------------------------------------------------------------------------------

    def import_records(self, files: Sequence[tuple[str, Sequence[CardRecord]]],
                       progress: Callable[[int], None] | None = None) -> list[SourceCount]:
        """Compile and store every card of ``files`` (a data file's absolute path and its records), in one
        transaction: a card already in the store is replaced (the latest import wins), and if anything
        fails midway the store is left as it was. ``progress`` is told how many cards are done."""
        # the compiler is imported only when cards are compiled (a lookup of a kept card loads neither it nor Lark)
        from mtgjudge.model.oracle import COMPILER_VERSION, compile_card

        when = datetime.now(timezone.utc).isoformat(timespec="seconds")
        rows: list[tuple] = []
        counts: list[SourceCount] = []
        for source, records in files:
            with_unmodelled = 0
            for record in records:
                try:
                    card = compile_card(record, source=source)
                except Exception as e:   # a compiler bug: say which card, then let it be reported as one
                    raise RuntimeError(f"compiling {record.name!r} from {source}: {type(e).__name__}: {e}") from e
                lines = unmodelled_lines(card, record)
                with_unmodelled += bool(lines) or not card.modelled
                rows.append((normalize(record.name), record.name,
                             json.dumps(record.to_json(), ensure_ascii=False, separators=(",", ":")), source, when,
                             COMPILER_VERSION, int(card.modelled), json.dumps(lines, ensure_ascii=False)))
                if progress is not None:
                    progress(len(rows))
            counts.append(SourceCount(source, len(records), with_unmodelled))
        self._write(rows, files)
        return counts

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write to the store, all or nothing: the schema first in a new store (a file that is not a card
        store is refused before anything is written); a database error rolls back and names the store."""
        import sqlite3

        db = self._writer()
        fresh = not self._check(db)
        try:
            db.execute("BEGIN IMMEDIATE")
            if fresh:
                for statement in filter(str.strip, _SCHEMA.split(";")):
                    db.execute(statement)
                db.execute("INSERT INTO meta (key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,))
            yield db
            db.execute("COMMIT")
        except BaseException as e:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error):
                raise StoreError(f"{self.path}: the card store can't be written ({e}); it is left as it was") from None
            raise
        finally:
            self._found.clear()

    def _write(self, rows: list[tuple], files: Sequence[tuple[str, Sequence[CardRecord]]]) -> None:
        with self._transaction() as db:
            db.executemany("DELETE FROM names WHERE key = ?", ((r[0],) for r in rows))
            db.executemany("INSERT OR REPLACE INTO cards VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
            db.executemany(_PUT_NAME, _name_rows(r for _, records in files for r in records))

    def import_rulings(self, rulings: Mapping[str, Sequence[tuple[str, str]]], source: str) -> int:
        """Keep the rulings (card name -> (date, text) pairs) of ``source``, replacing those the store had for
        these cards, in one transaction; how many rulings were kept."""
        rows = [(normalize(name), date, text, source) for name, items in rulings.items() for date, text in items]
        with self._transaction() as db:
            db.execute(_RULINGS_TABLE)
            db.executemany("DELETE FROM rulings WHERE key = ?", ((k,) for k in {normalize(n) for n in rulings}))
            db.executemany("INSERT INTO rulings VALUES (?, ?, ?, ?)", rows)
        return len(rows)

    def rulings(self, name: str) -> list[tuple[str, str]]:
        """The (date, text) of the rulings kept for the card ``name`` (its whole name), oldest first."""
        if not self._query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rulings'"):
            return []
        return [(d, t) for d, t in self._query("SELECT date, text FROM rulings WHERE key = ? ORDER BY date, rowid",
                                                (normalize(name),))]

    def _writer(self) -> sqlite3.Connection:
        if self.path.is_dir():
            raise StoreError(f"{self.path}: is a directory, not a card store file")
        if self._db is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise StoreError(f"{self.path}: the card store's folder can't be made ({e})") from None
            self._db = self._connect("rwc")
        return self._db


def _name_rows(records: Iterator[CardRecord]) -> Iterator[tuple[str, str, int, int, str]]:
    """The names a card answers to: its whole name, then each face's (CR 712, 709, 715: either face's name
    finds a multi-faced card)."""
    for record in records:
        key = normalize(record.name)
        yield key, key, 0, 1, record.name
        for i, face in enumerate(record.faces):
            if normalize(face.name) != key:
                yield normalize(face.name), key, i, 0, face.name
