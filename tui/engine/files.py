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

import atexit
import contextlib
import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
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
    "tokenizer.model file": 32 * MiB,  # Gemma 3's is 4.7 MB, Llama 2's 0.5 MB
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


#: At most this many names of one folder are looked at to complete a path (a huge folder never stalls the dialog).
COMPLETE_AMONG = 10_000


def complete_path(given: str) -> str:
    """`given` completed as far as the names in its folder agree: the one name that starts so (a folder
    gets a '/'), else what they all share; hidden names only when asked for with a '.'. `~` and `~user`
    are looked up but kept as typed; with nothing to add, `given` as it was.

    >>> complete_path("/nowhere/x"), complete_path("/")
    ('/nowhere/x', '/')
    """
    if given.startswith("~") and os.sep not in given:
        return given + os.sep if _is_dir(given) else given
    head, sep, stem = given.rpartition(os.sep)
    try:
        folder = user_path(head + sep or ".", ValueError)
    except ValueError:
        return given
    return complete_in([folder], head + sep, stem) or given


def complete_in(folders: list[Path], typed: str, stem: str) -> str | None:
    """`typed` + the longest start that every name beginning with `stem` in `folders` shares (a folder's name
    ends in '/'; hidden names only for a `stem` that starts with '.'), or None when that adds nothing.
    At most COMPLETE_AMONG names of each folder are looked at.

    >>> complete_in([Path("/nowhere")], "/nowhere/", "x") is None
    True
    """
    names: list[str] = []
    for folder in folders:
        try:
            with os.scandir(folder) as entries:
                for n, entry in enumerate(entries):
                    if n == COMPLETE_AMONG:
                        break
                    if entry.name.startswith(stem) and (stem.startswith(".") or not entry.name.startswith(".")):
                        names.append(entry.name + (os.sep if entry.is_dir() else ""))
        except (OSError, ValueError):  # not a folder, not readable, a NUL in the name
            continue
    shared = names[0] if names else stem  # the characters every name starts with (not whole path components)
    for name in names[1:]:
        while not name.startswith(shared):
            shared = shared[:-1]
    return typed + shared if len(shared) > len(stem) else None


def looked_up(path: Path) -> str:
    """What is at `path`: 'folder', 'file' (or anything else that is not a folder), 'missing', or why the file
    system cannot say, in words ('file name too long', for a name it refuses, or 'the name holds a NUL')."""
    try:
        return "folder" if path.is_dir() else "file" if path.exists() else "missing"
    except ValueError:
        return "the name holds a NUL"
    except OSError as exc:
        return (exc.strerror or "it cannot be looked up").lower()


def _is_dir(given: str) -> bool:
    try:
        return user_path(given, ValueError).is_dir()
    except (OSError, ValueError):
        return False


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


def write_atomic(path: Path, data: bytes | Iterable[bytes], error: type[Exception], *, stop: Callable[[], bool] | None = None) -> None:
    """Write `data` (bytes, or its pieces) to `path` through a temporary file in the same directory and a rename.

    A failure at any point leaves the old file (if any) as it was and raises `error` with one sentence;
    `stop()` true between two pieces raises `Cancelled`, the old file likewise untouched.
    """
    write_all([(path, data)], error, stop=stop)


def umask() -> int:
    """The process's umask. os.umask can only read it by setting it: 0o077 meanwhile, so a file another thread
    creates in that instant is, if anything, more private, never less."""
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


class Cancelled(Exception):
    """A write stopped by its caller (`stop`) before the rename: nothing was changed."""


#: Our temporary files: `.bpe-tui-PID-XXXXXXXX.tmp`, short whatever the target's name (a name may have 255 bytes).
TEMP_PREFIX = ".bpe-tui-"
_TEMP_NAME = re.compile(r"\.bpe-tui-(\d+)-[a-z0-9_]{8}\.tmp")
#: A temporary file of a process that is gone is stale once untouched this long (a live writer keeps it fresh);
#: one untouched for STALE_ANYWAY is stale whoever holds its pid now.
STALE_AFTER = 60.0
STALE_ANYWAY = 24 * 3600.0
_LOCK = threading.Lock()
_WRITING: set[str] = set()  # temporary files being written now, by any thread
_closing = False  # set by remove_temporaries: no new temporary file from then on


