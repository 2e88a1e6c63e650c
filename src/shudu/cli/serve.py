"""``shudu serve``: start the local web app (play, hints, explanations, generate, rate)."""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterable
from typing import Any

import click

from .app import cli

WILDCARD = ("0.0.0.0", "::", "")
"""Addresses that bind every interface."""


def host_name(address: str) -> str:
    """How a ``Host`` header names ``address``: lower case, an IPv6 address in brackets.

    >>> host_name("LocalHost"), host_name("::1"), host_name("[fe80::1]"), host_name("10.0.0.2")
    ('localhost', '[::1]', '[fe80::1]', '10.0.0.2')
    """
    name = address.strip().lower()
    return f"[{name}]" if ":" in name and not name.startswith("[") else name


def accepted_hosts(bind: str, allow: Iterable[str] = ()) -> frozenset[str]:
    """The ``Host`` names a server bound to ``bind`` answers: the loopback names, the
    bound address when it is one address (not every interface), and ``allow``.

    >>> sorted(accepted_hosts("0.0.0.0"))
    ['127.0.0.1', '[::1]', 'localhost']
    >>> sorted(accepted_hosts("192.168.1.5", ["sudoku.lan"]))
    ['127.0.0.1', '192.168.1.5', '[::1]', 'localhost', 'sudoku.lan']
    """
    from ..web.app import LOCAL_HOSTS

    specific = set() if bind in WILDCARD else {host_name(bind)}
    return frozenset(LOCAL_HOSTS | specific | {host_name(a) for a in allow})


def server_url(host: str, port: int) -> str:
    """The address to open for a server bound to ``host`` and ``port``.

    >>> server_url("127.0.0.1", 8765), server_url("::1", 80), server_url("0.0.0.0", 1)
    ('http://127.0.0.1:8765/', 'http://[::1]:80/', 'http://127.0.0.1:1/')
    """
    if host in WILDCARD:
        host = "127.0.0.1"
    return f"http://{host_name(host)}:{port}/"


def network_addresses() -> list[str]:
    """This machine's addresses other machines may reach (the outgoing ones and those
    its name resolves to; no packet is sent).

    >>> all(a not in ("127.0.0.1", "::1") for a in network_addresses())
    True
    """
    found: list[str] = []
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))   # a datagram socket only picks its route
                found.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)]
    except OSError:
        pass
    keep = [a.split("%")[0] for a in found]
    return [a for a in dict.fromkeys(keep) if not a.startswith(("127.", "::1", "fe80:"))
            and a not in WILDCARD]


def _loopback(host: str) -> bool:
    """Whether only this machine reaches ``host``.

    >>> _loopback("localhost"), _loopback("127.0.0.2"), _loopback("0.0.0.0"), _loopback("::1")
    (True, True, False, True)
    """
    import ipaddress

    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def announce(host: str, port: int, hosts: frozenset[str]) -> None:
    """Say where the server answers and, when other machines can reach it, warn."""
    if _loopback(host):
        click.echo(f"shudu is serving on {server_url(host, port)} (Ctrl-C stops it)")
        return
    if host in WILDCARD:
        click.echo(f"shudu is serving on every interface ({host or '0.0.0.0'}), port {port} "
                   f"(Ctrl-C stops it); on this machine: {server_url(host, port)}")
        for address in network_addresses():
            name = host_name(address)
            note = "" if name in hosts else f" (after --allow-host {address})"
            click.echo(f"  from the network: http://{name}:{port}/{note}")
    else:
        click.echo(f"shudu is serving on {server_url(host, port)} (Ctrl-C stops it)")
    from ..web.app import host_list

    click.echo("shudu: warning: the server is reachable from the network: anyone who can "
               "connect to this machine can use it; it answers requests naming "
               f"{host_list(hosts)} (--allow-host NAME adds a name)", err=True)


