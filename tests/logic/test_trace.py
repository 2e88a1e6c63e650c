"""The search trace (shudu.trace): its log format, its verdicts, and agreement with the engine."""

from __future__ import annotations

import json
import random
from itertools import islice

import pytest

import shudu
from conftest import shared_file
from shudu import Grid, Rules, UnsupportedRules, trace
from shudu.logic.trace import KINDS, TraceEvent

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."
NONE_AT_ONCE = "12345678.........9" + "." * 63           # r1c9 has no candidate
NONE_BY_SEARCH = HARD17[:1] + "9" + HARD17[2:]             # singles alone do not show it
ARTICLE = "x2xx6xx7x4xxxx5xx1xx5xx38xxx72xxxxxx8xxx1xxx2xxxxxx49xxx94xx6xx3xx1xxxx8x5xx8xx4x"


def test_the_log_of_a_hard_puzzle_is_pinned() -> None:
    t = trace(HARD17)
    lines = t.lines()
    assert lines[:8] == [
        "hidden single: r6c2 = 4 (the only place for 4 in column 2)",
        "hidden single: r8c3 = 3 (the only place for 3 in box 7)",
        "hidden single: r8c6 = 1 (the only place for 1 in box 8)",
        "guess r7c2 = 8 (2 candidates: 8 9, fewest of any cell), save state 1",
        "  guess r7c1 = 2 (2 candidates: 2 9, fewest of any cell), save state 2",
        "    naked single: r7c3 = 9 (its only candidate)",
        "    guess r7c5 = 4 (2 candidates: 4 5, fewest of any cell), save state 3",
        "      naked single: r7c9 = 1 (its only candidate)",
    ]
    assert lines[44:46] == [
        "                contradiction: r5c8 has no candidate",
        "              restore state 8, try r1c5 = 9",
    ]
    assert lines[51] == "              state 8 exhausted: no candidate of r1c5 works"
    assert t.summary() == ["101 nodes, 50 guesses, max depth 8, 1 solution",
                           "one solution: the puzzle is unique"]
    assert t.summary("zh") == ["101 个节点，50 次猜测，最大深度 8，1 个解", "唯一解：题目合格"]
    assert t.status == "unique" and t.solutions == (shudu.solve(HARD17),)
    assert [e.kind for e in t.events].count("solution") == 1
    assert t.lines()[-1] == "state 1 exhausted: no candidate of r7c2 works"   # searched to the end
    assert {e.kind for e in t.events} <= set(KINDS)


def test_the_log_is_deterministic() -> None:
    a, b = trace(HARD17), trace(HARD17)
    assert a.events == b.events
    assert (a.nodes, a.guesses, a.max_depth) == (b.nodes, b.guesses, b.max_depth) == (101, 50, 8)


def test_chinese_words() -> None:
    lines = trace(HARD17).lines("zh")
    assert lines[0] == "隐性唯一：r6c2 = 4（4 在第2列中唯一的位置）"
    assert lines[3] == "猜测 r7c2 = 8（2 个候选数：8 9，候选数最少的格），保存状态 1"
    assert lines[5] == "    唯一余数：r7c3 = 9（该格唯一的候选数）"
    assert lines[44].strip() == "矛盾：r5c8 没有候选数"
    assert lines[45].strip() == "恢复状态 8，尝试 r1c5 = 9"


def test_the_articles_puzzle_falls_to_singles() -> None:
    t = trace(ARTICLE.replace("x", "."))
    assert t.guesses == 0 and t.nodes == 1 and t.status == "unique"
    assert {e.kind for e in t.events} == {"naked", "hidden", "solution"}
    assert str(t.solutions[0]).startswith("923861574")


def test_no_solution_from_the_givens_names_the_cell() -> None:
    t = trace(NONE_AT_ONCE)
    assert t.status == "none" and t.solutions == () and t.guesses == 0
    assert t.events[0] == TraceEvent("contradiction", 0, cell=8)
    assert t.lines()[0] == "contradiction: r1c9 has no candidate"
    assert t.summary()[1] == ("no solution: r1c9 has no candidate left: "
                              "the givens rule out every digit.")


def test_no_solution_found_by_search_names_the_first_guess() -> None:
    t = trace(NONE_BY_SEARCH)
    assert t.status == "none" and shudu.count(NONE_BY_SEARCH) == 0
    assert t.lines()[-2:] == ["  state 2 exhausted: no candidate of r1c5 works",
                              "state 1 exhausted: no candidate of r1c4 works"]
    assert "    contradiction: digit 6 has no place in column 5" in t.lines()
    assert t.summary()[1] == "no solution: every candidate of r1c4 leads to a contradiction"
    assert t.summary("zh")[1] == "无解：r1c4 的每个候选数都导致矛盾"


def test_several_solutions_show_two_and_where_they_differ() -> None:
    t = trace(TWO)
    assert t.status == "multiple"
    assert set(t.solutions) == set(shudu.solutions(TWO))
    assert t.cell == 1 and t.digits == (1, 3)
    assert t.summary()[1] == "several solutions: e.g. r1c2 is 1 in one and 3 in another"
    assert [e.state for e in t.events if e.kind == "solution"] == [1, 2]


