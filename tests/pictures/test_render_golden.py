"""Golden pictures: one step per technique family drawn to PNG matches its reference in
tests/golden/render/ within a tolerance (anti-aliasing and the 256-colour palette of the
stored files differ a little; a missing mark, a moved line or another colour does not).

After an intended change to the pictures, regenerate the references with
``.venv/bin/python scripts/regen_golden.py`` and look at them before committing."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from render_support import GOLDEN, GOLDEN_DIR, needs_cairo

REGEN = ".venv/bin/python scripts/regen_golden.py"
MEAN_LIMIT = 2.5
"""Largest mean absolute difference per pixel (0-255, the largest channel)."""
FAR = 96
"""A pixel this far off (in its worst channel) counts as different ..."""
FAR_LIMIT = 5
"""... and at most this many may be (the stored palette alone moves none that far)."""


def pixels(data: bytes) -> np.ndarray:
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"), dtype=np.int16)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The golden pictures drawn in a new process, as ``scripts/regen_golden.py`` draws
    them: Cairo keeps glyph hinting from what a process drew before (a PDF book, say),
    so a picture drawn after other tests may differ by a few glyph pixels."""
    needs_cairo()
    out = tmp_path_factory.mktemp("golden")
    code = ("import sys; from pathlib import Path; from render_support import GOLDEN, "
            "golden_png\nfor f, key in GOLDEN.items(): "
            "(Path(sys.argv[1]) / f'{f}.png').write_bytes(golden_png(key))")
    subprocess.run([sys.executable, "-c", code, str(out)], check=True, timeout=300,
                   cwd=Path(__file__).parents[1])
    return out


@pytest.mark.parametrize("family", list(GOLDEN))
def test_a_step_picture_matches_its_golden_png(family: str, fresh: Path) -> None:
    path = GOLDEN_DIR / f"{family}.png"
    hint = f"if the change is intended, regenerate with {REGEN} {family}"
    assert path.exists(), f"{path} is missing: {hint}"
    want = pixels(path.read_bytes())
    got = pixels((fresh / f"{family}.png").read_bytes())
    assert got.shape == want.shape, f"{family}: size {got.shape} != {want.shape}; {hint}"
    diff = np.abs(got - want).max(axis=2)
    mean, far = float(diff.mean()), int((diff > FAR).sum())
    assert mean <= MEAN_LIMIT and far <= FAR_LIMIT, (
        f"{family}: the picture differs from {path.name} (mean {mean:.2f} > {MEAN_LIMIT} or "
        f"{far} pixels off by more than {FAR} > {FAR_LIMIT}); {hint}")


def test_golden_pictures_stay_small() -> None:
    for family in GOLDEN:
        assert (GOLDEN_DIR / f"{family}.png").stat().st_size <= 30_000, family


def test_the_comparison_sees_a_missing_elimination() -> None:
    """The tolerance is tight enough to catch one eliminated candidate drawn plain."""
    needs_cairo()
    from render_support import GOLDEN_WIDTH, stored
    from shudu.logic.step import Step
    from shudu.pictures import png

    state, step = stored(GOLDEN["fish"])
    fewer = Step(step.technique, eliminations=step.eliminations[1:], digits=step.digits,
                 cells=dict(step.cells), houses=dict(step.houses), size=step.size)
    want = pixels((GOLDEN_DIR / "fish.png").read_bytes())
    got = pixels(png(state, step=fewer, legend=True, size=GOLDEN_WIDTH))
    diff = np.abs(got - want).max(axis=2)
    assert int((diff > FAR).sum()) > FAR_LIMIT or float(diff.mean()) > MEAN_LIMIT
