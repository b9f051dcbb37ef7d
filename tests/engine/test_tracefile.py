"""Trace files in format bpe-trace/2 (and the older bpe-trace/1, still read): writing, loading with full validation, and
the traces/ library."""

from __future__ import annotations

import copy
import json

import pytest

from tui.engine.bpe import capture
from tui.engine.tables import get_table, load_two_files
from tui.engine.tracefile import TraceError, dumps, from_dict, loads, to_dict

# ---------------------------------------------------------------- writing and round trips


@pytest.mark.parametrize(
    ("table", "text"),
    [("teaching", "aaababcabxyz"), ("teaching", "abc!abc"), ("teaching", "a"), ("teaching", ""), ("gpt2", "Hi 你!")],
)
def test_dumps_loads_round_trip(table, text):
    """A dumped trace loads back to the same chunks, rounds, words and ids, and dumps identically."""
    trace = capture(text, get_table(table))
    again = loads(dumps(trace))
    assert again.text == text and again.table is trace.table and again.ids == trace.ids
    for a, b in zip(again.chunks, trace.chunks, strict=True):
        assert (a.text, a.data, a.aliases, a.cache, a.rounds, a.symbols, a.ids, a.source) == (
            b.text,
            b.data,
            b.aliases,
            b.cache,
            b.rounds,
            b.symbols,
            b.ids,
            b.source,
        )
        assert [a.word(r) for r in range(len(a.rounds) + 1)] == [b.word(r) for r in range(len(b.rounds) + 1)]
    assert dumps(again) == dumps(trace)


def test_file_fields_for_hi_ni(gpt2_table):
    """The JSON of 'Hi 你!' holds the seed's chunks, bytes, aliases, cache states and ids."""
    data = json.loads(dumps(capture("Hi 你!", gpt2_table)))
    assert data["format"] == "bpe-trace/2"
    assert data["table"] == {"name": "gpt2", "merges": 50_000, "sha256": gpt2_table.sha256}
    assert data["text"] == "Hi 你!"
    assert data["ids"] == [17250, 220, 19526, 254, 0]
    assert [c["text"] for c in data["chunks"]] == ["Hi", " 你", "!"]
    assert [c["bytes"] for c in data["chunks"]] == [[72, 105], [32, 228, 189, 160], [33]]
    assert [c["aliases"] for c in data["chunks"]] == ["Hi", "Ġä½ł", "!"]
    assert [c["cache"] for c in data["chunks"]] == ["miss", "miss", "single"]
    assert [c["ids"] for c in data["chunks"]] == [[17250], [220, 19526, 254], [0]]
    assert data["chunks"][1]["rounds"] == [["ä", "½", 19270, 1]]  # merged at alias offset 1: Ġ ä½ ł


def test_rounds_store_pair_rank_and_offsets_only(teaching_table):
    """Each round records its pair, its rank and the alias offsets where it merged, never the word after it
    (words grow as symbols × rounds); candidate pairs are never stored."""
    data = to_dict(capture("aaababcabxyz", teaching_table))
    assert set(data) == {"format", "table", "text", "ids", "chunks"}
    (chunk,) = data["chunks"]
    assert set(chunk) == {"text", "bytes", "aliases", "cache", "rounds", "ids"}
    assert chunk["rounds"] == [
        ["a", "a", 0, 0],
        ["a", "b", 1, 2, 4, 7],  # three occurrences, each left part's offset in 'aaababcabxyz'
        ["x", "y", 4, 9],
        ["xy", "z", 5, 9],
        ["aa", "ab", 6, 0],
        ["aaab", "ab", 7, 0],
        ["aaabab", "c", 8, 0],
    ]


def test_tiktoken_steps_store_their_one_offset(cl100k_table):
    """A tiktoken-rule step stores the one offset it merged at: the two 'on' of 'internationalization' are two steps."""
    data = to_dict(capture(" internationalization", cl100k_table))
    assert data["chunks"][0]["rounds"][:4] == [["i", "n", 2, 1], ["e", "r", 5, 4], ["o", "n", 7, 10], ["o", "n", 7, 19]]


def test_dumps_writes_one_line_per_round(teaching_table):
    """The file layout keeps diffs readable: one line per round, ending with a newline."""
    text = dumps(capture("aaababcabxyz", teaching_table))
    assert text.endswith("}\n")
    assert [line for line in text.splitlines() if line.startswith("      [")][:2] == [
        '      ["a", "a", 0, 0],',
        '      ["a", "b", 1, 2, 4, 7],',
    ]
    assert sum(line.startswith("      [") for line in text.splitlines()) == 7


