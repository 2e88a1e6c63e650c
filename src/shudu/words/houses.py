"""Names of houses in English and Chinese: ``row 3`` / ``第3行``, ``the main diagonal`` /
``主对角线``, ``cage r1c12`` / ``杀手笼 r1c12``, and of the moves that make two cells peers.

The functions take any rules object with ``size`` and ``houses`` (each with ``kind``,
``index`` and ``cells``), as :class:`shudu.values.rules.Rules` has: the geometry lives
there, the words here.

>>> from shudu import Rules
>>> house_name(Rules(), 20, "zh"), house_names(Rules(), (1, 7))
('第3宫', 'rows 2 and 8')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .cells import cells_text

__all__ = ["DIAGONALS", "HOUSES", "MOVES", "conflict_house", "house_name", "house_names",
           "relation_name",
           "shared_house"]


class HouseLike(Protocol):
    kind: str
    index: int
    cells: tuple[int, ...]


class RulesLike(Protocol):
    @property
    def size(self) -> int: ...

    @property
    def houses(self) -> Sequence[Any]: ...


HOUSES: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "row": ("row", "rows"),
        "column": ("column", "columns"),
        "box": ("box", "boxes"),
        "region": ("region", "regions"),
        "window": ("window", "windows"),
        "extra": ("extra region", "extra regions"),
        "extra-region": ("extra region", "extra regions"),
        "disjoint": ("disjoint group", "disjoint groups"),
        "cage": ("cage", "cages"),
        "renban": ("renban line", "renban lines"),
        "thermo": ("thermometer", "thermometers"),
        "group": ("group", "groups"),
    },
    "zh": {   # the measure word of ``第3宫``: one form for one and several
        "row": ("行", "行"),
        "column": ("列", "列"),
        "box": ("宫", "宫"),
        "region": ("区", "区"),
        "window": ("窗", "窗"),
        "extra": ("附加区", "附加区"),
        "extra-region": ("附加区", "附加区"),
        "disjoint": ("同位组", "同位组"),
        "cage": ("杀手笼", "杀手笼"),
        "renban": ("连续数线", "连续数线"),
        "thermo": ("温度计", "温度计"),
        "group": ("组", "组"),
    },
}
"""House kind -> name and plural, by language."""

NAMED_BY_CELLS = frozenset({"cage", "renban", "thermo", "group"})
"""House kinds named by their cells rather than a number."""

DIAGONALS = {"en": ("the main diagonal", "the anti-diagonal"), "zh": ("主对角线", "副对角线")}
"""Names of the two diagonals (main: r1c1 to r9c9)."""

MOVES = {
    "en": {"knight": "a knight's move", "king": "a king's move", "shared": "a shared house"},
    "zh": {"knight": "马步", "king": "王步", "shared": "同一区域"},
}
"""Relations that make two cells peers without a house (anti-knight, anti-king)."""


def _lang(lang: str) -> str:
    return "zh" if lang == "zh" else "en"


def _house(rules: RulesLike, index: int) -> HouseLike:
    houses = rules.houses
    if not 0 <= index < len(houses):
        raise ValueError(f"house index must be 0..{len(houses) - 1}, got {index!r}")
    return houses[index]   # type: ignore[no-any-return]


def house_name(rules: RulesLike, index: int, lang: str = "en") -> str:
    """The name players give house ``index`` of ``rules.houses``, in English or Chinese
    (``lang="zh"``): ``row 3``, ``column 3``, ``box 3`` (``region 3`` on a jigsaw),
    ``the main diagonal``, ``the anti-diagonal``, ``window 3``.

    >>> from shudu import Rules
    >>> r = Rules(diagonals=True, windows=True)
    >>> house_name(r, 2), house_name(r, 20, "zh"), house_name(r, 27), house_name(r, 28, "zh")
    ('row 3', '第3宫', 'the main diagonal', '副对角线')
    >>> house_name(r, 31), house_name(r, 31, "zh")
    ('window 3', '第3窗')
    >>> house_name(Rules.from_spec("jigsaw=" + "".join(str(i // 9) for i in range(81))), 21)
    'region 4'
    """
    house = _house(rules, index)
    kind, number, lang = house.kind, house.index, _lang(lang)
    if kind == "diagonal":
        return DIAGONALS[lang][number]
    word = HOUSES[lang][kind][0]
    if kind in NAMED_BY_CELLS:   # a cage of n cells ...: where it is says more
        return f"{word} {cells_text(house.cells, rules.size)}"
    return f"第{number + 1}{word}" if lang == "zh" else f"{word} {number + 1}"


def house_names(rules: RulesLike, indices: Sequence[int], lang: str = "en") -> str:
    """Several houses in words, by :func:`house_name`: houses of one kind share it
    (``rows 2 and 8`` / ``第2、8行``, ``windows 1 and 4``); others are listed.

    >>> from shudu import Rules
    >>> house_names(Rules(), (1, 7)), house_names(Rules(), (1, 7), "zh")
    ('rows 2 and 8', '第2、8行')
    >>> house_names(Rules(diagonals=True), (27, 28), "zh")
    '主对角线和副对角线'
    """
    if not indices:
        return ""
    if len(indices) == 1:
        return house_name(rules, indices[0], lang)
    houses = [_house(rules, h) for h in indices]
    kinds = {h.kind for h in houses}
    kind = next(iter(kinds))
    zh = lang == "zh"
    if len(kinds) == 1 and kind != "diagonal" and kind not in NAMED_BY_CELLS:
        plural = HOUSES[_lang(lang)][kind][1]
        nums = [str(h.index + 1) for h in sorted(houses, key=lambda h: h.index)]
        if zh:
            return f"第{'、'.join(nums)}{plural}"
        return f"{plural} {', '.join(nums[:-1])} and {nums[-1]}"
    names = [house_name(rules, h, lang) for h in indices]
    if kinds == {"diagonal"}:
        return ("和" if zh else " and ").join(names)
    return "、".join(names) if zh else ", ".join(names)


def relation_name(rules: Any, a: int, b: int, lang: str = "en") -> str | None:
    """Name of a house or move that makes two cells peers (``rules.relation``), else ``None``.

    >>> from shudu import Rules
    >>> relation_name(Rules(), 0, 4), relation_name(Rules(), 0, 10), relation_name(Rules(), 0, 80)
    ('row 1', 'box 1', None)
    >>> relation_name(Rules(anti_knight=True), 40, 21)
    "a knight's move"
    >>> relation_name(Rules(diagonals=True), 0, 80, "zh")
    '主对角线'
    """
    got = rules.relation(a, b)
    if got is None:
        return None
    if isinstance(got, str):
        return MOVES[_lang(lang)][got]
    return house_name(rules, got, lang)


def conflict_house(rules: Any, a: int, b: int, lang: str = "en") -> str:
    """Where two peer cells meet, for an error: :func:`relation_name`, else ``a shared
    house``.

    >>> from shudu import Rules
    >>> conflict_house(Rules(), 0, 1), conflict_house(Rules(), 0, 80)
    ('row 1', 'a shared house')
    """
    return relation_name(rules, a, b, lang) or shared_house(lang)


def shared_house(lang: str = "en") -> str:
    """A house two cells share, unnamed: ``a shared house``.

    >>> shared_house(), shared_house("zh")
    ('a shared house', '同一区域')
    """
    return MOVES[_lang(lang)]["shared"]
