"""The Tridagon (Thor's hammer): three digits that cannot fill a pattern of twelve cells.

Take four boxes at the corners of a rectangle (two bands, two stacks) and in each box
three cells, one in each of its rows and columns (a *diagonal* of the box).  Rows of a
band meet two of the boxes, columns of a stack two as well.  For some choices of the
four diagonals, three digits can never fill the twelve cells: each box would need the
three digits once each, no row or column twice, and there is no way to do it (a small
colouring problem, settled here by trying every filling).  So when twelve such cells
hold no candidates but the same three digits, except a few *guardian* cells that have
more, one of the guardians holds another digit:

* one guardian: it is not any of the three digits (it holds its other digit when it has
  only one);
* several guardians: one of their other candidates is true, so a candidate that clashes
  with every one of those (in the same cell as a different digit, or the same digit in a
  cell that sees it) is false.

>>> from shudu import Rules
>>> c = Candidates.from_masks(Rules(), example_masks())
>>> print(next(find_tridagon(c)).notation())  # doctest: +NORMALIZE_WHITESPACE
Tridagon: 1/2/3 in r1c1,r2c2,r3c3,r1c4,r2c5,r3c6,r4c1,r5c2,r6c3,r4c4,r5c6,r6c5
=> r6c5=4
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, permutations

from ....values.candidates import Candidates, bits, state_memo
from ... import accel9
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, candidates_text, cells_text, placements_text

__all__ = ["example_masks", "find_tridagon", "guardian_sets", "impossible"]

PERMS = tuple(permutations(range(3)))
"""The six diagonals of a box: for each of its rows (0..2), the column (0..2)."""



def example_masks() -> list[int]:
    """A constructed pencilmark state (not from a puzzle) with a one-guardian tridagon:
    the main diagonals of boxes 1, 2 and 4 and a broken diagonal of box 5 hold only 1, 2
    and 3, and r6c5 also 4; every other cell holds every digit.

    >>> sum(m == 0b111 for m in example_masks())
    11
    """
    masks = [0x1FF] * 81
    for cell in (0, 10, 20, 3, 13, 23, 27, 37, 47, 30, 41):
        masks[cell] = 0b111
    masks[49] = 0b1111   # r6c5: the guardian
    return masks


@cache
def impossible(diagonals: tuple[int, int, int, int]) -> bool:
    """Whether three digits cannot fill four boxes' diagonals (indices into
    :data:`PERMS`; boxes in the order top-left, top-right, bottom-left, bottom-right of
    the rectangle): each box holds the three once, no row or column of a band or stack
    twice.

    >>> impossible((0, 0, 0, 0)), impossible((0, 0, 0, 1))
    (False, True)
    """
    # cell (box, row in box) -> column in box; rows are shared by boxes 0-1 and 2-3,
    # columns by boxes 0-2 and 1-3
    cols = [PERMS[p] for p in diagonals]
    for fill in permutations(range(3)):   # box 0's digits by row; the rest follow
        for f1 in permutations(range(3)):
            if any(fill[r] == f1[r] for r in range(3)):
                continue   # a row of the top band twice
            for f2 in permutations(range(3)):
                if any(_col_clash(cols[0], fill, cols[2], f2)):
                    continue
                for f3 in permutations(range(3)):
                    if any(f2[r] == f3[r] for r in range(3)):
                        continue
                    if any(_col_clash(cols[1], f1, cols[3], f3)):
                        continue
                    return False
    return True


def _col_clash(ca: tuple[int, ...], fa: tuple[int, ...], cb: tuple[int, ...],
               fb: tuple[int, ...]) -> Iterator[bool]:
    """For each column of a stack: whether the two boxes put the same digit in it."""
    for col in range(3):
        yield fa[ca.index(col)] == fb[cb.index(col)]


def find_tridagon(cands: Candidates) -> Iterator[Step]:
    """Tridagons of a classic 9x9 state, with at most three guardians, and what their
    guardians remove.

    >>> from shudu import Grid
    >>> list(find_tridagon(Candidates.from_grid(Grid.empty())))
    []
    """
    seen: set[tuple[int, ...]] = set()
    for abc, pattern, guardians in _patterns(cands):
        key = (abc, *sorted(pattern))
        if key in seen:
            continue
        seen.add(key)
        step = _step(cands, pattern, guardians, tuple(bits(abc)))
        if step is not None:
            yield step


def _patterns(cands: Candidates) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Every tridagon pattern of a classic 9x9 state (none under other rules): its digit
    trio (a mask), its 12 cells and its guardians."""
    geo = cands.geo
    if geo.n != 9 or cands.rules.box != (3, 3) or cands.rules.regions is not None:
        return
    for cells, viable in zip(_QUADS, accel9.trios(cands), strict=True):
        for abc in viable:
            for pattern, guardians in _search(cands, cells, abc):
                yield abc, pattern, guardians


