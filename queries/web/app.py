"""``mtgjudge serve``: the page's routes, its token, and starting it.

Routes: ``/`` the board; ``POST /board`` the board's form (answer it, show its question file, more rows);
``POST /open`` a question file pasted or uploaded (show it on the board, or answer it as it is);
``/answer/N`` a question's answer (or its place in the queue); ``/cards?q=`` card names for autocomplete;
``/rules/N`` a rule's text where the Comprehensive Rules were imported.

Bound to loopback it serves anyone on the machine; on any other address it needs a token, given at start
(``--token``) and printed with the address: the first request carries it as ``?token=``, which leaves it in
a cookie. Nothing is written to disk: questions and answers are kept in memory (``jobs.Queue``).
"""
from __future__ import annotations

import hmac
import ipaddress
import secrets
import sys
import webbrowser
from contextlib import asynccontextmanager
from typing import Any

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.deadline import DEFAULT_SECONDS
from mtgjudge.model.safe_yaml import MAX_BYTES, FileProblem, load_documents
from mtgjudge.queries import rules_text
from mtgjudge.queries.web import render
from mtgjudge.queries.web.board import (MAX_ROWS, SPARE_ROWS, Board, BoardError, board_from_document,
                                        document_from_board, question_text)
from mtgjudge.queries.web.jobs import Queue, QueueFull
from mtgjudge.model.lazy_dataclass import dataclass

try:
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.base import BaseHTTPMiddleware
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
    from starlette.routing import Route
    import uvicorn
except ImportError:  # pragma: no cover  (the extra is not installed: serve says how to install it)
    Starlette = uvicorn = None  # type: ignore[assignment,misc]

COOKIE = "mtgjudge_token"
#: The most form fields a request may have: a board of the format's 1000 objects, each a row of fields.
MAX_FIELDS = 20000


class ServeError(Exception):
    """``serve`` cannot start as asked; the message says why and what to do."""


def is_loopback(host: str) -> bool:
    """Is ``host`` an address only this machine reaches (127.0.0.0/8, ::1, localhost)?"""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass
class Settings:
    """What the page was started with: the token (None on loopback without one) and the time bound."""

    token: str | None = None
    timeout: float | None = DEFAULT_SECONDS


def _host_of(header: str) -> str:
    """The host name of a Host header (``[::1]:8765`` -> ``::1``; ``localhost:8765`` -> ``localhost``)."""
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def _client(request: Request) -> str:
    """Who is asking, for the queue: the address, and the browser's cookie of the page (given on its first
    request, see ``guard``)."""
    host = request.client.host if request.client else "?"
    return f"{host}|{request.state.browser}"


def _closing(queue: Queue):
    """The application's lifespan: the queue's worker stops with the server."""
    @asynccontextmanager
    async def lifespan(app):
        yield
        queue.close()
    return lifespan


