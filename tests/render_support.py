"""Helpers of the picture tests: parse an SVG, find elements by class, stored technique
states, and the stop when CairoSVG or the Cairo library is missing."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from shudu.logic.registry import technique
from shudu.logic.step import Step
from shudu.values.candidates import Candidates
from shudu.values.rules import Rules

NS = "{http://www.w3.org/2000/svg}"
STATES = Path(__file__).resolve().parent / "fixtures" / "technique_states.json"


def parse(text: str) -> ET.Element:
    """The root of an SVG picture (fails on invalid XML)."""
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def with_class(root: ET.Element, name: str, tag: str | None = None) -> list[ET.Element]:
    """Elements whose class list holds ``name`` (optionally of one tag)."""
    return [e for e in root.iter() if name in e.get("class", "").split()
            and (tag is None or e.tag == f"{NS}{tag}")]


def cell_groups(root: ET.Element) -> dict[str, ET.Element]:
    """``r1c1`` -> the cell's group."""
    return {g.get("data-cell", ""): g for g in with_class(root, "cell", "g")}


@cache
def _entries() -> dict[str, list[dict]]:
    return json.loads(STATES.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def entry_state(entry: dict) -> Candidates:
    """The pencilmark state of a stored entry of ``technique_states.json`` (with its
    constraints, when it has ``rules``)."""
    text = entry["candidates"]
    masks = [sum(1 << (int(ch) - 1) for ch in text[9 * c:9 * c + 9] if ch != ".")
             for c in range(81)]
    values = [int(ch) if ch != "." else 0 for ch in entry["values"]]
    rules = Rules.from_dict(entry["rules"]) if "rules" in entry else Rules(9)
    cands = Candidates.from_masks(rules, masks, values)
    cands.givens = bytes(int(ch) if ch != "." else 0 for ch in entry["givens"])
    return cands


def stored(key: str, index: int = 0) -> tuple[Candidates, Step]:
    """A stored state of technique ``key`` and its stored step, found again."""
    entry = _entries()[key][index]
    want = ({tuple(p) for p in entry["placements"]}, {tuple(e) for e in entry["eliminations"]})
    for k, step in enumerate(technique(key).find(entry_state(entry))):
        if (set(step.placements), set(step.eliminations)) == want:
            return entry_state(entry), step
        if k > 5000:
            break
    pytest.fail(f"{key}: the stored step {entry['notation']} is no longer found "
                "(see scripts/find_technique_states.py)")


def needs_cairo() -> None:
    """Stop a test that draws PNG or PDF when CairoSVG or libcairo is missing: a skip
    locally, a failure under ``CI``."""
    from shudu.pictures import cairo_problem

    problem = cairo_problem()
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{problem} (required when CI is set)", pytrace=False)
    pytest.skip(problem)


GOLDEN_DIR = Path(__file__).resolve().parent / "golden" / "render"
"""Reference PNGs of one step per technique family (``scripts/regen_golden.py``)."""
GOLDEN = {
    "singles": "hidden-single",
    "intersections": "pointing",
    "subsets": "naked-triple",
    "fish": "finned-x-wing",
    "wings": "xy-wing",
    "uniqueness": "ur-type-1",
    "als": "als-xz",
    "single-digit-patterns": "skyscraper",
    "colouring": "simple-colors-trap",
    "chains": "aic",
    "forcing": "forcing-chain-contradiction",
    "lines": "between-line",
}
"""Family -> the technique whose first stored step stands for it."""
GOLDEN_WIDTH = 300
"""Width in pixels of a golden picture."""


def golden_png(key: str) -> bytes:
    """The PNG a golden picture holds: the stored step of ``key`` drawn with its legend."""
    from shudu.pictures import png

    state, step = stored(key)
    return png(state, step=step, legend=True, size=GOLDEN_WIDTH)
