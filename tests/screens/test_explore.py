"""The explorer (view 6): text typed in place, cut by GPT-2, cl100k_base and o200k_base, one row each.

Each test types its text key by key into the box, waits for the worker, and reads the rows as the
terminal shows them: a row is three lines (name and totals; the text itself, the same in every row;
beneath it │ where each chunk starts, ¦ where each token starts, each followed by the chunk's branch
or the token's ids as far as they fit).
"""

from __future__ import annotations

import pytest
from textual import events
from textual.keys import _character_to_key
from textual.pilot import Pilot

from tests.app_support import Notes, count_layouts, make_app, opened, screen_text, settle
from tui.app import BpeApp
from tui.messages import Animate, ViewRequested
from tui.screens.explore import ExploreBox, ExploreScreen
from tui.widgets.tokenizer_rows import TokenizerRows

CHINESE = "分词是大模型许多怪现象的根源。"
NAMES = ("GPT-2", "cl100k_base", "o200k_base")


async def open_explorer(app: BpeApp, pilot: Pilot) -> ExploreScreen:
    await pilot.press("6")
    await settle(app, pilot)
    screen = app.screen
    assert isinstance(screen, ExploreScreen)
    return screen


async def type_text(app: BpeApp, pilot: Pilot, text: str) -> None:
    """Clear the box and type `text` key by key, as a terminal sends it; then leave the box (enter)."""
    await pilot.press("e", "ctrl+l")
    for character in text:
        key = _character_to_key(character) if not character.isalnum() else character
        app.post_message(events.Key(key, character))
        await pilot.pause()
    await pilot.press("enter")
    await settle(app, pilot)


def rows(app: BpeApp) -> dict[str, list[str]]:
    """Each row's three lines as shown, by tokenizer name (the ▶ of the selected row taken off)."""
    lines = screen_text(app).splitlines()
    out = {}
    for n, line in enumerate(lines):
        words = line.lstrip(" ▶").split("  ")
        if words[0] in NAMES and n + 2 < len(lines):
            out[words[0]] = [line.strip(" ▶"), lines[n + 1].strip(), lines[n + 2].strip()]
    return out


def chunks(app: BpeApp) -> dict[str, list[str]]:
    """The chunks each row's model holds, by tokenizer name."""
    widget = app.screen.query_one(TokenizerRows)
    return {row.label: [c.text for c in row.chunks] for row in widget.tokenizers}


async def test_the_chinese_sentence_takes_32_19_and_14_tokens() -> None:
    """Seed 004: two GPT-2 chunks; 32 GPT-2 tokens, 19 cl100k_base, 14 o200k_base, with bytes per token."""
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app) as pilot:
        await open_explorer(app, pilot)
        await type_text(app, pilot, CHINESE)
        shown = rows(app)
        assert shown["GPT-2"][0] == "GPT-2  2 chunks · 32 tokens · 1.41 bytes/token"
        assert shown["cl100k_base"][0] == "cl100k_base  2 chunks · 19 tokens · 2.37 bytes/token"
        assert shown["o200k_base"][0] == "o200k_base  2 chunks · 14 tokens · 3.21 bytes/token"
        assert chunks(app)["GPT-2"] == ["分词是大模型许多怪现象的根源", "。"]
        assert shown["GPT-2"][1] == CHINESE
        assert shown["GPT-2"][2] == "│8" + " " * 26 + "│10"  # ` ?\p{L}+` then ` ?[^\s\p{L}\p{N}]+`, under 。 (28 cells on)


