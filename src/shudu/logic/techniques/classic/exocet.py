"""The Junior and Senior Exocet: two base cells whose two digits must reappear in two
target cells.

Take two unsolved cells of one box in one row (the *base*; the same holds with columns
for rows throughout), holding three or four digits between them (the *base digits*).
Whichever two digits the base takes, each of them appears once in every box and row of
the band, and once in each of three *cross-lines*: the third column of the base box and
one column through each of the band's other two boxes.  Put a *target* cell on each of
those two columns, inside the band and off the base row, and ask two things:

* the other band cells of the two target columns off the base row (the *companions*)
  hold no base digit;
* outside the band, the places of each base digit on the three cross-lines (the *S
  cells*: candidates and placed digits) lie within two houses, so the digit fills at
  most two of the cross-lines there.

Then a base digit placed in the base fills one of the three cross-lines inside the band,
and it cannot do so in the base box (the base holds it) nor in the base row: it lands in
a target.  So the two targets hold exactly the two digits of the base:

* a target loses every digit that is not a base digit;
* the base loses every base digit that neither target can hold;
* a base digit whose S cells lie in one house cannot be in the base (both targets would
  need it), and one whose S cells lie in a target's own cross-line and one more house
  cannot be in that target.

In a *Senior* Exocet a target lies on its cross-line outside the band; then both band
cells of that cross-line off the base row must hold no base digit, and the target is
left out of the S cells.  The same count puts each base digit in a target.

>>> from shudu import Grid
>>> list(find_junior_exocet(Candidates.from_grid(Grid.empty())))
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Literal

from ....values.candidates import Candidates, bits
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, candidates_text, cells_text

__all__ = ["find_junior_exocet", "find_senior_exocet"]


def _cell(transposed: bool, r: int, c: int) -> int:
    return c * 9 + r if transposed else r * 9 + c


def find_junior_exocet(cands: Candidates) -> Iterator[Step]:
    """Junior Exocets of a 9x9 state with regular boxes, and what they remove.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("..7.2...493....6..6..3............5.2...1...8..69..4...."
    ...                   "37..9...2..5...1.....8...")
    >>> print(next(find_junior_exocet(c)).notation())
    Junior Exocet: base r1c12 (1/5/8), targets r2c4,r3c7 => r3c7<>2, r2c4<>4, r3c7<>7
    """
    yield from _exocets(cands, False)


def find_senior_exocet(cands: Candidates) -> Iterator[Step]:
    """Senior Exocets: a target (or both) on its cross-line outside the band.

    >>> from shudu import Grid
    >>> list(find_senior_exocet(Candidates.from_grid(Grid.empty())))
    []
    """
    yield from _exocets(cands, True)


def _exocets(cands: Candidates, senior: bool) -> Iterator[Step]:
    rules = cands.rules
    if cands.geo.n != 9 or rules.box != (3, 3) or rules.regions is not None:
        return
    seen: set[tuple[int, ...]] = set()
    for transposed in (False, True):
        for band in range(3):
            rows = (3 * band, 3 * band + 1, 3 * band + 2)
            for stack in range(3):
                for r0 in rows:
                    for ca, cb in combinations(range(3 * stack, 3 * stack + 3), 2):
                        yield from _from_base(cands, transposed, rows, stack, r0, ca, cb,
                                              seen, senior)


def _from_base(cands: Candidates, transposed: bool, rows: tuple[int, int, int], stack: int,
               r0: int, ca: int, cb: int, seen: set[tuple[int, ...]],
               senior: bool) -> Iterator[Step]:
    cm = cands.cell_mask
    values = cands.values
    b1, b2 = _cell(transposed, r0, ca), _cell(transposed, r0, cb)
    if values[b1] or values[b2]:
        return
    base = cm[b1] | cm[b2]
    if not 3 <= base.bit_count() <= 4:
        return
    (ce,) = set(range(3 * stack, 3 * stack + 3)) - {ca, cb}
    others = [s for s in range(3) if s != stack]
    off = [r for r in rows if r != r0]
    outside = [r for r in range(9) if r not in rows]

    def clean(r: int, c: int) -> bool:   # a companion: no base digit there
        cell = _cell(transposed, r, c)
        v = values[cell]
        return not (1 << (v - 1) & base) if v else not cm[cell] & base

    def covered(cross: tuple[int, int, int], targets: tuple[int, int]
                ) -> list[tuple[int, ...]] | None:
        """Per base digit, how its S cells (the cross-lines outside the band, but for
        the targets) are covered: () by one house, (c,) by two houses one of which is
        cross-line c, (-1,) by two others; None when a digit needs three houses."""
        out: list[tuple[int, ...]] = []
        for d in bits(base):
            places = [(r, c) for c in cross for r in outside
                      if (cell := _cell(transposed, r, c)) not in targets
                      and (values[cell] == d + 1 or cm[cell] >> d & 1)]
            if _one_house(places):
                out.append(())
            elif not _two_houses(places):
                return None
            else:
                out.append(tuple(c for c in cross[1:]
                                 if _one_house([p for p in places if p[1] != c])) or (-1,))
        return out

    # a target sits on its cross-line off the base row: inside the band (Junior), or
    # anywhere outside it as well (Senior); the cross-line's other band cells off the
    # base row hold no base digit
    where = off + outside if senior else off
    for c1 in range(3 * others[0], 3 * others[0] + 3):
        for c2 in range(3 * others[1], 3 * others[1] + 3):
            cross = (ce, c1, c2)
            s_all = [_cell(transposed, r, c) for c in cross for r in outside]
            # both targets in the band: False until worked out
            inner: list[tuple[int, ...]] | Literal[False] | None = False
            for r1 in where:
                t1 = _cell(transposed, r1, c1)
                if values[t1] or not cm[t1] & base:
                    continue
                if not all(clean(r, c1) for r in off if r != r1):
                    continue
                for r2 in where:
                    if senior and r1 in off and r2 in off:
                        continue   # a Junior Exocet
                    t2 = _cell(transposed, r2, c2)
                    if values[t2] or not cm[t2] & base:
                        continue
                    if not all(clean(r, c2) for r in off if r != r2):
                        continue
                    if senior:
                        checked = covered(cross, (t1, t2))
                    else:
                        if inner is False:
                            inner = covered(cross, (t1, t2))
                        checked = inner
                    if checked is None:
                        if senior:
                            continue
                        break
                    step = _step(cands, transposed, (b1, b2), (t1, t2), base, cross, s_all,
                                 checked, seen, senior)
                    if step is not None:
                        yield step


def _one_house(places: list[tuple[int, int]]) -> bool:
    """Whether the (row, column) places lie within one house (none at all counts).

    >>> _one_house([(0, 1), (2, 0)]), _one_house([(0, 1), (0, 5)])
    (True, True)
    """
    if len(places) <= 1:
        return True
    r, c = places[0]
    return (all(p[0] == r for p in places) or all(p[1] == c for p in places)
            or all((p[0] // 3, p[1] // 3) == (r // 3, c // 3) for p in places))


def _two_houses(places: list[tuple[int, int]]) -> bool:
    """Whether the (row, column) places lie within two houses (rows, columns, boxes).

    >>> _two_houses([(0, 1), (3, 4), (6, 7)]), _two_houses([(0, 1), (0, 4), (6, 7)])
    (False, True)
    """
    if len(places) <= 2:
        return True
    r, c = places[0]
    for house in (lambda p: p[0] == r, lambda p: p[1] == c,
                  lambda p: (p[0] // 3, p[1] // 3) == (r // 3, c // 3)):
        if _one_house([p for p in places if not house(p)]):
            return True
    return False


def _step(cands: Candidates, transposed: bool, base_cells: tuple[int, int],
          targets: tuple[int, int], base: int, cross: tuple[int, int, int], s_all: list[int],
          covers: list[tuple[int, ...]], seen: set[tuple[int, ...]],
          senior: bool = False) -> Step | None:
    """The step of an exocet: ``s_all`` holds the cross-lines' cells outside the band,
    ``covers`` how each base digit's S cells are covered (see ``covered``)."""
    cm = cands.cell_mask
    key = (*base_cells, *targets)
    if key in seen:
        return None
    seen.add(key)
    # base digits that cannot be true in the base: their S cells lie in one house
    false = sum(1 << d for d, cover in zip(bits(base), covers, strict=True) if not cover)
    # a target cannot hold a base digit covered by its own cross-line and one house
    banned = [0, 0]
    for d, cover in zip(bits(base), covers, strict=True):
        for k, c in enumerate(cross[1:]):
            if c in cover:
                banned[k] |= 1 << d
    elims: set[tuple[int, int]] = set()
    for k, t in enumerate(targets):
        elims.update((t, d + 1) for d in bits(cm[t] & (~base | false | banned[k])))
    reach = (cm[targets[0]] & ~banned[0] | cm[targets[1]] & ~banned[1]) & ~false
    for b in base_cells:
        elims.update((b, d + 1) for d in bits(cm[b] & base & ~reach))
    if not elims:
        return None
    s_cells = tuple(sorted(c for c in s_all if c not in targets))
    return Step("senior-exocet" if senior else "junior-exocet",
                eliminations=tuple(sorted(elims)), digits=tuple(d + 1 for d in bits(base)),
                cells={"base": base_cells, "target": targets, "s-cells": s_cells},
                size=9, extra={"line": "column" if transposed else "row"})


