"""Characters newer than the references' Unicode: `regex` knows a newer version than tiktoken's Rust regex
and Oniguruma, and a character assigned since (CJK Extension J's U+323B0, say) is a letter to it and an
unassigned character to them. The chunks follow the references (`tui.engine.unassigned`).

Hypothesis found the first one: GPT-2 cut "\\U000323b0'm" as one letter run and "'m" where tiktoken cuts
"\\U000323b0'" and "m" (ids [..., 1101] against [..., 6, 76]).
"""

from __future__ import annotations

import pytest
import regex
import tiktoken
from tokenizers import Regex as HfRegex
from tokenizers import Tokenizer, pre_tokenizers

from tui.engine.bpe import encode
from tui.engine.decoding import decode
from tui.engine.pretokenize import chunker
from tui.engine.tables import get_table
from tui.engine.tables.deepseek import DEEPSEEK, DEEPSEEK_FILE
from tui.engine.unassigned import NEWER, as_known
from tui.explain.branches import explain_match, labelled

from ..engine.carrier_refs import reference


def _newer(prop: str) -> str:
    """The first character of NEWER that `regex` counts in `prop`."""
    test = regex.compile(prop)
    return next(chr(cp) for first, last in NEWER for cp in range(first, last + 1) if test.match(chr(cp)))


LETTER, DIGIT = _newer(r"\p{L}"), _newer(r"\p{N}")

#: Each newer character beside the classes the patterns tell apart: contractions, letters, digits, spaces.
TEXTS = [
    "\U000323b0'm",
    f"x{LETTER}y {LETTER}{LETTER} don't",
    f"12{DIGIT}3 {DIGIT}{DIGIT}{DIGIT}{DIGIT}",
    f"   {LETTER}\n\n{DIGIT}!",
    f"日本{LETTER}語 Ελλ{LETTER}",
]


@pytest.mark.parametrize("text", TEXTS)
def test_tiktoken_tables_cut_newer_characters_as_tiktoken(
    tiktoken_gpt2, gpt2_table, tiktoken_cl100k, cl100k_table, tiktoken_o200k, o200k_table, text
):  # type: ignore[no-untyped-def]
    for enc, table in ((tiktoken_gpt2, gpt2_table), (tiktoken_cl100k, cl100k_table), (tiktoken_o200k, o200k_table)):
        ids = encode(text, table)
        assert ids == enc.encode_ordinary(text), table.name
        assert decode(ids, table) == text


@pytest.mark.parametrize("text", TEXTS)
def test_tokenizer_json_and_carrier_tables_cut_newer_characters_as_their_references(text: str) -> None:
    hf = Tokenizer.from_file(str(DEEPSEEK.path("deepseek-v4", DEEPSEEK_FILE)))
    assert encode(text, get_table("deepseek-v4")) == hf.encode(text, add_special_tokens=False).ids
    for name in ("qwen3", "tekken"):
        assert encode(text, get_table(name)) == reference(name)(text), name


def test_the_first_case_splits_as_tiktoken_says(gpt2_table) -> None:  # type: ignore[no-untyped-def]
    """The chunks, their branches and the explanation all hold the text's own characters, never the stand-in."""
    text = "\U000323b0'm"
    pattern = gpt2_table.pattern
    assert chunker(pattern, text).findall(text) == ["\U000323b0'", "m"]
    chunks = labelled(text, pattern)
    assert [(c.text, c.branch) for c in chunks] == [("\U000323b0'", 9), ("m", 7)]
    why = explain_match(text, 0, pattern)
    assert why.winner.matched == "\U000323b0'"
    assert as_known(text) != text and "\U0010ffff" not in "".join(c.text for c in chunks)


def test_a_replace_regex_normaliser_keeps_the_newer_characters() -> None:
    """A ReplaceRegex step finds its matches as the references do and keeps the text's own characters."""
    from tui.engine.normalize import Step

    step = Step("ReplaceRegex", (r"\p{L}+", "_"))
    assert step.apply(f"ab{LETTER}cd") == f"_{LETTER}_"
    assert step.grows_to(f"ab{LETTER}cd") == 3


def _probe_unassigned() -> tuple[set[int], set[int]]:
    """Which code points tiktoken's regex and Oniguruma each take for unassigned (\\p{Cn}), asked of each at once."""
    cps = [cp for cp in range(0x80, 0x110000) if not 0xD800 <= cp < 0xE000]
    text = "".join("\x00" + chr(cp) for cp in cps)
    split = pre_tokenizers.Split(HfRegex(r"\p{Cn}"), behavior="isolated")  # a Cn character is its own piece
    onig = {ord(p) for p, _ in split.pre_tokenize_str(text) if len(p) == 1 and p != "\x00"}
    ranks = {bytes([i]): i for i in range(256)}
    for lead in range(0xC2, 0x100):  # '\x00' merges with the next character's lead byte only inside one chunk
        ranks[b"\x00" + bytes([lead])] = len(ranks)
    enc = tiktoken.Encoding("probe", pat_str=r"\p{Cn}|[^\p{Cn}]+", mergeable_ranks=ranks, special_tokens={})
    ids, at, rust = enc.encode_ordinary(text), 0, set()
    for cp in cps:
        width = len(chr(cp).encode())
        if ids[at] >= 256:  # '\x00' and the lead byte merged: one chunk, so the character is assigned
            at += width
        else:
            rust.add(cp)
            at += 1 + width
    return rust, onig


@pytest.mark.slow
def test_newer_is_what_the_references_take_for_unassigned_and_regex_does_not() -> None:
    """NEWER, the shipped ranges, are exactly the characters both references call unassigned and `regex` does not."""
    rust, onig = _probe_unassigned()
    cn = regex.compile(r"\p{Cn}")
    ours = {cp for cp in range(0x80, 0x110000) if not 0xD800 <= cp < 0xE000 and cn.match(chr(cp))}
    assert rust == onig, "tiktoken's regex and Oniguruma know different Unicode versions"
    assert not ours - rust, "`regex` knows an older Unicode than the references"
    shipped = {cp for first, last in NEWER for cp in range(first, last + 1)}
    assert shipped == rust - ours, f"NEWER is now {_ranges(sorted(rust - ours))}"


def _ranges(cps: list[int]) -> list[tuple[str, str]]:
    out: list[list[int]] = []
    for cp in cps:
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return [(f"0x{a:05X}", f"0x{b:05X}") for a, b in out]
