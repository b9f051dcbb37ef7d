"""Trace files through the dialogs: the example picker (x), opening (o) and saving (s) traces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from tests.app_support import (
    GPT2_TITLE,
    Notes,
    header,
    ids,
    make_app,
    names_table,
    opened,
    position,
    sentence,
    settle,
    until,
)
from tui.engine.examples import EXAMPLES, TRACES_DIR
from tui.engine.tables import get_table
from tui.engine.tables import label as table_label
from tui.engine.tracefile import load
from tui.screens.dialogs import ConfirmScreen, PathScreen, PickerScreen


def _examples() -> list[tuple[str, str, str]]:
    """(path under traces/, table name, text) for every trace in traces/ and its folders, in the picker's order."""
    out = []
    for path in sorted(TRACES_DIR.glob("**/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out.append((str(path.relative_to(TRACES_DIR)), data["table"]["name"], data["text"]))
    return out


def test_traces_dir_holds_every_seed_example() -> None:
    assert {(f"{stem}.json", table, text) for stem, table, text in EXAMPLES} <= set(_examples())


@pytest.mark.slow  # a long run (seconds of app time): CI runs it with the slow set
async def test_x_opens_each_example_trace(notes: Notes) -> None:
    examples = _examples()
    assert len(examples) >= 15
    app = make_app("q", "teaching")
    async with opened(app, notes=notes) as pilot:
        for n, (name, table, text) in enumerate(examples):
            await pilot.press("x")
            assert isinstance(app.screen, PickerScreen)
            options = app.screen.query_one(OptionList)
            assert options.option_count == len(examples)
            label = str(options.get_option_at_index(n).prompt)
            assert label.startswith(table)
            if n:  # one real press onto each entry (the walk from the top is the same key each time)
                options.highlighted = n - 1
                await pilot.press("down")
            assert options.highlighted == n
            await pilot.press("enter")
            await settle(app, pilot)
            assert len(app.screen_stack) == 1, name
            assert app.position.trace.text == text, name
            assert names_table(header(app)[0], table_label(get_table(table))), name
            assert position(app).startswith("chunk 1/"), name
            assert notes.messages[-1] == f"Opened {TRACES_DIR / name}."
        assert notes.errors == []


async def test_x_escape_keeps_the_trace() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("right", "x", "down", "escape")
        await settle(app, pilot)
        assert app.position.trace.text == "aaababcabxyz"
        assert app.position.index == 1


async def test_x_with_no_examples_warns(tmp_path: Path, notes: Notes) -> None:
    app = make_app(traces_dir=tmp_path)
    async with opened(app, notes=notes) as pilot:
        await pilot.press("x")
        assert len(app.screen_stack) == 1
        assert [n.severity for n in notes.all] == ["warning"]


async def _open(app, pilot, path: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("o")
    assert isinstance(app.screen, PathScreen)
    app.screen.query_one(Input).value = path
    await pilot.press("enter")
    await settle(app, pilot)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "does not exist"),
        (b"{not json", "is not valid JSON"),
        (b"\xff\xfe", "is not valid UTF-8"),
        (b'{"format": "bpe-trace/1", "table": {"name": "teaching"}, "text": "abc"}', ""),
    ],
    ids=["missing", "corrupt-json", "not-utf8", "incomplete"],
)
async def test_o_bad_file_notifies_and_keeps_the_trace(tmp_path: Path, notes: Notes, content: bytes | None, expected: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_bytes(content)
    app = make_app("The cat", "gpt2")
    async with opened(app, notes=notes) as pilot:
        await pilot.press("pagedown", "right")
        before = position(app), sentence(app)
        await _open(app, pilot, str(path))
        assert len(app.screen_stack) == 1
        assert [n.title for n in notes.errors] == ["Cannot open"]
        assert str(path) in notes.errors[0].message
        assert expected in notes.errors[0].message
        assert app.position.trace.text == "The cat"
        assert (position(app), sentence(app)) == before


async def test_o_opens_a_good_file(notes: Notes) -> None:
    app = make_app()
    async with opened(app, notes=notes) as pilot:
        await _open(app, pilot, str(TRACES_DIR / "gpt2-hi-ni.json"))
        assert app.position.trace.text == "Hi 你!"
        assert GPT2_TITLE in header(app)[0]
        await pilot.press("end")
        assert ids(app) == [17250, 220, 19526, 254, 0]


async def test_o_markup_in_a_bad_path_is_shown_literally(tmp_path: Path, notes: Notes) -> None:
    """The notification quotes the path as typed; with toasts on, '[/]' must not crash the app."""
    app = make_app()
    async with opened(app, notes=notes, notifications=True) as pilot:
        bad = str(tmp_path / "x[/]y[bold].json")
        await _open(app, pilot, bad)
        await until(pilot, lambda: bool(notes.errors))
        assert notes.errors and bad in notes.errors[0].message
        assert all(not n.markup for n in notes.all)
        assert app.is_running and app.position.trace.text == "aaababcabxyz"


async def test_s_saves_and_refuses_to_overwrite_without_yes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, notes: Notes) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_app("Hi 你!", "gpt2")
    async with opened(app, notes=notes) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, PathScreen)
        assert app.screen.query_one(Input).value == "gpt2-Hi-你.json"
        await pilot.press("enter")
        await settle(app, pilot)
        target = tmp_path / "gpt2-Hi-你.json"
        saved = load(target)
        assert saved.text == "Hi 你!" and saved.ids == [17250, 220, 19526, 254, 0]
        assert notes.messages[-1] == "Saved gpt2-Hi-你.json."

        target.write_text("sentinel", encoding="utf-8")
        await pilot.press("s", "enter")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("right")  # step keys do not leak through the question
        await pilot.press("n")
        await settle(app, pilot)
        assert len(app.screen_stack) == 1
        assert target.read_text(encoding="utf-8") == "sentinel"
        assert app.position.index == 0

        await pilot.press("s", "enter", "escape")
        await settle(app, pilot)
        assert target.read_text(encoding="utf-8") == "sentinel"

        await pilot.press("s", "enter", "y")
        await settle(app, pilot)
        assert load(target).ids == [17250, 220, 19526, 254, 0]
        assert notes.errors == []


async def test_s_to_an_unwritable_place_notifies(tmp_path: Path, notes: Notes) -> None:
    app = make_app()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("s")
        app.screen.query_one(Input).value = str(tmp_path / "missing-dir" / "t.json")
        await pilot.press("enter")
        await settle(app, pilot)
        assert [n.title for n in notes.errors] == ["Not saved"]
        assert app.position.trace.text == "aaababcabxyz"


async def test_o_quotes_a_lower_case_path_as_typed(notes: Notes) -> None:
    """`o`, `nope.json`: the message begins with the path exactly as typed, never re-cased."""
    app = make_app()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("o", *"nope.json", "enter")
        await settle(app, pilot)
        assert [(n.title, n.message) for n in notes.errors] == [("Cannot open", "nope.json does not exist.")]
