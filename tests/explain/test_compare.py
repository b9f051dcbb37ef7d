"""Two tables compared on one text (tui/explain/compare.py): every divergence's cause and sentence, each
checked against the two tables' own traces and rule files (not against the comparison's own helpers)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tui.engine.aliases import from_aliases
from tui.engine.bpe import capture, encode
from tui.engine.normalize import NFC
from tui.engine.tables import OFFSET, Table, TableError, cl100k_base, names, o200k_base
from tui.explain.compare import Comparison, compare
from tui.explain.compare_rows import Cursor, Shown, SideFrame, side_frame
from tui.explain.compare_sides import named_table


def test_gpt2_and_cl100k_part_on_the_digits_of_1234567() -> None:
    """GPT-2's regex takes all seven digits, cl100k_base's at most three: a boundaries divergence at chunk 1."""
    c = compare("1234567", named_table("gpt2"), cl100k_base())
    d = c.first
    assert d is not None
    assert (d.cause, d.chunk, d.round) == ("boundaries", 0, 0)
    assert [x.text for x in c.a.chunks] == ["1234567"] and [x.text for x in c.b.chunks] == ["123", "456", "7"]
    assert d.sentence == (
        r"chunk 1: GPT-2 cuts '1234567' (branch 9:  ?\p{N}+) where cl100k_base cuts '123' (branch 3: \p{N}{1,3}+); "
        "the tokens first differ at '4567': GPT-2 2231 3134, cl100k_base 10961 22."  # 123 is a token of both
    )
    assert (c.a.ids, c.b.ids) == ([10163, 2231, 3134], [4513, 10961, 22])
    assert c.cut_marks == (frozenset({0}), frozenset({0, 3, 6}))


def test_compare_numbers_a_branch_as_chunks_and_explore_do(cli) -> None:  # type: ignore[no-untyped-def]
    """`x = self.append(y)`: the '.' GPT-2 cuts is the branch `bpe-tui chunks` numbers, and so is cl100k_base's '.append'
    (Compare once said one more than Explore and `chunks`)."""
    import json

    from tui.explain.branches import alternatives

    text = "x = self.append(y)"
    cut = next(d for d in compare(text, named_table("gpt2"), cl100k_base()).divergences() if d.cause == "boundaries")
    numbers = {}
    for table in ("gpt2", "cl100k_base"):
        for chunk in json.loads(cli("--table", table, "chunks", "--text", text)[1]):
            numbers[table, chunk["text"]] = chunk["branch"]
            assert alternatives(named_table(table).pattern)[chunk["branch"] - 1] == chunk["pattern"]  # counted from 1
    assert (numbers["gpt2", "."], numbers["cl100k_base", ".append"]) == (10, 2)
    assert "GPT-2 cuts '.' (branch 10:  ?[^\\s\\p{L}\\p{N}]+) where cl100k_base cuts '.append' (branch 2: " in cut.sentence


def test_gpt2_against_teaching_is_a_rank_order() -> None:
    """Both tables have 'a'+'a' and 'a'+'b' as rules, ranked in the other order (GPT-2's vocab.bpe against seed 000)."""
    gpt2, teaching = named_table("gpt2"), named_table("teaching")
    d = compare("aaababcabxyz", gpt2, teaching).first
    assert d is not None and (d.cause, d.chunk, d.round) == ("rank order", 0, 1)
    assert (gpt2.ranks[("a", "b")], gpt2.ranks[("a", "a")], teaching.ranks[("a", "a")], teaching.ranks[("a", "b")]) == (141, 6996, 0, 1)
    assert d.sentence == (
        "chunk 1 'aaababcabxyz', round 1: GPT-2 ranks 'a' + 'b' (141) before 'a' + 'a' (6,996) "
        "while teaching ranks 'a' + 'a' (0) before 'a' + 'b' (1); the tokens first differ at 'aaababc': GPT-2 7252 397 39305, teaching 264."
    )
    ta, tb = capture("aaababcabxyz", gpt2), capture("aaababcabxyz", teaching)
    assert (ta.chunks[0].rounds[0].pair, tb.chunks[0].rounds[0].pair) == (("a", "b"), ("a", "a"))


def test_cl100k_and_o200k_rank_the_pairs_of_pairs_otherwise() -> None:
    """' Pairs': cl100k_base joins 'Ġ'+'P' first, o200k_base 'i'+'r': both joins are tokens of both, ranked oppositely;
    both end in the one token ' Pairs', so the divergence is of the path alone and no token differs (first is None)."""
    c = compare(" Pairs", cl100k_base(), o200k_base())
    d = next(c.divergences())
    assert (d.cause, d.chunk, d.round, d.path_only, c.first) == ("rank order", 0, 1, True, None)
    cl, o2 = cl100k_base().byte_ranks, o200k_base().byte_ranks
    assert cl is not None and o2 is not None
    assert (cl[b" P"] - OFFSET, cl[b"ir"] - OFFSET, o2[b"ir"] - OFFSET, o2[b" P"] - OFFSET) == (137, 148, 124, 142)
    assert (c.a.chunks[0].rounds[0].pair, c.b.chunks[0].rounds[0].pair) == (("Ġ", "P"), ("i", "r"))
    assert d.sentence == (
        "chunk 1 ' Pairs', round 1: cl100k_base ranks 'Ġ' + 'P' (137) before 'i' + 'r' (148) "
        "while o200k_base ranks 'i' + 'r' (124) before 'Ġ' + 'P' (142); both still end in the same tokens."
    )


def test_a_pair_one_table_lacks_is_a_missing_rule() -> None:
    """' ││▶': o200k_base joins 'âĸ'+'¶' (the bytes of ▶), bytes that are no token of cl100k_base."""
    d = compare(" ││▶", cl100k_base(), o200k_base()).first
    assert d is not None and (d.cause, d.chunk, d.round) == ("missing rule", 0, 5)
    joined = from_aliases("âĸ¶")
    o2, cl = o200k_base().byte_ranks, cl100k_base().byte_ranks
    assert o2 is not None and cl is not None
    assert (joined, o2[joined] - OFFSET, joined in cl) == ("▶".encode(), 68593, False)
    assert d.sentence == (
        "chunk 1 ' ││▶', round 5: o200k_base merges 'âĸ' + '¶' (rank 68,593), which is no rule of cl100k_base; "
        "the tokens first differ at '▶': cl100k_base 10634 114, o200k_base 68849."
    )


def test_teaching_lacks_gpt2s_first_rule_of_the() -> None:
    d = compare(" the", named_table("teaching"), named_table("gpt2")).first
    assert d is not None and (d.cause, d.round) == ("missing rule", 1)
    assert d.sentence == (
        "chunk 1 ' the', round 1: GPT-2 merges 'Ġ' + 't' (rank 0), which is no rule of teaching; "
        "the tokens first differ at ' the': teaching 220 83 71 68, GPT-2 262."
    )
    assert ("Ġ", "t") not in named_table("teaching").ranks


def test_a_chunk_that_is_one_token_is_taken_whole_by_tiktokens_rule() -> None:
    """' hello' is one cl100k_base token: tiktoken's rule emits it at once, GPT-2 merges it in 5 rounds."""
    c = compare(" hello", named_table("gpt2"), cl100k_base())
    d = next(c.divergences())
    assert (d.cause, d.chunk, d.round, d.path_only, c.first) == ("whole chunk", 0, 1, True, None)  # both: the one token ' hello'
    assert (c.a.chunks[0].cache, len(c.a.chunks[0].rounds), c.b.chunks[0].cache) == ("miss", 5, "whole")
    assert d.sentence == (
        "chunk 1 ' hello', round 1: cl100k_base takes the chunk whole, as its bytes are one token (tiktoken's rule), "
        "while GPT-2 merges 'h' + 'e' first; both still end in the same tokens."
    )


def test_gpt2_under_both_rules_differs_in_order_not_in_ids() -> None:
    """GPT-2's table by tiktoken's rule: ' unbelievable' is one token, taken whole; the ids are the same."""
    gpt2, by_tiktoken = named_table("gpt2"), named_table("gpt2@tiktoken")
    c = compare(" unbelievable", gpt2, by_tiktoken)
    d = next(c.divergences())
    assert (d.cause, d.round, d.path_only, c.first) == ("merge rule", 1, True, None)
    assert c.a.ids == c.b.ids == encode(" unbelievable", gpt2) == [24479] and gpt2.decoder[24479] == "Ġunbelievable"
    assert d.sentence == (
        "chunk 1 ' unbelievable', round 1: GPT-2 merges 'l' + 'e' (rank 37) into 12 symbols "
        "while GPT-2 (tiktoken's rule) takes the chunk whole; the order differs; both still end in the same tokens."
    )


@pytest.mark.slow
def test_cl100k_under_gpt2s_rule_merges_every_occurrence_at_once() -> None:
    """cl100k_base's recovered merges by GPT-2's rule: 'aaaa' joins both 'a'+'a' in one round, tiktoken's rule one at a time."""
    by_gpt2 = named_table("cl100k_base@gpt2")
    c = compare("xaaaa aaaaaaaa", cl100k_base(), by_gpt2)
    assert c.a.ids == c.b.ids
    d = next(c.divergences())
    assert (d.cause, d.path_only, c.first) == ("merge rule", True, None)  # the same tokens by another path
    ca, cb = c.a.chunks[d.chunk], c.b.chunks[d.chunk_b]
    assert ca.word(d.round - 1) == cb.word(d.round - 1) and ca.word(d.round) != cb.word(d.round)
    assert (ca.rounds[d.round - 1].merged, cb.rounds[d.round - 1].merged) == (1, 2)


def test_the_same_table_twice_never_parts() -> None:
    for name in ("teaching", "gpt2", "cl100k_base"):
        c = compare("Hello, 1234567 world!  ", named_table(name), named_table(name))
        assert c.first is None and list(c.divergences()) == []
        assert len(c.pairs) == len(c.a.chunks)


def test_a_normaliser_that_changes_the_text_is_the_cause() -> None:
    """With NFC first, 'é' written as e + U+0301 is one character on one side: the texts differ at character 3."""
    teaching = named_table("teaching")
    nfc = replace(teaching, name="teaching-nfc", normalizer=NFC)
    c = compare("ab e\u0301x", teaching, nfc)
    d = c.first
    assert d is not None and (d.cause, d.round, c.differ_at) == ("normalization", 0, 3)
    assert c.b.normalized == "ab éx" and c.a.normalized == "ab e\u0301x"
    assert (
        d.sentence == "chunk 2: teaching-nfc changed the text before cutting it (NFC): at character 4, teaching reads U+0065 'e' "
        "where teaching-nfc reads U+00E9 'é'."
    )
    assert c.pairs == ((0, 0),)


def test_after_a_cut_the_walk_finds_the_chunks_cut_alike_again() -> None:
    """'1234567 the 1234567': two boundary divergences; ' the' is cut alike and compared in between."""
    c = compare("1234567 the 1234567", named_table("gpt2"), cl100k_base())
    found = [(d.cause, d.chunk, d.chunk_b) for d in c.divergences()]
    assert found == [("boundaries", 0, 0), ("whole chunk", 1, 3), ("boundaries", 2, 4)]
    assert c.pairs == ((1, 3),)


def test_a_rule_view_names_a_rule() -> None:
    with pytest.raises(TableError, match="a table's rule is gpt2, tiktoken or hf, not 'bpe'"):
        named_table("gpt2@bpe")
    assert isinstance(named_table("gpt2@gpt2"), Table) and named_table("gpt2@gpt2") is named_table("gpt2")


def test_comparison_keeps_both_traces() -> None:
    c = compare("aaab", named_table("teaching"), named_table("gpt2"))
    assert isinstance(c, Comparison) and c.a.table.name == "teaching" and c.b.table.name == "gpt2"


@pytest.mark.skipif("qwen3" not in names(), reason="Qwen's tables come with the extra 'models'")
def test_qwen3s_nfc_against_gpt2() -> None:
    """Qwen 3 applies NFC: 'e' + U+0301 is 'é' in its chunks, two characters in GPT-2's; the chunk before is compared too."""
    c = compare("Héllo e\u0301 café", named_table("gpt2"), named_table("qwen3"))
    found = list(c.divergences())
    assert [(d.cause, d.chunk, d.round) for d in found] == [("rank order", 0, 1), ("normalization", 1, 0)]
    assert c.b.normalized == "Héllo é café" and c.a.normalized == c.a.text
    assert (
        found[1].sentence
        == "chunk 2: Qwen 3 changed the text before cutting it (NFC): at character 7, GPT-2 reads U+0065 'e' where Qwen 3 reads U+00E9 'é'."
    )


def test_ignore_merges_takes_an_entry_whole() -> None:
    """A table with ignore_merges takes 'aaababc' (teaching's id 264) whole; the teaching table merges it in 5 rounds."""
    teaching = named_table("teaching")
    whole = replace(teaching, name="teaching-whole", ignore_merges=True)
    c = compare("aaababc", teaching, whole)
    d = next(c.divergences())
    assert (d.cause, d.round, d.path_only, c.first) == ("whole chunk", 1, True, None)
    assert (c.a.chunks[0].cache, len(c.a.chunks[0].rounds), c.b.chunks[0].cache, c.a.ids, c.b.ids) == ("miss", 5, "whole", [264], [264])
    assert d.sentence == (
        "chunk 1 'aaababc', round 1: teaching-whole takes the chunk whole, as it is an entry (ignore_merges), while teaching merges 'a' + 'a' first; "
        "both still end in the same tokens."
    )


def test_the_lockstep_cursor_and_the_next_divergence() -> None:
    """'1234567 the 1234567': one chunk cut alike (' the', 3 frames); n walks the three divergences and wraps."""
    shown = Shown.of(compare("1234567 the 1234567", named_table("gpt2"), cl100k_base()))
    assert (shown.pairs, shown.frames(0)) == (((1, 3),), 3)
    assert [shown.moved(Cursor(0, k), "next") for k in (0, 3)] == [Cursor(0, 1), Cursor(0, 3)]
    assert shown.moved(Cursor(0, 0), "previous") == Cursor(0, 0) and shown.moved(Cursor(0, 0), "last") == Cursor(0, 3)
    told, cursor, seen = shown.divergences[0], shown.at(shown.divergences[0]), []
    for _ in range(4):
        found = shown.after(cursor, told)
        assert found is not None
        told, cursor = found, shown.at(found)
        seen.append((found.cause, found.chunk, cursor))
    assert seen == [
        ("whole chunk", 1, Cursor(0, 1)),
        ("boundaries", 2, Cursor(0, 0)),
        ("boundaries", 0, Cursor(0, 0)),
        ("whole chunk", 1, Cursor(0, 1)),
    ]
    a, b = shown.chunks(Cursor(0, 1)) or (None, None)
    assert a is not None and b is not None
    assert side_frame(a, 0) == SideFrame("the chunk's bytes · 3 steps to go", "Ġ t h e")
    assert side_frame(a, 1) == SideFrame("round 1 of 3 · Ġ + t · rank 0", "⟦Ġt⟧ h e")
    assert side_frame(b, 1) == SideFrame("taken whole: its bytes are one token", "⟦Ġthe⟧")
    assert side_frame(a, 9) == SideFrame("done after 3 steps", "Ġthe")
    assert [r.pair for r in capture(" the", named_table("gpt2")).chunks[0].rounds] == [("Ġ", "t"), ("h", "e"), ("Ġt", "he")]


def test_a_chunk_that_starts_with_a_combining_mark_is_drawn_on_a_dotted_circle() -> None:
    """Qwen 3's regex cuts Hebrew points off their letter: the mark after a cut sits on ◌, never on the │."""
    from tui.engine.tables import get_table
    from tui.explain.compare import compare
    from tui.explain.compare_rows import cut_rows

    row_a, row_b, _ = cut_rows(compare(" שָׁלוֹם", get_table("qwen3"), get_table("qwen3.6")), 0, 60)
    assert "│◌\u05b8\u05c1" in row_a and "┆◌\u05b8\u05c1" in row_b


def test_compare_leads_with_where_the_tokens_differ_not_where_the_paths_do() -> None:
    """'Hello, 世界! The café': cl100k_base takes 'Hello' whole where GPT-2 merges it, yet both end with 'Hello' as one
    token; the tokens first differ at '界' (GPT-2 45911 234, cl100k_base 98220), which is the first divergence."""
    c = compare("Hello, 世界! The café", named_table("gpt2"), cl100k_base())
    found = list(c.divergences())
    assert [(d.chunk, d.cause, d.path_only) for d in found] == [
        (0, "whole chunk", True),
        (2, "missing rule", False),
        (4, "whole chunk", True),
        (5, "whole chunk", True),
    ]
    assert c.first == found[1]
    assert c.first.sentence.endswith("; the tokens first differ at '界': GPT-2 45911 234, cl100k_base 98220.")
    assert (len(c.a.ids), len(c.b.ids)) == (10, 9)
