"""Shared test fixtures."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings
from mtgjudge.model import cache
from mtgjudge.model.cards import compiled
from mtgjudge.model.cards.store import ENV_VAR

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

# The property tests draw the same examples on every run (a fresh clone has no example database): their time and
# what they try are those measured here, not a new draw in CI that may take minutes. MTGJUDGE_EXAMPLES scales the
# example counts for a deeper search by hand.
hypothesis_settings.register_profile("repeatable", derandomize=True)
hypothesis_settings.load_profile("repeatable")


def pytest_configure(config: pytest.Config) -> None:
    """Before any test module is collected (some read the corpus, and so the cards, as they are imported): no
    user's card store or cache folder, and compiled cards not kept (as ``_no_user_card_store`` below)."""
    import os
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="mtgjudge-tests-"))
    os.environ[ENV_VAR] = str(base / "store" / "cards.sqlite")
    os.environ[cache.ENV_VAR] = str(base / "cache")
    compiled.KEEP = False


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup`` (pyproject.toml), a test marked ``xdist_group`` runs on its group's worker:
    pytest-xdist 3.8 tells its scheduler a test's group by appending ``@group`` to the test's node id, setting
    ``item._nodeid``, which pytest 9 no longer reads (the id is ``item._id``); without this every group was
    spread over the workers as under ``load``. The suffix is added here where xdist's did not take."""
    if not getattr(config.option, "loadgroup", False) or not hasattr(config, "workerinput"):
        return
    from _pytest.nodeid import NodeId

    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        suffix = "@" + "_".join(names)
        if names and not item.nodeid.endswith(suffix):
            item._id = NodeId.parse(item.nodeid + suffix)


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


#: The MTGJSON v3 data of ../shared: every card of both templating eras (2018), in three files.
MTGJSON3 = Path(__file__).resolve().parents[2] / "shared" / "cards" / "mtgjson3"
MTGJSON3_FILES = sorted(MTGJSON3.glob("cards_oracle_*.json")) if MTGJSON3.exists() else []


#: The xdist group (``--dist loadgroup``, pyproject.toml) of every test that calls ``compiled_mtgjson3``: one
#: worker compiles the 19,032 cards once, rather than each worker that draws one of these tests compiling them.
MTGJSON3_GROUP = pytest.mark.xdist_group("mtgjson3-compiled")


@lru_cache(maxsize=None)
def compiled_mtgjson3(path: Path) -> tuple:
    """Every card of one MTGJSON v3 file compiled, once per test process: the tests that sweep them all
    (compiling never fails, the encoding reads back) share one compilation."""
    from mtgjudge.model.cards.sources import read
    from mtgjudge.model.oracle import compile_card

    return tuple(compile_card(r) for r in read(path))
