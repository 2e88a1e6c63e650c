"""A search beyond classic 9x9 has a time bound and stops at Ctrl-C: a jigsaw layout with
no solution (found only by a long search) is cut off with a clear error, by the API and
by `shudu solve`, and a paused search resumes to the same answers."""

from __future__ import annotations

import pytest

from shudu import Grid, Rules
from shudu.cli import main
from shudu.errors import SearchTimeout
from shudu.solving import engine

# Box 1 trades r1c3 for r1c4 with box 2: counting the digits of columns 1-3 forces r1c3
# and r1c4 to hold the same digit, so there is no solution, but the search needs far
# more than one slice of nodes to find that out.
BAD_JIGSAW = Rules(9, regions="001011222000111222000111222333444555333444555333444555"
                              "666777888666777888666777888")


def test_a_long_search_is_cut_off_with_a_clear_error() -> None:
    with pytest.raises(SearchTimeout, match="no answer within 1e-09 s") as caught:
        engine.search(Grid("." * 81, BAD_JIGSAW), timeout=1e-9)
    assert isinstance(caught.value, TimeoutError)
    found = list(engine.search_many([Grid("." * 81, BAD_JIGSAW), Grid("." * 16, Rules(4))],
                                    timeout=1e-9))
    assert isinstance(found[0], SearchTimeout)
    assert found[1].count == 2   # a short search finishes within its first slice


def test_searches_in_slices_give_the_same_answers() -> None:
    # thousands of slices of 4096 nodes: every count and first solution as in one go
    assert engine.count("." * 16, 1000, Rules(4)) == 288
    big = engine.search("." * 36, Rules(6), limit=20000)
    assert big.count == 20000 and big.solution is not None and big.nodes > 4096
    assert big.solution == engine.solve("." * 36, Rules(6))


def test_the_command_line_says_when_time_ran_out(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["solve", "--timeout", "0.000000001", "--rules", BAD_JIGSAW.spec, "." * 81])
    assert done.value.code == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "no answer within" in err and "--timeout" in err


EMPTY9 = "." * 81


def test_a_long_classic_count_is_cut_off() -> None:
    # counting the empty 9x9 grid to a million takes far more than one look at the
    # clock: what was found in time comes back, marked incomplete
    for puzzle, rules, threads in ((EMPTY9, None, 1), (EMPTY9, None, 2),
                                   ("." * 36, Rules(6), 2)):
        cut = engine.search(puzzle, rules, limit=10**6, threads=threads, timeout=1e-9)
        assert not cut.complete and 1 <= cut.count < 10**6 and not cut.unique
        assert cut.solution == engine.solve(puzzle, rules)
    # a count to 2 and a finished count are not affected by the clock's looks
    assert engine.search(EMPTY9, limit=2, timeout=1e-9).count == 2
    assert engine.search(EMPTY9, limit=20000, timeout=600).count == 20000


def test_a_stop_byte_ends_a_search_from_another_thread() -> None:
    from shudu import _engine

    stop = bytearray(b"\x01")
    found, first, _, _ = _engine.solve9(EMPTY9, 10**6, None, 0.0, stop)
    assert found < -2 and first is not None   # stopped after -2 - found solutions
    tables = engine._tables(BAD_JIGSAW)
    assert _engine.search(tables, EMPTY9, 1, None, 0.0, stop)[0] == -2
    stop[0] = 0
    assert _engine.solve9(EMPTY9, 20000, None, 0.0, stop)[0] == 20000
    with pytest.raises(TypeError, match="bytearray"):
        _engine.solve9(EMPTY9, 3, None, 0.0, b"\x00")


def test_enumerating_every_solution_has_a_time_bound(capsys) -> None:
    it = engine.solutions(Grid(EMPTY9, BAD_JIGSAW), timeout=1e-9)
    with pytest.raises(SearchTimeout):
        next(it)
    assert len(list(engine.solutions("." * 16, Rules(4), timeout=600))) == 288
    with pytest.raises(SystemExit) as done:
        main(["solve", "--all", "--json", "--timeout", "0.000000001",
              "--rules", BAD_JIGSAW.spec, EMPTY9])
    assert done.value.code == 1
    out, err = capsys.readouterr()
    assert '"status": "timeout"' in out and '"count": 0' in out
    assert err.strip().count("\n") == 0 and "--timeout" in err
