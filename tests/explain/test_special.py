"""The special-token scene (tui/engine/special.py)."""

from __future__ import annotations

from tui.engine.tables import Table
from tui.explain.special import special_scene


def test_special_scene(gpt2_table: Table) -> None:
    """The literal is seven ordinary ids; 50256 decodes to it and follows no rank."""
    scene = special_scene(gpt2_table)
    assert scene.ids == (27, 91, 437, 1659, 5239, 91, 29)
    assert [a for _, a in scene.pieces] == ["<", "|", "end", "of", "text", "|", ">"]
    assert (scene.special_id, scene.decoded, scene.rank, scene.follows_formula) == (50256, "<|endoftext|>", None, False)
    assert scene.last_merge_id == 50255


def test_special_scene_teaching(teaching_table: Table) -> None:
    """The teaching table registers no special token."""
    scene = special_scene(teaching_table)
    assert scene.special_id is None and scene.decoded is None and len(scene.ids) == 13
