"""``mtgjudge cards update``: download Scryfall's current card data and its rulings, and import them.

Scryfall publishes its bulk data through an index (``https://api.scryfall.com/bulk-data``): a JSON object
whose ``data`` lists the files, each with a ``type`` (``oracle_cards``, ``rulings``, ...) and a
``download_uri``. The index's address is a setting (``--source URL``), so that a mirror, or a local server
in the tests, serves the same files. The cards file (and the rulings file, where the index lists one) is downloaded into the folder of the card store (under a
temporary name), read whole as JSON (a truncated or malformed download is refused before anything is written),
then imported as ``cards import`` does, in one transaction.

Each file is downloaded into a partial file of the product's cache folder (``model.cache.partial``), so that
a download that was interrupted resumes on the next run where it stopped (an HTTP ``Range`` request). It
resumes only a file the server says is unchanged: the partial file is named after the file's address and
its validator (its strong ``ETag``, else its ``Last-Modified`` date, from a ``HEAD`` request), and the
request carries that validator as ``If-Range``, so that a server whose file changed meanwhile sends it whole;
a server that ignores ``Range`` sends the whole file too, which then replaces what was kept. A server that
names no validator, or caching that is off, gets a download from the beginning every time.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, TextIO

from mtgjudge.model import cache

if TYPE_CHECKING:
    import urllib.request
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


def _request(url: str, method: str = "GET", headers: dict[str, str] | None = None) -> urllib.request.Request:
    # the network client (urllib, http, ssl: ~25 ms) only for a download, not in every command's start-up
    import urllib.request
    return urllib.request.Request(url, method=method,
                                  headers={"User-Agent": "mtgjudge", "Accept": "application/json", **(headers or {})})


def _validator(url: str) -> tuple[str, int | None]:
    """What names this version of the file at ``url`` (its strong ETag, else its Last-Modified date; "" if the
    server names neither or answers no HEAD request), and its length if the server gives it."""
    # the network client (urllib, http, ssl: ~25 ms) only for a download, not in every command's start-up
    import http.client
    import urllib.error
    import urllib.request
    try:
        with urllib.request.urlopen(_request(url, "HEAD"), timeout=TIMEOUT) as response:
            etag = response.headers.get("ETag") or ""
            named = etag if etag and not etag.startswith("W/") else response.headers.get("Last-Modified") or ""
            length = response.headers.get("Content-Length")
            return named, int(length) if length and length.isdigit() else None
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError):
        return "", None


def _get(url: str, work: Path, err: TextIO, label: str) -> tuple[Path, str | None]:
    """Download ``url`` (a progress bar on a terminal): the path of the whole file, and the name of the
    partial download it is (None when it was downloaded into ``work``, not resumably)."""
    named, length = _validator(url)
    part = None
    name: str | None = None
    if named:
        key = hashlib.sha256(url.encode()).hexdigest()[:16]
        name = f"download-{key}{hashlib.sha256(named.encode()).hexdigest()[:16]}.part"
        part = cache.partial(name, replaces=f"download-{key}")
    if part is None:
        name = None
        path = work / f"{label}.download"
        fh: BinaryIO = path.open("w+b")
    else:
        fh, where = part
        path = Path(where)
    with fh:
        have = fh.tell()
        if length is not None and have > length:   # more than the file: not a part of it
            fh.seek(0)
            fh.truncate()
            have = 0
        if not (length is not None and have == length):   # a whole file kept by a run whose import failed
            _fetch(url, fh, have, named if name else "", err, label)
    return path, name


def _fetch(url: str, fh: BinaryIO, have: int, named: str, err: TextIO, label: str) -> None:
    """Write the file at ``url`` into ``fh``, which holds its first ``have`` bytes (asked for the rest when
    ``named`` names the version they are of)."""
    # the network client (urllib, http, ssl: ~25 ms) only for a download, not in every command's start-up
    import http.client
    import urllib.error
    import urllib.request
    headers = {"Range": f"bytes={have}-", "If-Range": named} if have and named else {}
    done = total = 0
    try:
        try:
            response = urllib.request.urlopen(_request(url, headers=headers), timeout=TIMEOUT)
        except urllib.error.HTTPError as e:
            if e.code != 416 or not headers:
                raise
            e.close()       # the range is not in the file: start again
            headers, have = {}, 0
            response = urllib.request.urlopen(_request(url), timeout=TIMEOUT)
        with response:
            try:
                start = _resumed_at(response, have) if headers else None
            except UpdateError:
                fh.seek(0)          # the part kept can't be completed from this server: the next run starts over
                fh.truncate()
                raise
            if start is None:      # the whole file: it replaces what was kept
                have = 0
            fh.seek(have)
            fh.truncate()
            length = int(response.headers.get("Content-Length") or 0)
            total = have + length if length else 0
            done = have
            bar = progress_bar(total, label, err) if total else None
            try:
                while chunk := response.read(_CHUNK):
                    fh.write(chunk)
                    done += len(chunk)
                    if bar:
                        bar.update(done)
            finally:
                fh.flush()
                if bar:
                    bar.done()
    except urllib.error.HTTPError as e:
        raise UpdateError(f"{url}: the server answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as e:
        reason = getattr(e, "reason", None) or type(e).__name__
        if done:
            resume = "; run the command again to resume it" if named else ""
            raise UpdateError(f"{url}: the download stopped after {done:,} bytes ({reason}){resume}") from None
        raise UpdateError(f"{url}: cannot download it ({reason})") from None
    if total and done != total:
        resume = "; run the command again to resume it" if named else ""
        raise UpdateError(f"{url}: the download stopped after {done:,} of {total:,} bytes{resume}")


def _resumed_at(response: Any, have: int) -> int | None:
    """Where the body of a response to a range request starts: ``have`` for a 206 whose Content-Range starts
    there, None for a whole file (a 200: the server ignored the range, or the file changed)."""
    if response.status != 206:
        return None
    m = re.fullmatch(r"bytes (\d+)-\d+/(?:\d+|\*)", (response.headers.get("Content-Range") or "").strip())
    if m is None or int(m.group(1)) != have:
        raise UpdateError(f"{response.url}: the server sent a part of the file other than the one asked for")
    return have


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


def _list_file(uri: str, work: Path, err: TextIO, what: str) -> tuple[Path, str | None]:
    """Download ``uri`` and check that it is a whole JSON list: its path and its partial download's name."""
    path, part = _get(uri, work, err, what)
    try:
        if not isinstance(_json(path, uri), list):
            raise UpdateError(f"{uri}: not a Scryfall {what} file (a JSON list)")
    except UpdateError:
        if part:            # a whole download that is wrong: the next run starts it again
            cache.discard(part)
        raise
    return path, part


