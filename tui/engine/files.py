"""Reading a user's file (its bytes, its UTF-8 text, its JSON) and writing files atomically; every failure is one sentence.

Only regular files are read, and never more than the limit of their kind (`LIMITS`, README "Limits"):
the kind and the size are checked before anything is read, so a device or a FIFO is refused at once.

>>> read_bytes("/nonexistent.json", ValueError, kind="trace file")
Traceback (most recent call last):
ValueError: /nonexistent.json does not exist.
>>> read_bytes("/dev/null", ValueError)
Traceback (most recent call last):
ValueError: /dev/null is not a regular file (a character device): nothing was read.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from .texts import quote

MiB = 2**20
#: The largest file of each kind that is read, in bytes; any other kind gets MAX_BYTES. (The largest
#: real ones: GPT-2's encoder.json 1.0 MB, its vocab.bpe 0.5 MB, a Llama 3 tokenizer.json 9 MB.)
LIMITS = {
    "text file": 16 * MiB,
    # A trace of any text up to the 1,000,000-character limit: 1,000,000 CJK characters on o200k_base
    # are an 87.5 MB file, 1,000,000 emoji 116 MB (rounds are stored as changes, so it grows with the text).
    "trace file": 128 * MiB,
    "vocab.bpe file": 16 * MiB,
    "encoder.json file": 32 * MiB,
    "tokenizer.json file": 64 * MiB,
}
MAX_BYTES = 64 * MiB

_KINDS = {stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device", stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket"}


def user_path(given: str | Path, error: type[Exception]) -> Path:
    """`given` with a leading ~ or ~user expanded; a home that cannot be found raises `error` in one sentence.

    >>> user_path("~nosuchuser/x.json", ValueError)
    Traceback (most recent call last):
    ValueError: ~nosuchuser/x.json starts with ~nosuchuser, which is not the home of any user here.
    """
    try:
        return Path(given).expanduser()
    except RuntimeError:  # an unknown user, or no home directory at all
        head = str(given).split(os.sep, 1)[0]
        raise error(f"{given} starts with {head}, which is not the home of any user here.") from None


def read_bytes(path: str | Path, error: type[Exception], *, kind: str = "file", limit: int | None = None) -> bytes:
    """The contents of the regular file `path` (~ expanded), at most `limit` bytes (default: its kind's).

    Anything else raises `error` with one sentence naming the path as it was given: a missing file, a
    directory, a device, a FIFO or a socket (from its kind, before it is opened), a file over the limit
    (from its size, before reading; and if it grew meanwhile, after reading one byte more), an OS refusal.
    """
    given = str(path)
    limit = LIMITS.get(kind, MAX_BYTES) if limit is None else limit
    a_kind = ("an " if kind[:1] in "aeiou" else "a ") + kind

    def too_large(size: int) -> Exception:
        return error(f"{given} is {size / 1e6:.1f} MB; {kind}s over {limit // MiB} MiB are refused.")

    where = user_path(path, error)
    try:
        info = os.stat(where)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{given} is a directory, not {a_kind}.")
        if not stat.S_ISREG(info.st_mode):
            what = _KINDS.get(stat.S_IFMT(info.st_mode), "an unusual kind of file")
            raise error(f"{given} is not a regular file ({what}): nothing was read.")
        if info.st_size > limit:
            raise too_large(info.st_size)
        # O_NONBLOCK: should the file have become a FIFO since, opening it does not wait for a writer.
        with open(os.open(where, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise error(f"{given} is no longer a regular file: nothing was read.")
            data = file.read(limit + 1)
    except FileNotFoundError:
        raise error(f"{given} does not exist.") from None
    except IsADirectoryError:
        raise error(f"{given} is a directory, not {a_kind}.") from None
    except OSError as exc:
        raise error(f"{given} cannot be read ({exc.strerror}).") from None
    if len(data) > limit:
        raise too_large(len(data))
    return data


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


def json_value(text: str, name: str | Path, error: type[Exception]) -> Any:
    """The JSON value of `text`; what is not JSON, or holds an object with a key twice (which `json`
    would resolve silently to the last), raises `error` with one sentence naming `name`.

    >>> json_value('{"a": 1, "a": 2}', "t.json", ValueError)
    Traceback (most recent call last):
    ValueError: t.json has the key 'a' twice in one object; which one is meant is unclear.
    """
    import json  # only when a JSON file is first read

    try:
        return json.loads(text, object_pairs_hook=_distinct)
    except _Twice as exc:
        raise error(f"{name} has the key {quote(exc.key)} twice in one object; which one is meant is unclear.") from None
    except json.JSONDecodeError as exc:
        raise error(f"{name} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}).") from None
    except RecursionError:
        raise error(f"{name} is nested too deeply to be read as JSON.") from None
    except ValueError:  # e.g. an integer longer than Python's 4,300-digit conversion limit
        raise error(f"{name} holds a number too long to read.") from None


class _Twice(Exception):
    """An object of the JSON being read has the key `key` twice."""

    def __init__(self, key: str) -> None:
        self.key = key


def _distinct(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict; a key given twice raises _Twice."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return obj


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
