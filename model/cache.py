"""The product's cache folder: what a process keeps for the next one (the cards it compiled, its reading of the
built-in card files, the hash of the model's source files, the phrase grammar's parse tables when those shipped
are not this Lark's), as plain data that loads no code.

Entries are JSON, with tuples, sets and dicts of any keys tagged (:func:`dumps`, :func:`loads`), never
pickles: a file someone else planted or changed can at worst fail to read, and is then made again. Since a
changed entry could still give wrong answers, the folder is treated as ssh treats its keys:

* it is ``mtgjudge-cache`` inside the user's cache directory (on Linux ``~/.cache/mtgjudge/``) or the folder
  ``MTGJUDGE_CACHE`` names (``off``: no cache), created with mode 0700 and marked as the product's with a
  ``CACHEDIR.TAG`` file; a folder of that name without the mark is someone else's and is left alone;
* it, and each entry, is used only if the user owns it and nobody else can write to it, checked on the
  open file (no symbolic link is followed), so that it cannot be swapped between the check and the use;
* an entry is written to a new file (never through an existing name or link) and renamed into place, so a
  reader sees a whole entry or none; writing an entry removes only the older entries of its kind (those of
  another version) in the marked folder, which the product wrote.

A download (``cards update``) is written into a partial file of the folder (:func:`partial`), opened the
same way, so that an interrupted one resumes where it stopped.

Any failure to read or write is ignored: what was to be read is made again.
"""
from __future__ import annotations

import json
import os
import re
import stat
from typing import Any, BinaryIO

from mtgjudge.model.user_folders import user_folder

ENV_VAR = "MTGJUDGE_CACHE"
FOLDER = "mtgjudge-cache"
#: The Cache Directory Tagging Specification's signature, then the product's own line.
MARK = "Signature: 8a477f597d28d172789f06886806bc55\n# mtgjudge's cache: what it keeps between runs (safe to delete).\n"
MARK_FILE = "CACHEDIR.TAG"
#: An entry's name: its kind and its version (``grammar-<version>.json``), and for a kind of many entries of one
#: version, each entry's own key too (``card-<version>-<key>.json``).
NAME = re.compile(r"([a-z]+)-([0-9a-f]+)(?:-[0-9a-f]+)?\.json")
#: No entry is read past this size.
MAX_BYTES = 64 * 1024 * 1024

_SUPPORTED = (hasattr(os, "getuid") and hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY")
              and os.open in os.supports_dir_fd and os.rename in os.supports_dir_fd)   # os.replace: as os.rename


class Unsafe(Exception):
    """The cache folder or an entry is not the user's alone (or is not what the product wrote there)."""


def base_dir() -> str | None:
    """The folder the cache folder is made in; None when caching is off."""
    chosen = os.environ.get(ENV_VAR)
    if chosen is not None and chosen.strip().lower() in ("off", "0", "no", ""):
        return None
    if chosen:
        return chosen
    return user_folder("cache")


def _own(st: os.stat_result, what: str) -> None:
    if st.st_uid != os.getuid():
        raise Unsafe(f"{what} belongs to another user")
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise Unsafe(f"{what} can be written by others")


def _open_folder(create: bool) -> int:
    """A descriptor of the cache folder, checked (Unsafe, OSError when it can't be used)."""
    base = base_dir()
    if base is None or not _SUPPORTED:
        raise Unsafe("caching is off")
    if create:
        os.makedirs(base, mode=0o700, exist_ok=True)
    parent = os.open(base, os.O_RDONLY | os.O_DIRECTORY)
    try:
        made = False
        if create:
            try:
                os.mkdir(FOLDER, 0o700, dir_fd=parent)
                made = True
            except FileExistsError:
                pass
        fd = os.open(FOLDER, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=parent)
    finally:
        os.close(parent)
    try:
        _own(os.fstat(fd), f"the cache folder {os.path.join(base, FOLDER)}")
        if made:
            _write(fd, MARK_FILE, MARK.encode())
        elif _read(fd, MARK_FILE, 4096) != MARK.encode():
            raise Unsafe(f"{os.path.join(base, FOLDER)} is not marked as mtgjudge's")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read(folder: int, name: str, limit: int) -> bytes:
    fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=folder)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Unsafe(f"{name} is not a file")
        _own(st, name)
        if st.st_size > limit:
            raise Unsafe(f"{name} is larger than an entry can be")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read(limit + 1)[:limit]
    finally:
        os.close(fd)


