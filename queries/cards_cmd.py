"""``mtgjudge cards``: fill the card store from card data files (``import``), show how the verifier
understands a card and where it came from (``show``), list the cards (``list``)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import TextIO

from mtgjudge.model.cards.loader import DATA_DIR
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.cards.rulings import Ruling, RulingsError, is_rulings_file, read_rulings, scryfall_oracle_names
from mtgjudge.model.cards.sources import CardRecord, NotCardData, SourceError, SourceFile, join_halves, read_file
from mtgjudge.model.cards.store import ENV_VAR, CardStore, StoredCard, default_path, open_store, unmodelled_lines
from mtgjudge.model.names import normalize
from mtgjudge.model.objects import CardDef, Face, GameObject
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.rules.characteristics import printed_characteristics
from mtgjudge.model.rules.layers import activated_abilities, current
from mtgjudge.model.state import GameState, Player, Turn
from mtgjudge.queries.coverage.cli import add_coverage_parser, run_coverage
from mtgjudge.queries.format.suggest import did_you_mean
from mtgjudge.model.objects import undefined_card
from mtgjudge.queries.progress import progress_bar
from mtgjudge.queries.store_option import add_store_option
from mtgjudge.queries.terminal import emit
from mtgjudge.queries.cards_update import SCRYFALL_INDEX, update

CARDS_DESCRIPTION = f"""\
The verifier knows cards from two places: its built-in definitions (hand encodings; they win when both
have a card) and the card store, which `mtgjudge cards import` fills from card data files: Scryfall bulk
data (oracle-cards or default-cards), MTGJSON AtomicCards.json (v5) or MTGJSON v3 files. Questions then
find an imported card by its name, or by either face's name for a card with two.

The store is one SQLite file: --cards PATH, else ${ENV_VAR}, else {default_path()}.

examples:
  mtgjudge cards update                           download Scryfall's current cards and import them
  mtgjudge cards import oracle-cards.json         import a Scryfall bulk file
  mtgjudge cards import AtomicCards.json          import MTGJSON's atomic cards
  mtgjudge cards show "Fire // Ice"               how the verifier reads a card, and where it came from
  mtgjudge cards list --counts                    how many cards, from where
  mtgjudge --cards test.sqlite cards import x.json   fill another store