def remove_temporaries() -> None:
    """Delete every temporary file this process is writing, and start no more (on SIGTERM, SIGHUP, at exit)."""
    global _closing
    with _LOCK:
        _closing = True
        for tmp in _WRITING:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        _WRITING.clear()


atexit.register(remove_temporaries)  # a save still running in a daemon thread when the process ends


def remove_stale(directory: Path) -> list[str]:
    """Delete our temporary files in `directory` left by a process that was killed mid-save; their names."""
    now = time.time()
    removed: list[str] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.fullmatch(entry.name)
        if match is None or int(match.group(1)) == os.getpid():
            continue
        with contextlib.suppress(OSError):
            age = now - entry.stat(follow_symlinks=False).st_mtime
            if age > STALE_ANYWAY or (age > STALE_AFTER and not _running(int(match.group(1)))):
                os.unlink(entry.path)
                removed.append(entry.name)
    return removed


def _running(pid: int) -> bool:
    """A process `pid` exists here (perhaps another user's)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def write_target(path: Path, error: type[Exception], given: str | None = None) -> Path:
    """Where writing `path` lands: the file itself, or the file a symbolic link names (the link stays a link).

    A directory, a device, a FIFO or a socket there raises `error` in one sentence naming `given` (the path
    as the user typed it; default `path`): only regular files are replaced.
    """
    name = str(path) if given is None else given
    try:
        real = Path(os.path.realpath(path)) if path.is_symlink() else path
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise error(f"cannot save {name} ({exc.strerror}); nothing was changed.") from None
    if stat.S_ISDIR(mode):
        raise error(f"{name} is a directory: choose a file name in it; nothing was changed.")
    if not stat.S_ISREG(mode):
        what = _KINDS.get(stat.S_IFMT(mode), "an unusual kind of file")
        raise error(f"{name} is not a regular file ({what}); only regular files are replaced, nothing was changed.")
    return real


def write_all(
    files: Sequence[tuple[Path, bytes | Iterable[bytes]]], error: type[Exception], *, stop: Callable[[], bool] | None = None
) -> None:
    """Write several files that belong together: every temporary file first, then the renames.

    Nothing is replaced until all of them are written, so a full disk, a refused directory or a `stop`
    leaves every old file as it was. A symbolic link's target is replaced, never the link; anything but a
    regular file is refused (`write_target`). Stale temporary files of ours in the folder are removed first.
    """
    temps: list[tuple[str, Path]] = []
    mode = 0o666 & ~umask()  # what open() gives a new file; mkstemp's 0600 would outlive the rename
    try:
        for given, data in files:
            path = write_target(given, error)
            directory = path.parent if str(path.parent) else Path(".")
            remove_stale(directory)
            fd, tmp = _temporary(directory, error)
            temps.append((tmp, path))
            try:
                with os.fdopen(fd, "wb") as out:
                    for piece in [data] if isinstance(data, bytes) else data:
                        out.write(piece)
                        if stop is not None and stop():
                            raise Cancelled
                    out.flush()
                    os.fsync(out.fileno())
                os.chmod(tmp, mode)
            except OSError as exc:
                raise error(f"cannot save {given} ({exc.strerror}); nothing was changed.") from None
        if stop is not None and stop():
            raise Cancelled
        for n, (tmp, path) in enumerate(temps):
            try:
                os.replace(tmp, path)
            except OSError as exc:
                done = ", ".join(str(p) for _, p in temps[:n])
                changed = f"{done} was already replaced" if done else "nothing was changed"
                raise error(f"cannot save {path} ({exc.strerror}); {changed}.") from None
    finally:
        with _LOCK:
            for tmp, _ in temps:
                _WRITING.discard(tmp)
                Path(tmp).unlink(missing_ok=True)


def _temporary(directory: Path, error: type[Exception]) -> tuple[int, str]:
    """A new empty temporary file of ours in `directory` (open, and its name), known to `remove_temporaries` until written."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise error(f"cannot write in {directory} ({exc.strerror}).") from None
    with _LOCK:
        if _closing:
            os.close(fd)
            os.unlink(tmp)
            raise Cancelled
        _WRITING.add(tmp)
    return fd, tmp
