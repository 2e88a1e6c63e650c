"""Regenerate the golden pictures of the picture tests (tests/golden/render/*.png).

One step per technique family (``GOLDEN`` in tests/render_support.py), drawn from its
stored state in tests/fixtures/technique_states.json with ``shudu.pictures.png`` and the
legend, then stored as a 256-colour PNG to stay small.  Run after an intended change to the
pictures, look at the new files, and commit them:

    .venv/bin/python scripts/regen_golden.py            # every family
    .venv/bin/python scripts/regen_golden.py fish als   # some of them
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from render_support import GOLDEN, GOLDEN_DIR, golden_png  # noqa: E402

COLOURS = 256
"""Palette size of a stored golden picture."""


def stored_png(raw: bytes) -> bytes:
    """``raw`` as the small palette PNG that is committed."""
    from PIL import Image

    image = Image.open(io.BytesIO(raw)).convert("RGB")
    small = image.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str]) -> int:
    families = argv or list(GOLDEN)
    unknown = [f for f in families if f not in GOLDEN]
    if unknown:
        print(f"unknown families: {', '.join(unknown)} (known: {', '.join(GOLDEN)})",
              file=sys.stderr)
        return 2
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for family in families:
        data = stored_png(golden_png(GOLDEN[family]))
        path = GOLDEN_DIR / f"{family}.png"
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT)}: {GOLDEN[family]}, {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