"""


#: What ``show`` calls the faces of a card with two, by layout (CR 709, 710, 712, 715).
FACE_LABELS = {"transform": ("front face", "back face"), "split": ("left half", "right half"),
               "aftermath": ("top half", "bottom half"), "flip": ("unflipped", "flipped"),
               "adventure": ("adventurer card", "Adventure")}


def add_cards_parser(sub: argparse._SubParsersAction) -> None:
    """The ``cards`` command and its subcommands."""
    cards = sub.add_parser("cards", help="import card data, show how the verifier understands a card",
                           description=CARDS_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_store_option(cards)
    csub = cards.add_subparsers(dest="cards_command", metavar="WHAT")
    show = csub.add_parser("show", help="a card's characteristics, numbered abilities, source and unmodelled lines",
                           description="Print how the verifier understands a card: its characteristics, its "
                                       "abilities numbered as a stack entry's `index` counts them (and activated "
                                       "ones as a question's `ability:` counts them), each line's source text "
                                       "with, beneath it, what the model understood (rendered from the model, never "
                                       "from the text), where it came "
                                       "from (built in, or imported from which file and when), and the lines of "
                                       "its text that are not modelled (questions they could influence answer "
                                       "`unsupported`).")
    show.add_argument("name", nargs="+", help="the card's name, or one face's (case and punctuation don't matter)")
    show.add_argument("--json", action="store_true",
                      help="print each line's source text and the model's rendering of it as one JSON object")
    lst = csub.add_parser("list", help="list the built-in cards (or the imported ones)",
                          description="List the built-in cards, one name a line; with --imported the cards in the "
                                      "store instead; with --counts how many cards there are, from where.")
    which = lst.add_mutually_exclusive_group()
    which.add_argument("--imported", action="store_true", help="list the cards imported into the store")
    which.add_argument("--counts", action="store_true",
                       help="count the cards: built in, and imported per data file (with how many have lines "
                            "the compiler left unmodelled)")
    imp = csub.add_parser("import", help="read card data files into the card store",
                          description="Read card data files and add their cards to the card store (creating it if "
                                      "needed): Scryfall bulk data (a JSON array of card objects: oracle-cards, "
                                      "default-cards), MTGJSON AtomicCards.json (v5), or MTGJSON v3 (an object "
                                      "keyed by card name). A card already in the store is replaced (the latest "
                                      "import wins). Every file is read before anything is written: a file that "
                                      "is malformed, truncated or of another kind stops the import with a message "
                                      "naming it (exit 2), and the store is left as it was, as it is if the "
                                      "import is interrupted.")
    imp.add_argument("files", nargs="+", metavar="FILE", help="card data or rulings files (JSON), or folders of them "
                     "(a file of another kind in a folder is skipped, with a warning)")
    upd = csub.add_parser("update", help="download Scryfall's current card data and import it",
                          description="Download the oracle-cards file that Scryfall's bulk-data index lists "
                                      "(--source: the index's URL, for a mirror or a local copy), check that it is "
                                      "whole JSON, keep it beside the card store, and import it as `cards import` "
                                      "does (one transaction). A failed download changes nothing; an interrupted "
                                      "one resumes on the next run.")
    upd.add_argument("--source", default=SCRYFALL_INDEX, metavar="URL",
                     help=f"the bulk-data index (default {SCRYFALL_INDEX})")
    cov = add_coverage_parser(csub)
    for p in (show, lst, imp, upd, cov):
        add_store_option(p)


def modelled_by_prefix(name: str) -> str | None:
    """The one built-in card whose name starts with ``name`` ("Thalia"), if exactly one does."""
    key = normalize(name)
    found = [c for c in card_db().names if len(key) >= 3 and normalize(c).startswith(key)]
    return found[0] if len(found) == 1 else None


def run_cards(args: argparse.Namespace) -> int:
    """Run ``mtgjudge cards WHAT``; the exit code."""
    out, err = sys.stdout, sys.stderr
    if args.cards_command == "show":
        name = " ".join(args.name)
        full = modelled_by_prefix(name) if card_db().find(name) is None and not card_db().is_known_card(name) else None
        if full:
            emit(f"mtgjudge: showing {full!r}, the one modelled card whose name starts with {name!r}", err)
            name = full
        try:
            if getattr(args, "json", False):
                emit(json.dumps(card_readings(name), ensure_ascii=False, indent=1), out)
            else:
                emit(describe_card(name), out)
        except LookupError as e:
            emit(f"mtgjudge: {e.args[0]}", err)
            return 2
        return 0
    if args.cards_command == "list":
        if args.counts:
            emit(counts_text(), out)
            return 0
        for name in (open_store().card_names() if args.imported else sorted(card_db().names)):
            emit(name, out)
        return 0
    if args.cards_command == "import":
        return import_files(args.files, open_store(), out, err)
    if args.cards_command == "update":
        store = open_store()
        return update(args.source, store, Path(store.path).parent, out, err, import_files)
    if args.cards_command == "coverage":
        return run_coverage(args)
    emit("mtgjudge cards: say `import FILE...`, `update`, `show NAME`, `list` or `coverage`", err)
    return 2


# -- show ----------------------------------------------------------------------------------------------------

def describe_card(name: str) -> str:
    """How the verifier understands a card: characteristics, then abilities, each of the card's own lines
    numbered as a stack entry's ``index`` counts them and activated abilities also as a question's ``ability:``
    counts them (rule-given ones, CR 305.6, included), where the card came from, and
    the lines of its text that are not modelled."""
    db = card_db()
    found = db.find(name)
    if found is None:
        real = db.is_known_card(name)
        if real:
            raise LookupError(undefined_card(real))
        raise LookupError(f"unknown card {name!r}{did_you_mean(name)}")
    card, _ = found
    out = _characteristics(card) if card.modelled else [
        card.name, ("  its type line, mana cost or power/toughness could not be read: every question about it "
                    "answers `unsupported`")]
    built_in = db.is_built_in(card)
    # else find() gave an imported one, found by the name asked (a face's) or by its whole name
    stored = None if built_in else (open_store().stored(name) or open_store().stored(card.name))
    out += _origin(card, stored, built_in)
    kept = open_store().rulings(card.name)
    if kept:
        out.append(f"rulings ({len(kept)}):")
        out += [f"  {date}  {text}" for date, text in kept]
    lines = unmodelled_lines(card, stored.record if stored else None)
    if lines:
        out.append(f"unmodelled lines ({len(lines)}): a question one of them could influence answers "
                   "`unsupported`, naming it")
        out += [f"  - {line}" for line in lines]
    else:
        out.append("unmodelled lines: none")
    partly = _partly_read(card) if card.modelled else []
    if partly:
        out.append(f"lines read in part ({len(partly)}): what is [not read] makes a question it could influence "
                   "`unsupported`, naming it")
        out += [f"  - {line}" for line in partly]
    return "\n".join(out)


def _partly_read(card: CardDef) -> list[str]:
    """The card's lines the model keeps with a part it does not read (``oracle.reading.LineReading.partly_read``)."""
    from mtgjudge.model.oracle.reading import read_card
    # a built-in card's hand-encoded abilities keep no source line: their rendering says what is not read
    return [line.source or str(line.rendering) for _, lines in read_card(card) for line in lines if line.partly_read]


