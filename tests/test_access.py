"""What a visitor of a served app may touch (tui/access.py): the bundled examples, the one folder `serve --files`
shares, downloads; every other path refused in one sentence, by the policy and by the app's file keys."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Input

from tests.app.test_slides import svg_text
from tests.app_support import Notes, opened, settle, until
from tui.access import FOLDER, SERVED, FileAccess, Refused
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.examples import TRACES_DIR
from tui.engine.tables import get_table
from tui.engine.tracefile import load
from tui.screens.dialogs import PathScreen

EXAMPLES_ONLY = "is not one of the bundled examples: a served app opens nothing else on the server (x lists them)."
OUTSIDE = "is outside the folder this server shares: a served app opens only files there and the bundled examples."


@pytest.fixture
def shared(tmp_path: Path) -> Path:
    """A shared folder with a text, a link escaping it, and a secret beside it."""
    folder = tmp_path / "shared"
    folder.mkdir()
    (folder / "notes.txt").write_text("low lower lowest", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    return folder


# -- the policy --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "given", ["/etc/passwd", "../x.json", "../../../../etc/passwd", "~/.bashrc", "gpt2-hi-ni.json/../../pyproject.toml"]
)
def test_served_without_a_folder_opens_only_the_examples(given: str) -> None:
    with pytest.raises(Refused) as refused:
        FileAccess(served=True).readable(given)
    assert str(refused.value) == f"{given} {EXAMPLES_ONLY}"


def test_served_opens_an_example_by_name_or_by_its_full_path() -> None:
    served = FileAccess(served=True)
    example = str((TRACES_DIR / "gpt2-hi-ni.json").resolve())
    assert served.readable("gpt2-hi-ni.json") == example
    assert served.readable(example) == example


def test_a_shared_folder_allows_its_files_and_nothing_outside(shared: Path) -> None:
    files = FileAccess(served=True, folder=shared)
    assert files.readable("notes.txt") == str(shared / "notes.txt")
    assert files.readable(str(shared / "notes.txt")) == str(shared / "notes.txt")
    assert files.readable("gpt2-hi-ni.json") == str((TRACES_DIR / "gpt2-hi-ni.json").resolve())
    for given in ("link.txt", "../secret.txt", str(shared.parent / "secret.txt"), "/etc/passwd"):
        with pytest.raises(Refused) as refused:
            files.readable(given)
        assert str(refused.value) == f"{given} {OUTSIDE}"
    with pytest.raises(Refused, match=r"^nope\.txt does not exist in the folder this server shares, nor among the bundled examples\.$"):
        files.readable("nope.txt")


def test_a_shared_folder_is_the_only_place_saves_go(shared: Path) -> None:
    files = FileAccess(served=True, folder=shared)
    assert files.writable("out.json") == shared / "out.json"
    assert files.writable("sub/../out.json") == shared / "out.json"
    for given in ("../out.json", "/tmp/out.json", "link.txt"):
        with pytest.raises(Refused) as refused:
            files.writable(given)
        assert str(refused.value) == f"{given} is outside the folder this server shares: a served app saves only there."


def test_local_lets_every_path_through_as_typed() -> None:
    local = FileAccess()
    assert local.readable("/etc/passwd") == "/etc/passwd"
    assert local.readable("../x.json") == "../x.json"
    assert local.writable("~/x.json") == Path.home() / "x.json"
    assert not local.downloads


@pytest.mark.parametrize("given", ["../x.json", "a/b.json", "/tmp/x.json", ".."])
def test_a_download_is_named_by_a_file_name_only(given: str) -> None:
    with pytest.raises(Refused) as refused:
        FileAccess(served=True).download_name(given)
    assert str(refused.value) == f"{given} is not a file name: a served app saves as a download to your browser, named without a folder."


def test_the_policy_comes_from_the_environment_serve_sets(shared: Path) -> None:
    assert FileAccess.from_environ({}) == FileAccess()
    assert FileAccess.from_environ({SERVED: "1", FOLDER: ""}) == FileAccess(served=True)
    assert FileAccess.from_environ(FileAccess.environ(shared)) == FileAccess(served=True, folder=shared.resolve())
    # Under textual-serve's web driver the app is served even if the variables were not passed on.
    assert FileAccess.from_environ({"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}).downloads
    assert FileAccess.from_environ({FOLDER: "/"}) == FileAccess()  # a folder alone does not make a local app served


# -- the app's file keys, served ---------------------------------------------------------------


def served_app(text: str = "Hi 你!", folder: Path | None = None) -> BpeApp:
    return BpeApp(capture(text, get_table("gpt2")), files=FileAccess(served=True, folder=folder))


async def answer(app: BpeApp, pilot, keys: tuple[str, ...], path: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press(*keys)
    await until(pilot, lambda: isinstance(app.screen, PathScreen))
    app.screen.query_one(Input).value = path
    await pilot.press("enter")
    await settle(app, pilot)


@pytest.mark.parametrize("path", ["/etc/passwd", "../../../etc/passwd"])
async def test_o_and_f_refuse_a_server_file_in_one_sentence(notes: Notes, path: str) -> None:
    app = served_app()
    async with opened(app, notes=notes) as pilot:
        await answer(app, pilot, ("o",), path)
        await pilot.press("7")
        await settle(app, pilot)
        await answer(app, pilot, ("f",), path)
        assert [(n.title, n.message) for n in notes.errors] == [
            ("Not opened", f"{path} {EXAMPLES_ONLY}"),
            ("Not trained", f"{path} {EXAMPLES_ONLY}"),
        ]
        assert app.position is not None and app.position.trace.text == "Hi 你!"


async def test_o_opens_a_bundled_example_by_name(notes: Notes) -> None:
    app = served_app()
    async with opened(app, notes=notes) as pilot:
        await answer(app, pilot, ("o",), "gpt2-cafe-nihao.json")
        await until(pilot, lambda: app.position is not None and app.position.trace.text != "Hi 你!")
        assert not notes.errors


def arrived(path: Path, end: str) -> bool:
    """The delivered file is whole (Textual reports a delivery complete before it closes the file)."""
    return path.exists() and path.read_text(encoding="utf-8").endswith(end)


async def test_s_and_S_are_downloads(notes: Notes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Served without a folder: the trace and the screenshot arrive where the driver delivers downloads; the
    server's current folder gets nothing."""
    downloads, cwd = tmp_path / "downloads", tmp_path / "cwd"
    downloads.mkdir()
    cwd.mkdir()
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(downloads))  # where a headless driver saves a delivered file
    monkeypatch.chdir(cwd)
    app = served_app()
    async with opened(app, notes=notes) as pilot:
        await answer(app, pilot, ("s",), "mine.json")
        await until(pilot, lambda: arrived(downloads / "mine.json", "}\n"))
        assert load(downloads / "mine.json").ids == [17250, 220, 19526, 254, 0]
        await pilot.press("S")
        shot = downloads / "bpe-tui-Hi-你-gpt2-encode-frame-1-textual-dark.svg"
        await until(pilot, lambda: arrived(shot, "</svg>\n"))
        assert "frame 1/" in svg_text(shot)
        await answer(app, pilot, ("s",), "../mine.json")
        messages = [n.message for n in notes.all]
        assert messages[:2] == [
            "Sent mine.json to your browser as a download.",
            "Sent bpe-tui-Hi-你-gpt2-encode-frame-1-textual-dark.svg to your browser as a download.",
        ]
        assert (
            notes.errors[-1].message
            == "../mine.json is not a file name: a served app saves as a download to your browser, named without a folder."
        )
    assert os.listdir(cwd) == []


