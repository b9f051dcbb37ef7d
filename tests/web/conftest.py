"""The browser tests' server and browser: `bpe-tui serve` as a user starts it, and Debian's Chromium (never a download)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.needs import BROWSER, need


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`bpe-tui serve` on a free localhost port, as a user starts it; its URL."""
    with serving(tmp_path_factory.mktemp("serve") / "serve.log", "--fontsize", "18") as url:
        yield url


@contextmanager
def serving(log: Path, *argv: str) -> Iterator[str]:
    """`bpe-tui serve ARGV` on a free port, its URL on 127.0.0.1 once it listens. Its log goes to `log` (a pipe could fill)."""
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "tui", "serve", "--port", str(port), *argv], stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "the server did not start listening in 20 s"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = shutil.which("chromium")
    need(chromium is not None, "needs Debian's chromium: apt-get install chromium", BROWSER)
    assert chromium is not None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True)
        yield browser
        browser.close()
