"""The card store: `mtgjudge cards import` of Scryfall, MTGJSON AtomicCards (v5) and MTGJSON v3 files that the
tests write in those formats; lookup by whole and face names; built-in cards winning; bad files and bad
stores refused with exit 2 and the store left as it was; `cards show` saying where a card came from; the
store chosen by --cards and MTGJUDGE_CARDS; and questions about imported cards answered.

What the Oracle compiler makes of a line of text is not asserted here (it grows): only vanilla cards, cards
whose characteristics can't be read, and what the store keeps."""
from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from mtgjudge.model.cards import store as store_module
from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.cards.store import ENV_VAR, default_path, open_store, use_store
from mtgjudge.queries.cli import main
from mtgjudge.queries.progress import Progress, progress_bar
from tests.conftest import MTGJSON3_FILES, MTGJSON3_GROUP, compiled_mtgjson3


def scryfall_card(name: str, type_line: str, mana_cost: str = "", text: str = "", **more) -> dict:
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": mana_cost, "type_line": type_line,
            "oracle_text": text, **more}


def scryfall_face(name: str, type_line: str, mana_cost: str = "", text: str = "", **more) -> dict:
    return {"object": "card_face", "name": name, "mana_cost": mana_cost, "type_line": type_line,
            "oracle_text": text, **more}


BEARS = scryfall_card("Balduvian Bears", "Creature — Bear", "{1}{G}", power="2", toughness="2")
SCRYFALL = [
    BEARS,
    {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
     "card_faces": [
         scryfall_face("Delver of Secrets", "Creature — Human Wizard", "{U}",
                       "At the beginning of your upkeep, look at the top card of your library. You may reveal that "
                       "card. If an instant or sorcery card is revealed this way, transform Delver of Secrets.",
                       power="1", toughness="1"),
         scryfall_face("Insectile Aberration", "Creature — Human Insect", "", "Flying", power="3", toughness="2",
                       color_indicator=["U"])]},
    {"object": "card", "name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}",
     "type_line": "Instant // Instant",
     "card_faces": [
         scryfall_face("Fire", "Instant", "{1}{R}", "Fire deals 2 damage divided as you choose among one or two "
                                                    "targets."),
         scryfall_face("Ice", "Instant", "{1}{U}", "Tap target permanent.\nDraw a card.")]},
    {"object": "card", "name": "Bonecrusher Giant // Stomp", "layout": "adventure",
     "card_faces": [
         scryfall_face("Bonecrusher Giant", "Creature — Giant", "{2}{R}",
                       "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher Giant deals 2 damage "
                       "to that spell's controller.", power="4", toughness="3"),
         scryfall_face("Stomp", "Instant — Adventure", "{1}{R}",
                       "Damage can't be prevented this turn. Stomp deals 2 damage to any target.")]},
    {"object": "card", "name": "Kazandu Mammoth // Kazandu Valley", "layout": "modal_dfc",
     "card_faces": [
         scryfall_face("Kazandu Mammoth", "Creature — Elephant", "{2}{G}{G}",
                       "Landfall — Whenever a land you control enters, Kazandu Mammoth gets +2/+2 until end of "
                       "turn.", power="3", toughness="3"),
         scryfall_face("Kazandu Valley", "Land", "", "Kazandu Valley enters tapped.\n{T}: Add {G}.")]},
]

ATOMIC = {
    "meta": {"date": "2024-01-01", "version": "5.2.2"},
    "data": {
        "Runeclaw Bear": [{"name": "Runeclaw Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2",
                           "toughness": "2", "layout": "normal", "colors": ["G"]}],
        "Brazen Borrower // Petty Theft": [
            # listed back face first: the reader orders faces by side
            {"name": "Brazen Borrower // Petty Theft", "faceName": "Petty Theft", "side": "b", "manaCost": "{1}{U}",
             "type": "Instant — Adventure", "text": "Return target nonland permanent an opponent controls to its "
                                                   "owner's hand.", "layout": "adventure"},
            {"name": "Brazen Borrower // Petty Theft", "faceName": "Brazen Borrower", "side": "a",
             "manaCost": "{1}{U}{U}", "type": "Creature — Faerie Rogue", "power": "3", "toughness": "1",
             "text": "Flash\nFlying\nBrazen Borrower can block only creatures with flying.", "layout": "adventure"},
        ],
    },
}

MTGJSON3 = {
    "Savannah Lions": {"name": "Savannah Lions", "manaCost": "{W}", "type": "Creature — Cat", "types": ["Creature"],
                       "power": "2", "toughness": "1", "layout": "normal", "colors": ["White"]},
    "Wear": {"name": "Wear", "names": ["Wear", "Tear"], "manaCost": "{1}{R}", "type": "Instant", "layout": "split",
             "text": "Destroy target artifact."},
    "Tear": {"name": "Tear", "names": ["Wear", "Tear"], "manaCost": "{W}", "type": "Instant", "layout": "split",
             "text": "Destroy target enchantment."},
}


def write(path: Path, data) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def contents(path: Path) -> list[str]:
    """Everything a store file holds, as SQL (empty if there is no file)."""
    if not path.exists():
        return []
    with sqlite3.connect(path) as db:
        return list(db.iterdump())


@pytest.fixture(autouse=True)
def _forget_cards_option():
    """``--cards`` chooses the store for the rest of the process: back to the environment after each test."""
    yield
    use_store(None)


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    """A fresh store file, chosen through the environment as a user would."""
    path = tmp_path / "store" / "cards.sqlite"
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def test_tests_never_use_the_users_store():
    assert open_store().path != default_path()


