"""The page at the judge's table (``mtgjudge serve``, queries/web) without a browser: the board form and the
question file made from each other, the token off loopback, the queue, and the answers over HTTP."""
from __future__ import annotations

import dataclasses
import html
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (mtgjudge[web]) is not installed")

from mtgjudge.model.safe_yaml import load_documents  # noqa: E402
from mtgjudge.queries import cli  # noqa: E402
from mtgjudge.queries.api import CORPUS  # noqa: E402
from mtgjudge.queries.format.files import load_text  # noqa: E402
from mtgjudge.queries.format.questions import Question  # noqa: E402
from mtgjudge.queries.web import jobs  # noqa: E402
from mtgjudge.queries.web.app import ServeError, Settings, is_loopback, start_settings  # noqa: E402
from mtgjudge.queries.web.board import (Board, BoardError, board_from_document, document_from_board,  # noqa: E402
                                        plain, question_text)
from mtgjudge.queries.web.changes import changes  # noqa: E402

from tests.web_server import running  # noqa: E402

DOCS = Path(__file__).resolve().parents[1] / "docs" / "question-format.md"

ELVES_FORM = {"q.id": "elves", "q.ask": "can-activate", "q.about": "Llanowar Elves", "p0.name": "Alice",
              "p1.name": "Bob", "o0.player": "Alice", "o0.zone": "battlefield", "o0.card": "Llanowar Elves",
              "o0.arrived": "on", "o1.player": "Alice", "o1.zone": "battlefield", "o1.card": "Fervor"}

OUTCOME = """\
id: cast-the-bears
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Forest, id: f1}, {card: Forest, id: f2}]
      hand: [{card: Grizzly Bears, id: bears}]
actions:
  - cast: bears
  - resolve: 1
expect:
  - {object: bears, zone: battlefield}
"""


def _same(q: Question) -> Question:
    """A question without where it was read from (its file and lines)."""
    return dataclasses.replace(q, file="", line=0)


