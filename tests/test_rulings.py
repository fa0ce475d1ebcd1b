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


def _rules_file(tmp_path):
    """A Comprehensive Rules text of the form the product reads (rule 100.1 on, past 100 rules)."""
    lines = ["Magic: The Gathering Comprehensive Rules", "These rules are effective as of April 17, 2026.", ""]
    lines += [f"100.{i}. Filler rule {i}." for i in range(1, 120)]
    lines += ["302.6. A creature's activated ability with the tap symbol or the untap symbol in its activation cost "
              "can't be activated unless the creature has been under its controller's control continuously since "
              "their most recent turn began.", "Glossary"]
    (tmp_path / "cr.txt").write_text("\n".join(lines), encoding="utf-8")
    return tmp_path / "cr.txt"


ELVES_RULINGS = {"Llanowar Elves": [{"date": "2020-01-01", "text": "It can't tap for mana the turn it arrives (302.6)."},
                                    {"date": "2021-01-01", "text": "Its ability is a mana ability (rule 605)."},
                                    {"date": "2019-01-01", "text": "See rule 302 for creatures."}],
                 "Blood Moon": [{"date": "2018-03-16", "text": "A ruling naming 302.6 of a card not asked about."}]}
ELVES_QUESTION = """id: elves-arrived
ask: can-activate
about: elves
state: {players: {Alice: {battlefield: [{card: Llanowar Elves, id: elves, summoning_sick: true}]}}}
expect: no
"""


def test_explain_prints_the_rulings_of_the_cards_involved_that_name_a_rule_it_cites(tmp_path, capsys):
    """The answer cites 302.6: the rulings of Llanowar Elves that name 302.6 (or rule 302, which it is part of)
    are printed with their dates; the one naming only 605 is not, nor a ruling of a card the question does not
    involve; without --explain no rulings are printed."""
    write = tmp_path / "rulings_00.json"
    write.write_text(json.dumps(ELVES_RULINGS))
    assert main(["cards", "import", str(write)]) == 0
    (tmp_path / "q.yaml").write_text(ELVES_QUESTION)
    capsys.readouterr()
    assert main(["ask", "--explain", "--rules", str(_rules_file(tmp_path)), str(tmp_path / "q.yaml")]) == 0
    out = capsys.readouterr().out
    assert "  rulings:\n    - Llanowar Elves, 2019-01-01: See rule 302 for creatures.\n" \
           "    - Llanowar Elves, 2020-01-01: It can't tap for mana the turn it arrives (302.6).\n" in out
    assert "605" not in out and "Blood Moon" not in out
    assert main(["ask", str(tmp_path / "q.yaml")]) == 0
    assert "rulings" not in capsys.readouterr().out


@pytest.mark.parametrize("text, cited, named", [
    ("It can't tap for mana the turn it arrives (302.6).", {"302.6"}, True),
    ("See rule 702.19 for trample.", {"702.19b"}, True),          # the rule the cited one is part of
    ("Assigning lethal damage first (702.19c).", {"702.19"}, True),  # a part of the cited rule
    ("See rule 702.19 for trample.", {"702.190"}, False),
    ("In 2018, 100 creatures died.", {"100.1"}, False),              # no rule number
    ("Costs 302.60 mana.", {"302.6"}, False),
])
def test_a_ruling_names_a_rule(text, cited, named):
    from mtgjudge.model.cards.rulings import mentions_rule
    assert mentions_rule(text, cited) is named
