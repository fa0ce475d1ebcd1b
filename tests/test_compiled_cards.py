"""Cards kept between processes as plain data (model/cards/compiled.py): every built-in card reads back as the card
compiled, words included; store cards and cards encoded by hand are kept too; an entry someone changed never runs
code and is compiled again; a question about kept cards imports neither the compiler nor Lark."""
from __future__ import annotations

import dataclasses
import json

import pytest

from mtgjudge.model import cache
from mtgjudge.model.cards import compiled
from mtgjudge.model.cards.loader import built_in_entries
from mtgjudge.model.cards.sources import CardRecord, FaceRecord


def _words(x, out: list) -> list:
    """Every (record class, word name) in a value: ``word`` fields don't take part in records' equality."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            v = getattr(x, f.name)
            if f.name == "word":
                out.append((type(x).__name__, getattr(v, "name", None)))
            else:
                _words(v, out)
    elif isinstance(x, (tuple, list, frozenset)):
        for v in x:
            _words(v, out)
    return out


def test_every_built_in_card_reads_back_as_compiled():
    for entry in built_in_entries():
        card = entry.card()
        back = compiled.decode(cache.loads(cache.dumps(compiled.encode(card))))
        assert back == card, entry.name
        assert _words(back, []) == _words(card, []), entry.name


@pytest.mark.parametrize("planted", [
    {"@": "GameState"},                                    # a class outside the card encoding
    {"@": "Effect", "kind": "draw", "args": (), "word": "no_such_word"},
    {"@": "Face", "no_such_field": 1},
    {"@enum": "Path", "value": "/"},
])
def test_a_changed_entry_is_refused(planted):
    with pytest.raises(ValueError):
        compiled.decode(planted)


def test_a_kept_card_is_read_back_and_a_planted_one_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    monkeypatch.setattr(compiled, "KEEP", True)
    record = CardRecord("Lightning Bolt", "normal", (FaceRecord("Lightning Bolt", "{R}", "Instant",
                                                                "Lightning Bolt deals 3 damage to any target."),))
    card = compiled.compile_kept(record, "test")
    entries = sorted((tmp_path / cache.FOLDER).glob("card-*.json"))
    assert len(entries) == 1
    calls = []
    monkeypatch.setattr(compiled, "_compile", lambda r, s: calls.append(r) or card)
    assert compiled.compile_kept(record, "test") == card and calls == []          # read back, not compiled
    # another source or another text is another card
    compiled.compile_kept(record, "elsewhere")
    assert len(calls) == 1
    # an entry changed by someone who could write the folder: a class outside the encoding is never made
    cache.keep(entries[0].name, {"@": "GameState", "players": ()})
    assert compiled.compile_kept(record, "test") == card and len(calls) == 2


def test_a_card_of_another_model_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    monkeypatch.setattr(compiled, "KEEP", True)
    record = CardRecord("Shock", "normal", (FaceRecord("Shock", "{R}", "Instant", "Shock deals 2 damage to any target."),))
    card = compiled.compile_kept(record, "test")
    monkeypatch.setattr(compiled, "model_fingerprint", lambda: "0" * 64)
    calls = []
    monkeypatch.setattr(compiled, "_compile", lambda r, s: calls.append(r) or card)
    compiled.compile_kept(record, "test")
    assert calls == [record]
    # the new model's entry is written beside the older model's (kept too: the cache keeps the most recently written
    # versions of a kind, cache.VERSIONS_KEPT)
    versions = sorted(p.name.split("-")[1] for p in (tmp_path / cache.FOLDER).glob("card-*.json"))
    assert "0" * 16 in versions and len(versions) == 2


def test_a_card_encoded_by_hand_is_kept_too(tmp_path, monkeypatch):
    from mtgjudge.model.cards import loader

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    monkeypatch.setattr(compiled, "KEEP", True)
    text = "name: Test Grove\ntype: Land\nabilities:\n  - {cost: '{T}', add: '{G}'}\n"
    card = loader.load_entries(text, "test.yaml", lazy=True)[0].card()
    monkeypatch.setattr(loader, "parse_card", lambda *a, **k: pytest.fail("read again, not kept"))
    assert loader.load_entries(text, "test.yaml", lazy=True)[0].card() == card


def test_a_store_card_is_kept_between_processes(tmp_path, monkeypatch):
    from mtgjudge.model.cards.store import CardStore

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "cache"))
    monkeypatch.setattr(compiled, "KEEP", True)
    record = CardRecord("Fyndhorn Elves", "normal", (FaceRecord("Fyndhorn Elves", "{G}", "Creature — Elf Druid",
                                                                "{T}: Add {G}.", "1", "1"),))
    CardStore(tmp_path / "cards.sqlite").import_records([("/data/cards.json", [record])])
    card, face = CardStore(tmp_path / "cards.sqlite").find("Fyndhorn Elves")
    monkeypatch.setattr(compiled, "_compile", lambda r, s: pytest.fail("compiled again, not kept"))
    assert CardStore(tmp_path / "cards.sqlite").find("fyndhorn elves") == (card, face)


def test_a_question_about_kept_cards_imports_neither_the_compiler_nor_lark(tmp_path):
    """The start-up of a question whose cards are kept (issue: Lark and the compiler were imported by every
    command): the second process finds both cards kept."""
    import subprocess
    import sys

    question = tmp_path / "q.yaml"
    question.write_text("id: q\nask: can-activate\nabout: elves\nstate:\n  players:\n    Alice:\n      battlefield:\n"
                        "        - Fervor\n        - {card: Llanowar Elves, id: elves, summoning_sick: true}\nexpect: yes\n")
    probe = ("import sys\nfrom mtgjudge.queries.cli import main\ntry:\n    main(['ask', sys.argv[1]])\n"
             "except SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m in ('lark', 'mtgjudge.model.oracle.compile')))\n")
    env = {**__import__("os").environ, cache.ENV_VAR: str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", probe, str(question)], capture_output=True, text=True, env=env)
            for _ in range(2)]
    assert "PASS" in runs[0].stdout and "PASS" in runs[1].stdout, runs[1].stderr
    assert "'lark'" in runs[0].stdout                         # the first compiled them
    assert runs[1].stdout.strip().splitlines()[-1] == "[]"


def test_the_built_in_entries_read_back_as_read_from_their_files(tmp_path, monkeypatch):
    from mtgjudge.model.cards import loader

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    monkeypatch.setattr(compiled, "KEEP", True)
    loader.built_in_entries.cache_clear()
    try:
        read = loader.built_in_entries()                    # from the YAML files, then kept
        assert list((tmp_path / cache.FOLDER).glob("builtins-*.json"))
        loader.built_in_entries.cache_clear()
        monkeypatch.setattr(loader, "load_entries", lambda *a, **k: pytest.fail("read the files again"))
        back = loader.built_in_entries()
        assert [loader._entry_data(e) for e in back] == [loader._entry_data(e) for e in read]
        assert [(e.name, e.face_names, e.record()) for e in back] == [(e.name, e.face_names, e.record()) for e in read]
        # a card encoded by hand reads the same from the kept (plain JSON) data as from its YAML
        monkeypatch.setattr(compiled, "KEEP", False)
        hand = [(a, b) for a, b in zip(read, back) if a._data is not None]
        assert hand
        for a, b in hand:
            assert b.card() == a.card(), a.name
    finally:
        loader.built_in_entries.cache_clear()


def test_a_damaged_record_of_the_kept_built_in_entries_is_read_from_its_file(tmp_path, monkeypatch):
    """The kept reading of the built-in files is read record by record as cards are asked for: a record someone
    changed there (one the reader refuses) is read from its file again, not refused and not used."""
    from mtgjudge.model.cards import loader

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    monkeypatch.setattr(compiled, "KEEP", True)
    loader.built_in_entries.cache_clear()
    try:
        read = {e.name: e for e in loader.built_in_entries()}
        (kept,) = (tmp_path / cache.FOLDER).glob("builtins-*.json")
        entries = cache.read(kept.name)
        damaged = next(k for k in entries if "record" in k and k["name"] == "Fervor")
        record = json.loads(damaged["record"])
        record["faces"][0]["color_indicator"] = ["not a color"]
        damaged["record"] = json.dumps(record)
        cache.keep(kept.name, entries)
        loader.built_in_entries.cache_clear()
        back = {e.name: e for e in loader.built_in_entries()}
        assert back["Fervor"]._kept_record is not None          # read from the kept entries, not the files
        assert back["Fervor"].record() == read["Fervor"].record()
        assert back["Fervor"].record().faces[0].color_indicator is None
    finally:
        loader.built_in_entries.cache_clear()


def test_the_model_fingerprint_is_kept_and_follows_every_change_of_a_file(tmp_path, monkeypatch):
    """The model's hash is kept, named by its files' sizes, inodes and times: read back while no file changed;
    a file changed to the same size with its time of modification set back (as a copy keeping times does) is
    hashed again, since writing it set its change time."""
    import os

    model = tmp_path / "model"
    model.mkdir()
    (model / "rules.py").write_text("A = 1\n")
    (model / "grammar.lark").write_text("start: WORD\n")
    monkeypatch.setattr(compiled, "MODEL", model)
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "cache"))
    compiled.model_fingerprint.cache_clear()
    try:
        first = compiled.model_fingerprint()
        assert first == compiled._content_hash([str(model / "grammar.lark"), str(model / "rules.py")])
        assert not list((tmp_path / "cache").rglob("fingerprint-*")), "kept while the files had just changed"
        monkeypatch.setattr(compiled, "SETTLED_NS", 0)
        compiled.model_fingerprint.cache_clear()
        assert compiled.model_fingerprint() == first
        assert list((tmp_path / "cache").rglob("fingerprint-*"))
        compiled.model_fingerprint.cache_clear()
        with monkeypatch.context() as m:
            m.setattr(compiled, "_content_hash", lambda found: pytest.fail("hashed the files again"))
            assert compiled.model_fingerprint() == first
        before = os.stat(model / "rules.py")
        (model / "rules.py").write_text("A = 2\n")
        os.utime(model / "rules.py", ns=(before.st_atime_ns, before.st_mtime_ns))
        compiled.model_fingerprint.cache_clear()
        changed = compiled.model_fingerprint()
        assert changed != first
        assert changed == compiled._content_hash([str(model / "grammar.lark"), str(model / "rules.py")])
    finally:
        compiled.model_fingerprint.cache_clear()
