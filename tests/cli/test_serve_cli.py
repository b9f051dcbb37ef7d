"""`bpe-tui serve` without a browser: what it runs, the page it serves, and one sentence for each mistake."""

from __future__ import annotations

import ipaddress
import re
import shlex
import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.engine.support import CliResult
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
    secrets: list[tuple[str | None, Path | None]] = []
    limits: list[dict[str, object]] = []

    def __init__(
        self, command: str, host: str, port: int, fontsize: int, *, token: str | None, files: Path | None, **limits: object
    ) -> None:
        FakeServer.made.append((command, host, port, fontsize))
        FakeServer.secrets.append((token, files))
        FakeServer.limits.append(limits)

    def serve(self, listening: Callable[[], None]) -> None:
        listening()


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str, int, int]]]:
    FakeServer.made, FakeServer.secrets, FakeServer.limits = [], [], []
    monkeypatch.setattr(cli_serve, "make_server", FakeServer)
    yield FakeServer.made


def test_the_app_options_go_to_each_session(cli: Cli, fake_server: list, free_port: int) -> None:
    """Options serve does not know are the app's: each browser session runs `python -m tui` with them."""
    code, out, err = cli("serve", "--port", str(free_port), "--table", "gpt2", "--text", "Hi 你!", "--fontsize", "26")
    assert (code, err) == (0, "")
    assert out == (
        f"bpe-tui: only this computer can open http://127.0.0.1:{free_port}/\n"
        "bpe-tui: visitors reach none of this computer's files: o opens the bundled examples, saves are downloads.\n"
        "bpe-tui: Ctrl+C stops the server.\n"
    )
    ((command, host, port, fontsize),) = fake_server
    assert shlex.split(command) == ["exec", sys.executable, "-P", "-m", "tui", "--table", "gpt2", "--text", "Hi 你!"]
    assert (host, port, fontsize) == ("127.0.0.1", free_port, 26)
    assert FakeServer.secrets == [(None, None)]  # loopback: no secret
    assert FakeServer.limits == [{"allow_origins": (), "max_sessions": cli_serve.DEFAULT_SESSIONS, "memory": 2048}]


def test_the_limits_and_the_allowed_origins_reach_the_server(cli: Cli, fake_server: list, free_port: int) -> None:
    argv = ("--max-sessions", "3", "--max-memory", "512", "--allow-origin", "https://bpe.example.org", "--allow-origin", "http://a:81")
    code, _, err = cli("serve", "--port", str(free_port), *argv)
    assert (code, err) == (0, "")
    assert FakeServer.limits == [{"allow_origins": ("https://bpe.example.org", "http://a:81"), "max_sessions": 3, "memory": 512}]


def test_every_interface_spelled_0_is_named_as_this_machine(cli: Cli, fake_server: list, free_port: int) -> None:
    """`--host 0` binds every interface as 0.0.0.0 does: it needs the secret and the banner names this machine, never 0."""
    code, out, _ = cli("serve", "--host", "0", "--port", str(free_port))
    ((token, _),) = FakeServer.secrets
    assert code == 0 and token is not None
    first = out.splitlines()[0]
    assert first.startswith(f"bpe-tui: anyone who can reach this machine on port {free_port} and has the secret can use it: open ")
    assert f"http://{socket.gethostname()}:{free_port}/?token={token}" in first and "http://0:" not in first


def test_the_banner_lists_this_machines_own_addresses() -> None:
    """Each address it lists is this machine's (a socket binds to it) and none is loopback."""
    listed = cli_serve.addresses()
    for address in listed.removeprefix(": ").split(", ") if listed else []:
        assert not ipaddress.ip_address(address.split("%")[0]).is_loopback
        with socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET) as probe:
            probe.bind((address, 0))


def test_a_double_dash_before_the_app_options_is_dropped(cli: Cli, fake_server: list, free_port: int) -> None:
    code, _, _ = cli("serve", "--port", str(free_port), "--", "traces/teaching-aaababcabxyz.json")
    assert code == 0 and shlex.split(fake_server[0][0])[5:] == ["traces/teaching-aaababcabxyz.json"]
    assert fake_server[0][3] == 20  # the default font size: larger than textual-serve's 16, for a room


