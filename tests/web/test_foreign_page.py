"""In Chromium: a page from another origin cannot drive the served app, and a visitor turned away (the server
full, the app out of memory) reads why in one sentence."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Browser

from .conftest import free_port, serving
from .test_browser import hook_terminal, wait_for

#: The attacker's page: it opens the served app's websocket and writes what happened into its title.
ATTACK = """<!DOCTYPE html><title>waiting</title><script>
const ws = new WebSocket("ws://127.0.0.1:PORT/ws?width=80&height=24");
ws.onopen = () => { document.title = "open"; ws.send(JSON.stringify(["stdin", "s"])); };
ws.onmessage = () => { document.title = "read the screen"; };
ws.onclose = (event) => { if (document.title === "waiting") document.title = "closed " + event.code; };
</script>"""


@contextmanager
def foreign_site(target_port: int) -> Iterator[str]:
    """A second local web server (another origin) serving the attacker's page; its URL."""
    page = ATTACK.replace("PORT", str(target_port)).encode("utf-8")

    class Attack(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: object) -> None:
            pass

    site = ThreadingHTTPServer(("127.0.0.1", free_port()), Attack)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}/"
    finally:
        site.shutdown()
        site.server_close()


def test_a_page_on_another_port_is_refused_and_the_servers_own_page_works(browser: Browser, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with serving(log) as server, foreign_site(int(server.rsplit(":", 1)[1])) as attacker:
        page = browser.new_page()
        page.goto(attacker)
        page.wait_for_function("() => document.title !== 'waiting'", timeout=45_000)
        assert page.title() == "closed 1006"  # the handshake was refused: no socket, nothing read, no key sent
        page.close()
        own = browser.new_page(viewport={"width": 1000, "height": 540})
        hook_terminal(own)
        own.goto(server + "/")
        assert wait_for(own, "frame 1/9")[0] == "  teaching · 9 rules   12 bytes → 3 tokens · 9 merges fire"
        own.close()
    refused = [line for line in log.read_text().splitlines() if " refused GET /ws " in line]
    assert len(refused) == 1 and refused[0].endswith(f"Origin '{attacker.rstrip('/')}' is not this server's page")


def test_a_visitor_past_max_sessions_reads_why(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path / "serve.log", "--max-sessions", "1") as server:
        first = browser.new_page(viewport={"width": 1000, "height": 540})
        hook_terminal(first)
        first.goto(server + "/")
        wait_for(first, "frame 1/9")
        second = browser.new_page()
        second.goto(server + "/")
        said = "This bpe-tui server runs at most 1 session at once, all in use: close one, or try again later."
        assert second.inner_text("body").strip() == said
        first.close()
        second.close()


def test_an_app_out_of_memory_tells_its_visitor(browser: Browser, tmp_path: Path) -> None:
    text = tmp_path / "zwj.txt"
    text.write_text("\U0001f44d\U0001f3fd" * 450_000, encoding="utf-8")  # one 900,000-character chunk: about 400 MB to capture
    with serving(tmp_path / "serve.log", "--max-memory", "300", "--table", "deepseek-v4", "--text-file", str(text)) as server:
        page = browser.new_page()
        page.goto(server + "/")
        page.wait_for_selector(".ended", state="visible", timeout=90_000)
        assert page.inner_text("#why") == "This session's app needed more than its 300 MiB of memory and was ended: start again."
        page.close()
