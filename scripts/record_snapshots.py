"""Record what the public API answers for fixed inputs, so a redesign can prove it changed
nothing: the rating of every puzzle of the SE set (``se_ratings.tsv``) and the puzzles the
generators make for fixed seeds.

Writes ``tests/fixtures/snapshots/ratings.txt`` (``<puzzle> <score> <pearl> <diamond>
<grade> <hardest> <steps>``) and ``generated.jsonl`` (one case and its result per line);
``tests/project/test_snapshots.py`` computes them again and compares.  Regenerate only when a
change of answers is intended, and say why in the commit:

    .venv/bin/python scripts/record_snapshots.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import shudu

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "tests" / "fixtures" / "snapshots"

#: The generator cases: (maker, rules, options).  ``maker`` is ``generate`` or a clue kind.
GENERATED: list[tuple[str, str | None, dict[str, Any]]] = [
    ("generate", None, {"seed": 1, "symmetry": "180", "grade": "medium"}),
    ("generate", None, {"seed": 2, "grade": "easy"}),
    ("generate", None, {"seed": 3, "grade": "hard", "symmetry": "90"}),
    ("generate", None, {"seed": 4, "technique": "x-wing"}),
    ("generate", None, {"seed": 5, "score": "3.0-4.0"}),
    ("generate", None, {"seed": 6, "minimal": True}),
    ("generate", "6", {"seed": 7}),
    ("generate", "x+anti-knight", {"seed": 8, "rated": True}),
    ("generate", "16", {"seed": 9}),
    ("killer", None, {"seed": 1, "grade": "easy"}),
    ("killer", None, {"seed": 2}),
    ("thermo", None, {"seed": 1}),
    ("arrow", None, {"seed": 2, "grade": "easy"}),
    ("kropki", None, {"seed": 3}),
]


def rating_line(puzzle: str) -> str:
    """The snapshot line of one puzzle's rating."""
    r = shudu.rate(puzzle)
    return f"{puzzle} {r.score} {r.pearl} {r.diamond} {r.grade} {r.hardest} {r.steps}"


def generated_line(maker: str, rules: str | None, options: dict[str, Any]) -> str:
    """The snapshot line of one generator case: the case and the result as JSON."""
    if maker == "generate":
        g = shudu.generate(rules, **options)
    elif maker == "killer":
        from shudu.make.killer import generate_killer
        g = generate_killer(rules, **options)
    else:
        from shudu.make.variants import generate_variant
        g = generate_variant(maker, rules, **options)
    return json.dumps({"maker": maker, "rules": rules, "options": options,
                       "result": g.to_dict()}, sort_keys=True, ensure_ascii=False)


def se_puzzles() -> list[str]:
    """The puzzles of the SE set, in file order."""
    rows = (DATA / "se_ratings.tsv").read_text().splitlines()[1:]
    return [row.split("\t")[1] for row in rows if row.strip()]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "ratings.txt").write_text("".join(rating_line(p) + "\n" for p in se_puzzles()))
    (OUT / "generated.jsonl").write_text(
        "".join(generated_line(*case) + "\n" for case in GENERATED), encoding="utf-8")


if __name__ == "__main__":
    main()
