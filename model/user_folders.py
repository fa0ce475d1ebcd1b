"""The user's folders the product keeps its files in: the cache (``model.cache``) and the card store's data
(``model.cards.store``), where the platform puts an application's (platformdirs' ``user_cache_dir`` and
``user_data_dir`` of "mtgjudge").

On Linux they are the XDG base directories, found here without platformdirs, whose import (with tempfile and
random) costs every start-up about 5 ms: ``$XDG_CACHE_HOME`` (``$XDG_DATA_HOME``) when it is an absolute path,
else ``~/.cache`` (``~/.local/share``) of an absolute ``$HOME``. Anything else (another platform, a relative or
missing ``$HOME``) is platformdirs' answer, so the folders are always the ones platformdirs names.
"""
from __future__ import annotations

import os
import sys

APP = "mtgjudge"
#: The XDG variable of each folder, and its default under the home folder.
_XDG = {"cache": ("XDG_CACHE_HOME", ".cache"), "data": ("XDG_DATA_HOME", os.path.join(".local", "share"))}


def user_folder(kind: str) -> str:
    """The product's folder of ``kind`` ("cache" or "data") for this user."""
    var, default = _XDG[kind]
    if sys.platform.startswith("linux"):
        base = os.environ.get(var, "")
        if os.path.isabs(base):
            return os.path.join(base, APP)
        home = os.environ.get("HOME", "")
        if os.path.isabs(home):
            return os.path.join(home.rstrip("/") or "/", default, APP)
    import platformdirs     # another platform, or no usable $HOME: its own rules

    return platformdirs.user_cache_dir(APP) if kind == "cache" else platformdirs.user_data_dir(APP)