def test_limit_one_does_not_check_uniqueness() -> None:
    t = trace(TWO, limit=1)
    assert t.status == "solved" and len(t.solutions) == 1
    assert t.summary()[1] == "solved (limit 1: uniqueness not checked)"


def test_four_by_four() -> None:
    t = trace(".234341221434321", "4")
    assert t.text() == ("naked single: r1c1 = 1 (its only candidate)\nsolution 1 found\n"
                        "1 node, 0 guesses, max depth 0, 1 solution\n"
                        "one solution: the puzzle is unique")
    empty = trace("." * 16, Rules(4), limit=5)
    assert empty.status == "multiple" and len(empty.solutions) == 5
    assert all(s.is_solution_of(Grid.empty(Rules(4))) for s in empty.solutions)


def test_sixteen_by_sixteen() -> None:
    rules = Rules(16)
    full = shudu.solve(Grid.empty(rules), seed=5)
    cells = bytearray(full.cells)
    for c in random.Random(16).sample(range(256), 140):
        cells[c] = 0
    puzzle = Grid(bytes(cells), rules)
    t = trace(puzzle)
    assert t.status == shudu.search(puzzle).status
    assert all(s.is_solution_of(puzzle) for s in t.solutions)
    assert {"hidden", "guess", "contradiction", "restore"} <= {e.kind for e in t.events}
    assert set(t.solutions) <= set(islice(shudu.solutions(puzzle), 1000))
    hidden = [e for e in t.events if e.kind == "hidden"]
    assert all(e.text().startswith("hidden single: r") for e in hidden)


def test_x_sudoku_names_the_diagonals() -> None:
    rules = Rules(diagonals=True)
    full = shudu.solve(Grid.empty(rules), seed=2)
    puzzle = Grid(bytes(v if c % 3 == 0 else 0 for c, v in enumerate(full.cells)), rules)
    t = trace(puzzle)
    assert t.status == shudu.search(puzzle).status
    assert all(s.is_solution_of(puzzle) for s in t.solutions)
    empty = trace("." * 81, "x", limit=1)
    assert empty.solutions[0].is_solution_of(Grid.empty(rules))
    assert TraceEvent("hidden", 0, cell=0, digit=5, house=27, rules=rules).text() == (
        "hidden single: r1c1 = 5 (the only place for 5 in the main diagonal)")


def test_grids_at_each_guess() -> None:
    t = trace(HARD17, grids=True)
    guesses = [e for e in t.events if e.kind == "guess"]
    assert all(e.grid is not None and len(e.grid) == 729 for e in guesses)
    lines = t.lines()
    assert lines[3].startswith("guess r7c2 = 8")
    assert lines[4] == "  .-----------------------.-----------------------.----------------------."
    assert lines[5] == "  | 4      1679   12679   | 139    2369    269    | 8      1239   5      |"
    assert trace(HARD17).events[3].grid is None


def test_json_form() -> None:
    data = json.loads(json.dumps(trace(TWO).to_dict()))
    assert data["status"] == "multiple" and data["cell"] == [1, 2] and data["digits"] == [1, 3]
    assert len(data["solutions"]) == 2
    first = data["events"][0]
    assert set(first) >= {"kind", "depth", "cell", "digit", "house", "house_name",
                          "candidates", "state", "grid", "text"}
    guess = next(e for e in trace(HARD17).to_dict("zh")["events"] if e["kind"] == "guess")
    assert guess["cell"] == [7, 2] and guess["candidates"] == [8, 9] and guess["state"] == 1
    assert guess["text"].startswith("猜测 r7c2 = 8")


def test_bounded_by_max_events_and_time() -> None:
    t = trace("." * 256, 16, limit=10**6, max_events=50)
    assert t.status == "multiple" or t.status == "stopped"
    assert len(t.events) == 51 and t.events[-1].kind == "stop"
    assert t.reason == "max_events"
    assert t.events[-1].text() == "stop: the log reached its event limit"
    slow = trace("." * 256, 16, limit=10**9, timeout=0.0)
    assert slow.reason == "timeout" and slow.status in ("stopped", "multiple")


def test_refuses_what_it_cannot_do() -> None:
    with pytest.raises(ValueError, match="limit must be at least 1"):
        trace(HARD17, limit=0)
    with pytest.raises(UnsupportedRules):
        trace(HARD17, "killer")
    with pytest.raises(TypeError, match="expected puzzle text"):
        trace(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "count"), [("qqwing_simple.sdm", 100),
                                             ("qqwing_expert.sdm", 150),
                                             ("top1465.sdm", 60)])
def test_agrees_with_the_engine_on_shared_data(name: str, count: int) -> None:
    path = shared_file(name)
    with open(path, encoding="utf-8") as f:
        puzzles = [line.strip() for line in islice(f, count) if line.strip()]
    for p in puzzles:
        t = trace(p)
        found = shudu.search(p)
        assert t.status == found.status, p
        assert t.solutions[0] == found.solution, p
