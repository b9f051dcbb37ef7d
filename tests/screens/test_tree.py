"""The merge tree key (b) in the animator, the Decode view and the Tables view (tui/screens/tree.py): the tree
of the token each view points at, drawn as tui/explain/merge_tree.py lays it out, folded to the screen and
scrollable; a special or unknown id is one sentence."""

from __future__ import annotations

import pytest

from tests.app_support import Notes, cafe_app, make_app, opened, screen_text, settle, submit, until
from tui.engine.tables import Table
from tui.explain.merge_tree import Node, rows, tree
from tui.screens.encode import EncodeScreen
from tui.screens.help import help_text
from tui.screens.tree import TreeScreen
from tui.widgets.merge_tree import MergeTreeList, node_row


async def opened_tree(pilot, app) -> MergeTreeList:  # type: ignore[no-untyped-def]
    await pilot.press("b")
    await until(pilot, lambda: isinstance(app.screen, TreeScreen) and bool(app.screen.query_one(MergeTreeList).shown))
    await settle(app, pilot)
    assert isinstance(app.screen, TreeScreen), app.screen
    return app.screen.query_one(MergeTreeList)


def drawn(shown: MergeTreeList) -> list[str]:
    """What the tree list should hold: merge_tree.rows of its node at the list's width (less the cursor's cell)."""
    return [row.line for row in rows(shown.node, shown.scrollable_content_region.width - 1)]


async def test_the_animator_shows_the_tree_of_the_token_this_round_made_then_of_the_newest_id(teaching_table: Table) -> None:
    """Round 1 of 'aaababcabxyz' makes 'aa' (256); at the last frame the newest id is 'xyz' (261), whose tree is
    rank 5 over 'xy' (rank 4: x + y) and 'z'. Escape closes the dialog and the animator is back."""
    app = make_app("aaababcabxyz")
    async with opened(app) as pilot:
        await pilot.press("right")
        shown = await opened_tree(pilot, app)
        assert shown.node == tree(teaching_table, 256)
        assert "id 256 'aa': 2 bytes, 1 merge, 1 level" in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, EncodeScreen))
        await pilot.press("end")
        shown = await opened_tree(pilot, app)
        assert [row.line for row in shown.shown] == [
            "xyz · id 261 · rank 5",
            "├─ xy · id 260 · rank 4",
            "│  ├─ x · id 87 · byte 0x78",
            "│  └─ y · id 88 · byte 0x79",
            "└─ z · id 89 · byte 0x7a",
        ]
        screen = screen_text(app)
        assert "│ │▶xyz · id 261 · rank 5" in screen and "│ │ │  └─ y · id 88 · byte 0x79" in screen
        await pilot.press("b")  # the tree key closes it too
        await until(pilot, lambda: isinstance(app.screen, EncodeScreen))
        assert isinstance(app.screen, EncodeScreen)


async def test_before_any_id_the_animator_says_so_in_one_sentence() -> None:
    notes = Notes()
    app = make_app("aaababcabxyz")
    async with opened(app, notes=notes, notifications=True) as pilot:
        await pilot.press("b")
        await until(pilot, lambda: bool(notes.messages))
        assert notes.messages == ["No token yet: a chunk's ids come at its last frame (→ steps there)."]
        assert isinstance(app.screen, EncodeScreen)


