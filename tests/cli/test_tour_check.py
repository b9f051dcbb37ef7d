"""`bpe-tui tour --check FILE`: a tour file validated without opening the app, every mistake one line
naming the file, the line and the field, exit 2; docs/guide.md's example file has none."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.engine.support import CliResult

Cli = Callable[..., CliResult]
EXAMPLE = Path(__file__).parents[2] / "docs" / "lecture.toml"


def tour_file(tmp_path: Path, text: str) -> str:
    (tmp_path / "lecture.toml").write_text(text, encoding="utf-8")
    return str(tmp_path / "lecture.toml")


def test_readmes_example_file_is_the_one_in_docs_and_has_no_mistakes(cli: Cli) -> None:
    readme = (EXAMPLE.parents[1] / "docs" / "guide.md").read_text(encoding="utf-8")
    body = EXAMPLE.read_text(encoding="utf-8").split("\n", 1)[1]  # after its comment line
    assert body in readme
    assert cli("tour", "--check", str(EXAMPLE)) == (0, f"{EXAMPLE}: 3 scenes, no mistakes.\n", "")


SCENE = '[[scene]]\ntitle = "One"\ntext = "abc"\ntable = "teaching"\n\n'


@pytest.mark.parametrize(
    ("second", "said"),
    [
        ('[[scene]]\ntext = "Hi"\ntable = "gtp2"\n', "lecture.toml:8: scene 2: table 'gtp2' is not a table; did you mean 'gpt2'?"),
        ('[[scene]]\ntext = "Hi"\nview = "decod"\n', "lecture.toml:8: scene 2: view 'decod' is not a view; did you mean 'decode'?"),
        ('[[scene]]\ntext = "Hi"\ncaptoin = "red"\n', "lecture.toml:8: scene 2: unknown field 'captoin'; did you mean 'caption'?"),
        ('[[scene]]\ntext_file = "intro.txt"\n', "lecture.toml:7: scene 2: text_file intro.txt does not exist."),
        ('[[scene]]\ntext = "Hi"\nhold = -1\n', "lecture.toml:8: scene 2: hold must be a number of seconds, 0 or more, not -1."),
        (
            '[[scene]]\ntext = "Hi"\nat = { chunk = 4, round = 0 }\n',
            "lecture.toml:8: scene 2: at: chunk 4 is past the end: the text has 1 chunk.",
        ),
        (
            '[[scene]]\ntext = "abc"\nat = { frame = 40 }\n',
            "lecture.toml:8: scene 2: at: frame 40 is past the end: the trace has 3 frames.",
        ),
        (
            '[[scene]]\ntext = "aaa"\ntable = "teaching"\nat = { chunk = 1, round = 2 }\n',
            "lecture.toml:9: scene 2: at: round 2 of chunk 1 is past the end: that chunk has 1 round.",
        ),
        (
            '[[scene]]\ntext = "Hi"\nat = "middle"\n',
            """lecture.toml:8: scene 2: at must be "start", "end", {chunk = N, round = R} or {frame = N}, not the string 'middle'.""",
        ),
        ('[[scene]]\ntext = "Hi"\nids = [1]\n', "lecture.toml:8: scene 2: ids is an option of the decode view, not of encode."),
        ('[[scene]]\ntext = ""\n', "lecture.toml:7: scene 2: the text is empty: there is nothing to show."),
        ('[[scene]]\ntext = "Hi\n', "lecture.toml:7: not TOML: illegal character '\\n' (at line 7, column 11)"),
        (
            '[[scene]]\ntext = "Hi"\nview = "explore"\nrows = ["gpt2", "o200k_bas"]\n',
            "lecture.toml:9: scene 2: rows: 'o200k_bas' is not a table; did you mean 'o200k_base'?",
        ),
        (
            '[[scene]]\ntext = "Hi"\nview = "explore"\nrows = ["gpt2", "gpt2", "gpt2", "gpt2", "gpt2", "gpt2", "gpt2"]\n',
            "lecture.toml:9: scene 2: rows must be a list of 1 to 6 table names, not 7.",
        ),
        (
            '[[scene]]\ntext = "Hi"\nview = "compare"\ntables = ["gpt2"]\n',
            "lecture.toml:9: scene 2: tables must be a list of two table names, not 1.",
        ),
        (
            '[[scene]]\ntext = "Hi"\nview = "compare"\ntables = ["gpt2", "cl100k_bse"]\n',
            "lecture.toml:9: scene 2: tables: 'cl100k_bse' is not a table; did you mean 'cl100k_base'?",
        ),
        (
            '[[scene]]\ntext = "Hi"\nview = "compare"\ntables = "gpt2"\n',
            "lecture.toml:9: scene 2: tables must be a list of two table names, not the string 'gpt2'.",
        ),
        (
            '[[scene]]\ntext = "Hi"\nrows = ["gpt2"]\n',
            "lecture.toml:8: scene 2: rows is an option of the explore view, not of encode.",
        ),
    ],
    ids=[
        "table",
        "view",
        "field",
        "text_file",
        "hold",
        "chunk",
        "frame",
        "round",
        "at",
        "option",
        "empty",
        "toml",
        "rows-name",
        "rows-seven",
        "tables-one",
        "tables-name",
        "tables-string",
        "rows-view",
    ],
)
def test_each_mistake_is_one_line_with_file_line_and_field_and_exit_2(cli: Cli, tmp_path: Path, second: str, said: str) -> None:
    path = tour_file(tmp_path, SCENE + second)
    assert cli("tour", "--check", path) == (2, "", f"{tmp_path}/{said}\n")
    assert cli("tour", path) == (2, "", f"{tmp_path}/{said}\n")  # playing it says the same, and nothing opens


def test_every_mistake_of_a_file_is_listed_in_order(cli: Cli, tmp_path: Path) -> None:
    path = tour_file(tmp_path, '[[scene]]\ntext = "Hi"\ntable = "gtp2"\nhold = -1\n\n[[scene]]\ntext = "x"\nview = "nope"\n')
    code, out, err = cli("tour", "--check", path)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"{path}:3: scene 1: table 'gtp2' is not a table; did you mean 'gpt2'?",
        f"{path}:4: scene 1: hold must be a number of seconds, 0 or more, not -1.",
        f"{path}:8: scene 2: view 'nope' is not a view; the views: encode, decode, aliases, tables, special, explore, train, compare, chat.",
    ]


def test_a_text_file_and_a_table_file_are_read_beside_the_tour(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "intro.txt").write_text("the cat the hat", encoding="utf-8")
    path = tour_file(tmp_path, '[[scene]]\ntext_file = "intro.txt"\ntable = "gpt2"\nat = { chunk = 4, round = 1 }\n')
    assert cli("tour", "--check", path) == (0, f"{path}: 1 scene, no mistakes.\n", "")


def test_a_missing_or_empty_tour_file(cli: Cli, tmp_path: Path) -> None:
    assert cli("tour", "--check", str(tmp_path / "no.toml")) == (2, "", f"{tmp_path}/no.toml does not exist.\n")
    path = tour_file(tmp_path, "# nothing yet\n")
    assert cli("tour", "--check", path) == (2, "", f"{path}:1: no scenes: a tour is one [[scene]] table per scene, each with its text.\n")


def test_readmes_broken_example_says_what_readme_shows(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("at = { chunk = 1, round = 1 }", "at = { chunk = 1, round = 2 }")
    (tmp_path / "lecture.toml").write_text(text.replace('table = "gpt2"\nview = "decode"', 'table = "gtp2"\nview = "decode"\nhold = -1'))
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("tour", "--check", "lecture.toml")
    readme = (EXAMPLE.parents[1] / "docs" / "guide.md").read_text(encoding="utf-8")
    assert code == 2 and out == "" and f"$ uv run bpe-tui tour --check lecture.toml\n{err}```" in readme


def test_a_table_from_a_file_that_is_missing_or_not_a_table(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"model": 3}', encoding="utf-8")
    (tmp_path / "trained").mkdir()
    path = tour_file(
        tmp_path,
        '[[scene]]\ntext = "ab"\ntable = "bad.json"\n\n[[scene]]\ntext = "ab"\ntable = "trained"\n\n'
        '[[scene]]\ntext = "ab"\ntable = "lessons/tokenizer.json"\n',
    )
    code, out, err = cli("tour", "--check", path)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"{path}:3: scene 1: table 'bad.json': {tmp_path}/bad.json has no model object; it is not a tokenizer.json.",
        f"{path}:7: scene 2: table 'trained': {tmp_path}/trained/vocab.bpe does not exist.",
        f"{path}:11: scene 3: table 'lessons/tokenizer.json' does not exist (a path is read beside the tour file).",
    ]


def test_a_table_trained_and_saved_earlier_is_a_scenes_table(cli: Cli, tmp_path: Path) -> None:
    from tui.engine.tables import get_table
    from tui.engine.tables.trained import from_training, save
    from tui.engine.training import train
    from tui.tour.files import read_tour

    (tmp_path / "cat").mkdir()
    save(from_training(train("the cat the hat", 3)).table, tmp_path / "cat")
    path = tour_file(tmp_path, '[[scene]]\ntext = "the hat"\ntable = "cat"\nat = "end"\n')
    assert cli("tour", "--check", path) == (0, f"{path}: 1 scene, no mistakes.\n", "")
    (scene,) = read_tour(path)
    trace = scene.trace(get_table)
    assert trace.table.name == "cat" and [c.symbols for c in trace.chunks] == [("the",), ("Ġ", "h", "at")]


def test_a_tour_file_that_is_not_text_or_a_folder(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe[[scene]]")
    assert cli("tour", "--check", str(tmp_path / "bin.toml")) == (
        2,
        "",
        f"{tmp_path}/bin.toml is not valid UTF-8 (bad byte 0xff at offset 0).\n",
    )
    assert cli("tour", str(tmp_path)) == (2, "", f"{tmp_path} is a directory, not a tour file.\n")


def test_a_training_scene_may_train_on_the_bundled_book(cli: Cli, tmp_path: Path) -> None:
    """`book = true` in a training scene asks view 7 for the bundled Shakespeare; on another view it is one line."""
    from tui.messages import TrainRounds
    from tui.tour.files import read_tour

    good = tour_file(tmp_path, '[[scene]]\ntext = "To be"\nview = "train"\nmerges = 20\nbook = true\n')
    (scene,) = read_tour(good)
    assert scene.then() == TrainRounds(20, book=True)
    assert cli("tour", "--check", good) == (0, f"{good}: 1 scene, no mistakes.\n", "")
    bad = tour_file(tmp_path, '[[scene]]\ntext = "To be"\nview = "encode"\nbook = true\n')
    assert cli("tour", "--check", bad) == (2, "", f"{bad}:4: scene 1: book is an option of the train view, not of encode.\n")


@pytest.mark.parametrize("command", [("tour", "--check"), ("tour",), ("record", "out.cast", "--tour")], ids=" ".join)
def test_a_tour_nested_5000_deep_is_one_sentence(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    """tomllib reads nested arrays recursively: 5,000 of them was a RecursionError (issue 36, item 3)."""
    monkeypatch.chdir(tmp_path)
    path = tour_file(tmp_path, 'title = "x"\nids = ' + "[" * 5000 + "]" * 5000 + "\n")
    code, out, err = cli(*command, path)
    said = f"{path}:2: arrays or inline tables nested too deeply to read"
    assert code in (1, 2) and said in out + err and "Traceback" not in out + err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lecture.toml"]


@pytest.mark.parametrize(
    ("ids", "said"),
    [
        ("[99999999999999999999]", "ids[0] is 99999999999999999999: no table has an id above 2,147,483,647."),
        ("[1, -1]", "ids[1] is -1: an id is 0 or more."),
        ('[1, "2"]', "ids[1] must be a whole number, not the string '2'."),
        ('"1"', "ids must be a list of ids (whole numbers, 0 or more), not the string '1'."),
    ],
    ids=["too large", "negative", "a string inside", "not a list"],
)
def test_each_bad_id_of_a_scene_is_named_by_its_place(cli: Cli, tmp_path: Path, ids: str, said: str) -> None:
    """Issue 36, item 16: an id no table has was accepted, and -1 was said to be 'not a list'."""
    path = tour_file(tmp_path, f'[[scene]]\ntitle = "x"\ntext = "hi"\nview = "decode"\nids = {ids}\n')
    code, out, err = cli("tour", "--check", path)
    assert code == 2 and f"{path}:5: scene 1: {said}" in (out + err).splitlines()


@pytest.mark.parametrize("table", ["x" * 5000, "a\\u0000b"], ids=["name-too-long", "nul"])
def test_a_table_path_the_file_system_cannot_look_up_is_one_line(cli: Cli, tmp_path: Path, table: str) -> None:
    """A table value too long for a file name, or holding a NUL, is 'not a table' (the tour fuzz found both a traceback)."""
    path = tour_file(tmp_path, f'[[scene]]\ntitle = "One"\ntext = "abc"\ntable = "{table}"\n')
    code, out, err = cli("tour", "--check", path)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and err.startswith(f"{path}:4: scene 1: table "), err