def _characteristics(card: CardDef) -> list[str]:
    out: list[str] = []
    for face_index, face in enumerate(card.faces):
        obj = GameObject("card", card, "You", "You", "battlefield", face=face_index)
        state = GameState((Player("You"),), (obj,), Turn("You", 1))
        ch = current(state, "card")
        labels = FACE_LABELS.get(card.layout, FACE_LABELS["transform"])
        side = "" if len(card.faces) == 1 else f" ({labels[face_index > 0]})"
        out.append(f"{face.name}{side}" + ("  [token]" if card.token else ""))
        out.append(f"  mana cost: {face.cost_text()}")
        out.append(f"  type: {face.type_line()}")
        if face.power is not None:
            # a stat a characteristic-defining ability sets is printed "*" (208.2a): the model has no number for it
            printed = printed_characteristics(obj)
            pt = ["*" if v is None else str(p) for v, p in ((printed.power, face.power), (printed.toughness, face.toughness))]
            out.append(f"  power/toughness: {pt[0]}/{pt[1]}")
        colors = "".join(c for c in "WUBRG" if c in ch.colors) or "colorless"
        out.append(f"  color: {colors}")
        activated = activated_abilities(state, "card")
        if ch.abilities:
            out.append("  abilities (N. as a stack entry's `index` counts them; [N] as `ability: N` counts the "
                       "activated ones):")
        n = 0
        unclaimed = list(enumerate(face.abilities, 1))
        shown: set[int] = set()
        for a, source, line in _with_lines(face, ch.abilities):
            # the stack's index counts the face's own lines (queries/format/state.py); a rule-given ability
            # (305.6) is none of them
            position = next((k for k, (_, own) in enumerate(unclaimed) if own is a), None)
            if position is None:
                position = next((k for k, (_, own) in enumerate(unclaimed) if own == a), None)
            number = f"{unclaimed.pop(position)[0]}." if position is not None else "-"
            if a in activated:
                n += 1
                kind = "mana ability" if a.is_mana_ability else "activated"
                label = f"  {number:>3} [{n}] {kind}: "
            elif a.kind == "unmodelled":
                label = f"  {number:>3} [not modelled, {a.unmodelled_kind}] "
            else:
                label = f"  {number:>3} {a.kind}: "
            given = f"   (given by rule {a.rule_given})" if a.rule_given else ""
            if line is None or line not in shown:
                out.append(label + (source or a.text()).replace("\n", " ") + given)
            elif label.strip().startswith("["):
                out.append(label.rstrip() + " (of the line above)")
            if line is not None:
                shown.add(line)
            out.append(f"      model: {model_reading(a, face)}")
        changed = [b for b in face.overloaded if b not in face.abilities]
        if changed:
            # 702.96a: what the spell does if its overload cost was paid ("target" read as "each")
            out.append("  overloaded (cast for its overload cost, 702.96a): "
                       + " ".join(model_reading(b, face) for b in changed))
    return out


def model_reading(a: Ability, face: Face | None = None) -> str:
    """What ``show`` prints beneath an ability: what the model understood, rendered from the encoding
    (``oracle.reading.say``: as the face's own words name its attached permanent)."""
    # the compiler's reader of the encoding only for ``show``: not in every command's start-up
    from mtgjudge.model.oracle.reading import say

    said = say(a, face)
    return said if said is not None else "(not modelled: questions this line could influence answer `unsupported`)"


