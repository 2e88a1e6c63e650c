"""One entry of a collection of puzzles: the :class:`Record` every multi-puzzle reader
yields, with the puzzle or the error that stopped it."""

from __future__ import annotations

from dataclasses import dataclass

from ..values.grid import Grid


@dataclass(frozen=True)
class Record:
    """One entry of a multi-puzzle source (a line, a CSV row, a JSON object ...).

    ``grid`` is ``None`` and ``error`` says why when the entry could not be read;
    ``line`` is where it starts in the file (1-based) and ``text`` its raw text;
    ``solution`` the solution a data-set table gives beside the puzzle (a ``solution``,
    ``solutions`` or ``answer`` column), read but not checked.

    >>> from shudu.formats import iter_records
    >>> r = next(iter_records("# top\\n" + "1" * 2 + "." * 79 + " # a comment"))
    >>> r.line, r.grid, r.extra
    (2, None, '# a comment')
    >>> str(r.error)
    'line 2: digit 1 appears twice in row 1: r1c1 and r1c2'
    """

    index: int
    line: int
    text: str
    grid: Grid | None
    error: ValueError | None
    extra: str = ""
    name: str | None = None
    solution: Grid | None = None

    @property
    def ok(self) -> bool:
        """True when the entry was read without error.

        >>> from shudu.formats import iter_records
        >>> next(iter_records("." * 81)).ok
        True
        """
        return self.error is None


_new_record = object.__new__


def new_record(
    index: int, line: int, text: str, grid: Grid | None, error: ValueError | None,
    extra: str = "", name: str | None = None, solution: Grid | None = None,
) -> Record:
    """A :class:`Record` made at once (the readers make one per puzzle, without the
    dataclass's checks).

    >>> new_record(0, 1, "x", None, None).ok
    True
    """
    record = _new_record(Record)
    record.__dict__.update(index=index, line=line, text=text, grid=grid, error=error,
                           extra=extra, name=name, solution=solution)
    return record
