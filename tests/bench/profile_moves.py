"""Profile each move of the animator in-process: `python -m tests.bench.profile_moves [120x40] [text] [moves] [top] [table]`.

Each move runs SAMPLES times from the action to the after-refresh callback (as apptime.timed_move),
with cProfile on only in that interval; prints the median latency per move and the top functions by
cumulative and own time. Texts: '2000' (multilingual 2,000 chars), 'letters' (one 5,000-letter chunk), 'mb' (the 1 MB text).
"""

from __future__ import annotations

import asyncio
import cProfile
import pstats
import statistics
import sys
from time import perf_counter

from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import get_table

from .apptime import SPACING, move_message, move_start, refreshed
from .texts import letters, multilingual

MOVES = ("next", "previous", "next_round", "previous_round", "next_chunk", "previous_chunk", "first", "last", "detail")
TEXTS = {"2000": lambda: multilingual(2000), "letters": lambda: letters(5000), "mb": lambda: multilingual(1_000_000)}
SAMPLES = 40


async def profile(size: tuple[int, int], text: str, moves: tuple[str, ...], top: int, table: str) -> None:
    app = BpeApp(capture(TEXTS[text](), get_table(table)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await asyncio.sleep(0.3)
        for move in moves:
            prof = cProfile.Profile()
            times: list[float] = []
            for n in range(SAMPLES):
                view = app.position
                target = move_start(view, move, n)  # the benchmark's walk (figure 5)
                if target is not view:
                    app.position = target
                    await refreshed(app)
                await asyncio.sleep(SPACING)
                message = move_message(move)
                if top:
                    prof.enable()
                start = perf_counter()
                app.post_message(message)
                times.append(await refreshed(app) - start)
                if top:
                    prof.disable()
            print(f"== {text} {size[0]}x{size[1]} {move}: median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")
            if top:
                stats = pstats.Stats(prof)
                stats.sort_stats("cumulative").print_stats(top)
                stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    size = tuple(int(n) for n in (sys.argv[1] if len(sys.argv) > 1 else "120x40").split("x"))
    text = sys.argv[2] if len(sys.argv) > 2 else "2000"
    moves = tuple(sys.argv[3].split(",")) if len(sys.argv) > 3 else MOVES
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    table = sys.argv[5] if len(sys.argv) > 5 else "gpt2"
    asyncio.run(profile((size[0], size[1]), text, moves, top, table))


if __name__ == "__main__":
    main()