def create_app(settings: Settings | None = None) -> "Starlette":
    """The page as an ASGI application."""
    if Starlette is None:
        raise ServeError("the page needs the web extra: pip install 'mtgjudge[web]'")
    settings = settings or Settings()
    queue = Queue(timeout=settings.timeout)
    rules_cache: dict[str, Any] = {}

    def html(body: str, status: int = 200, refresh: int | None = None, title: str = "mtgjudge") -> HTMLResponse:
        return HTMLResponse(render.page(title, body, refresh), status_code=status)

    def board_page(b: Board, note: str = "", text: str | None = None, status: int = 200,
                   spare: int = SPARE_ROWS) -> HTMLResponse:
        body = note + render.open_form() + render.board_form(b, spare)
        if text is not None:
            body += render.question_file(text, f"{b.question.get('id') or 'question'}.yaml")
        return html(body, status)

    async def read_form(request: Request):
        size = request.headers.get("content-length")
        if size is not None and size.isdigit() and int(size) > MAX_BYTES + 65536:
            return None
        return await request.form(max_files=1, max_fields=MAX_FIELDS, max_part_size=MAX_BYTES)

    async def home(request: Request) -> Response:
        return board_page(Board())

    def submit(request: Request, text: str, index: int = 0) -> Response:
        try:
            job = queue.submit(_client(request), text, index)
        except QueueFull as e:
            return html(render.message(str(e)), 429)
        return RedirectResponse(f"/answer/{job.number}", status_code=303)

    async def board(request: Request) -> Response:
        form = await read_form(request)
        if form is None:
            return html(render.message(f"the form is over {MAX_BYTES // (1024 * 1024)} MB; refused"), 413)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        b = Board.from_form(fields)
        op = fields.get("op", "answer")
        if op == "rows":   # the empty rows sent come back, and more
            sent = sum(1 for k in fields if k.startswith("o") and k.endswith(".card"))
            return board_page(b, spare=min(max(sent - len(b.rows), 0) + SPARE_ROWS, MAX_ROWS - len(b.rows)))
        try:
            text = question_text(document_from_board(b))
        except BoardError as e:
            return board_page(b, render.message(str(e)), status=400)
        if op == "file":
            return board_page(b, text=text)
        return submit(request, text)

    async def open_file(request: Request) -> Response:
        form = await read_form(request)
        if form is None:
            return html(render.message(f"the file is over {MAX_BYTES // (1024 * 1024)} MB; refused"), 413)
        text = form.get("text") or ""
        upload = form.get("file")
        if upload is not None and not isinstance(upload, str) and upload.filename:
            raw = await upload.read(MAX_BYTES + 1)
            if len(raw) > MAX_BYTES:
                return html(render.message(f"the file is over {MAX_BYTES // (1024 * 1024)} MB; refused"), 413)
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError as e:
                return html(render.message(f"{upload.filename}: the file is not UTF-8 text (byte {e.start})"), 400)
        index = int(form.get("index") or 0) if str(form.get("index") or "0").isdigit() else 0
        if form.get("op") == "answer":
            return submit(request, text, index)
        return show_file(text, index)

    def show_file(text: str, index: int, note: str = "") -> HTMLResponse:
        try:
            docs = [d for d in load_documents(text) if d.data is not None or d.problem is not None]
        except FileProblem as p:
            return html(render.open_form(text) + render.message(p.message), 400)
        if not docs:
            return html(render.open_form(text) + render.message("the file holds no question"), 400)
        doc = docs[min(index, len(docs) - 1)]
        if doc.problem is not None or not isinstance(doc.data, dict):
            problem = doc.problem.message if doc.problem else "a question is a mapping of keys"
            return html(render.open_form(text) + render.message(f"line {doc.line}: {problem}"), 400)
        if len(docs) > 1:
            ids = [(d.id_hint or f"question {k + 1}") for k, d in enumerate(docs)]
            note += render.choose_question(text, ids, min(index, len(docs) - 1))
        return board_page(board_from_document(doc.data), note, text=text)

    async def answer(request: Request) -> Response:
        number = request.path_params["number"]
        job = queue.get(_client(request), number)
        if job is None:
            return html(render.message("no such question here (answers are kept only for a while)"), 404)
        if not job.done:
            return html(render.waiting(queue.ahead(job)) + render.question_file(job.text), refresh=1)
        body = ""
        if job.error is not None:
            body += f'<section id="answer"><h2>Answer</h2><p><span class="status error" id="status">! ERROR</span>' \
                    f'</p><p class="error" id="error">{render.escape(job.error)}</p></section>'
        else:
            assert job.result is not None   # a job done without an error has its result (jobs.Queue._answer)
            body += render.answer_section(job.result, job.start, job.rulings)
        try:
            docs = [d for d in load_documents(job.text) if d.data is not None]
            b = board_from_document(docs[min(job.index, len(docs) - 1)].data) if docs else Board()
        except (FileProblem, AttributeError, TypeError):
            b = Board()
        return html(body + render.open_form() + render.board_form(b) + render.question_file(job.text))

    async def cards(request: Request) -> Response:
        return JSONResponse(card_db().complete(request.query_params.get("q", "")[:200]))

    async def rule(request: Request) -> Response:
        number = request.path_params["number"]
        try:
            if "rules" not in rules_cache:
                rules_cache["rules"] = rules_text.load()
        except rules_text.RulesFileError as e:
            return HTMLResponse(render.rule_page(None, number, [], f"{e} (the product does not ship the rules "
                                                 "text: import it once with `mtgjudge rules import "
                                                 "MagicCompRules-YYYYMMDD.txt`, or set MTGJUDGE_RULES)"),
                                status_code=404)
        rules = rules_cache["rules"]
        found = rules.get(number)
        return HTMLResponse(render.rule_page(found, number, rules.subrules(number) if found else []),
                            status_code=200 if found else 404)

    async def guard(request: Request, call_next):
        if settings.token is None and not is_loopback(_host_of(request.headers.get("host", ""))):
            # served without a token, the page answers only to this machine's own names for itself: a web
            # page elsewhere that names it otherwise (DNS rebinding) gets nothing
            return HTMLResponse(render.page("mtgjudge", render.message(
                "This page answers only at 127.0.0.1 or localhost.")), status_code=403)
        given = request.query_params.get("token")
        if settings.token is not None:
            ok = any(t is not None and hmac.compare_digest(t.encode(), settings.token.encode())
                     for t in (given, request.cookies.get(COOKIE)))
            if not ok:
                return HTMLResponse(render.page("mtgjudge", render.message(
                    "This page needs the token printed when `mtgjudge serve` started: open the address it "
                    "printed.")), status_code=403)
        request.state.browser = request.cookies.get("mtgjudge_client") or secrets.token_urlsafe(12)
        response = await call_next(request)
        if settings.token is not None and given is not None:
            response.set_cookie(COOKIE, settings.token, httponly=True, samesite="strict")
        if "mtgjudge_client" not in request.cookies:
            response.set_cookie("mtgjudge_client", request.state.browser, httponly=True, samesite="strict")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        return response

    app = Starlette(routes=[
        Route("/", home), Route("/board", board, methods=["POST"]), Route("/open", open_file, methods=["POST"]),
        Route("/answer/{number:int}", answer), Route("/cards", cards), Route("/rules/{number}", rule),
    ], lifespan=_closing(queue),
        middleware=[Middleware(BaseHTTPMiddleware, dispatch=guard)])

    return app


