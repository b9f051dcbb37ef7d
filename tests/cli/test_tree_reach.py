"""`bpe-tui tree` and `bpe-tui reach` (issue 26): a token's merge tree and every token's class, as text and JSON,
on built-in and custom tables (--vocab/--encoder, --tokenizer-json), and their one-sentence refusals."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from tokenizers import Tokenizer, models, pre_tokenizers

from tests.engine.support import CliResult
from tests.explain.test_reach import HAND_RULES, hand_table
from tui.engine.tables import vocab_bpe_text
from tui.explain import reach

Cli = Callable[..., CliResult]


def test_tree_draws_gpt2s_the_by_default(cli: Cli) -> None:
    assert cli("tree", "262") == (
        0,
        "id 262 ' the': 4 bytes, 3 merges, 2 levels\n"
        "Ġthe · id 262 · rank 6\n"
        "├─ Ġt · id 256 · rank 0\n"
        "│  ├─ Ġ · id 220 · byte 0x20\n"
        "│  └─ t · id 83 · byte 0x74\n"
        "└─ he · id 258 · rank 2\n"
        "   ├─ h · id 71 · byte 0x68\n"
        "   └─ e · id 68 · byte 0x65\n",
        "",
    )


def test_tree_json_nests_down_to_the_bytes(cli: Cli) -> None:
    """Each node {"id", "text", "rank", "parts"}; the leaves are bytes with rank null and no parts."""
    code, out, err = cli("tree", "--table", "teaching", "261", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "id": 261,
        "text": "xyz",
        "rank": 5,
        "parts": [
            {
                "id": 260,
                "text": "xy",
                "rank": 4,
                "parts": [{"id": 87, "text": "x", "rank": None, "parts": []}, {"id": 88, "text": "y", "rank": None, "parts": []}],
            },
            {"id": 89, "text": "z", "rank": None, "parts": []},
        ],
    }


def test_tree_of_a_cl100k_token_from_its_recovered_parts(cli: Cli) -> None:
    code, out, err = cli("tree", "--table", "cl100k_base", "--json", "279")
    node = json.loads(out)
    assert (code, err, node["text"], node["rank"], [p["text"] for p in node["parts"]]) == (0, "", "Ġthe", 23, ["Ġth", "e"])


def test_tree_fits_the_width_asked_for(cli: Cli) -> None:
    code, out, err = cli("tree", "--table", "o200k_base", "--width", "40", "72056")
    lines = out.splitlines()
    assert (code, err, lines[0], max(len(line) for line in lines[1:])) == (
        0,
        "",
        "id 72056 '" + " " * 15 + "…': 128 bytes, 127 merges, 7 levels",
        40,
    )


def test_tree_refuses_in_one_sentence(cli: Cli) -> None:
    """An unknown id, a special token, a word that is no id, a table that fails to load: one line, exit 2."""
    refusals = {
        ("tree", "999999"): "id 999999 is not in the gpt2 vocabulary.",
        ("tree", "50256"): "id 50256 is the special token '<|endoftext|>' of gpt2: no rule made it, so it has no merge tree.",
        ("tree", "--table", "cl100k_base", "100276"): (
            "id 100276 is the special token '<|endofprompt|>' of cl100k_base: no rule made it, so it has no merge tree."
        ),
        ("tree", "--table", "cl100k_base", "100256"): "id 100256 is not in the cl100k_base vocabulary.",
        ("tree", "the"): "ID is a token's id, a whole number such as 262, not 'the'.",
        ("tree", "--width", "20", "262"): "--width is at least 40 columns, not 20.",
        ("tree", "--vocab", "missing.bpe", "--encoder", "missing.json", "262"): "missing.bpe does not exist.",
        ("reach", "--vocab", "missing.bpe", "--encoder", "missing.json"): "missing.bpe does not exist.",
        ("reach", "--examples", "-1"): "--examples is a count, 0 or more, not -1.",
    }
    for argv, sentence in refusals.items():
        assert cli(*argv) == (2, "", f"bpe-tui: {sentence}\n"), argv


def test_reach_on_the_teaching_table(cli: Cli) -> None:
    assert cli("reach", "--table", "teaching", "--examples", "3") == (
        0,
        "teaching: 265 ordinary tokens\n"
        "  reachable            137  its own text encodes to exactly it\n"
        "  fragment             128  not valid UTF-8 alone: only inside longer text\n"
        "  split_by_regex         0  the regex never lets its text be one chunk\n"
        "  taken_apart            0  one chunk, but the merges reach other tokens first\n"
        "reachable, e.g.: aa (256), ab (257), bc (258)\n"
        "fragment, e.g.: ¡ (94), ¢ (95), £ (96)\n",
        "",
    )
    code, out, err = cli("reach", "--table", "teaching", "--json", "--examples", "1")
    assert (code, err, json.loads(out)) == (
        0,
        "",
        {
            "reachable": {"count": 137, "examples": [{"id": 256, "text": "aa"}]},
            "fragment": {"count": 128, "examples": [{"id": 94, "text": "¡"}]},
            "split_by_regex": {"count": 0, "examples": []},
            "taken_apart": {"count": 0, "examples": []},
        },
    )


def hand_files(folder: Path) -> tuple[Path, Path]:
    """The hand-made table (one token of each class) as vocab.bpe and encoder.json."""
    vocab, encoder = folder / "vocab.bpe", folder / "encoder.json"
    vocab.write_text(vocab_bpe_text(HAND_RULES), encoding="utf-8")
    encoder.write_text(json.dumps(dict(hand_table().encoder)), encoding="utf-8")
    return vocab, encoder


def test_tree_and_reach_with_vocab_and_encoder(cli: Cli, tmp_path: Path) -> None:
    vocab, encoder = hand_files(tmp_path)
    files = ("--vocab", str(vocab), "--encoder", str(encoder))
    code, out, err = cli("reach", *files, "--json")
    found = json.loads(out)
    assert (code, err) == (0, "")
    assert {kind: (v["count"], v["examples"][0]) for kind, v in found.items()} == {
        "reachable": (130, {"id": 256, "text": "bc"}),
        "fragment": (129, {"id": 260, "text": "âĢ"}),
        "split_by_regex": (1, {"id": 259, "text": "aĠ"}),
        "taken_apart": (1, {"id": 258, "text": "abc"}),
    }
    code, out, err = cli("tree", *files, "258")
    assert (code, err) == (0, "")
    assert out.splitlines()[:3] == ["id 258 'abc': 3 bytes, 2 merges, 2 levels", "abc · id 258 · rank 2", "├─ ab · id 257 · rank 1"]


def test_reach_with_a_tokenizer_json_where_hugging_face_takes_abc_apart_too(cli: Cli, tmp_path: Path) -> None:
    """The same table as a tokenizer.json: the `tokenizers` library itself encodes 'abc' as 'a' + 'bc'."""
    table = hand_table()
    hf = Tokenizer(models.BPE(vocab=dict(table.encoder), merges=list(HAND_RULES)))
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    path = tmp_path / "tokenizer.json"
    hf.save(str(path))
    assert hf.encode("abc", add_special_tokens=False).ids == [64, 256]
    code, out, err = cli("reach", "--tokenizer-json", str(path), "--json", "--examples", "0")
    assert (code, err, {kind: v["count"] for kind, v in json.loads(out).items()}) == (
        0,
        "",
        {"reachable": 130, "fragment": 129, "split_by_regex": 1, "taken_apart": 1},
    )


def test_reach_shows_its_progress_on_a_terminal_and_wipes_it(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal, standard error counts the tokens sorted so far, rewritten in place, then blanked; piped, nothing."""
    monkeypatch.setattr(reach, "STRIDE", 100)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = cli("reach", "--table", "teaching", "--json")
    lines = [f"sorting {done} of 265 tokens…" for done in (100, 200)] + [""]
    assert (code, json.loads(out)["fragment"]["count"], err) == (0, 128, "".join(f"\r{line:<40}\r" for line in lines))
