"""The instrumented merge loop (seed 000 'Two BPE loops', seed 002, seed 004) against the seeds' numbers."""

from __future__ import annotations

import pytest

from tui.engine import bpe
from tui.engine.aliases import from_aliases
from tui.engine.bpe import CaptureError, ScanStep, candidates, capture, encode, merge_pair

# ---------------------------------------------------------------- Hi 你! (seed 000)


def test_hi_ni_chunks_bytes_aliases_and_ids(gpt2_table):
    """'Hi 你!' -> chunks 'Hi', ' 你', '!' with bytes, aliases and the five ids of seed 000."""
    trace = capture("Hi 你!", gpt2_table)
    assert [c.text for c in trace.chunks] == ["Hi", " 你", "!"]
    assert [list(c.data) for c in trace.chunks] == [[72, 105], [32, 228, 189, 160], [33]]
    assert [c.aliases for c in trace.chunks] == ["Hi", "Ġä½ł", "!"]
    assert trace.ids == [17250, 220, 19526, 254, 0]
    assert encode("Hi 你!", gpt2_table) == [17250, 220, 19526, 254, 0]


def test_hi_ni_bpe_return_string_has_separator_spaces(gpt2_table):
    """bpe('Ġä½ł') returns 'Ġ ä½ ł'; splitting on spaces and looking up gives [220, 19526, 254]."""
    chunk = capture("Hi 你!", gpt2_table).chunks[1]
    assert chunk.symbols == ("Ġ", "ä½", "ł")
    assert chunk.bpe_string == "Ġ ä½ ł"
    assert list(chunk.ids) == [220, 19526, 254]
    assert [gpt2_table.encoder[s] for s in chunk.bpe_string.split(" ")] == [220, 19526, 254]


def test_hi_ni_cache_states(gpt2_table):
    """'Hi' and ' 你' run the loop (cache miss); '!' is a single symbol returned at once."""
    trace = capture("Hi 你!", gpt2_table)
    assert [c.cache for c in trace.chunks] == ["miss", "miss", "single"]
    assert [c.stop for c in trace.chunks] == ["one-symbol", "no-rule", "single"]
    assert trace.chunks[2].rounds == ()


# ---------------------------------------------------------------- internationalization (seed 000)


def test_internationalization_fourteen_rounds(gpt2_table):
    """14 rounds with ranks 3, 5, 7, 9, 26, 39, 85, 97, 272, 503, 608, 1378, 22868, 45353."""
    trace = capture("internationalization", gpt2_table)
    (chunk,) = trace.chunks
    assert len(chunk.rounds) == 14
    assert [r.rank for r in chunk.rounds] == [3, 5, 7, 9, 26, 39, 85, 97, 272, 503, 608, 1378, 22868, 45353]
    assert [gpt2_table.ranks[r.pair] for r in chunk.rounds] == [r.rank for r in chunk.rounds]


def test_internationalization_result(gpt2_table):
    """The result is international | ization = [45609, 1634], ended because no pair is a rule."""
    chunk = capture("internationalization", gpt2_table).chunks[0]
    assert chunk.symbols == ("international", "ization")
    assert list(chunk.ids) == [45609, 1634]
    assert chunk.stop == "no-rule"
    assert encode("internationalization", gpt2_table) == [45609, 1634]


# ---------------------------------------------------------------- The cat sat on the (seed 002)


def test_the_cat_sat_on_the(gpt2_table):
    """18 bytes, 5 pieces, 13 merges fire, ids [464, 3797, 3332, 319, 262]."""
    trace = capture("The cat sat on the", gpt2_table)
    assert trace.ids == [464, 3797, 3332, 319, 262]
    assert trace.byte_count == 18
    assert len(trace.chunks) == 5
    assert trace.merges_fired == 13
    assert len(trace.ids) == 5


def test_merge_ids_are_256_plus_rank_in_a_trace(gpt2_table):
    """Each merged token's id is 256 plus the rank of the rule that made it (seed 002, step 4)."""
    for chunk in capture("The cat sat on the", gpt2_table).chunks:
        last = chunk.rounds[-1]
        assert chunk.ids == (256 + last.rank,)


# ---------------------------------------------------------------- special marker (seed 000)


def test_literal_endoftext_is_seven_ordinary_tokens(gpt2_table):
    """Encode has no allowed_special branch: '<|endoftext|>' -> [27, 91, 437, 1659, 5239, 91, 29]."""
    assert encode("<|endoftext|>", gpt2_table) == [27, 91, 437, 1659, 5239, 91, 29]
    assert 50256 not in encode("x<|endoftext|>y", gpt2_table)


# ---------------------------------------------------------------- seed 004 cases


