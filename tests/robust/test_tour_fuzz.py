"""Tour-file fuzz (the slow set): seeded mutations of the three tour files that ship (the built-in tour, the
lecture and the SentencePiece examples in docs/). Reading each, as `bpe-tui tour --check` does, either gives
scenes or a TourFileError whose every line is one sentence naming the file; never another exception."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.engine.support import CliResult
from tui.tour.files import TourFileError, read_tour_text

ROOT = Path(__file__).parents[2]
FILES = [ROOT / "tui" / "tour" / "builtin.toml", ROOT / "docs" / "lecture.toml", ROOT / "docs" / "sentencepiece.toml"]

#: Values a field may be given by mistake: wrong types, out of range, huge, odd text, near-miss names.
ODD_VALUES = [
    '""', "0", "-1", "1.5", "1e400", "nan", "inf", "true", "[]", "{}", "[[[]]]", '"\\u0000"', '"\\u202e\\u200d"', "9" * 30,
    "{chunk = -1}", "{frame = 99999999999}", "{chunk = 1, round = 1, frame = 2}", '"end"', '"start"', '"gtp2"',
    '"no/such/table"', '"encode"', '"nope"', '["gpt2", "gpt2", "gpt2", "gpt2", "gpt2", "gpt2", "gpt2"]', '["cl100k_base"]',
    '"' + "x" * 5000 + '"',
]  # fmt: skip
#: Lines a mutation may insert: headers, stray keys, broken TOML.
JUNK_LINES = [
    "[[scene]]", "[scene]", "[[scene.at]]", "x = 1", "= 2", "title", '"unterminated = 1', "text = '''", "hold = -5",
    "merges = 0", 'view = "nope"', "at = {chunk = 1, round = 1, frame = 2}", "[[scene]] # empty", "\x00", "book = 3",
]  # fmt: skip
#: Characters a mutation may drop into the text: controls, bidi, a ZWJ emoji, CJK, a lone combining mark.
CHARACTERS = ["\x00", "\x1b", "\x7f", "\u202e", "\u200d", "👩‍💻", "你", "\u0301", "\ufeff", "=", "[", "]", "{", '"', "\n"]


def mutate(text: str, rng: random.Random) -> str:
    """One seeded mutation of a tour file's text."""
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0 and "=" in lines[k]:  # a field's value replaced
        key = lines[k].split("=", 1)[0]
        lines[k] = f"{key}= {rng.choice(ODD_VALUES)}"
    elif kind == 1:
        del lines[k]
    elif kind == 2:
        lines.insert(k, lines[k])
    elif kind == 3:
        lines.insert(k, rng.choice(JUNK_LINES))
    elif kind == 4:
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(CHARACTERS) + text[at:]
    else:
        return text[: rng.randrange(len(text) + 1)]
    return "\n".join(lines)


def outcome(name: str, text: str, base: Path) -> str:
    """'scenes' or 'refused'; an error line that is not one sentence naming the file fails the test."""
    try:
        read_tour_text(name, text, base, deep=True)
    except TourFileError as exc:
        assert exc.lines, text
        for line in exc.lines:
            assert line.startswith(f"{name}:") and "\n" not in line and "Traceback" not in line, (line, text)
        return "refused"
    return "scenes"


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_2000_mutations_of_a_tour_file_are_scenes_or_one_sentence_a_mistake(path: Path) -> None:
    rng = random.Random(f"tour-fuzz {path.name}")
    text = path.read_text(encoding="utf-8")
    seen = Counter(outcome(path.name, mutate(text, rng), path.parent) for _ in range(2000))
    assert seen["refused"] > 200 and seen["scenes"] > 200, seen  # the mutations reach both ends


@pytest.mark.slow
def test_tour_check_answers_every_mutation_with_a_status_and_lines_never_a_traceback(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    """`bpe-tui tour --check` on 60 mutated files: 0 with its one-line summary, or 2 with one line a mistake."""
    rng = random.Random("tour-fuzz cli")
    source = FILES[1].read_text(encoding="utf-8")
    statuses = Counter()
    for n in range(60):
        path = tmp_path / f"t{n}.toml"
        path.write_text(mutate(source, rng), encoding="utf-8")
        code, out, err = cli("tour", "--check", str(path))
        statuses[code] += 1
        assert code in (0, 2) and "Traceback" not in out + err, (code, out, err)
        said = err if code == 2 else out
        assert said and all(line.startswith(str(path)) for line in said.splitlines()), said
    assert statuses[0] and statuses[2], statuses
