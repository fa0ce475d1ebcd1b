"""The cache of compiled built-in cards (model.cards.compiled): a card read back is the card compiled; a
change of the model or of the card is a new key; "off" keeps nothing; a damaged file is compiled again."""
from __future__ import annotations

from mtgjudge.model.cards import compiled
from mtgjudge.model.cards.sources import CardRecord, FaceRecord
from mtgjudge.model.oracle import compile_card

ELVES = CardRecord("Test Elves", "normal", (FaceRecord("Test Elves", "{G}", "Creature — Elf Druid",
                                                       "{T}: Add {G}.", "1", "1"),))


def test_a_kept_card_is_the_compiled_card(tmp_path, monkeypatch):
    monkeypatch.setenv(compiled.ENV_VAR, str(tmp_path))
    first = compiled.compile_built_in(ELVES, "built in")
    files = list(tmp_path.rglob("*.pickle"))
    assert len(files) == 1 and files[0].parent.name == f"compiled-{compiled.model_fingerprint()[:20]}"
    again = compiled.compile_built_in(ELVES, "built in")
    assert again == first == compile_card(ELVES, source="built in") and again is not first


def test_another_card_text_or_source_is_another_key(tmp_path, monkeypatch):
    monkeypatch.setenv(compiled.ENV_VAR, str(tmp_path))
    compiled.compile_built_in(ELVES, "built in")
    other = CardRecord("Test Elves", "normal", (FaceRecord("Test Elves", "{G}", "Creature — Elf Druid",
                                                           "{T}: Add {U}.", "1", "1"),))
    card = compiled.compile_built_in(other, "built in")
    compiled.compile_built_in(ELVES, "elsewhere")
    assert len(list(tmp_path.rglob("*.pickle"))) == 3
    assert card == compile_card(other, source="built in")


def test_a_new_model_forgets_the_old_cards(tmp_path, monkeypatch):
    monkeypatch.setenv(compiled.ENV_VAR, str(tmp_path))
    stale = tmp_path / "compiled-0000" / "x.pickle"
    stale.parent.mkdir()
    stale.write_bytes(b"old")
    compiled.compile_built_in(ELVES, "built in")
    assert not stale.parent.exists()


def test_off_keeps_nothing_and_a_damaged_file_is_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setenv(compiled.ENV_VAR, "off")
    assert compiled.cache_dir() is None
    assert compiled.compile_built_in(ELVES, "built in") == compile_card(ELVES, source="built in")
    monkeypatch.setenv(compiled.ENV_VAR, str(tmp_path))
    compiled.compile_built_in(ELVES, "built in")
    (kept,) = tmp_path.rglob("*.pickle")
    kept.write_bytes(b"\x80\x04truncated")
    assert compiled.compile_built_in(ELVES, "built in") == compile_card(ELVES, source="built in")
