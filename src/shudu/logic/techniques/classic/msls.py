"""Multi-Sector Locked Sets: the open cells where some rows meet some columns, whose
digits the rows and columns account for exactly.

Take a set of rows and a set of columns, and the open cells where they cross.  Give
each digit either to the rows or to the columns: a row (column) *claims* the digit when
the digit is a candidate of one of the set's cells in it.  Every cell then holds a digit
claimed by its row or its column, and a row or column holds each digit once, so the
claims number at least as many as the cells.  Giving each digit to the side with fewer
claims, when the claims come to exactly the number of cells, every claim is used: each
claiming row (column) has the digit inside the set and nowhere else in that row
(column).  A digit with as many claims on either side may go either way, and each way
proves its own eliminations.

The search runs in the C core over every two to seven rows and columns.

>>> from shudu import Grid
>>> list(find_msls(Candidates.from_grid(Grid.empty())))
[]
"""

from __future__ import annotations

from collections.abc import Iterator

from ....values.candidates import Candidates, bits
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, candidates_text, cells_text

__all__ = ["find_msls"]

MIN_CELLS = 6
"""Smaller locked sets are the subsets and fish the solver tries much earlier."""
LIMIT = 1024
"""Row and column sets looked at per state (the search stops there)."""


def find_msls(cands: Candidates) -> Iterator[Step]:
    """Multi-sector locked sets of a 9x9 state, fewest cells first (then fewest rows,
    lowest rows, fewest columns, lowest columns).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("8..........36......7..9.2...5...7.......457.....1...3"
    ...                   "...1....68..85...1..9....4..")   # Arto Inkala's puzzle of 2010
    >>> print(next(find_msls(c)).notation())  # doctest: +ELLIPSIS
    MSLS: rows 3459, columns 13489 (20 cells; rows take 24579, columns take 1368) => ...
    """
    if cands.geo.n != 9 or cands.geo.ncells != 81:
        return
    from ...accel9 import msls

    found = []
    for rows, cols in msls(cands, MIN_CELLS, LIMIT):
        step = _step(cands, rows, cols)
        if step is not None:
            found.append(((len(step.role_cells("set")), rows.bit_count(), rows,
                           cols.bit_count(), cols), step))
    found.sort(key=lambda t: t[0])
    for _, step in found:
        yield step


def _step(cands: Candidates, rows: int, cols: int) -> Step | None:
    cm = cands.cell_mask
    cells = [r * 9 + c for r in bits(rows) for c in bits(cols) if cm[r * 9 + c]]
    elims: set[tuple[int, int]] = set()
    row_digits: list[int] = []
    col_digits: list[int] = []
    for d in range(9):
        drows = {c // 9 for c in cells if cm[c] >> d & 1}
        dcols = {c % 9 for c in cells if cm[c] >> d & 1}
        if not drows:
            continue
        if len(drows) <= len(dcols):
            row_digits.append(d + 1)
            for r in drows:
                elims.update((r * 9 + c, d + 1) for c in range(9)
                             if not cols >> c & 1 and cm[r * 9 + c] >> d & 1)
        if len(dcols) <= len(drows):
            col_digits.append(d + 1)
            for c in dcols:
                elims.update((r * 9 + c, d + 1) for r in range(9)
                             if not rows >> r & 1 and cm[r * 9 + c] >> d & 1)
    if not elims:
        return None
    return Step("msls", eliminations=tuple(sorted(elims)), cells={"set": tuple(cells)},
                size=9, extra={"rows": "".join(str(r + 1) for r in bits(rows)),
                               "columns": "".join(str(c + 1) for c in bits(cols)),
                               "row-digits": "".join(map(str, row_digits)),
                               "column-digits": "".join(map(str, col_digits))})


# ---------------------------------------------------------------------- words
def _sep(text: str, lang: str) -> str:
    return ("、" if lang == "zh" else ", ").join(text)


def _where(step: Step, lang: str) -> str:
    rows, cols = _sep(str(step.get("rows")), lang), _sep(str(step.get("columns")), lang)
    if lang == "zh":
        return f"看第{rows}行与第{cols}列相交的 {len(step.role_cells('set'))} 个空格。"
    return (f"Look at the {len(step.role_cells('set'))} open cells where rows {rows} meet "
            f"columns {cols}.")


def _explain(step: Step, lang: str) -> str:
    rows, cols = _sep(str(step.get("rows")), lang), _sep(str(step.get("columns")), lang)
    rd = _sep(str(step.get("row-digits")), lang) or "-"
    cd = _sep(str(step.get("column-digits")), lang) or "-"
    n = len(step.role_cells("set"))
    where = cells_text(step.role_cells("set"), 9)
    res = result_text(step, lang)
    if lang == "zh":
        return (f"多区块锁定集（MSLS）：第{rows}行与第{cols}列相交的 {n} 个空格 {where}。"
                f"数字 {rd} 按行认领，数字 {cd} 按列认领（在集合中出现该数字的每行或每列"
                f"各认领一次），认领总数恰好等于 {n} 个格子。每格的数字都被它所在的行或列认领，"
                f"而每行每列的每个数字只有一个，所以每个认领都落在集合之内，"
                f"这些数字不能出现在所认领的行列的其他格中：{res}。")
    return (f"Multi-Sector Locked Set: the {n} open cells {where} where rows {rows} meet "
            f"columns {cols}. Digits {rd} are claimed by the rows and digits {cd} by the "
            f"columns (each row or column that has the digit in the set claims it once), "
            f"{n} claims in all, as many as the cells. Every cell's digit is claimed by its "
            f"row or its column and each line holds a digit once, so every claim is used "
            f"inside the set and the claimed digits leave the rest of those lines: {res}.")


def _notation(step: Step) -> str:
    return (f"MSLS: rows {step.get('rows')}, columns {step.get('columns')} "
            f"({len(step.role_cells('set'))} cells; rows take {step.get('row-digits') or '-'}, "
            f"columns take {step.get('column-digits') or '-'}) => "
            f"{candidates_text(step.eliminations, 9)}")


register(Technique.of("msls", find_msls, _where, _explain, _notation))
