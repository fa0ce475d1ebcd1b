"""`mtgjudge cards update`: Scryfall's bulk-data index and its oracle-cards file, served by a local HTTP
server on 127.0.0.1; the cards imported in one transaction and asked about by name; a truncated download or
an index without a cards file changes nothing."""
from __future__ import annotations

import functools
import http.server
import json
import os
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


class _RangeHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with Range requests (206, If-Range by Last-Modified) and, while ``drop_after`` is set,
    closes the connection after that many bytes of a body: a download interrupted half-way."""

    drop_after: list = []
    ranges: list = []
    honour_range = True

    def log_message(self, *args, **kwargs):
        pass

    def do_GET(self):
        path = Path(self.translate_path(self.path))
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        modified = self.date_time_string(int(path.stat().st_mtime))
        start = 0
        asked = self.headers.get("Range")
        self.ranges.append(asked)
        if asked and self.honour_range and self.headers.get("If-Range") in (None, modified):
            start = int(asked.removeprefix("bytes=").split("-")[0])
        self.send_response(206 if start else 200)
        if start:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(data) - start))
        self.send_header("Last-Modified", modified)
        self.end_headers()
        body = data[start:]
        if self.drop_after and path.name == "oracle.json":
            body = body[:self.drop_after.pop()]
            self.wfile.write(body)
            self.wfile.flush()
            self.close_connection = True
            return
        self.wfile.write(body)


@pytest.fixture
def range_server(tmp_path):
    root = tmp_path / "served"
    root.mkdir()
    handler = functools.partial(_RangeHandler, directory=str(root))
    _RangeHandler.drop_after, _RangeHandler.ranges, _RangeHandler.honour_range = [], [], True
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield root, f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _many_cards() -> str:
    return json.dumps([{**CARD, "oracle_id": f"id-{i}", "name": f"Zzyzx Quibbler {i}"} for i in range(400)]
                      + [CARD])


def test_an_interrupted_download_resumes_where_it_stopped(range_server, tmp_path, monkeypatch, capsys):
    """The connection drops half-way through the cards file: nothing is imported, the part is kept in the cache
    folder, and the next run asks for the rest only (Range) and imports every card."""
    root, base = range_server
    store = tmp_path / "store" / "cards.sqlite"
    monkeypatch.setenv(ENV_VAR, str(store))
    source = publish(root, base, _many_cards())
    size = (root / "oracle.json").stat().st_size
    _RangeHandler.drop_after.append(size // 2)
    assert main(["cards", "update", "--source", source]) == 2
    err = capsys.readouterr().err
    assert "run the command again to resume it" in err and "nothing was imported" in err and "Traceback" not in err
    assert not store.exists()
    parts = list((Path(os.environ["MTGJUDGE_CACHE"]) / "mtgjudge-cache").glob("download-*.part"))
    assert [p.stat().st_size for p in parts] == [size // 2]
    _RangeHandler.ranges.clear()
    assert main(["cards", "update", "--source", source]) == 0
    assert f"bytes={size // 2}-" in _RangeHandler.ranges      # the rest only
    assert "401 cards imported" in capsys.readouterr().out
    assert main(["cards", "show", "Zzyzx Quibbler 399"]) == 0
    assert not list((Path(os.environ["MTGJUDGE_CACHE"]) / "mtgjudge-cache").glob("download-*.part"))


@pytest.mark.parametrize("change", ["server ignores Range", "file changed"])
def test_a_download_that_cannot_resume_starts_again_cleanly(range_server, tmp_path, monkeypatch, capsys, change):
    """After an interruption, a server that answers the range request with the whole file (200), or a file that
    changed meanwhile (another Last-Modified: If-Range), gives a whole new download, never the kept part with
    something appended."""
    root, base = range_server
    store = tmp_path / "store" / "cards.sqlite"
    monkeypatch.setenv(ENV_VAR, str(store))
    source = publish(root, base, _many_cards())
    size = (root / "oracle.json").stat().st_size
    _RangeHandler.drop_after.append(size // 2)
    assert main(["cards", "update", "--source", source]) == 2
    if change == "server ignores Range":
        _RangeHandler.honour_range = False
    else:
        (root / "oracle.json").write_text(_many_cards().replace("Quibbler 399", "Quibbler 999"), encoding="utf-8")
        st = (root / "oracle.json").stat()
        os.utime(root / "oracle.json", (st.st_atime + 10, st.st_mtime + 10))
    _RangeHandler.ranges.clear()
    assert main(["cards", "update", "--source", source]) == 0, capsys.readouterr().err
    assert ("bytes=" in str(_RangeHandler.ranges)) == (change == "server ignores Range")
    assert "401 cards imported" in capsys.readouterr().out
    assert main(["cards", "show", "Zzyzx Quibbler 399" if change == "server ignores Range" else "Zzyzx Quibbler 999"]) == 0
    assert not list((Path(os.environ["MTGJUDGE_CACHE"]) / "mtgjudge-cache").glob("download-*.part"))


def test_the_download_draws_a_progress_bar_on_a_terminal(server, tmp_path, monkeypatch):
    import io
    from mtgjudge.model.cards.store import open_store
    from mtgjudge.queries.cards_cmd import import_files
    from mtgjudge.queries.cards_update import update

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    root, base = server
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "store" / "cards.sqlite"))
    err, out = Terminal(), io.StringIO()
    store = open_store()
    assert update(publish(root, base, _many_cards()), store, Path(store.path).parent, out, err, import_files) == 0
    assert "cards [" in err.getvalue() and "100%" in err.getvalue()
    assert "cards [" not in out.getvalue()


def test_with_caching_off_an_interrupted_download_starts_again(range_server, tmp_path, monkeypatch, capsys):
    """No cache folder to keep a part in: the message does not promise a resume, and the next run downloads the
    whole file."""
    root, base = range_server
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "store" / "cards.sqlite"))
    monkeypatch.setenv("MTGJUDGE_CACHE", "off")
    source = publish(root, base, _many_cards())
    _RangeHandler.drop_after.append((root / "oracle.json").stat().st_size // 2)
    assert main(["cards", "update", "--source", source]) == 2
    err = capsys.readouterr().err
    assert "stopped after" in err and "resume" not in err
    _RangeHandler.ranges.clear()
    assert main(["cards", "update", "--source", source]) == 0
    assert "bytes=" not in str(_RangeHandler.ranges) and "401 cards imported" in capsys.readouterr().out
