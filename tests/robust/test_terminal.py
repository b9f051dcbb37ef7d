"""The real app in a real (pseudo) terminal: every byte it writes is read back and checked.

After taking out Textual's own drawing sequences (SGR colours, cursor moves, its terminal modes,
the kitty keyboard protocol and OSC 22 pointer shapes) nothing may remain that a terminal acts on:
no OSC (window title, hyperlink, clipboard), no other CSI, no DCS, no BEL, no raw C0/C1 control,
no bidi override or zero-width character, no tower of combining marks, and no hostile payload.
"""

from __future__ import annotations

import json
import sys

import pytest

from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.engine.tracefile import save

from .hostile import ALL_ESCAPES, ESCAPES, EVERYTHING, HOSTILE
from .terminal import KEY, drawn_text, run_in_terminal, terminal_problems

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal")

#: Walk every chunk, step rounds with scan detail, open the editor and help over the hostile text, switch tables.
TOUR = [
    KEY["end"],
    KEY["home"],
    *[KEY["pagedown"]] * 8,
    KEY["home"],
    KEY["shift+right"],
    b"d",
    *[KEY["right"]] * 4,
    b"d",
    b"r",
    b"e",
    KEY["escape"],
    b"?",
    KEY["escape"],
    b"t",
    KEY["end"],
    b"t",
]


def check(run, *shown: str) -> str:  # type: ignore[no-untyped-def]
    output = run.output.decode("utf-8")  # strict: whatever it wrote is valid UTF-8
    assert run.status == 0, output[-2000:]
    problems = terminal_problems(output)
    assert problems == [], problems[:10]
    drawn = drawn_text(output)
    for text in shown:
        assert text in drawn, f"{text!r} was never drawn"
    return output


def test_nothing_raw_reaches_a_real_terminal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """One session of the real app on a pseudo-terminal:

    1. `bpe-tui --table gpt2 --text '<every escape payload> [/] [bold]x'`, toured (chunks, rounds,
       scan detail, the editor and help drawn over the text, a table switch);
    2. o opens a trace of everything hostile (NUL, C0/C1, escapes, bidi, ZWJ, a tower, markup); toured;
    3. o opens a bad trace whose format field is an escape sequence and markup: the error is shown.
    """
    good = tmp_path / "hostile.json"
    save(capture(EVERYTHING, get_table("gpt2")), good)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "\x1b]0;pwned-by-file\x07[/][@click=app.quit]q"}), encoding="utf-8")

    def open_file(path):  # type: ignore[no-untyped-def]
        return [b"", b"o", b"", str(path).encode(), b"", KEY["enter"], b""]

    keys = [*TOUR, *open_file(good), *[KEY["pagedown"]] * 8, b"d", KEY["right"], b"e", KEY["escape"], *open_file(bad)]
    run = run_in_terminal(["--table", "gpt2", "--text", ALL_ESCAPES + " [/] [bold]x"], keys, size=(120, 40))
    check(
        run,
        "␛]0;pwned␇ ␛]2;pwned-st␛\\",
        "␛[2J␛[Hwiped",
        "[/]",
        "Text to tokenize",
        "Keys (they work",
        "Opened",
        "␀",
        "Cannot open",
        "pwned-by-file",
    )


@pytest.mark.slow
@pytest.mark.parametrize("table", ["teaching", "gpt2"])
@pytest.mark.parametrize("name", HOSTILE)
def test_each_hostile_text_alone(tmp_path, name: str, table: str) -> None:  # type: ignore[no-untyped-def]
    """Every hostile text on its own, under both tables (slow: one terminal session each)."""
    path = tmp_path / "t.json"
    save(capture(HOSTILE[name], get_table(table)), path)
    check(run_in_terminal([str(path)], TOUR))


@pytest.mark.slow
@pytest.mark.parametrize("name", ESCAPES)
def test_each_escape_given_with_text(name: str) -> None:
    check(run_in_terminal(["--text", f"a{ESCAPES[name]}b"], TOUR[:12]))
