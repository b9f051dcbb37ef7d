"""The served HTTP app (tui/cli/webserver.py): the secret, clamped sizes, sessions that end with their socket,
the session's environment, and the command that runs the installed package."""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from aiohttp import WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from tui.access import FOLDER, SERVED
from tui.cli import serve as cli_serve
from tui.cli.webserver import REFUSED, STOP_WAIT, Session

TOKEN = "s3cret-token-for-tests"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


PORT = free_port()


def server(command: str = "true", token: str | None = TOKEN, files: Path | None = None, **limits: Any):  # type: ignore[no-untyped-def]
    """bpe-tui's server as `serve --host 0.0.0.0` makes it, on PORT (its tests reach it at 127.0.0.1:PORT)."""
    return cli_serve.make_server(command, "0.0.0.0", PORT, 20, token=token, files=files, **limits)


def client_of(bpe_server: Any) -> Any:
    """A real HTTP and websocket client of `bpe_server`, listening on 127.0.0.1:PORT."""

    async def start() -> TestClient:
        return TestClient(TestServer(await bpe_server._make_app(), host="127.0.0.1", port=PORT))

    return start()


async def test_every_request_needs_the_secret_then_the_cookie_carries_it() -> None:
    async with await client_of(server()) as client:
        for path in ("/", "/?token=wrong", "/static/js/textual.js", "/download/abc", "/ws"):
            response = await client.get(path)
            assert (response.status, await response.text()) == (403, REFUSED), path
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect("/ws")
        assert refused.value.status == 403
        response = await client.get(f"/?token={TOKEN}")
        assert response.status == 200 and 'data-font-size="20"' in await response.text()
        assert response.cookies["bpe-tui-token"]["httponly"] and response.cookies["bpe-tui-token"]["samesite"] == "Strict"
        assert (await client.get("/static/js/textual.js")).status == 200  # the page's script: by the cookie
        assert (await client.get("/")).status == 200  # a reload without ?token=


async def test_loopback_serves_without_a_secret() -> None:
    async with await client_of(server(token=None)) as client:
        assert (await client.get("/")).status == 200


def session() -> Session:
    async def ignore(*_: object) -> None:
        return None

    return Session("true", write_bytes=ignore, write_str=ignore, close=ignore, download_manager=None)  # type: ignore[arg-type]


async def test_sizes_from_the_browser_are_clamped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 3000×3000 or 0×0 terminal is never asked of an app: when it starts, nor on a resize."""
    sent: list[dict[str, object]] = []
    it = session()

    async def send_meta(data: dict[str, object]) -> bool:
        sent.append(data)
        return True

    monkeypatch.setattr(it, "send_meta", send_meta)
    for width, height in ((3000, 3000), (0, 0), ("big", None), (120, 40)):
        await it.set_terminal_size(width, height)  # type: ignore[arg-type]
    assert [(m["width"], m["height"]) for m in sent] == [(500, 200), (10, 4), (80, 24), (120, 40)]
    environment = it._build_environment(3000, 0)
    assert (environment["COLUMNS"], environment["ROWS"]) == ("500", "4")


def test_each_session_is_told_the_file_policy(tmp_path: Path) -> None:
    it = session()
    it.environment = server(files=tmp_path).environment
    environment = it._build_environment()
    assert (environment[SERVED], environment[FOLDER]) == ("1", str(tmp_path.resolve()))
    it.environment = server().environment
    assert (it._build_environment()[SERVED], it._build_environment()[FOLDER]) == ("1", "")


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_a_session_that_does_not_quit_is_ended_when_its_socket_closes(tmp_path: Path) -> None:
    """An app that never reads 'quit' (here: one that sleeps) is killed once its socket has closed."""
    pid_file = tmp_path / "pid"
    command = f"echo $$ > {shlex.quote(str(pid_file))}; exec {shlex.quote(sys.executable)} -c 'import time; time.sleep(600)'"
    async with await client_of(server(command, token=None)) as client:
        websocket = await client.ws_connect("/ws?width=3000&height=3000")
        deadline = time.monotonic() + 60
        while not pid_file.exists() or not pid_file.read_text().strip():
            assert time.monotonic() < deadline, "the session's process did not start"
            await asyncio.sleep(0.05)
        pid = int(pid_file.read_text())
        assert not gone(pid)
        await websocket.close()
        deadline = time.monotonic() + 60 + 2 * STOP_WAIT
        while not gone(pid) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert gone(pid)


def test_the_sessions_run_the_installed_package_not_a_tui_folder_here(tmp_path: Path) -> None:
    shadow = tmp_path / "tui"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("", encoding="utf-8")
    (shadow / "__main__.py").write_text("print('a tui folder in the current one')", encoding="utf-8")
    done = subprocess.run(cli_serve.app_command(["--help"]), shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: bpe-tui") and "a tui folder" not in done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_server_and_its_sessions_quietly(tmp_path: Path, signal_number: int) -> None:
    """With a browser session open (its app running), SIGTERM or SIGINT to the server's process group (as
    Ctrl+C in its terminal sends it to the apps too) ends the server without a traceback, long before
    aiohttp's 60 s wait for open sockets."""
    from aiohttp import ClientSession

    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tui", "serve", "--port", str(port)], stdout=out, stderr=out, start_new_session=True
        )
    try:

        async def open_session() -> None:
            deadline = time.monotonic() + 60
            async with ClientSession() as client:
                while True:
                    try:
                        websocket = await client.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
                        break
                    except OSError:
                        assert time.monotonic() < deadline and process.poll() is None, log.read_text()
                        await asyncio.sleep(0.1)
                message = await websocket.receive(timeout=60)  # the app has drawn something
                assert message.data
                os.killpg(process.pid, signal_number)
                await websocket.receive(timeout=30)  # the server closes the socket

        asyncio.run(open_session())
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0
    assert "Traceback" not in log.read_text(errors="replace") and "Event loop is closed" not in log.read_text(errors="replace")
