"""Bivalue Universal Grave types 1 (several BUG digits), 2, 3 and 4 (BUG+1 is in
:mod:`.uniqueness`).

A BUG is a state where every unsolved cell has two candidates and every digit two
places in each house: it has zero or two solutions.  When a few *BUG cells* have more
candidates, and removing one *BUG digit* from each (the digit that has three places in
its houses) would leave a BUG, a unique puzzle needs at least one BUG cell to take its
BUG digit:

* type 1: one BUG cell, with two BUG digits or more: it takes one of them (with one
  BUG digit this is BUG+1);
* type 2: all the BUG cells have the same BUG digit ``x``: any cell that sees all of
  them cannot be ``x``;
* type 3: the BUG cells share a house: together they act as one cell holding their BUG
  digits, which forms a naked set with other cells of the house;
* type 4: two BUG cells share a house and one digit ``y`` besides their BUG digits,
  which in the BUG would have its two places of the house there: one of them is ``y``
  and the other its BUG digit, so both lose their third candidate.

The BUG cells and digits are found as Sudoku Explainer finds them; SE weighs type 1 5.6,
types 2 and 4 5.7 and type 3 5.7 plus 0.1 per digit of the naked set beyond one.

>>> from shudu import Grid
>>> from shudu.values.candidates import Candidates
>>> list(find_bug_type2(Candidates.from_grid(Grid.empty())))
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from ....values.candidates import Candidates, Geometry, bits, digits_in, first_bit, state_memo
from ...registry import Technique, register
from ...render import house_text, result_text
from ...step import Step, candidates_text, cells_text
from .uniqueness import _houses_only

__all__ = ["bug_cells", "find_bug_type1", "find_bug_type2", "find_bug_type3",
           "find_bug_type4"]

KEYS = ("bug-type-1", "bug-type-2", "bug-type-3", "bug-type-4")

# BUG cells in the order found, each with the mask of its BUG digits (0-based bits)
_Bug = tuple[tuple[int, int], ...]


def bug_cells(cands: Candidates) -> _Bug:
    """The BUG cells of a state with their BUG digits (bit masks, 0-based), or ``()``
    when removing BUG digits leaves no BUG (computed once per state).

    >>> from shudu import Grid
    >>> bug_cells(Candidates.from_grid(Grid.empty()))
    ()
    """
    return state_memo(cands, "bug-cells", _find_bug)


def _find_bug(cands: Candidates) -> _Bug:
    geo = cands.geo
    if not _houses_only(geo):
        return ()
    cm = cands.cell_mask
    dm = cands.digit_mask
    # types 2-4 need BUG cells that one cell sees (type 2) or one house holds (3, 4):
    # no more than a cell's peers (type 1 is BUG+1's)
    if sum(1 for m in cm if m.bit_count() > 2) > _max_peers(geo):
        return ()
    found: dict[int, int] = {}
    for hm in geo.house_mask:
        for d in range(geo.n):
            pos = dm[d] & hm
            k = pos.bit_count()
            if k == 0 or k == 2:
                continue
            wide = [c for c in bits(pos) if cm[c].bit_count() >= 3]
            if not wide:
                return ()   # a digit with 1 or 3+ places and no cell to blame: no BUG
            if len(wide) == 1:
                found[wide[0]] = found.get(wide[0], 0) | 1 << d
    if not found:
        return ()
    rest = list(cm)
    for c, m in found.items():
        rest[c] &= ~m
    if any(m and m.bit_count() != 2 for m in rest):
        return ()
    for hm in geo.house_mask:
        for d in range(geo.n):
            k = sum(1 for c in bits(hm) if rest[c] >> d & 1)
            if k not in (0, 2):
                return ()
    return tuple(found.items())


@lru_cache(maxsize=32)
def _max_peers(geo: Geometry) -> int:
    return max(m.bit_count() for m in geo.peer_mask)


def find_bug_type1(cands: Candidates) -> Iterator[Step]:
    """One BUG cell with several BUG digits (four or more candidates): it must take one
    of them, so it loses its other candidates.  (With three candidates this is BUG+1,
    ``bug-plus-1``.)

    >>> from shudu import Grid
    >>> list(find_bug_type1(Candidates.from_grid(Grid.empty())))
    []
    """
    bug = bug_cells(cands)
    if len(bug) != 1:
        return
    ((cell, digits),) = bug
    m = cands.cell_mask[cell]
    if m.bit_count() < 4:
        return
    elims = [(cell, d + 1) for d in bits(m & ~digits)]
    if elims:
        yield Step("bug-type-1", eliminations=elims, digits=digits_in(digits),
                   cells={"bug": (cell,)}, size=cands.geo.n)


def _several(cands: Candidates) -> tuple[_Bug, int]:
    """The BUG cells when there are two or more, with the union of their BUG digits
    (``((), 0)`` otherwise)."""
    bug = bug_cells(cands)
    if len(bug) < 2:
        return (), 0
    digits = 0
    for _, m in bug:
        digits |= m
    return bug, digits


def find_bug_type2(cands: Candidates) -> Iterator[Step]:
    """Several BUG cells with the same one BUG digit ``x``: one of them is ``x``, so any
    cell that sees all of them cannot be ``x``.

    >>> from shudu import Grid
    >>> list(find_bug_type2(Candidates.from_grid(Grid.empty())))
    []

    On the walk of a puzzle SE rates with it:

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of("7......3...173..4......9..8...8.12......."
    ...                "2..9...673.8.1.3..7..6...2...1..26...7..", keep_steps=True)
    >>> next(s.step.notation() for s in walk if s.technique == "bug-type-2")
    'Bivalue Universal Grave Type 2: r1c69 on 5 => r1c47<>5'
    """
    bug, digits = _several(cands)
    if digits.bit_count() != 1:
        return
    cells = [c for c, _ in bug]
    x = first_bit(digits)
    elim = cands.geo.common_peers(cells) & cands.digit_mask[x]
    if elim:
        yield Step("bug-type-2", eliminations=[(c, x + 1) for c in bits(elim)],
                   digits=(x + 1,), cells={"bug": tuple(cells)}, size=cands.geo.n)


def _shared_houses(cands: Candidates, cells: list[int]) -> list[int]:
    geo = cands.geo
    return [h for h in geo.cell_houses[cells[0]]
            if all(geo.house_mask[h] >> c & 1 for c in cells)]


def find_bug_type3(cands: Candidates) -> Iterator[Step]:
    """BUG cells in one house: one of them takes a BUG digit, so they act as one cell
    holding all their BUG digits, which forms a naked set with other cells of the house.

    >>> from shudu import Grid
    >>> list(find_bug_type3(Candidates.from_grid(Grid.empty())))
    []

    On the walk of a puzzle SE rates with it:

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of("....6.2.9...3..6..81...7..4...8........."
    ...                "..7...2..1.96..8...9.4.142.78...93......7", keep_steps=True)
    >>> next(s.step.notation() for s in walk if s.technique == "bug-type-3")
    'Bivalue Universal Grave Type 3: r5c36 on 6,9 => r5c4<>6, r5c5<>9'
    """
    bug, digits = _several(cands)
    if digits.bit_count() < 2:
        return
    geo = cands.geo
    cm = cands.cell_mask
    cells = [c for c, _ in bug]
    bmask = 0
    for c in cells:
        bmask |= 1 << c
    for h in _shared_houses(cands, cells):
        others = [c for c in bits(geo.house_mask[h] & ~bmask) if cm[c]]
        for degree in range(2, 7):
            if len(others) < degree:
                break
            for subset in combinations(others, degree - 1):
                union = 0
                for c in subset:
                    if cm[c].bit_count() < 2:
                        break
                    union |= cm[c]
                else:
                    if union.bit_count() != degree or (union | digits).bit_count() != degree:
                        continue
                    naked = union | digits
                    smask = 0
                    for c in subset:
                        smask |= 1 << c
                    elims = [(c, d + 1) for c in others if not smask >> c & 1
                             for d in bits(cm[c] & naked)]
                    if elims:
                        yield Step("bug-type-3", eliminations=elims,
                                   digits=digits_in(digits),
                                   cells={"bug": tuple(cells), "subset": subset},
                                   houses={"house": (h,)}, size=geo.n,
                                   extra={"locked": "".join(map(str, digits_in(naked)))})


def find_bug_type4(cands: Candidates) -> Iterator[Step]:
    """Two BUG cells of a house that share one other digit ``y``: one of them is ``y``
    and the other its BUG digit, so each loses its remaining candidate.

    >>> from shudu import Grid
    >>> list(find_bug_type4(Candidates.from_grid(Grid.empty())))
    []

    On the walk of a puzzle SE rates with it:

    >>> from shudu.logic.weighed import Walk
    >>> walk = Walk.of("........1.78.2....42..7..8..83197......5"
    ...                "..3....9...1.....9.35....2....7..9..8....", keep_steps=True)
    >>> next(s.step.notation() for s in walk if s.technique == "bug-type-4")
    'Bivalue Universal Grave Type 4: r23c6 on 1 => r2c6<>5, r3c6<>9'
    """
    bug = bug_cells(cands)
    if len(bug) != 2:
        return
    (c1, m1), (c2, m2) = bug
    cm = cands.cell_mask
    digits = m1 | m2
    common = cm[c1] & cm[c2] & ~digits
    if common.bit_count() != 1:
        return
    y = first_bit(common)
    houses = _shared_houses(cands, [c1, c2])
    if not houses:
        return
    elims = [(c, d + 1) for c, m in bug for d in bits(cm[c] & ~m & ~common)]
    if elims:
        yield Step("bug-type-4", eliminations=elims, digits=(y + 1, *digits_in(digits)),
                   cells={"bug": (c1, c2)}, houses={"house": (houses[0],)},
                   size=cands.geo.n, extra={"y": y + 1})


def _weigh(step: Step, base: float) -> float:
    locked = step.get("locked")
    if isinstance(locked, str) and locked:
        return round(base + (len(locked) - 1) * 0.1, 1)
    return base


# ---------------------------------------------------------------------- words
def _c(step: Step, cells: tuple[int, ...]) -> str:
    return cells_text(cells, step.size)


def _where(step: Step, lang: str) -> str:
    cells = _c(step, step.role_cells("bug"))
    if lang == "zh":
        return f"几乎所有未解格都只剩两个候选数，看看多出候选数的 {cells}。"
    return f"Almost every unsolved cell has two candidates; look at {cells}, which have more."


def _explain(step: Step, lang: str) -> str:
    cells = _c(step, step.role_cells("bug"))
    res = result_text(step, lang)
    digits = "/".join(map(str, step.digits))
    key = step.technique
    house = (house_text(step, step.role_houses("house")[0], lang)
             if step.role_houses("house") else "")
    if key == "bug-type-1":
        if lang == "zh":
            why = f"它只能取多出的数字之一（{digits}）"
        else:
            why = f"it must take one of its BUG digits ({digits})"
    elif key == "bug-type-2":
        x = step.digits[0]
        if lang == "zh":
            why = f"它们多出的都是 {x}，其中一格必为 {x}，同时看到它们全部的格子不能是 {x}"
        else:
            why = (f"their BUG digit is {x} in each, so one of them is {x}, and a cell that "
                   f"sees all of them cannot be {x}")
    elif key == "bug-type-3":
        subset = _c(step, step.role_cells("subset"))
        locked = step.get("locked")
        if lang == "zh":
            why = (f"它们中必有一格取多出的数字（{digits}），与{house}中的 {subset} "
                   f"一起锁定数字 {locked}")
        else:
            why = (f"one of them holds one of their BUG digits ({digits}), so together "
                   f"with {subset} in {house} they lock the digits {locked}")
    else:
        y = step.get("y")
        if lang == "zh":
            why = (f"在{house}中，BUG 里 {y} 的两个位置就是这两格，所以一格为 {y}，"
                   f"另一格取多出的数字（{digits}）")
        else:
            why = (f"in {house}, the two places of {y} in the BUG are these cells, so one "
                   f"of them is {y} and the other its BUG digit ({digits})")
    if lang == "zh":
        return (f"{step.info.name_zh}：除 {cells} 外每个未解格都只有两个候选数；"
                f"去掉它们多出的数字后，盘面会成为有零个或两个解的 BUG，所以"
                f"它们中至少一格取多出的数字。{why}：{res}。")
    why = why[:1].upper() + why[1:]
    return (f"{step.info.name}: apart from {cells}, every unsolved cell has two "
            f"candidates; without their extra digits the grid would be a bivalue "
            f"universal grave with zero or two solutions, so one of them takes its extra "
            f"digit. {why}: {res}.")


def _notation(step: Step) -> str:
    cells = cells_text(step.role_cells("bug"), step.size)
    # type 2 names its BUG digit, type 4 the digit the two cells share, type 3 its BUG digits
    shown = step.digits if step.technique in ("bug-type-1", "bug-type-3") else step.digits[:1]
    digits = ",".join(map(str, shown))
    return (f"{step.info.name}: {cells} on {digits} => "
            + candidates_text(step.eliminations, step.size))


for _key, _find in zip(KEYS, (find_bug_type1, find_bug_type2, find_bug_type3, find_bug_type4),
                       strict=True):
    register(Technique.of(_key, _find, _where, _explain, _notation, weigh=_weigh,
                          aliases=(f"bug type {_key[-1]}",)))
