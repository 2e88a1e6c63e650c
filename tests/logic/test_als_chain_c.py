"""ALS-XY-Chain in the C core: its first chain is the Python search's first step.

The states are pencilmarks (729 characters, nine per cell) met along the explained paths
of top1465 puzzles, chosen where the order of the Python search decides the step: the
first step is the earliest set of eliminations of the least chain length, with the first
chain found of that length.
"""

from __future__ import annotations

import pytest

from conftest import shared_file
from shudu import _engine
from shudu.formats.reading import parse_pencilmarks
from shudu.logic import accel9
from shudu.logic.solver import SolverConfig, iter_steps
from shudu.logic.techniques.classic import als
from shudu.logic.techniques.classic.als import als_index, find_als_xy_chain
from shudu.values.candidates import Candidates
from shudu.values.rules import Rules

# the first step is not the first shortest chain found: an earlier set of eliminations,
# first met as a longer chain, is found again as short later (six sets)
TIE6 = (
    "......7..123.....9.......8.1....6..9.23.....9123.....9....5....1....6......4....."
    "1.......9.....6.......5.......4...........7..123....89.23......1.3....8.1......8."
    "123.........4.....123......1....6.......5.....23..6.8..23...7..........91....678."
    "..34...89..3....89..34..7.9.....67.91..........3..67.9...4.6.8.....5.....2......."
    "12.45...912..5...912.4..7.9.......8..2...6..9.2...67.9...4.6...1..4.6.....3......"
    "123....8.123....8......6.......5.....23.........4.............91.....78.1.....78."
    "1.34.6..91.3.....91.34....91....67.9.......8.....5......3...7...2............67.9"
    "12...6.8.......7..12......9..3.........4.6..91....6..9...4.6.8....4.6.8.....5...."
    "..3.56.89..3.5..89..3.....9.2..........4.6..9.....67.91..........34.678......67.9"
)

TIE6_STEP = (
    "ALS-XY-Chain: Z=8: r8c5,r8c7,r8c8 {4,6,8,9} -9- r1c5,r5c5,r6c5 {2,3,6,9} "
    "-6- r5c7,r5c8 {1,4,6} -1- r1c8 {1,6} -6- r2c9,r3c9,r6c9 {1,6,7,8} "
    "-7- r7c9,r8c7,r8c8,r9c9 {4,6,7,8,9} => r8c1<>8, r9c8<>8"
)

# the same with five sets
TIE5 = (
    "1.........2...67...2.4.67....34....9..3...7.9..34..7.9....5.......4.67.........8."
    ".......8...3.........4..7.......6.......5....1.........2.4..7..........9.2.4..7.."
    "........9....567.....4567...2.............78....4..78...3.........4.67..1........"
    ".23.........4......2...6.8.......7..1..........3..6.8.........9.23....8.....5...."
    "..3...7.......6789.....6789..3....89.2...........5....1..........34...8...34.6..."
    "....5.....2...6.891..........3....89...4.......3..6.89.2....7...23...78..23..6..."
    ".2.4..7..1.........2....7......5.........6....234..7.........8..234..7..........9"
    ".....6..........89..3......1..............789.2.4..789.2.4.........5.....2.4..7.."
    ".2.4..7......5..89....5..89..34...89..3...789.234..789.....6...1.........234..7.."
)

TIE5_STEP = (
    "ALS-XY-Chain: Z=3: r5c1,r7c1,r9c1 {2,3,4,7} -2- r2c3,r7c3 {2,4,7} "
    "-4- r2c7,r2c9 {2,4,7} -7- r1c8,r3c8 {4,6,7} -4- r4c8,r5c8,r6c7,r6c8 {2,3,4,7,8} "
    "=> r5c9<>3"
)

# the shortest chain has seven sets (MAX_CHAIN)
SEVEN = (
    "1.........2..5.......4.......3.......2..56..9......7.......6.89.....6.8.....56..9"
    ".2...6.89.2..5.789.2..5678.12.45...9.2.456..912.456.....3.........4.67.....456..9"
    ".....6..9..3.5.7.9..3.567.....45...9.......8....456....2..........4.67..1........"
    "...4.....1.........23.5..8......6....2..5.....2.....8.......7..........9.23......"
    ".2...6....2.....8.........9......7....3......12.4...8.....5....12.4......2.4.6..."
    "......7...23.5.....23.56...12.45.....2.45............9...4.6...1234.6..........8."
    ".2.....89.....6...1.........2.4...89......7...234........4...89....5.....234....9"
    "..3.......2.4..7.9.2....78..2.45..89.2.456..9.2.456...1.........2.4.6.8..2.4.6..9"
    "....5.....2.4....9.2.....8..2.4...891.........234.6......4.6.89.234.6.8.......7.."
)

