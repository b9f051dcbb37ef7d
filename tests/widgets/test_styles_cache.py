"""Textual's private modules are used in one place (tui/widgets/styles_cache.py), written against one Textual version.

When Textual is upgraded these tests fail first: read styles_cache.py against the new `textual._styles_cache`
and `textual._border`, then move the pin.
"""

from __future__ import annotations

import ast
import inspect
from importlib.metadata import version
from pathlib import Path

from textual._border import get_box
from textual._styles_cache import StylesCache

import tui
from tui.widgets.styles_cache import FramedLines

#: The Textual release styles_cache.py's overrides were read against.
WRITTEN_FOR = "8.2.8"


def test_textual_is_the_version_the_overrides_were_written_for() -> None:
    assert version("textual") == WRITTEN_FOR


def test_the_overridden_methods_keep_textuals_signatures() -> None:
    """FramedLines.render_line is called by Textual with StylesCache.render_line's parameters, in that order."""
    ours = list(inspect.signature(FramedLines.render_line).parameters)
    theirs = list(inspect.signature(StylesCache.render_line).parameters)
    assert ours == theirs
    assert list(inspect.signature(StylesCache.render_widget).parameters) == ["self", "widget", "crop"]
    assert list(inspect.signature(StylesCache.get_inner_outer).parameters) == ["cls", "base_background", "background"]
    assert list(inspect.signature(get_box).parameters) == ["name", "inner_style", "outer_style", "style"]


def test_only_styles_cache_imports_textuals_private_modules() -> None:
    """Every `textual._…` import of the package is in tui/widgets/styles_cache.py."""
    root = Path(tui.__file__).parent
    importers = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            if isinstance(node, ast.Import | ast.ImportFrom) and any(n.startswith("textual._") for n in names):
                importers.add(path.relative_to(root).as_posix())
    assert importers == {"widgets/styles_cache.py"}


def test_the_text_boxes_hook_keeps_textuals_signatures() -> None:
    """EditBox overrides TextArea._set_document (where a TextArea makes its document) and calls
    _rewrap_and_refresh_virtual_size after swapping the document for one measured as drawn."""
    from textual.widgets import TextArea

    assert list(inspect.signature(TextArea._set_document).parameters) == ["self", "text", "language"]
    assert list(inspect.signature(TextArea._rewrap_and_refresh_virtual_size).parameters) == ["self"]


def test_the_views_restyle_hooks_match_textuals_screen() -> None:
    """screens/restyle.py: KeptStyles clears ScreenResume.refresh_styles, which Screen's own handler reads;
    its maximize watcher replaces Screen's, which sets the same two classes; BackgroundLines keeps lines
    StylesCache marks dirty in `_dirty_lines` and drops in `clear`."""
    from textual import events
    from textual.screen import Screen

    from tui.screens.restyle import KeptStyles

    assert "refresh_styles" in inspect.getsource(Screen._on_screen_resume)
    assert events.ScreenResume().refresh_styles is True
    theirs = inspect.getsource(Screen._watch_maximized)
    assert '"-maximized-view"' in theirs and '"-maximized"' in theirs and theirs.count("_class(") == 3
    assert list(inspect.signature(KeptStyles._watch_maximized).parameters) == list(inspect.signature(Screen._watch_maximized).parameters)
    cache = StylesCache()
    assert cache._dirty_lines == set() and "_dirty_lines" in inspect.getsource(StylesCache.clear)
