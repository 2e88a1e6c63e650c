"""``shudu serve``: start the local web app (play, hints, explanations, generate, rate)."""

from __future__ import annotations

import click

from .app import cli

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def server_url(host: str, port: int) -> str:
    """The address to open for a server bound to ``host`` and ``port``.

    >>> server_url("127.0.0.1", 8765), server_url("::1", 80), server_url("0.0.0.0", 1)
    ('http://127.0.0.1:8765/', 'http://[::1]:80/', 'http://127.0.0.1:1/')
    """
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


@cli.command(
    epilog="""\b
Examples:
  shudu serve                # http://127.0.0.1:8765/
  shudu serve --port 9000 --open""",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; only this machine can reach the default.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Worker processes for the calls (default: one per core, up to 4).")
def serve(port: int, host: str, open_browser: bool, workers: int | None) -> None:
    """Start the web app: play a puzzle with pencil marks, ask hints on your own
    position, step through explanations, generate and rate puzzles.

    Binds to 127.0.0.1 by default and prints the address; Ctrl-C stops it.  Needs the
    web extra (pip install 'shudu[web]').
    """
    try:
        import uvicorn

        from ..web.app import LOCAL_HOSTS, Limits, create_app
    except ImportError as e:
        raise click.ClickException(
            f"the web app needs the web extra: pip install 'shudu[web]' ({e.name} is missing)"
        ) from None
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise click.ClickException(f"cannot listen on {host}:{port}: {e.strerror}") from None
    port = sock.getsockname()[1]
    hosts = LOCAL_HOSTS if host in LOOPBACK else LOCAL_HOSTS | {host.lower()}
    app = create_app(Limits(workers=workers), port=port, hosts=hosts)
    url = server_url(host, port)
    click.echo(f"shudu is serving on {url} (Ctrl-C stops it)")
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # pragma: no cover - interactive
        pass
    finally:
        sock.close()


__all__ = ["serve", "server_url"]