SEVEN_STEP = (
    "ALS-XY-Chain: Z=2: r1c2 {2,5} -5- r1c5,r1c7,r1c8,r1c9 {2,5,6,8,9} "
    "-2- r4c5,r6c5 {2,4,5} -4- r6c7 {4,6} -6- r5c2,r5c6,r5c8,r5c9 {1,2,4,6,8} "
    "-2- r3c1,r5c1 {2,6,9} -9- r1c2,r2c2,r3c2,r5c2,r6c2 {2,3,5,7,8,9} => r89c2<>2"
)

# four sets, the set of eliminations first met as a longer chain
TIE4 = (
    "...456......456.....3.56....2..5.78.....56.8..2...678..23.56...........91........"
    "1..............7......56..9.2.45......3.......2.4.6..9.2.456....2.4.6.8..2.456.8."
    ".......8..2.........3.56..9...45....1...5...91..4.6..9..3456.....34.67....34567.."
    ".2.4.6..9...4.6..9.2...678.1...........4.678.....5.....234.6..9.234.6.8..234.6.89"
    "..3......1..456..9....56.8..2.....8....4.6....2...6.8.......7..1..4.6.8....456.89"
    ".2.456...1..4.6....2..5678.........9...4.678...3......12.456...12.4.6.8..2.456.8."
    ".2......9..3....8.1.............6..........89...4..789..34....9....5.....234..7.9"
    "....56..9..3....8....4.......3.5.78..2.......1.....7891.3..6..91.3..67....3..67.9"
    "......7......56..9.2..56.....345....1...5...91..4....9.......8.1234.6....234.6..9"
)

TIE4_STEP = (
    "ALS-XY-Chain: Z=8: r2c4,r3c4,r5c4 {2,4,5,8} -5- r1c5,r4c5,r5c5,r6c5 {4,5,6,7,8} "
    "-8- r7c1,r7c5 {2,8,9} -2- r1c3,r2c3,r3c3,r5c3,r9c3 {2,3,5,6,8,9} => r5c689<>8"
)

# the kept chain replaced a longer one found first
SHORTENED = (
    "...4.........56..912...6.8.....5.789..3......1.....78..2..5.....2...67......567.9"
    "123...7....3.5...912............6...12....7.....45...9.......8...3.5.7....345...9"
    ".23..678...3.56..9.2...6.8....45.789.2....78....4..789..345.....23..67..1........"
    "123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78."
    "123.............8.....5...9...4....91.....7..1.34..7.9.....6...123.5.7....3.5.7.."
    "1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8."
    ".....6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5...."
    "....5....1..........3............78......678......678.........9...4......2......."
    "........9.2.............7....3.5.......4.......3.5....1.............6.8......6.8."
)

SHORTENED_STEP = (
    "ALS-XY-Chain: Z=7,8: r4c4,r8c4,r9c4 {3,5,7,8} "
    "-5- r1c4,r1c6,r2c5,r3c4,r3c5,r3c6 {1,2,4,5,7,8,9} "
    "-4- r1c7,r1c8,r1c9,r2c8,r3c7,r3c8 {2,3,4,5,6,7,9} "
    "-9- r1c4,r4c4,r8c4,r9c4 {3,5,7,8,9} => r3c4<>7, r3c4<>8"
)

# over 400 sets and no chain
NONE = (
    ".......89.....6......4..78..2...........5....1..........34....9...4..7.9..34..7.9"
    "..3.5...9.2.........3...7.....4.6..9..3..6..9.......8....45........567.91........"
    "1.3.5...9..345...91.34...........7....3..6.....34....9.2..............8....456..9"
    "..3.5..8...345......34...8.....5...9......7.9.....6...1...........45.7.9.2......."
    "......7..1..45............91......8..23.......23..........5..8....456......456..."
    ".2...6...1...5.....2...6...1......8....4.........5.7.9....5..89..3..........5.7.."
    "..3..6..9.......8.1.3..6......45....1.....7.9......7.9..345...9.2.........345...9"
    "...4.......3.....9....5.........6..912...6.89.2......9......7..1.......9..3....89"
    "12......9......7..12.........3......1......89...45.........6...1..45...9...45..89"
)


