"""The tour's scenes (tui/tour_scenes.py): their order, their views, and every number a caption states, checked against the engine."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.engine.support import CliResult
from tui.commands import VIEWS
from tui.engine.aliases import to_aliases
from tui.engine.bpe import Trace, capture
from tui.engine.decoding import decode_frames
from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.tables import Table, get_table
from tui.engine.training import train
from tui.explain.whynot import never_chosen
from tui.tour.scenes import SCENES, Scene
from tui.widgets.caption_bar import ROWS, caption_lines, heading, wrap

Cli = Callable[..., CliResult]

BY_TITLE = {scene.title: scene for scene in SCENES}


def scene(title: str) -> Scene:
    return BY_TITLE[title]


def traced(title: str) -> Trace:
    return scene(title).trace(get_table)


def test_the_scenes_follow_the_seeds_story_in_order() -> None:
    """Seed 000's round trip, Ġ, the teaching table, aaa, internationalization, cache and single, decode, the special token; then seed 004."""
    assert [(s.text, s.table, s.view) for s in SCENES] == [
        ("Hi 你!", "gpt2", "encode"),
        ("Ġ", "gpt2", "aliases"),
        ("aaababcabxyz", "teaching", "encode"),
        ("aaa", "teaching", "encode"),
        ("internationalization", "gpt2", "encode"),
        ("abc!abc", "teaching", "encode"),
        ("你", "gpt2", "decode"),
        ("<|endoftext|>", "gpt2", "special"),
        ("    if", "gpt2", "explore"),
        ("1234567", "gpt2", "explore"),
        ("the cat the hat", "gpt2", "train"),
        ("To be, or not to be: that is the question.", "gpt2", "train"),
    ]
    assert [s.book for s in SCENES] == [False] * 11 + [True]  # the last one trains on the bundled Shakespeare
    assert {s.view for s in SCENES} <= {v.name for v in VIEWS}
    assert [s.detail for s in SCENES].count(True) == 1 and scene("aaa: a new rule waits").detail


@pytest.mark.parametrize("width", [78, 98])
def test_every_caption_fits_two_lines_at_80_and_100_columns_and_the_tours_keys_end_the_bar(width: int) -> None:
    """Two rows hold the heading and the whole caption (no ellipsis) inside 80 and 100 columns less padding;
    the bar's last row ends with the tour's keys."""
    for n, s in enumerate(SCENES):
        head = heading(n, len(SCENES), s.title, playing=True)
        assert len(wrap(f"{head} · {s.caption}", width)) <= 2, s.title
        lines = caption_lines(head, s.caption, width)
        assert len(lines) <= ROWS and not any("…" in line for line in lines), s.title
        assert lines[-1].endswith("(] next, [ back)"), s.title


def test_the_round_trip_of_hi_ni(gpt2_table: Table) -> None:
    trace = traced("One round trip: Hi 你!")
    assert [c.text for c in trace.chunks] == ["Hi", " 你", "!"]
    assert trace.byte_count == 7 and trace.chunks[1].aliases == "Ġä½ł"
    assert trace.ids == [17250, 220, 19526, 254, 0]
    caption = scene("One round trip: Hi 你!").caption
    assert "3 chunks, 7 bytes" in caption and str(trace.ids) in caption and "Ġä½ł" in caption


def test_g_is_the_alias_of_a_space_and_typed_it_is_two_other_bytes(gpt2_table: Table) -> None:
    assert to_aliases(b" ") == "Ġ"
    assert "Ġ".encode() == b"\xc4\xa0" and to_aliases(b"\xc4\xa0") == "Äł"
    trace = traced("What Ġ is")
    assert trace.ids == [128, 254]
    caption = scene("What Ġ is").caption
    assert "byte 32" in caption and "c4 a0" in caption and "Ä ł" in caption and "[128, 254]" in caption


def test_seven_rounds_and_two_rules_that_never_fire(teaching_table: Table) -> None:
    trace = traced("Seven rounds, two idle rules")
    assert len(trace.table.merges) == 9 and trace.round_count == 7
    assert trace.chunks[0].symbols == ("aaababc", "ab", "xyz")
    assert [w.pair for w in never_chosen(trace, 0)] == [("b", "c"), ("c", "a")]
    caption = scene("Seven rounds, two idle rules").caption
    assert "9 rules, 7 rounds: aaababc | ab | xyz" in caption and "b c and c a never fire" in caption


def test_aaa_merges_once_and_starts_on_its_round_in_scan_detail(teaching_table: Table) -> None:
    s = scene("aaa: a new rule waits")
    trace = s.trace(get_table)
    assert trace.round_count == 1 and trace.chunks[0].symbols == ("aa", "a")
    start = s.position(trace)
    assert start.frame.kind == "round" and start.scanning and start.step == 0
    assert "aa | a" in s.caption


def test_internationalization_takes_fourteen_rounds_to_two_ids(gpt2_table: Table) -> None:
    trace = traced("internationalization on GPT-2")
    ranks = [r.rank for r in trace.chunks[0].rounds]
    assert ranks == [3, 5, 7, 9, 26, 39, 85, 97, 272, 503, 608, 1378, 22868, 45353]
    assert len(trace.table.merges) == 50_000 and trace.chunks[0].symbols == ("international", "ization")
    caption = scene("internationalization on GPT-2").caption
    assert "14 rounds, ranks 3 to 45,353 of 50,000" in caption and str(trace.ids) in caption and trace.ids == [45609, 1634]


