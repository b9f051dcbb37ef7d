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
from tui.engine.tables import get_table, label, table_cycle
from tui.engine.tracefile import save

from .hostile import ALL_ESCAPES, ESCAPES, EVERYTHING, HOSTILE
from .terminal import KEY, drawn_text, run_in_terminal, terminal_problems

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal")


def title(table: str) -> str:
    """The start of the header's title line once `table` is shown: what the app draws when a switch is done."""
    return " · ".join(label(get_table(table)).split(" · ")[:2])


def pages(chunks: int) -> list[bytes | str]:
    """From the first chunk, pagedown eight times: up to the last chunk each time until the header names the chunk
    shown (so every chunk is drawn, however busy the machine), then past it with nothing to wait for (a pagedown on
    the last chunk changes nothing, so nothing is drawn again)."""
    last = min(chunks, 9)
    waited = [step for n in range(2, last + 1) for step in (KEY["pagedown"], f"chunk {n}/{chunks} ·")]
    return [*waited, *[KEY["pagedown"]] * (9 - last)]


def tour(table: str, chunks: int) -> list[bytes | str]:
    """On a text of `chunks` chunks under `table`: walk the chunks, step rounds with scan detail, open
    the editor and help over the hostile text, switch tables twice, each waited for by what only it
    draws (never by the text itself: the view under a dialog may draw that again after the key)."""
    cycle = table_cycle()
    first, second = (cycle[(cycle.index(table) + n) % len(cycle)] for n in (1, 2))
    return [
        KEY["end"],
        KEY["home"],
        *pages(chunks),
        KEY["home"],
        KEY["shift+right"],
        b"d",
        *[KEY["right"]] * 4,
        b"d",
        b"r",
        b"e",
        "Text to tokenize",
        KEY["escape"],
        b"?",
        "Keys (they work",
        KEY["escape"],
        b"t",
        title(first),
        KEY["end"],
        b"t",
        title(second),
    ]


def check(run, *shown: str) -> str:  # type: ignore[no-untyped-def]
    output = run.output.decode("utf-8")  # strict: whatever it wrote is valid UTF-8
    assert run.status == 0, output[-2000:]
    problems = terminal_problems(output)
    assert problems == [], problems[:10]
    drawn = drawn_text(output)
    missing = [text for text in shown if text not in drawn]
    assert missing == [], f"{missing!r} were never drawn"
    return output


def test_nothing_raw_reaches_a_real_terminal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """One session of the real app on a pseudo-terminal:

    1. `bpe-tui --table gpt2 --text '<every escape payload> [/] [bold]x'`, toured (chunks, rounds,
       scan detail, the editor and help drawn over the text, a table switch);
    2. o opens a trace of everything hostile (NUL, C0/C1, escapes, bidi, ZWJ, a tower, markup); toured;
    3. o opens a bad trace whose format field is an escape sequence and markup: the error is shown.
    """
    good = tmp_path / "hostile.json"
    everything = capture(EVERYTHING, get_table("gpt2"))
    save(everything, good)
    text = ALL_ESCAPES + " [/] [bold]x"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "\x1b]0;pwned-by-file\x07[/][@click=app.quit]q"}), encoding="utf-8")

    def open_file(path, said: str):  # type: ignore[no-untyped-def]
        return [b"o", "enter: ok · tab: complete · escape: cancel", str(path).encode(), KEY["enter"], said]

    keys = [
        *tour("gpt2", len(capture(text, get_table("gpt2")).chunks)),
        *open_file(good, "Opened"),
        *pages(len(everything.chunks)),
        b"d",
        KEY["right"],
        b"e",
        "Text to tokenize",
        KEY["escape"],
        *open_file(bad, "Cannot open"),
    ]
    run = run_in_terminal(["--table", "gpt2", "--text", text], keys, size=(120, 40))
    check(
        run,
        "␛]0;pwned␇ ␛]2;pwned-st␛\\",
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
    trace = capture(HOSTILE[name], get_table(table))
    save(trace, path)
    check(run_in_terminal([str(path)], tour(table, len(trace.chunks))))


@pytest.mark.slow
@pytest.mark.parametrize("name", ESCAPES)
def test_each_escape_given_with_text(name: str) -> None:
    text = f"a{ESCAPES[name]}b"
    check(run_in_terminal(["--text", text], tour("teaching", len(capture(text, get_table("teaching")).chunks))[:20]))
