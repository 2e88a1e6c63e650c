"""What the browser tests share: the app served on a free port, and the steps a person
takes on the page (open it, click a cell, paste a puzzle, wait for an answer)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from shudu.web.app import Limits, create_app


def serve(limits: Limits) -> Iterator[str]:
    """The app with ``limits`` on a free loopback port, served by uvicorn in a thread of
    this process: yields its address until the caller is done."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(limits, port=port)
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module", name="server")
def served_app() -> Iterator[str]:
    """The app as ``shudu serve`` runs it, with room for slow calls on a busy machine."""
    yield from serve(Limits(seconds=20.0, generate=60.0, workers=2))


def cell(page, index: int):
    return page.locator(f'#grid .cell[data-cell="{index}"]')


def open_app(page, server):
    page.goto(server)
    page.wait_for_selector("body[data-ready]")


def idle(page):
    page.wait_for_selector("body:not([data-busy])")


def paste(page, text: str):
    page.fill("#puzzle-text", text)
    page.click("#load")
    page.wait_for_selector('#grid .cell[data-cell="80"]')
    idle(page)


