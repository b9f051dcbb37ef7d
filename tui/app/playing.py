"""Mixed into the app: which view is shown, and the play in it (the hooks the one play timer, tui/app/player.py, calls)."""

from __future__ import annotations

from textual.app import App
from textual.reactive import reactive

from ..explain.position import Position
from ..playback import Playback
from ..screens.base import ViewScreen
from ..screens.encode import EncodeScreen
from .player import Hold, Player, played


class ViewPlay(App[None]):
    """The view on top (`shown_view`) and a tick of play in it: the animator's next frame, another view's own step."""

    position: reactive[Position | None]
    playback: Playback
    player: Player
    stay: Hold
    play_label: reactive[str]

    @property
    def shown_view(self) -> str | None:
        """'encode', 'decode', … for the view on top; None while a dialog covers it."""
        screen = self.screen
        return screen.VIEW if isinstance(screen, (EncodeScreen, ViewScreen)) else None

    def show_play(self) -> None:
        self.play_label = Playback.label(self.player.fps) if self.player.playing else ""

    def play_step(self, loop: bool | None = None) -> bool:
        """One tick of play in the view shown (`view_step`); False when the animator's play ends. Looping,
        a view's last step stays `playback.hold` seconds (as long as the tour holds it), then it starts again."""
        view = self.shown_view
        if view is None or self.view_step():
            self.stay.moved(view or "")
            return True
        if self.playback.loop if loop is None else loop:
            if not self.stay.waits(view, self.player.fps):
                self.rewind()
            return True
        return view != "encode"  # the other views stay on their last step while the play goes on

    def view_step(self) -> bool:
        """The shown view's next step: the animator's next frame, another view's own (ViewScreen.play_step);
        False at its last step, under a dialog, or while the view is being composed."""
        screen = self.screen
        if isinstance(screen, ViewScreen):
            return self.is_running and screen.is_mounted and screen.play_step()  # its panes are there (not yet, or no longer)
        after = played(self.position, loop=False)
        if self.shown_view == "encode" and after is not None:
            self.position = after
        return self.shown_view == "encode" and after is not None

    def rewind(self) -> None:
        """The shown view back to the start of its play (a looping play after its stay on the last step)."""
        screen = self.screen
        if isinstance(screen, ViewScreen):
            screen.play_rewind()
        elif self.position is not None:
            self.position = self.position.first()
