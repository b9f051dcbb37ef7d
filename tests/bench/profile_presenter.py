"""Profile `z` and the presenter keys in the built-in tour: `python -m tests.bench.profile_presenter [key] [top]`.

key: z (zoom and unzoom), ] ([ back untimed), [ (] untimed), R. cProfile is on from the key sent to the
repaint that shows its effect (as test_presenter_bench.key_latency); prints the top functions by
cumulative and by own time.
"""

from __future__ import annotations

import asyncio
import cProfile
import pstats
import sys

from .apptime import settled
from .test_presenter_bench import SIZE, BenchTour, key_latency

SAMPLES = 20
KEYS = {"z": "z", "]": "right_square_bracket", "[": "left_square_bracket", "R": "R"}


async def profile(key: str, top: int) -> None:
    app = BenchTour()
    profiler = cProfile.Profile()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await app.action_scene(1)
        await app.action_scene(-1)
        for _ in range(SAMPLES):
            if key == "[":
                await app.action_scene(1)
            entered, zoomed = app.entered, app.screen.maximized is not None
            profiler.enable()
            await key_latency(
                app, KEYS[key], lambda n=entered, z=zoomed: app.entered > n if key in "][R" else (app.screen.maximized is not None) != z
            )
            profiler.disable()
            if key == "]":
                await app.action_scene(-1)
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    asyncio.run(profile(sys.argv[1] if len(sys.argv) > 1 else "z", int(sys.argv[2]) if len(sys.argv) > 2 else 30))