def _write(folder: int, name: str, data: bytes) -> None:
    # a new file of a name nobody can have planted (O_EXCL: never through an existing name or a link)
    tmp = f".{name}.{os.getpid()}.{os.urandom(8).hex()}.tmp"     # as secrets.token_hex (which imports random)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=folder)
    try:
        with os.fdopen(fd, "wb", closefd=False) as fh:
            fh.write(data)
    finally:
        os.close(fd)
    try:
        os.replace(tmp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        os.unlink(tmp, dir_fd=folder)
        raise


def read(name: str) -> Any:
    """The plain data kept as ``name`` (``kind-key.json``), or None (none kept, caching off, not safe to
    use, or damaged)."""
    try:
        folder = _open_folder(create=False)
    except (Unsafe, OSError):
        return None
    try:
        return loads(_read(folder, name, MAX_BYTES))
    except (Unsafe, OSError, ValueError, TypeError, RecursionError):
        return None
    finally:
        os.close(folder)


#: The (folder, kind, version) whose older entries this process has removed already.
_pruned: set[tuple[str, str, str]] = set()


#: How many versions of a kind of entry the folder keeps (the one written and the most recently written others):
#: installations of two versions that share the folder (a checkout and an installed package, or several worktrees)
#: each keep theirs instead of removing each other's at every run.
VERSIONS_KEPT = 3


def keep(name: str, value: Any) -> None:
    """Keep the plain data ``value`` as ``name`` (``kind-version.json`` or ``kind-version-key.json``), and
    remove the older entries of its kind (those of versions other than the ``VERSIONS_KEPT`` most recently
    written: what older products kept)."""
    m = NAME.fullmatch(name)
    if m is None:
        raise ValueError(f"{name!r} is not an entry's name (kind-version.json or kind-version-key.json)")
    try:
        data = dumps(value)
        folder = _open_folder(create=True)
    except (Unsafe, OSError, TypeError, ValueError):
        return
    try:
        _write(folder, name, data)
        # a kind of many entries (kind-version-key) writes each apart: its older versions are looked for once
        # per process
        done = (str(base_dir()), m.group(1), m.group(2))
        if name.count("-") == 1 or done not in _pruned:
            _pruned.add(done)
            versions: dict[str, list[tuple[str, float]]] = {}
            for other in os.listdir(folder):
                o = NAME.fullmatch(other)
                if o is not None and o.group(1) == m.group(1) and o.group(2) != m.group(2):
                    st = os.stat(other, dir_fd=folder, follow_symlinks=False)
                    if stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid():
                        versions.setdefault(o.group(2), []).append((other, st.st_mtime))
            newest_first = sorted(versions.values(), key=lambda files: max(t for _, t in files), reverse=True)
            for files in newest_first[VERSIONS_KEPT - 1:]:
                for other, _ in files:
                    os.unlink(other, dir_fd=folder)
    except OSError:   # a read-only or full disk only loses the saving
        pass
    finally:
        os.close(folder)


# ------------------------------------------------------------------------------------ partial downloads

#: A partial download's name: ``download-`` and a hash of what it is a download of.
PARTIAL = re.compile(r"download-[0-9a-f]+\.part")


def partial(name: str, replaces: str = "download-") -> tuple[BinaryIO, str] | None:
    """The partial download ``name`` (``download-key.part``) of the cache folder, opened to read and append
    (made empty, mode 0600, if there is none; never through a link), and its path: a download resumed where
    an interrupted run stopped. The other partial downloads whose names start with ``replaces`` (older
    versions of the same file) are removed. None when caching is off or the folder or file is not safe to
    use."""
    if PARTIAL.fullmatch(name) is None:
        raise ValueError(f"{name!r} is not a partial download's name (download-key.part)")
    try:
        folder = _open_folder(create=True)
    except (Unsafe, OSError):
        return None
    try:
        for other in os.listdir(folder):
            if PARTIAL.fullmatch(other) and other.startswith(replaces) and other != name:
                _remove(folder, other)
        fd = os.open(name, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600, dir_fd=folder)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise Unsafe(f"{name} is not a file")
            _own(st, name)
            fh = os.fdopen(fd, "r+b")
        except BaseException:
            os.close(fd)
            raise
        fh.seek(0, os.SEEK_END)
        return fh, os.path.join(str(base_dir()), FOLDER, name)
    except (Unsafe, OSError):
        return None
    finally:
        os.close(folder)


def discard(name: str) -> None:
    """Remove the partial download ``name`` (nothing if there is none or caching is off)."""
    if PARTIAL.fullmatch(name) is None:
        raise ValueError(f"{name!r} is not a partial download's name (download-key.part)")
    try:
        folder = _open_folder(create=False)
    except (Unsafe, OSError):
        return
    try:
        _remove(folder, name)
    finally:
        os.close(folder)


def _remove(folder: int, name: str) -> None:
    """Remove ``name`` from the folder if it is a file the user owns (what the product wrote)."""
    try:
        st = os.stat(name, dir_fd=folder, follow_symlinks=False)
        if stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid():
            os.unlink(name, dir_fd=folder)
    except OSError:
        pass


# ------------------------------------------------------------------------------------ the plain data

def _tagged(x: Any) -> Any:
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, list):
        return [_tagged(v) for v in x]
    if isinstance(x, tuple):
        return {"t": [_tagged(v) for v in x]}
    if isinstance(x, dict):
        return {"d": [[_tagged(k), _tagged(v)] for k, v in x.items()]}
    if isinstance(x, frozenset):
        return {"f": [_tagged(v) for v in x]}
    if isinstance(x, set):
        return {"s": [_tagged(v) for v in x]}
    raise TypeError(f"{type(x).__name__} is not plain data")


def _untagged(o: dict) -> Any:
    # called for every JSON object, so kept short: each is one tag and a list (dict: of pairs, whose keys
    # must be hashable, else TypeError)
    if len(o) == 1:
        items = o.get("t")
        if type(items) is list:
            return tuple(items)
        items = o.get("d")
        if type(items) is list:
            return dict(items)
        items = o.get("f")
        if type(items) is list:
            return frozenset(items)
        items = o.get("s")
        if type(items) is list:
            return set(items)
    raise ValueError("not an entry of the cache")


def dumps(value: Any) -> bytes:
    """Plain data (None, bool, int, float, str, and lists, tuples, dicts, sets of them) as JSON; TypeError
    for anything else."""
    return json.dumps(_tagged(value), separators=(",", ":"), allow_nan=False).encode()


def loads(data: bytes) -> Any:
    """The plain data of :func:`dumps`; ValueError or TypeError for anything else."""
    return json.loads(data.decode("utf-8"), object_hook=_untagged)
