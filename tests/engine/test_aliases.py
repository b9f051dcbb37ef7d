"""Byte aliases (seed 000, 'bytes_to_unicode: a misleading name')."""

from __future__ import annotations

import pytest

from tui.engine.aliases import KEPT, REMAPPED, bytes_to_unicode, from_aliases, to_aliases, unicode_to_bytes

from .reference import seed_bytes_to_unicode


def test_matches_the_original_function():
    """The alias map equals the original bytes_to_unicode, entry for entry."""
    assert bytes_to_unicode() == seed_bytes_to_unicode()


def test_188_bytes_keep_their_code_point_and_68_are_remapped():
    """94 + 12 + 82 = 188 bytes keep their code point; the other 68 (0-32, 127-160, 173) move."""
    alias = bytes_to_unicode()
    kept = [b for b in range(256) if alias[b] == chr(b)]
    assert len(kept) == 188 == len(KEPT)
    assert set(kept) == KEPT == set(range(33, 127)) | set(range(161, 173)) | set(range(174, 256))
    assert set(range(33)) | set(range(127, 161)) | {173} == REMAPPED
    assert len(REMAPPED) == 68


def test_remapped_bytes_go_to_256_plus_n_in_ascending_byte_order():
    """The n-th remapped byte (ascending) gets chr(256 + n): 0 -> chr(256), 32 -> 'Ġ', 160 -> 'ł', 173 -> chr(323)."""
    alias = bytes_to_unicode()
    assert [alias[b] for b in sorted(REMAPPED)] == [chr(256 + n) for n in range(68)]
    assert alias[0] == chr(256)
    assert alias[32] == "Ġ" == chr(288)
    assert alias[160] == "ł" == chr(322)
    assert alias[173] == chr(323)


def test_seed_examples_of_single_aliases():
    """Byte 97's alias is 'a' and byte 33's alias is '!' (kept bytes)."""
    assert bytes_to_unicode()[97] == "a"
    assert bytes_to_unicode()[33] == "!"


def test_map_is_a_bijection_and_the_inverse_restores_every_byte():
    """256 distinct aliases; from_aliases(to_aliases(b)) == b for all bytes."""
    assert len(set(bytes_to_unicode().values())) == 256
    everything = bytes(range(256))
    assert len(to_aliases(everything)) == 256
    assert from_aliases(to_aliases(everything)) == everything
    assert unicode_to_bytes() == {c: b for b, c in seed_bytes_to_unicode().items()}


def test_space_and_literal_g_with_dot_differ():
    """Input space is [32] -> 'Ġ'; input 'Ġ' is bytes [196, 160] -> two aliases 'Ä' 'ł'; 你 -> 'ä½ł'."""
    assert list(b" ") == [32]
    assert to_aliases(b" ") == "Ġ"
    assert list("Ġ".encode()) == [196, 160]
    assert to_aliases("Ġ".encode()) == "Äł"
    assert len(to_aliases("Ġ".encode())) == 2
    assert list("你".encode()) == [228, 189, 160]
    assert to_aliases("你".encode()) == "ä½ł"
    assert to_aliases(" 你".encode()) == "Ġä½ł"


def test_from_aliases_rejects_a_character_that_is_not_an_alias():
    """A character outside the 256 aliases (e.g. a real space) cannot be restored to a byte."""
    with pytest.raises(KeyError):
        from_aliases("a b")
