"""The web server against hostile clients: a real ``shudu serve`` in a subprocess, raw
sockets, hostile bodies on every endpoint, ``Host`` headers, slow clients, and workers
that run out of memory.  Every wait is bounded."""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from starlette.testclient import TestClient

from shudu.web.app import API, Limits, create_app

SRC = Path(__file__).resolve().parents[2] / "src"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
DEADLINE = 1.5   # the test server's header and body deadlines (seconds)

# A server with short deadlines, started the way ``shudu serve`` starts it.
SERVER = """
import socket
from shudu.cli.serve import run
from shudu.web.app import Limits, create_app
limits = Limits(header_seconds={deadline}, body_seconds={deadline}, workers=1,
                connections=12, seconds=5.0)
sock = socket.socket()
sock.bind(("127.0.0.1", 0))
sock.listen(128)
port = sock.getsockname()[1]
print(port, flush=True)
run(create_app(limits, port=port), sock, limits)
"""


class Server:
    """A server process: its ``port``, its log once stopped (the log goes to a file,
    so a chatty server never blocks on a full pipe)."""

    def __init__(self, args: list[str]) -> None:
        self._err = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self._err,
                                        text=True, env={**os.environ, "PYTHONPATH": str(SRC)},
                                        start_new_session=True)
        try:
            self.first = self._line()
        except BaseException:
            self.stop()
            raise
        self.port = int(self.first.split()[0]) if self.first.split()[0].isdigit() else None
        self.log = ""

    def _line(self) -> str:
        found: list[str] = []
        reader = threading.Thread(target=lambda: found.append(self.process.stdout.readline()),
                                  daemon=True)
        reader.start()
        reader.join(30)
        assert found and found[0], "the server did not start"
        return found[0]

    def stop(self) -> str:
        self.process.terminate()
        try:
            out, _ = self.process.communicate(timeout=15)
        except subprocess.TimeoutExpired:   # the server and its workers
            os.killpg(self.process.pid, signal.SIGKILL)
            out, _ = self.process.communicate(timeout=15)
        self.first = getattr(self, "first", "") + out
        self._err.seek(0)
        self.log = self._err.read()
        return self.log


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def _server(deadline: float = DEADLINE) -> Server:
    return Server([sys.executable, "-c", SERVER.format(deadline=deadline)])


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = _server()
    yield s
    s.stop()


def _json(port: int, name: str, body: bytes) -> tuple[int, bytes]:
    return request(port, "POST", f"/api/v1/{name}", body,
                   {"Content-Type": "application/json", "Host": f"127.0.0.1:{port}"})


# ---------------------------------------------------------------------- hostile bodies
HOSTILE = [
    b'{"puzzle": ' + b"[" * 20000 + b"]" * 20000 + b"}",
    b'{"puzzle": "' + EASY.encode() + b'", "rules": ' + b"9" * 5000 + b"}",
    b'{"limit": ' + b"1" * 5000 + b"}",
    b'{"puzzle": "\xff\xfe"}',
    b'{"puzzle": NaN}',
    b'{"level": Infinity}',
    b'{"puzzle": "' + EASY.encode() + b'", "values": [[[[[[1]]]]]], "candidates": {"a": 1}}',
    b'{"puzzle": "' + EASY.encode() + b'", "rules": {"size": [1, 2], "boxes": "x"}}',
    b'{"puzzle": "' + EASY.encode() + b'", "rules": 99999999999999999999999999999999}',
    b'{"seed": 999999999999999999999999999999999999, "rules": 9}',
    b'{"puzzle": "' + EASY.encode() + b'", "level": -99999999999999999999, "lang": ""}',
    b'{"puzzle": "' + EASY.encode() + b'", "candidates": [[1e308, -1, 0.5]]}',
    b'"just a string"',
    b"\x00\x01\x02",
    b"",
]


@pytest.mark.parametrize("name", sorted(API))
def test_hostile_bodies_answer_a_json_error_not_a_crash(server, name):
    for body in HOSTILE:
        status, text = _json(server.port, name, body)
        assert status < 500 or status in (503, 504), (body[:60], status, text[:300])
        if status >= 400:
            assert "error" in json.loads(text), text[:300]
        assert b"Traceback" not in text


