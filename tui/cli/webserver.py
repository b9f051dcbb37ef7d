"""textual-serve's Server made fit for a lecture hall (the extra bpe-tui[web]; `bpe-tui serve` builds it).

- A secret (`token`): every request must carry it, in the address (`?token=`) or in the cookie the first
  page sets; without it the answer is 403 and one sentence.
- Sizes from the browser are clamped to `MIN_SIZE`..`MAX_SIZE` cells, when the websocket opens and on
  every resize, so no session draws a 3000×3000 screen or a 0×0 one.
- A session's app process ends with its socket: asked to quit, then killed if it has not within `STOP_WAIT`.
- Stopping the server (Ctrl+C, `kill -TERM`) closes every socket and ends every app at once, quietly.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import signal
from collections.abc import Awaitable, Callable
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

log = logging.getLogger("bpe-tui serve")

#: The folder of the page template (in the wheel too: it is inside the tui package).
TEMPLATES = Path(__file__).resolve().parents[1] / "web"
#: The terminal sizes a browser may ask for, in cells (columns, rows).
MIN_SIZE, MAX_SIZE = (10, 4), (500, 200)
DEFAULT_SIZE = (80, 24)
#: How long an app may take to quit before its process is killed; the server's shutdown waits a little longer.
STOP_WAIT = 2.0
COOKIE = "bpe-tui-token"
REFUSED = "This bpe-tui server needs its secret: open the address with ?token= that it printed when it started."

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def clamp(value: object, default: int, low: int, high: int) -> int:
    """A size the browser sent, as an int within `low`..`high` (`default` if it is not a number).

    >>> clamp("3000", 80, 10, 500), clamp(0, 24, 4, 200), clamp("big", 80, 10, 500), clamp(120.7, 80, 10, 500)
    (500, 4, 80, 120)
    """
    number = default
    if isinstance(value, (int, float, str)):
        with suppress(ValueError, OverflowError):  # 'big', NaN, infinity
            number = int(value)
    return max(low, min(number, high))


def clamped(width: object, height: object) -> tuple[int, int]:
    return clamp(width, DEFAULT_SIZE[0], MIN_SIZE[0], MAX_SIZE[0]), clamp(height, DEFAULT_SIZE[1], MIN_SIZE[1], MAX_SIZE[1])


def guard(token: str) -> Any:
    """The middleware that refuses every request without `token`, and keeps it in a cookie once given."""

    @web.middleware
    async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
        given = request.query.get("token") or request.cookies.get(COOKIE, "")
        if not hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8")):
            raise web.HTTPForbidden(text=REFUSED)
        response = await handler(request)
        if "token" in request.query and not response.prepared:
            response.set_cookie(COOKIE, token, httponly=True, samesite="Strict")
        return response

    return check


async def closed(websocket: web.WebSocketResponse) -> None:
    await websocket.close()


class Session(AppService):
    """One browser tab's app process, whose size is clamped and which is killed if it does not quit;
    `environment` is added to what textual-serve gives it (the file policy, tui/access.py)."""

    environment: dict[str, str] = {}

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(*clamped(width, height)), **self.environment}

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamped(width, height))

    async def end(self) -> None:
        """Ask the app to quit; kill it if it has not within STOP_WAIT (an app blocked writing never reads 'quit')."""
        process = self._process
        with suppress(TimeoutError, ConnectionError, RuntimeError):
            await asyncio.wait_for(self.stop(), STOP_WAIT)
        if process is None:
            return
        with suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), STOP_WAIT)
        if process.returncode is None:
            process.kill()
            await process.wait()


class BpeServer(Server):
    """textual-serve's Server with bpe-tui's offline page, serve's font size, the secret, clamped sizes,
    sessions that end with their socket, and a prompt, quiet shutdown."""

    def __init__(
        self, command: str, *, host: str, port: int, fontsize: int, token: str | None, public_url: str, environment: dict[str, str]
    ) -> None:
        # public_url only names the server: the page builds its URLs from the address bar.
        super().__init__(command, host=host, port=port, title="bpe-tui", public_url=public_url, templates_path=TEMPLATES)
        self.fontsize = fontsize
        self.token = token
        self.environment = environment
        self.sockets: dict[Session, web.WebSocketResponse] = {}
        self.ending: set[asyncio.Future[None]] = set()  # sessions being ended (in tasks of their own)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        if self.token is not None:
            app.middlewares.append(guard(self.token))
        app.on_cleanup.append(self.on_cleanup)
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not request.query.get("fontsize", "").isdigit():  # absent or not a number: serve's --fontsize
            request = request.clone(rel_url=request.rel_url.update_query(fontsize=self.fontsize))
        response: web.StreamResponse = await super().handle_index(request)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser tab: its app runs as long as its socket is open, at a clamped size."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width, height = clamped(request.query.get("width"), request.query.get("height"))
        session = Session(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=partial(closed, websocket),
            download_manager=self.download_manager,
            debug=self.debug,
        )
        session.environment = self.environment
        self.sockets[session] = websocket
        try:
            await websocket.prepare(request)
            await session.start(width, height)
            await self._process_messages(websocket, session)
        except (ValueError, KeyError, AssertionError, TypeError, ConnectionError) as exc:  # garbage from the browser
            log.info("a session sent what is not textual-serve's protocol (%s); it is closed", type(exc).__name__)
        except asyncio.CancelledError:
            pass
        finally:
            del self.sockets[session]
            # In a task of its own: aiohttp cancels this handler once the connection is gone, the app must end anyway.
            end = asyncio.ensure_future(session.end())
            self.ending.add(end)
            end.add_done_callback(self.ending.discard)
            await asyncio.shield(end)
            await websocket.close()
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `bpe-tui serve` has said who can reach it."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every socket at once (each session's handler then ends its app)."""
        await asyncio.gather(*(ws.close(code=WSCloseCode.GOING_AWAY) for ws in list(self.sockets.values())), return_exceptions=True)

    async def on_cleanup(self, app: web.Application) -> None:
        """Before the loop closes: every app process has ended (none is left behind, no transport outlives the loop)."""
        await asyncio.gather(*self.ending, *(session.end() for session in list(self.sockets)), return_exceptions=True)

    def serve(self, debug: bool = False) -> None:
        """Serve until SIGINT or SIGTERM, then stop within about 2 × STOP_WAIT."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda *args: None,
            shutdown_timeout=2 * STOP_WAIT + 1,
        )
