"""Exceptions raised by shudu.

Every error a user can cause is a :class:`ValueError` subclass carrying the exact place
(line/column or cell) and what was expected, so a command line or web form can show one
readable line.

>>> from shudu.errors import ParseError
>>> str(ParseError("expected a digit", line=2, column=5, found="Q"))
"line 2, column 5: expected a digit, found 'Q'"
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "InvalidPuzzle",
    "LogicTimeout",
    "NoSolution",
    "NotUnique",
    "ParseError",
    "PicturesUnavailable",
    "SearchTimeout",
    "ShuduError",
    "UnsupportedRules",
]


class ShuduError(Exception):
    """Base class of every error raised on purpose by shudu.

    Errors keep their fields when pickled, so an error raised in a worker process reaches
    the parent as it was (not rebuilt from its message):

    >>> import pickle
    >>> pickle.loads(pickle.dumps(NotUnique(0))).count
    0
    """

    def __reduce__(self) -> tuple[object, ...]:
        return (_restore, (type(self), self.args, dict(self.__dict__)))


def _restore(cls: type[ShuduError], args: tuple[object, ...],
             state: dict[str, object]) -> ShuduError:
    """Rebuild a pickled error without calling its ``__init__`` (whose arguments differ)."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class ParseError(ShuduError, ValueError):
    """Text that is not a puzzle in the expected notation.

    ``line`` and ``column`` are 1-based (``None`` when not meaningful); ``expected`` says
    what the reader wanted and ``found`` what it saw.

    >>> e = ParseError("expected 81 cells", line=1, found="80 cells")
    >>> e.line, e.column
    (1, None)
    >>> str(e)
    "line 1: expected 81 cells, found '80 cells'"
    """

    def __init__(
        self,
        expected: str,
        *,
        line: int | None = None,
        column: int | None = None,
        found: str | None = None,
        source: str | None = None,
    ) -> None:
        self.expected = expected
        self.line = line
        self.column = column
        self.found = found
        self.source = source
        super().__init__(self._message())

    def _message(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        text = self.expected
        if self.found is not None:
            text += f", found {self.found!r}"
        return f"{', '.join(where)}: {text}" if where else text


class InvalidPuzzle(ShuduError, ValueError):
    """Givens that break the rules: the same digit twice in one house (or two peers).

    ``cells`` holds the two offending cells as 0-based indices, ``digit`` the repeated
    digit and ``house`` a readable name of the house (or relation) they share: given, or
    named from ``rules`` and ``cells`` (:func:`shudu.words.houses.conflict_house`).

    >>> e = InvalidPuzzle("r1c1", "r1c5", digit=7, house="row 1")
    >>> str(e)
    'digit 7 appears twice in row 1: r1c1 and r1c5'
    >>> from shudu import Rules
    >>> str(InvalidPuzzle("r1c1", "r9c9", digit=7, cells=(0, 80), rules=Rules(diagonals=True)))
    'digit 7 appears twice in the main diagonal: r1c1 and r9c9'
    """

    def __init__(
        self,
        first: str,
        second: str,
        *,
        digit: int,
        house: str | None = None,
        cells: tuple[int, int] | None = None,
        rules: Any = None,
    ) -> None:
        if house is None:
            from .words.houses import conflict_house, shared_house

            house = (conflict_house(rules, *cells) if rules is not None and cells
                     else shared_house())
        # None in a NoSolution, which names no repeated digit
        self.first: str | None = first
        self.second: str | None = second
        self.digit: int | None = digit
        self.house: str | None = house
        self.cells = cells
        super().__init__(f"digit {digit} appears twice in {house}: {first} and {second}")


class UnsupportedRules(ShuduError, ValueError):
    """Rules the requested operation cannot handle (for example an unknown constraint).

    >>> str(UnsupportedRules("killer cages are not solved by this engine yet"))
    'killer cages are not solved by this engine yet'
    """


class NotUnique(ShuduError, ValueError):
    """A puzzle that needs exactly one solution has none or several.

    ``solutions``: two of the solutions when known, ``cell`` the first cell (0-based)
    where they differ and ``digits`` its digit in each.

    >>> str(NotUnique(0)), str(NotUnique(2))
    ('the puzzle has no solution', 'the puzzle has more than one solution')
    >>> from shudu import Grid
    >>> a = Grid("1234341221434321", __import__("shudu").Rules(4))
    >>> b = Grid("2134341212434321", a.rules)
    >>> e = NotUnique(2, solutions=(a, b))
    >>> e.cell, e.digits, str(e)
    (0, (1, 2), 'the puzzle has several solutions: e.g. r1c1 is 1 in one and 2 in another')
    """

    def __init__(self, count: int, what: str = "the puzzle", *,
                 solutions: tuple[Any, ...] = ()) -> None:
        self.count = count
        self.solutions = tuple(solutions)
        self.cell: int | None = None
        self.digits: tuple[int, int] | None = None
        if count >= 2 and len(self.solutions) >= 2:
            a, b = self.solutions[0].cells, self.solutions[1].cells
            cell = next(i for i in range(len(a)) if a[i] != b[i])
            self.cell, self.digits = cell, (a[cell], b[cell])
            size = self.solutions[0].rules.size
            name = f"r{cell // size + 1}c{cell % size + 1}"
            super().__init__(f"{what} has several solutions: e.g. {name} is {a[cell]} in one "
                             f"and {b[cell]} in another")
            return
        super().__init__(f"{what} has no solution" if count == 0
                         else f"{what} has more than one solution")


class NoSolution(InvalidPuzzle, NotUnique):
    """Givens that leave no solution, though no digit repeats in a house.

    ``contradiction`` (when singles from the givens reach one) tells where the puzzle
    breaks: a :class:`shudu.logic.verdict.Contradiction`; ``cell`` (0-based), ``house``
    (its name) and ``digit`` repeat its data (``None`` when unknown or not relevant).
    Also a :class:`NotUnique` with ``count`` 0.

    >>> str(NoSolution("r1c9 has no candidate left"))
    'the puzzle has no solution: r1c9 has no candidate left'
    >>> isinstance(NoSolution(None), NotUnique), str(NoSolution(None))
    (True, 'the puzzle has no solution')
    """

    def __init__(self, reason: str | None = None, *, contradiction: Any = None) -> None:
        self.count = 0
        self.solutions = ()
        self.reason = reason
        self.contradiction = contradiction
        where = contradiction
        self.digit = getattr(where, "digit", None)
        self.cells = None
        self.cell = getattr(where, "cell", None)
        self.house = getattr(where, "house_name", None)
        self.first = self.second = None
        text = "the puzzle has no solution"
        ValueError.__init__(self, f"{text}: {reason}" if reason else text)


class LogicTimeout(ShuduError, TimeoutError):
    """Logic spent its time budget before finding the next step.

    >>> str(LogicTimeout(2.5))
    'no logical step found within 2.5 s'
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"no logical step found within {seconds:g} s")


class SearchTimeout(ShuduError, TimeoutError):
    """The engine's search spent its time budget before it could answer.

    It carries what was found in time: ``count`` solutions (0 when the search raised it
    before any; a solution iterator raises it after those it yielded) and ``solution``,
    the first of them (``None`` when there is none).

    >>> str(SearchTimeout(60))
    'the search found no answer within 60 s'
    >>> e = SearchTimeout(5, 3)
    >>> str(e), e.count, e.solution
    ('the search stopped at the 5 s limit after 3 solutions', 3, None)
    """

    def __init__(self, seconds: float, count: int = 0, solution: Any = None) -> None:
        self.seconds = seconds
        self.count = count
        self.solution = solution
        if count:
            plural = "" if count == 1 else "s"
            text = f"the search stopped at the {seconds:g} s limit after {count} solution{plural}"
        else:
            text = f"the search found no answer within {seconds:g} s"
        super().__init__(text)


class NotRated(ShuduError, ValueError):
    """A puzzle whose rating ran past its time limit.

    >>> str(NotRated(10))
    'not rated within 10 s (--timeout)'
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"not rated within {seconds:g} s (--timeout)")


class GenerationError(ShuduError, ValueError):
    """The generator spent its budget (attempts or time) without meeting the target.

    >>> str(GenerationError("no puzzle in 10 attempts"))
    'no puzzle in 10 attempts'
    """


class PicturesUnavailable(ShuduError, RuntimeError):
    """PNG or PDF pictures need CairoSVG and the system Cairo library, and one is missing.

    ``missing`` names what could not be loaded; the message says what to install.

    >>> str(PicturesUnavailable("cairosvg"))  # doctest: +NORMALIZE_WHITESPACE
    "PNG and PDF pictures need CairoSVG and the Cairo library (cairosvg could not be
    loaded): pip install 'shudu[pictures]' and apt-get install libcairo2"
    """

    def __init__(self, missing: str) -> None:
        self.missing = missing
        super().__init__(
            f"PNG and PDF pictures need CairoSVG and the Cairo library ({missing} could not "
            "be loaded): pip install 'shudu[pictures]' and apt-get install libcairo2"
        )