def test_1234567_is_one_chunk_split_123_45_67(gpt2_table):
    """One regex chunk; learned rules split it into the symbols '123', '45', '67'."""
    (chunk,) = capture("1234567", gpt2_table).chunks
    assert chunk.symbols == ("123", "45", "67")
    assert list(chunk.ids) == [gpt2_table.encoder["123"], gpt2_table.encoder["45"], gpt2_table.encoder["67"]]
    assert len(encode("1234567", gpt2_table)) == 3


def test_127_plus_677_is_seven_tokens(gpt2_table):
    """'127 + 677 = 804' -> 7 tokens: 127 | ' +' | ' 6' | '77' | ' =' | ' 8' | '04'."""
    ids = encode("127 + 677 = 804", gpt2_table)
    assert len(ids) == 7
    pieces = [from_aliases(gpt2_table.decoder[i]).decode("utf-8") for i in ids]
    assert pieces == ["127", " +", " 6", "77", " =", " 8", "04"]


def test_indentation_spaces_are_three_220s_then_if(gpt2_table):
    """'    if' -> chunks ['   ', ' if']; the vocabulary does not merge the three spaces: 220, 220, 220."""
    trace = capture("    if", gpt2_table)
    assert [c.text for c in trace.chunks] == ["   ", " if"]
    assert list(trace.chunks[0].ids) == [220, 220, 220]
    assert trace.chunks[0].stop == "no-rule"
    assert trace.ids[:3] == [220, 220, 220] and len(trace.ids) == 4


def test_leading_spaces_before_hello_are_three_separate_220s(gpt2_table):
    """'    hello world!!!': three spaces, ' hello', ' world', '!!!'; GPT-2 emits three separate 220 ids."""
    trace = capture("    hello world!!!", gpt2_table)
    assert [c.text for c in trace.chunks] == ["   ", " hello", " world", "!!!"]
    assert list(trace.chunks[0].ids) == [220, 220, 220]
    assert trace.ids.count(220) == 3


def test_chinese_sentence_two_chunks_32_tokens(gpt2_table):
    """'分词是大模型许多怪现象的根源。' is 2 chunks and GPT-2 needs 32 tokens (seed 004)."""
    trace = capture("分词是大模型许多怪现象的根源。", gpt2_table)
    assert len(trace.chunks) == 2
    assert len(trace.ids) == 32


def test_hello_ve_world_chunks_in_the_encoder(gpt2_table):
    """Seed 004's findall example goes through the encoder chunk by chunk, in order."""
    trace = capture("Hello've world123 how's are you!!!?", gpt2_table)
    assert [c.text for c in trace.chunks] == ["Hello", "'ve", " world", "123", " how", "'s", " are", " you", "!!!?"]
    assert [c.index for c in trace.chunks] == list(range(9))
    assert [c.start for c in trace.chunks] == [0, 5, 8, 14, 17, 21, 23, 27, 31]


# ---------------------------------------------------------------- teaching table (seed 000)


def test_aaababcabxyz_seven_rounds(teaching_table):
    """Seven rounds end as aaababc | ab | xyz with ids 264, 257, 261."""
    (chunk,) = capture("aaababcabxyz", teaching_table).chunks
    assert len(chunk.rounds) == 7
    assert chunk.symbols == ("aaababc", "ab", "xyz")
    assert list(chunk.ids) == [264, 257, 261]


def test_b_c_and_c_a_are_candidates_but_never_chosen(teaching_table):
    """Rules b+c and c+a appear among the current pairs yet earlier rules consume their symbols."""
    (chunk,) = capture("aaababcabxyz", teaching_table).chunks
    chosen = {r.pair for r in chunk.rounds}
    assert ("b", "c") not in chosen and ("c", "a") not in chosen
    seen = {(pair, rank) for r in range(len(chunk.rounds) + 1) for _, pair, rank in candidates(chunk.word(r), teaching_table.ranks)}
    assert (("b", "c"), 2) in seen
    assert (("c", "a"), 3) in seen


def test_candidates_lists_every_adjacent_pair_with_rank_or_none(teaching_table):
    """candidates() gives (position, pair, rank or None) for every adjacent pair of a word."""
    assert candidates(("a", "b", "c", "q"), teaching_table.ranks) == [
        (0, ("a", "b"), 1),
        (1, ("b", "c"), 2),
        (2, ("c", "q"), None),
    ]
    assert candidates(("a",), teaching_table.ranks) == []


def test_aaa_merges_one_pair_only(teaching_table):
    """With rule a+a, 'aaa' becomes aa | a: the new aa only takes part in the next round."""
    (chunk,) = capture("aaa", teaching_table).chunks
    assert chunk.symbols == ("aa", "a")
    assert [(r.pair, r.rank, r.merged) for r in chunk.rounds] == [(("a", "a"), 0, 1)]
    assert list(chunk.ids) == [256, 64]


