"""The key footer (tui/widgets/footer.py) at narrow widths: it ends at a key's end, never with the
palette key covering part of a key and that key's last cell left after it (`▏^p palette-`)."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from tests.app_support import make_app, open_view, opened, screen_text, settle
from tui.commands import VIEWS
from tui.tour.app import TourApp
from tui.widgets.footer import KeyFooter


def shown_keys(footer: KeyFooter) -> list[Widget]:
    return [w for w in footer.children if w.display and not w.has_class("-command-palette")]


@pytest.mark.parametrize("size", [(60, 18), (80, 24)])
@pytest.mark.parametrize("tour", [False, True], ids=["app", "tour"])
async def test_the_footer_shows_whole_keys_and_ends_with_the_palette_key_in_every_view(size: tuple[int, int], tour: bool) -> None:
    app = TourApp() if tour else make_app()
    async with opened(app, size=size) as pilot:
        for view in VIEWS:
            screen = await open_view(app, pilot, view.key)
            await settle(app, pilot)
            footer = screen.query_one(KeyFooter)
            line = screen_text(app).splitlines()[-1]
            keys = shown_keys(footer)
            palette = [w for w in footer.children if w.has_class("-command-palette")]
            assert keys, view.name
            for key in keys:  # each key shown lies whole left of the palette key (or inside the footer)
                assert key.region.right <= (palette[0].region.x if palette else size[0]), (view.name, key)
            if palette:
                assert line.rstrip().endswith("▏^p palette"), (view.name, line)
            else:
                assert line.rstrip().endswith(str(keys[-1].render().plain).rstrip()), (view.name, line)  # Train: its last whole key
            assert line.startswith(str(keys[0].render().plain).strip()), (view.name, line)