def test_every_interface_needs_a_secret_and_says_who_can_reach_it(cli: Cli, fake_server: list, free_port: int, tmp_path: Path) -> None:
    code, out, err = cli("serve", "--host", "0.0.0.0", "--port", str(free_port), "--files", str(tmp_path))
    assert (code, err) == (0, "")
    ((token, files),) = FakeServer.secrets
    assert token is not None and len(token) >= 20 and files == tmp_path
    assert out == (
        f"bpe-tui: anyone who can reach this machine on port {free_port} and has the secret can use it: "
        f"open http://{socket.gethostname()}:{free_port}/?token={token} (or this machine's address{cli_serve.addresses()}, with the same ?token=)\n"
        f"bpe-tui: visitors may open and save files in {tmp_path} and nowhere else (and open the bundled examples).\n"
        "bpe-tui: Ctrl+C stops the server.\n"
    )
    cli("serve", "--host", "0.0.0.0", "--port", str(free_port))
    assert FakeServer.secrets[1][0] not in (None, token)  # a new secret each start


def test_loopback_needs_no_secret_and_any_other_address_does() -> None:
    assert [cli_serve.loopback(host) for host in ("127.0.0.1", "::1", "localhost", "127.0.0.2")] == [True] * 4
    assert [cli_serve.loopback(host) for host in ("0.0.0.0", "::", "192.168.1.20", "10.0.0.1")] == [False] * 4


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
        (["--files", "/nonexistent-folder"], "--files /nonexistent-folder: there is no such folder."),
        (["--files", "/etc/hostname"], "--files /etc/hostname: it is not a folder."),
        (["--text-file", "/nonexistent"], "/nonexistent does not exist."),
        (["--text", ""], "the text is empty: there is nothing to show."),
        (["--text", "abc", "--start", "9"], "--start 9 is past the last frame: this trace has 3 frames."),
        (["--max-sessions", "0"], "--max-sessions 0 would serve no one: give 1 or more."),
        (["--max-memory", "100"], "--max-memory 100 is too little for the app to start: give 256 MiB or more."),
        (
            ["--allow-origin", "bpe.example.org"],
            "--allow-origin bpe.example.org is not an origin: give a scheme and a host, such as https://bpe.example.org.",
        ),
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
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = cli_serve.make_server("true", "127.0.0.1", port, fontsize)
    async with TestClient(TestServer(await server._make_app(), host="127.0.0.1", port=port)) as client:
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


def test_an_apps_chat_template_is_checked_before_serving(cli: Cli, fake_server: list, free_port: int, tmp_path: Path) -> None:
    """A --chat-template the sessions could not read is one sentence at once, not a failure in every visitor's app."""
    bad = tmp_path / "bad.jinja"
    bad.write_text("{% if %}", encoding="utf-8")
    code, out, err = cli("serve", "--port", str(free_port), "--chat-template", str(bad))
    assert (code, out, fake_server) == (2, "", []) and err.startswith(f"bpe-tui: {bad} is not valid Jinja: ")


def test_a_broken_template_beside_the_tokenizer_json_is_said_to_the_server_and_serving_goes_on(
    cli: Cli, fake_server: list, free_port: int, tmp_path: Path
) -> None:
    from tests.engine.hf_files import LLAMA3_PRE, trained

    trained(tmp_path / "tokenizer.json", LLAMA3_PRE)
    (tmp_path / "tokenizer_config.json").write_text('{"chat_template": 5}', encoding="utf-8")
    code, out, err = cli("serve", "--port", str(free_port), "--tokenizer-json", str(tmp_path / "tokenizer.json"))
    assert (code, err, len(fake_server)) == (0, "", 1)
    assert out.splitlines()[2] == (
        "bpe-tui: the chat template beside the tokenizer.json is not used: "
        f"{tmp_path / 'tokenizer_config.json'}'s chat_template is neither a template (a string) nor a list of named ones."
    )