def test_a_deep_or_huge_body_is_a_400_naming_the_place(server):
    deep = HOSTILE[0]
    status, text = _json(server.port, "parse", deep)
    error = json.loads(text)["error"]
    assert status == 400 and error["code"] == "bad-request"
    assert "nested at most 64 deep" in error["message"] and "column 75" in error["message"]
    status, text = _json(server.port, "solve", HOSTILE[1])
    assert status == 400 and "at most 40 characters" in json.loads(text)["error"]["message"]


def test_the_log_holds_no_traceback(server):
    for body in HOSTILE[:3]:
        _json(server.port, "hint", body)
    assert request(server.port, "GET", "/api/v1/openapi.json",
                   headers={"Host": f"localhost:{server.port}"})[0] == 200
    log = server.stop()
    assert "Traceback" not in log, log[-3000:]


# ---------------------------------------------------------------------- slow clients
def _trickle(sock: socket.socket, data: bytes, every: float, stop: threading.Event) -> None:
    """Send ``data`` a byte at a time; stop when the server closes the connection."""
    for byte in data:
        if stop.wait(every):
            return
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            return


def _closed_within(sock: socket.socket, seconds: float) -> bytes | None:
    """What the server sent before closing ``sock``, or ``None`` if still open after
    ``seconds``."""
    sock.settimeout(seconds)
    received = b""
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            chunk = sock.recv(4096)
            if not chunk:
                return received
            received += chunk
    except TimeoutError:
        return None
    except OSError:   # reset: closed as well
        return received
    return None


@pytest.fixture()
def slow_server() -> Iterator[Server]:
    s = _server()
    yield s
    s.stop()


def test_slow_headers_are_cut_off_and_others_are_answered(slow_server):
    port = slow_server.port
    stop = threading.Event()
    head = f"GET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    sockets = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(6)]
    threads = [threading.Thread(target=_trickle, args=(s, head, 0.3, stop), daemon=True)
               for s in sockets]
    try:
        for t in threads:
            t.start()
        time.sleep(0.3)
        # meanwhile another client is answered
        status, _ = request(port, "GET", "/api/v1/openapi.json",
                            headers={"Host": f"127.0.0.1:{port}"})
        assert status == 200
        for s in sockets:   # a byte every 0.3 s does not extend the 1.5 s deadline
            sent = _closed_within(s, DEADLINE + 8)
            assert sent is not None, "a slow client was not disconnected"
            assert sent.startswith(b"HTTP/1.1 408") and b'"timeout"' in sent
    finally:
        stop.set()
        for s in sockets:
            s.close()


def test_slow_body_and_silent_clients_are_cut_off(slow_server):
    port = slow_server.port
    stop = threading.Event()
    silent = socket.create_connection(("127.0.0.1", port), timeout=10)
    slow = socket.create_connection(("127.0.0.1", port), timeout=10)
    slow.sendall(f"POST /api/v1/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
                 "application/json\r\nContent-Length: 200\r\n\r\n".encode())
    body = threading.Thread(target=_trickle, args=(slow, b" " * 200, 0.3, stop), daemon=True)
    body.start()
    try:
        assert (_closed_within(silent, DEADLINE + 8) or b"").startswith(b"HTTP/1.1 408")
        assert (_closed_within(slow, DEADLINE + 8) or b"").startswith(b"HTTP/1.1 408")
    finally:
        stop.set()
        silent.close()
        slow.close()
    assert request(port, "GET", "/", headers={"Host": f"127.0.0.1:{port}"})[0] == 200
    assert "Traceback" not in slow_server.stop()


def test_connections_are_capped():
    patient = _server(deadline=60.0)   # the held connections are not cut off meanwhile
    port = patient.port
    held = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(12)]
    try:
        time.sleep(0.2)
        status, _ = request(port, "GET", "/", headers={"Host": f"127.0.0.1:{port}"})
        assert status == 503
    finally:
        for s in held:
            s.close()
    try:
        for _ in range(50):   # the server notices the closed connections
            time.sleep(0.1)
            if request(port, "GET", "/", headers={"Host": f"127.0.0.1:{port}"})[0] == 200:
                break
        else:
            pytest.fail("the server did not answer once the connections were closed")
    finally:
        patient.stop()


