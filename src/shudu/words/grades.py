"""Grade names in English and Chinese, for every face that names a grade (the walk-through
page, the printed book).

>>> grade("expert", "zh"), grade("hard", "en"), grade("unknown", "zh")
('专家', 'hard', 'unknown')
"""

from __future__ import annotations

__all__ = ["GRADES", "grade"]

GRADES: dict[str, dict[str, str]] = {
    "en": {g: g for g in ("beginner", "easy", "medium", "hard", "expert", "extreme")},
    "zh": {"beginner": "入门", "easy": "简单", "medium": "中等", "hard": "困难",
           "expert": "专家", "extreme": "极难"},
}
"""Grade names (``hard`` -> ``困难``); an unknown grade keeps its English name."""


def grade(name: str, lang: str) -> str:
    """A grade's name in a language (anything but ``zh``: English); an unknown grade keeps
    its English name.

    >>> grade("beginner", "zh")
    '入门'
    """
    return GRADES["zh" if lang == "zh" else "en"].get(name, name)
