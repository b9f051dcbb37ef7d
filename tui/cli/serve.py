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
import os
import secrets
import shlex
import socket
import struct
import sys
from contextlib import suppress
from importlib import import_module
from pathlib import Path
from typing import Any

from .web_origins import origin_of, wildcard

INSTALL = "install the web extra: `uv sync --extra web` in the source tree, or `pip install 'bpe-tui[web]'`"
#: Apps at once by default: four a core (each takes about a second of one core to start, then waits for keys).
DEFAULT_SESSIONS = 4 * (os.cpu_count() or 1)
#: What one session's app may allocate by default, in MiB: o200k_base's tables and a capture of a text at the
#: text limit fit; a session that pastes far more ends alone.
DEFAULT_MEMORY = 2048
MIN_MEMORY = 256
#: Linux's ioctl that reads an interface's IPv4 address.
SIOCGIFADDR = 0x8915
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
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="also accept pages and websockets from this origin, e.g. https://bpe.example.org for a reverse proxy (repeatable)",
    )
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=DEFAULT_SESSIONS,
        metavar="N",
        help=f"at most N browser tabs run an app at once; the next is told so (default: 4 a core, {DEFAULT_SESSIONS} here)",
    )
    parser.add_argument(
        "--max-memory",
        type=int,
        default=DEFAULT_MEMORY,
        metavar="MIB",
        help=f"each tab's app may allocate at most MIB mebibytes; past it that app ends alone (default: {DEFAULT_MEMORY})",
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
    if wildcard(host):
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def loopback(host: str) -> bool:
    """Whether only this computer can reach `host`: every address it names is a loopback one."""
    if wildcard(host):
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
    anywhere = f" (or this machine's address{addresses()}, with the same ?token=)" if wildcard(host) else ""
    return f"bpe-tui: anyone who can reach {'this machine' if wildcard(host) else host} on port {port} and has the secret can use it: open {base}?token={token}{anywhere}"


def addresses() -> str:
    """This machine's addresses that are not loopback (`: 192.0.2.7, 198.51.100.4`), or "" if none is found:
    each interface's IPv4 address (Linux), and what this machine's name resolves to."""
    found: set[str] = set()
    with suppress(OSError):
        found |= {str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)}
    for _, name in interfaces():
        with suppress(OSError, ImportError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            import fcntl

            asked = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode("utf-8")[:15]))
            found.add(socket.inet_ntoa(asked[20:24]))
    shown = sorted(a for a in found if not ipaddress.ip_address(a.split("%")[0]).is_loopback)
    return ": " + ", ".join(shown) if shown else ""


def interfaces() -> list[tuple[int, str]]:
    try:
        return socket.if_nameindex()
    except (OSError, AttributeError):
        return []


def files_line(files: Path | None) -> str:
    if files is None:
        return "bpe-tui: visitors reach none of this computer's files: o opens the bundled examples, saves are downloads."
    return f"bpe-tui: visitors may open and save files in {files.resolve()} and nowhere else (and open the bundled examples)."


def check_files(files: Path | None) -> None:
    from ..engine.files import looked_up

    found = looked_up(files) if files is not None else "folder"
    if found != "folder":
        said = {"file": "it is not a folder", "missing": "there is no such folder"}.get(found, found)
        raise ServeError(f"--files {files}: {said}.")


def check_limits(max_sessions: int, memory: int, origins: list[str]) -> None:
    if max_sessions < 1:
        raise ServeError(f"--max-sessions {max_sessions} would serve no one: give 1 or more.")
    if memory < MIN_MEMORY:
        raise ServeError(f"--max-memory {memory} is too little for the app to start: give {MIN_MEMORY} MiB or more.")
    for origin in origins:
        if origin_of(origin) is None:
            raise ServeError(f"--allow-origin {origin} is not an origin: give a scheme and a host, such as https://bpe.example.org.")


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


def make_server(
    command: str,
    host: str,
    port: int,
    fontsize: int,
    *,
    token: str | None = None,
    files: Path | None = None,
    allow_origins: tuple[str, ...] = (),
    max_sessions: int = DEFAULT_SESSIONS,
    memory: int = DEFAULT_MEMORY,
) -> Any:
    """bpe-tui's textual-serve Server (tui/cli/webserver.py): `fontsize` by default, `token` required if not
    None, visitors' files as `files` allows, only this server's pages (and `allow_origins`) let in, at most
    `max_sessions` apps of at most `memory` MiB each."""
    try:
        import_module("textual_serve.server")  # the extra: asked each time, though webserver may be imported already
        from .webserver import BpeServer
    except ImportError:
        raise ServeError(f"bpe-tui serve needs textual-serve, which is not installed: {INSTALL}.") from None
    from ..access import FileAccess
    from .web_guard import Origins

    return BpeServer(
        command,
        host=host,
        port=port,
        fontsize=fontsize,
        token=token,
        public_url=f"http://{url_host(host)}:{port}",
        environment=FileAccess.environ(files),
        origins=Origins.serving(host, port, allow_origins),
        max_sessions=max_sessions,
        memory=memory,
    )


def run_serve(args: argparse.Namespace) -> None:
    """Check the options (the app's, `args.app_argv`, with the app's parser), then serve until Ctrl+C."""
    from .app_options import build_app_parser, chat_template_problem, checked

    app_argv = args.app_argv[1:] if args.app_argv[:1] == ["--"] else args.app_argv
    app_args = build_app_parser().parse_args(app_argv)
    checked(app_args)
    problem = chat_template_problem(app_args)
    check_options(args.host, args.port, args.fontsize)
    check_files(args.files)
    check_limits(args.max_sessions, args.max_memory, args.allow_origin)
    token = None if loopback(args.host) else secrets.token_urlsafe(16)
    server = make_server(
        app_command(app_argv),
        args.host,
        args.port,
        args.fontsize,
        token=token,
        files=args.files,
        allow_origins=tuple(args.allow_origin),
        max_sessions=args.max_sessions,
        memory=args.max_memory,
    )
    unread = (f"bpe-tui: the chat template beside the tokenizer.json is not used: {problem}",) if problem else ()
    banner = (reach(args.host, args.port, token), files_line(args.files), *unread, "bpe-tui: Ctrl+C stops the server.")
    try:
        server.serve(listening=lambda: print(*banner, sep="\n", flush=True))
    except OSError as exc:  # the port was taken between the check and the start
        raise ServeError(bind_problem(args.host, args.port, exc)) from None