# ---------------------------------------------------------------------- Host and --host
def _serve(*options: str) -> Server:
    return Server([sys.executable, "-m", "shudu", "serve", "--port", "0", *options])


def _port(printed: str) -> int:
    return int(printed.split("port ")[1].split()[0]) if "port " in printed else int(
        printed.rsplit(":", 1)[1].split("/")[0])


def test_every_interface_is_announced_and_its_address_is_no_host():
    s = _serve("--host", "0.0.0.0", "--workers", "1")
    try:
        port = _port(s.first)
        assert "every interface (0.0.0.0)" in s.first and f"http://127.0.0.1:{port}/" in s.first

        def get(host: str) -> int:
            return request(port, "GET", "/api/v1/openapi.json", headers={"Host": host})[0]

        assert get(f"0.0.0.0:{port}") == 421
        assert get("0.0.0.0") == 421
        assert get(f"127.0.0.1:{port}") == 200 and get(f"localhost:{port}") == 200
    finally:
        log = s.stop()
    assert "reachable from the network" in log and "--allow-host" in log


def test_allow_host_names_what_is_accepted():
    s = _serve("--host", "127.0.0.2", "--allow-host", "Sudoku.LAN", "--allow-host", "::5",
               "--workers", "1")
    try:
        port = _port(s.first)
        assert f"http://127.0.0.2:{port}/" in s.first

        def get(host: str) -> int:
            conn = http.client.HTTPConnection("127.0.0.2", port, timeout=20)
            try:
                conn.request("GET", "/api/v1/openapi.json", headers={"Host": host})
                return conn.getresponse().status
            finally:
                conn.close()

        for host in (f"sudoku.lan:{port}", f"127.0.0.2:{port}", f"[::5]:{port}", "localhost"):
            assert get(host) == 200, host
        for host in (f"0.0.0.0:{port}", f"evil.example:{port}", f"sudoku.lan:{port + 1}"):
            assert get(host) == 421, host
    finally:
        log = s.stop()
    assert "reachable from the network" not in log


# ---------------------------------------------------------------------- worker memory
def _vm_size() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    pytest.skip("no /proc/self/status")


def _allocate(**args: object) -> dict:
    return {"size": len(bytearray(4 * 2**30))}


def test_a_worker_out_of_memory_answers_413_and_is_replaced(monkeypatch):
    """A call that asks more memory than a worker may use gets a JSON 413, its worker
    is replaced, and the next call is answered."""
    pytest.importorskip("resource")
    from shudu.web import tasks

    monkeypatch.setitem(tasks.TASKS, "solve", _allocate)   # workers fork from here
    limits = Limits(workers=1, memory=_vm_size() + 512 * 2**20)
    app = create_app(limits, port=8767)
    with TestClient(app, base_url="http://127.0.0.1:8767") as client:
        pool = app.app.state.pool
        pool._ctx = multiprocessing.get_context("fork")
        r = client.post("/api/v1/solve", json={"puzzle": EASY})
        assert r.status_code == 413, r.text
        error = r.json()["error"]
        assert error["code"] == "too-large" and "memory" in error["message"]
        assert pool._all == []   # the worker is gone
        monkeypatch.setitem(tasks.TASKS, "solve", tasks.solve)
        r = client.post("/api/v1/solve", json={"puzzle": EASY})
        assert r.status_code == 200 and r.json()["status"] == "unique"


# ---------------------------------------------------------------------- unexpected errors
def test_an_unexpected_error_is_one_log_line_and_a_json_500(capsys):
    app = create_app(Limits(workers=1), port=8768)

    async def broken(*args: object) -> None:
        raise RuntimeError("secret detail")

    with TestClient(app, base_url="http://127.0.0.1:8768",
                    raise_server_exceptions=False) as client:
        app.app.state.pool.run = broken
        r = client.post("/api/v1/solve", json={"puzzle": EASY})
    assert r.status_code == 500
    assert r.json() == {"error": {"code": "internal", "message": "internal error"}}
    log = capsys.readouterr().err
    assert log == "shudu serve: internal error on POST '/api/v1/solve': RuntimeError\n"