def test_a_single_symbol_and_a_cache_hit(teaching_table: Table) -> None:
    trace = traced("A cache hit, a single symbol")
    assert [(c.text, c.stop, len(c.rounds)) for c in trace.chunks] == [("abc", "no-rule", 1), ("!", "single", 0), ("abc", "hit", 0)]
    assert trace.cache_hits == 1


def test_decoding_a_token_that_ends_inside_a_character(gpt2_table: Table) -> None:
    s = scene("A token ends inside 你")
    assert s.trace(get_table).ids == list(s.ids) == [19526, 254]
    run = decode_frames(list(s.ids), gpt2_table, "replace")
    assert [(f.alias, f.data, f.alone) for f in run.frames] == [("ä½", b"\xe4\xbd", "�"), ("ł", b"\xa0", "�")]
    assert run.text == "你"
    assert "ä½ (e4 bd)" in s.caption and "ł (a0)" in s.caption


def test_the_literal_special_token_is_seven_ordinary_ids(gpt2_table: Table) -> None:
    trace = traced("<|endoftext|>, ordinary text")
    assert trace.ids == [27, 91, 437, 1659, 5239, 91, 29] and 50256 not in trace.ids
    assert gpt2_table.encoder["<|endoftext|>"] == 50256
    assert f"7 ordinary ids {trace.ids}" in scene("<|endoftext|>, ordinary text").caption


def test_four_spaces_and_if_under_gpt2_and_cl100k(gpt2_table: Table, cl100k_table: Table) -> None:
    gpt2 = traced("····if, 3 spaces")
    assert [c.text for c in gpt2.chunks] == ["   ", " if"] and gpt2.ids == [220, 220, 220, 611]
    cl100k = capture("    if", cl100k_table)
    assert [c.text for c in cl100k.chunks] == ["   ", " if"] and cl100k.ids[0] == 262
    assert "3 ids in GPT-2, 1 in cl100k_base (262)" in scene("····if, 3 spaces").caption


def test_digits_under_gpt2_and_cl100k(gpt2_table: Table, cl100k_table: Table) -> None:
    gpt2 = traced("Digits: GPT-2, cl100k_base")
    assert [c.symbols for c in gpt2.chunks] == [("123", "45", "67")]
    cl100k = capture("1234567", cl100k_table)
    assert [c.text for c in cl100k.chunks] == ["123", "456", "7"] and len(cl100k.ids) == 3
    assert "123|45|67" in scene("Digits: GPT-2, cl100k_base").caption and "123|456|7" in scene("Digits: GPT-2, cl100k_base").caption


def test_training_the_cat_the_hat() -> None:
    s = scene("Training the cat the hat")
    chunked = train(s.text, s.merges, pattern=GPT2_PATTERN)
    assert (chunked.byte_count, chunked.chunk_count, chunked.tokens) == (15, 4, 9)
    assert [chunked.vocab[r.id] for r in chunked.rounds] == [b"th", b"the", b"at"]
    plain = train(s.text, s.merges, pattern=None)
    assert plain.vocab[plain.rounds[2].id] == b"the "
    assert "4 chunks" in s.caption and "th, the, at; 15 bytes → 9 tokens" in s.caption


@pytest.mark.parametrize(
    ("fps", "said"),
    [
        ("0", "must be a number of frames per second above 0, not 0."),
        ("-2", "must be a number of frames per second above 0, not -2."),
        ("61", "can be at most 60 frames per second, not 61."),
        ("nan", "must be a number of frames per second above 0, not nan."),
    ],
)
def test_a_speed_the_tour_cannot_play_is_one_sentence_and_exit_2(cli: Cli, fps: str, said: str) -> None:
    code, out, err = cli("tour", "--play", "--fps", fps)
    assert (code, out) == (2, "")
    assert err == f"bpe-tui: --fps {said}\n"  # the animator's own check, word for word


def test_tour_help_names_its_options(cli: Cli) -> None:
    code, out, _ = cli("tour", "--help")
    assert code == 0 and "--play" in out and "--loop" in out and "--fps N" in out


def test_the_book_scenes_caption_gives_the_trainers_figures() -> None:
    """Scene 12's caption states what 20 merges on the bundled Shakespeare give: ' t' first, ' the' at merge 11."""
    from tui.engine.book import BOOK_BYTES, read_book
    from tui.engine.training import train

    (book,) = [s for s in SCENES if s.book]
    result = train(read_book(), book.merges)
    the = next(r for r in result.rounds if result.vocab[r.id] == b" the")
    assert result.vocab[result.rounds[0].id] == b" t" and (result.rounds[0].count, the.index, the.count) == (22_023, 11, 8_415)
    assert f"{BOOK_BYTES:,} bytes: ' t' first ({result.rounds[0].count:,}), ' the' merge {the.index} ({the.count:,})" in book.caption
