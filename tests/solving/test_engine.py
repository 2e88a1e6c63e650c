"""The solving engine: single calls, counts, enumeration, batches and every variant."""

from __future__ import annotations

import itertools
import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shudu
from checker import is_solution, values
from shudu import Grid, InvalidPuzzle, ParseError, Rules, UnsupportedRules, _engine
from shudu.values.rules import DEFAULT_BOXES

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def _two_solution_puzzle() -> str:
    """A solved grid with a swappable rectangle (same two digits, two rows, two boxes) blanked."""
    g = values(SOLVED)
    for r1, r2 in itertools.combinations(range(9), 2):
        if r1 // 3 != r2 // 3:
            continue
        for c1, c2 in itertools.combinations(range(9), 2):
            if c1 // 3 == c2 // 3:
                continue
            a, b = g[r1 * 9 + c1], g[r1 * 9 + c2]
            if g[r2 * 9 + c1] == b and g[r2 * 9 + c2] == a:
                p = list(g)
                for r, c in ((r1, c1), (r1, c2), (r2, c1), (r2, c2)):
                    p[r * 9 + c] = 0
                return "".join(str(v) if v else "." for v in p)
    raise AssertionError("no deadly rectangle in the sample grid")


TWO = _two_solution_puzzle()
NONE = "123......456......78......9" + "." * 54  # r3c3 has no candidate


def test_solve_hard17() -> None:
    grid = shudu.solve(HARD17)
    assert grid is not None
    assert str(grid) == SOLVED
    assert is_solution(grid.values, values(HARD17))


def test_status_answers() -> None:
    assert shudu.search(HARD17).status == "unique"
    assert shudu.search(TWO).status == "multiple"
    assert shudu.search(NONE).status == "none"
    assert shudu.solve(NONE) is None
    assert shudu.count(TWO) == 2
    assert shudu.count(TWO, limit=10) == 2
    assert shudu.count(NONE) == 0


def test_every_api_accepts_every_puzzle_kind() -> None:
    grid = Grid(HARD17)
    as_list = list(grid.values)
    for puzzle in (HARD17, HARD17.replace(".", "0"), grid, grid.cells, as_list, grid.pretty()):
        assert str(shudu.solve(puzzle)) == SOLVED


def test_stats_are_reported() -> None:
    r = shudu.search(HARD17, limit=2)
    assert r.nodes >= 1
    empty = shudu.search("." * 81, limit=2)
    assert empty.guesses >= 1 and empty.nodes > empty.guesses
    easy = shudu.search(SOLVED, limit=2)
    assert easy.count == 1 and easy.guesses == 0


def test_conflicting_givens_raise_naming_both_cells() -> None:
    with pytest.raises(InvalidPuzzle) as info:
        shudu.solve("5" + "." * 8 + "5" + "." * 71)
    assert "r1c1" in str(info.value) and "r2c1" in str(info.value)
    assert info.value.cells == (0, 9)


def test_bad_symbol_raises_parse_error_with_column() -> None:
    with pytest.raises(ParseError) as info:
        shudu.solve("4....Q" + "." * 75)
    assert "Q" in str(info.value)
    assert "column 6" in str(info.value)


def test_seeded_random_mode_is_reproducible_and_varied() -> None:
    a = shudu.solve("." * 81, seed=7)
    b = shudu.solve("." * 81, seed=7)
    c = shudu.solve("." * 81, seed=8)
    assert a == b and a != c
    assert a is not None and is_solution(a.values, [0] * 81)
    grids = {str(shudu.solve("." * 81, seed=s)) for s in range(20)}
    assert len(grids) == 20


def test_solutions_enumerates_lazily_and_exactly() -> None:
    # The empty 4x4 grid has exactly 288 solutions.
    it = shudu.solutions("." * 16, Rules(4))
    sols = list(it)
    assert len(sols) == 288 and len(set(sols)) == 288
    assert all(is_solution(s.values, [0] * 16, 4, (2, 2)) for s in sols)
    assert it.guesses > 0 and it.nodes > 0
    two = list(shudu.solutions(TWO))
    assert len(two) == 2 and two[0] != two[1]
    assert list(shudu.solutions(NONE)) == []
    first = next(iter(shudu.solutions("." * 81)))
    assert first.is_complete


def test_solutions_iterator_from_many_threads_is_safe() -> None:
    it = shudu.solutions("." * 36, Rules(6))
    seen: list[Grid] = []
    lock = threading.Lock()

    def work() -> None:
        for _ in range(200):
            try:
                g = next(it)
            except StopIteration:
                return
            except RuntimeError:
                continue  # concurrent use is refused, never corrupting
            with lock:
                seen.append(g)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == len(set(seen)) > 0


# ---------------------------------------------------------------------- sizes and variants


