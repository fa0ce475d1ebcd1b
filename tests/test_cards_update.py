"""`mtgjudge cards update`: Scryfall's bulk-data index and its oracle-cards file, served by a local HTTP
server on 127.0.0.1; the cards imported in one transaction and asked about by name; a truncated download or
an index without a cards file changes nothing."""
from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path

import pytest

from mtgjudge.model.cards.store import ENV_VAR, use_store
from mtgjudge.queries.cli import main

CARD = {"object": "card", "oracle_id": "0b1e-quib", "name": "Zzyzx Quibbler", "layout": "normal", "mana_cost": "{1}{G}",
        "type_line": "Creature — Elf", "oracle_text": "{T}: Add {G}.", "power": "1", "toughness": "1"}
RULINGS = [{"object": "ruling", "oracle_id": "0b1e-quib", "source": "wotc", "published_at": "2024-02-02",
            "comment": "Its mana ability is a mana ability (605.1a)."},
           {"object": "ruling", "oracle_id": "another-card", "source": "wotc", "published_at": "2020-01-01",
            "comment": "Of a card not imported."}]
QUESTION = """id: quibbler-taps
ask: can-activate
about: q
state: {players: {Alice: {battlefield: [{card: Zzyzx Quibbler, id: q}]}}}
expect: yes
"""


@pytest.fixture(autouse=True)
def _forget_cards_option():
    yield
    use_store(None)


@pytest.fixture
def server(tmp_path):
    """A folder served over HTTP on 127.0.0.1 only; yields (folder, base URL)."""
    root = tmp_path / "served"
    root.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a, **k: None    # type: ignore[attr-defined]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield root, f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def publish(root: Path, base: str, cards_text: str, types=("oracle_cards", "rulings")) -> str:
    (root / "oracle.json").write_text(cards_text, encoding="utf-8")
    (root / "rulings.json").write_text(json.dumps(RULINGS), encoding="utf-8")
    index = {"object": "list", "data": [{"object": "bulk_data", "type": t,
                                         "download_uri": f"{base}/{'oracle' if t == 'oracle_cards' else 'rulings'}.json"}
                                        for t in types]}
    (root / "bulk-data.json").write_text(json.dumps(index), encoding="utf-8")
    return f"{base}/bulk-data.json"


def test_update_downloads_the_cards_the_index_lists_and_they_are_asked_about_by_name(server, tmp_path, monkeypatch,
                                                                                  capsys):
    root, base = server
    store = tmp_path / "store" / "cards.sqlite"
    monkeypatch.setenv(ENV_VAR, str(store))
    source = publish(root, base, json.dumps([CARD]))
    assert main(["cards", "update", "--source", source]) == 0
    out = capsys.readouterr().out
    assert f"downloaded {base}/oracle.json" in out and (store.parent / "scryfall-oracle-cards.json").is_file()
    (tmp_path / "q.yaml").write_text(QUESTION)
    assert main(["ask", str(tmp_path / "q.yaml")]) == 0
    assert capsys.readouterr().out.startswith("PASS")
    assert main(["cards", "show", "Zzyzx Quibbler"]) == 0
    shown = capsys.readouterr().out
    assert "imported from" in shown
    assert "rulings (1):\n  2024-02-02  Its mana ability is a mana ability (605.1a)." in shown


@pytest.mark.parametrize("cards_text, types, says", [
    (json.dumps([CARD])[:-7], ("oracle_cards",), "not valid JSON"),
    (json.dumps({"not": "a list"}), ("oracle_cards",), "not a Scryfall cards file"),
    (json.dumps([CARD]), ("rulings",), "the index lists no oracle_cards file"),
])
def test_a_bad_download_changes_nothing(server, tmp_path, monkeypatch, capsys, cards_text, types, says):
    root, base = server
    store = tmp_path / "store" / "cards.sqlite"
    monkeypatch.setenv(ENV_VAR, str(store))
    assert main(["cards", "update", "--source", publish(root, base, cards_text, types)]) == 2
    err = capsys.readouterr().err
    assert says in err and "nothing was imported" in err and "Traceback" not in err
    assert not store.exists() and not (store.parent / "scryfall-oracle-cards.json").exists()
    assert main(["cards", "update", "--source", f"{base}/missing.json"]) == 2
    assert "404" in capsys.readouterr().err