def update(source: str, store: CardStore, folder: Path, out: TextIO, err: TextIO,
           importer: Callable[[list[str], CardStore, TextIO, TextIO], int]) -> int:
    """Download the cards file the index at ``source`` lists into ``folder``, check it, and import it with
    ``importer`` (``cards import``'s); the exit code (2, with one line naming the URL, when a download or a check
    fails: the store, and the file an earlier update left, are then as they were; an interrupted download is
    kept, to be resumed)."""
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="download-", dir=folder))
    try:
        index_file = work / "index.json"
        with index_file.open("wb") as fh:
            _fetch(source, fh, 0, "", err, "index")
        index = _json(index_file, source)
        uri = listed_uri(index, source, CARDS_TYPE)
        if uri is None:
            raise UpdateError(f"{source}: the index lists no {CARDS_TYPE} file")
        rulings_uri = listed_uri(index, source, RULINGS_TYPE)
        downloaded = [(*_list_file(uri, work, err, "cards"), uri, CARDS_FILE)]
        if rulings_uri is not None:
            downloaded.append((*_list_file(rulings_uri, work, err, "rulings"), rulings_uri, RULINGS_FILE))
        kept = []
        for path, part, url, name in downloaded:   # whole and checked: each takes the place of the last update's
            target = folder / name
            staged = work / f"{name}.whole"
            shutil.copyfile(path, staged)
            staged.replace(target)
            if part:
                cache.discard(part)
            print(f"downloaded {url} to {target}", file=out)
            if json.loads(target.read_text(encoding="utf-8")):   # an empty rulings list adds nothing
                kept.append(str(target))
        return importer(kept, store, out, err)
    except UpdateError as e:
        print(f"mtgjudge: {e}; nothing was imported", file=err)
        return 2
    finally:
        shutil.rmtree(work, ignore_errors=True)
