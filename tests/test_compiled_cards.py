"""Built-in cards kept between processes as plain data (model/cards/compiled.py): every built-in card reads back
as the card compiled, words included; an entry someone changed never runs code and is compiled again."""
from __future__ import annotations

import dataclasses

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
    compiled._kept.cache_clear()
    record = CardRecord("Lightning Bolt", "normal", (FaceRecord("Lightning Bolt", "{R}", "Instant",
                                                                "Lightning Bolt deals 3 damage to any target."),))
    card = compiled.compile_built_in(record, "test")
    compiled._kept().flush()
    compiled._kept.cache_clear()
    kept = compiled._kept()
    assert len(kept.old) == 1
    assert compiled.compile_built_in(record, "test") == card
    # an entry changed by someone who could write the folder: a class outside the encoding is never made
    key = next(iter(kept.old))
    kept.old[key] = {"@": "GameState", "players": ()}
    assert compiled.compile_built_in(record, "test") == card
    compiled._kept.cache_clear()
