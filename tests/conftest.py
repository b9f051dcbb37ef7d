"""Fixtures shared by the whole suite: the two built-in rule tables, tiktoken built offline, an in-process CLI, a
recorder of the app's notifications."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import os
import socket
import sys
from collections.abc import Callable, Iterator

import pytest
import tiktoken
import tiktoken.load
from textual.widgets import Input, TextArea

from tests.app_support import Notes
from tests.engine.reference import SEED_PATTERN
from tests.engine.support import CliResult
from tui.cli.main import main
from tui.engine.tables import GPT2_ENCODER_SHA256, GPT2_VOCAB_SHA256, Table, cl100k_base, gpt2, gpt2_files, o200k_base, teaching
from tui.engine.tables.tiktoken_files import RANK_FILES, carrier_file


@pytest.fixture(scope="session")
def gpt2_table() -> Table:
    """The official GPT-2 table (50,000 merges), loaded and hash-checked once."""
    return gpt2()


@pytest.fixture(scope="session")
def teaching_table() -> Table:
    """The nine-rule teaching table of seed 000."""
    return teaching()


@pytest.fixture(scope="session")
def tiktoken_gpt2() -> tiktoken.Encoding:
    """tiktoken's Encoding built from the very vocab.bpe and encoder.json the engine reads: no network, no cache."""
    vocab_path, encoder_path = gpt2_files()

    def no_network(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the differential tests must stay offline")

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TIKTOKEN_CACHE_DIR", "")  # read the local files directly, write no cache
        mp.setattr(socket.socket, "connect", no_network)
        ranks = tiktoken.load.data_gym_to_mergeable_bpe_ranks(
            vocab_bpe_file=str(vocab_path),
            encoder_json_file=str(encoder_path),
            vocab_bpe_hash=GPT2_VOCAB_SHA256,
            encoder_json_hash=GPT2_ENCODER_SHA256,
        )
    return tiktoken.Encoding(name="gpt2-offline", pat_str=SEED_PATTERN, mergeable_ranks=ranks, special_tokens={"<|endoftext|>": 50256})


def tiktoken_offline(spec_name: str) -> tiktoken.Encoding:
    """tiktoken's Encoding for cl100k_base or o200k_base, built from the carrier's gzipped rank file.

    Parsed here independently of the engine (gzip, base64, the rank written on each line), after the
    same SHA-256 check; the pattern and special tokens are the engine's constants, which
    test_tiktoken_tables.py compares with tiktoken's own spelling.
    """
    spec = RANK_FILES[spec_name]
    data = gzip.decompress(carrier_file(spec.file).read_bytes())
    assert hashlib.sha256(data).hexdigest() == spec.sha256
    ranks = {base64.b64decode(token): int(rank) for token, rank in (line.split() for line in data.splitlines() if line)}
    return tiktoken.Encoding(name=f"{spec_name}-offline", pat_str=spec.pattern, mergeable_ranks=ranks, special_tokens=dict(spec.specials))


@pytest.fixture(scope="session")
def tiktoken_cl100k() -> tiktoken.Encoding:
    return tiktoken_offline("cl100k_base")


@pytest.fixture(scope="session")
def tiktoken_o200k() -> tiktoken.Encoding:
    return tiktoken_offline("o200k_base")


@pytest.fixture(scope="session")
def cl100k_table() -> Table:
    return cl100k_base()


@pytest.fixture(scope="session")
def o200k_table() -> Table:
    return o200k_base()


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., CliResult]:
    """Run `bpe-tui ARGV` in-process; returns (exit status, stdout, stderr). `stdin` is raw bytes."""

    def run(*argv: str, stdin: bytes | None = None) -> CliResult:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        try:
            main(list(argv))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture
def notes() -> Notes:
    """A fresh notification recorder; pass it as `run_test(message_hook=notes)` (or `opened(app, notes=notes)`)."""
    return Notes()


@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown where xdist is off (-p no:xdist)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (pyproject's addopts) runs the suite on two workers more than the cores: an app test spends most of
    its time waiting for the app to be idle (Textual's pilot sleeps in 20 ms slices until the app uses no CPU), and
    the extra workers compute while the others wait (on two cores: 5 min 3 s with two workers, 4 min 10 s with
    four). Benchmarks run on one process: pytest-benchmark times nothing under xdist, so `-m bench` gets no workers."""
    if "bench" in (config.option.markexpr or "").replace("not bench", ""):
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 2


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Text cursors never blink in the app's tests, so what is drawn (and every snapshot) does not depend on timing."""
    monkeypatch.setattr(TextArea.__dict__["cursor_blink"], "_default", False)
    monkeypatch.setattr(Input.__dict__["cursor_blink"], "_default", False)
    yield


def first_size(item: pytest.Item) -> bool:
    """Whether `item` runs at the first of the sizes its `size` parameter lists (or has no such parameter).
    (callspec.indices numbers the whole product of a stacked parametrize, so the value is compared instead.)"""
    spec = getattr(item, "callspec", None)
    if spec is None or "size" not in spec.params:
        return True
    for mark in item.iter_markers("parametrize"):
        names = mark.args[0]
        if names == "size" or (isinstance(names, (list, tuple)) and "size" in names):
            first = mark.args[1][0]
            first = first.values[0] if hasattr(first, "values") else first
            return bool(spec.params["size"] == first)
    return True


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects: the marks added here count
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test run at several terminal sizes (a `size` parameter) runs at its first size in the default run and at
    the others in the slow set, which CI runs too (a benchmark stays a benchmark). Long runs (marked slow or bench) get 30 minutes before
    pytest-timeout stops them; the rest 120 s."""
    for item in items:
        if not first_size(item) and item.get_closest_marker("bench") is None:
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("timeout") is None and (item.get_closest_marker("slow") or item.get_closest_marker("bench")):
            item.add_marker(pytest.mark.timeout(1800))
