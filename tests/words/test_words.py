"""User-facing words live in shudu.words: every English entry has its Chinese one, the
core layers hold no words, and the web page reads its words from the server."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

import shudu.words

SRC = Path(shudu.words.__file__).resolve().parents[1]   # src/shudu
CORE = ("values", "formats", "solving")
FOUNDATION = ("shudu.errors", "shudu.limits", "shudu._version", "shudu.words")


def _word_modules() -> list[Any]:
    return [importlib.import_module(f"shudu.words.{m.name}")
            for m in pkgutil.iter_modules(shudu.words.__path__)]


def _tables() -> list[tuple[str, dict[str, Any]]]:
    """Every module-level table of words by language: a dict keyed ``en`` and ``zh``."""
    found = []
    for mod in _word_modules():
        for name, value in vars(mod).items():
            if isinstance(value, dict) and set(value) == {"en", "zh"}:
                found.append((f"{mod.__name__}.{name}", value))
    return found


def _shape(value: Any) -> Any:
    """What must match between languages: the keys of dicts, the length of tuples, and
    that every text is there (not empty)."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_shape(v) for v in value]
    assert not isinstance(value, str) or value.strip(), "an empty text"
    return type(value).__name__


def test_the_words_package_has_its_tables() -> None:
    names = {name for name, _ in _tables()}
    assert {"shudu.words.houses.HOUSES", "shudu.words.web.PAGE", "shudu.words.web.API",
            "shudu.words.trace.EVENTS", "shudu.words.walkthrough.WORDS"} <= names


@pytest.mark.parametrize("name, table", _tables(), ids=[n for n, _ in _tables()])
def test_every_english_entry_has_a_chinese_one(name: str, table: dict[str, Any]) -> None:
    en, zh = _shape(table["en"]), _shape(table["zh"])
    if isinstance(en, dict):
        assert not set(en) - set(zh), f"{name}: no Chinese for {sorted(set(en) - set(zh))}"
        assert not set(zh) - set(en), f"{name}: no English for {sorted(set(zh) - set(en))}"
    assert en == zh, name


def _imports(source: str, package: str) -> list[tuple[int, str]]:
    """Every module a file of ``package`` imports, at any depth (inside functions too),
    made absolute."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[:len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            # ``from . import x`` may import a module x
            out += [(node.lineno, base)]
            out += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return out


def _package(path: Path) -> str:
    """The package a file's relative imports start from."""
    name = ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
    return name.removesuffix(".__init__") if path.name == "__init__.py" else \
        name.rpartition(".")[0]


def _offences(folder: str, allowed: Any) -> list[str]:
    bad = []
    for path in sorted((SRC / folder).rglob("*.py")):
        for line, module in _imports(path.read_text(encoding="utf-8"), _package(path)):
            if not allowed(module):
                bad.append(f"{path.relative_to(SRC)}:{line} imports {module}")
    return bad


@pytest.mark.parametrize("layer", CORE)
def test_core_layers_import_no_words_and_no_logic(layer: str) -> None:
    def allowed(module: str) -> bool:
        return not any(module == top or module.startswith(top + ".")
                       for top in ("shudu.words", "shudu.logic"))

    assert _offences(layer, allowed) == []


def test_the_words_import_only_the_foundation() -> None:
    def allowed(module: str) -> bool:
        return not module.startswith("shudu") or any(
            module == top or module.startswith(top + ".") for top in FOUNDATION)

    assert _offences("words", allowed) == []


def test_the_import_check_sees_imports_inside_functions() -> None:
    source = "def f():\n    from ..logic.step import cells_text\n    import shudu.words\n"
    found = _imports(source, "shudu.values")
    assert (2, "shudu.logic.step") in found and (3, "shudu.words") in found
    assert _imports("from . import grid", "shudu.values") == [
        (1, "shudu.values"), (1, "shudu.values.grid")]


def test_the_page_reads_its_words_from_the_server() -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from shudu.web.app import Limits, create_app
    from shudu.words.web import PAGE

    app = create_app(Limits(seconds=2.0, workers=1), port=8767)
    with TestClient(app, base_url="http://127.0.0.1:8767") as client:
        got = client.get("/api/v1/words")
        assert got.status_code == 200 and got.json() == PAGE
        assert "/api/v1/words" in client.get("/api/v1/openapi.json").json()["paths"]
    static = SRC / "web" / "static"
    script = (static / "app.js").read_text(encoding="utf-8")
    page = (static / "index.html").read_text(encoding="utf-8")
    used = set(re.findall(r'\b(?:t|sayWords)\("(\w+)"', script)) | set(
        re.findall(r'dataset\.key = "(\w+)"', script)) | set(
        re.findall(r'data-i18n="(\w+)"', page))
    assert used and used <= set(PAGE["en"]), sorted(used - set(PAGE["en"]))
    assert "/api/v1/words" in script
    assert not re.search(r"[\u4e00-\u9fff]", script), "Chinese words written in app.js"
