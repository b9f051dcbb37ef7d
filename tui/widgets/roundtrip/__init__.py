"""The round-trip views of issue 4 — Decode, Aliases, Tables, Special — as screens over the animator.

Keys 1–5 switch views: 1 is the animator (the app's own screen, at the bottom of the stack), 2–5
push one of the screens below over it, or replace the one shown. Each is installed once (the app's
SCREENS), so a view keeps its cursor and input while you look elsewhere. The app mixes in
`RoundTripViews` for the actions. The animator's step keys stay bound to the bottom screen, as
before: they are active only while the stack holds that screen alone.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, ClassVar

from textual.screen import Screen

from ...safe import visible
from .common import VIEWS, RoundTripScreen

#: view name -> (module, screen class); modules are imported when a view is first opened, not at start-up.
_WHERE = {
    "decode": ("decode", "DecodeScreen"),
    "aliases": ("aliases", "AliasesScreen"),
    "tables": ("tables", "TablesScreen"),
    "special": ("special", "SpecialScreen"),
}


def _screen_class(view: str) -> type[Screen[Any]]:
    module, name = _WHERE[view]
    return getattr(import_module(f".{module}", __name__), name)


SCREENS: dict[str, Any] = {view: (lambda view=view: _screen_class(view)()) for view in _WHERE}


def __getattr__(name: str) -> Any:
    """The screen classes by name (DecodeScreen, …), imported on first use."""
    for view, (_, cls) in _WHERE.items():
        if cls == name:
            return _screen_class(view)
    raise AttributeError(name)


class RoundTripViews:
    """Mixed into BpeApp: the view-switching actions, and which of them a key may run now."""

    SCREENS: ClassVar[dict[str, Any]] = SCREENS

    def shown_view(self) -> str | None:
        """'encode', 'decode', … for the view on top; None while a dialog covers it."""
        app: Any = self
        if isinstance(app.screen, RoundTripScreen):
            return app.screen.VIEW
        return "encode" if len(app.screen_stack) == 1 else None

    def encode_view_active(self) -> bool:
        """True when the animator is showing with no view or dialog over it (the step keys belong to it)."""
        return self.shown_view() == "encode"

    def roundtrip_allows(self, action: str) -> bool:
        if action == "view":
            return self.shown_view() is not None
        if action == "rule_in_table":
            return self.encode_view_active()
        return True

    def capturing(self) -> bool:
        app: Any = self
        return any(w.group == "capture" and w.is_running for w in app.workers)

    async def action_view(self, name: str) -> None:
        """Show view `name` ('encode', 'decode', 'aliases', 'tables', 'special')."""
        app: Any = self
        shown = self.shown_view()
        if shown is None or name == shown:
            return
        if self.capturing():
            app.notify("A capture is running: the views open when it is done (escape cancels it).", timeout=3)
            return
        if name == "encode":
            await app.pop_screen()
            fit = getattr(app, "_fit", None)
            if fit is not None:
                fit(app.size.width, app.size.height)
        elif shown == "encode":
            await app.push_screen(name)
        else:
            await app.switch_screen(name)

    async def action_rule_in_table(self) -> None:
        """Jump from the animator to the rule this round chose, shown among its neighbours in the Tables view."""
        app: Any = self
        view = getattr(app, "view", None)
        if view is None:
            return
        chunk, frame = view.chunk, view.frame
        rounds = chunk.rounds
        if not rounds:
            why = {"hit": "it was read from the cache", "single": "it is a single symbol"}.get(chunk.stop, "no pair of it is a rule")
            app.notify(f"Chunk {frame.chunk + 1} ran no round ({why}): no rule was chosen.", timeout=3)
            return
        r = frame.round if frame.kind == "round" else (1 if frame.kind == "start" else len(rounds))
        chosen = rounds[r - 1]
        await self.action_view("tables")
        screen = app.screen
        if isinstance(screen, _screen_class("tables")):
            if screen.table_name is not None or screen._seen is not screen.trace:
                screen.table_name = None
                screen._seen = screen.trace
                screen.reload()
            a, b = chosen.pair
            screen.show_rank(
                chosen.rank,
                f"▶ chunk {frame.chunk + 1}, round {r} chose rank {chosen.rank}: {visible(a)} + {visible(b)} → {visible(a + b)};"
                " its neighbours above and below",
            )


__all__ = ["SCREENS", "VIEWS", "AliasesScreen", "DecodeScreen", "RoundTripScreen", "RoundTripViews", "SpecialScreen", "TablesScreen"]