CHAINS = [(TIE6, TIE6_STEP), (TIE5, TIE5_STEP), (SEVEN, SEVEN_STEP), (TIE4, TIE4_STEP),
          (SHORTENED, SHORTENED_STEP)]


def _state(text: str) -> Candidates:
    return Candidates.from_pencilmarks(parse_pencilmarks(text, format="729"))


@pytest.mark.parametrize(("text", "notation"), CHAINS)
def test_the_c_chain_is_the_first_python_chain(text: str, notation: str) -> None:
    c = _state(text)
    got = accel9.als_chain(c)
    assert got   # found by the C core, not by the fallback
    sets, rccs, zmask = got
    assert len(sets) == len(rccs) + 1 and 4 <= len(sets) <= als.MAX_CHAIN and zmask
    want = next(find_als_xy_chain(c))
    step = als._first_chain9(c)
    assert step == want and step is not None
    assert step.to_dict() == want.to_dict()
    assert step.notation() == want.notation() == notation
    assert len(step.get("set_digits")) == len(sets)


def test_no_chain() -> None:
    c = _state(NONE)
    assert len(als_index(c)) > 400
    assert accel9.als_chain(c) == ()
    assert als._first_chain9(c) is None and next(find_als_xy_chain(c), None) is None


def test_the_python_search_takes_over_past_the_c_tables(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    # every cell {1,2,3}: 810 sets, more than the C tables hold
    assert accel9.als_chain(Candidates.from_masks(Rules(), [0b111] * 81)) is None
    c = _state(TIE5)
    monkeypatch.setattr(accel9, "als_chain", lambda cands: None)
    step = als._first_chain9(c)
    assert step is not None and step.notation() == TIE5_STEP


class _Raw:
    """A stand-in state carrying raw values and masks to the C core."""

    def __init__(self, values: object, masks: object) -> None:
        self.values, self.cell_mask = values, masks


@pytest.mark.parametrize(("values", "masks", "error"), [
    (b"\0" * 80, [0] * 81, ValueError),
    (b"\0" * 82, [0] * 81, ValueError),
    (b"\0" * 81, [0] * 80, ValueError),
    (b"\0" * 81, [0] * 82, ValueError),
    (b"\x0a" + b"\0" * 80, [0] * 81, ValueError),
    (b"\0" * 81, [1024] * 81, ValueError),
    (b"\0" * 81, [-1] + [0] * 80, ValueError),
    ("x" * 81, [0] * 81, TypeError),
    (None, [0] * 81, TypeError),
    (b"\0" * 81, None, TypeError),
    (b"\0" * 81, ["1"] * 81, TypeError),
])
def test_bad_states_are_refused(values: object, masks: object, error: type) -> None:
    with pytest.raises(error):
        accel9.als_chain(_Raw(values, masks))  # type: ignore[arg-type]


def test_the_binding_checks_its_arguments() -> None:
    for args in ((), (bytes(81),), (bytes(81), [0] * 81, 0)):
        with pytest.raises(TypeError):
            _engine.logic9_als_chain(*args)
    assert _engine.logic9_als_chain(bytes(81), [0] * 81) == ()   # a solved-looking state


def test_xz_and_wing_from_one_index() -> None:
    """The first ALS-XZ and ALS-XY-Wing found together from one index are those found
    apart, on states along explained paths (with and without each)."""
    seen = [0, 0, 0]
    for puzzle in shared_file("top1465.sdm").read_text().split()[:8]:
        run = iter_steps(puzzle, SolverConfig(uniqueness=True), max_steps=120)
        for _ in run:
            c = run.final
            xz, wing = accel9.als_xz(c), accel9.als_wing(c)
            assert accel9.als_xz_wing(c) == (None if xz is None else (xz, wing))
            seen[0] += 1
            seen[1] += bool(xz)
            seen[2] += bool(wing)
    assert seen[0] > 300 and seen[1] > 10 and seen[2] > 10


def test_xz_and_wing_binding_checks_its_arguments() -> None:
    for args in ((bytes(81), bytes(161)), (bytes([10]) * 81, bytes(162))):
        with pytest.raises(ValueError):
            _engine.logic9_als_xz_wing(*args)
    with pytest.raises(TypeError):
        _engine.logic9_als_xz_wing(bytes(81))
