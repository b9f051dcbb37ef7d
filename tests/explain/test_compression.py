"""Compression by language (issue 26): the bundled samples, their token counts per table (checked against tiktoken),
bytes per token, tokens per word, the ratio to the best table, and the bar chart drawn in plain characters."""

from __future__ import annotations

import tiktoken

from tui.engine.tables import Table
from tui.explain import compression
from tui.explain.compression import BEST, Report, bar_text, chart, measure, measure_named, sample, samples, words

NAMES = [
    "english", "spanish", "german", "russian", "greek", "arabic", "hebrew", "hindi",
    "vietnamese", "chinese", "japanese", "korean", "python", "mathematics", "numbers",
]  # fmt: skip


def test_fifteen_samples_of_a_few_kilobytes_each_in_their_own_script():
    """12 languages, code, mathematics and numbers, each 2–4 KB of UTF-8, read from the package; each in its own script."""
    found = samples()
    assert [s.name for s in found] == NAMES
    assert all(2000 < s.bytes < 4096 for s in found), [(s.name, s.bytes) for s in found]
    assert [s.language for s in found[:12]] == [name.capitalize() for name in NAMES[:12]]
    assert (sample("chinese").text[:2], sample("arabic").text[:5], sample("hindi").text[:6], sample("korean").text[:2]) == (
        "一杯",
        "الخبز",
        "मानसून",
        "김장",
    )
    assert [s.bytes for s in found[:3]] == [2788, 2388, 2362]


def test_words_are_spaced_runs_with_a_letter_and_each_han_or_kana_character():
    """'=' and '—' are no words; 你好 is two; Korean counts its spaced words."""
    assert words("你好, world = 42 —") == 4
    assert words("梅雨の季節") == 5
    assert words("김장하는 날") == 2
    assert words("don't stop-and-go x=1") == 3
    assert [sample(n).words for n in ("english", "chinese", "korean")] == [499, 617, 234]


def test_counts_are_tiktokens_on_gpt2_cl100k_and_o200k(
    gpt2_table: Table,
    cl100k_table: Table,
    o200k_table: Table,
    tiktoken_gpt2: tiktoken.Encoding,
    tiktoken_cl100k: tiktoken.Encoding,
    tiktoken_o200k: tiktoken.Encoding,
):
    """Every sample's token count on GPT-2, cl100k_base and o200k_base is tiktoken's own; the English sample's are 605,
    581 and 579, the Chinese one's 1,516, 942 and 586."""
    report = measure([gpt2_table, cl100k_table, o200k_table])
    references = {"gpt2": tiktoken_gpt2, "cl100k_base": tiktoken_cl100k, "o200k_base": tiktoken_o200k}
    assert report.tokens == {s.name: {name: len(enc.encode(s.text)) for name, enc in references.items()} for s in samples()}
    assert report.tokens["english"] == {"gpt2": 605, "cl100k_base": 581, "o200k_base": 579}
    assert report.tokens["chinese"] == {"gpt2": 1516, "cl100k_base": 942, "o200k_base": 586}


def test_bars_give_bytes_per_token_tokens_per_word_and_the_ratio_to_the_best(gpt2_table: Table, cl100k_table: Table):
    report = measure([gpt2_table, cl100k_table], [sample("english"), sample("numbers")])
    english, numbers = (report.bars(s) for s in report.samples)
    assert [(b.table, b.tokens, round(b.bytes_per_token, 3), round(b.tokens_per_word, 3), round(b.ratio, 3), b.best) for b in english] == [
        ("gpt2", 605, 4.608, 1.212, 1.041, False),
        ("cl100k_base", 581, 4.799, 1.164, 1.0, True),
    ]
    assert [(b.tokens, b.best) for b in numbers] == [(1039, True), (1152, False)]  # GPT-2 keeps long digit runs whole


def test_counts_are_made_once_per_table_and_sample(monkeypatch, gpt2_table: Table):
    """A second measurement in the process encodes nothing again."""
    measure([gpt2_table], [sample("greek")])
    monkeypatch.setattr(compression, "encode", lambda *_: (_ for _ in ()).throw(AssertionError("encoded again")))
    assert measure([gpt2_table], [sample("greek")]).tokens == {"greek": {"gpt2": 1736}}


def test_measure_named_loads_each_table_in_its_turn(gpt2_table: Table, teaching_table: Table):
    said: list[tuple[str, int, int]] = []
    loaded: list[str] = []

    def resolve(name: str) -> Table:
        loaded.append(name)
        assert len(said) == len(loaded)  # progress named it before it was loaded
        return {"gpt2": gpt2_table, "teaching": teaching_table}[name]

    report = measure_named(["teaching", "gpt2"], resolve, lambda *a: said.append(a))
    assert said == [("teaching", 0, 2), ("gpt2", 1, 2)] and report.tables == ("teaching", "gpt2")
    assert report.tokens["english"] == {"teaching": 2781, "gpt2": 605}


def test_bar_text_draws_eighths():
    assert [bar_text(v, 4.0, 4) for v in (4.0, 2.0, 1.0, 0.5, 0.01, 0.0)] == ["████", "██  ", "█   ", "▌   ", "▏   ", "    "]


def test_chart_at_60_columns_without_colour():
    """The legend, then per sample a heading and one bar per table: bar length is bytes per token on one scale for the
    whole chart, the numbers at the end, the best marked ★ (a symbol, not a colour); no line wider than 60."""
    text = sample("english")
    report = Report((text,), ("gpt2", "o200k_base"), {"english": {"gpt2": 697, "o200k_base": 697 * 2}})
    lines = chart(report, 60)
    assert [line.text for line in lines] == [
        f"{BEST} fewest tokens · bar and B/tok: bytes per token",
        "tok/w: tokens per word · ratio: tokens ÷ the fewest",
        "  table                                  B/tok  tok/w  ratio",
        "English · 2,788 bytes · 499 words · how a byte-level BPE to…",
        "★ gpt2       ███████████████████████████  4.00   1.40  ×1.00",
        "  o200k_base █████████████▌               2.00   2.79  ×2.00",
    ]
    assert [(line.heading, line.best) for line in lines[3:]] == [(True, False), (False, True), (False, False)]
    assert all(len(line.text) <= 60 for line in chart(measure([]), 60))


def test_json_shape(gpt2_table: Table):
    shaped = measure([gpt2_table], [sample("korean")]).as_json()
    assert shaped == {
        "samples": [
            {"name": "korean", "language": "Korean", "text": sample("korean").text, "bytes": 2279, "words": 234, "tokens": {"gpt2": 1982}}
        ]
    }
