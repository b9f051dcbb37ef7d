"""textual-serve's Server made fit for a lecture hall (the extra bpe-tui[web]; `bpe-tui serve` builds it).

- A secret (`token`): every request must carry it, in the address (`?token=`) or in the cookie the first
  page sets; without it the answer is 403 and one sentence.
- Sizes from the browser are clamped to `MIN_SIZE`..`MAX_SIZE` cells, when the websocket opens and on
  every resize, so no session draws a 3000×3000 screen or a 0×0 one.
- A session's app process ends with its socket: asked to quit, then killed if it has not within `STOP_WAIT`.
- Stopping the server (Ctrl+C, `kill -TERM`) closes every socket and ends every app at once, quietly.
- Only pages this server served may talk to it (tui/cli/web_guard.py: Host and Origin checked on every
  request); frames that are not textual-serve's protocol close their session with one log line.
- At most `max_sessions` apps run at once: past them a page or a websocket gets one sentence, no app.
- Each app may allocate at most `memory` MiB (its data segment, set by `ulimit -d` before it starts); one
  that runs out ends and its visitor is told so in one sentence, while the server and the others go on.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from contextlib import suppress
from functools import partial
from html import escape
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..engine.memory import OUT_OF_MEMORY
from ..explain.words import count
from .web_guard import MAX_FRAME, AccessLog, frame, origin_guard
from .web_origins import Origins

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
#: Close codes a page hears with its sentence (4000–4999 are an application's own).
FULL_CODE, ENDED_CODE, PROTOCOL_CODE = 4001, 4002, 4003


def full(max_sessions: int) -> str:
    return f"This bpe-tui server runs at most {count(max_sessions, 'session')} at once, all in use: close one, or try again later."


def memory_sentence(memory: int) -> str:
    return f"This session's app needed more than its {memory:,} MiB of memory and was ended: start again."


CRASHED = "This session's app stopped with an error (the server's log has it): start again."

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


def limited(command: str, memory: int) -> str:
    """`command` run with at most `memory` MiB of data (heap and private memory); it does not start if the
    limit cannot be set.

    >>> limited("exec app", 1024)
    'ulimit -d 1048576 && exec app'
    """
    return f"ulimit -d {memory * 1024} && {command}"


def notice_page(sentence: str) -> str:
    """A page of one sentence, in the app page's colours."""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>bpe-tui</title><link rel="icon" href="data:,">'
        "<style>body{margin:0;height:100vh;display:flex;align-items:center;justify-content:center;"
        "background:#0c181f;color:rgba(255,255,255,.95);font:18px monospace;text-align:center;padding:0 24px}</style></head>"
        f"<body><p>{escape(sentence)}</p></body></html>"
    )