_QUADS = tuple(
    [[(3 * b + r) * 9 + 3 * s for r in range(3)]
     for b, s in ((b1, s1), (b1, s2), (b2, s1), (b2, s2))]
    for b1, b2 in combinations(range(3), 2) for s1, s2 in combinations(range(3), 2))
"""The four boxes of each pair of bands and pair of stacks (the first cell of each of a
box's rows), in the order of :func:`accel9.trios`."""


MAX_BRANCHES = 5
"""Guardian candidates a tridagon may have to serve as branches of a forcing chain."""


def guardian_sets(cands: Candidates) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """For each tridagon of the state: its three digits and the candidates (universal
    indices, ``(digit - 1) * 81 + cell``) of its guardians beyond those digits, one of
    which is true (at most :data:`MAX_BRANCHES` of them).  Forcing chains and nets use
    them as branches (a "tridagon forcing").

    >>> from shudu import Rules
    >>> guardian_sets(Candidates.from_masks(Rules(), example_masks()))
    [((1, 2, 3), (292,))]
    """
    return state_memo(cands, "tridagon-guardians", _guardian_sets)


def _guardian_sets(cands: Candidates) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    cm = cands.cell_mask
    out = []
    for abc, _, guardians in _patterns(cands):
        group = tuple(sorted(x * 81 + g for g in guardians for x in bits(cm[g] & ~abc)))
        trio = tuple(d + 1 for d in bits(abc))
        if len(group) <= MAX_BRANCHES and (trio, group) not in out:
            out.append((trio, group))
    return out