def _with_lines(face: Face, abilities: tuple[Ability, ...]) -> list[tuple[Ability, str, int | None]]:
    """Each ability with the source line it was read from and that line's index among the face's lines (None
    for an ability not printed on the face: one the rules give, 305.6, or another object grants)."""
    from mtgjudge.model.oracle.reading import face_lines

    where: dict[int, tuple[str, int]] = {}
    for n, (text, line) in enumerate(face_lines(face)):
        for a in line:
            where[id(a)] = (text, n)
    out: list[tuple[Ability, str, int | None]] = []
    for a in abilities:
        text, i = where.get(id(a), (a.source_text, None))
        out.append((a, text, i))
    return out


def card_readings(name: str) -> dict:
    """``show --json``: every face's lines, each with its source text and the model's rendering (null for a line
    that is not modelled), and whether the two agree (``oracle.reading.normalize_reading``)."""
    from mtgjudge.model.oracle.reading import read_card, say

    found = card_db().find(name)
    if found is None:
        describe_card(name)        # raises the LookupError that names the card
        raise LookupError(f"unknown card {name!r}")
    card, _ = found
    return {"name": card.name, "modelled": card.modelled,
            "faces": [{"name": face.name, "lines": [
                {"source": r.source, "model": r.rendering, "round_trip": r.round_trip,
                 "abilities": [{"kind": a.kind, "model": say(a, face)} for a in r.abilities]}
                for r in lines]} for face, lines in read_card(card)]}


def _in_project(path: Path) -> str:
    """A path of the product's own files as the project lays them out ("model/cards/data/lands.yaml")."""
    return path.relative_to(DATA_DIR.parents[2]).as_posix()


def _origin(card: CardDef, stored: StoredCard | None, built_in: bool = True) -> list[str]:
    from mtgjudge.model.oracle import COMPILER_VERSION

    if stored is None:
        return [f"source: built in: {_in_project(Path(card.source))}" if built_in else f"source: {card.source}"]
    when = datetime.fromisoformat(stored.imported_at).strftime("%Y-%m-%d %H:%M UTC")
    out = [f"source: imported from {stored.source} on {when}"]
    if stored.compiler_version != COMPILER_VERSION:
        out.append(f"  (imported by compiler version {stored.compiler_version}; shown as version "
                   f"{COMPILER_VERSION} reads its text now, as questions read it)")
    return out


# -- list ----------------------------------------------------------------------------------------------------

def counts_text() -> str:
    """How many cards are built in, and how many were imported from each file."""
    store = open_store()
    out = [f"built in: {len(card_db().names)} cards ({_in_project(DATA_DIR)})"]
    counts = store.counts()
    for c in counts:
        out.append(f"imported from {c.source}: {c.cards} cards ({c.with_unmodelled} with unmodelled lines)")
    out.append(f"in the store {store.path}: {sum(c.cards for c in counts)} cards")
    return "\n".join(out)


# -- import --------------------------------------------------------------------------------------------------

