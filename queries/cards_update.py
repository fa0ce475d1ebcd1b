"""``mtgjudge cards update``: download Scryfall's current card data and its rulings, and import them.

Scryfall publishes its bulk data through an index (``https://api.scryfall.com/bulk-data``): a JSON object
whose ``data`` lists the files, each with a ``type`` (``oracle_cards``, ``rulings``, ...) and a
``download_uri``. The index's address is a setting (``--source URL``), so that a mirror, or a local server
in the tests, serves the same files. The cards file (and the rulings file, where the index lists one) is downloaded into the folder of the card store (under a
temporary name), read whole as JSON (a truncated or malformed download is refused before anything is written),
then imported as ``cards import`` does, in one transaction. A download that was interrupted is started
again, from the beginning, on the next run.
"""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, TextIO

from mtgjudge.model.cards.store import CardStore
from mtgjudge.queries.progress import progress_bar

#: Scryfall's bulk-data index.
SCRYFALL_INDEX = "https://api.scryfall.com/bulk-data"
#: The file of the index that holds one card object per Oracle card.
CARDS_TYPE = "oracle_cards"
#: The file of the index that holds every ruling, by the oracle_id of its card.
RULINGS_TYPE = "rulings"
#: The names the downloaded files keep, beside the card store.
CARDS_FILE = "scryfall-oracle-cards.json"
RULINGS_FILE = "scryfall-rulings.json"
#: How long to wait for a server, in seconds.
TIMEOUT = 60
_CHUNK = 1 << 16


class UpdateError(Exception):
    """The index or a file could not be fetched or is not what it should be; the message names the URL."""


def _get(url: str, dest: Path, err: TextIO, label: str) -> None:
    """Download ``url`` to ``dest`` (a progress bar on a terminal)."""
    # the network client (urllib, http, ssl, email: ~20 ms) only for a download, not in every command's start-up
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, headers={"User-Agent": "mtgjudge", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response, dest.open("wb") as fh:
            total = int(response.headers.get("Content-Length") or 0)
            bar = progress_bar(total, label, err) if total else None
            done = 0
            while chunk := response.read(_CHUNK):
                fh.write(chunk)
                done += len(chunk)
                if bar:
                    bar.update(done)
            if bar:
                bar.done()
            if total and done != total:
                raise UpdateError(f"{url}: the download stopped after {done} of {total} bytes")
    except urllib.error.HTTPError as e:
        raise UpdateError(f"{url}: the server answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", None) or e
        raise UpdateError(f"{url}: cannot download it ({reason})") from None


def _json(path: Path, url: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise UpdateError(f"{url}: not valid JSON (a truncated or damaged download?): {e}") from None


def listed_uri(index: Any, url: str, kind: str) -> str | None:
    """The ``download_uri`` of the file of type ``kind`` that a bulk-data index lists (None if none)."""
    entries = index.get("data") if isinstance(index, dict) else None
    if not isinstance(entries, list):
        raise UpdateError(f"{url}: not a Scryfall bulk-data index (no \"data\" list)")
    for entry in entries:
        if isinstance(entry, dict) and entry.get("type") == kind and isinstance(entry.get("download_uri"), str):
            return entry["download_uri"]
    return None


def _list_file(uri: str, folder: Path, name: str, err: TextIO, what: str) -> Path:
    """Download ``uri`` into ``folder`` and check that it is a whole JSON list."""
    path = folder / name
    _get(uri, path, err, what)
    if not isinstance(_json(path, uri), list):
        raise UpdateError(f"{uri}: not a Scryfall {what} file (a JSON list)")
    return path


def update(source: str, store: CardStore, folder: Path, out: TextIO, err: TextIO,
           importer: Callable[[list[str], CardStore, TextIO, TextIO], int]) -> int:
    """Download the cards file the index at ``source`` lists into ``folder``, check it, and import it with
    ``importer`` (``cards import``'s); the exit code (2, with one line naming the URL, when a download or a check
    fails: the store, and the file an earlier update left, are then as they were)."""
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="download-", dir=folder))
    try:
        index_file = work / "index.json"
        _get(source, index_file, err, "index")
        index = _json(index_file, source)
        uri = listed_uri(index, source, CARDS_TYPE)
        if uri is None:
            raise UpdateError(f"{source}: the index lists no {CARDS_TYPE} file")
        rulings_uri = listed_uri(index, source, RULINGS_TYPE)
        downloaded = [(_list_file(uri, work, CARDS_FILE, err, "cards"), uri)]
        if rulings_uri is not None:
            downloaded.append((_list_file(rulings_uri, work, RULINGS_FILE, err, "rulings"), rulings_uri))
        kept = []
        for path, url in downloaded:     # whole and checked: each takes the place of the last update's
            path.replace(folder / path.name)
            print(f"downloaded {url} to {folder / path.name}", file=out)
            if json.loads((folder / path.name).read_text(encoding="utf-8")):   # an empty rulings list adds nothing
                kept.append(str(folder / path.name))
        return importer(kept, store, out, err)
    except UpdateError as e:
        print(f"mtgjudge: {e}; nothing was imported", file=err)
        return 2
    finally:
        shutil.rmtree(work, ignore_errors=True)
