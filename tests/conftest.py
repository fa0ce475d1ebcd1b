"""Shared test fixtures."""
from __future__ import annotations

from pathlib import Path

import pytest
from mtgjudge.model import cache
from mtgjudge.model.cards import compiled
from mtgjudge.model.cards.store import ENV_VAR

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(autouse=True, scope="session")
def _no_user_card_store(tmp_path_factory: pytest.TempPathFactory):
    """No test reads or writes the user's card store: the store is a file in a temporary folder that does
    not exist (no imported cards) unless a test imports into it or chooses another."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV_VAR, str(tmp_path_factory.mktemp("store") / "cards.sqlite"))
        # Nor the user's cache folder: the session's own (tests/test_cache.py tests it in folders of its own).
        mp.setenv(cache.ENV_VAR, str(tmp_path_factory.mktemp("cache")))
        # Compiled built-in cards are not kept: a test that changes the compiler's behaviour (monkeypatch) must
        # see its change (tests/test_compiled_cards.py keeps them in a folder of its own).
        mp.setattr(compiled, "KEEP", False)
        yield


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.exists():
        pytest.skip("../shared is not beside the project")
    return SHARED
