"""`bpe-tui serve`: the real app in a browser, through textual-serve (the optional extra bpe-tui[web]).

bpe-tui serve --port 8000 --fontsize 26 --table gpt2 --text "Hi 你!"

Every option serve does not know goes to the app (`python -P -m tui ...`: the installed package, never a
tui/ folder in the current one), which each browser tab starts afresh; serve checks them first, as the app
would. A visitor reaches none of this computer's files (tui/access.py): open takes the bundled examples,
saves are downloads; `--files DIR` shares one folder. On any address but loopback every request needs a
secret printed at start (tui/cli/webserver.py). The page is tui/web/app_index.html: it loads only what textual-serve bundles (its script, its
stylesheet, its Roboto Mono font) from this server, and opens the websocket to the host in the
address bar, so it works offline and behind any address the server is bound to.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import secrets
import shlex
import socket
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

INSTALL = "install the web extra: `uv sync --extra web` in the source tree, or `pip install 'bpe-tui[web]'`"
#: Host strings that mean "every interface": the banner then names this machine instead.
WILDCARDS = ("0.0.0.0", "::", "")
MIN_FONT, MAX_FONT = 6, 96
#: The page's font size by default: read from the back of a room, and still 80x24 cells or more in a
#: 1366x768 laptop's browser (textual-serve's own default, 16, is a desk's).
DEFAULT_FONT = 20


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
        default=DEFAULT_FONT,
        metavar="PX",
        help=f"the terminal's font size in pixels when the address has no ?fontsize= (default: {DEFAULT_FONT}, for a room; 26 on a projector)",
    )
    parser.add_argument(
        "--files",
        metavar="DIR",
        type=Path,
        help="let visitors open and save files in DIR, and nowhere else (default: none; saves are downloads to the browser)",
    )


def app_command(app_argv: list[str]) -> str:
    """The shell command each browser session runs: this Python, the installed package (-P: the current folder
    is not searched, so no tui/ there shadows it), the app's options; `exec`, so the session's process is the app."""
    return "exec " + shlex.join([sys.executable, "-P", "-m", "tui", *app_argv])


def url_host(host: str) -> str:
    """How `host` is written in a URL: this machine's name for a wildcard, brackets around IPv6."""
    if host in WILDCARDS:
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def loopback(host: str) -> bool:
    """Whether only this computer can reach `host`: every address it names is a loopback one."""
    if host in WILDCARDS:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: every address it resolves to
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)}
        return all(ipaddress.ip_address(str(address).split("%")[0]).is_loopback for address in addresses)


def reach(host: str, port: int, token: str | None) -> str:
    """The one line that says who can reach the server, and where."""
    base = f"http://{url_host(host)}:{port}/"
    if token is None:
        return f"bpe-tui: only this computer can open {base}"
    anywhere = " (or this machine's address, with the same ?token=)" if host in WILDCARDS else ""
    return f"bpe-tui: anyone who can reach {'this machine' if host in WILDCARDS else host} on port {port} and has the secret can use it: open {base}?token={token}{anywhere}"


def files_line(files: Path | None) -> str:
    if files is None:
        return "bpe-tui: visitors reach none of this computer's files: o opens the bundled examples, saves are downloads."
    return f"bpe-tui: visitors may open and save files in {files.resolve()} and nowhere else (and open the bundled examples)."


def check_files(files: Path | None) -> None:
    if files is not None and not files.is_dir():
        raise ServeError(f"--files {files}: {'it is not a folder' if files.exists() else 'there is no such folder'}.")


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


def make_server(command: str, host: str, port: int, fontsize: int, *, token: str | None = None, files: Path | None = None) -> Any:
    """bpe-tui's textual-serve Server (tui/cli/webserver.py): `fontsize` by default, `token` required if not
    None, visitors' files as `files` allows."""
    try:
        import_module("textual_serve.server")  # the extra: asked each time, though webserver may be imported already
        from .webserver import BpeServer
    except ImportError:
        raise ServeError(f"bpe-tui serve needs textual-serve, which is not installed: {INSTALL}.") from None
    from ..access import FileAccess

    return BpeServer(
        command,
        host=host,
        port=port,
        fontsize=fontsize,
        token=token,
        public_url=f"http://{url_host(host)}:{port}",
        environment=FileAccess.environ(files),
    )


def run_serve(args: argparse.Namespace) -> None:
    """Check the options (the app's, `args.app_argv`, with the app's parser), then serve until Ctrl+C."""
    from .app_options import build_app_parser, checked

    app_argv = args.app_argv[1:] if args.app_argv[:1] == ["--"] else args.app_argv
    checked(build_app_parser().parse_args(app_argv))
    check_options(args.host, args.port, args.fontsize)
    check_files(args.files)
    token = None if loopback(args.host) else secrets.token_urlsafe(16)
    server = make_server(app_command(app_argv), args.host, args.port, args.fontsize, token=token, files=args.files)
    print(reach(args.host, args.port, token), files_line(args.files), "bpe-tui: Ctrl+C stops the server.", sep="\n", flush=True)
    try:
        server.serve()
    except OSError as exc:  # the port was taken between the check and the start
        raise ServeError(bind_problem(args.host, args.port, exc)) from None