def test_scryfall_import_finds_cards_by_whole_and_face_names(tmp_path, store, capsys):
    data = write(tmp_path / "oracle-cards.json", SCRYFALL)
    code, out, err = cli(capsys, "cards", "import", str(data))
    assert code == 0, err
    assert f"imported 5 cards from {data.resolve()}" in out
    assert "\r" not in err         # no progress bar where stderr is not a terminal
    db = card_db()
    for query, name, face, layout in [
        ("Balduvian Bears", "Balduvian Bears", 0, "normal"),
        ("Fire // Ice", "Fire // Ice", 0, "split"),
        ("ice", "Fire // Ice", 1, "split"),
        ("INSECTILE-ABERRATION", "Delver of Secrets // Insectile Aberration", 1, "transform"),
        ("Delver of Secrets", "Delver of Secrets // Insectile Aberration", 0, "transform"),
        ("stomp", "Bonecrusher Giant // Stomp", 1, "adventure"),
        ("Kazandu Valley", "Kazandu Mammoth // Kazandu Valley", 1, "modal_dfc"),
    ]:
        card, found_face = db.find(query)
        assert (card.name, found_face, card.layout) == (name, face, layout), query
    bears = db.find("balduvian bears")[0]
    assert (bears.front.cost_text(), bears.front.types, bears.front.power) == ("{1}{G}", ("Creature",), 2)
    assert db.find("Insectile Aberration")[0].faces[1].color_indicator == ("U",)
    assert db.find("Grizzled Bears") is None


def test_atomic_cards_v5_import(tmp_path, store, capsys):
    data = write(tmp_path / "AtomicCards.json", ATOMIC)
    assert cli(capsys, "cards", "import", str(data))[0] == 0
    card, face = card_db().find("petty theft")
    assert (card.name, face, card.layout) == ("Brazen Borrower // Petty Theft", 1, "adventure")
    assert [f.name for f in card.faces] == ["Brazen Borrower", "Petty Theft"]
    assert card_db().find("Runeclaw Bear")[0].front.toughness == 2


def test_mtgjson3_import(tmp_path, store, capsys):
    data = write(tmp_path / "cards_oracle_00.json", MTGJSON3)
    code, out, _ = cli(capsys, "cards", "import", str(data))
    assert code == 0 and "imported 2 cards" in out
    assert card_db().find("tear")[0].name == "Wear // Tear"
    assert card_db().find("Savannah Lions")[0].front.cost_text() == "{W}"