@pytest.mark.parametrize("n", [4, 6, 8, 9, 12, 16, 25])
def test_every_size_solves_the_empty_grid(n: int) -> None:
    rules = Rules(n)
    grid = shudu.solve("." * n * n, rules)
    assert grid is not None
    assert is_solution(grid.values, [0] * n * n, n, DEFAULT_BOXES[n])
    other = shudu.solve("." * n * n, rules, seed=3)
    assert other is not None and is_solution(other.values, [0] * n * n, n, DEFAULT_BOXES[n])


VARIANTS = [
    dict(diagonals=True),
    dict(windows=True),
    dict(anti_knight=True),
    dict(anti_king=True),
    dict(diagonals=True, anti_knight=True),
    dict(windows=True, anti_king=True, diagonals=True),
]


@pytest.mark.parametrize("kw", VARIANTS, ids=lambda kw: "+".join(kw))
def test_variant_rules_are_respected(kw: dict[str, bool]) -> None:
    rules = Rules(9, **kw)
    for seed in range(3):
        grid = shudu.solve("." * 81, rules, seed=seed)
        assert grid is not None, kw
        assert is_solution(grid.values, [0] * 81, **kw)


def test_jigsaw_with_x_and_anti_knight_compose() -> None:
    base = shudu.solve("." * 81, Rules(9, diagonals=True, anti_knight=True), seed=5)
    assert base is not None
    ids = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    # Trade one cell of box 1 and one of box 2 holding the same digit: every region still
    # holds 1..9 in `base`, so the jigsaw + X + anti-knight rules have a solution.
    a = 2
    b = next(c for c in range(81) if ids[c] == 1 and base[c] == base[a])
    ids[a], ids[b] = 1, 0
    rules = Rules(9, regions=ids, diagonals=True, anti_knight=True)
    assert rules.spec.startswith("jigsaw=") and rules.spec.endswith("+x+anti-knight")
    assert Rules.from_spec(rules.spec) == rules
    givens = [v if i % 3 == 0 else 0 for i, v in enumerate(base.values)]
    grid = shudu.solve(Grid(givens, rules))
    assert grid is not None
    assert is_solution(grid.values, givens, regions=ids, diagonals=True, anti_knight=True)
    with pytest.raises(ParseError, match="9 cells"):
        Rules(9, regions=[0] * 10 + [1] * 8 + ids[18:])


def test_empty_4x4_x_sudoku_count_matches_brute_force() -> None:
    rules = Rules(4, diagonals=True)
    perms = list(itertools.permutations(range(1, 5)))
    expected = 0
    for rows in itertools.product(perms, repeat=2):  # prune on the top band first
        if set(rows[0][:2] + rows[1][:2]) != {1, 2, 3, 4}:
            continue
        for rest in itertools.product(perms, repeat=2):
            flat = [v for row in rows + rest for v in row]
            if is_solution(flat, [0] * 16, 4, (2, 2), diagonals=True):
                expected += 1
    assert expected > 0
    assert shudu.count("." * 16, limit=1000, rules=rules) == expected
    assert len(list(shudu.solutions("." * 16, rules))) == expected


def test_unknown_constraints_are_refused_clearly() -> None:
    class Cage:
        kind = "killer cage"
        cells = (0, 1)

        def check(self, values: object) -> bool:
            return True

    rules = Rules(9, constraints=(Cage(),))
    with pytest.raises(UnsupportedRules, match="killer cage"):
        shudu.solve("." * 81, rules)


# ---------------------------------------------------------------------- batches


def test_batch_matches_single_calls_and_threads() -> None:
    puzzles = [HARD17, TWO, NONE, SOLVED, "." * 81]
    r1 = shudu.solve_many(puzzles, limit=2)
    assert list(r1.counts) == [1, 2, 0, 1, 2]
    assert str(r1.grid(0)) == SOLVED and r1.grid(2) is None
    r2 = shudu.solve_many(puzzles * 50, limit=2, threads=2)
    assert list(r2.counts) == [1, 2, 0, 1, 2] * 50
    assert list(shudu.count_many(puzzles, limit=2)) == [1, 2, 0, 1, 2]


def test_batch_accepts_text_bytes_and_values() -> None:
    text = (HARD17 + "\n" + SOLVED + "\n").encode()
    assert list(shudu.count_many(text)) == [1, 1]
    raw = bytes(values(HARD17))
    r = shudu.solve_many(raw)
    assert bytes(r.solutions) == bytes(values(SOLVED))


def test_batch_numpy_in_numpy_out() -> None:
    np = pytest.importorskip("numpy")
    arr = np.array([values(HARD17), values(SOLVED)], dtype=np.uint8)
    r = shudu.solve_many(arr, limit=2)
    assert r.solutions.shape == (2, 81)
    assert r.counts.dtype == np.int32 and list(r.counts) == [1, 1]
    assert (r.solutions[0] == np.array(values(SOLVED))).all()
    assert list(shudu.count_many(arr.reshape(2, 9, 9))) == [1, 1]


