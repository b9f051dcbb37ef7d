"""tui/explain/chat_parting.py: where the Mistral formats part ways on the issue's conversation, against mistral-common's
own ids for both formats (the partner's count, and the first id where the two lists differ)."""

from __future__ import annotations

import pytest

from tests.engine.chat.references import EXAMPLE, MISTRAL_FILES, mistral_ids
from tui.engine.chat.registry import BY_NAME
from tui.engine.tables import get_table
from tui.explain.chat_parting import parting, partner


@pytest.mark.parametrize(("ours", "theirs"), [("mistral-v1", "mistral-v3"), ("mistral-v3", "mistral-v1"), ("mistral-v7", "mistral-v3")])
def test_the_line_names_the_partners_count_and_the_first_id_apart(ours: str, theirs: str) -> None:
    fmt = BY_NAME[ours]
    other = partner(fmt)
    assert other is not None and other.name == theirs
    mine = fmt.render(EXAMPLE, get_table(ours))
    its = other.render(EXAMPLE, get_table(theirs))
    a, b = mistral_ids(MISTRAL_FILES[ours, ours], EXAMPLE), mistral_ids(MISTRAL_FILES[theirs, theirs], EXAMPLE)
    assert a is not None and b is not None and (list(mine.ids), list(its.ids)) == (a, b)
    first = next(k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
    assert parting(mine, its).startswith(f"{theirs} ({len(b):,} ids) apart at id {first + 1}: ")


def test_v7_parts_from_v3_at_its_own_system_prompt_token() -> None:
    """v7 opens with [SYSTEM_PROMPT] where v3 opens the last user message's frame with [INST]."""
    mine = BY_NAME["mistral-v7"].render(EXAMPLE, get_table("mistral-v7"))
    its = BY_NAME["mistral-v3"].render(EXAMPLE, get_table("mistral-v3"))
    assert parting(mine, its).endswith(": ⟦[SYSTEM_PROMPT]⟧ #0 here, ⟦[INST]⟧ #1 there")
    assert parting(mine, mine) == "mistral-v7: the same request, id for id"
