"""`bpe-tui serve` in a real browser: Debian's Chromium, headless, driven by Playwright.

The suite starts the server on localhost, opens the page, presses keys and reads what the
terminal shows (xterm.js's own screen buffer), checks that nothing was asked of any other
host, and that a screenshot is a real render. `.ci/run` installs Chromium; no browser is
ever downloaded.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page

from .conftest import serving
from .png import colours

#: The one line of textual-serve's script where the terminal is opened; the test (only) keeps a handle on it there.
OPEN = "this.terminal.open(e)"
SCREEN = "() => { const t = window.__terminal, b = t.buffer.active; return Array.from({length: t.rows}, (_, y) => b.getLine(y).translateToString(true)); }"


#: Every row the terminal has drawn, kept as it is drawn: a note shown for a few seconds is seen even when the page's
#: polling, on a loaded machine, only looks after it has gone.
KEEP_ROWS = (
    "window.__seen=new Set(),this.terminal.onRender(()=>{const t=window.__terminal,b=t.buffer.active;"
    "for(let y=0;y<t.rows;y++)window.__seen.add(b.getLine(y).translateToString(true))})"
)


def hook_terminal(page: Page) -> None:
    """Serve textual-serve's script with one assignment added, so the test can read the terminal's screen."""

    def patch(route):  # type: ignore[no-untyped-def]
        script = route.fetch().text()
        assert script.count(OPEN) == 1, "textual-serve's script changed: update OPEN"
        route.fulfill(body=script.replace(OPEN, f"{OPEN},window.__terminal=this.terminal,{KEEP_ROWS}"), content_type="text/javascript")

    page.route("**/static/js/textual.js", patch)


def screen(page: Page) -> list[str]:
    return [row.rstrip() for row in page.evaluate(SCREEN)]


def wait_for(page: Page, text: str) -> list[str]:
    """The terminal's rows once one of them contains `text` (45 s at most: a loaded machine starts apps slowly)."""
    page.wait_for_function(f"() => window.__terminal && ({SCREEN})().some(row => row.includes({text!r}))", timeout=45_000)
    return screen(page)


def shown_once(page: Page, text: str) -> None:
    """Wait until a row containing `text` has been drawn, even if it is gone since (a note's few seconds)."""
    page.wait_for_function(f"() => window.__seen && Array.from(window.__seen).some(row => row.includes({text!r}))", timeout=45_000)


def local_only(urls: list[str], server: str) -> set[str]:
    """The hosts other than the server's that the page asked for anything (the set must be empty)."""
    return {urlsplit(url).netloc for url in urls} - {urlsplit(server).netloc}


def test_keys_reach_the_app_and_nothing_leaves_localhost(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 540})
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    hook_terminal(page)
    page.goto(server + "/")
    assert page.get_attribute("#terminal", "data-font-size") == "18"  # serve's --fontsize, as the address has none
    rows = wait_for(page, "frame 1/9")
    assert rows[:3] == [
        "  teaching · 9 rules   12 bytes → 3 tokens · 9 merges fire",
        " chunk 1/1 · round 0/7 · frame 1/9",
        " chunk 1: 'aaababcabxyz' is 12 UTF-8 bytes, written as aliases 'aaababcabxyz'",
    ]
    # no click first: the page gives the terminal the keyboard focus itself
    page.keyboard.press("ArrowRight")
    rows = wait_for(page, "frame 2/9")
    assert rows[1:3] == [" chunk 1/1 · round 1/7 · frame 2/9", " round 1: lowest rank among 11 pairs is 0 (a a); merging 1 occurrence"]
    page.keyboard.press("End")
    rows = wait_for(page, "frame 9/9")
    assert rows[2] == " no remaining pair is a rule: done; 3 symbols give ids [264, 257, 261]"
    png = page.screenshot()
    assert len(colours(png)) > 50, "the screenshot is not a rendered terminal"
    assert local_only(urls, server) == set()
    assert any(url.startswith("ws://127.0.0.1:") for url in urls) and any(url.endswith(".ttf") for url in urls)
    page.close()


def test_a_projector_page_is_100_by_26_at_26_px(server: str, browser: Browser) -> None:
    """README's projector advice: a 1600x900 window with ?fontsize=26 holds at least 100x26 cells, footer included."""
    page = browser.new_page(viewport={"width": 1600, "height": 900})
    hook_terminal(page)
    page.goto(server + "/?fontsize=26")
    rows = wait_for(page, "q quit")
    assert page.evaluate("() => [window.__terminal.cols, window.__terminal.rows]") >= [100, 26]
    assert rows[1] == " chunk 1/1 · round 0/7 · frame 1/9" and "q quit" in rows[-1]
    page.keyboard.press("6")
    rows = wait_for(page, "6 tokens: 7252")  # the explorer works in a thread: "working…" first
    assert " 6 tokens: 7252 397 39305 397 5431 89   enter: animate it under GPT-2" in rows and "q quit" in rows[-1]
    page.keyboard.press("7")
    rows = wait_for(page, "10 merges asked")
    assert " round 1/9 · 10 merges asked · 12 bytes of the current text" in rows
    page.close()


def test_the_default_font_reads_in_a_room_and_a_laptop_still_holds_80_by_24(browser: Browser, tmp_path: Path) -> None:
    """`bpe-tui serve` with no --fontsize: 20 px, and a 1366x768 laptop's browser (about 1366x658 inside) still
    has 80x24 cells or more, footer included."""
    with serving(tmp_path / "serve.log") as url:
        page = browser.new_page(viewport={"width": 1366, "height": 658})
        hook_terminal(page)
        page.goto(url + "/")
        rows = wait_for(page, "q quit")
        cols, lines = page.evaluate("() => [window.__terminal.cols, window.__terminal.rows]")
        assert cols >= 80 and lines >= 24 and "q quit" in rows[-1]
        assert int(page.evaluate("() => window.__terminal.options.fontSize")) == 20
        page.close()
