"""Which requests name `bpe-tui serve` itself: its Host, and the Origin of the page that sent it (plain Python:
serve checks `--allow-origin` with it before textual-serve, the extra, is imported).

A web page the person serving visits is a stranger too: its script may open `ws://127.0.0.1:PORT/ws`, and a
name it controls may resolve to 127.0.0.1 (DNS rebinding). So every request's `Host` must name this server
(its address and port, `localhost` on loopback, this machine's names and any address when bound to every
interface, the names given with `--allow-origin`), and its `Origin`, when the browser sends one, must be that
same host, or one of the `--allow-origin` origins (a reverse proxy's page).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: Host strings that mean "every interface".
WILDCARDS = ("0.0.0.0", "::", "", "0")
#: A Host header, or an origin's host and port: a name or an IPv4 address, or an IPv6 one in brackets.
HOST_PORT = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::([0-9]{1,5}))?")
ORIGIN = re.compile(r"(https?)://(" + HOST_PORT.pattern + r")/?")
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def wildcard(host: str) -> bool:
    """Whether `host` means every interface ("0", "0.0.0.0", "::", "").

    >>> [wildcard(h) for h in ("0", "0.0.0.0", "::", "127.0.0.1", "::1")]
    [True, True, True, False, False]
    """
    if host in WILDCARDS:
        return True
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def host_port(text: str, default_port: int) -> tuple[str, int] | None:
    """A Host header's (lower-case name or address without brackets, port), or None if it is not one.

    >>> host_port("LocalHost:8000", 80), host_port("[::1]:8000", 80), host_port("example.org", 80), host_port("a b", 80)
    (('localhost', 8000), ('::1', 8000), ('example.org', 80), None)
    """
    match = HOST_PORT.fullmatch(text)
    if match is None:
        return None
    port = int(match[2]) if match[2] else default_port
    return (match[1].strip("[]").lower(), port) if port <= 65535 else None


def origin_of(text: str) -> tuple[str, int] | None:
    """An `Origin` header's (host, port), its scheme's port when it names none; None for "null" or garbage.

    >>> origin_of("http://127.0.0.1:8000"), origin_of("https://bpe.example.org"), origin_of("null")
    (('127.0.0.1', 8000), ('bpe.example.org', 443), None)
    """
    match = ORIGIN.fullmatch(text)
    if match is None:
        return None
    return host_port(match[2], 443 if match[1] == "https" else 80)


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Origins:
    """The hosts that name this server (`names`, at `port`; any address at all when bound to every
    interface) and the origins a reverse proxy's page comes from (`--allow-origin`)."""

    port: int
    names: frozenset[str]
    any_address: bool = False
    allowed: frozenset[tuple[str, int]] = frozenset()

    @classmethod
    def serving(cls, host: str, port: int, allow: Iterable[str] = ()) -> Origins:
        """The origins of a server bound to `host`:`port`, with the `--allow-origin` values `allow` (already checked)."""
        names = {host.strip("[]").lower()}
        if wildcard(host):
            names |= {socket.gethostname().lower(), socket.getfqdn().lower(), *LOOPBACK_NAMES}
        elif loopback_name(host):
            names |= set(LOOPBACK_NAMES)
        allowed = frozenset(found for found in (origin_of(given) for given in allow) if found)
        return cls(port, frozenset(names), wildcard(host), allowed)

    def host_ok(self, header: str | None) -> bool:
        """Whether a request's Host header names this server, directly or as one of the allowed origins."""
        found = host_port(header or "", 80)
        if found is None:
            return False
        name, port = found
        if any(name == allowed for allowed, _ in self.allowed):  # a proxy passing its own Host on, with or without its port
            return True
        return port == self.port and (name in self.names or (self.any_address and is_address(name)))

    def refusal(self, headers: Mapping[str, str]) -> str | None:
        """Why a request with these `headers` is refused (for the log line), or None when it names this server."""
        host = headers.get("Host")
        if not self.host_ok(host):
            return f"Host {shown(host)} does not name this server"
        origin = headers.get("Origin")
        if origin is None:
            return None
        found = origin_of(origin)
        if found is not None and (found in self.allowed or found == host_port(host or "", 80)):
            return None
        return f"Origin {shown(origin)} is not this server's page"


def loopback_name(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host.lower() == "localhost"


def shown(value: str | None) -> str:
    """A header value for a log line: escaped (no control character reaches the terminal), at most 80 characters."""
    return "none" if value is None else ascii(value[:80])
