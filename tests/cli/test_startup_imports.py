"""What starting the command line and the package imports: ``shudu solve PUZZLE`` loads
the engine, the line reader and the grid printer, and nothing of logic, rating, pictures,
generation, the other readers and writers, or the libraries behind them; ``shudu
--version`` and ``import shudu`` load neither click nor :mod:`typing`.

Each case is a new process; what it imported is compared with what a bare interpreter
of the same environment imports, so that modules the environment loads at start (a
``sitecustomize``, coverage) do not count.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"

_REPORT = """
import sys
before = set(sys.modules)
{body}
sys.stdout.flush()
print(" ".join(sorted(set(sys.modules) - before)), file=sys.stderr)
"""

_CLI = """
sys.argv = ["shudu", *{args!r}]
from shudu.cli import main
try:
    main()
except SystemExit as e:
    print("exit", e.code)
"""

HEAVY = (
    "shudu.logic", "shudu.rating", "shudu.pictures", "shudu.make", "shudu.words",
    "shudu.scan", "shudu.web", "shudu.dask", "shudu.solving.methods", "shudu.values.candidates",
    "shudu.values.constraints", "shudu.formats.pencilmarks", "shudu.formats.json_puzzles",
    "shudu.formats.jsontext", "shudu.formats.tables",
    "shudu.formats.fpuzzles", "shudu.formats.sudokupad", "shudu.formats.ipuz",
    "shudu.formats.killer", "shudu.cli.check", "shudu.cli.explain", "shudu.cli.rate",
    "json", "csv", "pathlib", "tqdm", "numpy", "PIL", "cairosvg", "multiprocessing",
    "concurrent.futures", "importlib.metadata",
)
"""Modules (and packages, with everything under them) that ``shudu solve PUZZLE`` with
its default output never needs."""


def _imported(body: str) -> tuple[str, set[str]]:
    """Run ``body`` in a new interpreter importing this checkout: (its stdout, the modules
    it imported beyond those loaded before ``body`` ran)."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    done = subprocess.run([sys.executable, "-c", _REPORT.format(body=body)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout, set(done.stderr.split())


def _under(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules of ``modules`` that are one of ``names`` or inside one of them.

    >>> _under({"json", "json.decoder", "jsonschema", "shudu.logic.step"}, ("json", "shudu.logic"))
    ['json', 'json.decoder', 'shudu.logic.step']
    """
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_solve_loads_the_engine_and_nothing_heavy() -> None:
    out, modules = _imported(_CLI.format(args=["solve", HARD17]))
    assert out.split()[-2:] == ["exit", "0"]
    assert "".join(out.split()[:-2]).replace("|", "").replace("-", "").replace("+", "") \
        == SOLUTION
    assert {"shudu.solving.engine", "shudu._engine", "shudu.formats.lines", "click"} <= modules
    assert _under(modules, HEAVY) == []
    assert "shudu.formats.writing" not in modules   # the grid printer is all it needs


@pytest.mark.parametrize("args", [["solve", "--output", "line", HARD17],
                                  ["solve", "--count", HARD17]])
def test_other_outputs_of_one_line_load_no_reader_of_other_notations(args: list[str]) -> None:
    """``--output`` checks its choice among the notations written (the writers' module,
    which imports JSON, CSV and candidate grids only for those notations)."""
    out, modules = _imported(_CLI.format(args=args))
    assert out.split()[-2:] == ["exit", "0"]
    assert out.split()[0] in (SOLUTION, "1")
    assert _under(modules, HEAVY) == []


def test_version_loads_neither_click_nor_typing() -> None:
    out, modules = _imported(_CLI.format(args=["--version"]))
    assert out.startswith("shudu ")
    assert _under(modules, ("click", "typing", "re", "shudu.formats", "shudu.values")) == []


def test_import_shudu_loads_only_the_version() -> None:
    out, modules = _imported("import shudu; print(shudu.__version__)")
    assert out.strip().count(".") == 2
    assert _under(modules, ("shudu",)) == ["shudu", "shudu._version"]
    assert _under(modules, ("typing", "re", "click", "importlib.util")) == []


def test_the_lazy_names_still_arrive() -> None:
    """Names of the lazy packages are there when asked for, and ``dir`` lists them."""
    out, modules = _imported(
        "import shudu, shudu.formats as f; "
        "print(f.write(f.parse('1234341221434321'), 'line').strip(), "
        "'write' in dir(f), 'solve' in dir(shudu), shudu.count('.' * 16, 1000, 4))")
    assert out.split() == ["1234341221434321", "True", "True", "288"]
    assert "shudu.formats.writing" in modules