async def test_hows_and_1234567_show_the_boundaries_only_some_rows_have() -> None:
    """`HOW'S`: GPT-2 HOW|'|S, cl100k_base HOW|'S; `1234567`: GPT-2 one chunk, cl100k_base 123|456|7.
    Every row draws the text unbroken; only the line beneath differs."""
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app) as pilot:
        await open_explorer(app, pilot)
        await type_text(app, pilot, "HOW'S")
        assert chunks(app)["GPT-2"] == ["HOW", "'", "S"] and chunks(app)["cl100k_base"] == ["HOW", "'S"]
        shown = rows(app)
        assert shown["GPT-2"][1] == shown["cl100k_base"][1] == "HOW'S"
        assert shown["GPT-2"][2] == "│8 ││8"  # ' has no room for its 10
        assert shown["cl100k_base"][2] == "│2 │1"  # branch 1 is the case-insensitive contractions
        await type_text(app, pilot, "1234567")
        shown = rows(app)
        assert chunks(app)["GPT-2"] == ["1234567"] and chunks(app)["cl100k_base"] == ["123", "456", "7"]
        assert shown["GPT-2"][1] == shown["cl100k_base"][1] == "1234567"
        assert shown["GPT-2"][2] == "│9"  # one chunk: ' ?\p{N}+'
        assert shown["cl100k_base"][2] == "│3 │3 │3"  # three: '\p{N}{1,3}'
        assert shown["GPT-2"][0] == "GPT-2  1 chunk · 3 tokens · 2.33 bytes/token"
        await pilot.press("v")  # token ids: GPT-2 merges the one chunk into 123|45|67
        shown = rows(app)
        assert shown["GPT-2"][1] == "1234567"
        assert shown["GPT-2"][2] == "│1…¦ ¦3134"  # 10163 cut, 2231 has no room, 3134 last
        assert shown["cl100k_base"][2] == "│4…│1…│22"  # 4513 10961 22


async def test_four_spaces_before_if_explain_the_backtrack() -> None:
    """`····if` is `···` + `·if` in every row; the first chunk selected explains `\\s+(?!\\S)` giving one space back."""
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app) as pilot:
        await open_explorer(app, pilot)
        await type_text(app, pilot, "    if")
        assert set(map(tuple, chunks(app).values())) == {("   ", " if")}
        shown = rows(app)
        assert [shown[name][1] for name in NAMES] == ["····if"] * 3
        assert [shown[name][2] for name in NAMES] == ["│11│8", "│7 │2", "│6 │1"]
        await pilot.press("home")
        text = " ".join(screen_text(app).split())
        assert "GPT-2 · chunk 1/2 '···' at 0 · branch 11 \\s+(?!\\S)" in text
        assert "✗10 ?[^\\s\\p{L}\\p{N}]+ ✓11 \\s+(?!\\S) takes '···'." in text
        assert (
            "Backtrack: \\s+ alone takes '····'; (?!\\S) fails before 'i', so 1 character is given back and the next chunk takes it."
            in text
        )
        assert "3 tokens: 220 220 220" in text
        await pilot.press("right")
        text = " ".join(screen_text(app).split())
        assert "chunk 2/2 '·if' at 3 · branch 8 ?\\p{L}+" in text and "Backtrack" not in text


async def test_camel_case_takes_4_tokens_in_cl100k_and_6_in_o200k() -> None:
    """`HelloWorld getElementById`: o200k_base's case boundaries make six chunks (│ under it alone)."""
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app) as pilot:
        await open_explorer(app, pilot)
        await type_text(app, pilot, "HelloWorld getElementById")
        shown = rows(app)
        assert shown["cl100k_base"][0] == "cl100k_base  2 chunks · 4 tokens · 6.25 bytes/token"
        assert shown["o200k_base"][0] == "o200k_base  6 chunks · 6 tokens · 4.17 bytes/token"
        assert shown["cl100k_base"][1] == shown["o200k_base"][1] == "HelloWorld·getElementById"
        assert shown["cl100k_base"][2] == "│2        │2"
        assert shown["o200k_base"][2] == "│1   │1   │1  │1     │1│1"