# ---------------------------------------------------------------- validation on load


def old_dict(trace):
    """The trace as bpe-trace/1 wrote it: each round an object with its pair, rank, offset (tiktoken's rule)
    and the whole word after it."""
    data = to_dict(trace)
    data["format"] = "bpe-trace/1"
    for saved, chunk in zip(data["chunks"], trace.chunks, strict=True):
        rounds = []
        for r, rnd in enumerate(chunk.rounds, start=1):
            d = {"pair": list(rnd.pair), "rank": rnd.rank} | ({"at": rnd.at} if rnd.at >= 0 else {})
            rounds.append(d | {"word": list(chunk.word(r))})
        saved["rounds"] = rounds
    return data


ROUND = "must be a list of its left and right parts, its rank and at least one offset where it merged"


@pytest.fixture
def base(teaching_table):
    """A valid trace object with a miss, a single and a hit chunk."""
    return to_dict(capture("aaababcabxyz!aaa!aaa", teaching_table))


@pytest.fixture
def old(teaching_table):
    """The same trace in the older format, bpe-trace/1."""
    return old_dict(capture("aaababcabxyz!aaa!aaa", teaching_table))


def rejected(data, source="t.json"):
    """The one-sentence message with which loading `data` (an object or a JSON text) is refused."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(TraceError) as info:
        loads(text, source=source)
    message = str(info.value)
    assert "\n" not in message and message.endswith("."), message
    assert message.startswith(source)
    return message


def mutate(data, change):
    data = copy.deepcopy(data)
    change(data)
    return data


def test_valid_base_loads(base):
    """The untouched object is accepted (so each rejection below is caused by its one change)."""
    assert loads(json.dumps(base)).text == "aaababcabxyz!aaa!aaa"
    assert [c["cache"] for c in base["chunks"]] == ["miss", "single", "miss", "single", "hit"]


def test_rejects_bad_json():
    """Text that is not JSON is refused with where the parse failed."""
    assert rejected('{"format": ') == "t.json is not valid JSON (Expecting value at line 1, column 12)."


def test_rejects_deep_nesting():
    """Pathologically nested JSON is refused, not a RecursionError."""
    assert rejected("[" * 100_000 + "]" * 100_000) == "t.json is nested too deeply to be read as JSON."


def test_rejects_non_object():
    """The top level must be an object."""
    assert rejected("[1, 2]") == "t.json: the top level must be a JSON object."


def test_rejects_other_format(base):
    """Another format string is named."""
    msg = rejected(mutate(base, lambda d: d.update(format="bpe-trace/3")))
    assert msg == "t.json: format is 'bpe-trace/3', expected 'bpe-trace/2' (or the older 'bpe-trace/1')."


def test_rejects_different_table_hash(base):
    """A trace captured with a table whose vocab.bpe hash differs from the loaded one is refused."""
    msg = rejected(mutate(base, lambda d: d["table"].update(sha256="0" * 64)))
    assert msg.startswith("t.json: it was captured with a different teaching table (vocab.bpe 000000000000…")
    assert base["table"]["sha256"][:12] in msg


def test_rejects_different_merge_count(base):
    """The merge count is part of the table's identity."""
    msg = rejected(mutate(base, lambda d: d["table"].update(merges=10)))
    assert "captured with a different teaching table" in msg


def test_rejects_unknown_table(base):
    """A table name that cannot be loaded is named."""
    msg = rejected(mutate(base, lambda d: d["table"].update(name="cl100k")))
    assert msg.startswith("t.json needs the table 'cl100k', which cannot be loaded: unknown table 'cl100k'")


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("format", "t.json: format is 'None', expected 'bpe-trace/2' (or the older 'bpe-trace/1')."),
        ("table", "t.json: the key 'table' is missing."),
        ("text", "t.json: the key 'text' is missing."),
        ("ids", "t.json: the key 'ids' is missing."),
        ("chunks", "t.json: the key 'chunks' is missing."),
    ],
)
def test_rejects_missing_top_level_key(base, key, expected):
    """Each top-level key is required."""
    assert rejected(mutate(base, lambda d: d.pop(key))) == expected


