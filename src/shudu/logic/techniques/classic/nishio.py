"""Nishio forcing chains as Sudoku Explainer finds and weighs them (its rule between the
chains and the multiple forcing chains, 7.5 plus the length bonus).

A Nishio chain assumes one candidate true (or false) and follows that digit alone: a
true candidate removes the digit from its houses, and a house left with two places of
the digit, one of them removed, puts it in the other (the grid changes as it goes, so
a house counts the places already removed).  Reaching a candidate both true and false
refutes the assumption.  The search follows SE's order exactly (cells row by row,
digits up, the assumption true then false, implications breadth first, houses box,
row, column) because the length SE weighs, its *complexity*, is the number of distinct
assumptions behind the two clashing ones (each counted on its own side), and a house's
removed places count among the reasons of what it implies.

>>> from shudu.logic.solver import as_candidates
>>> c = as_candidates("5..2379.8..86.97...9..18.63...9.21.6......28....8.1..91...8.69....."
...                   "9.......12685.")
>>> weight, complexity, cell, digit, on = nishio_table(c)[0]
>>> nishio_step(c, cell, digit, on).notation()
'Forcing Chain Contradiction: r2c1=2 => contradiction => r2c1<>2'
"""

from __future__ import annotations

from collections import deque
from functools import cache
from itertools import pairwise

from ....values.candidates import Candidates, bits
from ...accel9 import nishio9
from ...step import Link, Node, Step
from ..table import length_bonus

__all__ = ["NISHIO_BASE", "nishio_step", "nishio_table"]

NISHIO_BASE = 7.5
"""SE's base difficulty of a Nishio forcing chain."""

Found = tuple[int, int, int, int, dict[int, int]]
"""(complexity, key of the clashing "on", its ancestors, key of the "off", parents)."""


def _houses(cands: Candidates, cell: int) -> tuple[int, ...]:
    """The houses of a cell in SE's order: box, row, column."""
    geo = cands.geo
    n = geo.n
    return (2 * n + geo.box_of[cell], geo.row_of[cell], n + geo.col_of[cell])


def _chain(cands: Candidates, digit: int, cell: int, on: bool) -> Found | None:
    """SE's ``doChaining`` of one assumption on one digit: the clash it meets first, or
    None.  A potential is ``2 * cell + on``; ``anc`` maps it to the bitset of its
    ancestors (itself included), ``par`` to the potential it came from."""
    masks = cands.geo.house_mask
    src = cands.digit_mask[digit - 1]
    cur = src
    start = 2 * cell + on
    on_anc: dict[int, int] = {}
    off_anc: dict[int, int] = {}
    par: dict[int, int] = {}
    (on_anc if on else off_anc)[start] = 1 << start
    todo_on: deque[int] = deque([cell] if on else [])
    todo_off: deque[int] = deque([] if on else [cell])
    while todo_on or todo_off:
        if todo_on:
            c = todo_on.popleft()
            a = on_anc[2 * c + 1]
            for h in _houses(cands, c):
                for x in bits(cur & masks[h] & ~(1 << c)):
                    if 2 * x + 1 in on_anc:
                        par[2 * x] = 2 * c + 1
                        return _found(on_anc[2 * x + 1], 2 * x + 1, a | 1 << 2 * x, 2 * x, par)
                    if 2 * x not in off_anc:
                        off_anc[2 * x] = a | 1 << 2 * x
                        par[2 * x] = 2 * c + 1
                        todo_off.append(x)
            continue
        c = todo_off.popleft()
        a = off_anc[2 * c]
        made: list[tuple[int, int]] = []
        for h in _houses(cands, c):
            places = cur & masks[h]
            if places.bit_count() != 2:
                continue
            other = (places & ~(1 << c)).bit_length() - 1
            anc = a | 1 << (2 * other + 1)
            for x in bits(src & masks[h] & ~places):   # places removed: reasons too
                anc |= off_anc[2 * x]
            if all(o != other for o, _ in made):
                made.append((other, anc))
        cur &= ~(1 << c)
        for other, anc in made:
            if 2 * other in off_anc:
                par[2 * other + 1] = 2 * c
                return _found(anc, 2 * other + 1, off_anc[2 * other], 2 * other, par)
            if 2 * other + 1 not in on_anc:
                on_anc[2 * other + 1] = anc
                par[2 * other + 1] = 2 * c
                todo_on.append(other)
    return None