async def test_decode_shows_the_tree_of_the_id_under_the_cursor(gpt2_table: Table) -> None:
    """café 你好 under GPT-2: the second id is 1878 'af' (rank 1622: a + f)."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        await pilot.press("down")
        shown = await opened_tree(pilot, app)
        assert shown.node == tree(gpt2_table, 1878)
        assert [row.line for row in shown.shown] == ["af · id 1878 · rank 1622", "├─ a · id 64 · byte 0x61", "└─ f · id 69 · byte 0x66"]


@pytest.mark.parametrize(
    ("ids", "said"),
    [
        ("50256", "id 50256 is the special token '<|endoftext|>' of gpt2: no rule made it, so it has no merge tree."),
        ("999999", "id 999999 is not in the gpt2 vocabulary."),
    ],
    ids=["special", "unknown"],
)
async def test_a_special_or_unknown_id_in_decode_is_one_sentence(ids: str, said: str) -> None:
    notes = Notes()
    app = cafe_app()
    async with opened(app, "decode", notes=notes, notifications=True) as pilot:
        await pilot.press("slash")
        app.screen.query_one("#decode-ids").value = ids  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("b")
        await until(pilot, lambda: bool(notes.messages))
        assert notes.messages == [said]
        assert not isinstance(app.screen, TreeScreen)


async def test_tables_shows_the_tree_of_the_selected_rules_token(gpt2_table: Table) -> None:
    """Rank 2 of GPT-2 is h + e → 'he', id 258."""
    app = cafe_app()
    async with opened(app, "tables") as pilot:
        await pilot.press("down", "down")
        shown = await opened_tree(pilot, app)
        assert shown.node == tree(gpt2_table, 258)
        assert shown.shown[0].line == "he · id 258 · rank 2"


@pytest.mark.parametrize("size", [(80, 24), (60, 18)], ids=["80x24", "60x18"])
async def test_a_deep_tree_folds_to_the_width_and_scrolls(
    gpt2_table: Table, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """GPT-2's deepest token, 'rawdownloadcloneembedreportprint' (id 30906: 31 merges, 8 levels): the outline is
    merge_tree.rows at the list's width (at 60 columns its deepest level folds into '… more level' lines); end
    scrolls to its last row. NO_COLOR: the node's text is bold, the cursor row reversed, folds italic."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = cafe_app()
    async with opened(app, "tables", size=size) as pilot:
        await pilot.press("slash")
        app.screen.query_one("#tables-find").value = "id 30906"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        shown = await opened_tree(pilot, app)
        assert shown.node == tree(gpt2_table, 30906) and shown.node.height == 8
        assert [row.line for row in shown.shown] == drawn(shown)
        assert all(len(row.line) <= shown.scrollable_content_region.width - 1 for row in shown.shown)
        folded = [row.line.strip("│├└─ ") for row in shown.shown if row.folded]
        assert bool(folded) == (size == (60, 18)), folded
        assert shown.max_scroll_y > 0
        await pilot.press("end")
        await settle(app, pilot)
        assert shown.cursor == len(shown.shown) - 1 and shown.scroll_y == shown.max_scroll_y
        assert shown.shown[-1].line.strip() in screen_text(app)
        lines = screen_text(app).splitlines()
        assert len(lines) == size[1] and all(len(line) == size[0] for line in lines)


@pytest.mark.parametrize("theme", ["textual-dark", "solarized-light"])
async def test_every_text_of_a_folded_tree_reaches_4_5_to_1(theme: str) -> None:
    """The dialog's title, summary, dim tree lines, folded lines in italics, cursor row and hint, in a dark and a light theme."""
    from tests.app.test_slides_contrast import cells
    from tui.app.slides import LEGIBLE

    app = cafe_app()
    app.theme = theme
    async with opened(app, "tables", size=(60, 18)) as pilot:
        await submit(pilot, "#tables-find", "id 30906")
        shown = await opened_tree(pilot, app)
        await pilot.press("end")
        await settle(app, pilot)
        assert any(row.folded for row in shown.shown)
        seen = cells(app, "tree")
    assert any("… 1 more level" in cell.text or "more levels" in cell.text for cell in seen)
    faint = [str(cell) for cell in seen if cell.ratio < LEGIBLE]
    assert not faint, faint


def test_a_node_is_drawn_escaped_bold_and_a_fold_in_italics() -> None:
    """Untrusted text (a custom table's symbol) is drawn with `visible`; the text is bold and the id and rank plain,
    so the node is legible without colour; a folded line is italic."""
    leaf_a, leaf_b = Node(64, "a", None), Node(65, "b", None)
    node = Node(300, "a\x1b[2J", 44, (leaf_a, leaf_b))
    row = rows(node, 80)[0]
    line = node_row(row)
    assert line.plain == "a␛[2J · id 300 · rank 44"
    assert [(line.plain[s.start : s.end], str(s.style)) for s in line.spans] == [("a␛[2J", "bold")]
    folded = rows(node, 80, depth=0)[1]
    drawn_fold = node_row(folded)
    assert folded.folded and drawn_fold.plain == "└─ … 1 more level" and [str(s.style) for s in drawn_fold.spans] == ["italic"]


def test_the_tree_key_is_in_the_help_and_the_palette_of_three_views() -> None:
    from tui.commands import BY_VIEW, TREE

    assert [view for view, commands in BY_VIEW.items() if TREE in commands] == ["encode", "decode", "tables"]
    assert " b merge tree of this token " in " ".join(help_text().split())
    assert (TREE.keys, TREE.label, TREE.title) == ("b", "tree", "Merge tree of this token (how its rules build it)")