def _documents() -> list[tuple[str, str]]:
    """(where, text of one question document) of every bundled question and every example of the format's
    documentation."""
    out = []
    for path in sorted(CORPUS.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        out += [(f"{path.name}:{d.line}", question_text(plain(d.data))) for d in load_documents(text)
                if d.data is not None]
    for i, block in enumerate(re.findall(r"```yaml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)):
        out.append((f"question-format.md example {i + 1}", block))
    return out


# ------------------------------------------------------------------ the board and the question file

def test_a_question_file_opened_in_the_page_is_the_same_question_written_back():
    """Every bundled question and documented example: read into the board's form fields and written back as
    a question file, it loads as the same question (or, where it is an error, the same error)."""
    checked = 0
    for where, text in _documents():
        docs = load_documents(text)
        board = Board.from_form(board_from_document(docs[0].data).fields())
        back = question_text(document_from_board(board))
        a, b = load_text(text, "f"), load_text(back, "f")
        assert len(a) == len(b) == 1, where
        if isinstance(a[0], Question):
            assert isinstance(b[0], Question) and _same(a[0]) == _same(b[0]), f"{where}:\n{text}\n---\n{back}"
        else:
            assert str(a[0]).split(": ", 1)[-1] == str(b[0]).split(": ", 1)[-1], where
        checked += 1
    assert checked > 500


def test_a_board_built_in_the_page_is_the_same_board_when_its_file_is_opened():
    b = Board.from_form({**ELVES_FORM, "o1.counters": "+1/+1: 2, charge: 1", "o1.tapped": "on",
                         "turn.step": "upkeep", "turn.number": "3", "o2.player": "Bob", "o2.zone": "hand",
                         "o2.card": "Lightning Bolt", "o2.id": "bolt", "o3.zone": "stack",
                         "o3.card": "Giant Growth", "o3.controller": "Bob", "o3.targets": "elves-1, Alice",
                         "o4.card": "Forest", "o4.player": "Alice", "o4.more": "{chosen: {color: G}}",
                         "y.because": '["702.10c"]', "p0.life": "7", "p1.library": "30"})
    doc = document_from_board(b)
    text = question_text(doc)
    opened = board_from_document(load_documents(text)[0].data)
    assert document_from_board(opened) == doc
    assert document_from_board(Board.from_form(opened.fields())) == doc
    key = lambda r: (r.player, r.zone, r.card)  # noqa: E731  (the board lists a file's objects zone by zone)
    assert sorted(opened.rows, key=key) == sorted(b.rows, key=key)
    assert (opened.step, opened.number, opened.players) == (b.step, b.number, b.players)
    assert doc["state"]["players"]["Alice"]["battlefield"][1] == {"card": "Fervor", "tapped": True,
                                                                 "counters": {"+1/+1": 2, "charge": 1}}
    assert doc["state"]["stack"] == [{"card": "Giant Growth", "controller": "Bob", "targets": ["elves-1", "Alice"]}]
    assert doc["state"]["players"]["Bob"] == {"hand": [{"card": "Lightning Bolt", "id": "bolt"}], "library": 30}


def test_a_field_the_board_cannot_read_is_named():
    with pytest.raises(BoardError, match="object 1 \\(Llanowar Elves\\): counters"):
        document_from_board(Board.from_form({**ELVES_FORM, "o0.counters": "lots"}))
    with pytest.raises(BoardError, match="Carol, who is not one of the players"):
        document_from_board(Board.from_form({**ELVES_FORM, "o0.player": "Carol"}))
    with pytest.raises(BoardError, match="object 2 \\(Fervor\\): more"):
        document_from_board(Board.from_form({**ELVES_FORM, "o1.more": "[1, 2"}))


def test_final_states_are_said_as_what_changed():
    start = {"players": {"Alice": {"life": 20, "hand": ["bears"], "battlefield": ["f1"]}}, "stack": [],
             "permanents": {"f1": {"card": "Forest"}}}
    final = {"players": {"Alice": {"life": 18, "battlefield": ["f1", "bears"]}}, "stack": [],
             "permanents": {"f1": {"card": "Forest", "tapped": True}, "bears": {"card": "Grizzly Bears"}}}
    names = {"f1": "Forest", "bears": "Grizzly Bears"}
    assert changes(start, final, names.get) == [
        "Alice's life: 20 → 18", "Alice's battlefield gains Grizzly Bears", "Alice's hand loses Grizzly Bears",
        "Forest became tapped"]
    assert changes(start, start) == ["nothing changed"]


# ------------------------------------------------------------------ starting it

@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
def test_loopback_needs_no_token(host):
    assert is_loopback(host)
    assert start_settings(host, None, 10).token is None


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "judge.example"])
def test_serve_refuses_another_address_without_a_token(host, capsys):
    assert not is_loopback(host)
    with pytest.raises(ServeError, match="needs a token"):
        start_settings(host, None, 10)
    assert cli.main(["serve", "--host", host, "--port", "1"]) == 2
    assert "needs a token" in capsys.readouterr().err
    made = start_settings(host, "generate", 10).token
    assert made and len(made) >= 20 and made != start_settings(host, "generate", 10).token
    with pytest.raises(ServeError, match="at least 8"):
        start_settings(host, "short", 10)


# ------------------------------------------------------------------ over HTTP

class _Browser:
    """A client that keeps cookies, as a browser does."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def get(self, path: str) -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, timeout=60) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def post(self, path: str, fields: dict) -> tuple[int, str]:
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(self.base + path, data=data, timeout=60) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()


@pytest.fixture(scope="module")
def page():
    with running() as base:
        yield base


def _ask(base: str, path: str, fields: dict) -> str:
    b = _Browser(base)
    req = urllib.request.Request(base + path, data=urllib.parse.urlencode(fields).encode())
    with b.opener.open(req, timeout=60) as r:   # follows the redirect to /answer/N
        where, text = r.url, r.read().decode()
    for _ in range(1200):
        if 'class="status waiting"' not in text:
            return text
        threading.Event().wait(0.05)
        with b.opener.open(where, timeout=60) as r:
            text = r.read().decode()
    raise AssertionError(f"{where} was never answered")


def test_the_page_answers_a_board_built_by_card_name(page):
    text = _ask(page, "/board", {**ELVES_FORM, "op": "answer"})
    assert re.search(r'id="answer-value">yes<', text)
    rules = re.findall(r'class="rule"[^>]*>([^<]*)<', text)
    assert "302.6" in rules and "702.10c" in rules
    assert "✓ PASS" not in text and "● ANSWERED" in text     # no expect: answered, said in a word and a mark
    assert 'id="question-file"' in text and "summoning_sick: true" in text


def test_the_page_shows_the_question_file_it_built(page):
    status, text = _Browser(page).post("/board", {**ELVES_FORM, "op": "file"})
    assert status == 200
    shown = re.search(r'<textarea id="question-file"[^>]*>(.*?)</textarea>', text, re.S).group(1)
    q = load_text(html.unescape(shown), "f")[0]
    assert isinstance(q, Question) and q.ask == "can-activate"
    assert [(o.name, o.summoning_sick) for o in q.state.objects] == [("Llanowar Elves", True), ("Fervor", False)]


def test_an_outcome_shows_its_final_states_as_changes(page):
    text = _ask(page, "/open", {"text": OUTCOME, "op": "answer"})
    final = text[text.index('id="final-states"'):]
    assert "Alice&#x27;s battlefield gains Grizzly Bears" in final
    assert "Forest (f1) became tapped" in final
    assert "PASS" in text


def test_an_error_and_an_unsupported_answer_say_what(page):
    text = _ask(page, "/open", {"text": OUTCOME.replace("resolve: 1", "resolve: sideways"), "op": "answer"})
    assert 'id="error"' in text and "resolve" in text
    text = _ask(page, "/board", {**ELVES_FORM, "o1.card": "Forest", "o2.player": "Alice", "o2.card": "Island",
                                 "q.ask": "can-pay", "q.cost": "{W}", "q.about": "", "op": "answer"})
    assert re.search(r'id="answer-value">no<', text)
    text = _ask(page, "/board", {**ELVES_FORM, "o1.card": "Tarmogoyf", "o1.zone": "hand", "q.ask": "can-play",
                                 "q.about": "Tarmogoyf", "op": "answer"})
    assert "? UNSUPPORTED" in text
    assert re.search(r'id="unsupported">Cannot model: .*Tarmogoyf.* neither built in nor in your card store', html.unescape(text))


def test_opening_a_file_shows_its_board(page):
    status, text = _Browser(page).post("/open", {"text": OUTCOME, "op": "open"})
    assert status == 200
    assert 'name="o2.card" value="Grizzly Bears"' in text and 'name="o2.id" value="bears"' in text
    assert re.search(r'name="o2.zone".*?<option value="hand" selected', text, re.S)


def test_card_names_complete_from_the_cards(page):
    status, text = _Browser(page).get("/cards?q=llanowar%20el")
    assert status == 200 and "Llanowar Elves" in json.loads(text)
    status, text = _Browser(page).get("/cards?q=compleated")   # a double-faced card by its back face
    assert "Compleated Conjurer" in json.loads(text)


def test_off_loopback_the_page_needs_its_token():
    with running(Settings(token="a-long-token-1234")) as base:
        b = _Browser(base)
        assert b.get("/")[0] == 403
        assert b.get("/?token=wrong-token-00")[0] == 403
        assert b.get("/?token=a-long-token-1234")[0] == 200
        assert b.get("/")[0] == 200            # the cookie it left
        assert _Browser(base).get("/cards?q=forest")[0] == 403


# ------------------------------------------------------------------ the queue

def test_one_question_at_a_time_and_the_queue_says_how_many_are_ahead(monkeypatch):
    gate = threading.Event()
    started = threading.Event()
    real = jobs.ask

    def slow(q, **kw):
        started.set()
        gate.wait(60)
        return real(q, **kw)

    monkeypatch.setattr(jobs, "ask", slow)
    queue = jobs.Queue(timeout=10)
    text = question_text(document_from_board(Board.from_form(ELVES_FORM)))
    first = queue.submit("a", text)
    started.wait(60)
    second = queue.submit("a", text)
    third = queue.submit("b", text)
    assert queue.ahead(first) == 0 and queue.ahead(second) == 1 and queue.ahead(third) == 2
    queue.submit("a", text)
    with pytest.raises(jobs.QueueFull, match="3 questions waiting"):
        queue.submit("a", text)
    assert queue.get("b", first.number) is None      # another client's question is not shown
    gate.set()
    third.future.result(60)
    assert first.done and second.done and first.result.answer.value is True
    queue.close()


def test_a_cited_rule_opens_its_text_where_the_rules_were_imported(shared_dir, monkeypatch, tmp_path):
    monkeypatch.setenv("MTGJUDGE_RULES", str(tmp_path / "none.txt"))
    with running() as base:
        status, text = _Browser(base).get("/rules/302.6")
        assert status == 404 and "rules import" in html.unescape(text)
    monkeypatch.setenv("MTGJUDGE_RULES", str(shared_dir / "rules" / "MagicCompRules-20260417.txt"))
    with running() as base:
        status, text = _Browser(base).get("/rules/302.6")
        assert status == 200 and "summoning sickness" in html.unescape(text).lower()
        assert _Browser(base).get("/rules/999.99")[0] == 404


def test_without_a_token_the_page_answers_only_to_its_loopback_names(page):
    for host, status in (("evil.example", 403), ("evil.example:80", 403), ("localhost:8765", 200),
                         ("127.0.0.1", 200), ("[::1]:8765", 200)):
        req = urllib.request.Request(page + "/", headers={"Host": host})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                got = r.status
        except urllib.error.HTTPError as e:
            got = e.code
        assert got == status, host


def test_more_objects_gives_more_empty_rows(page):
    status, text = _Browser(page).post("/board", {**ELVES_FORM, "o2.card": "", "o3.card": "", "op": "rows"})
    assert status == 200
    assert 'name="o0.card" value="Llanowar Elves"' in text and 'name="o7.card"' in text
    assert 'name="o8.card"' not in text


def test_a_file_of_several_questions_opens_the_one_chosen(page):
    two = OUTCOME + "---\n" + OUTCOME.replace("cast-the-bears", "second-one").replace("Grizzly Bears", "Llanowar Elves")
    status, text = _Browser(page).post("/open", {"text": two, "op": "open", "index": "1"})
    assert status == 200 and "the board shows number 2" in text
    assert 'name="o2.card" value="Llanowar Elves"' in text and '<option value="1" selected>2. second-one' in text
    text = _ask(page, "/open", {"text": two, "op": "answer", "index": "1"})
    assert "second-one" in text and "Alice&#x27;s battlefield gains Llanowar Elves" in text


def test_the_answer_shows_the_rulings_of_the_cards_involved(tmp_path, monkeypatch):
    # the rulings the card store keeps (`cards import` of a rulings file) of each card the board names, dated
    import json as json_module

    from mtgjudge.model.cards.store import ENV_VAR, use_store
    from mtgjudge.queries.api import ask, loads
    from mtgjudge.queries.cli import main
    from mtgjudge.queries.web import render
    from mtgjudge.queries.web.jobs import rulings_of
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "cards.sqlite"))
    use_store(None)
    try:
        rulings = tmp_path / "rulings_00.json"
        rulings.write_text(json_module.dumps({"Fervor": [{"date": "2004-10-04", "text": "It gives haste to the "
                                                          "creatures you control as long as it is on the battlefield."}]}))
        assert main(["cards", "import", str(rulings)]) == 0
        (q,) = loads("id: e\nask: can-activate\nabout: elves\nstate:\n  players:\n    Alice:\n      battlefield:\n"
                     "        - Fervor\n        - {card: Llanowar Elves, id: elves, summoning_sick: true}\n")
        kept = rulings_of(q)
        assert [name for name, _ in kept] == ["Fervor"]
        text = render.answer_section(ask(q), None, kept)
        shown = text[text.index('id="rulings"'):]
        assert "Fervor" in shown and "2004-10-04" in shown and "gives haste" in shown
    finally:
        use_store(None)


def test_combat_status_has_fields_of_its_own_on_the_board():
    from mtgjudge.queries.web.board import board_from_document, document_from_board
    doc = {"id": "c", "ask": "can-block", "about": "wall", "attacker": "bears",
           "state": {"turn": {"active": "Alice", "step": "declare-blockers"},
                     "players": {"Alice": {"battlefield": [{"card": "Grizzly Bears", "id": "bears", "attacking": "Bob"}]},
                                 "Bob": {"battlefield": [{"card": "Wall of Wood", "id": "wall", "blocking": ["bears"]}]}}}}
    b = board_from_document(doc)
    rows = {r.id: r for r in b.rows if r.id}
    assert rows["bears"].attacking == "Bob" and rows["wall"].blocking == "bears" and not rows["bears"].more
    back = document_from_board(b)
    assert back["state"]["players"]["Alice"]["battlefield"][0]["attacking"] == "Bob"
    assert back["state"]["players"]["Bob"]["battlefield"][0]["blocking"] == ["bears"]