async def test_a_shared_folder_takes_saves_and_refuses_outside(notes: Notes, shared: Path) -> None:
    app = served_app(folder=shared)
    async with opened(app, notes=notes) as pilot:
        await answer(app, pilot, ("s",), "trace.json")
        assert load(shared / "trace.json").text == "Hi 你!"
        await answer(app, pilot, ("s",), "../trace.json")
        assert notes.errors[-1].message == "../trace.json is outside the folder this server shares: a served app saves only there."
        assert not (shared.parent / "trace.json").exists()
        await pilot.press("S")
        await until(pilot, lambda: (shared / "bpe-tui-Hi-你-gpt2-encode-frame-1-textual-dark.svg").exists())


# -- what tab completes ------------------------------------------------------------------------


@pytest.mark.parametrize("given", ["/etc/pas", "/", "~", "~/", "../", "../../../e", "a\0b/"])
def test_served_completes_no_name_outside_the_shared_folder(shared: Path, given: str) -> None:
    """Tab in a served app's path box never lists the server: not its root, not the home, not beyond a link."""
    for files in (FileAccess(served=True), FileAccess(served=True, folder=shared)):
        assert files.complete(given) == given, files
        assert files.complete_save(given) == given, files


def test_served_completes_inside_the_shared_folder_and_the_examples(shared: Path) -> None:
    (shared / "sub").mkdir()
    files = FileAccess(served=True, folder=shared)
    assert files.complete("no") == "notes.txt"
    assert files.complete("s") == "sub/"
    assert files.complete(f"{shared}/no") == f"{shared}/notes.txt"
    assert files.complete("gpt2-hi") == "gpt2-hi-ni.json"  # a bundled example, which o would open
    assert files.complete_save("gpt2-hi") == "gpt2-hi"  # saves go to the shared folder alone
    assert FileAccess(served=True).complete("gpt2-hi") == "gpt2-hi"  # without a folder: x lists the examples


def test_local_completes_from_the_whole_disk() -> None:
    assert FileAccess().complete("/etc/passw") == "/etc/passwd"


async def tab_in(app: BpeApp, pilot, keys: tuple[str, ...], typed: str) -> str:  # type: ignore[no-untyped-def]
    """What the box opened by `keys` holds after typing `typed` and tab (then the box is closed)."""
    await pilot.press(*keys)
    await until(pilot, lambda: isinstance(app.screen, PathScreen))
    box = app.screen.query_one(Input)
    box.value = typed
    await pilot.press("tab")
    await pilot.pause()
    value = box.value
    await pilot.press("escape")
    await until(pilot, lambda: not isinstance(app.screen, PathScreen))
    return value


async def test_no_box_of_a_served_app_completes_a_server_path(notes: Notes, shared: Path) -> None:
    """o, s, the Train view's f and its merges box: tab adds nothing to /etc/pas (local: /etc/passwd)."""
    app = served_app(folder=shared)
    async with opened(app, notes=notes) as pilot:
        assert [await tab_in(app, pilot, keys, "/etc/pas") for keys in (("o",), ("s",))] == ["/etc/pas"] * 2
        assert await tab_in(app, pilot, ("o",), "no") == "notes.txt"
        await pilot.press("7")
        await settle(app, pilot)
        assert [await tab_in(app, pilot, keys, "/etc/pas") for keys in (("f",), ("m",))] == ["/etc/pas"] * 2
