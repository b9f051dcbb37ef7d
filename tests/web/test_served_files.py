"""A visitor of `bpe-tui serve` in a real browser (Debian's Chromium through Playwright): the server's files
are out of reach (each file key refuses /etc/passwd, ../, a symlink out and an absolute path in one sentence),
saves arrive as downloads, `--files DIR` is the one folder open and save may use, and an address other than
loopback needs the secret the server printed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tui.cli.webserver import REFUSED

from .conftest import serving
from .test_browser import SCREEN, hook_terminal, shown_once, wait_for


def typed(page: Page, key: str, title: str, answer: str) -> None:
    """Press `key`, wait for its path dialog, replace what it proposes by `answer`, enter it, and wait for the
    dialog to close. Keys typed before the dialog's box has the focus are lost: the typing is redone until the
    box shows `answer`. Waiting for the close matters on a loaded machine: the next dialog's title, if it is
    this one's, would otherwise be found on a screen not yet redrawn, and its keys typed into no box."""
    page.keyboard.press(key)
    wait_for(page, title)
    shown = f"() => ({SCREEN})().some(row => row.includes({f'▊  {answer} '!r}))"
    for _ in range(5):
        page.keyboard.press("End")
        page.keyboard.press("Control+u")  # Textual's Input: delete everything left of the cursor
        page.keyboard.type(answer)
        try:
            page.wait_for_function(shown, timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => !({SCREEN})().some(row => row.includes({title!r}))", timeout=45_000)


def entered(page: Page, key: str, title: str, answer: str, outcome: str) -> None:
    """`typed`, and again (three times at most) until a row containing `outcome` has been drawn. On a machine
    whose cores are busy, Textual can hand the first keys to a dialog's box before the box has finished
    taking the focus, which then empties it: the dialog answers '' (as if cancelled) and shows nothing
    (seen under `stress --cpu 2`, about one run in four). The outcome is what the test checks; the retry
    only redoes a dialog that was never really answered."""
    seen = f"() => window.__seen && Array.from(window.__seen).some(row => row.includes({outcome!r}))"
    for _ in range(2):
        typed(page, key, title, answer)
        try:
            page.wait_for_function(seen, timeout=20_000)
            return
        except PlaywrightTimeout:
            continue
    typed(page, key, title, answer)
    shown_once(page, outcome)


def opened_page(browser: Browser, url: str) -> Page:
    page = browser.new_page(viewport={"width": 1000, "height": 540})
    hook_terminal(page)
    page.goto(url)
    wait_for(page, "frame 1/9")
    return page


#: How long a download may take to arrive: the block it waits around answers a dialog (`entered`: three tries
#: at most, each with waits of up to 45 s first); a hang, never a claim about speed.
DOWNLOAD = 300_000


def test_file_keys_refuse_the_servers_files_and_saves_are_downloads(server: str, browser: Browser) -> None:
    page = opened_page(browser, server + "/")
    entered(page, "o", "Open a trace file", "/etc/passwd", "/etc/passwd is not one of the bundled examples")
    rows = wait_for(page, "/etc/passwd is not one of the bundled examples")
    flat = " ".join(" ".join(row.strip().lstrip("▌").strip() for row in rows).split())  # the note wraps where the page width says
    assert "/etc/passwd is not one of the bundled examples: a served app opens nothing else on the server (x lists them)." in flat
    with page.expect_download(timeout=DOWNLOAD) as arrival:
        entered(page, "s", "Save this trace as (your browser downloads it)", "mine.json", "Sent mine.json to your browser")
    download = arrival.value
    assert download.suggested_filename == "mine.json"
    saved = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert (saved["text"], saved["ids"]) == ("aaababcabxyz", [264, 257, 261])
    with page.expect_download(timeout=DOWNLOAD) as arrival:
        page.keyboard.press("S")
    assert arrival.value.suggested_filename == "bpe-tui-aaababcabxyz-teaching-encode-frame-1-textual-dark.svg"
    assert Path(arrival.value.path()).read_text(encoding="utf-8").rstrip().endswith("</svg>")
    page.close()


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder `--files` shares: a symlink in it leads out, to a trace file beside it."""
    root = tmp_path_factory.mktemp("lecture")
    folder = root / "shared"
    folder.mkdir()
    (root / "outside.json").write_text("{}", encoding="utf-8")
    (folder / "link.json").symlink_to(root / "outside.json")
    return folder


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory, shared: Path) -> Iterator[tuple[str, str]]:
    """`serve --host 0.0.0.0 --files DIR`: its URL on 127.0.0.1 and the secret it printed."""
    log = tmp_path_factory.mktemp("guarded") / "serve.log"
    with serving(log, "--host", "0.0.0.0", "--files", str(shared)) as url:
        match = re.search(r"\?token=(\S+)", log.read_text(encoding="utf-8"))
        assert match, log.read_text(encoding="utf-8")
        yield url, match.group(1)


def test_another_address_needs_the_printed_secret(guarded: tuple[str, str], browser: Browser) -> None:
    url, token = guarded
    page = browser.new_page()
    page.goto(url + "/")
    assert page.inner_text("body").strip() == REFUSED
    page.close()
    page = opened_page(browser, f"{url}/?token={token}")  # the page, its script and its websocket all pass
    page.close()


@pytest.mark.parametrize(("key", "title"), [("o", "Open a trace file"), ("f", "Train on a file")])
def test_a_shared_folder_is_all_a_file_key_reaches(guarded: tuple[str, str], browser: Browser, shared: Path, key: str, title: str) -> None:
    url, token = guarded
    page = opened_page(browser, f"{url}/?token={token}")
    if key == "f":
        page.keyboard.press("7")
        wait_for(page, "merges asked")
    for answer in ("/etc/passwd", "../outside.json", "link.json"):  # an absolute path, a way up, a symlink out
        entered(page, key, title, answer, f"{answer} is outside the folder")
    page.close()


def test_a_save_lands_in_the_shared_folder(guarded: tuple[str, str], browser: Browser, shared: Path) -> None:
    url, token = guarded
    page = opened_page(browser, f"{url}/?token={token}")
    entered(page, "s", "Save this trace as", "kept.json", "Saved ")
    assert json.loads((shared / "kept.json").read_text(encoding="utf-8"))["text"] == "aaababcabxyz"
    entered(page, "s", "Save this trace as", "../kept.json", "../kept.json is outside the folder this server")
    assert not (shared.parent / "kept.json").exists()
    page.close()
