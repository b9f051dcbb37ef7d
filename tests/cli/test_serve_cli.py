"""`bpe-tui serve` without a browser: what it runs, the page it serves, and one sentence for each mistake."""

from __future__ import annotations

import re
import shlex
import socket
import sys
from collections.abc import Callable, Iterator

import pytest
from aiohttp.test_utils import TestClient, TestServer
from engine.support import CliResult

from tui.cli import serve as cli_serve

Cli = Callable[..., CliResult]


@pytest.fixture
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class FakeServer:
    """Stands for textual-serve's Server: records what it was given, serves nothing."""

    made: list[tuple[str, str, int, int]] = []

    def __init__(self, command: str, host: str, port: int, fontsize: int) -> None:
        FakeServer.made.append((command, host, port, fontsize))

    def serve(self) -> None:
        pass


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str, int, int]]]:
    FakeServer.made = []
    monkeypatch.setattr(cli_serve, "make_server", FakeServer)
    yield FakeServer.made


def test_the_app_options_go_to_each_session(cli: Cli, fake_server: list, free_port: int) -> None:
    """Options serve does not know are the app's: each browser session runs `python -m tui` with them."""
    code, out, err = cli("serve", "--port", str(free_port), "--table", "gpt2", "--text", "Hi 你!", "--fontsize", "26")
    assert (code, out, err) == (0, "", "")
    ((command, host, port, fontsize),) = fake_server
    assert shlex.split(command) == [sys.executable, "-m", "tui", "--table", "gpt2", "--text", "Hi 你!"]
    assert (host, port, fontsize) == ("127.0.0.1", free_port, 26)


def test_a_double_dash_before_the_app_options_is_dropped(cli: Cli, fake_server: list, free_port: int) -> None:
    code, _, _ = cli("serve", "--port", str(free_port), "--", "traces/teaching-aaababcabxyz.json")
    assert code == 0 and shlex.split(fake_server[0][0])[3:] == ["traces/teaching-aaababcabxyz.json"]


def test_every_interface_says_which_address_to_open(cli: Cli, fake_server: list, free_port: int) -> None:
    code, out, err = cli("serve", "--host", "0.0.0.0", "--port", str(free_port))
    assert (code, err) == (0, "")
    assert out == (
        f"bpe-tui: listening on every interface; open http://{socket.gethostname()}:{free_port} "
        "or this machine's address from another computer.\n"
    )


def test_a_port_in_use_is_one_sentence(cli: Cli, fake_server: list) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out, err = cli("serve", "--port", str(port))
    assert (code, out) == (2, "") and fake_server == []
    assert err == f"bpe-tui: port {port} on 127.0.0.1 is already in use: stop what is using it or choose another with --port.\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "0"], "--port 0 is not a port: give a number from 1 to 65535."),
        (["--port", "70000"], "--port 70000 is not a port: give a number from 1 to 65535."),
        (["--fontsize", "2"], "--fontsize 2 is out of range: give 6 to 96 pixels."),
        (["--host", "no-such-host.invalid"], "cannot listen on 'no-such-host.invalid': it is not an address or a known host name."),
    ],
)
def test_bad_serve_options_are_one_sentence(cli: Cli, fake_server: list, argv: list[str], message: str) -> None:
    code, out, err = cli("serve", *argv)
    assert (code, out, err) == (2, "", f"bpe-tui: {message}\n") and fake_server == []


def test_a_mistake_in_the_app_options_is_told_before_serving(cli: Cli, fake_server: list, free_port: int) -> None:
    code, out, err = cli("serve", "--port", str(free_port), "--table", "nope")
    assert (code, out) == (2, "") and fake_server == []
    assert err.splitlines()[-1].startswith("bpe-tui: error: argument --table: invalid choice: 'nope'")


def test_without_textual_serve_it_names_the_extra(cli: Cli, monkeypatch: pytest.MonkeyPatch, free_port: int) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # what an install without the extra sees
    code, out, err = cli("serve", "--port", str(free_port))
    assert (code, out) == (2, "")
    assert err == (
        "bpe-tui: bpe-tui serve needs textual-serve, which is not installed: install the web extra: "
        "`uv sync --extra web` in the source tree, or `pip install 'bpe-tui[web]'`.\n"
    )


async def page(path: str, fontsize: int = 22) -> tuple[int, str]:
    """The status and text of `path` on serve's aiohttp application (a font's bytes read as Latin-1)."""
    server = cli_serve.make_server("true", "127.0.0.1", 8000, fontsize)
    async with TestClient(TestServer(await server._make_app())) as client:
        response = await client.get(path)
        return response.status, (await response.read()).decode("utf-8" if path.startswith("/?") or path == "/" else "latin-1")


async def test_the_page_takes_serves_font_size_unless_the_address_gives_a_number() -> None:
    status, html = await page("/")
    assert status == 200 and 'data-font-size="22"' in html
    _, html = await page("/?fontsize=26")
    assert 'data-font-size="26"' in html
    _, html = await page("/?fontsize=big")
    assert 'data-font-size="22"' in html


async def test_the_page_names_no_other_host() -> None:
    """No absolute URL at all: scripts, styles and fonts are relative, the websocket follows the address bar."""
    _, html = await page("/")
    assert re.findall(r"https?://", html) == []
    links = re.findall(r'(?:src|href)="([^"]*)"', html) + re.findall(r'url\("([^"]*)"\)', html)
    assert len(links) == 5 and all(link.startswith(("static/", "data:")) for link in links), links
    for asset in ("static/js/textual.js", "static/css/xterm.css", "static/fonts/RobotoMono-VariableFont_wght.ttf"):
        assert f'"{asset}"' in html
        status, _ = await page(f"/{asset}")
        assert status == 200, asset
