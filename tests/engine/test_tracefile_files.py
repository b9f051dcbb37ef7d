"""Trace files on disk: loading (missing, non-UTF-8, oversized) and atomic saving."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tui.engine import files, tracefile
from tui.engine.bpe import capture
from tui.engine.tracefile import TraceError, dumps, load, save, to_dict

# ---------------------------------------------------------------- files on disk


def test_load_reports_missing_directory_and_non_utf8(tmp_path):
    """Missing files, directories and non-UTF-8 files are refused in one sentence."""
    with pytest.raises(TraceError, match=r"nope\.json does not exist\.$"):
        load(tmp_path / "nope.json")
    with pytest.raises(TraceError, match=r"is a directory, not a trace file\.$"):
        load(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"text": "\xff"}')
    with pytest.raises(TraceError, match=r"bad\.json is not valid UTF-8 \(bad byte 0xff at offset 10\)\.$"):
        load(bad)


def test_load_refuses_oversized_files(tmp_path, monkeypatch):
    """Files over the size limit are refused before being read."""
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (2**20 + 1))
    monkeypatch.setattr(tracefile, "MAX_FILE_BYTES", 2**20)
    with pytest.raises(TraceError) as info:
        load(path)
    assert str(info.value) == f"{path} is 1.0 MB; trace files over 1 MiB are refused."


def test_load_names_the_file_in_errors(tmp_path, teaching_table):
    """Validation errors of a file on disk start with its path."""
    path = tmp_path / "t.json"
    data = to_dict(capture("aaa", teaching_table))
    data["ids"] = [1]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TraceError) as info:
        load(path)
    assert str(info.value) == f"{path}: the top-level ids are not the chunks' ids in order."


def test_save_then_load(tmp_path, teaching_table):
    """save() writes exactly dumps(), and load() reads it back."""
    trace = capture("abc!abc", teaching_table)
    path = tmp_path / "t.json"
    save(trace, path)
    assert path.read_text(encoding="utf-8") == dumps(trace)
    assert load(path).ids == trace.ids


def test_save_refuses_to_overwrite(tmp_path, teaching_table):
    """An existing file is left intact unless overwrite=True; then it is replaced."""
    path = tmp_path / "t.json"
    path.write_text("precious", encoding="utf-8")
    trace = capture("aaa", teaching_table)
    with pytest.raises(TraceError) as info:
        save(trace, path)
    assert str(info.value) == f"{path} already exists; choose another name or confirm overwriting it."
    assert path.read_text(encoding="utf-8") == "precious"
    save(trace, path, overwrite=True)
    assert path.read_text(encoding="utf-8") == dumps(trace)
    assert sorted(os.listdir(tmp_path)) == ["t.json"]


def test_save_leaves_no_temporary_file(tmp_path, teaching_table):
    """After saving, the directory holds only the target file."""
    save(capture("aaaaaaa", teaching_table), tmp_path / "t.json")
    assert sorted(os.listdir(tmp_path)) == ["t.json"]


def test_save_is_atomic_when_the_rename_fails(tmp_path, teaching_table, monkeypatch):
    """If the final rename fails, the old file is untouched and the temporary file is removed."""
    path = tmp_path / "t.json"
    path.write_text("old", encoding="utf-8")

    def fail(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.os, "replace", fail)
    with pytest.raises(TraceError) as info:
        save(capture("aaa", teaching_table), path, overwrite=True)
    assert str(info.value) == f"cannot save {path} (Permission denied); nothing was changed."
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(os.listdir(tmp_path)) == ["t.json"]


def test_save_into_missing_directory(tmp_path, teaching_table):
    """A target in a directory that does not exist is one clear sentence, nothing is created."""
    with pytest.raises(TraceError, match=r"^cannot write in .*missing"):
        save(capture("a", teaching_table), tmp_path / "missing" / "t.json")
    assert not (tmp_path / "missing").exists()


def test_save_relative_path(tmp_path, teaching_table, monkeypatch):
    """A bare file name is written in the current directory."""
    monkeypatch.chdir(tmp_path)
    save(capture("a", teaching_table), "t.json")
    assert Path("t.json").read_text(encoding="utf-8") == dumps(capture("a", teaching_table))
    assert sorted(os.listdir(tmp_path)) == ["t.json"]
