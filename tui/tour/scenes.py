"""The built-in tour's scenes, in the order the seeds tell the story (000, then 002's figures, then 004).

They are a tour file like any lecturer's (tui/tour/builtin.toml, read by tour/files.py). Each scene is a
text and a table to capture, the frame to start on, the view it needs, and a caption. Tests check every
number a caption states against the engine.

>>> [s.view for s in SCENES][:3]
['encode', 'aliases', 'encode']
>>> SCENES[3].at
At(frame=0, chunk=1, round=1)
"""

from __future__ import annotations

from pathlib import Path

from .files import read_tour
from .scene import At, Scene

BUILTIN = Path(__file__).with_name("builtin.toml")

SCENES: tuple[Scene, ...] = read_tour(BUILTIN)

__all__ = ["BUILTIN", "SCENES", "At", "Scene"]