def _search(cands: Candidates, cells: list[list[int]], abc: int
            ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Patterns of four diagonals on the digits ``abc`` (a mask): (the 12 cells, the
    guardians), at most three guardians."""
    cm = cands.cell_mask
    options: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = []
    for rows in cells:
        box_options = []
        for p, perm in enumerate(PERMS):
            chosen = tuple(rows[r] + perm[r] for r in range(3))
            masks = [cm[c] for c in chosen]
            if any(not m or not m & abc for m in masks):
                continue   # a placed cell, or one that cannot hold any of the three
            extra = tuple(c for c, m in zip(chosen, masks, strict=True) if m & ~abc)
            if len(extra) <= 3:
                box_options.append((p, chosen, extra))
        if not box_options:
            return []
        options.append(box_options)
    out = []
    for o0 in options[0]:
        for o1 in options[1]:
            for o2 in options[2]:
                if len(o0[2]) + len(o1[2]) + len(o2[2]) > 3:
                    continue
                for o3 in options[3]:
                    guardians = o0[2] + o1[2] + o2[2] + o3[2]
                    if not guardians or len(guardians) > 3:
                        continue
                    if impossible((o0[0], o1[0], o2[0], o3[0])):
                        out.append((o0[1] + o1[1] + o2[1] + o3[1], guardians))
    return out


def _step(cands: Candidates, pattern: tuple[int, ...], guardians: tuple[int, ...],
          trio: tuple[int, ...]) -> Step | None:
    """The step of a pattern: every candidate that cannot stand beside any of the
    guardians' other digits is false (one of those is true)."""
    cm = cands.cell_mask
    abc = sum(1 << d for d in trio)
    peer = cands.geo.peer_mask
    options = [(g, x) for g in guardians for x in bits(cm[g] & ~abc)]
    if len(options) == 1:   # one guardian with one other digit: it holds that digit
        g, x = options[0]
        return Step("tridagon", placements=((g, x + 1),), digits=tuple(d + 1 for d in trio),
                    cells={"pattern": pattern, "guardian": guardians}, size=9,
                    extra={"kind": "one", "extra": (x + 1,)})
    elims = []
    for d in range(9):
        # cells where digit d+1 clashes with every option: the option's cell itself (when
        # the option is another digit), or a peer of it (when the option is d+1)
        where = cands.digit_mask[d]
        for g, x in options:
            where &= peer[g] if x == d else 1 << g
            if not where:
                break
        elims += [(c, d + 1) for c in bits(where)]
    if not elims:
        return None
    elims.sort()
    extra = sorted({x + 1 for _, x in options})
    return Step("tridagon", eliminations=tuple(elims), digits=tuple(d + 1 for d in trio),
                cells={"pattern": pattern, "guardian": guardians}, size=9,
                extra={"kind": "one" if len(guardians) == 1 else "many", "extra": tuple(extra)})


# ---------------------------------------------------------------------- words
def _names(digits: tuple[int, ...], lang: str) -> str:
    return ("、" if lang == "zh" else "/").join(map(str, digits))


def _where(step: Step, lang: str) -> str:
    boxes = sorted({(c // 27) * 3 + (c % 9) // 3 + 1 for c in step.role_cells("pattern")})
    ds = _names(step.digits, lang)
    if lang == "zh":
        return (f"看第 {'、'.join(map(str, boxes))} 宫：数字 {ds} 在每宫的一条对角线上"
                f"永远无法同时填下。")
    return (f"Look at boxes {', '.join(map(str, boxes[:-1]))} and {boxes[-1]}: the digits "
            f"{ds} on a diagonal of each box can never all be filled.")


def _explain(step: Step, lang: str) -> str:
    pattern = step.role_cells("pattern")
    guardians = step.role_cells("guardian")
    ds = _names(step.digits, lang)
    where = cells_text(pattern, 9)
    guard = cells_text(guardians, 9)
    res = result_text(step, lang)
    if lang == "zh":
        why = (f"三叉戟（Tridagon）：{where} 这 12 格位于四个宫的对角线上。若只填 {ds} "
               f"三个数字，每宫各一次、行列不重复，这是不可能的（四条对角线的方向决定了这一点）。"
               f"所以守卫格 {guard} 中至少有一格填别的数字")
        if step.get("kind") == "one":
            return f"{why}；只有一个守卫格，它不能是 {ds}，所以{res}。"
        return (f"{why}，即守卫格的其他候选数（{_names(tuple(step.get('extra')), lang)}）"
                f"中至少有一个成立；与它们全部冲突的候选数不能成立：{res}。")
    why = (f"Tridagon: the 12 cells {where} lie on a diagonal of each of four boxes. Filling "
           f"them with only {ds}, each box holding the three once and no row or column "
           f"twice, is impossible (the directions of the four diagonals forbid it), so a "
           f"guardian cell, {guard}, holds another digit")
    if step.get("kind") == "one":
        return f"{why}; with one guardian, it is none of {ds}, so {res}."
    return (f"{why}: one of the guardians' other candidates "
            f"({_names(tuple(step.get('extra')), lang)}) is true, and a candidate that "
            f"clashes with all of them is false: {res}.")


def _notation(step: Step) -> str:
    pattern = step.role_cells("pattern")
    result = (placements_text(step) if step.placements
              else candidates_text(step.eliminations, 9))
    return (f"Tridagon: {'/'.join(map(str, step.digits))} in "
            f"{','.join(cells_text((c,), 9) for c in pattern)} => {result}")


register(Technique.of("tridagon", find_tridagon, _where, _explain, _notation))
