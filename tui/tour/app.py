"""The guided tour: the app in tour mode, moving through a tour's scenes (the built-in tour/builtin.toml, or a
lecturer's file read by tour/files.py) with the presenter's keys, or by itself.

`TourApp` is the app with one more piece of state, the scene: entering a scene hands the app the
scene's requests (its trace's starting position, then its view with what that view is to show), and
sets the app's `caption`, which the app binds down into every view's caption bar
(widgets/caption_bar.py), as it does the position. Inside a scene every key of the view works as
usual; the presenter's keys (commands.TOUR) are none of a view's: ] and [ the next and previous scene,
G a scene by number, R the scene again, space pauses and resumes. With `play`, the app's one play timer
(tui/app/player.py) steps the animator's frames at `fps` and moves on when a scene has been held its `hold`
seconds (the tour's when the scene sets none); `loop` starts again after the last scene.
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
from ..safe import sentence, visible
from .scene import Scene
from .scenes import SCENES

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
        self.clear_notifications()  # what was said belongs to the scene left
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
        self.on_position_requested(shown)  # a view the scene leaves does not redraw for it (ViewScreen.watch_position)
        await self.on_view_requested(view)
        self._caption()
        if scene.pair is not None and self.position is not None:
            self.explain_pair(scene.pair, trace.table.ranks.get(scene.pair))
        self.post_message(SceneChanged(index, len(self.scenes), scene.title))

    def _caption(self) -> None:
        """The current scene's caption, for every view's caption bar (the app binds it down)."""
        scene = self.current
        self.caption = Caption(self.scene, len(self.scenes), scene.title, scene.caption, self.playing)

    async def action_restart_scene(self) -> None:
        """R: the scene again from its start (its position, its view, what the view was asked to show)."""
        await self.enter(self.scene)

    def action_go_to_scene(self) -> None:
        """G: ask for a scene's number, then show it."""
        from ..screens.dialogs import PathScreen

        ask = PathScreen(f"Go to scene (1–{len(self.scenes)})", placeholder=f"e.g. {min(3, len(self.scenes))}", complete=None)
        self.push_screen(ask, self.go_to)

    async def go_to(self, answer: str | None) -> None:
        """The scene number typed after G (None: cancelled)."""
        if answer is None:
            return
        if not answer.isdecimal() or not 1 <= int(answer) <= len(self.scenes):
            self.notify(f"There is no scene {visible(answer)}: the scenes are 1 to {len(self.scenes)}.", severity="error", timeout=3)
            return
        await self.enter(int(answer) - 1)

    def action_pause_tour(self) -> None:
        """space outside view 1 (there it is the animator's play key, which does the same while the tour plays):
        pause or resume the tour; not playing, the tour plays on from this scene."""
        if not self.auto:
            self.auto = True
            self.player.stop()
        self.player.toggle()

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
        hold = self.hold if self.current.hold is None else self.current.hold
        if self._waited < (hold / 2 if self._moved else hold):
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
