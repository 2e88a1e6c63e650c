"""Each fact of the C core has one home: the 9x9 board tables in csrc/board9.c, the
technique ids in one X-macro list each, the CPython glue apart from the algorithms."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSRC = Path(__file__).resolve().parents[1] / "csrc"

pytestmark = pytest.mark.skipif(not CSRC.is_dir(), reason="the C sources are not here")


def _sources() -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(CSRC.glob("*.[ch]"))}


def test_board_tables_are_defined_only_in_board9() -> None:
    # A file-level table with one entry per cell or per house (peers, houses, bitboards).
    table = re.compile(r"^(?:static )?const \w+ \w+\[(?:81|27)\]", re.M)
    homes = {name for name, text in _sources().items() if table.search(text)}
    # solve9.c keeps its own band-oriented board on purpose (see board9.h).
    assert homes == {"board9.c", "solve9.c"}


def test_one_bitboard_type() -> None:
    struct = re.compile(r"typedef struct \w*\s*\{\s*uint64_t (?:lo|w\[2\])", re.M)
    homes = {name for name, text in _sources().items() if struct.search(text)}
    assert homes == {"board9.h"}


def test_technique_keys_are_written_once() -> None:
    from shudu import _engine

    text = "".join(_sources().values())
    for key in _engine.DETECTORS:
        assert text.count(f'"{key}"') == 1, key
    for keys in _engine.LADDER9_LEVELS:
        assert text.count('"' + " ".join(keys) + '"') == 1, keys


def test_glue_is_split_by_purpose_and_holds_no_search() -> None:
    sources = _sources()
    assert "enginemodule.c" not in sources
    glue = {name for name, text in sources.items() if "#include <Python.h>" in text}
    assert glue == {"module.h"}
    users = {name for name, text in sources.items() if '#include "module.h"' in text}
    assert users == {"module.c", "py_solve.c", "py_logic.c"}
    assert "closure_rows" in sources["chain.c"]
    assert not any("closure_rows" in sources[name] for name in users)
    assert "PyInit__engine" in sources["module.c"]
    assert not any("s9_init" in text for text in sources.values())