def _found(on_anc: int, on_key: int, off_anc: int, off_key: int,
           par: dict[int, int]) -> Found:
    return on_anc.bit_count() + off_anc.bit_count(), on_key, on_anc, off_key, dict(par)


def _links(digit: int, key: int, par: dict[int, int], start: int, n: int) -> tuple[Link, ...]:
    """The chain from the assumption to ``key`` along the first parents."""
    keys = [key]
    while keys[-1] != start:
        keys.append(par[keys[-1]])
    keys.reverse()
    return tuple(Link(Node((a >> 1,), digit, n), Node((b >> 1,), digit, n), bool(b & 1))
                 for a, b in pairwise(keys))


def nishio_table(cands: Candidates) -> list[tuple[float, int, int, int, bool]]:
    """Every Nishio forcing chain of a classic 9x9 state as ``(weight, complexity, cell,
    digit, assumed true)``, in SE's order: easiest first, then by complexity, then as
    SE finds them (cells row by row, digits up, true before false).  The C core follows
    the chains (:func:`_chain` is its reference).

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("5..2379.8..86.97...9..18.63...9.21.6......28....8.1..91...8.69....."
    ...                   "9.......12685.")
    >>> nishio_table(c)[:2]   # r2c1 and r2c2 are not 2: five potentials each
    [(7.5, 5, 9, 2, True), (7.5, 5, 10, 2, True)]
    """
    out: list[tuple[float, int, int, int, bool]] = []
    values, masks = cands.values, cands.cell_mask
    for d, m in enumerate(cands.digit_mask):
        sizes = nishio9(m & (1 << 64) - 1, m >> 64)   # two bytes a cell: false, true
        if not sizes.strip(b"\0"):
            continue   # no chain of this digit
        for i, size in enumerate(sizes):
            cell = i >> 1
            mask = masks[cell]
            if size and not values[cell] and mask & (mask - 1) and mask >> d & 1:
                out.append((_weight(size), size, cell, d + 1, bool(i & 1)))
    # SE's order: the weight, the complexity, then cells row by row, digits up, true first
    out.sort(key=lambda t: (t[0], t[1], t[2], t[3], not t[4]))
    return out


@cache
def _weight(size: int) -> float:
    return round(NISHIO_BASE + length_bonus(size - 2), 1)


def nishio_step(cands: Candidates, cell: int, digit: int, on: bool) -> Step:
    """The step of one Nishio chain of :func:`nishio_table`: a refuted "true" removes the
    candidate, a refuted "false" the cell's other candidates (SE places nothing: the
    cell is then a naked single).  Its links follow each clashing potential back to the
    assumption along the first reason of each."""
    got = _chain(cands, digit, cell, on)
    assert got is not None, (cell, digit, on)
    size, on_key, _, off_key, par = got
    n = cands.geo.n
    start = 2 * cell + on
    first = _links(digit, on_key, par, start, n) if on_key != start else ()
    second = _links(digit, off_key, par, start, n) if off_key != start else ()
    mask = cands.cell_mask[cell]
    kw: dict[str, object] = (
        {"eliminations": ((cell, digit),)} if on else
        {"eliminations": tuple((cell, d + 1) for d in bits(mask) if d + 1 != digit)})
    return Step(
        "forcing-chain-contradiction", digits=(digit,), cells={"start": (cell,)},
        candidates={"start": ((cell, digit),), "clash": ((on_key >> 1, digit),)},
        links=first + second, size=n,
        extra={"length": size - 2, "assume": on, "split": len(first), "nishio": True,
               "difficulty": round(NISHIO_BASE + length_bonus(size - 2), 1)},
        **kw)  # type: ignore[arg-type]
