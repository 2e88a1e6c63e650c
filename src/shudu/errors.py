"""Exceptions raised by shudu.

Every error a user can cause is a :class:`ValueError` subclass carrying the exact place
(line/column or cell) and what was expected, so a command line or web form can show one
readable line.

>>> from shudu.errors import ParseError
>>> str(ParseError("expected a digit", line=2, column=5, found="Q"))
"line 2, column 5: expected a digit, found 'Q'"
"""

from __future__ import annotations

__all__ = ["InvalidPuzzle", "ParseError", "ShuduError", "UnsupportedRules"]


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
    digit and ``house`` a readable name of the house (or relation) they share.

    >>> e = InvalidPuzzle("r1c1", "r1c5", digit=7, house="row 1")
    >>> str(e)
    'digit 7 appears twice in row 1: r1c1 and r1c5'
    """

    def __init__(
        self,
        first: str,
        second: str,
        *,
        digit: int,
        house: str,
        cells: tuple[int, int] | None = None,
    ) -> None:
        self.first = first
        self.second = second
        self.digit = digit
        self.house = house
        self.cells = cells
        super().__init__(f"digit {digit} appears twice in {house}: {first} and {second}")


class UnsupportedRules(ShuduError, ValueError):
    """Rules the requested operation cannot handle (for example an unknown constraint).

    >>> str(UnsupportedRules("killer cages are not solved by this engine yet"))
    'killer cages are not solved by this engine yet'
    """


class NotUnique(ShuduError, ValueError):
    """A puzzle that needs exactly one solution has none or several.

    >>> str(NotUnique(0)), str(NotUnique(2))
    ('the puzzle has no solution', 'the puzzle has more than one solution')
    """

    def __init__(self, count: int, what: str = "the puzzle") -> None:
        self.count = count
        super().__init__(f"{what} has no solution" if count == 0
                         else f"{what} has more than one solution")


class GenerationError(ShuduError, ValueError):
    """The generator spent its budget (attempts or time) without meeting the target.

    >>> str(GenerationError("no puzzle in 10 attempts"))
    'no puzzle in 10 attempts'
    """
