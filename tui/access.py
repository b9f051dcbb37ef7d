"""What the app's file keys may touch: anything on a local terminal; in a served app (`bpe-tui serve`) only
the bundled examples, the one folder `serve --files DIR` shares, and downloads to the visitor's browser.

Every key that asks for a path (open `o`, the Train view's file key `f`, save `s`, the screenshot `S`) asks
the app's `FileAccess` first. A refusal is one sentence (`Refused`, a ValueError).

>>> served = FileAccess(served=True)
>>> served.readable("/etc/passwd")
Traceback (most recent call last):
tui.access.Refused: /etc/passwd is not one of the bundled examples: a served app opens nothing else on the server (x lists them).
>>> served.download_name("../x.json")
Traceback (most recent call last):
tui.access.Refused: ../x.json is not a file name: a served app saves as a download to your browser, named without a folder.
>>> FileAccess().downloads, served.downloads, FileAccess(served=True, folder=Path("/srv")).downloads
(False, True, False)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any

from textual.app import App

from .engine.examples import TRACES_DIR
from .engine.files import complete_in, complete_path, user_path
from .safe import sentence, visible

#: Set by `bpe-tui serve` for every session's app: "1" means served; FOLDER names the folder --files shares.
SERVED, FOLDER = "BPE_TUI_SERVED", "BPE_TUI_FILES"
#: What textual-serve's sessions run under: a web driver also means served, whoever started the server.
WEB_DRIVER = "web_driver"


class Refused(ValueError):
    """A path a served app may not touch, told in one sentence."""


def within(root: Path, given: str) -> Path | None:
    """`given` (relative to `root`, or absolute) resolved, with its symlinks and `..` followed, if it stays
    inside `root`; else None (a NUL byte or a symlink loop in it too)."""
    try:
        base = root.resolve()
        target = (base / given).resolve()
    except (OSError, ValueError, RuntimeError):
        return None
    return target if target.is_relative_to(base) else None


@dataclass(frozen=True)
class FileAccess:
    """The policy: local (`served` False) lets every path through as today; served lets through only the
    bundled examples and `folder`, and turns saves into downloads when there is no folder."""

    served: bool = False
    folder: Path | None = None
    examples: Path = TRACES_DIR

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] = os.environ) -> FileAccess:
        served = environ.get(SERVED) == "1" or WEB_DRIVER in environ.get("TEXTUAL_DRIVER", "")
        folder = environ.get(FOLDER, "") if served else ""
        return cls(served=served, folder=Path(folder) if folder else None)

    @staticmethod
    def environ(folder: Path | None) -> dict[str, str]:
        """What `serve` adds to its sessions' environment for this policy."""
        return {SERVED: "1", FOLDER: str(folder.resolve()) if folder else ""}

    @property
    def downloads(self) -> bool:
        """Saves go to the visitor's browser (served without a shared folder)."""
        return self.served and self.folder is None

    def readable(self, given: str) -> str:
        """The file to read for the path the user typed (local: exactly as typed), or Refused."""
        if not self.served:
            return given
        roots = (self.folder, self.examples) if self.folder else (self.examples,)
        found = [path for path in (within(root, given) for root in roots) if path is not None]
        existing = next((path for path in found if path.exists()), None)
        if existing is not None:
            return str(existing)
        if self.folder is None:
            raise Refused(f"{given} is not one of the bundled examples: a served app opens nothing else on the server (x lists them).")
        if len(found) == len(roots):  # inside every root, but in none of them
            raise Refused(f"{given} does not exist in the folder this server shares, nor among the bundled examples.")
        raise Refused(f"{given} is outside the folder this server shares: a served app opens only files there and the bundled examples.")

    def writable(self, given: str) -> Path:
        """The file to write for the path the user typed (a served app: only inside its folder), or Refused."""
        if not self.served:
            return user_path(given, Refused)
        target = within(self.folder, given) if self.folder else None
        if target is None:
            raise Refused(f"{given} is outside the folder this server shares: a served app saves only there.")
        return target

    def complete(self, given: str) -> str:
        """What tab makes of the path typed in an open box: local, from the names in its folder; served, only
        from the names inside the shared folder and the bundled examples (relative to each, as `readable`
        resolves them), and nothing at all without a shared folder, so a visitor learns no name on the server.
        """
        return self._complete(given, (self.folder, self.examples))

    def complete_save(self, given: str) -> str:
        """What tab makes of the path typed in a save box: as `complete`, but served only inside the shared folder."""
        return self._complete(given, (self.folder,))

    def _complete(self, given: str, roots: tuple[Path | None, ...]) -> str:
        if not self.served:
            return complete_path(given)
        if self.folder is None:
            return given
        head, sep, stem = given.rpartition(os.sep)
        folders = [folder for folder in (within(root, head + sep or ".") for root in roots if root) if folder]
        return complete_in(folders, head + sep, stem) or given

    def download_name(self, given: str) -> str:
        """The name a download is offered under: a plain file name, or Refused."""
        name = given.strip()
        if not name or name != Path(name).name or name in (".", ".."):
            raise Refused(f"{given} is not a file name: a served app saves as a download to your browser, named without a folder.")
        return name


def access_of(app: object) -> FileAccess:
    """The app's policy (`BpeApp.files`); an app without one is judged by its environment."""
    files = getattr(app, "files", None)
    return files if isinstance(files, FileAccess) else FileAccess.from_environ()


def download(app: App[Any], given: str, text: str, mime_type: str) -> None:
    """Send `text` (UTF-8) to the visitor's browser as a download named `given` (or say in one sentence why not)."""
    try:
        name = access_of(app).download_name(given)
    except Refused as exc:
        app.notify(sentence(str(exc), given), title="Not saved", severity="error")
        return
    app.deliver_text(StringIO(text), save_filename=name, encoding="utf-8", mime_type=mime_type)
    app.notify(f"Sent {visible(name)} to your browser as a download.", timeout=4)
