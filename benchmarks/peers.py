"""Adapters that give each pip-installable peer solver the same small interface.

Every adapter offers ``solve(puzzle81: str) -> str | None``: the puzzle is 81 characters
with ``0`` or ``.`` for blanks, the answer is an 81-digit solution string, or ``None``
when the peer reports no solution.  Peers that can count solutions also offer
``count(puzzle81: str) -> int`` (capped at 2: 0 none, 1 unique, 2 several).

Peers covered (install with ``pip install -r benchmarks/requirements-bench.txt``):

* ``hodoku`` — ``hodoku-py``: the backtracking solver HoDoKu uses for generation and
  uniqueness checks (``SudokuGenerator.solve_string``, C-accelerated).  It always looks
  for a second solution, so one call is a solve *and* a uniqueness check.
* ``lib-sudoku`` — ``lib-sudoku``: Rust extension, ``lib_sudoku.solve(bytearray)``.
* ``py-sudoku`` — ``py-sudoku``: pure Python, ``sudoku.Sudoku(3, 3, board=...).solve()``.

:func:`load_peer` raises :class:`PeerUnavailable` (with the reason) when a peer is not
installed or does not expose the expected API; :func:`check_solution` tells whether an
answer is a valid completed grid that keeps the puzzle's givens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata

__all__ = [
    "PEER_KEYS",
    "Peer",
    "PeerUnavailable",
    "check_solution",
    "load_peer",
]

PEER_KEYS = ("hodoku", "lib-sudoku", "py-sudoku")

_DIGITS = frozenset("123456789")
_UNITS: tuple[tuple[int, ...], ...] = (
    tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
    + tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
    + tuple(
        tuple((br + r) * 9 + bc + c for r in range(3) for c in range(3))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    )
)

# puzzle text -> cell values 0..9 ('.' and '0' are blanks)
_TO_VALUES = bytes.maketrans(b".0123456789", bytes([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
# cell values 0..9 -> digits '0'..'9'
_TO_DIGITS = bytes.maketrans(bytes(range(10)), b"0123456789")


class PeerUnavailable(Exception):
    """The peer cannot be used here; ``str(exc)`` says why."""


@dataclass
class Peer:
    """One peer solver behind the uniform interface."""

    key: str
    dist: str
    version: str
    method: str
    solve: Callable[[str], str | None]
    count: Callable[[str], int] | None = None
    slow: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.dist} {self.version}"


def check_solution(puzzle: str, answer: str | None) -> str | None:
    """``None`` when ``answer`` solves ``puzzle``; otherwise what is wrong with it."""
    if answer is None:
        return "no solution returned"
    if len(answer) != 81:
        return f"answer has {len(answer)} characters, not 81"
    for i, (given, got) in enumerate(zip(puzzle, answer, strict=True)):
        if got not in _DIGITS:
            return f"cell {i} is {got!r}, not a digit 1-9"
        if given in _DIGITS and given != got:
            return f"cell {i} changes the given {given} to {got}"
    for unit in _UNITS:
        if {answer[i] for i in unit} != _DIGITS:
            return f"a house repeats a digit: cells {unit[0]}..{unit[-1]}"
    return None


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError as exc:
        raise PeerUnavailable(f"{dist} is not installed (pip install {dist})") from exc


def _hodoku() -> Peer:
    version = _version("hodoku-py")
    try:
        from hodoku.generator import generator as hgen
    except ImportError as exc:
        raise PeerUnavailable(f"hodoku-py {version} does not import: {exc}") from exc
    if not hasattr(hgen, "SudokuGenerator"):
        raise PeerUnavailable(f"hodoku-py {version} has no SudokuGenerator")
    gen = hgen.SudokuGenerator()
    solve_string = gen.solve_string
    solution_count = gen.get_solution_count
    as_string = gen.get_solution_as_string

    def solve(puzzle81: str) -> str | None:
        solve_string(puzzle81)
        return as_string() if solution_count() else None

    def count(puzzle81: str) -> int:
        solve_string(puzzle81)
        return solution_count()

    notes = ["always searches for a second solution (a solve is also a uniqueness check)"]
    if getattr(hgen, "_gen_accel", None) is None:
        notes.append("its C accelerator is not loaded: pure-Python fallback")
    return Peer(
        key="hodoku",
        dist="hodoku-py",
        version=version,
        method="SudokuGenerator.solve_string (brute force)",
        solve=solve,
        count=count,
        notes=notes,
    )


def _lib_sudoku() -> Peer:
    version = _version("lib-sudoku")
    try:
        import lib_sudoku
    except ImportError as exc:
        raise PeerUnavailable(f"lib-sudoku {version} does not import: {exc}") from exc
    if not hasattr(lib_sudoku, "solve"):
        raise PeerUnavailable(f"lib-sudoku {version} has no solve()")
    lib_solve = lib_sudoku.solve

    def solve(puzzle81: str) -> str | None:
        try:
            out = lib_solve(bytearray(puzzle81.encode("ascii").translate(_TO_VALUES)))
        except ValueError:  # lib-sudoku raises on givens that conflict
            return None
        text = bytes(out).translate(_TO_DIGITS).decode("ascii")
        return None if "0" in text else text

    return Peer(
        key="lib-sudoku",
        dist="lib-sudoku",
        version=version,
        method="lib_sudoku.solve(bytearray)",
        solve=solve,
        slow=True,
        notes=[
            "no way to count solutions",
            "seconds on some hard puzzles: timed on a random sample within a time budget",
        ],
    )


def _py_sudoku() -> Peer:
    version = _version("py-sudoku")
    try:
        from sudoku import Sudoku
    except ImportError as exc:
        raise PeerUnavailable(f"py-sudoku {version} does not import: {exc}") from exc

    def solve(puzzle81: str) -> str | None:
        board = [
            [None if ch in ".0" else int(ch) for ch in puzzle81[r * 9 : r * 9 + 9]]
            for r in range(9)
        ]
        solved = Sudoku(3, 3, board=board).solve()
        cells = [v for row in solved.board for v in row]
        if any(v is None for v in cells):
            return None  # py-sudoku answers an unsolvable board with an empty one
        return "".join(map(str, cells))

    return Peer(
        key="py-sudoku",
        dist="py-sudoku",
        version=version,
        method="Sudoku(3, 3, board=...).solve()",
        solve=solve,
        slow=True,
        notes=["pure Python: timed on a random sample within a time budget"],
    )


_LOADERS: dict[str, Callable[[], Peer]] = {
    "hodoku": _hodoku,
    "lib-sudoku": _lib_sudoku,
    "py-sudoku": _py_sudoku,
}


def load_peer(key: str) -> Peer:
    """The adapter for ``key`` (one of :data:`PEER_KEYS`), or :class:`PeerUnavailable`."""
    try:
        loader = _LOADERS[key]
    except KeyError:
        raise PeerUnavailable(f"unknown peer {key!r} (known: {', '.join(PEER_KEYS)})") from None
    return loader()
