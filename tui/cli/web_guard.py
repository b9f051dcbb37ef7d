"""The served app's gatekeepers (the extra bpe-tui[web]; tui/cli/webserver.py uses them): the middleware that
refuses requests not naming this server (tui/cli/web_origins.py), the access log without the secret, and
the check of each websocket frame against textual-serve's protocol.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

from .web_origins import Origins

log = logging.getLogger("bpe-tui serve")

FOREIGN = "This bpe-tui server answers only pages it served itself."
#: What one websocket frame from the browser may be: textual-serve's messages, and nothing deeper.
FRAME_TYPES: dict[str, type | tuple[type, ...] | None] = {
    "stdin": str,
    "resize": dict,
    "ping": (str, int, float),
    "blur": None,
    "focus": None,
}
MAX_FRAME = 1 << 20

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def origin_guard(origins: Origins) -> Any:
    """The middleware that answers 403 to every request whose Host or Origin is not this server's."""

    @web.middleware
    async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
        reason = origins.refusal(request.headers)
        if reason is not None:
            log.warning("refused %s %s from %s: %s", request.method, request.path, request.remote, reason)
            raise web.HTTPForbidden(text=FOREIGN)
        return await handler(request)

    return check


class AccessLog(AbstractAccessLogger):
    """One line a request, with its path and never its query (where the secret travels)."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info("%s %s %s %s", request.remote, request.method, request.path, response.status)


def frame(text: str) -> list[Any]:
    """A browser's websocket text frame as textual-serve's message `[type, data]`, or ValueError saying why not.

    >>> frame('["stdin", "q"]'), frame('["focus"]')
    (['stdin', 'q'], ['focus'])
    >>> frame('[]')
    Traceback (most recent call last):
    ValueError: not a known message
    """
    if len(text) > MAX_FRAME:
        raise ValueError("a frame over 1 MiB")
    try:
        message = json.loads(text)
    except RecursionError:
        raise ValueError("JSON nested too deep") from None
    if not isinstance(message, list) or not message or message[0] not in FRAME_TYPES:
        raise ValueError("not a known message")
    kind = FRAME_TYPES[message[0]]
    if kind is not None and (len(message) < 2 or not isinstance(message[1], kind)):
        raise ValueError(f"a {message[0]} message without its data")
    return message
