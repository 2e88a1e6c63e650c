"""Puzzles named on a command line: files, puzzle text and standard input, read in
order, each with its place (source and line) for messages; and the starting states of
the logic commands (puzzles or explicit pencilmarks)."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import click

from .common import STDIN, InputError, describe_error, is_terminal, os_error_text

if TYPE_CHECKING:
    from ..values.grid import Grid
    from ..values.rules import Rules


T = TypeVar("T")


# ---------------------------------------------------------------------- puzzles in
@dataclass
class Item:
    """One puzzle to work on, or the error that stopped it from being read.

    ``index`` counts puzzles from 1 across all inputs; ``source`` is the file name,
    :data:`STDIN`, or ``None`` for puzzle text given as an argument; ``line`` is the
    1-based line where the puzzle starts in its source (``None`` for an argument).
    """

    index: int
    source: str | None
    line: int | None
    grid: Grid | None
    error: ValueError | None = None
    name: str | None = None
    label: str | None = None
    solution: Grid | None = None

    @property
    def where(self) -> str:
        """Readable place of the puzzle, e.g. ``puzzles.txt, line 3`` (may be empty).

        ``label`` (e.g. ``argument 2``) names a puzzle that has no source.
        """
        parts = []
        if self.source is not None:
            parts.append(self.source)
        elif self.label is not None:
            parts.append(self.label)
        if self.line is not None:
            parts.append(f"line {self.line}")
        return ", ".join(parts)

    def describe_error(self, error: ValueError | None = None) -> str:
        """``error`` (default: the read error) as one line naming the place when known."""
        error = error if error is not None else self.error
        if error is None:
            error = InputError("no puzzle")
        return describe_error(error, self.source or self.label, self.line)



@dataclass
class Inputs:
    """The puzzles named on a command line, read in order.

    Files are read whole with :func:`shudu.formats.read_file` (so their puzzle count is
    known up front); standard input is streamed with
    :func:`shudu.formats.iter_records`.
    """

    args: Sequence[str]
    format: str | None = None
    rules: Rules | None = None
    stdin: TextIO | None = None
    texts: dict[str, str] = field(default_factory=dict)
    _loaded: list[list[Item] | str] = field(default_factory=list, init=False)
    total: int | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        args = list(self.args) or ["-"]
        index = 0
        known = 0
        streams = False
        for pos, arg in enumerate(args, 1):
            if arg == "-":
                self._loaded.append(arg)
                streams = True
                continue
            if os.path.exists(arg):
                items = self._read_file(arg, index)
            else:
                items = [self._parse_argument(arg, index + 1, pos, len(args))]
            index += len(items)
            known += len(items)
            self._loaded.append(items)
        self.total = None if streams else known

    def _read_file(self, path: str, index: int) -> list[Item]:
        from .. import formats

        try:
            if path in self.texts:   # already read by the caller
                records = formats.read_text(self.texts[path], path, format=self.format,
                                            rules=self.rules)
            else:
                records = formats.read_file(path, format=self.format, rules=self.rules)
        except UnicodeDecodeError:
            error = InputError("not a text file (not valid UTF-8)")
            return [Item(index + 1, path, None, None, error)]
        except OSError as e:
            return [Item(index + 1, path, None, None, InputError(os_error_text(e).lower()))]
        except ValueError as e:
            return [Item(index + 1, path, None, None, e)]
        if not records:
            return [Item(index + 1, path, None, None, InputError("no puzzle found"))]
        return [
            Item(index + k, path, r.line, r.grid, r.error, r.name, solution=r.solution)
            for k, r in enumerate(records, 1)
        ]

    def _parse_argument(self, text: str, index: int, pos: int, nargs: int) -> Item:
        label = f"argument {pos}" if nargs > 1 else None
        try:
            grid = self._parse(text)
        except ValueError as e:
            from ..formats import argument_error

            real = argument_error(text, rules=self.rules, format=self.format)
            if isinstance(real, ValueError):   # what parse raises is a ValueError
                return Item(index, None, None, None, real, label=label)
            stripped = text.strip()
            if "\n" in stripped or not any(ch.isalpha() or ch == os.sep for ch in stripped):
                return Item(index, None, None, None, e, label=label)   # a short puzzle attempt
            error: ValueError = InputError(f"{stripped}: no such file (and not a puzzle)")
            return Item(index, None, None, None, error, label=None)
        return Item(index, None, None, grid, label=label)

    def _parse(self, text: str) -> Grid:
        from ..formats import parse

        return parse(text, rules=self.rules, format=self.format)

    def __iter__(self) -> Iterator[Item]:
        index = 0
        for part in self._loaded:
            if isinstance(part, list):
                for item in part:
                    index += 1
                    item.index = index
                    yield item
                continue
            for item in self._read_stdin():
                index += 1
                item.index = index
                yield item

    def _read_stdin(self) -> Iterator[Item]:
        from ..formats import iter_records

        stream = lenient(self.stdin if self.stdin is not None else sys.stdin)
        if is_terminal(stream):
            click.echo("shudu: reading puzzles from standard input (end with Ctrl-D)", err=True)
        empty = True
        try:
            for r in iter_records(stream, format=self.format, rules=self.rules):
                empty = False
                yield Item(0, STDIN, r.line, r.grid, r.error, r.name, solution=r.solution)
        except UnicodeDecodeError:
            error = InputError("not a text file (not valid UTF-8)")
            yield Item(0, STDIN, None, None, error)
        except ValueError as e:
            yield Item(0, STDIN, None, None, e)
        else:
            if empty:
                yield Item(0, STDIN, None, None, InputError("no puzzle found"))



class _Borrowed(io.TextIOWrapper):
    """A text view of a byte stream that belongs to someone else: closing (or dropping)
    it leaves that stream open."""

    def close(self) -> None:
        if not self.closed:
            self.detach()


def lenient(stream: TextIO) -> TextIO:
    """``stream`` read so that bytes which are not UTF-8 reach the readers as lone
    surrogates, which report each such line ("not valid UTF-8") and go on, instead of
    the whole stream failing at the first bad byte.

    >>> raw = io.TextIOWrapper(io.BytesIO(b"ok\\n\\xff\\n"), encoding="utf-8")
    >>> lenient(raw).read()
    'ok\\n\\udcff\\n'
    """
    buffer = getattr(stream, "buffer", None)
    if buffer is None or getattr(stream, "errors", None) == "surrogateescape":
        return stream
    return _Borrowed(buffer, encoding="utf-8-sig", errors="surrogateescape")


def peek_many(items: Iterable[T]) -> tuple[bool, Iterator[T]]:
    """Whether ``items`` holds more than one puzzle (or state), and the items again.

    >>> many, again = peek_many(iter([1, 2, 3]))
    >>> many, list(again)
    (True, [1, 2, 3])
    """
    it = iter(items)
    head = list(islice(it, 2))
    return len(head) > 1, chain(head, it)



# ---------------------------------------------------------------------- logic: inputs
@dataclass
class LogicItem:
    """One pencilmark state for the logic commands, or the error that stopped it.

    ``item`` carries the place (index, source, line); ``cands`` is the starting state;
    ``pencilmarks`` tells whether the input gave candidates explicitly.
    """

    item: Item
    cands: Any = None
    pencilmarks: bool = False

    @property
    def error(self) -> ValueError | None:
        """The read error, if any."""
        if self.item.error is not None:
            return self.item.error
        return None if self.cands is not None else InputError("no puzzle")


def _grid_state(grid: Grid) -> Any:
    from ..values.candidates import Candidates

    return Candidates.from_grid(grid)


def argument_text(arg: str, stdin: TextIO | None) -> tuple[str | None, str | None]:
    """``(text, source)`` of one argument: standard input, a file, or the text itself.

    Returns ``(None, source)`` when a file cannot be read as text (the grid reader then
    reports why).

    >>> import io
    >>> argument_text("." * 16, None), argument_text("-", io.StringIO("1234"))
    (('................', None), ('1234', '<stdin>'))
    """
    if arg == "-":
        stream = lenient(stdin if stdin is not None else sys.stdin)
        if is_terminal(stream):
            click.echo("shudu: reading puzzles from standard input (end with Ctrl-D)", err=True)
        try:
            return stream.read(), STDIN
        except UnicodeDecodeError:
            return None, STDIN
    if os.path.exists(arg):
        try:
            with open(arg, encoding="utf-8-sig", errors="surrogateescape") as f:
                return f.read(), arg
        except (OSError, UnicodeDecodeError):
            return None, arg
    return arg, None


def is_pencilmark_text(text: str, fmt: str | None) -> bool:
    """Whether ``text`` holds one explicit candidate state (grid, 729 string or JSON).

    >>> is_pencilmark_text("123456789" * 81, None), is_pencilmark_text("." * 81, None)
    (True, False)
    """
    from ..formats import detect_format

    if fmt is None:
        try:
            fmt = detect_format(text)
        except ValueError:
            return False
    if fmt in ("pencilmarks", "729"):
        return True
    return fmt == "json" and '"candidates"' in text and text.lstrip().startswith("{")


def logic_items(
    args: Sequence[str],
    fmt: str | None = None,
    rules: Rules | None = None,
    stdin: TextIO | None = None,
) -> Iterator[LogicItem]:
    """The starting states named on a command line, in order.

    A candidate grid, a 729-character string or a JSON object with ``candidates`` gives
    its pencilmarks; anything else is read as puzzles (one or many) by :class:`Inputs`.

    >>> [x.cands.unsolved_count for x in logic_items(["1" + "." * 80])]
    [80]
    >>> [x.pencilmarks for x in logic_items(["123456789" * 81])]
    [True]
    """
    import io

    from ..formats import parse_pencilmarks
    from ..values.candidates import Candidates

    args = list(args) or ["-"]
    index = 0
    for pos, arg in enumerate(args, 1):
        text, source = argument_text(arg, stdin)
        label = f"argument {pos}" if len(args) > 1 and source is None else None
        if text is None and arg == "-":
            index += 1
            error = InputError("not a text file (not valid UTF-8)")
            yield LogicItem(Item(index, STDIN, None, None, error))
            continue
        if text is not None and is_pencilmark_text(text, fmt):
            index += 1
            item = Item(index, source, None, None, label=label)
            try:
                pm = parse_pencilmarks(text, rules=rules, format=fmt, source=source)
            except ValueError as e:
                item.error = e
                yield LogicItem(item)
                continue
            item.grid = pm.to_grid()
            yield LogicItem(item, Candidates.from_pencilmarks(pm), True)
            continue
        if arg == "-":
            inputs = Inputs(["-"], format=fmt, rules=rules, stdin=io.StringIO(text or ""))
        else:
            texts = {arg: text} if text is not None and source is not None else {}
            inputs = Inputs([arg], format=fmt, rules=rules, texts=texts)
        for it in inputs:
            index += 1
            it.index = index
            if it.source is None and label is not None and not isinstance(it.error, InputError):
                it.label = label
            cands = _grid_state(it.grid) if it.grid is not None and it.error is None else None
            yield LogicItem(it, cands)