def protocol(limits: Any) -> type:
    """uvicorn's HTTP/1.1 protocol with deadlines: a client has ``limits.header_seconds``
    to send a request's line and headers (from the moment it connects or got its previous
    answer: a byte now and then does not extend it) and ``limits.body_seconds`` for the
    body; past them it gets a 408 answer and is disconnected.  (uvicorn itself only
    closes connections left idle after an answer.)

    >>> from shudu.web.app import Limits
    >>> protocol(Limits(header_seconds=2.0)).header_seconds
    2.0
    """
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    from ..web.app import error

    late = error(408, "timeout", "the request was not sent in time")
    answer = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
              b"connection: close\r\ncontent-length: %d\r\n\r\n%s"
              % (len(late.body), late.body))

    class Deadlines(H11Protocol):
        header_seconds: float = limits.header_seconds
        body_seconds: float = limits.body_seconds
        _timer: Any = None
        _waiting: str | None = None   # "headers", "body" or None (the app has it all)

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._follow()

        def connection_lost(self, exc: Exception | None) -> None:
            self._wait(None, None)
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            self._follow()

        def _follow(self) -> None:
            """Set the deadline for what the client owes now."""
            state = self.conn.their_state
            if state is h11.IDLE:
                self._wait("headers", self.header_seconds)
            elif state is h11.SEND_BODY:
                self._wait("body", self.body_seconds)
            else:
                self._wait(None, None)

        def _wait(self, what: str | None, seconds: float | None) -> None:
            if what == self._waiting and what is not None:
                return   # the running deadline stands
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._waiting = what
            if seconds is not None and not self.transport.is_closing():
                self._timer = self.loop.call_later(seconds, self._too_late)

        def _too_late(self) -> None:
            self._timer = None
            if self.transport.is_closing():
                return
            if self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):   # nothing sent yet
                self.transport.write(answer)
            self.transport.close()

    return Deadlines


def run(app: Any, sock: socket.socket, limits: Any) -> None:
    """Serve ``app`` on the listening ``sock`` with uvicorn until Ctrl-C, holding every
    client to ``limits`` (:class:`shudu.web.app.Limits`): connections, header size, and
    the time to send a request and to stay idle."""
    import uvicorn

    config = uvicorn.Config(
        app, log_level="warning", access_log=False, http=protocol(limits),
        timeout_keep_alive=limits.idle_seconds, limit_concurrency=limits.connections,
        h11_max_incomplete_event_size=limits.header_bytes)
    uvicorn.Server(config).run(sockets=[sock])


@cli.command(
    epilog="""\b
Examples:
  shudu serve                # http://127.0.0.1:8765/
  shudu serve --port 9000 --open
  shudu serve --host 0.0.0.0 --allow-host sudoku.lan   # reachable from the network""",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; only this machine can reach the default, 0.0.0.0 "
                   "binds every interface.")
@click.option("--allow-host", "allow", multiple=True, metavar="NAME",
              help="A name (or address) requests may give in their Host header, besides "
                   "localhost, 127.0.0.1, [::1] and the --host address (repeatable).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Worker processes for the calls (default: one per core, up to 4).")
def serve(port: int, host: str, allow: tuple[str, ...], open_browser: bool,
          workers: int | None) -> None:
    """Start the web app: play a puzzle with pencil marks, ask hints on your own
    position, step through explanations, generate and rate puzzles.

    Binds to 127.0.0.1 by default and prints the address; Ctrl-C stops it.  Requests
    must name the server as localhost, 127.0.0.1, [::1], the --host address or an
    --allow-host name.  Needs the web extra (pip install 'shudu[web]').
    """
    try:
        import uvicorn  # noqa: F401

        from ..web.app import Limits, create_app
    except ImportError as e:
        raise click.ClickException(
            f"the web app needs the web extra: pip install 'shudu[web]' ({e.name} is missing)"
        ) from None

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)   # clients queue until the server runs
    except OSError as e:
        sock.close()
        raise click.ClickException(f"cannot listen on {host}:{port}: {e.strerror}") from None
    port = sock.getsockname()[1]
    hosts = accepted_hosts(host, allow)
    limits = Limits(workers=workers)
    app = create_app(limits, port=port, hosts=hosts)
    announce(host, port, hosts)
    sys.stdout.flush()
    if open_browser:
        import webbrowser

        webbrowser.open(server_url(host, port))
    try:
        run(app, sock, limits)
    except KeyboardInterrupt:  # pragma: no cover - interactive
        pass
    finally:
        sock.close()


__all__ = ["accepted_hosts", "host_name", "protocol", "run", "serve", "server_url"]