def import_files(paths: list[str], store: CardStore, out: TextIO, err: TextIO) -> int:
    """Read every file, then compile and write all their cards in one transaction; print what was imported.
    Exit code 2, naming the file, if one can't be read (nothing is written then). Cards whose names differ only
    in case, punctuation or spacing are one card to a question: each such pair is reported, and counted once."""
    t0 = time.perf_counter()
    paths, in_folders = _files_of(paths, err)
    rulings_paths = [p for p in paths if is_rulings_file(p)]
    paths = [p for p in paths if p not in rulings_paths]
    skipped: list[str] = []
    rulings: list[tuple[str, dict[str, list[Ruling]]]] = []
    try:
        # Scryfall's rulings name their cards by oracle_id: the cards files imported with them name those
        oracle = {k: v for p in paths for k, v in scryfall_oracle_names(p).items()} if rulings_paths else {}
        rulings = [(str(Path(p).resolve()), read_rulings(p, oracle)) for p in rulings_paths]
    except RulingsError as e:
        emit(f"mtgjudge: {e}; nothing was imported", err)
        return 2
    if not paths:
        return _import_rulings(rulings, store, out)
    files: list[tuple[str, list[CardRecord]]] = []
    read_all: list[SourceFile] = []
    notes: list[str] = []
    bar = progress_bar(len(paths), "reading", err)
    for i, p in enumerate(paths):
        if bar:
            bar.update(i)     # before the read: a large file takes a while
        try:
            source = str(Path(p).resolve())
            source.encode("utf-8")
            if p in in_folders and not _begins_as_json(p):
                raise NotCardData(f"{p}: not JSON")
            read = read_file(p, join=False)
        except NotCardData as e:
            if p not in in_folders:
                read, problem = None, str(e)
            else:       # a file of a folder that is neither cards nor rulings (a set list, a readme)
                emit(f"mtgjudge: warning: {e}: skipped (neither card data nor rulings)", err)
                skipped.append(p)
                continue
        except UnicodeEncodeError:
            read = None
            problem = f"{p!r}: the file's name is not text the store can keep (rename the file)"
        except SourceError as e:
            read = None
            problem = str(e)
        except OSError as e:
            read = None
            problem = f"{p}: can't be read: {e.strerror or e}"
        if read is None:
            if bar:
                bar.done()
            emit(f"mtgjudge: {problem}; nothing was imported", err)
            return 2
        files.append((source, read.records))
        read_all.append(read)
        notes += [f"{p}: card {dropped!r} (line {line}) has the name of card {kept!r} as questions compare names "
                  "(without case, punctuation or spacing): it is one card to them, and the first is kept"
                  for kept, dropped, line in read.duplicates]
    # MTGJSON v3 may hold a split or aftermath card's halves in two files: joined, with the first half's file
    paths = [p for p in paths if p not in skipped]
    if not paths:
        if bar:
            bar.done()
        return _import_rulings(rulings, store, out)
    join_halves(read_all, paths)
    total = sum(len(records) for _, records in files)
    bar = progress_bar(total, "importing", err)
    try:
        counts = store.import_records(files, progress=bar.update if bar else None)
    finally:
        if bar:
            bar.done()
    for note in notes[:_NOTES]:
        emit(f"mtgjudge: note: {note}", err)
    if len(notes) > _NOTES:
        emit(f"mtgjudge: note: {len(notes) - _NOTES} more cards named as an earlier one", err)
    distinct = len({normalize(r.name) for _, records in files for r in records})
    for c in counts:
        emit(f"imported {c.cards} cards from {c.source} ({c.with_unmodelled} with unmodelled lines)", out)
    again = f" ({total - distinct} named in two files: the later file's is kept)" if distinct != total else ""
    emit(f"{distinct} cards imported into {store.path}{again} in {time.perf_counter() - t0:.1f} s", out)
    return _import_rulings(rulings, store, out)


def _files_of(paths: list[str], err: TextIO) -> tuple[list[str], set[str]]:
    """The files an import reads: each file named, and each regular file of a folder named (in name order);
    and which of them came from a folder (such a file that is neither cards nor rulings is skipped, with a
    warning, where a file named is an error). A folder within a folder is not read, with a warning."""
    files: list[str] = []
    in_folders: set[str] = set()
    for p in paths:
        folder = Path(p)
        if not folder.is_dir():
            files.append(p)
            continue
        try:
            entries = sorted(folder.iterdir())
        except OSError:
            files.append(p)     # read_file says why it can't be read
            continue
        for entry in entries:
            if entry.is_dir():
                emit(f"mtgjudge: warning: {entry}: a folder inside {folder}, not read (name it to import it)", err)
            elif entry.is_file():
                files.append(str(entry))
                in_folders.add(str(entry))
    return list(dict.fromkeys(files)), in_folders


def _begins_as_json(path: str) -> bool:
    """Does the file begin as a JSON object or array does (after a byte order mark and white space)?"""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return True     # read_file says why it can't be read
    return head.removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n")[:1] in (b"[", b"{")


def _import_rulings(rulings: list[tuple[str, dict[str, list[Ruling]]]], store: CardStore, out: TextIO) -> int:
    for source, by_card in rulings:
        n = store.import_rulings({name: [(r.date, r.text) for r in items] for name, items in by_card.items()}, source)
        emit(f"imported {n} rulings of {len(by_card)} cards from {source}", out)
    return 0


#: How many notes of duplicate names an import prints (then how many more there were).
_NOTES = 10
