"""The big-paste measurement, run as its own process (python -m tests.bench.big_paste) so the peak memory is the app's.

A 1,000,000-character text (the app's MAX_TEXT) is plain-encoded three times (the median is kept); then
the app starts on gpt2 with a short text and the big one is applied the way the edit dialog applies it
(start_capture). Printed as one JSON line: the plain encode time, the time until the first frame of the
new text is on screen, the time until the complete trace is on screen (the worker has produced every
id), and the peak resident memory.

The peak is this process's own: Linux's VmHWM (/proc/self/status). `ru_maxrss` is not, on Linux: it is
kept across the exec that started this process, so it reports at least the peak of the process that
started it (pytest, after the other benchmarks, at 380 MB) whatever this one uses.
"""

from __future__ import annotations

import asyncio
import gc
import json
import resource
import statistics
from time import perf_counter

from tui.app import BpeApp
from tui.engine.bpe import capture, encode
from tui.engine.tables import gpt2
from tui.engine.texts import MAX_TEXT

from .apptime import shown
from .texts import multilingual


async def main() -> dict[str, float]:
    table = gpt2()
    text = multilingual(MAX_TEXT)
    times = []
    for _ in range(3):  # the median of three: one busy moment of a shared machine moves the ratio less
        start = perf_counter()
        ids = encode(text, table)
        times.append(perf_counter() - start)
    encode_s = statistics.median(times)
    gc.collect()
    app = BpeApp(capture("Hi 你!", table))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await asyncio.sleep(0.1)
        first_shown = asyncio.ensure_future(shown(app, lambda view: view.trace.text == text))
        complete_shown = asyncio.ensure_future(shown(app, lambda view: view.trace.text == text and view.trace.complete))
        await asyncio.sleep(0)  # both watchers are in place before the capture starts
        start = perf_counter()
        app.start_capture(text, "gpt2", keep=None)
        first = await first_shown - start
        complete = await complete_shown - start
        trace = app.position.trace
        assert trace.ids == ids
    return {
        "chars": len(text),
        "chunks": len(trace.chunks),
        "encode_s": encode_s,
        "first_frame_s": first,
        "complete_s": complete,
        "peak_rss_mb": peak_rss_mb(),
    }


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB (VmHWM; ru_maxrss where there is no /proc)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024 / 1e6  # in kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6  # ru_maxrss is in KiB


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main())))
