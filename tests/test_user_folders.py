"""The product's folders (``model.user_folders``) are the ones platformdirs names, whichever way the environment
gives them."""
from __future__ import annotations

import sys

import platformdirs
import pytest

from mtgjudge.model.user_folders import user_folder


@pytest.mark.parametrize("env", [
    {"HOME": "/home/ann"},
    {"HOME": "/home/ann/"},
    {"HOME": "/home/ann", "XDG_CACHE_HOME": "/var/cache/ann", "XDG_DATA_HOME": "/srv/ann/data"},
    {"HOME": "/home/ann", "XDG_CACHE_HOME": "relative/cache", "XDG_DATA_HOME": ""},
    {"HOME": "/"},
])
def test_the_folders_are_platformdirs_ones(monkeypatch, tmp_path, env):
    for var in ("HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    # platformdirs may create the folders it names (``ensure_exists`` is off by default): nothing is created here
    assert user_folder("cache") == platformdirs.user_cache_dir("mtgjudge")
    assert user_folder("data") == platformdirs.user_data_dir("mtgjudge")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are read without platformdirs on Linux")
def test_linux_folders_do_not_import_platformdirs():
    import subprocess
    code = ("import sys; from mtgjudge.model.user_folders import user_folder; user_folder('cache'); "
            "user_folder('data'); print('platformdirs' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"HOME": "/home/ann", "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "False"
