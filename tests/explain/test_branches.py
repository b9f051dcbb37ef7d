"""Branch-labelled chunks (tui/engine/branches.py) and the `chunks` command."""

from __future__ import annotations

import json

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.tables import CL100K_PATTERN, O200K_PATTERN, get_table
from tui.explain.branches import Explanation, alternatives, chunk_spans, explain_match, labelled, spans

PATTERNS = {"gpt2": GPT2_PATTERN, "cl100k_base": CL100K_PATTERN, "o200k_base": O200K_PATTERN}


def test_alternatives_of_the_three_patterns():
    assert alternatives(GPT2_PATTERN) == (
        "'s",
        "'t",
        "'re",
        "'ve",
        "'m",
        "'ll",
        "'d",
        r" ?\p{L}+",
        r" ?\p{N}+",
        r" ?[^\s\p{L}\p{N}]+",
        r"\s+(?!\S)",
        r"\s+",
    )
    assert alternatives(CL100K_PATTERN)[0] == "'(?i:[sdmt]|ll|ve|re)" and len(alternatives(CL100K_PATTERN)) == 8
    assert len(alternatives(O200K_PATTERN)) == 7 and alternatives(O200K_PATTERN)[3] == r" ?[^\s\p{L}\p{N}]+[\r\n/]*"


def test_alternatives_mind_classes_escapes_and_groups():
    assert alternatives(r"[]|]|a|\||(x|y)|[^]|]z") == ("[]|]", "a", r"\|", "(x|y)", "[^]|]z")
    assert alternatives(r"[\]|]|b") == (r"[\]|]", "b")


def test_branches_with_their_own_groups_are_numbered_right():
    chunks = labelled("abab cd", r"(a)(b)|(c)|\s|[a-z]")
    assert [(c.text, c.branch) for c in chunks] == [("ab", 0), ("ab", 0), (" ", 2), ("c", 1), ("d", 3)]


@pytest.mark.parametrize("name", PATTERNS)
@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(" \t\n\r\u00a0aAbZ09'!./,é你🙂sSdD"), max_size=60))
def test_labelled_chunks_are_findall_and_each_branch_matches_alone(name, text):
    """The chunks are regex.findall's; at each start, the named branch is the first that matches, and matches the chunk."""
    pattern = PATTERNS[name]
    chunks = labelled(text, pattern)
    assert [c.text for c in chunks] == regex.findall(pattern, text)
    for c in chunks:
        why = explain_match(text, c.start, pattern)
        assert why.winner.branch == c.branch and why.winner.matched == c.text and why.winner.pattern == c.pattern
        assert all(a.matched is None for a in why.attempts[:-1])


def test_seed_004_backtrack():
    """At ····if, \\s+ takes four spaces, (?!\\S) fails before i, one space is given back; ·if takes it."""
    why = explain_match("    if", 0, GPT2_PATTERN)
    assert why.winner.pattern == r"\s+(?!\S)" and why.winner.matched == "   "
    bt = why.backtrack
    assert bt is not None and (bt.greedy, bt.given_back, bt.assertion, bt.before) == ("    ", 1, r"(?!\S)", "i")
    assert explain_match("    if", 3, GPT2_PATTERN).winner.pattern == r" ?\p{L}+"
    assert explain_match("  ", 0, GPT2_PATTERN).backtrack is None  # at the end of the text nothing is given back


def test_spans_are_tuples_of_the_same(cl100k_table):
    text = "Hello've world123 how's are you!!!?"
    assert [(c.text, c.start, c.branch) for c in labelled(text, CL100K_PATTERN)] == spans(text, CL100K_PATTERN)


def test_chunks_command(cli):
    code, out, err = cli("chunks", "--table", "gpt2", "--text", "    if")
    assert (code, err) == (0, "")
    assert json.loads(out) == [
        {"text": "   ", "start": 0, "branch": 11, "pattern": r"\s+(?!\S)"},
        {"text": " if", "start": 3, "branch": 8, "pattern": r" ?\p{L}+"},
    ]
    code, out, _ = cli("chunks", "--table", "cl100k_base", "-", stdin=b"1234567")
    assert [c["text"] for c in json.loads(out)] == ["123", "456", "7"] and {c["branch"] for c in json.loads(out)} == {3}


def test_chunks_command_text_file(cli, tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("HOW'S", encoding="utf-8")
    code, out, _ = cli("chunks", "--table", "cl100k_base", "--text-file", str(path))
    assert code == 0 and [c["text"] for c in json.loads(out)] == ["HOW", "'S"]


def test_chunks_command_jsonl(cli):
    code, out, err = cli("chunks", "--table", "o200k_base", "--jsonl", stdin=b'"HelloWorld"\n\n"x\\n"\n')
    assert (code, err) == (0, "")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [[c["text"] for c in row] for row in rows] == [["Hello", "World"], [], ["x", "\n"]]  # a blank line in, [] out


def test_chunks_command_refuses_lone_surrogates(cli):
    code, out, err = cli("chunks", "--text", "a\ud800")
    assert (code, out) == (2, "") and err == "bpe-tui: the text cannot be encoded as UTF-8: lone surrogate U+D800 at character 1.\n"
    code, out, err = cli("chunks", "--jsonl", stdin=b'"ok"\n"\\ud800"\n')
    assert code == 2 and err == "bpe-tui: line 2: the text cannot be encoded as UTF-8: lone surrogate U+D800 at character 0.\n"


@pytest.mark.parametrize("command", ["capture", "encode", "decode", "chunks"])
def test_every_command_takes_every_table(cli, command):
    args = ["1", "2"] if command == "decode" else ["--text", "hi"]
    for table in PATTERNS:
        code, _, err = cli(command, "--table", table, *args)
        assert (code, err) == (0, ""), (command, table)


def test_a_pipeline_explains_nothing_where_no_chunk_starts() -> None:
    """DeepSeek V4's three Splits cut '1234567' as '123' '456' '7': at the '2' no chunk starts, and nothing is said."""
    pattern = get_table("deepseek-v4").pattern
    text = "x 1234567 你好"
    assert [text[s:e] for s, e, _ in chunk_spans(text, pattern)][:5] == ["x", " ", "123", "456", "7"]
    assert explain_match(text, 3, pattern) == Explanation(3, (), None)
    assert explain_match(text, 2, pattern).winner.matched == "123"
