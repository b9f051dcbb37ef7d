"""Devices, FIFOs and ~user paths, wherever a user's file is read or a path expanded (issue 28, items 3 and 6).

Anything that is not a regular file is refused in one sentence before it is opened for reading: a
read of /dev/zero would never end and a FIFO without a writer would wait for ever (each test has a
10 s timeout, so a regression fails instead of hanging). A path starting with ~nosuchuser/ names no
home directory: one sentence, never a crash.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.engine.support import CliResult
from tui.app import BpeApp
from tui.engine.tables import teaching, vocab_bpe_text

from .apphelp import Notes, assert_alive, make_app, opened, settle

Cli = Callable[..., CliResult]
pytestmark = pytest.mark.timeout(10)

NO_USER = "~nosuchuser/x.json"
NO_USER_SAYS = "~nosuchuser/x.json starts with ~nosuchuser, which is not the home of any user here."


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    """A FIFO no one writes to: opening it for reading the ordinary way would wait for ever."""
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


def refusal(path: str, what: str) -> str:
    return f"{path} is not a regular file ({what}): nothing was read."


@pytest.fixture
def table(tmp_path: Path) -> tuple[str, str]:
    """A good custom table (the teaching table's files)."""
    v, e = tmp_path / "vocab.bpe", tmp_path / "encoder.json"
    v.write_text(vocab_bpe_text(teaching().merges), encoding="utf-8")
    e.write_text(json.dumps(dict(teaching().encoder)), encoding="utf-8")
    return str(v), str(e)


#: Every command-line place a file is read, as argv for the file `P` (V and E: a good table's files).
READERS: dict[str, Callable[[str, str, str], list[str]]] = {
    "check": lambda p, v, e: ["check", p],
    "--text-file": lambda p, v, e: ["encode", "--text-file", p],
    "--vocab": lambda p, v, e: ["encode", "--vocab", p, "--encoder", e, "--text", "a"],
    "--encoder": lambda p, v, e: ["encode", "--vocab", v, "--encoder", p, "--text", "a"],
    "--tokenizer-json": lambda p, v, e: ["encode", "--tokenizer-json", p, "--text", "a"],
    "the app's trace": lambda p, v, e: [p],
    "the app's --text-file": lambda p, v, e: ["--text-file", p],
}


def status(reader: str) -> int:
    """The exit status of a refused file: 1 for check (an invalid input file), 2 where the file is an option's."""
    return 1 if reader == "check" else 2


@pytest.mark.parametrize("reader", READERS)
def test_dev_zero_is_refused_everywhere(cli: Cli, reader: str, table: tuple[str, str]) -> None:
    assert cli(*READERS[reader]("/dev/zero", *table)) == (status(reader), "", f"bpe-tui: {refusal('/dev/zero', 'a character device')}\n")


@pytest.mark.parametrize("reader", READERS)
def test_a_fifo_is_refused_everywhere(cli: Cli, reader: str, fifo: str, table: tuple[str, str]) -> None:
    assert cli(*READERS[reader](fifo, *table)) == (status(reader), "", f"bpe-tui: {refusal(fifo, 'a FIFO')}\n")


@pytest.mark.parametrize("reader", READERS)
def test_a_path_of_no_user_is_one_sentence_everywhere(cli: Cli, reader: str, table: tuple[str, str]) -> None:
    assert cli(*READERS[reader](NO_USER, *table)) == (status(reader), "", f"bpe-tui: {NO_USER_SAYS}\n")


def test_the_path_is_named_as_given() -> None:
    """`./x` and `~/x` are named as typed, not as they resolve."""
    from tui.engine.files import read_bytes

    with pytest.raises(ValueError) as caught:
        read_bytes("./nope/../nope.txt", ValueError)
    assert str(caught.value) == "./nope/../nope.txt does not exist."


async def answer(app: BpeApp, pilot: Pilot, key: str, path: str) -> None:
    """Press `key`, give `path` to the dialog it opens, and wait for what follows."""
    await pilot.press(key)
    await pilot.pause()
    app.screen.query_one(Input).value = path
    await pilot.press("enter")
    await settle(app, pilot)
    assert_alive(app)


async def test_o_of_a_fifo_or_a_device_says_one_sentence_and_q_quits(fifo: str) -> None:
    app, notes = make_app(), Notes()
    async with opened(app, notes=notes) as pilot:
        before = app.position
        for path, what in ((fifo, "a FIFO"), ("/dev/zero", "a character device"), (NO_USER, "")):
            await answer(app, pilot, "o", path)
            assert app.position is before and not app.capturing
            said = refusal(path, what) if what else NO_USER_SAYS
            assert (notes.errors[-1].title, notes.errors[-1].message) == ("Cannot open", said)
        assert not [w for w in app.workers if w.is_running]  # nothing left reading
        await pilot.press("q")
    assert app.return_code == 0


async def test_s_to_a_path_of_no_user_says_one_sentence() -> None:
    app, notes = make_app(), Notes()
    async with opened(app, notes=notes) as pilot:
        await answer(app, pilot, "s", NO_USER)
        assert [(n.title, n.message) for n in notes.errors] == [("Not saved", NO_USER_SAYS)]


async def test_the_training_views_f_refuses_a_fifo_and_a_path_of_no_user(fifo: str) -> None:
    """`f` in view 7: one sentence each, and the view is not left 'training…'."""
    app, notes = make_app("the cat the hat"), Notes()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("7")
        await settle(app, pilot)
        for path, said in ((fifo, refusal(fifo, "a FIFO")), (NO_USER, NO_USER_SAYS)):
            await answer(app, pilot, "f", path)
            assert notes.errors[-1].message == said + " The training shown is unchanged."
            assert "training…" not in app.screen.progress
        assert len(notes.errors) == 2


def test_the_examples_picker_lists_a_fifo_as_unreadable(tmp_path: Path) -> None:
    """`x` labels every *.json of the traces folder; a FIFO among them is not waited for."""
    from tui.screens.dialogs import list_examples

    os.mkfifo(tmp_path / "pipe.json")
    assert [(e.table, e.text) for e in list_examples(tmp_path)] == [("?", "pipe.json (unreadable)")]
