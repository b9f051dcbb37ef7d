"""Mixed into the app: which view is shown, and the play in it (the hooks the one play timer, tui/app/player.py, calls)."""

from __future__ import annotations

from textual.app import App
from textual.reactive import reactive

from ..explain.position import Position
from ..playback import Playback
from ..screens.base import ViewScreen
from .player import Hold, Player


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
        return screen.VIEW if isinstance(screen, ViewScreen) else None

    def show_play(self) -> None:
        self.play_label = Playback.label(self.player.fps) if self.player.playing else ""

    def play_step(self, loop: bool | None = None) -> bool:
        """One tick of play in the view shown (`view_step`); False when the animator's play ends. Looping,
        a view's last step stays `playback.hold` seconds (as long as the tour holds it), then it starts again."""
        screen = self.screen
        if not isinstance(screen, ViewScreen) or not self.view_ready() or screen.play_step():
            self.stay.moved(screen.VIEW if isinstance(screen, ViewScreen) else "")
            return True  # under a dialog, or while the view is being composed, the play waits
        if self.playback.loop if loop is None else loop:
            if not self.stay.waits(screen.VIEW, self.player.fps):
                self.rewind()
            return True
        return not screen.PLAYS_POSITION  # the animator's play ends at its last frame; the others stay on their last step

    def view_ready(self) -> bool:
        """Whether the view shown can step: its panes are there (not yet, or no longer, while it is composed or the app ends)."""
        return self.is_running and self.screen.is_mounted

    def view_step(self) -> bool:
        """The shown view's next step (ViewScreen.play_step: the animator's next frame, another view's own);
        False at its last step, under a dialog, or while the view is being composed."""
        screen = self.screen
        return isinstance(screen, ViewScreen) and self.view_ready() and screen.play_step()

    def rewind(self) -> None:
        """The shown view back to the start of its play (a looping play after its stay on the last step)."""
        screen = self.screen
        if isinstance(screen, ViewScreen):
            screen.play_rewind()
