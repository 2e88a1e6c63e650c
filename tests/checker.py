"""An independent solution checker, sharing no code with shudu.

It rebuilds every house from first principles (rows, columns, boxes, diagonals,
windows, jigsaw regions, knight/king moves) so tests can verify the engine's answers.
"""

from __future__ import annotations

from collections.abc import Sequence

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def groups(
    n: int,
    box: tuple[int, int],
    *,
    regions: Sequence[int] | None = None,
    diagonals: bool = False,
    windows: bool = False,
) -> list[list[int]]:
    """Every group of cells that must hold 1..n exactly once."""
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if regions is None:
        br, bc = box
        for top in range(0, n, br):
            for left in range(0, n, bc):
                out.append([(top + i) * n + left + j for i in range(br) for j in range(bc)])
    else:
        ids = sorted(set(regions))
        out += [[i for i, x in enumerate(regions) if x == rid] for rid in ids]
    if diagonals:
        out.append([i * n + i for i in range(n)])
        out.append([i * n + n - 1 - i for i in range(n)])
    if windows:
        br, bc = box
        tops = list(range(1, n - br + 1, br + 1))
        lefts = list(range(1, n - bc + 1, bc + 1))
        for t in tops:
            for lft in lefts:
                if t + br <= n and lft + bc <= n:
                    out.append([(t + i) * n + lft + j for i in range(br) for j in range(bc)])
    return out


def is_solution(
    solution: Sequence[int],
    puzzle: Sequence[int],
    n: int = 9,
    box: tuple[int, int] = (3, 3),
    *,
    regions: Sequence[int] | None = None,
    diagonals: bool = False,
    windows: bool = False,
    anti_knight: bool = False,
    anti_king: bool = False,
) -> bool:
    """True when ``solution`` fills ``puzzle`` legally under the given rules."""
    if len(solution) != n * n or len(puzzle) != n * n:
        return False
    if any(p and p != s for p, s in zip(puzzle, solution)):
        return False
    full = set(range(1, n + 1))
    for g in groups(n, box, regions=regions, diagonals=diagonals, windows=windows):
        if {solution[i] for i in g} != full:
            return False
    moves = (KNIGHT if anti_knight else []) + (KING if anti_king else [])
    for cell in range(n * n):
        r, c = divmod(cell, n)
        for dr, dc in moves:
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and solution[rr * n + cc] == solution[cell]:
                return False
    return True


def values(text: str) -> list[int]:
    """81-character text with any blank symbol to a list of ints."""
    return [int(ch) if ch in "123456789" else 0 for ch in text.strip()[:81]]
