"""Fixtures shared by the whole suite: the two built-in rule tables, tiktoken built offline, an in-process CLI."""

from __future__ import annotations

import io
import socket
import sys
from collections.abc import Callable, Iterator

import pytest
import tiktoken
import tiktoken.load
from engine.reference import SEED_PATTERN  # tests/ is on sys.path: its packages import by their own names
from engine.support import CliResult
from textual.widgets import Input, TextArea

from tui.__main__ import main
from tui.engine.tables import GPT2_ENCODER_SHA256, GPT2_VOCAB_SHA256, Table, gpt2, gpt2_files, teaching


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


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Text cursors never blink in the app's tests, so what is drawn (and every snapshot) does not depend on timing."""
    monkeypatch.setattr(TextArea.__dict__["cursor_blink"], "_default", False)
    monkeypatch.setattr(Input.__dict__["cursor_blink"], "_default", False)
    yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Long runs (marked slow or bench) get 30 minutes before pytest-timeout stops them; the rest 120 s."""
    for item in items:
        if item.get_closest_marker("timeout") is None and (item.get_closest_marker("slow") or item.get_closest_marker("bench")):
            item.add_marker(pytest.mark.timeout(1800))
