"""Fixtures for the robustness tests: tiktoken built offline, an in-process CLI, and steady cursors."""

from __future__ import annotations

import io
import socket
import sys
from collections.abc import Callable, Iterator

import pytest
import tiktoken
import tiktoken.load
from textual.widgets import Input, TextArea

from tui.__main__ import main
from tui.engine.tables import GPT2_ENCODER_SHA256, GPT2_VOCAB_SHA256, gpt2_files

CliResult = tuple[int, str, str]

#: The pattern of openai/gpt-2 src/encoder.py, written out here rather than imported from the engine.
GPT2_PAT = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""


@pytest.fixture(scope="session")
def tiktoken_gpt2() -> tiktoken.Encoding:
    """tiktoken's Encoding built from the very vocab.bpe and encoder.json the engine reads: no network, no cache."""
    vocab_path, encoder_path = gpt2_files()

    def no_network(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the differential tests must stay offline")

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TIKTOKEN_CACHE_DIR", "")
        mp.setattr(socket.socket, "connect", no_network)
        ranks = tiktoken.load.data_gym_to_mergeable_bpe_ranks(
            vocab_bpe_file=str(vocab_path),
            encoder_json_file=str(encoder_path),
            vocab_bpe_hash=GPT2_VOCAB_SHA256,
            encoder_json_hash=GPT2_ENCODER_SHA256,
        )
    return tiktoken.Encoding(name="gpt2-offline", pat_str=GPT2_PAT, mergeable_ranks=ranks, special_tokens={"<|endoftext|>": 50256})


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


def assert_one_sentence(result: CliResult, *parts: str) -> str:
    """Exit status 2, nothing on stdout, one line 'bpe-tui: <sentence>.' on stderr containing `parts`."""
    code, out, err = result
    assert code == 2, result
    assert out == "", result
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("bpe-tui: ") and err.rstrip().endswith((".", "?")), err
    assert "Traceback" not in err and "Error:" not in err, err
    for part in parts:
        assert part in err, (part, err)
    return err.removeprefix("bpe-tui: ").rstrip("\n")


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Text cursors never blink here, so what is drawn does not depend on timing."""
    monkeypatch.setattr(TextArea.__dict__["cursor_blink"], "_default", False)
    monkeypatch.setattr(Input.__dict__["cursor_blink"], "_default", False)
    yield


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot waits for the app to be idle by polling; poll every 2 ms instead of 20 ms (same test, 4x faster)."""
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 0.0005)