def test_aaaaaaa_merges_non_overlapping_occurrences(teaching_table):
    """'aaaaaaa' -> aa aa aa a in one round of three merges, then no rule is left."""
    (chunk,) = capture("aaaaaaa", teaching_table).chunks
    assert chunk.symbols == ("aa", "aa", "aa", "a")
    assert [(r.pair, r.merged) for r in chunk.rounds] == [(("a", "a"), 3)]
    assert chunk.stop == "no-rule"


def test_single_symbol_skips_loop_and_cache(teaching_table):
    """'a' is a single symbol: no rounds, cache state 'single'; a repeat is 'single' again, not a hit."""
    (chunk,) = capture("a", teaching_table).chunks
    assert chunk.cache == "single" and chunk.rounds == () and chunk.symbols == ("a",)
    assert list(chunk.ids) == [64]
    repeated = capture("a!a!a", teaching_table)
    assert [c.text for c in repeated.chunks] == ["a", "!", "a", "!", "a"]
    assert [c.cache for c in repeated.chunks] == ["single"] * 5
    assert all(c.source is None for c in repeated.chunks)


def test_repeated_chunk_is_a_cache_hit_from_its_first_run(teaching_table):
    """'abc!abc': the third chunk reads the cache filled by chunk 0 and runs no rounds."""
    trace = capture("abc!abc", teaching_table)
    assert [c.text for c in trace.chunks] == ["abc", "!", "abc"]
    assert [c.cache for c in trace.chunks] == ["miss", "single", "hit"]
    hit = trace.chunks[2]
    assert hit.source == 0
    assert hit.rounds == ()
    assert hit.stop == "hit"
    assert hit.symbols == trace.chunks[0].symbols == ("ab", "c")
    assert hit.ids == trace.chunks[0].ids
    assert hit.word(0) == ("a", "b", "c")
    assert hit.merged == 0
    assert trace.cache_hits == 1
    assert capture("abc!abd", teaching_table).cache_hits == 0


def test_cache_is_per_alias_string(teaching_table):
    """' abc' differs from 'abc' (leading space alias Ġ), so it is not a hit; a second ' abc' is."""
    trace = capture("abc abc abc", teaching_table)
    assert [c.aliases for c in trace.chunks] == ["abc", "Ġabc", "Ġabc"]
    assert [c.cache for c in trace.chunks] == ["miss", "miss", "hit"]
    assert trace.chunks[2].source == 1


def test_pair_without_rule_stops_the_loop_at_once(teaching_table):
    """' !' is two symbols whose pair is no rule: a miss with zero rounds, stop 'no-rule'."""
    chunk = capture("! !", teaching_table).chunks[1]
    assert chunk.aliases == "Ġ!"
    assert (chunk.cache, chunk.rounds, chunk.symbols, chunk.stop) == ("miss", (), ("Ġ", "!"), "no-rule")
    assert list(chunk.ids) == [220, 0]


def test_empty_text_has_no_chunks(teaching_table):
    """Nothing in, nothing out."""
    trace = capture("", teaching_table)
    assert trace.chunks == () and trace.ids == [] and encode("", teaching_table) == []


# ---------------------------------------------------------------- the inner scan


def test_merge_pair_scan_steps_abaab():
    """Merging (a, b) in a b a a b: merge at 0, keep the a at 2, merge at 3 -> ab a ab."""
    steps: list[ScanStep] = []
    assert merge_pair(("a", "b", "a", "a", "b"), "a", "b", steps) == ("ab", "a", "ab")
    assert steps == [
        ScanStep("merge", 0, 0, 1),
        ScanStep("keep", 2, 2, 2),
        ScanStep("merge", 3, 3, 3),
    ]


def test_merge_pair_scan_copies_gap_and_tail():
    """word[i:j] is copied before position j; when first is not found again the rest is copied."""
    steps: list[ScanStep] = []
    assert merge_pair(("x", "a", "b", "y", "z"), "a", "b", steps) == ("x", "ab", "y", "z")
    assert steps == [ScanStep("merge", 0, 1, 2), ScanStep("tail", 3, None, 4)]


def test_merge_pair_last_symbol_cannot_pair():
    """In a a a merging (a, a), the third a has no right neighbour: kept (i < len(word) - 1 fails)."""
    steps: list[ScanStep] = []
    assert merge_pair(("a", "a", "a"), "a", "a", steps) == ("aa", "a")
    assert steps == [ScanStep("merge", 0, 0, 1), ScanStep("keep", 2, 2, 2)]