def test_batch_conflicts_count_zero_and_bad_bytes_are_named() -> None:
    conflict = "55" + "." * 79
    assert list(shudu.count_many([conflict, HARD17])) == [0, 1]
    with pytest.raises(ValueError, match="puzzle 2, cell 3"):
        shudu.count_many([HARD17, "..Q" + "." * 78])
    with pytest.raises(ValueError, match="whole number"):
        shudu.count_many(b"." * 80)


@pytest.mark.parametrize("n", [4, 6, 16])
def test_batch_generic_sizes(n: int) -> None:
    rules = Rules(n)
    sols = [shudu.solve("." * n * n, rules, seed=s) for s in range(4)]
    puzzles = []
    rng = random.Random(n)
    for s in sols:
        assert s is not None
        cells = list(s.values)
        for i in rng.sample(range(n * n), n * n // 3):
            cells[i] = 0
        puzzles.append(bytes(cells))
    r = shudu.solve_many(puzzles, rules, threads=2)
    for p, i in zip(puzzles, range(len(puzzles))):
        g = r.grid(i)
        assert g is not None and is_solution(g.values, list(p), n, DEFAULT_BOXES[n])


# ---------------------------------------------------------------------- robustness


def _random_partial(draw: st.DrawFn, n: int) -> list[int]:
    density = draw(st.floats(0.0, 0.6))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    return [rng.randint(1, n) if rng.random() < density else 0 for _ in range(n * n)]


@st.composite
def partial_grids(draw: st.DrawFn) -> tuple[int, list[int]]:
    n = draw(st.sampled_from([4, 6, 8, 9, 12, 16, 25]))
    return n, _random_partial(draw, n)


@settings(max_examples=150, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(partial_grids())
def test_random_partial_grids_never_crash_or_hang(case: tuple[int, list[int]]) -> None:
    n, cells = case
    rules = Rules(n)
    grid = Grid(cells, rules, check=False)
    if grid.conflicts():
        with pytest.raises(InvalidPuzzle):
            shudu.search(grid, limit=2)
        assert list(shudu.count_many([bytes(cells)], rules=rules)) == [0]
        return
    r = shudu.search(grid, limit=2)
    assert r.count in (0, 1, 2)
    if r.solution is not None:
        assert is_solution(r.solution.values, cells, n, DEFAULT_BOXES[n])
    batch = shudu.count_many([bytes(cells)], limit=2, rules=rules)
    assert list(batch) == [r.count]


@settings(max_examples=300, deadline=2000)
@given(st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_fast_path_agrees_with_generic_path(cells: list[int]) -> None:
    # The 9x9 fast path and the generic solver must agree on any input, conflicts included.
    buf = bytes(cells)
    fast = _engine.solve9(buf, 2)
    generic_tables = shudu.solving.engine._tables(Rules(9, extra_houses=()))  # classic tables
    generic = _engine.search(generic_tables, buf, 2)
    assert fast[0] == generic[0]


def test_engine_boundary_rejects_bad_values() -> None:
    with pytest.raises(ValueError):
        _engine.solve9(b"\x0a" + b"\x00" * 80)
    with pytest.raises(ValueError):
        _engine.solve9("." * 80)
    with pytest.raises(ValueError):
        _engine.solve9("." * 81, 0)
    with pytest.raises(ValueError):
        _engine.Rules(9, [0, 1], [0] * 82, [])
    with pytest.raises(ValueError):
        _engine.Rules(4, [0] * 4, [0] * 17, [])  # a house repeating a cell
    with pytest.raises(ValueError):
        _engine.Rules(4, list(range(4)), [0, 1] + [1] * 15, [99])


def test_batch_result_is_a_sequence_of_solutions() -> None:
    batch = shudu.solve_many([HARD17, NONE, "." * 81], limit=2)
    assert len(batch) == 3
    assert batch[0] == batch.grid(0) and batch[1] is None and batch[-1] == batch.grid(2)
    assert list(batch) == [batch.grid(0), None, batch.grid(2)]
    assert batch[1:] == [None, batch.grid(2)]
    with pytest.raises(IndexError):
        batch[3]
    assert str(batch[0]) == str(shudu.solve(HARD17))


def test_search_many_keeps_order_on_one_thread_and_many() -> None:
    grids = [shudu.Grid(p) for p in (HARD17, TWO, NONE, "." * 81)] + [
        shudu.Grid("." * 16, rules=Rules(4))]
    one = list(shudu.solving.engine.search_many(grids, limit=2))
    two = list(shudu.solving.engine.search_many(grids, limit=2, threads=2))
    assert [r.status for r in one] == ["unique", "multiple", "none", "multiple", "multiple"]
    assert [(r.count, r.solution, r.guesses, r.nodes) for r in one] == [
        (r.count, r.solution, r.guesses, r.nodes) for r in two]   # batches count nodes too
    assert one[0].nodes is not None and one[0].nodes >= one[0].guesses
