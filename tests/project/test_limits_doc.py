"""docs/limits.md lists every cap of ``shudu.limits`` and every exit code of the command
line, each with its value: the page and the code cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path

from shudu import limits
from shudu.cli import common

PAGE = Path(__file__).resolve().parents[2] / "docs" / "limits.md"


def _rows() -> dict[str, str]:
    """The page's table rows by the constant they name (in backticks, first column)."""
    rows: dict[str, str] = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*`([A-Z][A-Z0-9_]+)`\s*\|(.*)", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def _caps(module: object, prefix: str = "") -> dict[str, object]:
    return {name: value for name, value in vars(module).items()
            if name.isupper() and name.startswith(prefix)
            and isinstance(value, (int, float)) and not isinstance(value, bool)}


def _shown(value: object) -> set[str]:
    """How a value may be written: 64, 64.0, 1,000,000 or 1 000 000."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    forms = {str(value)}
    if isinstance(value, int):
        forms |= {f"{value:,}", f"{value:,}".replace(",", " ")}
    return forms


def test_every_cap_is_on_the_page_with_its_value() -> None:
    rows = _rows()
    caps = _caps(limits)
    assert caps, "shudu.limits defines no caps"
    for name, value in caps.items():
        assert name in rows, f"docs/limits.md has no row for {name}"
        cells = rows[name]
        assert any(re.search(rf"(?<![\d,.]){re.escape(form)}(?![\d,])", cells)
                   for form in _shown(value)), f"{name} = {value} is not on its row: {cells}"


def test_every_exit_code_is_on_the_page() -> None:
    rows = _rows()
    for name, value in _caps(common, "EXIT_").items():
        assert name in rows, f"docs/limits.md has no row for the exit code {name}"
        assert str(value) in rows[name]


def test_the_page_names_no_cap_that_is_gone() -> None:
    known = set(_caps(limits)) | set(_caps(common, "EXIT_")) | set(_caps(common, "SOLVE_EXIT_"))
    assert not set(_rows()) - known
