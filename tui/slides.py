"""For the lecture hall: themes (`--theme`, the T action), screenshots (their file names and writing, the S
action, `--screenshot`'s first screen).

>>> shot_name("aaababcabxyz", "teaching", "encode", 3, "textual-dark")
'bpe-tui-aaababcabxyz-teaching-encode-frame-3-textual-dark.svg'
>>> shot_name("../Hi\\n你!/x", "my/../table", "tables", 12, "nord")
'bpe-tui-Hi-你-x-my-table-tables-frame-12-nord.svg'
>>> next_theme("nord", ("textual-dark", "nord", "textual-light"))
'textual-light'
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual.app import App

from .access import access_of, download
from .engine.files import write_atomic, write_target
from .safe import sentence, visible

#: How much of the text a screenshot's file name keeps.
NAME_CHARS = 32

#: Fonts an SVG screenshot asks for, all of them local: Fira Code (Rich's choice) where installed, then
#: monospaced fonts that cover CJK, then whatever monospace the viewer has. No font is fetched.
FONTS = '"Fira Code", "DejaVu Sans Mono", "Noto Sans Mono CJK SC", "Noto Sans CJK SC", "Source Han Mono", "WenQuanYi Zen Hei Mono", Menlo, Consolas, monospace'


def offline_svg(svg: str) -> str:
    """`svg` (Rich's export) without an address to fetch: its @font-face rules load Fira Code from a CDN,
    which offline fails (and a fallback without CJK draws 你 as a box); local fonts are named instead."""
    svg = re.sub(r"\s*@font-face\s*\{[^}]*\}", "", svg)
    svg = re.sub(r"font-family: Fira Code, monospace;", f"font-family: {FONTS};", svg)
    return re.sub(r"<!-- Generated with Rich https?://[^>]*-->", "<!-- Generated with Rich -->", svg)


def theme_names() -> tuple[str, ...]:
    """Textual's built-in themes, in Textual's order (dark and light ones)."""
    from textual.theme import BUILTIN_THEMES

    return tuple(BUILTIN_THEMES)


def check_theme(name: str) -> str:
    """`name` if it is a theme; else ValueError with one sentence that lists the themes."""
    names = theme_names()
    if name not in names:
        raise ValueError(f"there is no theme {name!r}; the themes are: {', '.join(names)}.")
    return name


def next_theme(current: str, names: Sequence[str]) -> str:
    """The theme after `current` in `names`, round to the first (the first, if `current` is not among them)."""
    if current not in names:
        return names[0]
    return names[(list(names).index(current) + 1) % len(names)]


def name_of(screen: object, at: Any, own: str | None, view: str, theme: str) -> str:
    """The S file's name for `screen` at position `at` (None before a trace): the view's own text if it has
    one (`own`), else the trace's; the view's table if it names one, else the trace's; the frame; the theme."""
    text = own if own is not None else at.trace.text if at else ""
    table = getattr(screen, "table_name", None) or (at.trace.table.name if at else "")
    return shot_name(text, table, view, at.index + 1 if at else 0, theme)


def starting(app: App[Any], theme: str | None, keep: Callable[[str], None] | None) -> None:
    """At mount: `--theme`, and with `--screenshot` the first whole screen given to `keep`."""
    if theme is not None:
        app.theme = theme
    if keep is not None:
        keep_first_screen(app, keep)


def shot_name(text: str, table: str, view: str, frame: int, theme: str) -> str:
    """A safe file name for a screenshot of `view` at `frame` (1-based) of `text` under `table` in `theme`:
    letters and digits of each (any script) joined by '-', never a path separator, a dot or a control
    character, each truncated; so two different screens get two different files."""
    parts = (_slug(text) or "text", _slug(table) or "table", _slug(view) or "view", f"frame-{frame}", _slug(theme) or "theme")
    return f"bpe-tui-{'-'.join(parts)}.svg"


def _slug(text: str) -> str:
    """The letters and digits of `text`'s start (any script), runs joined by '-', at most NAME_CHARS characters."""
    words: list[str] = []
    word = ""
    for char in text[: NAME_CHARS * 4]:
        if char.isalnum() and char.isprintable():
            word += char
        elif word:
            words.append(word)
            word = ""
    if word:
        words.append(word)
    return "-".join(words)[:NAME_CHARS].strip("-")


def check_writable(path: Path) -> None:
    """Before the app runs: refuse a path that is a folder or whose folder is missing or read-only (ValueError)."""
    folder = path.parent
    if path.is_dir():
        raise ValueError(f"cannot write the screenshot {path}: it is a folder.")
    if not folder.is_dir():
        raise ValueError(f"cannot write the screenshot {path}: the folder {folder} does not exist.")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"cannot write the screenshot {path}: permission denied.")


def write_svg(path: Path, svg: str) -> None:
    """Write `svg` to `path` as every file of the project is written (a temporary file, then a rename);
    a failure names the path and the reason in one sentence (as ValueError), and any old file stays."""
    write_atomic(path, svg.encode("utf-8"), ValueError)


def cycle_theme(app: App[Any]) -> None:
    """The T action: the next of Textual's themes (dark and light ones), named in a notification."""
    app.theme = next_theme(app.theme, list(app.available_themes))
    app.notify(f"Theme {app.theme}: T shows the next.", timeout=2)


def save_screen(app: App[Any], name: str, ask: Callable[[str, Callable[[bool | None], None]], object]) -> None:
    """The S action: save the screen as SVG in the current folder as `name` (a served app: in the folder it
    shares, else as a download to the browser). A file of that name is replaced only if `ask` (the
    question, then what to do with the answer) is answered yes."""
    files = access_of(app)
    svg = offline_svg(app.export_screenshot())  # the screen as it is now, not with the question over it
    if files.downloads:
        download(app, name, svg, "image/svg+xml")
        return

    def write(yes: bool | None) -> None:
        if not yes:
            return
        try:
            write_svg(target, svg)
        except ValueError as exc:
            app.notify(sentence(str(exc)), title="Not saved", severity="error")
        else:
            app.notify(f"Saved this screen as {visible(str(target))}.", timeout=4)

    try:
        target = Path.cwd() / name if not files.served else files.writable(name)
        exists = write_target(target, ValueError).exists()
    except ValueError as exc:
        app.notify(sentence(str(exc)), title="Not saved", severity="error")
        return
    if exists:
        ask(f"{visible(str(target))} exists. Overwrite it?", write)
    else:
        write(True)


def keep_first_screen(app: App[Any], keep: Callable[[str], None]) -> None:
    """`--screenshot`: once the first screen is drawn whole, give it to `keep` as SVG and exit. Whole: the
    footer fills its keys a refresh after the screen's first (without the wait it was left out, where S has it)."""
    from textual.widgets import Footer

    waits = [0]

    def kept() -> None:
        keep(offline_svg(app.export_screenshot()))
        app.exit()

    def filled() -> None:
        if any(not footer.children for footer in app.screen.query(Footer)) and waits[0] < 100:
            waits[0] += 1
            app.set_timer(0.02, lambda: app.call_after_refresh(filled))
            return
        app.call_after_refresh(kept)  # the footer's keys are there: once they are drawn

    app.call_after_refresh(filled)
