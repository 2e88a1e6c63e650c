"""A search beyond classic 9x9 has a time bound and stops at Ctrl-C: a jigsaw layout with
no solution (found only by a long search) is cut off with a clear error, by the API and
by `shudu solve`, and a paused search resumes to the same answers."""

from __future__ import annotations

import pytest

from shudu import Grid, Rules, engine
from shudu.cli import main
from shudu.errors import SearchTimeout

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
