"""Every view on Mistral's SentencePiece tables (characters, ▁, byte fallback) at 80x24 and 60x18, and what the
views say there that they say differently from a byte-level table: the animator's fallback frame, the
Characters → bytes pane, the byte pieces' grid, the .model's facts, '</s>', Compare's two new causes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.app_support import Notes, every_view, opened, screen_text, settle
from tests.engine.support import CliResult
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.decoding import decode
from tui.engine.sentencepiece_bpe import SentencePieceBpe
from tui.engine.sentencepiece_model import BYTE, CONTROL, UNKNOWN, Piece, SentencePieceModel
from tui.engine.tables import SENTENCEPIECE, Table, get_table
from tui.explain.compare import compare
from tui.explain.special import special_scene

pytest.importorskip("mistral_common", reason="the Mistral .model files come with mistral-common (the test group)")
TEXT = "Hello wörld 𝔘 東京 [REF]"
ROOT = Path(__file__).parents[2]


async def test_every_view_opens_on_a_sentencepiece_table() -> None:
    """In one app, every view at 80x24, then every view again with the terminal resized to 60x18: each takes its
    keys and raises nothing."""
    notes = Notes()
    app = BpeApp(capture(TEXT, get_table("mistral-v7")))
    async with opened(app, notes=notes) as pilot:
        async for _, case in every_view(app, pilot, ((80, 24), (60, 18))):
            for key in ("right", "right", "l", "right", "p", "p", "end"):
                await pilot.press(key)
            await settle(app, pilot)
            assert app.is_running and notes.errors == [], (case, notes.messages)


async def test_the_last_frame_of_a_word_says_its_byte_fallback() -> None:
    app = BpeApp(capture("a 𝔘", get_table("mistral-v1")))
    async with opened(app, size=(100, 30)) as pilot:
        await pilot.press("end")
        await settle(app, pilot)
        shown = " ".join(screen_text(app).split())
        assert "'𝔘' is not a piece: it falls back to its 4 bytes <0xF0> <0x9D> <0x94> <0x98>" in shown
        assert "final word: 2 symbols" in shown and "bpe returns" not in shown  # GPT-2's bpe() is not SentencePiece's
        await pilot.press("home")
        await settle(app, pilot)
        shown = screen_text(app)
        assert "Characters → bytes" in shown and "code  U+2581" in shown  # the code points over their bytes, no aliases


async def test_the_aliases_view_shows_the_byte_pieces() -> None:
    app = BpeApp(capture("a", get_table("mistral-v1")))
    async with opened(app, "aliases", size=(100, 30)) as pilot:
        await settle(app, pilot)
        shown = " ".join(screen_text(app).split())
        assert "256 bytes → byte pieces · Mistral v1 ids" in shown and "piece <0x20>" in shown and "id 35" in shown
        legend = str(app.screen.query_one("#aliases-legend", Static).render())
        assert legend == (
            "SentencePiece merges characters (a space is ▁, id 28,705); a character that is no piece falls back to these "
            "byte pieces: ids 3–258 (byte + 3)"
        )


async def test_the_tables_view_says_what_a_model_file_holds() -> None:
    app = BpeApp(capture("a", get_table("mistral-v1")))
    async with opened(app, "tables", size=(120, 36)) as pilot:
        await settle(app, pilot)
        shown = " ".join(screen_text(app).split())
        assert "pieces 32,000 piece → id, score" in shown and "byte pieces 256 byte → <0xNN>" in shown
        assert "rank 0, '▁t', is id 261" in shown


def test_the_special_scene_is_about_the_end_of_sequence_piece() -> None:
    scene = special_scene(get_table("mistral-v1"))
    assert (scene.literal, scene.ids, scene.special_id, scene.decoded, scene.kind) == ("</s>", (1867, 28713, 28767), 2, "", "control")
    assert scene.recognised == "✗ never: 3 ordinary ids"


def test_compare_says_characters_vs_bytes() -> None:
    found = compare("Hello 𝔘", get_table("mistral-v1"), get_table("gpt2")).first
    assert found is not None and found.cause == "characters vs bytes"
    assert found.sentence == (
        "chunk 1: Mistral v1 starts from the text's characters (a space is ▁), GPT-2 from its UTF-8 bytes written as aliases "
        "(a space is Ġ): the two never merge the same symbols, so only their ids can be set side by side."
    )


def toy(name: str, extra: tuple[Piece, ...]) -> Table:
    """A SentencePiece model of a few pieces: '▁', 'a', 'b', '▁a', the 256 byte pieces, and `extra`."""
    pieces = (
        Piece("<unk>", 0, UNKNOWN),
        Piece("</s>", 0, CONTROL),
        *(Piece(f"<0x{b:02X}>", 0, BYTE) for b in range(256)),
        Piece("▁", -1),
        Piece("a", -2),
        Piece("b", -3),
        Piece("▁a", -4),
        *extra,
    )
    model = SentencePieceBpe(SentencePieceModel(pieces, 2, True, "identity", True, False, True))
    return Table(
        name=name,
        merges=(),
        encoder=model.ids,
        sha256="0" * 64,
        rule=SENTENCEPIECE,
        pattern=model.pattern,
        specials=model.specials,
        normalizer=model.normalizer,
        pieces=model,
    )


def test_compare_says_which_side_falls_back_to_bytes() -> None:
    """The same words, but 'é' is a piece of one model only: the other spells it with its two bytes."""
    with_e, without = toy("with-e", (Piece("é", -5),)), toy("without", ())
    comparison = compare("a é", with_e, without)
    assert [d.cause for d in comparison.divergences()] == ["byte fallback"]
    assert comparison.first is not None and comparison.first.sentence == (
        "chunk 2 '▁é': with-e has the piece 'é' while without spells it with its UTF-8 bytes' pieces."
    )
    assert comparison.b.ids == [without.encoder["▁a"], without.encoder["▁"], without.encoder["<0xC3>"], without.encoder["<0xA9>"]]


def test_the_sentencepiece_tour_checks_and_its_captions_numbers_hold(cli: Callable[..., CliResult]) -> None:
    """docs/sentencepiece.toml: `tour --check` finds no mistake, and each number its captions state is the engine's."""
    assert cli("tour", "--check", "docs/sentencepiece.toml") == (0, "docs/sentencepiece.toml: 4 scenes, no mistakes.\n", "")
    table = get_table("mistral-v1")
    low = capture("low", table)
    assert low.ids == [2859] and [r.pair for r in low.chunks[0].rounds] == [("▁", "l"), ("o", "w"), ("▁l", "ow")]
    assert capture("a 𝔘", table).ids == [264, 28705, 243, 160, 151, 155]
    assert [table.decoder[i] for i in (243, 160, 151, 155)] == ["<0xF0>", "<0x9D>", "<0x94>", "<0x98>"]
    assert decode([264, 28705, 243, 160, 151, 155], table) == "a 𝔘"
    from tests.engine.chat.references import EXAMPLE, MISTRAL_FILES, mistral_ids  # mistral-common, after its importorskip

    # Scene 4: the Chat view's conversation costs 27, 15 and 17 ids with mistral-common's v1, Tekken v3 and v7 files.
    counts = [mistral_ids(MISTRAL_FILES[pair], EXAMPLE) for pair in (("mistral-v1",) * 2, ("mistral-v3", "tekken"), ("mistral-v7",) * 2)]
    assert [len(ids or ()) for ids in counts] == [27, 15, 17]
    assert "cost 27 ids in v1 ([INST] spelled in pieces), 15 in Tekken's v3 ([INST] a control token), 17 in v7." in (
        ROOT / "docs" / "sentencepiece.toml"
    ).read_text(encoding="utf-8")
