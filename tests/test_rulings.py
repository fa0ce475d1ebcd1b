"""Rulings imported with card data (model/cards/rulings.py): MTGJSON v3 rulings files beside its card files in
one `cards import`, never taken for a bad card file; `cards show` prints them with their dates."""
from __future__ import annotations

import json

import pytest

from mtgjudge.model.cards.rulings import is_rulings_file, read_rulings
from mtgjudge.model.cards.store import ENV_VAR, use_store
from mtgjudge.queries.cli import main

V3_CARDS = {"Zzyzx Quibbler": {"name": "Zzyzx Quibbler", "layout": "normal", "manaCost": "{1}{G}",
                               "type": "Creature — Elf", "types": ["Creature"], "subtypes": ["Elf"],
                               "text": "{T}: Add {G}.", "power": "1", "toughness": "1", "colors": ["Green"]}}
V3_RULINGS = {"Zzyzx Quibbler": [{"date": "2018-01-19", "text": "A later ruling."},
                                 {"date": "2010-06-15", "text": "An earlier ruling."}],
              "Blood Moon": [{"date": "2018-03-16", "text": "It doesn't affect names or supertypes."}]}


@pytest.fixture(autouse=True)
def _store(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "store" / "cards.sqlite"))
    yield
    use_store(None)


def test_a_rulings_file_is_told_from_a_card_file(tmp_path):
    (tmp_path / "rulings_00.json").write_text(json.dumps(V3_RULINGS))
    (tmp_path / "cards_oracle_00.json").write_text(json.dumps(V3_CARDS))
    (tmp_path / "scryfall.json").write_text(json.dumps([{"object": "ruling", "oracle_id": "x", "published_at": "2024-01-01",
                                                         "comment": "c"}]))
    assert is_rulings_file(tmp_path / "rulings_00.json") and is_rulings_file(tmp_path / "scryfall.json")
    assert not is_rulings_file(tmp_path / "cards_oracle_00.json")
    assert [r.date for r in read_rulings(tmp_path / "rulings_00.json", {})["Zzyzx Quibbler"]] == ["2018-01-19",
                                                                                                "2010-06-15"]
    assert read_rulings(tmp_path / "scryfall.json", {"x": "Blood Moon"})["Blood Moon"][0].text == "c"


def test_cards_and_rulings_import_together_and_show_prints_the_rulings_with_their_dates(tmp_path, capsys):
    (tmp_path / "cards_oracle_00.json").write_text(json.dumps(V3_CARDS))
    (tmp_path / "rulings_00.json").write_text(json.dumps(V3_RULINGS))
    assert main(["cards", "import", str(tmp_path / "cards_oracle_00.json"), str(tmp_path / "rulings_00.json")]) == 0
    assert "imported 3 rulings of 2 cards from" in capsys.readouterr().out
    assert main(["cards", "show", "Zzyzx Quibbler"]) == 0
    out = capsys.readouterr().out
    assert "rulings (2):\n  2010-06-15  An earlier ruling.\n  2018-01-19  A later ruling." in out
    assert main(["cards", "show", "Blood Moon"]) == 0        # a built-in card's rulings too
    assert "  2018-03-16  It doesn't affect names or supertypes." in capsys.readouterr().out


def test_a_broken_rulings_file_imports_nothing(tmp_path, capsys):
    (tmp_path / "cards_oracle_00.json").write_text(json.dumps(V3_CARDS))
    (tmp_path / "rulings_00.json").write_text(json.dumps(V3_RULINGS)[:-20])
    assert main(["cards", "import", str(tmp_path / "cards_oracle_00.json"), str(tmp_path / "rulings_00.json")]) == 2
    assert "rulings_00.json: a rulings file that can't be read" in capsys.readouterr().err
    assert main(["cards", "show", "Zzyzx Quibbler"]) == 2      # the cards were not imported either