def test_merge_pair_without_occurrence_copies_everything():
    """No first symbol at all: a single tail step copies the whole word."""
    steps: list[ScanStep] = []
    assert merge_pair(("b", "c"), "a", "b", steps) == ("b", "c")
    assert steps == [ScanStep("tail", 0, None, 2)]


def test_chunk_scan_replays_the_round(teaching_table):
    """ChunkTrace.scan(r) replays round r's inner scan from the word before it."""
    (chunk,) = capture("aaababcabxyz", teaching_table).chunks
    # Round 2 merges (a, b) in aa a b a b c a b x y z: positions 1, 3 and 6 hold an a followed by b.
    assert chunk.word(1) == ("aa", "a", "b", "a", "b", "c", "a", "b", "x", "y", "z")
    assert chunk.rounds[1].pair == ("a", "b")
    assert chunk.scan(2) == [
        ScanStep("merge", 0, 1, 2),
        ScanStep("merge", 3, 3, 3),
        ScanStep("merge", 5, 6, 5),
        ScanStep("tail", 8, None, 8),
    ]
    assert chunk.word(2) == ("aa", "ab", "ab", "c", "ab", "x", "y", "z")


def test_word_outside_rounds_is_an_index_error(teaching_table):
    """word(r) exists for 0..len(rounds) only."""
    (chunk,) = capture("aaa", teaching_table).chunks
    assert chunk.word(0) == ("a", "a", "a") and chunk.word(1) == ("aa", "a")
    with pytest.raises(IndexError):
        chunk.word(2)
    with pytest.raises(IndexError):
        chunk.word(-1)


# ---------------------------------------------------------------- one code path


def test_encode_and_capture_run_the_same_loop(teaching_table, monkeypatch):
    """encode() calls the very loop capture() calls, with recording switched off."""
    calls = []
    real = bpe._bpe

    def spy(token, ranks, cache, rounds, words):
        calls.append((token, rounds is None))
        return real(token, ranks, cache, rounds, words)

    monkeypatch.setattr(bpe, "_bpe", spy)
    assert encode("aaa abc", teaching_table) == [256, 64, 220, 257, 66]
    assert calls == [("aaa", True), ("Ġabc", True)]
    calls.clear()
    assert capture("aaa abc", teaching_table).ids == [256, 64, 220, 257, 66]
    assert calls == [("aaa", False), ("Ġabc", False)]


def test_lone_surrogate_is_a_capture_error(teaching_table):
    """Text that has no UTF-8 encoding is refused in one sentence naming the character and position."""
    with pytest.raises(CaptureError) as info:
        capture("ab\ud800c", teaching_table)
    assert str(info.value) == "the text cannot be encoded as UTF-8: lone surrogate U+D800 at character 2."
    with pytest.raises(CaptureError):
        encode("\udcff", teaching_table)


@pytest.mark.parametrize("table_name", ["teaching", "gpt2", "cl100k"])
def test_the_merged_positions_of_a_round_are_where_its_scan_merges(table_name, teaching_table, gpt2_table, cl100k_table):
    """ChunkTrace.merge_positions(r) finds, without recording the scan, the positions the scan's 'merge' steps have."""
    table = {"teaching": teaching_table, "gpt2": gpt2_table, "cl100k": cl100k_table}[table_name]
    text = "aaaa abab aaab the the cat, naïve café 1234567 " + "".join("abcdefghij"[(n * 7) % 10] for n in range(600))
    trace = capture(text, table)
    rounds = 0
    for chunk in trace.chunks:
        for r in range(1, len(chunk.rounds) + 1):
            assert chunk.merge_positions(r) == tuple(s.j for s in chunk.scan(r) if s.kind == "merge")
            rounds += 1
    assert rounds >= 7


def test_a_chunk_gives_the_same_words_asked_forwards_backwards_or_at_random(gpt2_table):
    """ChunkTrace.word(r) replays from a checkpoint or a nearer remembered word: every order of asking
    gives the words of one plain replay of the rounds."""
    import random

    from tests.bench.texts import letters

    chunk = capture(letters(1200), gpt2_table).chunks[0]
    replayed = [tuple(chunk.aliases)]
    for rnd in chunk.rounds:
        replayed.append(merge_pair(replayed[-1], *rnd.pair))
    assert len(replayed) > 60
    rounds = list(range(len(replayed)))
    shuffled = rounds[:]
    random.Random(7).shuffle(shuffled)
    for order in (rounds, rounds[::-1], shuffled):
        if chunk._memo:
            chunk._memo.clear()
        assert [chunk.word(r) for r in order] == [replayed[r] for r in order]
