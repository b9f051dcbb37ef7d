"""Files the app writes (traces, SVGs, trained tables) get the mode the umask gives, as `open()` would (issue 24, point 6)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tui.engine.files import umask, write_all, write_atomic


@pytest.fixture
def set_umask():
    """Set the process's umask for one test, and put the previous one back."""
    previous = os.umask(0o022)
    os.umask(previous)
    yield os.umask
    os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600), (0o027, 0o640)])
def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path, set_umask, mask, expected):
    set_umask(mask)
    write_atomic(tmp_path / "t.json", b"{}", ValueError)
    write_all([(tmp_path / "vocab.bpe", b"#version: 0.2\n"), (tmp_path / "encoder.json", b"{}")], ValueError)
    assert [mode(tmp_path / name) for name in ("t.json", "vocab.bpe", "encoder.json")] == [expected] * 3
    assert umask() == mask  # reading it left it as it was


def test_a_replaced_file_gets_the_mode_the_umask_gives(tmp_path, set_umask):
    """An older 0600 file (as saved before this fix) is replaced by a 0644 one under umask 022."""
    set_umask(0o022)
    target = tmp_path / "t.json"
    target.write_bytes(b"old")
    target.chmod(0o600)
    write_atomic(target, b"new", ValueError)
    assert (target.read_bytes(), mode(target)) == (b"new", 0o644)


def test_a_trace_saved_from_the_command_line_is_readable_by_others(tmp_path, set_umask, cli):
    """`bpe-tui capture -o` under umask 022 writes a 0644 file, like any other program's output."""
    set_umask(0o022)
    code, _, _ = cli("capture", "--text", "xyz", "-o", str(tmp_path / "t.json"))
    assert (code, mode(tmp_path / "t.json")) == (0, 0o644)
