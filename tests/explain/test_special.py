"""The special-token scene (tui/explain/special.py): per table, what makes the id, checked against tiktoken."""

from __future__ import annotations

import re

import pytest
import tiktoken

from tui.engine.tables import Table
from tui.explain.special import ENDOFTEXT, special_scene


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


def test_gpt2_scene_says_encoder_py_never_makes_the_id(gpt2_table: Table, tiktoken_gpt2: tiktoken.Encoding) -> None:
    """GPT-2's own encoder.py has no special branch; the ids shown are what an ordinary encode gives."""
    scene = special_scene(gpt2_table)
    assert scene.kind == "gpt2" and scene.ordinary == "encode"
    assert list(scene.ids) == tiktoken_gpt2.encode_ordinary(ENDOFTEXT)
    assert scene.caller == ("GPT-2's encode() has no allowed_special branch: it never produces 50256.",)
    assert scene.recognised == "✗ never: 7 ordinary ids"


@pytest.mark.parametrize(("name", "ordinary", "special"), [
    ("cl100k", [27, 91, 8862, 728, 428, 91, 29], 100257),
    ("o200k", [27, 91, 419, 1440, 919, 91, 29], 199999),
])  # fmt: skip
def test_tiktoken_scene_says_what_tiktoken_does(name: str, ordinary: list[int], special: int, request: pytest.FixtureRequest) -> None:
    """Each of the three sentences is what tiktoken does: encode raises by default, gives the id when
    allowed, and encode_ordinary (or nothing disallowed) gives the ids the scene shows."""
    table: Table = request.getfixturevalue(f"{name}_table")
    enc: tiktoken.Encoding = request.getfixturevalue(f"tiktoken_{name}")
    scene = special_scene(table)
    assert (scene.kind, scene.ordinary, list(scene.ids), scene.special_id, scene.rank) == (
        "tiktoken",
        "encode_ordinary",
        ordinary,
        special,
        None,
    )
    with pytest.raises(ValueError, match=re.escape("disallowed special token '<|endoftext|>'")):
        enc.encode(ENDOFTEXT)
    assert enc.encode(ENDOFTEXT, allowed_special={ENDOFTEXT}) == [special]
    assert enc.encode_ordinary(ENDOFTEXT) == ordinary == enc.encode(ENDOFTEXT, disallowed_special=())
    ids = ", ".join(map(str, ordinary))
    assert scene.caller == (
        "encode('<|endoftext|>') raises ValueError: disallowed special token '<|endoftext|>' (disallowed_special='all' by default).",
        f"encode('<|endoftext|>', allowed_special={{'<|endoftext|>'}}) = [{special}]: one id.",
        f"encode_ordinary('<|endoftext|>') = [{ids}], as does encode(…, disallowed_special=()): the ids above.",
    )
    assert scene.recognised == f"only if allowed_special names it ([{special}]); by default encode() raises"
    assert all("GPT-2" not in line for line in (*scene.caller, scene.recognised, scene.caller_title))


def test_a_table_without_the_entry_speaks_of_itself(teaching_table: Table) -> None:
    scene = special_scene(teaching_table)
    assert scene.kind == "none" and scene.caller_title == "There is no id to insert"
    assert scene.caller == ("The teaching table's encode() gives only ordinary ids, 0 to 264: none is special.",)
