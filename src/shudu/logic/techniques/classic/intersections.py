"""Intersections: Locked Candidates (pointing and claiming), Locked Pair and Locked Triple.

When a digit's candidates in one house all lie where it meets a second house, the digit
must go in that intersection, so it can be removed from the rest of the second house.
*Pointing* (type 1): the first house is a box and the digit points along a line.
*Claiming* (type 2): the first house is a row or column and the second a box.

>>> from shudu.logic.solver import as_candidates
>>> from shudu.logic.techniques.classic.subsets import EASY, HARD
>>> c = as_candidates(HARD)
>>> next(find_pointing(c)).notation()
'Locked Candidates Type 1 (Pointing): 7 in b3 => r2c13<>7'

A Locked Pair/Triple is a naked pair/triple whose cells share a line and a box and which
clears candidates from both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from ....values.candidates import Candidates, bits, geometry
from ....values.rules import Rules
from ... import accel9
from ...registry import Technique, register
from ...render import digits_text, house_text, result_text
from ...step import Step, candidates_text, cells_text
from .subsets import naked_subsets, subset_notation, subset_step, subset_where

__all__ = [
    "find_claiming",
    "find_locked_pair",
    "find_locked_triple",
    "find_pointing",
    "house_labels",
]

_BOXLIKE = ("box", "region", "window")


_Pairs = tuple[tuple[int, int, int], ...]


@lru_cache(maxsize=32)
def _pairs(rules: Rules) -> tuple[_Pairs, _Pairs]:
    """(pointing pairs, claiming pairs): ``(first house, second house, intersection mask)``
    for every two houses meeting in at least two cells."""
    geo = geometry(rules)
    pointing: list[tuple[int, int, int]] = []
    claiming: list[tuple[int, int, int]] = []
    masks = geo.house_mask
    for a, ha in enumerate(geo.houses):
        for b in range(len(masks)):
            if a == b:
                continue
            inter = masks[a] & masks[b]
            if inter.bit_count() < 2 or inter == masks[a]:
                continue
            (pointing if ha.kind in _BOXLIKE else claiming).append((a, b, inter))
    return tuple(pointing), tuple(claiming)


def _locked(cands: Candidates, pointing: bool) -> Iterator[Step]:
    geo = cands.geo
    n = geo.n
    masks = geo.house_mask
    pairs = _pairs(geo.rules)[0 if pointing else 1]
    for a, b, inter in pairs:
        for d in range(n):
            dm = cands.digit_mask[d]
            here = dm & masks[a]
            if not here or here & ~inter or here.bit_count() < 2:
                continue
            if dm & masks[b] & ~masks[a]:
                yield _locked_step(cands, pointing, a, b, d + 1)


def _locked_step(cands: Candidates, pointing: bool, a: int, b: int, digit: int) -> Step:
    """The step of a digit of house ``a`` confined to where it meets house ``b``."""
    masks = cands.geo.house_mask
    dm = cands.digit_mask[digit - 1]
    return Step("pointing" if pointing else "claiming",
                eliminations=((c, digit) for c in bits(dm & masks[b] & ~masks[a])),
                digits=(digit,), cells={"base": tuple(bits(dm & masks[a]))},
                houses={"base": (a,), "cover": (b,)}, size=cands.geo.n)


def _first9(pointing: bool) -> Callable[[Candidates], Step | None]:
    """The first step of a locked candidates finder on a classic 9x9 state, found by the
    C core."""

    def first(cands: Candidates) -> Step | None:
        got = accel9.locked(cands, pointing)
        return None if got is None else _locked_step(cands, pointing, *got)

    return first


def find_pointing(cands: Candidates) -> Iterator[Step]:
    """Locked Candidates type 1: a digit of a box confined to one line (or other house).

    >>> from shudu.logic.solver import as_candidates
    >>> from shudu.logic.techniques.classic.subsets import EASY, HARD
    >>> c = as_candidates(HARD)
    >>> s = next(find_pointing(c)); s.digits, s.role_houses("base"), s.role_houses("cover")
    ((7,), (20,), (1,))
    """
    return _locked(cands, True)


def find_claiming(cands: Candidates) -> Iterator[Step]:
    """Locked Candidates type 2: a digit of a row or column confined to one box.

    >>> from shudu.logic.solver import as_candidates
    >>> from shudu.logic.techniques.classic.subsets import EASY, HARD
    >>> c = as_candidates(HARD)
    >>> all(s.info.code == "0101" for s in find_claiming(c))
    True

    >>> c = as_candidates("..71235..3516497..629578341..64.2.35.32.."
    ...                   ".4..5943..2.....9.61.4.65214..3......6..")
    >>> next(find_claiming(c)).notation()
    'Locked Candidates Type 2 (Claiming): 8 in r2 => r1c89<>8'
    """
    return _locked(cands, False)


def find_locked_pair(cands: Candidates) -> Iterator[Step]:
    """A naked pair in one line and one box that clears candidates from both.

    >>> from shudu.logic.solver import as_candidates
    >>> from shudu.logic.techniques.classic.subsets import EASY, HARD
    >>> c = as_candidates(EASY)
    >>> all(len(s.digits) == 2 for s in find_locked_pair(c))
    True

    >>> c = as_candidates("6.......8..2....7.94.........15.98..79..."
    ...                   ".5.2.....4..916...5.2......2..5..3961...")
    >>> next(find_locked_pair(c)).notation()
    'Locked Pair: 4/7 in r9c79 => r7c79<>4, r8c78<>4, r9c18<>4, r7c79<>7, r8c7<>7, r9c2<>7'
    """
    n = cands.geo.n
    for sub in naked_subsets(cands, 2):
        if sub.locked:
            yield subset_step("locked-pair", sub, n)


def find_locked_triple(cands: Candidates) -> Iterator[Step]:
    """A naked triple in one line and one box that clears candidates from both.

    >>> from shudu.logic.solver import as_candidates
    >>> from shudu.logic.techniques.classic.subsets import EASY, HARD
    >>> c = as_candidates(EASY)
    >>> all(len(s.digits) == 3 for s in find_locked_triple(c))
    True

    >>> c = as_candidates("..2.54.37743...8.5..573.2..571...48949658"
    ...                   "7123238419576.5.6....2.....235..29..5...")
    >>> next(find_locked_triple(c)).notation()
    'Locked Triple: 4/7/9 in r789c5 => r2c5<>9, r8c4<>9'
    """
    n = cands.geo.n
    for sub in naked_subsets(cands, 3):
        if sub.locked:
            yield subset_step("locked-triple", sub, n)


# ---------------------------------------------------------------------- words
def house_labels(houses: Iterable[int], size: int = 9) -> str:
    """Compact HoDoKu-style labels of house indices: rows ``r``, columns ``c``, boxes ``b``.

    >>> house_labels((1, 7)), house_labels((10, 12, 20)), house_labels((0, 9), 16)
    ('r28', 'c24b3', 'r1,10')
    """
    groups: dict[str, list[int]] = {}
    for h in sorted(houses):
        kind, index = divmod(h, size)
        letter = "rcb"[kind] if kind < 3 else "x"
        groups.setdefault(letter, []).append(index + 1 if kind < 3 else h - 3 * size + 1)
    out = []
    for letter in "rcbx":
        if letter in groups:
            nums = groups[letter]
            sep = "," if size > 9 or letter == "x" else ""
            out.append(letter + sep.join(str(i) for i in nums))
    return "".join(out)


def _lc_where(step: Step, lang: str) -> str:
    house = house_text(step, step.role_houses("base")[0], lang)
    digit = digits_text(step.digits, lang, step.size)
    return f"看看{house}中的{digit}。" if lang == "zh" else f"Look at {digit} in {house}."


def _lc_explain(step: Step, lang: str) -> str:
    first = house_text(step, step.role_houses("base")[0], lang)
    second = house_text(step, step.role_houses("cover")[0], lang)
    digit = step.digits[0]
    cells = cells_text(step.role_cells("base"), step.size)
    gone = cells_text([c for c, _ in step.eliminations], step.size)
    if lang == "zh":
        return (f"在{first}中，数字 {digit} 只能填在 {cells}，这些格都在{second}里；"
                f"所以{second}的 {digit} 必定在这几格之中，{second}的其他格 {gone} "
                f"可以删除候选数 {digit}。")
    return (f"In {first}, {digit} can only go in {cells}, which all lie in {second}; so the "
            f"{digit} of {second} must be one of these cells, and {digit} can be removed "
            f"from the other cells of {second}: {gone}.")


def _lc_notation(step: Step) -> str:
    base = house_labels(step.role_houses("base"), step.size)
    return (f"{step.name}: {step.digits[0]} in {base} => "
            f"{candidates_text(step.eliminations, step.size)}")


def _locked_subset_explain(step: Step, lang: str) -> str:
    cells = step.role_cells("subset")
    k = len(cells)
    n = step.size
    names = [f"r{c // n + 1}c{c % n + 1}" for c in cells]
    common = step.role_houses("common") or step.role_houses("house")
    houses = [house_text(step, h, lang) for h in common]
    digs = [str(d) for d in step.digits]
    result = result_text(step, lang)
    if lang == "zh":
        return (f"{step.info.name_zh}：{'、'.join(names)} 只含候选数 {'、'.join(digs)}，"
                f"而且同在{'和'.join(houses)}中，"
                f"这{'两' if k == 2 else '三'}个数字必定填在这几格里，"
                f"所以这些区域的其他格都不能填它们：{result}。")
    return (f"{step.name}: {', '.join(names[:-1])} and {names[-1]} hold only the candidates "
            f"{', '.join(digs[:-1])} and {digs[-1]} and share {' and '.join(houses)}, so these "
            f"digits must go in these cells and can be removed from every other cell of those "
            f"houses: {result}.")


register(Technique.of("pointing", find_pointing, _lc_where, _lc_explain, _lc_notation,
                      first9=_first9(True),
                      aliases=("locked candidates type 1", "locked candidates 1", "lc1",
                               "box-line reduction pointing")))
register(Technique.of("claiming", find_claiming, _lc_where, _lc_explain, _lc_notation,
                      first9=_first9(False),
                      aliases=("locked candidates type 2", "locked candidates 2", "lc2",
                               "box-line reduction", "line-box reduction")))
register(Technique.of("locked-pair", find_locked_pair, subset_where, _locked_subset_explain,
                      subset_notation))
register(Technique.of("locked-triple", find_locked_triple, subset_where, _locked_subset_explain,
                      subset_notation))