def test_summary_counts_cards_with_unmodelled_lines(tmp_path, store, capsys):
    vanilla = write(tmp_path / "vanilla.json", [BEARS, scryfall_card("Zzyzx Quibbler", "Creature — Beast", "{G}",
                                                                      power="1", toughness="1")])
    unreadable = write(tmp_path / "odd.json", [scryfall_card("Odd Gizmo", "Gizmo", "{1}", "Draw a card.")])
    code, out, _ = cli(capsys, "cards", "import", str(vanilla), str(unreadable))
    assert code == 0
    assert f"imported 2 cards from {vanilla.resolve()} (0 with unmodelled lines)" in out
    assert f"imported 1 cards from {unreadable.resolve()} (1 with unmodelled lines)" in out
    assert "3 cards imported into" in out
    code, out, _ = cli(capsys, "cards", "list", "--counts")
    assert f"imported from {vanilla.resolve()}: 2 cards (0 with unmodelled lines)" in out
    code, out, _ = cli(capsys, "cards", "list", "--imported")
    assert out.splitlines() == ["Balduvian Bears", "Odd Gizmo", "Zzyzx Quibbler"]
    code, out, _ = cli(capsys, "cards", "list")
    assert "Llanowar Elves" in out.splitlines() and "Balduvian Bears" not in out.splitlines()


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    truncated = tmp_path / "truncated.json"
    truncated.write_text(json.dumps(SCRYFALL)[:500], encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir(exist_ok=True)
    (folder / "cards.json").write_text(json.dumps(SCRYFALL)[:500], encoding="utf-8")
    return {
        "truncated": (truncated, "truncated"),
        "missing field": (write(tmp_path / "nofield.json", [{"object": "card", "name": "Nameless Type"}]),
                          "'type_line' is missing"),
        "wrong type": (write(tmp_path / "wrongtype.json", [scryfall_card("Numbered", "Creature — Bear", text=7)]),
                       "not a string"),
        "not card data": (write(tmp_path / "other.json", {"hello": "world"}), "not a card data file"),
        "not json": (tmp_path / "notes.txt", "not valid JSON"),
        "missing": (tmp_path / "nowhere.json", "no such file"),
        "directory": (folder, "truncated"),     # a folder is read as its files: a bad card file in it is one
    }


@pytest.mark.parametrize("kind", ["truncated", "missing field", "wrong type", "not card data", "not json",
                                  "missing", "directory"])
def test_bad_file_is_refused_and_the_store_is_unchanged(tmp_path, store, capsys, kind):
    (tmp_path / "notes.txt").write_text("some notes\n")
    good = write(tmp_path / "good.json", SCRYFALL[:1])
    assert cli(capsys, "cards", "import", str(good))[0] == 0
    before = contents(store)
    more = write(tmp_path / "more.json", [scryfall_card("Zzyzx Quibbler", "Creature — Beast", "{G}", power="1",
                                                        toughness="1")])
    bad, what = _bad_files(tmp_path)[kind]
    code, out, err = cli(capsys, "cards", "import", str(more), str(bad))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(bad) in err and what in err and "nothing was imported" in err
    assert "Traceback" not in err
    assert contents(store) == before
    assert card_db().find("Zzyzx Quibbler") is None


def test_an_interrupted_import_leaves_the_store_as_it_was(tmp_path, store, capsys, monkeypatch):
    assert cli(capsys, "cards", "import", str(write(tmp_path / "a.json", SCRYFALL[:2])))[0] == 0
    before = contents(store)
    real = store_module._name_rows

    def interrupted(records):
        for i, row in enumerate(real(records)):
            if i == 3:      # cards rows and some names are written by now
                raise KeyboardInterrupt
            yield row

    monkeypatch.setattr(store_module, "_name_rows", interrupted)
    code, _, err = cli(capsys, "cards", "import", str(write(tmp_path / "b.json", SCRYFALL)))
    assert (code, err.strip()) == (130, "mtgjudge: interrupted")
    assert contents(store) == before
    assert open_store().card_names() == ["Balduvian Bears", "Delver of Secrets // Insectile Aberration"]
    monkeypatch.setattr(store_module, "_name_rows", real)
    assert cli(capsys, "cards", "import", str(tmp_path / "b.json"))[0] == 0     # and the store still works
    assert card_db().find("Fire")[0].name == "Fire // Ice"


def test_reimport_replaces_the_card(tmp_path, store, capsys):
    first = write(tmp_path / "first.json", [BEARS])
    second = write(tmp_path / "second.json", [{**BEARS, "mana_cost": "{2}{G}", "toughness": "3"}])
    assert cli(capsys, "cards", "import", str(first))[0] == 0
    assert card_db().find("Balduvian Bears")[0].front.toughness == 2
    assert cli(capsys, "cards", "import", str(second))[0] == 0
    card = card_db().find("Balduvian Bears")[0]
    assert (card.front.cost_text(), card.front.toughness) == ("{2}{G}", 3)
    assert open_store().card_names() == ["Balduvian Bears"]
    assert f"imported from {second.resolve()}" in cli(capsys, "cards", "show", "Balduvian Bears")[1]


def test_a_face_name_does_not_take_another_cards_whole_name(tmp_path, store, capsys):
    ice = write(tmp_path / "ice.json", [scryfall_card("Ice", "Instant", "{U}")])
    assert cli(capsys, "cards", "import", str(ice), str(write(tmp_path / "s.json", SCRYFALL)))[0] == 0
    card, face = card_db().find("Ice")
    assert (card.name, face) == ("Ice", 0)
    assert card_db().find("Fire")[0].name == "Fire // Ice"


def test_built_in_definition_wins_over_an_imported_card(tmp_path, store, capsys):
    elves = scryfall_card("Llanowar Elves", "Creature — Elf Druid", "{5}", "{T}: Add {G}.", power="9",
                          toughness="9")
    assert cli(capsys, "cards", "import", str(write(tmp_path / "elves.json", [elves])))[0] == 0
    assert open_store().find("Llanowar Elves")[0].front.power == 9     # the store has it ...
    card, _ = card_db().find("llanowar elves")                         # ... but lookup gives the built-in one
    assert (card.front.cost_text(), card.front.power) == ("{G}", 1)
    code, out, _ = cli(capsys, "cards", "show", "Llanowar Elves")
    assert code == 0 and "source: built in: model/cards/data/creatures.yaml" in out


def test_show_says_where_an_imported_card_came_from(tmp_path, store, capsys):
    data = write(tmp_path / "s.json", SCRYFALL[:1])
    cli(capsys, "cards", "import", str(data))
    code, out, _ = cli(capsys, "cards", "show", "balduvian-bears")
    assert code == 0
    assert "mana cost: {1}{G}" in out and "power/toughness: 2/2" in out
    assert f"source: imported from {data.resolve()} on 20" in out
    assert "unmodelled lines: none" in out


def test_show_lists_the_lines_of_a_card_whose_characteristics_cant_be_read(tmp_path, store, capsys):
    odd = scryfall_card("Odd Gizmo", "Gizmo — Widget", "{1}", "Draw a card.\nYou gain 2 life.")
    cli(capsys, "cards", "import", str(write(tmp_path / "odd.json", [odd])))
    code, out, _ = cli(capsys, "cards", "show", "Odd Gizmo")
    assert code == 0
    assert "could not be read" in out
    assert "unmodelled lines (2)" in out and "  - Draw a card.\n  - You gain 2 life." in out


def test_show_of_a_card_compiled_by_another_compiler_version(tmp_path, store, capsys):
    cli(capsys, "cards", "import", str(write(tmp_path / "s.json", SCRYFALL[:1])))
    with sqlite3.connect(store) as db:
        db.execute("UPDATE cards SET compiler_version = 'old'")
    code, out, _ = cli(capsys, "cards", "show", "Balduvian Bears")
    assert code == 0 and "imported by compiler version old" in out and "power/toughness: 2/2" in out


def test_cards_option_and_environment_variable_choose_the_store(tmp_path, store, capsys):
    data = write(tmp_path / "s.json", SCRYFALL[:1])
    assert cli(capsys, "cards", "import", str(data))[0] == 0
    assert store.exists()                                  # $MTGJUDGE_CARDS
    other = tmp_path / "other.sqlite"
    before = contents(store)
    assert cli(capsys, "--cards", str(other), "cards", "import", str(write(tmp_path / "a.json", ATOMIC)))[0] == 0
    assert contents(store) == before                       # --cards wins over the variable
    assert cli(capsys, "cards", "show", "--cards", str(other), "Runeclaw Bear")[0] == 0
    assert cli(capsys, "cards", "show", "Runeclaw Bear")[0] == 2
    assert cli(capsys, "cards", "show", "Balduvian Bears")[0] == 0


QUESTIONS = """\
id: bears-two-forests
ask: can-play
about: bears
state:
  players:
    Alice:
      hand: [{card: Balduvian Bears, id: bears}]
      battlefield: [Forest, Forest]
expect: yes
---
id: bears-one-forest
ask: can-play
about: bears
state:
  players:
    Alice:
      hand: [{card: "balduvian bears", id: bears}]
      battlefield: [Forest]
expect: no
"""


def test_questions_about_an_imported_card_are_answered(tmp_path, capsys):
    questions = tmp_path / "q.yaml"
    questions.write_text(QUESTIONS)
    cards = tmp_path / "cards.sqlite"
    code, out, _ = cli(capsys, "--cards", str(cards), "check", str(questions))
    assert code == 0 and "0 passed, 0 failed, 2 unsupported" in out     # a real card, not defined yet
    assert not cards.exists()                                            # looking it up made no store
    assert cli(capsys, "--cards", str(cards), "cards", "import", str(write(tmp_path / "s.json", SCRYFALL)))[0] == 0
    code, out, _ = cli(capsys, "check", str(questions), "--cards", str(cards))
    assert code == 0 and "2 passed, 0 failed, 0 unsupported, 0 errors" in out
    code, out, _ = cli(capsys, "--cards", str(cards), "ask", "--json", str(questions))
    assert [json.loads(line)["answer"] for line in out.splitlines()] == [True, False]


def test_no_store_file_means_no_imported_cards(tmp_path):
    path = tmp_path / "absent.sqlite"
    assert open_store(path).find("Balduvian Bears") is None
    assert open_store(path).card_names() == [] and open_store(path).counts() == []
    assert not path.exists()


@pytest.mark.parametrize("what,expected", [
    ("garbage", "not an SQLite database"),
    ("other database", "an SQLite database but not a mtgjudge card store"),
    ("directory", "is a directory"),
])
def test_a_store_that_is_not_one_is_refused_with_exit_2(tmp_path, capsys, what, expected):
    path = tmp_path / "store"
    if what == "garbage":
        path.write_bytes(b"these are my notes, not a database" * 100)
    elif what == "other database":
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE recipes (name TEXT)")
    else:
        path.mkdir()
    questions = tmp_path / "q.yaml"
    questions.write_text(QUESTIONS)
    before = path.read_bytes() if path.is_file() else None
    for argv in (["cards", "show", "Balduvian Bears"], ["ask", str(questions)], ["cards", "list", "--imported"],
                 ["cards", "import", str(write(tmp_path / "s.json", SCRYFALL))]):
        code, _, err = cli(capsys, "--cards", str(path), *argv)
        assert code == 2 and expected in err and "Traceback" not in err, argv
    assert (path.read_bytes() if path.is_file() else None) == before


def test_did_you_mean_knows_imported_names(tmp_path, store, capsys):
    quibbler = scryfall_card("Zzyzx Quibbler", "Creature — Beast", "{G}", power="1", toughness="1")
    cli(capsys, "cards", "import", str(write(tmp_path / "q.json", [quibbler])))
    assert "Zzyzx Quibbler" in card_db().suggest("Zzyzx Quibler")
    code, _, err = cli(capsys, "cards", "show", "Zzyzx Quibler")
    assert code == 2 and 'did you mean: "Zzyzx Quibbler"' in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal():
    assert progress_bar(10, "importing", io.StringIO()) is None
    term = _Terminal()
    bar = progress_bar(200, "importing", term)
    assert isinstance(bar, Progress)
    for n in range(1, 201):
        bar.update(n)
    bar.done()
    drawn = term.getvalue()
    assert drawn.count("\r") == 102                    # once per percent, and the clearing
    assert "importing [###############---------------]  50%  100/200" in drawn


#: An aftermath card (702.127) as MTGJSON v3 publishes it: one entry per half, naming both; a set of v3 files may
#: hold the halves in different files (../shared's cards_oracle_00.json has Commit, cards_oracle_01.json Memory).
COMMIT = {"name": "Commit", "names": ["Commit", "Memory"], "layout": "aftermath", "manaCost": "{3}{U}",
          "type": "Instant", "text": "Put target spell or nonland permanent into its owner's library second from the top."}
MEMORY = {"name": "Memory", "names": ["Commit", "Memory"], "layout": "aftermath", "manaCost": "{4}{U}{U}",
          "type": "Sorcery", "text": "Aftermath (Cast this spell only from your graveyard. Then exile it.)\n"
                                     "Each player shuffles their hand and graveyard into their library, then draws seven cards."}


def test_mtgjson3_halves_in_two_files_make_one_card(tmp_path, store, capsys):
    first = write(tmp_path / "cards_oracle_00.json", {"Commit": COMMIT})
    second = write(tmp_path / "cards_oracle_01.json", {"Memory": MEMORY})
    code, out, _ = cli(capsys, "cards", "import", str(first), str(second))
    assert code == 0 and "1 cards imported into" in out
    card, face = open_store().find("Memory")     # the store's card (Commit // Memory is also built in)
    assert (card.name, card.layout, face) == ("Commit // Memory", "aftermath", 1)
    assert card.source == str(first.resolve()) and open_store().find("Commit")[0].faces[1].name == "Memory"


# ---------------------------------------------------------------- the reader's limits and checks

def _hostile(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Files the reader refuses, each with what its message says (the review's reproductions among them)."""
    def raw(name: str, text: str) -> Path:
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        return p

    def card(**fields) -> dict:
        return {**scryfall_card("Hostile Bear", "Creature — Bear", "{G}", power="2", toughness="2"), **fields}

    one = '[{"object": "card", "name": "Hostile Bear", "type_line": "Creature — Bear", %s}]'
    return {
        "integer of 4,301 digits": (raw("bigint.json", one % ('"x": ' + "9" * 4301)), "a number of 4,301 digits"),
        "nested 5,000 deep": (raw("deep.json", "[" * 5000 + "]" * 5000), "nested deeper than the reader takes"),
        "lone surrogate": (raw("surrogate.json", one % '"oracle_text": "Flying\\ud800"'), "lone surrogate"),
        "power of 4,301 digits": (write(tmp_path / "power.json", [card(power="9" * 4301)]), "its power is longer"),
        "NaN power": (raw("nan.json", one % '"power": NaN'), "NaN is not a number the reader takes"),
        "Infinity toughness": (raw("inf.json", one % '"toughness": Infinity'), "Infinity is not a number"),
        "1e999 toughness": (raw("e999.json", one % '"toughness": 1e999'), "the number 1e999 is too large"),
        "toughness inf": (write(tmp_path / "inf-text.json", [card(toughness="inf")]), "'inf' is not a power"),
        "object power": (write(tmp_path / "object.json", [card(power={"x": 1})]), "its power is not a string"),
        "float power": (write(tmp_path / "float.json", [card(power=1.5)]), "its power is not a string"),
        "blank name": (write(tmp_path / "blank.json", [card(name="   ")]), "its name is blank"),
        "empty name": (write(tmp_path / "empty.json", [card(name="")]), "its name is blank"),
        "escape in a name": (write(tmp_path / "escape.json", [card(name="\x1b[2J\x1b]0;pwned\x07 Evil")]),
                             "control character U+001B"),
        "NUL in a text": (write(tmp_path / "nul.json", [card(oracle_text="Flying\x00")]), "control character U+0000"),
        "object color indicator": (write(tmp_path / "ci.json", [card(color_indicator={"x": 1})]),
                                   "color indicator is not a list of colors"),
        "2 MB name": (write(tmp_path / "long.json", [card(name="N" * 2_000_000)]), "its name is longer"),
        "trailing data": (raw("trailing.json", json.dumps([card()]) + " []"), "more data after the end"),
        "not a card object": (write(tmp_path / "notcard.json", [1]), "not a Scryfall card object"),
    }


HOSTILE = ["integer of 4,301 digits", "nested 5,000 deep", "lone surrogate", "power of 4,301 digits", "NaN power",
           "Infinity toughness", "1e999 toughness", "toughness inf", "object power", "float power", "blank name",
           "empty name", "escape in a name", "NUL in a text", "object color indicator", "2 MB name", "trailing data",
           "not a card object"]


def test_every_hostile_file_is_tested(tmp_path):
    assert list(_hostile(tmp_path)) == HOSTILE


@pytest.mark.parametrize("kind", HOSTILE)
def test_hostile_card_data_is_refused_naming_the_file(tmp_path, store, capsys, kind):
    bad, what = _hostile(tmp_path)[kind]
    assert cli(capsys, "cards", "import", str(write(tmp_path / "good.json", SCRYFALL[:1])))[0] == 0
    before = contents(store)
    code, out, err = cli(capsys, "cards", "import", str(bad))
    assert code == 2 and out == "", err
    assert err.count("\n") == 1 and str(bad) in err and what in err and "nothing was imported" in err, err
    assert "\x1b" not in err and "\x00" not in err
    assert contents(store) == before


def test_a_bad_card_is_named_with_its_line(tmp_path, store, capsys):
    cards = [scryfall_card(f"Bear {i}", "Creature — Bear", "{G}", power="2", toughness="2") for i in range(3)]
    cards[2]["toughness"] = {"x": 1}
    bad = tmp_path / "lines.json"
    bad.write_text("[\n" + ",\n".join(json.dumps(c) for c in cards) + "\n]\n", encoding="utf-8")
    code, _, err = cli(capsys, "cards", "import", str(bad))
    assert code == 2 and "card 'Bear 2' (line 4)" in err and "its toughness is not a string" in err


@pytest.mark.parametrize("device", ["/dev/zero", "fifo"])
def test_a_device_or_a_pipe_is_refused_without_reading_it(tmp_path, store, capsys, device):
    import os
    if device == "fifo":
        device = str(tmp_path / "pipe.json")
        os.mkfifo(device)
    elif not Path(device).exists():
        pytest.skip("no /dev/zero here")
    code, _, err = cli(capsys, "cards", "import", device)
    assert code == 2 and "not a regular file" in err and device in err


@pytest.mark.parametrize("limit,value,what", [
    ("MAX_FILE_BYTES", 100, "over the reader's limit of 100"),
    ("MAX_ENTRY_CHARS", 100, "longer than the reader takes (more than 100 characters)"),
    ("MAX_CARDS", 2, "more than 2 cards"),
    ("MAX_KEPT_CHARS", 100, "more than 100 characters"),
])
def test_each_limit_is_named_when_it_is_passed(tmp_path, store, capsys, monkeypatch, limit, value, what):
    from mtgjudge.model.cards import sources
    monkeypatch.setattr(sources, limit, value)
    big = write(tmp_path / "big.json", [scryfall_card(f"Bear {i}", "Creature — Bear", "{G}", "x" * 60, power="2",
                                                      toughness="2") for i in range(3)])
    code, _, err = cli(capsys, "cards", "import", str(big))
    assert code == 2 and what in err and str(big) in err


@pytest.mark.parametrize("value", ["1", "0", "-1", "*", "1+*", "*+1", "2+*", "7-*", "X", "½", "∞", "?", "*²", 3])
def test_printed_powers_and_toughnesses_are_read(tmp_path, store, capsys, value):
    data = [scryfall_card("Odd Bear", "Creature — Bear", "{G}", power=value, toughness="1")]
    assert cli(capsys, "cards", "import", str(write(tmp_path / "pt.json", data)))[0] == 0


@pytest.mark.parametrize("power,read", [("-1", -1), ("2", 2), ("*", 0), ("1+*", 0), ("½", None), ("∞", None),
                                        ("inf", None), ("nan", None), ("9" * 20, None)])
def test_the_compiler_reads_a_printed_number_or_leaves_the_card_unmodelled(power, read):
    from mtgjudge.model.cards.sources import CardRecord, FaceRecord
    from mtgjudge.model.oracle import compile_card
    card = compile_card(CardRecord("Odd Bear", "normal", (FaceRecord("Odd Bear", "{G}", "Creature — Bear", "", power,
                                                                     "1"),)))
    assert card.modelled == (read is not None)
    if read is not None:
        assert card.faces[0].power == read


def test_names_differing_in_case_are_one_card_reported_as_such(tmp_path, store, capsys):
    cards = [scryfall_card(n, "Creature — Bear", "{G}", power="2", toughness="2")
             for n in ("Dupe Card", "dupe card", "DUPE CARD", "Other Card")]
    code, out, err = cli(capsys, "cards", "import", str(write(tmp_path / "dupes.json", cards)))
    assert code == 0
    assert "2 cards imported" in out and "imported 2 cards from" in out
    assert err.count("note:") == 2 and "'dupe card'" in err and "'DUPE CARD'" in err and "'Dupe Card'" in err
    assert open_store().card_names() == ["Dupe Card", "Other Card"]


def test_printings_of_one_card_are_one_card_without_a_note(tmp_path, store, capsys):
    code, out, err = cli(capsys, "cards", "import", str(write(tmp_path / "prints.json", [BEARS] * 5)))
    assert code == 0 and "1 cards imported" in out and err == ""


def test_a_large_file_is_read_as_a_stream(tmp_path, monkeypatch):
    """Memory grows with the cards kept, not with the file: 20,000 printings of one card (10 MB) are read
    a chunk at a time (64 kB here), holding a few entries at once (json.load of the whole file would hold all
    of it, ~5 times its size)."""
    import tracemalloc
    from mtgjudge.model.cards import sources
    from mtgjudge.model.cards.sources import read_file
    monkeypatch.setattr(sources, "_CHUNK", 1 << 16)
    path = tmp_path / "printings.json"
    printing = json.dumps({**BEARS, "oracle_text": "x" * 200, "flavor_text": "y" * 100})
    path.write_text("[" + ",\n".join([printing] * 20_000) + "]", encoding="utf-8")
    tracemalloc.start()
    try:
        read = read_file(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(read.records) == 1
    assert peak < path.stat().st_size / 10, (peak, path.stat().st_size)


def test_mtgjson_shapes_with_bad_values_are_refused(tmp_path, store, capsys):
    v5 = {"meta": {}, "data": {"Bad Bear": [{"name": "Bad Bear", "type": "Creature — Bear", "power": float("nan")}]}}
    v3 = {"Bad Bear": {"name": "Bad Bear", "type": "Creature — Bear", "toughness": {"x": 1}}}
    p5, p3 = tmp_path / "v5.json", tmp_path / "v3.json"
    p5.write_text(json.dumps(v5), encoding="utf-8")
    p3.write_text(json.dumps(v3), encoding="utf-8")
    code, _, err = cli(capsys, "cards", "import", str(p5))
    assert code == 2 and "NaN is not a number" in err
    code, _, err = cli(capsys, "cards", "import", str(p3))
    assert code == 2 and "card 'Bad Bear' (line 1) is refused: its toughness is not a string" in err


# ---------------------------------------------------------------- a damaged row

ELVES_QUESTION = """id: imported
ask: can-play
about: b
state:
  turn: {active: Alice}
  players:
    Alice:
      battlefield: [Forest, Forest]
      hand: [{card: Balduvian Bears, id: b}]
"""
BUILT_IN_QUESTION = ELVES_QUESTION.replace("imported", "built-in").replace("Balduvian Bears", "Llanowar Elves")


@pytest.mark.parametrize("value", ["{not json", "[1, 2]", '{"name": "x", "layout": "normal", "faces": [{"evil": 1}]}',
                                   b"\x00\xff", 7, '{"name": "Balduvian Bears", "layout": "normal", "faces": []}'])
def test_a_damaged_row_is_the_error_of_the_questions_naming_its_card(tmp_path, store, capsys, value):
    assert cli(capsys, "cards", "import", str(write(tmp_path / "a.json", SCRYFALL[:1])))[0] == 0
    with sqlite3.connect(store) as db:
        db.execute("UPDATE cards SET record = ? WHERE name = 'Balduvian Bears'", (value,))
    store_module._store_at.cache_clear()
    store_module._chosen_store.cache_clear()
    (tmp_path / "q").mkdir()
    (tmp_path / "q" / "a.yaml").write_text(ELVES_QUESTION)
    (tmp_path / "q" / "b.yaml").write_text(BUILT_IN_QUESTION)
    code, out, err = cli(capsys, "check", "-v", "-j", "1", str(tmp_path / "q"))
    assert code == 2 and "Traceback" not in err and "internal error" not in err
    assert "ERROR       imported" in out and "ANSWERED    built-in" in out
    assert "'Balduvian Bears' is damaged" in out and str(store) in out and "cards import" in out
    assert out.rstrip().endswith("0 passed, 0 failed, 0 unsupported, 1 errors, 1 answered")


# ---------------------------------------------------------------- output never carries data's control characters

EVIL = "\x1b[2J\x1b]0;pwned\x07 Evil\u202e\x9b"


def test_printable_escapes_control_characters_and_keeps_lines_and_tabs():
    from mtgjudge.queries.terminal import printable
    assert printable(f"a\tb\n{EVIL}") == "a\tb\n\\u001b[2J\\u001b]0;pwned\\u0007 Evil\\u202e\\u009b"
    assert json.loads(printable(json.dumps({"name": EVIL}, ensure_ascii=False))) == {"name": EVIL}


def test_a_name_with_escapes_in_the_store_never_reaches_the_terminal(tmp_path, store, capsys):
    """A store written by hand or by another program may hold what the reader refuses: `cards list` and a
    question naming the card show it escaped, and colour codes are still the product's own."""
    assert cli(capsys, "cards", "import", str(write(tmp_path / "a.json", SCRYFALL[:1])))[0] == 0
    with sqlite3.connect(store) as db:
        db.execute("UPDATE cards SET name = ?, record = replace(record, 'Balduvian Bears', ?)", (EVIL, EVIL))
    store_module._store_at.cache_clear()
    store_module._chosen_store.cache_clear()
    code, out, err = cli(capsys, "cards", "list", "--imported")
    assert code == 0 and out == printable_line(EVIL)
    (tmp_path / "q.yaml").write_text(ELVES_QUESTION)
    code, out, err = cli(capsys, "check", "-j", "1", "--color", "always", str(tmp_path / "q.yaml"))
    assert "\x1b[2J" not in out + err and "\x07" not in out + err and "\x9b" not in out + err
    assert "[2J" in out and out.startswith("\033[1;35mERROR\033[0m ")
    code, out, err = cli(capsys, "ask", "--json", str(tmp_path / "q.yaml"))
    assert "\x1b" not in out + err and json.loads(out.splitlines()[0])["status"] == "error"


def printable_line(text: str) -> str:
    from mtgjudge.queries.terminal import printable
    return printable(text) + "\n"


def test_the_readme_states_the_readers_limits():
    from mtgjudge.model.cards.sources import LIMITS
    readme = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8").split())
    stated = {"file": f"at most {LIMITS['file'] // 1024 ** 3} GiB", "entry": f"at most {LIMITS['entry'] // 1024 ** 2} Mi",
              "cards": f"at most {LIMITS['cards']:,} distinct cards",
              "kept": f"{LIMITS['kept'] // 10 ** 6} million characters", "faces": f"at most {LIMITS['faces']} faces",
              "name": f"name at most {LIMITS['name']} characters", "text": f"rules text at most {LIMITS['text']:,}",
              "line": f"mana cost at most {LIMITS['line']}", "pt": f"string of at most {LIMITS['pt']} characters",
              "number": f"any JSON number at most {LIMITS['number']} characters"}
    assert set(stated) == set(LIMITS)
    for key, words in stated.items():
        assert words in readme, key


#: Battlebond's "Partner with" pairs (702.124j) as MTGJSON v3 publishes them: layout normal, ``names`` listing
#: the partner. Two cards, not the faces of one.
BLARING = {"Blaring Recruiter": {"name": "Blaring Recruiter", "names": ["Blaring Recruiter", "Blaring Captain"],
                                 "layout": "normal", "manaCost": "{5}{W}", "type": "Creature — Elf Warrior",
                                 "text": "Partner with Blaring Captain", "power": "2", "toughness": "2"},
           "Blaring Captain": {"name": "Blaring Captain", "names": ["Blaring Captain", "Blaring Recruiter"],
                               "layout": "normal", "manaCost": "{4}{B}", "type": "Creature — Elf Warrior",
                               "text": "Partner with Blaring Recruiter", "power": "3", "toughness": "3"}}


def test_mtgjson3_partners_are_two_cards(tmp_path, store, capsys):
    data = write(tmp_path / "cards_oracle_00.json", BLARING)
    code, out, _ = cli(capsys, "cards", "import", str(data))
    assert code == 0 and "2 cards imported" in out
    recruiter, captain = card_db().find("Blaring Recruiter")[0], card_db().find("Blaring Captain")[0]
    assert (recruiter.name, len(recruiter.faces), recruiter.front.power) == ("Blaring Recruiter", 1, 2)
    assert (captain.name, len(captain.faces), captain.front.power) == ("Blaring Captain", 1, 3)


def test_a_folder_imports_its_cards_and_rulings_and_skips_other_files_with_a_warning(tmp_path, store, capsys):
    """An MTGJSON download as a user has it: card files, rulings files (never taken for bad card files), and
    files of other kinds (a set list, a readme, a folder), each skipped with one warning naming it."""
    folder = tmp_path / "mtgjson"
    folder.mkdir()
    write(folder / "cards_oracle_00.json", MTGJSON3)
    write(folder / "rulings_00.json", {"Savannah Lions": [{"date": "2004-10-04", "text": "A ruling."}]})
    write(folder / "SetList.json", {"meta": {"version": "5"}, "data": [{"code": "LEA"}]})
    write(folder / "Keywords.json", {"meta": {"version": "5"}, "data": {"abilityWords": ["Landfall"]}})
    write(folder / "prices.json", [{"uuid": "x", "price": 1}])
    (folder / "README.txt").write_text("MTGJSON\n", encoding="utf-8")
    (folder / "older-sets").mkdir()
    code, out, err = cli(capsys, "cards", "import", str(folder))
    assert code == 0, err
    assert "imported 2 cards from" in out and "imported 1 rulings of 1 cards from" in out
    warned = [line for line in err.splitlines() if "warning" in line]
    assert len(warned) == 5
    for name in ("SetList.json", "Keywords.json", "prices.json", "README.txt", "older-sets"):
        assert sum(name in line for line in warned) == 1, name
    assert "rulings_00" not in err
    assert cli(capsys, "cards", "show", "Savannah Lions")[1].count("2004-10-04  A ruling.") == 1
    # a file named on its own is still an error: the user said to import it
    code, _, err = cli(capsys, "cards", "import", str(folder / "SetList.json"))
    assert code == 2 and "SetList.json: not a card data file" in err
    # a malformed card file in a folder stops the import, naming it: it is card data, not another kind
    (folder / "cards_oracle_01.json").write_text(json.dumps(MTGJSON3)[:-30], encoding="utf-8")
    code, _, err = cli(capsys, "cards", "import", str(folder))
    assert code == 2 and "cards_oracle_01.json" in err and "nothing was imported" in err


@MTGJSON3_GROUP
def test_the_whole_shared_mtgjson3_folder_imports_every_card_and_every_ruling(shared_dir, tmp_path, store, capsys,
                                                                               monkeypatch):
    """`cards import` of ../shared/cards/mtgjson3: every card (an entry of a card file, the halves of a split,
    flip, transform or aftermath card as one) and every ruling of its rulings files, counted from the files. The
    compiler's result for each card is the one the sweeps of its group share (``compiled_mtgjson3``: compiling
    every card is tested there), so that the 19,032 cards are compiled once in the suite."""
    from mtgjudge.model import oracle
    from mtgjudge.model.cards.sources import read

    folder = shared_dir / "cards" / "mtgjson3"
    made = {repr(r.to_json()): card for path in MTGJSON3_FILES
            for r, card in zip(read(path), compiled_mtgjson3(path))}
    compile_card = oracle.compile_card

    def shared(record, source=""):
        # the halves of split and flip cards are read as one record here and as two in the card files
        card = made.get(repr(record.to_json()))
        return compile_card(record, source=source) if card is None else card

    monkeypatch.setattr(oracle, "compile_card", shared)
    entries = {name: v for path in sorted(folder.glob("cards_oracle_*.json"))
               for name, v in json.loads(path.read_text(encoding="utf-8")).items()}
    cards: set[str] = set()
    for name, v in entries.items():
        whole = tuple(dict.fromkeys(v.get("names") or [name]))
        # halves are one card when each names the same halves in the same order (Okaun and Zndrsplt, partners
        # the data calls "flip", name each other first: two cards)
        joined = v.get("layout") in ("split", "flip", "double-faced", "aftermath") and len(whole) > 1 and all(
            n in entries and tuple(dict.fromkeys(entries[n].get("names") or [])) == whole for n in whole)
        cards.add(" // ".join(whole) if joined else name)
    rulings = {}
    for path in sorted(folder.glob("rulings_*.json")):
        rulings.update({n: len(r) for n, r in json.loads(path.read_text(encoding="utf-8")).items()})
    code, out, err = cli(capsys, "cards", "import", str(folder))
    assert code == 0, err
    assert f"{len(cards)} cards imported into" in out and "warning" not in err
    assert sum(int(line.split()[1]) for line in out.splitlines() if " rulings of " in line) == sum(rulings.values())
    import sqlite3
    db = sqlite3.connect(store)
    assert {r[0] for r in db.execute("SELECT name FROM cards")} == cards
    assert db.execute("SELECT COUNT(*) FROM rulings").fetchone()[0] == sum(rulings.values())


def test_a_store_opened_in_one_thread_is_read_in_another(tmp_path, store, capsys):
    """The library in a worker thread looks cards up in the store the main thread opened (SQLite refused a
    connection made in another thread: every lookup was a StoreError)."""
    import threading
    assert cli(capsys, "cards", "import", str(write(tmp_path / "a.json", SCRYFALL[:2])))[0] == 0
    name = SCRYFALL[0]["name"]
    assert card_db().find(name) is not None     # the connection is made here, in the main thread
    found: list = []
    worker = threading.Thread(target=lambda: found.append(open_store().find(SCRYFALL[1]["name"])))
    worker.start()
    worker.join(60)
    assert found and found[0] is not None and found[0][0].name == SCRYFALL[1]["name"]


def test_show_lists_the_lines_read_only_in_part(tmp_path, store, capsys):
    # Concoct's line is kept with a part the model does not read: a user must see it, never "none" alone
    concoct = scryfall_card("Concoct", "Sorcery", "{3}{U}{B}",
                            "Surveil 3, then return a creature card from your graveyard to the battlefield.")
    cli(capsys, "cards", "import", str(write(tmp_path / "c.json", [concoct])))
    code, out, _ = cli(capsys, "cards", "show", "Concoct")
    assert code == 0
    assert ("lines read in part (1)" in out and
            "  - Surveil 3, then return a creature card from your graveyard to the battlefield." in out)
