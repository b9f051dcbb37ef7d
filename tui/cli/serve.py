"""`bpe-tui serve`: the real app in a browser, through textual-serve (the optional extra bpe-tui[web]).

bpe-tui serve --port 8000 --fontsize 26 --table gpt2 --text "Hi 你!"

Every option serve does not know goes to the app (`python -m tui ...`), which each browser tab starts
afresh. The page is tui/web/app_index.html: it loads only what textual-serve bundles (its script, its
stylesheet, its Roboto Mono font) from this server, and opens the websocket to the host in the
address bar, so it works offline and behind any address the server is bound to.
"""

from __future__ import annotations

import argparse
import errno
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

#: The folder of the page template (in the wheel too: it is inside the tui package).
TEMPLATES = Path(__file__).resolve().parents[1] / "web"
INSTALL = "install the web extra: `uv sync --extra web` in the source tree, or `pip install 'bpe-tui[web]'`"
#: Host strings that mean "every interface": the banner then names this machine instead.
WILDCARDS = ("0.0.0.0", "::", "")
MIN_FONT, MAX_FONT = 6, 96


class ServeError(Exception):
    """A serve mistake (a busy port, a bad host, the extra missing), told in one sentence with exit 2."""


def add_serve(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Serve bpe-tui to a web browser with textual-serve; each tab runs its own app. "
        "Options serve does not know (a trace file, --table, --text, ...) are passed to the app."
    )
    parser.allow_abbrev = False  # an abbreviation of serve's options could be one of the app's
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1; 0.0.0.0 for every interface)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    parser.add_argument(
        "--fontsize",
        type=int,
        default=16,
        metavar="PX",
        help="the terminal's font size in pixels when the address has no ?fontsize= (default: 16; about 26 on a projector)",
    )


def app_command(app_argv: list[str]) -> str:
    """The shell command each browser session runs: this Python, this package, the app's options."""
    return shlex.join([sys.executable, "-m", "tui", *app_argv])


def url_host(host: str) -> str:
    """How `host` is written in a URL: this machine's name for a wildcard, brackets around IPv6."""
    if host in WILDCARDS:
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def check_options(host: str, port: int, fontsize: int) -> None:
    if not 1 <= port <= 65535:
        raise ServeError(f"--port {port} is not a port: give a number from 1 to 65535.")
    if not MIN_FONT <= fontsize <= MAX_FONT:
        raise ServeError(f"--fontsize {fontsize} is out of range: give {MIN_FONT} to {MAX_FONT} pixels.")
    check_port(host, port)


def check_port(host: str, port: int) -> None:
    """Bind every address of `host` once, as the server will, so a busy port is told before it starts."""
    try:
        addresses = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise ServeError(f"cannot listen on {host!r}: it is not an address or a known host name.") from None
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                raise ServeError(bind_problem(host, port, exc)) from None


def bind_problem(host: str, port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is already in use: stop what is using it or choose another with --port."
    return f"cannot listen on {host} port {port}: {exc.strerror or exc}."


def make_server(command: str, host: str, port: int, fontsize: int) -> Any:
    """A textual-serve Server with bpe-tui's offline page, whose default font size is `fontsize`."""
    try:
        from aiohttp import web
        from textual_serve.server import Server
    except ImportError:
        raise ServeError(f"bpe-tui serve needs textual-serve, which is not installed: {INSTALL}.") from None

    class BpeServer(Server):
        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            if not request.query.get("fontsize", "").isdigit():  # absent or not a number: serve's --fontsize
                request = request.clone(rel_url=request.rel_url.update_query(fontsize=fontsize))
            return await super().handle_index(request)

    # public_url only names the server in its banner: the page builds its URLs from the address bar.
    return BpeServer(command, host=host, port=port, title="bpe-tui", public_url=f"http://{url_host(host)}:{port}", templates_path=TEMPLATES)


def run_serve(args: argparse.Namespace) -> None:
    """Check the options (the app's, `args.app_argv`, with the app's parser), then serve until Ctrl+C."""
    from .app_options import build_app_parser

    app_argv = args.app_argv[1:] if args.app_argv[:1] == ["--"] else args.app_argv
    build_app_parser().parse_args(app_argv)
    check_options(args.host, args.port, args.fontsize)
    server = make_server(app_command(app_argv), args.host, args.port, args.fontsize)
    if args.host in WILDCARDS:
        print(
            f"bpe-tui: listening on every interface; open http://{url_host(args.host)}:{args.port} or this machine's address from another computer."
        )
    try:
        server.serve()
    except OSError as exc:  # the port was taken between the check and the start
        raise ServeError(bind_problem(args.host, args.port, exc)) from None
