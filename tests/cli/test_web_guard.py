"""A served app answers only its own pages (tui/cli/web_origins.py, web_guard.py): Host and Origin checked on
every request, at most --max-sessions apps of at most --max-memory each, garbage frames closed with one log
line, no secret in the log. Each test talks to a real server through a real HTTP and websocket client."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import shlex
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from tui.cli import serve as cli_serve
from tui.cli.web_guard import FOREIGN
from tui.cli.web_origins import Origins
from tui.cli.webserver import CRASHED, ENDED_CODE, FULL_CODE, PROTOCOL_CODE, full, memory_sentence


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def client(command: str = "exec head -c 1", host: str = "127.0.0.1", **options: Any) -> TestClient:
    """A real client of `serve --host HOST` on a free port (reached at 127.0.0.1), its sessions running `command`
    (by default one that ends at the first byte the server sends it: the 'quit' when its socket closes)."""
    port = free_port()
    server = cli_serve.make_server(command, host, port, 20, **options)
    return TestClient(TestServer(await server._make_app(), host="127.0.0.1", port=port))


def refusals(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bpe-tui serve" and r.levelno == logging.WARNING]


@pytest.mark.parametrize("path", ["/", "/ws", "/static/js/textual.js", "/download/abc"])
async def test_a_foreign_page_gets_403_and_one_log_line(caplog: pytest.LogCaptureFixture, path: str) -> None:
    """A page from evil.example (or any other origin) cannot read the page, open the websocket or download."""
    async with await client() as it:
        response = await it.get(path, headers={"Origin": "https://evil.example"})
        assert (response.status, await response.text()) == (403, FOREIGN)
    assert refusals(caplog) == [f"refused GET {path} from 127.0.0.1: Origin 'https://evil.example' is not this server's page"]


async def test_a_foreign_websocket_is_refused_before_any_app_starts(tmp_path: Path) -> None:
    """The cross-site hijack: a page on another origin (here a second local port) opens ws://127.0.0.1:PORT/ws."""
    started = tmp_path / "started"
    async with await client(f"touch {shlex.quote(str(started))}; exec sleep 60") as it:
        other = f"http://127.0.0.1:{free_port()}"
        for origin in (other, "null", "http://localhost:1"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await it.ws_connect("/ws", headers={"Origin": origin})
            assert refused.value.status == 403, origin
        time.sleep(0.5)
        assert not started.exists()


async def test_a_name_that_rebinds_to_loopback_is_refused(caplog: pytest.LogCaptureFixture) -> None:
    """DNS rebinding: evil.example resolving to 127.0.0.1 sends Host: evil.example, which names no server here."""
    async with await client() as it:
        port = it.port
        response = await it.get("/", headers={"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"})
        assert response.status == 403
        assert (await it.get("/", headers={"Host": f"127.0.0.1:{port + 1}"})).status == 403  # another port
    assert refusals(caplog) == [
        f"refused GET / from 127.0.0.1: Host 'evil.example:{port}' does not name this server",
        f"refused GET / from 127.0.0.1: Host '127.0.0.1:{port + 1}' does not name this server",
    ]


async def test_the_servers_own_page_and_localhost_are_let_in() -> None:
    async with await client() as it:
        port = it.port
        for host in (f"127.0.0.1:{port}", f"localhost:{port}"):
            response = await it.get("/", headers={"Host": host, "Origin": f"http://{host}"})
            assert response.status == 200, host
            websocket = await it.ws_connect("/ws", headers={"Host": host, "Origin": f"http://{host}"})
            await websocket.close()
        assert (await it.get("/")).status == 200  # no Origin at all: a page typed in the address bar, curl


async def test_an_allowed_origin_is_a_reverse_proxys_page() -> None:
    async with await client(allow_origins=("https://bpe.example.org",)) as it:
        proxied = {"Origin": "https://bpe.example.org"}
        assert (await it.get("/", headers=proxied)).status == 200  # the proxy kept the Host it reached
        assert (await it.get("/", headers={**proxied, "Host": "bpe.example.org"})).status == 200  # the proxy passed the Host on
        assert (await it.get("/", headers={"Origin": "https://other.example.org"})).status == 403


def test_every_interface_takes_this_machines_names_and_addresses_only_at_its_port() -> None:
    every = Origins.serving("0.0.0.0", 8000)
    assert [every.host_ok(h) for h in ("192.0.2.7:8000", "[2001:db8::1]:8000", f"{socket.gethostname()}:8000")] == [True] * 3
    assert [every.host_ok(h) for h in ("evil.example:8000", "192.0.2.7:8001", "192.0.2.7", "", "a b:8000")] == [False] * 5
    one = Origins.serving("192.0.2.7", 80)
    assert (one.host_ok("192.0.2.7"), one.host_ok("192.0.2.8"), one.host_ok("localhost")) == (True, False, False)
    # A page at 192.0.2.9 opening a websocket to this server: same Host, another Origin.
    assert every.refusal({"Host": "192.0.2.7:8000", "Origin": "http://192.0.2.9:8000"}) == (
        "Origin 'http://192.0.2.9:8000' is not this server's page"
    )


async def test_past_max_sessions_a_visitor_gets_one_sentence_and_no_app(tmp_path: Path) -> None:
    marks = tmp_path / "apps"
    marks.mkdir()
    async with await client(f"touch {shlex.quote(str(marks))}/$$; exec head -c 1", max_sessions=1) as it:
        first = await it.ws_connect("/ws")
        assert await until(lambda: len(os.listdir(marks)) == 1)
        second = await it.ws_connect("/ws")
        message = await second.receive(timeout=30)
        assert (message.type, message.data, message.extra) == (WSMsgType.CLOSE, FULL_CODE, full(1))
        response = await it.get("/")
        assert response.status == 503 and f"<p>{full(1)}</p>" in await response.text()
        assert len(os.listdir(marks)) == 1
        await first.close()
        assert await until(lambda: not marks_alive(marks))  # its app has ended: the place is free again
        assert (await it.get("/")).status == 200


def marks_alive(marks: Path) -> bool:
    """Whether an app whose pid names a file in `marks` still runs."""
    return any(Path(f"/proc/{name}").exists() for name in os.listdir(marks))


async def until(condition: Callable[[], bool]) -> bool:
    """Wait until `condition()` holds (60 s at most, a hang limit); whether it does."""
    deadline = time.monotonic() + 60
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return condition()


ALLOCATE = f"exec {shlex.quote(sys.executable)} -c " + shlex.quote(
    "import os, sys; block = bytearray(int(os.environ['COLUMNS']) * 2**20); open(os.environ['MARK'], 'w').close(); sys.stdin.buffer.read(1)"
)


async def test_one_app_past_the_memory_limit_ends_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--max-memory 256: an app that allocates 10 MiB runs on; one that allocates 500 MiB ends (the kernel's
    limit), its visitor is told, and the first app and the server go on."""
    monkeypatch.setenv("MARK", str(tmp_path / "small"))
    async with await client(ALLOCATE, memory=256) as it:
        small = await it.ws_connect("/ws?width=10&height=24")
        assert await until((tmp_path / "small").exists)
        monkeypatch.setenv("MARK", str(tmp_path / "large"))
        large = await it.ws_connect("/ws?width=500&height=24")
        message = await large.receive(timeout=60)
        assert (message.type, message.data, message.extra) == (WSMsgType.CLOSE, ENDED_CODE, CRASHED)
        assert not (tmp_path / "large").exists() and not small.closed
        assert (await it.get("/")).status == 200
        await small.close()


async def test_the_app_out_of_memory_says_so(tmp_path: Path) -> None:
    """The real app, served with --max-memory 300, given a text whose capture needs more: its visitor reads why."""
    text = tmp_path / "zwj.txt"
    text.write_text("\U0001f44d\U0001f3fd" * 450_000, encoding="utf-8")  # one 900,000-character chunk: about 400 MB to capture
    command = cli_serve.app_command(["--table", "deepseek-v4", "--text-file", str(text)])
    async with await client(command, memory=300) as it:
        websocket = await it.ws_connect("/ws")
        message = await websocket.receive(timeout=120)
        while message.type != WSMsgType.CLOSE:
            message = await websocket.receive(timeout=120)
        assert (message.data, message.extra) == (ENDED_CODE, memory_sentence(300))
        assert memory_sentence(300) == "This session's app needed more than its 300 MiB of memory and was ended: start again."


@pytest.mark.parametrize("sent", ["[]", '["stdin", 5]', "[" * 100_000, "not json", '{"stdin": "q"}', '["resize"]', '["exec", "rm"]'])
async def test_a_garbage_frame_closes_its_session_with_one_log_line(caplog: pytest.LogCaptureFixture, sent: str) -> None:
    async with await client() as it:
        websocket = await it.ws_connect("/ws")
        await websocket.send_str(sent)
        message = await websocket.receive(timeout=30)
        assert (message.type, message.data) == (WSMsgType.CLOSE, PROTOCOL_CODE)
        assert (await it.get("/")).status == 200  # the server goes on
    lines = refusals(caplog)
    assert len(lines) == 1 and lines[0].startswith("a session sent a frame that is not textual-serve's protocol (")
    assert not [r for r in caplog.records if r.exc_info]


def test_the_real_server_logs_no_secret_and_no_traceback(tmp_path: Path) -> None:
    """`bpe-tui serve --host 0.0.0.0` as a user starts it: a visit with ?token=, a foreign websocket and a
    garbage frame leave one plain line each in its log, and never the secret."""
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "tui", "serve", "--host", "0.0.0.0", "--port", str(port)], stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + 60
        while not (found := re.search(r"\?token=([\w-]+)", log.read_text())):
            assert time.monotonic() < deadline and process.poll() is None, log.read_text()
            time.sleep(0.1)
        token = found[1]
        with socket.create_connection(("127.0.0.1", port), timeout=5):  # the banner is printed once the port listens
            pass

        async def visit() -> None:
            async with aiohttp.ClientSession() as session:
                base = f"http://127.0.0.1:{port}"
                assert (await session.get(f"{base}/?token={token}")).status == 200
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await session.ws_connect(f"{base}/ws", headers={"Origin": "https://evil.example"})
                websocket = await session.ws_connect(f"{base}/ws?token={token}")
                await websocket.send_str("[" * 100_000)
                assert (await websocket.receive(timeout=30)).data == PROTOCOL_CODE

        asyncio.run(visit())
    finally:
        process.terminate()
        process.wait(timeout=30)
    lines = log.read_text().splitlines()
    after_banner = lines[3:]
    assert token not in "\n".join(after_banner) and "Traceback" not in log.read_text()
    assert any(line.endswith("INFO 127.0.0.1 GET / 200") for line in after_banner), after_banner
    assert sum("refused GET /ws from 127.0.0.1: Origin 'https://evil.example' is not this server's page" in line for line in lines) == 1
    assert sum("not textual-serve's protocol (JSON nested too deep)" in line for line in lines) == 1


SLOW_START = """
import asyncio, sys
from tui.cli.webserver import BpeServer
from tui.cli.main import main
made = BpeServer._make_app
async def slow(self):
    await asyncio.sleep(1.5)  # a busy machine: the server takes a while to listen
    return await made(self)
BpeServer._make_app = slow
main(sys.argv[1:])
"""


def test_the_banners_address_answers_as_soon_as_it_is_printed(tmp_path: Path) -> None:
    """A server slow to start prints its address only once the port takes connections: one click on it works."""
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-c", SLOW_START, "serve", "--port", str(port)], stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + 60
        while "only this computer can open" not in log.read_text():
            assert time.monotonic() < deadline and process.poll() is None, log.read_text()
            time.sleep(0.05)
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert "Traceback" not in log.read_text()
