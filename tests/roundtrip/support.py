"""What tests/roundtrip/test_engine.py reads: the café 你好 text and its GPT-2 ids (the UI tests moved to tests/ui)."""

from __future__ import annotations

CAFE = "café 你好"
CAFE_IDS = [66, 1878, 2634, 220, 19526, 254, 25001, 121]