def start_settings(host: str, token: str | None, timeout: float | None) -> Settings:
    """The settings to serve on ``host`` with; raise :class:`ServeError` on an address other machines reach
    without a token (``--token generate`` makes one)."""
    if token == "generate":
        token = secrets.token_urlsafe(18)
    if token is not None and len(token) < 8:
        raise ServeError("the token is at least 8 characters (or say --token generate)")
    if token is None and not is_loopback(host):
        raise ServeError(f"{host} is reachable from other machines: serving it needs a token (--token TOKEN, or "
                         "--token generate to have one made and printed)")
    return Settings(token=token, timeout=timeout)


def serve(host: str = "127.0.0.1", port: int = 8765, token: str | None = None, open_browser: bool = False,
          timeout: float | None = DEFAULT_SECONDS) -> int:
    """Run the page until interrupted (the ``serve`` command); raise :class:`ServeError` if it cannot start."""
    settings = start_settings(host, token, timeout)
    app = create_app(settings)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/" + (f"?token={settings.token}" if settings.token else "")
    print(f"mtgjudge: serving the page at {url}  (Ctrl-C stops it)", flush=True)
    if open_browser:
        webbrowser.open(url)
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning")
    except OSError as e:
        raise ServeError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    except SystemExit as e:   # uvicorn exits when it cannot bind
        if e.code:
            raise ServeError(f"cannot listen on {host}:{port}") from None
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(serve())
