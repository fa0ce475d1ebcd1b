"""A running ``mtgjudge serve`` page for the page's tests: uvicorn on a free loopback port, in a thread."""
from __future__ import annotations

import socket
import threading
from contextlib import contextmanager
from typing import Iterator

import pytest

uvicorn = pytest.importorskip("uvicorn", reason="the web extra (mtgjudge[web]) is not installed")

from mtgjudge.queries.web.app import Settings, create_app  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running(settings: Settings | None = None) -> Iterator[str]:
    """The page's base address (``http://127.0.0.1:PORT``) while it runs."""
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    started = threading.Event()
    for _ in range(600):          # until it listens (bounded: a server that never starts fails the test)
        if server.started:
            started.set()
            break
        threading.Event().wait(0.05)
    assert started.is_set(), "the page's server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