@pytest.mark.parametrize("key", ["text", "bytes", "aliases", "cache", "rounds", "ids"])
def test_rejects_missing_chunk_key(base, key):
    """Each chunk key is required, and the chunk is named."""
    msg = rejected(mutate(base, lambda d: d["chunks"][2].pop(key)))
    assert msg == f"t.json chunk 3: the key {key!r} is missing."


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.update(text=5), "t.json: text must be a string."),
        (lambda d: d.update(ids=[1, -2]), "t.json: ids must be a list of non-negative integers."),
        (lambda d: d.update(ids=[True]), "t.json: ids must be a list of non-negative integers."),
        (lambda d: d.update(chunks={}), "t.json: chunks must be a list."),
        (lambda d: d.update(table="teaching"), "t.json table: must be an object with name, merges and sha256."),
        (lambda d: d["table"].update(merges="9"), "t.json table: merges must be an integer."),
        (lambda d: d["table"].update(name=None), "t.json table: name must be a string."),
        (lambda d: d["table"].update(sha256=1), "t.json table: sha256 must be a string."),
        (lambda d: d["chunks"].__setitem__(0, []), "t.json chunk 1: must be an object."),
        (lambda d: d["chunks"][0].update(bytes=[97, 256]), "t.json chunk 1: bytes must be a list of integers 0..255."),
        (lambda d: d["chunks"][0].update(aliases=["a"]), "t.json chunk 1: aliases must be a string."),
        (lambda d: d["chunks"][0].update(cache="maybe"), "t.json chunk 1: cache must be 'miss', 'hit', 'single' or 'whole'."),
        (lambda d: d["chunks"][0].update(rounds=None), "t.json chunk 1: rounds must be a list."),
        (lambda d: d["chunks"][0]["rounds"].__setitem__(1, "x"), f"t.json chunk 1 round 2: {ROUND}."),
        (lambda d: d["chunks"][0]["rounds"].__setitem__(1, ["a", "b", 1]), f"t.json chunk 1 round 2: {ROUND}."),
        (lambda d: d["chunks"][0]["rounds"].__setitem__(1, ["a", 5, 1, 2]), f"t.json chunk 1 round 2: {ROUND}."),
        (lambda d: d["chunks"][0]["rounds"].__setitem__(1, ["a", "b", 1.0, 2]), f"t.json chunk 1 round 2: {ROUND}."),
    ],
)
def test_rejects_wrong_types(base, change, expected):
    """A value of the wrong type is refused with the path to it."""
    assert rejected(mutate(base, change)) == expected


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["chunks"][0]["rounds"].__setitem__(1, "x"), "t.json chunk 1 round 2: must be an object with pair, rank and word."),
        (lambda d: d["chunks"][0]["rounds"][1].update(pair=["a"]), "t.json chunk 1 round 2: pair must be a list of two strings."),
        (lambda d: d["chunks"][0]["rounds"][1].update(rank=1.0), "t.json chunk 1 round 2: rank must be an integer."),
        (lambda d: d["chunks"][0]["rounds"][1].update(word="ab"), "t.json chunk 1 round 2: word must be a list of strings."),
    ],
)
def test_rejects_wrong_types_in_the_older_format(old, change, expected):
    """A bpe-trace/1 round is checked as before: an object with pair, rank and the word after it."""
    assert rejected(mutate(old, change)) == expected


def test_the_older_format_opens_as_the_same_trace(old, base):
    """A bpe-trace/1 file opens as the trace its text captures, and is saved again as bpe-trace/2."""
    trace = loads(json.dumps(old))
    assert trace.ids == [264, 257, 261, 0, 256, 64, 0, 256, 64]
    assert json.loads(dumps(trace)) == base


def test_rejects_top_level_ids_inconsistent_with_chunks(base):
    """Top-level ids must be the chunks' ids in order."""
    msg = rejected(mutate(base, lambda d: d["ids"].reverse()))
    assert msg == "t.json: the top-level ids are not the chunks' ids in order."


def test_rejects_chunk_ids_inconsistent_with_rounds(base):
    """A chunk's ids must be the ids of the symbols its rounds produce."""
    msg = rejected(mutate(base, lambda d: d["chunks"][0].update(ids=[264, 257, 262])))
    assert msg == "t.json chunk 1 ('aaababcabxyz'): ids [264, 257, 262] do not match its final symbols [264, 257, 261]."


def test_rejects_a_round_with_the_wrong_pair(base):
    """A recorded pair that is not the lowest-ranked one present is refused, naming the right one."""

    def change(d):
        d["chunks"][0]["rounds"][1][:3] = ["b", "c", 2]

    msg = rejected(mutate(base, change))
    assert msg == "t.json chunk 1 ('aaababcabxyz') round 2: the lowest-ranked pair is 'a b' (rank 1), not 'b c' (rank 2)."


