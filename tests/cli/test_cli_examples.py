"""`bpe-tui examples` never rewrites the installed package and never overwrites a folder's traces without --force (issue 24, point 6)."""

from __future__ import annotations

from tui.engine import examples
from tui.engine.examples import EXAMPLES, TIKTOKEN_EXAMPLES, example_path, example_paths


def test_an_installed_packages_traces_are_never_rewritten(cli, monkeypatch, tmp_path):
    """Where the traces are bundled inside the package (an installed wheel), `examples` alone is refused in one sentence
    and writes nothing; so is a --dir inside the package."""
    monkeypatch.setattr(examples, "TRACES_DIR", tmp_path / "never")  # the wheel's tui/traces, without writing into tui/
    monkeypatch.setattr(examples, "PACKAGE", tmp_path)
    sentence = f"bpe-tui: the bundled traces belong to the installed package ({tmp_path}); write copies with --dir DIR.\n"
    assert cli("examples") == (2, "", sentence)
    assert cli("examples", "--dir", str(tmp_path / "inside")) == (2, "", sentence)
    assert list(tmp_path.iterdir()) == []


def test_dir_is_created_and_never_overwritten_without_force(cli, tmp_path):
    """A missing --dir is created; a second run refuses in one sentence and leaves the files alone; --force rewrites them."""
    target = tmp_path / "new" / "folder"
    assert cli("examples", "--dir", str(target))[0] == 0
    paths = example_paths(target)
    assert len(paths) == len(EXAMPLES + TIKTOKEN_EXAMPLES) and all(p.is_file() for p in paths)
    paths[0].write_text("mine", encoding="utf-8")
    assert cli("examples", "--dir", str(target)) == (
        2,
        "",
        f"bpe-tui: {len(paths)} of the traces already exist in {target}; add --force to overwrite them.\n",
    )
    assert paths[0].read_text(encoding="utf-8") == "mine"
    code, out, err = cli("examples", "--dir", str(target), "--force")
    assert (code, out, err.splitlines()) == (0, "", [f"wrote {p}" for p in paths])
    assert paths[0].read_text(encoding="utf-8") != "mine"


def test_one_existing_trace_is_named(cli, tmp_path):
    """With a single trace in the way, the sentence names it."""
    stem, table, _ = EXAMPLES[0]
    existing = example_path(tmp_path, stem, table)
    existing.write_text("mine", encoding="utf-8")
    assert cli("examples", "--dir", str(tmp_path)) == (2, "", f"bpe-tui: {existing} already exists; add --force to overwrite it.\n")
    assert existing.read_text(encoding="utf-8") == "mine"


def test_a_dir_that_cannot_hold_the_traces_is_one_sentence(cli, tmp_path):
    """A device, a path under a plain file, and a folder that takes no file (issue 36, item 4): one sentence each,
    status 2, nothing written."""
    plain = tmp_path / "plainfile"
    plain.write_text("x", encoding="utf-8")
    assert cli("examples", "--dir", "/dev/null") == (2, "", "bpe-tui: /dev/null is not a folder; the traces were not written.\n")
    assert cli("examples", "--dir", str(plain / "sub")) == (
        2,
        "",
        f"bpe-tui: cannot make the folder {plain / 'sub'} (Not a directory); the traces were not written.\n",
    )
    code, out, err = cli("examples", "--dir", "/proc/1")
    assert (code, out) == (2, "") and err.startswith("bpe-tui: cannot ") and err.count("\n") == 1 and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plainfile"]
