"""For the lecture hall: themes (`--theme`, the T action), screenshots (their file names and writing, the S
action, `--screenshot`'s first screen).

>>> shot_name("aaababcabxyz", 3, "encode")
'bpe-tui-aaababcabxyz-frame-3.svg'
>>> shot_name("../Hi\\n你!/x", 12, "tables")
'bpe-tui-Hi-你-x-frame-12-tables.svg'
>>> next_theme("nord", ("textual-dark", "nord", "textual-light"))
'textual-light'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual.app import App

from .access import access_of, download
from .engine.files import write_atomic
from .safe import sentence, visible

#: How much of the text a screenshot's file name keeps.
NAME_CHARS = 32


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


def shot_name(text: str, frame: int, view: str) -> str:
    """A safe file name for a screenshot of `view` at `frame` (1-based) of `text`: letters and digits of the
    text (any script) joined by '-', never a path separator, a dot or a control character, truncated."""
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
    stem = "-".join(words)[:NAME_CHARS].strip("-") or "text"
    suffix = "" if view == "encode" else f"-{view}"
    return f"bpe-tui-{stem}-frame-{frame}{suffix}.svg"


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


def save_screen(app: App[Any], text: str, frame: int, view: str) -> None:
    """The S action: save the screen as SVG in the current directory (a served app: in the folder it shares,
    else as a download to the browser), named after the text and frame."""
    files, name = access_of(app), shot_name(text, frame, view)
    if files.downloads:
        download(app, name, app.export_screenshot(), "image/svg+xml")
        return
    try:
        target = Path.cwd() / name if not files.served else files.writable(name)
        write_svg(target, app.export_screenshot())
    except ValueError as exc:
        app.notify(sentence(str(exc)), title="Not saved", severity="error")
    else:
        app.notify(f"Saved this screen as {visible(str(target))}.", timeout=4)


def keep_first_screen(app: App[Any], keep: Callable[[str], None]) -> None:
    """`--screenshot`: once the first screen is drawn, give it to `keep` as SVG and exit."""

    def kept() -> None:
        keep(app.export_screenshot())
        app.exit()

    app.call_after_refresh(kept)