# ---------------------------------------------------------------------- words
def _digits(step: Step, lang: str) -> str:
    return ("、" if lang == "zh" else "/").join(map(str, step.digits))


def _where(step: Step, lang: str) -> str:
    base = cells_text(step.role_cells("base"), 9)
    if lang == "zh":
        return f"看 {base} 这两个基格：它们的数字 {_digits(step, lang)} 会在别处重现。"
    return (f"Look at the two base cells {base}: their digits {_digits(step, lang)} must "
            f"turn up again on the cross-lines.")


def _names(step: Step) -> tuple[str, str]:
    if step.technique == "senior-exocet":
        return "Senior Exocet", "高级飞鱼导弹"
    return "Junior Exocet", "初级飞鱼导弹"


def _explain(step: Step, lang: str) -> str:
    base = cells_text(step.role_cells("base"), 9)
    targets = cells_text(step.role_cells("target"), 9)
    ds = _digits(step, lang)
    res = result_text(step, lang)
    en, zh = _names(step)
    senior = step.technique == "senior-exocet"
    if lang == "zh":
        line = "列" if step.get("line") == "column" else "行"
        where = "（目标格可在带外，落在交叉线上）" if senior else ""
        return (f"{zh}（{en}）：基格 {base} 在同一宫同一{line}，"
                f"候选数为 {ds}。基格填入的两个数字，在三条交叉线上各出现一次{where}；"
                f"交叉线在带外除目标格以外的格子里，每个基数字最多只能占两条（它们落在两个区域内），"
                f"而交叉线在带内的其他格不含基数字，所以每个基数字必须落在目标格 {targets} 中。"
                f"因此两个目标格正好是基格的两个数字：{res}。")
    line = "column" if step.get("line") == "column" else "row"
    where = (" (a target may lie outside the band, on its cross-line)" if senior else "")
    return (f"{en}: the base cells {base} share a box and a {line} and hold {ds}. Each "
            f"digit the base takes appears once on each of three cross-lines{where}; in the "
            f"cross-lines' cells outside the band, targets apart, each base digit fits in at "
            f"most two of them (its places there lie in two houses), and the cross-lines' "
            f"other cells in the band hold no base digit, so it must land in one of the "
            f"targets {targets}. The two targets hold exactly the two base digits: {res}.")


def _notation(step: Step) -> str:
    base = cells_text(step.role_cells("base"), 9)
    targets = ",".join(cells_text((c,), 9) for c in step.role_cells("target"))
    return (f"{_names(step)[0]}: base {base} ({_digits(step, 'en')}), targets {targets} => "
            f"{candidates_text(step.eliminations, 9)}")


register(Technique.of("junior-exocet", find_junior_exocet, _where, _explain, _notation))
register(Technique.of("senior-exocet", find_senior_exocet, _where, _explain, _notation))