async def test_up_down_and_left_right_move_the_cursor_between_rows_and_chunks(notes: Notes) -> None:
    """Down moves to the next row on the chunk at the same offset; enter posts that chunk with that table and view 1 animates it."""
    app = make_app("HOW'S", "gpt2")
    async with opened(app, notes=notes) as pilot:
        screen = await open_explorer(app, pilot)
        assert screen.query_one(ExploreBox).text == "HOW'S"  # the app's text
        await pilot.press("right", "right", "down")  # GPT-2's 'S' at 4 → cl100k_base's 'S at 3
        widget = screen.query_one(TokenizerRows)
        assert (widget.row, widget.selected and widget.selected.text) == (1, "'S")
        assert "cl100k_base · chunk 2/2 ''S' at 3 · branch 1" in screen_text(app)
        await pilot.press("enter")
        await settle(app, pilot)
        assert notes.sent(ViewRequested) == [ViewRequested("encode", Animate("'S", "cl100k_base"))]
        assert app.shown_view == "encode"
        assert app.position is not None and app.position.trace.text == "'S" and app.position.trace.table.name == "cl100k_base"


async def test_a_lone_surrogate_is_refused_in_one_sentence_and_the_rows_stay() -> None:
    """Text with no UTF-8 form: one sentence, and the rows still show the previous text."""
    app = make_app("HOW'S", "gpt2")
    notes = Notes()
    async with opened(app, notes=notes) as pilot:
        screen = await open_explorer(app, pilot)
        screen.query_one(ExploreBox).load_text("a\ud800b")
        await settle(app, pilot)
        assert notes.errors and notes.errors[-1].message == "The text cannot be encoded as UTF-8: lone surrogate U+D800 at character 1."
        assert chunks(app)["GPT-2"] == ["HOW", "'", "S"]
        assert "✗ this text cannot be tokenized; the rows show the previous text." in screen_text(app)


@pytest.mark.slow  # a long app run: CI runs it with the slow set
async def test_a_big_paste_keeps_the_keys_and_shows_progress() -> None:
    """A 300,000-character paste: 'working…' while the worker runs and the keys still act (escape, v);
    then the rows show it all. The box shows its start read-only; e sets it aside for a new text."""
    app = make_app("HOW'S", "gpt2")
    async with opened(app) as pilot:
        screen = await open_explorer(app, pilot)
        said: list[str] = []
        status = screen.status
        screen.status = lambda words: (said.append(words), status(words))  # type: ignore[method-assign, func-returns-value]
        await pilot.press("e", "ctrl+l")
        app.post_message(events.Paste("ab 12 " * 50_000))
        await pilot.pause()
        await pilot.pause()
        await pilot.press("escape", "v")
        widget = screen.query_one(TokenizerRows)
        assert app.focused is widget and widget.tokens
        await settle(app, pilot)
        assert "working…" in said and any(w.startswith("working… ") and w.endswith("%") for w in said)
        assert said[-1] == "300,000 characters · 300,000 bytes · too long to edit: e starts a new text"
        assert screen.text == "ab 12 " * 50_000 and screen.query_one(ExploreBox).text == ("ab 12 " * 50_000)[:2000]
        assert "300,000 characters · 300,000 bytes · too long to edit: e starts a new text" in screen_text(app)
        assert rows(app)["GPT-2"][0].startswith("GPT-2  100,001 chunks · 100,001 tokens · 3.00 bytes/token")
        assert rows(app)["GPT-2"][1].startswith("ab·12·ab·12")
        assert rows(app)["GPT-2"][2].startswith("│ │1…│4…│1…")  # ab (397), ·12 (1105), ·ab (450): one id each as far as it fits
        await pilot.press("e")
        await settle(app, pilot)
        assert screen.query_one(ExploreBox).text == "" and not screen.query_one(ExploreBox).read_only
        await type_text(app, pilot, "ok")
        assert chunks(app)["GPT-2"] == ["ok"]


