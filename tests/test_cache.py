"""The product's cache folder (model.cache): plain data that loads no code, in a folder the user alone can
write, marked as the product's; writing replaces only the product's own older entries
(shared/reviews/reliability-review-3.md, failures 1 and 2)."""
from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from mtgjudge.model import cache
from mtgjudge.model.vocab import phrases

QUESTION = """id: poison
ask: can-activate
about: elves
state:
  players:
    Alice:
      battlefield:
        - {card: Llanowar Elves, id: elves}
expect: yes
"""


class _Evil:
    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def _session_tables():
    """The parse tables kept in the session's cache folder (tests/conftest.py), built if not yet."""
    tables = phrases.shipped_tables(phrases.tables_entry()) or cache.read(phrases.tables_entry())
    if tables is None:
        phrases.build_parser()
        tables = cache.read(phrases.tables_entry())
    assert tables is not None
    return tables


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    return tmp_path / cache.FOLDER


def test_plain_data_goes_through_json_and_nothing_else():
    value = {"data": {1: ("a", 2.5, None), (3, 4): [True, frozenset({"x"})]}, "memo": {0: {"s": {1}}}}
    assert cache.loads(cache.dumps(value)) == value
    with pytest.raises(TypeError):
        cache.dumps({"f": len})
    for foreign in (b'{"a": 1}', b'{"d": [[[1], 2]]}', b'{"t": 1}'):
        with pytest.raises((ValueError, TypeError)):
            cache.loads(foreign)


def test_a_planted_pickle_is_never_run(tmp_path, monkeypatch):
    # the review's attack: put a pickle that runs a command in place of every file of the cache folder
    # (filled here with the tables the session built), and ask a question that reads them back
    tables = _session_tables()
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "cache"))
    cache.keep(phrases.tables_entry(), tables)
    marker = tmp_path / "code-ran"
    planted = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert len(planted) == 2
    for p in planted:
        p.write_bytes(pickle.dumps(_Evil(str(marker))))
    q = tmp_path / "q.yaml"
    q.write_text(QUESTION, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mtgjudge.queries.cli", "ask", str(q)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert not marker.exists()


def test_the_folder_is_made_private_and_marked(folder):
    cache.keep("test-ab12.json", {"x": (1, 2)})
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert (folder / cache.MARK_FILE).read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    assert stat.S_IMODE((folder / "test-ab12.json").stat().st_mode) == 0o600
    assert cache.read("test-ab12.json") == {"x": (1, 2)}


def test_other_folders_are_never_deleted_and_only_older_entries_of_a_kind_are(tmp_path, folder):
    thesis = tmp_path / "compiled-thesis" / "chapter1.tex"
    thesis.parent.mkdir()
    thesis.write_text("important")
    for n, version in enumerate(("0001", "0002", "0003")):
        cache.keep(f"test-{version}.json", [n])
        os.utime(folder / f"test-{version}.json", (1000 + n, 1000 + n))     # written in that order
    cache.keep("other-0001.json", [2])
    (folder / "notes.txt").write_text("mine")
    cache.keep("test-0004.json", [3])
    assert thesis.read_text() == "important"
    # the version written and the two most recently written others are kept (cache.VERSIONS_KEPT)
    assert sorted(p.name for p in folder.iterdir()) == [cache.MARK_FILE, "notes.txt", "other-0001.json",
                                                         "test-0002.json", "test-0003.json", "test-0004.json"]


def test_a_folder_of_that_name_not_marked_as_the_products_is_left_alone(folder):
    folder.mkdir(mode=0o700)
    (folder / "test-0001.json").write_bytes(cache.dumps([1]))
    assert cache.read("test-0001.json") is None
    cache.keep("test-0002.json", [2])
    assert sorted(p.name for p in folder.iterdir()) == ["test-0001.json"]


def test_a_folder_or_an_entry_others_can_write_is_not_used(folder):
    cache.keep("test-0001.json", [1])
    folder.chmod(0o777)
    assert cache.read("test-0001.json") is None
    cache.keep("test-0002.json", [2])
    assert not (folder / "test-0002.json").exists()
    folder.chmod(0o700)
    (folder / "test-0001.json").chmod(0o666)
    assert cache.read("test-0001.json") is None


def test_a_planted_link_is_neither_read_nor_written_through(tmp_path, folder):
    cache.keep("test-0001.json", [1])
    victim = tmp_path / "victim.json"
    victim.write_bytes(cache.dumps(["the user's own file"]))
    (folder / "test-0002.json").symlink_to(victim)
    assert cache.read("test-0002.json") is None
    cache.keep("test-0002.json", [2])
    assert cache.loads(victim.read_bytes()) == ["the user's own file"]
    assert not (folder / "test-0002.json").is_symlink() and cache.read("test-0002.json") == [2]


def test_the_grammar_read_back_from_the_cache_parses_as_the_one_built(folder, monkeypatch):
    built = phrases.parser()
    cache.keep(phrases.tables_entry(), _session_tables())
    monkeypatch.setattr(phrases, "SHIPPED_TABLES", folder / "none.json.gz")     # not shipped: the cache's
    monkeypatch.setattr(phrases, "build_tables", lambda text: pytest.fail("built, not read back"))
    again = phrases.build_parser()            # read back from them
    assert again is not built
    for start, text in [("target_phrase", "target creature you control"), ("cost", "{2}, {T}, Sacrifice this"),
                        ("mana_effect", "Add {G}."), ("target_phrase", "any target")]:
        assert again.parse(text, start=start) == built.parse(text, start=start)


def test_the_shipped_tables_are_the_grammars(folder, monkeypatch):
    """The tables shipped with the package (so that no process builds them) are this grammar's: after a change
    of model/vocab/phrases.lark, its start symbols or Lark, run tools/build_grammar_tables.py."""
    entry = phrases.tables_entry()
    assert phrases.shipped_tables(entry) is not None, "run tools/build_grammar_tables.py"
    build = phrases.build_tables
    monkeypatch.setattr(phrases, "build_tables", lambda text: pytest.fail("built, not read from the package"))
    again = phrases.build_parser()            # with an empty cache: read from the shipped tables
    assert not folder.exists()                # and nothing written
    built = build(phrases.GRAMMAR.read_text(encoding="utf-8"))
    for start, text in [("target_phrase", "target creature you control"), ("cost", "{2}, {T}, Sacrifice this"),
                        ("mana_effect", "Add {G}."), ("target_phrase", "any target")]:
        assert again.parse(text, start=start) == built.parse(text, start=start)


def test_tables_of_another_grammar_are_not_read():
    assert phrases.shipped_tables(phrases.tables_entry("start: \"x\"")) is None


def test_off_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_VAR, "off")
    cache.keep("test-0001.json", [1])
    assert cache.read("test-0001.json") is None
