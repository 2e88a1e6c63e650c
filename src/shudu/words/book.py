"""Words of a printed book (``shudu book``): the cover's and the solutions' lines, in
English and Chinese.

>>> BOOK["zh"]["puzzles"].format(n=48), BOOK["en"]["solutions"]
('48 道题', 'Solutions')
"""

from __future__ import annotations

__all__ = ["BOOK"]

BOOK: dict[str, dict[str, str]] = {
    "en": {"puzzles": "{n} puzzles", "puzzle": "1 puzzle", "solutions": "Solutions",
           "solutions_at": "Solutions from page {page}", "rules": "Rules: {spec}",
           "scores": "Scores {low:.1f} – {high:.1f}", "score": "Score {low:.1f}"},
    "zh": {"puzzles": "{n} 道题", "puzzle": "1 道题", "solutions": "答案",
           "solutions_at": "答案见第 {page} 页", "rules": "规则：{spec}",
           "scores": "评分 {low:.1f} – {high:.1f}", "score": "评分 {low:.1f}"},
}
"""The book's lines, by language; ``{n}``, ``{page}``, ``{spec}``, ``{low}`` and ``{high}``
are filled in."""