async def test_the_explorer_fits_60x18_without_colour(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """At 60x18 with NO_COLOR the view bar names the view, the three rows and the explanation's first line show."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("    if HOW'S 1234567 分词是大模型许多怪现象的根源。", "gpt2")
    async with opened(app, size=(60, 18)) as pilot:
        await open_explorer(app, pilot)
        await pilot.press("end")
        text = screen_text(app)
        assert "[6 Explore]" in text.splitlines()[0]
        assert set(rows(app)) == set(NAMES)
        assert rows(app)["GPT-2"][1].endswith("的根源。")  # the window follows the cursor to the last chunk
        assert rows(app)["GPT-2"][2].endswith("│10")
        assert "GPT-2 · chunk 8/8 '。' at 35" in text


async def test_the_other_seed_examples_as_the_rows_show_them() -> None:
    """`Hello've …`: GPT-2's findall list; `127 + 677 = 804`: 7 tokens in both, grouped differently;
    `····hello world!!!`: the same chunks, GPT-2 three ids 220 and cl100k_base one id 262."""
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app, size=(100, 30)) as pilot:
        await open_explorer(app, pilot)
        await type_text(app, pilot, "Hello've world123 how's are you!!!?")
        assert chunks(app)["GPT-2"] == ["Hello", "'ve", " world", "123", " how", "'s", " are", " you", "!!!?"]
        assert rows(app)["GPT-2"][0].startswith("GPT-2  9 chunks")
        await type_text(app, pilot, "127 + 677 = 804")
        shown = rows(app)
        assert shown["GPT-2"][0] == "GPT-2  5 chunks · 7 tokens · 2.14 bytes/token"
        assert shown["cl100k_base"][0].startswith("cl100k_base  7 chunks · 7 tokens")
        await pilot.press("v")
        shown = rows(app)
        assert shown["GPT-2"][1] == shown["cl100k_base"][1] == "127·+·677·=·804"
        assert shown["GPT-2"][2] == "│1…│ │ ¦ │ │ ¦3023"  # ·6|77 and ·8|04: two tokens each
        assert shown["cl100k_base"][2] == "│6…│ ││2…│ ││20417"  # ·, then 677 and 804 one token each
        await type_text(app, pilot, "    hello world!!!")
        assert chunks(app)["GPT-2"] == chunks(app)["cl100k_base"] == ["   ", " hello", " world", "!!!"]
        shown = rows(app)
        assert shown["GPT-2"][2].startswith("│¦¦│23748")  # three tokens under ···
        assert shown["cl100k_base"][2].startswith("│2…│24748")  # one
        await pilot.press("home")
        assert "3 tokens: 220 220 220" in screen_text(app)
        await pilot.press("down")
        assert "1 token: 262" in screen_text(app)


async def test_a_move_redraws_the_rows_and_the_explanation_in_one_repaint(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A move explains the new chunk in the handler of the key itself (one repaint shows both), and
    the screen is laid out again only when the explanation outgrows or leaves its area: stepping
    along `    if HOW'S 1234567` at 80x24 lays nothing out; an explanation longer than the area does."""
    app = make_app("    if HOW'S 1234567", "gpt2")
    async with opened(app) as pilot:
        screen = await open_explorer(app, pilot)
        widget = screen.query_one(TokenizerRows)
        panel = screen.query_one("#explore-explain")
        widget.action_move(0, 1)  # no await: the explanation is already the new chunk's
        assert str(panel.render()).startswith("GPT-2 · chunk 2/6 '·if' at 3")
        await settle(app, pilot)
        mapped = count_layouts(monkeypatch)
        seen = set()
        for key in ("right", "right", "right", "down", "left", "up", "home", "end"):
            await pilot.press(key)
            await settle(app, pilot)
            seen.add(str(panel.render()).split("\n")[0])
        assert len(seen) >= 6 and mapped == []  # six chunks explained, no layout
        room = screen.query_one("#explore-why").scrollable_content_region.height
        word = "".join("abcdefghij"[(n * 7) % 10] for n in range(600))
        screen.query_one(ExploreBox).load_text(word)  # one chunk of hundreds of tokens: a long explanation
        await settle(app, pilot)
        await pilot.press("home")
        await settle(app, pilot)
        assert panel.size.height > room and mapped != []  # it grew past the area: laid out, and it scrolls
