"""Each fact of the C core has one home: the 9x9 board tables in csrc/engine/board9.c, the
technique ids in one X-macro list each, the CPython glue apart from the algorithms; and its
folders are layers (constraints < engine < logic < python) that include only downwards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSRC = Path(__file__).resolve().parents[2] / "csrc"

pytestmark = pytest.mark.skipif(not CSRC.is_dir(), reason="the C sources are not here")


# The layer folders of csrc/, bottom to top; common.h (compiler spellings) and threads.h
# (threads on every system) sit above them all, for every layer.
LAYERS = ("constraints", "engine", "logic", "python")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def _sources() -> dict[str, str]:
    """The C core's files (not its tests) by path under csrc/, e.g. ``engine/board9.c``."""
    found = (p for p in sorted(CSRC.rglob("*.[ch]")) if p.parent.name != "tests")
    return {p.relative_to(CSRC).as_posix(): p.read_text() for p in found}


def _included(name: str, header: str) -> str:
    """The path under csrc/ of a header that the file name includes: its own folder first,
    then csrc/ itself (the one include directory)."""
    here = (Path(name).parent / header).as_posix()
    return here if (CSRC / here).is_file() else header


def test_every_source_is_in_a_layer_folder() -> None:
    names = set(_sources())
    assert {Path(name).parent.as_posix() for name in names} == {".", *LAYERS}
    assert {name for name in names if "/" not in name} == {"common.h", "threads.h"}


def test_layers_include_only_downwards() -> None:
    # constraints/ and engine/ never include logic/ or python/, logic/ never python/.
    sources = _sources()
    upwards = []
    for name, text in sources.items():
        for header in INCLUDE.findall(text):
            target = _included(name, header)
            assert target in sources, f"{name} includes {header}, which is not in csrc/"
            if "/" not in name or "/" not in target:
                continue  # common.h: included by every layer, includes none
            if LAYERS.index(target.split("/")[0]) > LAYERS.index(name.split("/")[0]):
                upwards.append(f"{name} includes {target}")
    assert not upwards


def test_board_tables_are_defined_only_in_board9() -> None:
    # A file-level table with one entry per cell or per house (peers, houses, bitboards).
    table = re.compile(r"^(?:static )?const \w+ \w+\[(?:81|27)\]", re.M)
    homes = {name for name, text in _sources().items() if table.search(text)}
    # solve9.c keeps its own band-oriented board on purpose (see board9.h).
    assert homes == {"engine/board9.c", "engine/solve9.c"}


def test_one_bitboard_type() -> None:
    struct = re.compile(r"typedef struct \w*\s*\{\s*uint64_t (?:lo|w\[2\])", re.M)
    homes = {name for name, text in _sources().items() if struct.search(text)}
    assert homes == {"engine/board9.h"}


def test_technique_keys_are_written_once() -> None:
    from shudu import _engine

    text = "".join(_sources().values())
    for key in _engine.DETECTORS:
        assert text.count(f'"{key}"') == 1, key
    for keys in _engine.LADDER9_LEVELS:
        assert text.count('"' + " ".join(keys) + '"') == 1, keys


def test_glue_is_split_by_purpose_and_holds_no_search() -> None:
    sources = _sources()
    assert not any(name.endswith("enginemodule.c") for name in sources)
    glue = {name for name, text in sources.items() if "#include <Python.h>" in text}
    assert glue == {"python/module.h"}
    users = {name for name, text in sources.items() if '#include "module.h"' in text}
    assert users == {"python/module.c", "python/py_solve.c", "python/py_logic.c"}
    assert "closure_rows" in sources["logic/chain.c"]
    assert not any("closure_rows" in sources[name] for name in users)
    assert "PyInit__engine" in sources["python/module.c"]
    assert not any("s9_init" in text for text in sources.values())
