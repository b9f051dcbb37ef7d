"""Reading a user's file (its bytes, or its UTF-8 text) and writing files atomically; every failure is one sentence.

>>> read_bytes("/nonexistent.json", ValueError, kind="trace file")
Traceback (most recent call last):
ValueError: /nonexistent.json does not exist.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def read_bytes(path: str | Path, error: type[Exception], *, kind: str = "file", limit: int | None = None) -> bytes:
    """The contents of `path`; a missing file, a directory, a file over `limit` bytes or an OS refusal
    raises `error` with one sentence (the size is checked before anything is read)."""
    path = Path(path)
    try:
        if limit is not None and (size := path.stat().st_size) > limit:
            raise error(f"{path} is {size / 1e6:.1f} MB; {kind}s over {limit // 2**20} MiB are refused.")
        return path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path} does not exist.") from None
    except IsADirectoryError:
        raise error(f"{path} is a directory, not a {kind}.") from None
    except OSError as exc:
        raise error(f"{path} cannot be read ({exc.strerror}).") from None


def utf8_text(data: bytes, name: str | Path, error: type[Exception]) -> str:
    """`data` decoded as UTF-8; bytes that are not raise `error` naming `name`, the first bad byte and its offset.

    >>> utf8_text(b"caf\\xe9!", "menu.txt", ValueError)
    Traceback (most recent call last):
    ValueError: menu.txt is not valid UTF-8 (bad byte 0xe9 at offset 3).
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{name} is not valid UTF-8 (bad byte 0x{data[exc.start]:02x} at offset {exc.start}).") from None


def read_utf8(path: str | Path, error: type[Exception], *, kind: str = "file", limit: int | None = None) -> str:
    """The text of the UTF-8 file at `path`: `read_bytes`, then `utf8_text`."""
    return utf8_text(read_bytes(path, error, kind=kind, limit=limit), path, error)


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of `data` in hex; hashlib (OpenSSL, slow to load) is imported when a table's files are first checked.

    >>> sha256_hex(b"")[:16]
    'e3b0c44298fc1c14'
    """
    from hashlib import sha256

    return sha256(data).hexdigest()


def write_atomic(path: Path, data: bytes, error: type[Exception]) -> None:
    """Write `data` to `path` through a temporary file in the same directory and a rename.

    A failure at any point leaves the old file (if any) as it was and raises `error` with one sentence.
    """
    write_all([(path, data)], error)


def umask() -> int:
    """The process's umask. os.umask can only read it by setting it: 0o077 meanwhile, so a file another thread
    creates in that instant is, if anything, more private, never less."""
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def write_all(files: list[tuple[Path, bytes]], error: type[Exception]) -> None:
    """Write several files that belong together: every temporary file first, then the renames.

    Nothing is replaced until all of them are written, so a full disk or a refused directory leaves
    every old file as it was.
    """
    temps: list[tuple[str, Path]] = []
    mode = 0o666 & ~umask()  # what open() gives a new file; mkstemp's 0600 would outlive the rename
    try:
        for path, data in files:
            directory = path.parent if str(path.parent) else Path(".")
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
            except OSError as exc:
                raise error(f"cannot write in {directory} ({exc.strerror}).") from None
            temps.append((tmp, path))
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                    out.flush()
                    os.fsync(out.fileno())
                os.chmod(tmp, mode)
            except OSError as exc:
                raise error(f"cannot save {path} ({exc.strerror}); nothing was changed.") from None
        for n, (tmp, path) in enumerate(temps):
            try:
                os.replace(tmp, path)
            except OSError as exc:
                done = ", ".join(str(p) for _, p in temps[:n])
                changed = f"{done} was already replaced" if done else "nothing was changed"
                raise error(f"cannot save {path} ({exc.strerror}); {changed}.") from None
    finally:
        for tmp, _ in temps:
            Path(tmp).unlink(missing_ok=True)
