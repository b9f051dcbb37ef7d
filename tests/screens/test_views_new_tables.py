"""Every view on DeepSeek V4, Qwen 3, Qwen 3.6 and Tekken (issue 25, "In every view"): at 80x24 and 60x18
with NO_COLOR each opens without an error and shows the table and the view's key figure (one app per table, resized
from one size to the other); the animator, Decode, Aliases, Tables and Special say what is particular to these tables."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.app_support import ChunksPane, Notes, every_view, make_app, opened, screen_text, settle, type_ids, until
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import get_table, short_name
from tui.explain.figures import figures, vocab_sum
from tui.widgets.decode_panels import DecodeSummary

TABLES = ("deepseek-v4", "qwen3", "qwen3.6", "tekken")  # every view on Qwen 3.6 in the quick suite, the others in the slow set
TEXT = "Cafe\u0301 says 1234 你好"


def key_figure(view: str, name: str) -> str:
    """What the view must show of this table, whatever the size: a figure read from the table itself."""
    table = get_table(name)
    return {
        "encode": figures(capture(TEXT, table)).flow,  # Qwen's NFC: '23 bytes, 22 after NFC → 11 tokens
        "decode": f"vocab {vocab_sum(table)}"[:30],
        "aliases": f"id {table.encoder['Ġ']}",  # the space's one-byte token, in the Selected pane
        "tables": f"Rules · {short_name(table)}",
        "special": f"('<|endoftext|>') = [{', '.join(map(str, special_ids(name)))}"[:30],
    }[view]


def special_ids(name: str) -> list[int]:
    from tui.engine.bpe import encode

    return encode("<|endoftext|>", get_table(name))


VIEW_NAMES = ("encode", "decode", "aliases", "tables", "special")
SIZES = ((80, 24), (60, 18))


@pytest.mark.parametrize("name", [pytest.param(name, marks=() if name == "qwen3.6" else pytest.mark.slow) for name in TABLES])
async def test_every_view_shows_the_new_tables(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """One app per table: every view at 80x24, then every view again with the terminal resized to 60x18."""
    monkeypatch.setenv("NO_COLOR", "1")
    notes = Notes()
    app = make_app(TEXT, name)
    async with opened(app, notes=notes) as pilot:
        async for view, case in every_view(app, pilot, SIZES, VIEW_NAMES):
            await shows_the_table(app, pilot, name, view, case, notes)


async def shows_the_table(app: BpeApp, pilot: Pilot, name: str, view: str, case: str, notes: Notes) -> None:
    """The view shown (`case` says which, and at what size) raised nothing and shows the table and its key figure."""
    figure = key_figure(view, name)
    await until(pilot, lambda: figure in screen_text(app))
    await settle(app, pilot)
    shown = screen_text(app)
    assert app.no_color and app.is_running and notes.errors == [], (case, notes.messages)
    assert "Traceback" not in shown, case
    assert short_name(get_table(name)) in shown, (case, shown)
    assert figure in shown, (case, shown)


async def test_the_chunks_pane_says_what_qwens_nfc_changed() -> None:
    app = make_app(TEXT, "qwen3")
    async with opened(app):
        assert app.query_one(ChunksPane).border_title == "Chunks · NFC: e+◌́ → é · pgdn pgup"
    app = make_app(TEXT, "tekken")  # no normaliser: the title as ever
    async with opened(app):
        assert app.query_one(ChunksPane).border_title == "Chunks · pgdn pgup"


async def test_tekkens_pairs_pane_shows_the_rules_rank() -> None:
    app = make_app("Cafe", "tekken")
    async with opened(app, size=(100, 30)):
        assert "f e    1814" in screen_text(app)  # 'fe' is id 3070: rank 3070 − 1,256


@pytest.mark.parametrize(
    ("name", "ids", "decoded", "note"),
    [
        ("tekken", "0 1067 2", "'<unk>C</s>'", "ids 0–999 are Tekken's 1,000 special tokens; bytes are ids 1,000–1,255"),
        ("qwen3", "151644 34 151645", "'<|im_start|>C<|im_end|>'", "ids 151,643–151,850 are Qwen 3's 208 special tokens"),
    ],
)
async def test_decode_explains_special_ids(name: str, ids: str, decoded: str, note: str) -> None:
    app = make_app("C", name)
    async with opened(app, "decode") as pilot:
        await type_ids(pilot, ids)
        await settle(app, pilot)
        assert app.screen.query_one(DecodeSummary).border_subtitle == note
        assert f"= {decoded}" in screen_text(app)


async def test_aliases_legend_on_tekken() -> None:
    app = make_app("C", "tekken")
    async with opened(app, "aliases"):
        legend = str(app.screen.query_one("#aliases-legend", Static).content)
        assert legend == "ids 1,000–1,255 are the byte values + 1,000 (! = 1033, a = 1097, Ġ = 1032)"


async def test_tables_facts_and_pre_tokenizer() -> None:
    app = make_app("C", "qwen3")
    async with opened(app, "tables"):
        facts = str(app.screen.query_one("#tables-built", Static).content).split("\n")
        assert facts[:5] == [
            "Qwen 3: a tiktoken rank file, no merge list, no per-chunk cache · p regex",
            "ids: 151,643 ordinary + 208 special, highest 151,850, none unused",
            "ids 151,643–151,850 are Qwen 3's 208 special tokens",
            "normaliser: NFC, applied to the whole text before chunking",
            "85 entries are only spaces (two or more)",
        ]
    app = make_app("C", "deepseek-v4")
    async with opened(app, "tables") as pilot:
        await pilot.press("p")
        await settle(app, pilot)
        assert str(app.screen.query_one("#tables-built", Static).content).startswith(
            "DeepSeek V4: a merge list, merged one occurrence at a time · p pre-tokenizer\n"
        )
        await pilot.press("p")
        await settle(app, pilot)
        shown = str(app.screen.query_one("#tables-built", Static).content).split("\n")
        assert shown[:3] == ["DeepSeek V4's chunks · p what loading builds", "pre-tokenizer step 1 of 3, Split (Isolated):", "\\p{N}{1,3}"]


@pytest.mark.parametrize(
    ("name", "heading", "first"),
    [
        ("deepseek-v4", "4 · ids 0–2, 128,000–129,279 are DeepSeek V4's 1,283 special tokens", "        0  '<｜begin▁of▁sentence｜>'"),
        ("qwen3", "4 · ids 151,643–151,850 are Qwen 3's 208 special tokens", "   151643  '<|endoftext|>'"),
        ("tekken", "4 · ids 0–999 are Tekken's 1,000 special tokens", "        0  '<unk>'"),
    ],
)
async def test_special_lists_each_tables_special_tokens(name: str, heading: str, first: str) -> None:
    app = make_app("C", name)
    async with opened(app, "special") as pilot:
        scene = app.screen.query_one("#special-scene", Static)
        await until(pilot, lambda: heading in str(scene.content))
        lines = str(scene.content).split("\n")
        at = lines.index(heading)
        assert lines[at + 1] == first
        assert lines[at + 13].startswith("  … and ") and lines[at + 13].endswith(" more (/ in the Decode view decodes any id)")


async def test_tekkens_rules_are_checked_against_its_offset() -> None:
    app = make_app("C", "tekken")
    async with opened(app, "tables"):
        shown = screen_text(app)
        assert "id=1256+rank" in shown and "✗ differs" not in shown
        assert "│▶       0 Ġ         Ġ         ĠĠ               1256  ✓ " in shown
