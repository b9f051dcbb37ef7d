"""The guided tour: the app in tour mode, moving through tour/scenes.py's SCENES with ] and [, or by itself.

`TourApp` is the app with one more piece of state, the scene: entering a scene hands the app the
scene's requests (its trace's starting position, then its view with what that view is to show), and
sets the app's `caption`, which the app binds down into every view's caption bar
(widgets/caption_bar.py), as it does the position. Inside a scene every key of the view works as
usual. With `play`, the app's one play timer (tui/player.py) steps the animator's frames at `fps`
and moves on when a scene is done; `loop` starts again after the last scene.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from ..app import BpeApp
from ..commands import TOUR, bindings, palette
from ..engine.bpe import CaptureError, Trace
from ..engine.tables import TableError
from ..messages import Caption, SceneChanged
from ..playback import DEFAULT_FPS, LAST_FRAME_HOLD, Playback, check_fps
from ..safe import sentence
from .scenes import SCENES, Scene

HOLD = 2 * LAST_FRAME_HOLD  # seconds a scene without frames (or an animation's last frame, for half of it) stays while playing


class TourApp(BpeApp):
    """The app walking through `scenes`; ] / [ move between them, `play` runs them unattended."""

    BINDINGS = bindings(TOUR)

    def __init__(
        self,
        scenes: tuple[Scene, ...] = SCENES,
        *,
        play: bool = False,
        loop: bool = False,
        fps: float = DEFAULT_FPS,
        hold: float = HOLD,
        **kwargs: Any,
    ) -> None:
        self.scenes = scenes
        self.fps = check_fps(fps)
        self.hold = hold
        self.loop = loop
        self.auto = play  # the tour plays by itself (--play) until its last scene; else space plays the animator
        first = scenes[0]
        from ..engine.tables import get_table

        trace = first.trace(get_table)
        super().__init__(trace, playback=Playback(fps=self.fps), **kwargs)
        self.scene = 0
        self._traces: dict[int, Trace] = {0: trace}
        self._waited = 0.0  # seconds the scene has been done while playing
        self._moved = False  # the scene's view moved while playing (its last step then stays half the hold)
        self._entering = False  # a scene is being set up (its view switched): the timer waits

    @property
    def playing(self) -> bool:
        """True while the tour plays by itself."""
        return self.auto and self.player.playing

    @property
    def current(self) -> Scene:
        return self.scenes[self.scene]

    def on_mount(self) -> None:
        self.call_after_refresh(self._start)

    async def _start(self) -> None:
        """The first scene, then (with --play) the play timer: it never runs ahead of the first scene."""
        await self.enter(0)
        if self.auto:
            self.player.toggle()

    # -- scenes --------------------------------------------------------------------------------

    async def action_scene(self, step: int) -> None:
        """] / [: the next or previous scene (with --loop, past the last comes the first)."""
        target = self.scene + step
        if self.loop:
            target %= len(self.scenes)
        if not 0 <= target < len(self.scenes):
            self.notify("This is the last scene: [ goes back, q quits." if step > 0 else "This is the first scene.", timeout=2)
            return
        await self.enter(target)

    async def enter(self, index: int) -> None:
        """Show scene `index`: its trace at its starting frame, in its view, with its caption."""
        if self.capturing:
            self.notify("A capture is running: the tour moves on when it is done (escape cancels it).", timeout=3)
            return
        self._entering = True
        try:
            await self._enter(index)
        finally:
            self._entering = False

    async def _enter(self, index: int) -> None:
        scene = self.scenes[index]
        trace = self._traces.get(index)
        if trace is None:
            try:
                trace = self._traces[index] = scene.trace(self.tables.resolve)
            except (CaptureError, TableError) as exc:
                self.notify(sentence(str(exc)), title=f"Cannot show scene {index + 1}", severity="error")
                return
        self.scene, self._waited, self._moved = index, 0.0, False
        shown, view = scene.requests(trace)
        self.on_position_requested(shown)
        await self.on_view_requested(view)
        self._caption()
        self.post_message(SceneChanged(index, len(self.scenes), scene.title))

    def _caption(self) -> None:
        """The current scene's caption, for every view's caption bar (the app binds it down)."""
        scene = self.current
        self.caption = Caption(self.scene, len(self.scenes), scene.title, scene.caption, self.playing)

    # -- playing ----------------------------------------------------------------------------------

    def show_play(self) -> None:
        """While the tour plays by itself its caption says so (▶ scene), else the animator's header (▶ 2 fps)."""
        if self.caption is not None:
            self._caption()
        if not self.auto:
            super().show_play()

    def play_step(self, loop: bool | None = None) -> bool:
        """One tick of --play: step the scene's view (`view_step`); at its last step, or in a view that holds still, wait, then move on."""
        if not self.auto:
            return super().play_step(loop)
        if self._entering or not self.screen_stack or self.shown_view is None or self.capturing or self.busy:
            return True
        if self.view_step():  # every view moves: the animator's frames, Decode's tokens, Training's rounds, …
            self._moved = True
            return True
        self._waited += 1 / self.player.fps
        if self._waited < (self.hold / 2 if self._moved else self.hold):
            return True
        if self.scene + 1 < len(self.scenes) or self.loop:
            self.call_later(self.action_scene, 1)
            return True
        self.notify("The tour is over: [ goes back, q quits.", timeout=5)
        self.auto = False
        return False

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from palette(TOUR, self.run_action)