def test_rejects_a_round_with_the_wrong_rank(base):
    """The right pair with a wrong rank is refused too."""
    msg = rejected(mutate(base, lambda d: d["chunks"][0]["rounds"][0].__setitem__(2, 5)))
    assert msg == "t.json chunk 1 ('aaababcabxyz') round 1: the lowest-ranked pair is 'a a' (rank 0), not 'a a' (rank 5)."


def test_rejects_wrong_offsets(base):
    """Offsets that are not where the round merged its pair are refused, naming the right ones."""
    msg = rejected(mutate(base, lambda d: d["chunks"][0]["rounds"][1].pop()))
    assert msg == "t.json chunk 1 ('aaababcabxyz') round 2: it merged at alias offsets [2, 4, 7], not [2, 4]."


def test_rejects_a_wrong_word_in_the_older_format(old):
    """In a bpe-trace/1 file, a word that is not what merging the round's pair gives is refused."""
    msg = rejected(mutate(old, lambda d: d["chunks"][0]["rounds"][0].update(word=["a", "aa", "b"])))
    assert msg == "t.json chunk 1 ('aaababcabxyz') round 1: word is not what merging that pair gives."


def test_rejects_a_wrong_pair_in_the_older_format(old):
    """A bpe-trace/1 round's pair is checked as before."""
    msg = rejected(mutate(old, lambda d: d["chunks"][0]["rounds"][1].update(pair=["b", "c"], rank=2)))
    assert msg == "t.json chunk 1 ('aaababcabxyz') round 2: the lowest-ranked pair is 'a b' (rank 1), not 'b c' (rank 2)."


def test_rejects_missing_or_extra_rounds(base):
    """The number of rounds must be the encoder's."""
    msg = rejected(mutate(base, lambda d: d["chunks"][0]["rounds"].pop()))
    assert msg == "t.json chunk 1 ('aaababcabxyz'): it has 6 rounds, the encoder 7."


def test_rejects_wrong_cache_state(base):
    """A cache hit recorded as a miss (or vice versa) is refused."""
    msg = rejected(mutate(base, lambda d: d["chunks"][4].update(cache="miss")))
    assert msg == "t.json chunk 5 ('aaa'): cache is 'miss', but the encoder gives 'hit'."


def test_rejects_wrong_bytes_and_aliases(base):
    """Bytes and aliases must be those of the chunk's text."""
    assert rejected(mutate(base, lambda d: d["chunks"][1].update(bytes=[34]))) == (
        "t.json chunk 2 ('!'): bytes are not the UTF-8 bytes of its text."
    )
    assert rejected(mutate(base, lambda d: d["chunks"][1].update(aliases="?"))) == (
        "t.json chunk 2 ('!'): aliases are not the aliases of its bytes."
    )


def test_rejects_chunks_that_are_not_the_regex_chunks(base):
    """Chunks must be GPT-2's regex chunks of the text."""
    msg = rejected(mutate(base, lambda d: d.update(text="aaababcabxyz! aaa!aaa")))
    assert msg == "t.json: its chunks are not GPT-2's regex chunks of its text (expected 5 chunks)."


def test_rejects_lone_surrogate_text(teaching_table):
    """A JSON text with a lone surrogate escape cannot be captured and is refused."""
    data = to_dict(capture("a", teaching_table))
    data["text"] = "\ud800"
    assert rejected(data) == "t.json: the text cannot be encoded as UTF-8: lone surrogate U+D800 at character 0."


def test_from_dict_accepts_a_custom_table(tmp_path):
    """A trace of a custom table loads when the resolver provides that table, and is refused otherwise."""
    vocab = tmp_path / "vocab.bpe"
    vocab.write_text("#version: 0.2\nh e\n", encoding="utf-8")
    encoder = {s: i for i, s in enumerate(get_table("teaching").encoder) if i < 256}
    encoder["he"] = 256
    (tmp_path / "encoder.json").write_text(json.dumps(encoder), encoding="utf-8")
    custom = load_two_files(vocab, tmp_path / "encoder.json")
    data = to_dict(capture("hehe", custom))
    assert from_dict(data, lambda name: custom).ids == [256, 256]
    with pytest.raises(TraceError, match=r"needs the table 'custom', which cannot be loaded"):
        from_dict(data)
