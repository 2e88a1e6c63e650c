"""The layering the code keeps (docs/ARCHITECTURE.md): who may import whom.

Imports are read from the source: every ``import`` and ``from ... import``, at the top of a
module or inside a function (an import inside a function is still a dependency; hiding a
cycle there is what this test forbids).  ``TYPE_CHECKING`` blocks count for the layer order
(a type named in an annotation is a dependency too) but not for cycles, since they never
run."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "shudu"

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("foundation", ("shudu._version", "shudu.errors", "shudu.limits", "shudu.processes",
                    "shudu._engine", "shudu.words")),
    ("values", ("shudu.values",)),
    ("formats", ("shudu.formats",)),
    ("solving", ("shudu.solving",)),
    ("logic", ("shudu.logic",)),
    ("rating", ("shudu.rating",)),
    ("pictures", ("shudu.pictures",)),
    ("make", ("shudu.make",)),
    ("scan", ("shudu.scan",)),
    ("dask", ("shudu.dask",)),
    ("web", ("shudu.web",)),
    ("cli", ("shudu.cli",)),
    ("entry", ("shudu.__main__",)),
    ("facade", ("shudu",)),
]
"""The layers, bottom to top: a module may import its own layer and the ones below it.
``shudu.words`` (text) sits in the foundation so that any layer may speak, but the core
layers (values, formats, solving) never do (see :func:`test_the_core_imports_no_text`)."""


def _module(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p) for p in SRC.rglob("*.py")} | {"shudu._engine"}


def _imports(path: Path, *, typing: bool) -> set[str]:
    """The shudu modules a file imports: ``from x import y`` names ``x.y`` when that is a
    module and ``x`` otherwise; with ``typing``, ``TYPE_CHECKING`` blocks count too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module(path) if path.name == "__init__.py" else _module(path).rsplit(".", 1)[0]
    skip: set[int] = set()
    if not typing:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skip.update(id(n) for n in ast.walk(node))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("shudu"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if not target.startswith("shudu"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    return found


FILES = {_module(p): p for p in SRC.rglob("*.py")}
GRAPH = {m: _imports(p, typing=False) for m, p in FILES.items()}
TYPED_GRAPH = {m: _imports(p, typing=True) for m, p in FILES.items()}


def _layer(module: str) -> int:
    """The index of ``module``'s layer in :data:`LAYERS` (the longest matching prefix)."""
    best, length = -1, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > length:
                best, length = i, len(p)
    return best


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports in ``graph``, if any."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, set()) - {m}):
            if state.get(n) == 1:
                return [*stack[stack.index(n):], n]
            if n not in state and (found := visit(n)) is not None:
                return found
        state[m] = 2
        stack.pop()
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)) is not None:
            return found
    return None


def test_every_module_has_a_layer() -> None:
    assert not [m for m in FILES if _layer(m) < 0]


def test_no_import_runs_back_up_the_layers() -> None:
    upward = sorted(f"{m} -> {d} ({LAYERS[_layer(m)][0]} imports {LAYERS[_layer(d)][0]})"
                    for m, deps in TYPED_GRAPH.items() for d in deps
                    if _layer(d) > _layer(m))
    assert not upward, "\n".join(upward)


def test_no_import_cycle_at_any_depth() -> None:
    cycle = _cycle(GRAPH)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_core_imports_no_text() -> None:
    core = ("shudu.values", "shudu.formats", "shudu.solving")
    speaking = sorted(f"{m} -> {d}" for m, deps in TYPED_GRAPH.items() if m.startswith(core)
                      for d in deps if d.startswith("shudu.words"))
    assert not speaking, "\n".join(speaking)


@pytest.mark.parametrize("package", sorted(m for m, p in FILES.items() if p.name == "__init__.py"))
def test_every_folder_says_its_purpose(package: str) -> None:
    doc = ast.get_docstring(ast.parse(FILES[package].read_text(encoding="utf-8")))
    assert doc and doc.splitlines()[0].endswith((".", ":")), package


def test_only_two_modules_touch_the_c_extension() -> None:
    users = {m for m, deps in GRAPH.items() if "shudu._engine" in deps}
    assert users == {"shudu.solving.engine", "shudu.logic.accel9"}


def test_the_library_never_imports_the_command_line() -> None:
    library = {m for m in GRAPH if not m.startswith(("shudu.cli", "shudu.__main__"))}
    assert all(not any(d.startswith("shudu.cli") for d in GRAPH[m]) for m in library)