class Session(AppService):
    """One browser tab's app process, whose size is clamped and which is killed if it does not quit;
    `environment` is added to what textual-serve gives it (the file policy, tui/access.py)."""

    environment: dict[str, str] = {}
    #: Told the app's exit status once it ended by itself (set by BpeServer, which tells the visitor why).
    ended: Callable[[int], Awaitable[None]] | None = None

    stopping = False  # end() was called: the app is being ended, not ending by itself

    async def run(self) -> None:
        await super().run()
        if self._process is not None and self.ended is not None and not self.stopping:
            with suppress(TimeoutError):
                await self.ended(await asyncio.wait_for(self._process.wait(), STOP_WAIT))

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(*clamped(width, height)), **self.environment}

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamped(width, height))

    async def end(self) -> None:
        """Ask the app to quit; kill it if it has not within STOP_WAIT (an app blocked writing never reads 'quit')."""
        process = self._process
        self.stopping = True
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
        self,
        command: str,
        *,
        host: str,
        port: int,
        fontsize: int,
        token: str | None,
        public_url: str,
        environment: dict[str, str],
        origins: Origins,
        max_sessions: int,
        memory: int,
    ) -> None:
        # public_url only names the server: the page builds its URLs from the address bar.
        super().__init__(limited(command, memory), host=host, port=port, title="bpe-tui", public_url=public_url, templates_path=TEMPLATES)
        self.fontsize = fontsize
        self.token = token
        self.environment = environment
        self.origins = origins
        self.max_sessions = max_sessions
        self.memory = memory
        self.sockets: dict[Session, web.WebSocketResponse] = {}
        self.ending: set[asyncio.Future[None]] = set()  # sessions being ended (in tasks of their own)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(origin_guard(self.origins))
        if self.token is not None:
            app.middlewares.append(guard(self.token))
        app.on_cleanup.append(self.on_cleanup)
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if len(self.sockets) >= self.max_sessions:
            log.warning("a page was refused: %s sessions run already", len(self.sockets))
            return web.Response(status=503, text=notice_page(full(self.max_sessions)), content_type="text/html")
        if not request.query.get("fontsize", "").isdigit():  # absent or not a number: serve's --fontsize
            request = request.clone(rel_url=request.rel_url.update_query(fontsize=self.fontsize))
        response: web.StreamResponse = await super().handle_index(request)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser tab: its app runs as long as its socket is open, at a clamped size."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=2 * MAX_FRAME)
        if len(self.sockets) >= self.max_sessions:
            log.warning("a session was refused: %s run already", len(self.sockets))
            await websocket.prepare(request)
            await websocket.close(code=FULL_CODE, message=full(self.max_sessions).encode("utf-8"))
            return websocket
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
        session.ended = partial(self.session_ended, websocket)
        self.sockets[session] = websocket
        try:
            await websocket.prepare(request)
            await session.start(width, height)
            await self._process_messages(websocket, session)
        except ConnectionError:
            pass
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

    async def session_ended(self, websocket: web.WebSocketResponse, code: int) -> None:
        """An app ended with status `code`: unless it quit, or its socket is closed already, its visitor is told why in one sentence."""
        if code == 0 or websocket.closed:
            return
        said = memory_sentence(self.memory) if code == OUT_OF_MEMORY else CRASHED
        log.warning("a session's app ended with status %s%s", code, " (out of memory)" if code == OUT_OF_MEMORY else "")
        await websocket.close(code=ENDED_CODE, message=said.encode("utf-8"))

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """The browser's frames to the app; the first that is not textual-serve's protocol closes the session."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, *data = frame(message.data)
            except ValueError as exc:
                log.warning("a session sent a frame that is not textual-serve's protocol (%s): it is closed", exc)
                await websocket.close(code=PROTOCOL_CODE, message=b"That was not a frame this server understands.")
                return
            if kind == "stdin":
                await app_service.send_bytes(data[0].encode("utf-8", "replace"))
            elif kind == "resize":
                await app_service.set_terminal_size(data[0].get("width"), data[0].get("height"))
            elif kind == "ping":
                await websocket.send_json(["pong", data[0]])
            elif kind == "blur":
                await app_service.blur()
            else:
                await app_service.focus()

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `bpe-tui serve` has said who can reach it."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every socket at once (each session's handler then ends its app)."""
        await asyncio.gather(*(ws.close(code=WSCloseCode.GOING_AWAY) for ws in list(self.sockets.values())), return_exceptions=True)

    async def on_cleanup(self, app: web.Application) -> None:
        """Before the loop closes: every app process has ended (none is left behind, no transport outlives the loop)."""
        await asyncio.gather(*self.ending, *(session.end() for session in list(self.sockets)), return_exceptions=True)

    def initialize_logging(self) -> None:
        """Plain lines on standard output, one an event, never wrapped: a log, not a screen."""
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%H:%M:%S"))
        logging.basicConfig(level=logging.DEBUG if self.debug else logging.INFO, handlers=[handler], force=True)

    def serve(self, debug: bool = False, listening: Callable[[], None] = lambda: None) -> None:
        """Serve until SIGINT or SIGTERM, then stop within about 2 × STOP_WAIT; `listening()` once the port
        takes connections (so an address printed then answers at once)."""
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
            print=lambda *args: listening(),
            access_log_class=AccessLog,
            shutdown_timeout=2 * STOP_WAIT + 1,
        )
