"""The layering the code keeps (docs/ARCHITECTURE.md): who may import whom.

Imports are read from the source (every ``import`` and ``from ... import``, at any depth,
``TYPE_CHECKING`` blocks left out, since they never run)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "shudu"


def _module(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The shudu modules a file imports (resolved relative imports)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module(path) if path.name == "__init__.py" else _module(path).rsplit(".", 1)[0]
    skip: set[int] = set()
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
            found.add(target)
            for alias in node.names:   # "from . import solve" imports a module
                where = SRC.parent / Path(*f"{target}.{alias.name}".split("."))
                if list(where.parent.glob(f"{where.name}.*py*")) or list(
                        where.parent.glob(f"{where.name}.*.so")):
                    found.add(f"{target}.{alias.name}")
    return found


GRAPH = {_module(p): _imports(p) for p in SRC.rglob("*.py")}


def _cycle(nodes: set[str]) -> list[str] | None:
    """A cycle of imports among ``nodes``, if any."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(GRAPH.get(m, set()) & nodes - {m}):
            if state.get(n) == 1:
                return [*stack[stack.index(n):], n]
            if n not in state and (found := visit(n)) is not None:
                return found
        state[m] = 2
        stack.pop()
        return None

    for m in sorted(nodes):
        if m not in state and (found := visit(m)) is not None:
            return found
    return None


def test_only_two_modules_touch_the_c_extension() -> None:
    users = {m for m, deps in GRAPH.items() if "shudu._engine" in deps}
    assert users == {"shudu.solving.engine", "shudu.logic.accel9"}


def test_the_command_line_modules_import_no_cycle() -> None:
    cli = {m for m in GRAPH if m.startswith("shudu.cli")}
    assert _cycle(cli) is None, _cycle(cli)


def test_grid_never_imports_formats_or_engine() -> None:
    assert not GRAPH["shudu.values.grid"] & {"shudu.formats", "shudu.solving.engine"}
    assert _cycle({"shudu.values.grid", "shudu.formats", "shudu.solving.engine",
                   "shudu.values.rules"}) is None


def test_the_library_never_imports_the_command_line() -> None:
    library = {m for m in GRAPH if not m.startswith(("shudu.cli", "shudu.__main__"))}
    assert all(not any(d.startswith("shudu.cli") for d in GRAPH[m]) for m in library)
