"""Millions of puzzles on a Dask cluster: solve, count, check, rate and generate over Dask
DataFrames (the ``shudu[dask]`` extra: ``pip install 'shudu[dask]'``).

Each partition goes to the C engine in one batch (the GIL released), so a worker process
runs at the speed of :func:`shudu.solve_many`; results come back as columns beside the
puzzles, in the order of the input.

>>> import pandas as pd, dask.dataframe as dd
>>> frame = dd.from_pandas(pd.DataFrame({"quizzes": [
...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
...     "." * 81, "11" + "." * 79]}), npartitions=2)
>>> out = solve(frame).compute(scheduler="sync")
>>> list(out["status"]), out["solution"].iloc[0][:9]
(['unique', 'multiple', 'invalid'], '417369825')
"""

from __future__ import annotations

import os
import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import ShuduError
from .solving import engine
from .values.rules import Rules

if TYPE_CHECKING:
    import pandas as pd

    from .rating.rater import Rating
    from .solving.engine import SearchResult
    from .values.grid import Grid

T = TypeVar("T")
R = TypeVar("R")

__all__ = [
    "DaskUnavailable",
    "check",
    "collect",
    "connect",
    "generate",
    "map_ordered",
    "puzzle_column",
    "rate",
    "rate_many",
    "read",
    "search_many",
    "solution_column",
    "solve",
    "write",
]

PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "sudoku", "sudokus", "grid")
"""Names a data set gives its puzzle column (any case), tried in this order."""
SOLUTION_COLUMNS = ("solutions", "solution", "answer", "answers")
"""Names a data set gives its solution column."""


class DaskUnavailable(ShuduError):
    """Dask (or pandas/pyarrow for a format) is not installed."""

    code = "dask-unavailable"


def _dd() -> Any:
    try:
        import dask.dataframe as dd
    except ImportError as exc:   # pragma: no cover - the extra is installed in tests
        raise DaskUnavailable(f"Dask is not installed ({exc.name}): "
                              "pip install 'shudu[dask]'") from None
    return dd


def _find(columns: Any, names: tuple[str, ...]) -> str | None:
    lower = {str(c).lower(): str(c) for c in columns}
    return next((lower[n] for n in names if n in lower), None)


def puzzle_column(frame: Any) -> str:
    """The column of a (Dask or pandas) DataFrame that holds the puzzles: a usual name
    (``quizzes``, ``puzzle`` …) or else the first column.

    >>> import pandas as pd
    >>> puzzle_column(pd.DataFrame({"id": [1], "Quizzes": ["."], "solutions": ["1"]}))
    'Quizzes'
    """
    return _find(frame.columns, PUZZLE_COLUMNS) or str(frame.columns[0])


def solution_column(frame: Any) -> str | None:
    """The column holding given solutions (``solutions``, ``solution`` …), or None.

    >>> import pandas as pd
    >>> solution_column(pd.DataFrame({"quizzes": ["."], "solutions": ["1"]}))
    'solutions'
    """
    return _find(frame.columns, SOLUTION_COLUMNS)


def read(path: str | Path, *, blocksize: str | int | None = "8MB") -> Any:
    """A data set as a Dask DataFrame: ``.parquet`` files (pyarrow) or CSV (any other
    name; globs allowed), every column read as text so that leading zeros stay.  CSV is
    parsed by pyarrow in partitions of ``blocksize`` bytes (8 MB: about 50,000 puzzles
    with their solutions, small enough that every worker of a cluster gets several).

    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "d.csv")
    >>> _ = open(p, "w").write("quizzes,solutions\\n00430020900,x\\n")
    >>> read(p).compute()["quizzes"].iloc[0]
    '00430020900'
    """
    dd = _dd()
    text = str(path)
    if text.endswith((".parquet", ".pq")) or Path(text).is_dir():
        return dd.read_parquet(text)
    return dd.read_csv(text, dtype=str, keep_default_na=False, blocksize=blocksize,
                       engine="pyarrow")


def collect(frame: Any) -> pd.DataFrame:
    """A result frame's rows as one pandas DataFrame in input order.  On a cluster the
    partitions come straight to this process and are joined here, which is several times
    faster for millions of rows than ``frame.compute()`` (that joins them on one worker
    first); without a cluster it is ``frame.compute()``.

    >>> import pandas as pd, dask.dataframe as dd
    >>> f = dd.from_pandas(pd.DataFrame({"q": ["." * 16] * 3}), npartitions=2)
    >>> with connect("local:1"):
    ...     collect(solve(f, rules="4"))["count"].tolist()
    [2, 2, 2]
    """
    import pandas as pd

    try:
        from distributed import default_client

        client = default_client()
    except (ImportError, ValueError):
        return frame.compute()
    parts = client.gather(client.compute(frame.to_delayed()))
    return pd.concat(parts) if parts else frame._meta


def write(frame: Any, path: str | Path) -> None:
    """Write a result frame: Parquet for ``.parquet``, else one CSV file, in order."""
    text = str(path)
    if text.endswith((".parquet", ".pq")):
        frame.to_parquet(text, write_index=False)
    else:
        frame.to_csv(text, single_file=True, index=False)


# ----------------------------------------------------------------------- partitions
_DIGITS = bytes(range(256)).translate(
    bytes.maketrans(b".0123456789", bytes([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])))
_SYMBOLS = bytes.maketrans(bytes(range(10)), b"0123456789")


def _fast_rows(texts: list[str]) -> tuple[list[int], bytes]:
    """The rows that are plain 81-character classic puzzles (``0``/``.`` blanks), and
    their cell values as one buffer (one pass over the whole column when every row is).

    >>> rows, cells = _fast_rows(["." * 81, "x", "1" + "0" * 80])
    >>> rows, len(cells), cells[81]
    ([0, 2], 162, 1)
    """
    joined = "".join(texts)
    if len(joined) == 81 * len(texts) and joined.isascii():
        raw = joined.encode("ascii")
        if not raw.translate(None, b"0123456789."):
            return list(range(len(texts))), raw.translate(_DIGITS)
    rows: list[int] = []
    parts: list[bytes] = []
    for k, text in enumerate(texts):
        if len(text) == 81:
            raw = text.encode("ascii", "replace")
            if not raw.translate(None, b"0123456789."):
                rows.append(k)
                parts.append(raw.translate(_DIGITS))
    return rows, b"".join(parts)


def _status(count: int) -> str:
    return {0: "none", 1: "unique"}.get(count, "multiple")


def _batch_columns(part: pd.DataFrame, buffer: bytes, limit: int) -> pd.DataFrame:
    """The result columns of a partition of plain classic puzzles (``buffer``: their
    cell values), solved in one C batch and turned into columns without a Python loop
    over the rows (Arrow text columns where pyarrow is there)."""
    import numpy as np

    n = len(buffer) // 81
    batch = engine.solve_many(buffer, limit=limit, threads=1)
    counts = np.asarray(batch.counts, dtype=np.int64)
    kinds = np.minimum(counts, 2)
    broken = np.flatnonzero(counts == 0)
    conflict = [j for j in broken.tolist()
                if engine.has_conflict9(buffer[81 * j:81 * j + 81])]
    kinds[conflict] = 3
    cells = np.frombuffer(bytes(batch.solutions), dtype=np.uint8).reshape(n, 81)
    solved = cells[counts > 0].tobytes().translate(_SYMBOLS)
    errors = {j: "givens repeat a digit in a house" for j in conflict}
    return part.assign(
        solution=_text_column(solved, np.where(counts > 0, 81, 0)),
        count=counts,
        status=_text_column(b"".join([_STATUS[k] for k in kinds.tolist()]),
                            np.array([len(word) for word in _STATUS])[kinds]),
        guesses=np.asarray(batch.guesses, dtype=np.int64),
        error=[errors.get(j, "") for j in range(n)] if errors else _text_column(
            b"", np.zeros(n, dtype=np.int64)))


_STATUS = (b"none", b"unique", b"multiple", b"invalid")
"""Status words by kind: count 0, 1, 2 (or more), and givens that repeat a digit."""


def _text_column(data: bytes, lengths: Any) -> Any:
    """A text column of ``len(lengths)`` rows cut from ``data`` (row k has
    ``lengths[k]`` ASCII characters), made as one Arrow array when pyarrow is there.

    >>> import numpy as np
    >>> list(_text_column(b"abcde", np.array([2, 0, 3])))
    ['ab', '', 'cde']
    """
    import numpy as np

    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    try:
        import pandas as pd
        import pyarrow as pa
    except ImportError:   # pragma: no cover - the dask extra brings pyarrow
        text = data.decode("ascii")
        return [text[a:b] for a, b in zip(offsets[:-1].tolist(), offsets[1:].tolist())]
    array = pa.LargeStringArray.from_buffers(len(lengths), pa.py_buffer(offsets),
                                             pa.py_buffer(data))
    return pd.array(array.cast(pa.string()), dtype="str")


def _solve_partition(part: pd.DataFrame, column: str, rules: Rules | None,
                     limit: int) -> pd.DataFrame:
    """Solve one partition: plain classic puzzles in one C batch, the others (grid text,
    other sizes, variants) one by one; a puzzle that cannot be read or breaks the rules
    gets status ``invalid`` and the reason in ``error``."""
    from .formats import parse

    texts = part[column].astype(str).tolist()
    n = len(texts)
    fast, buffer = _fast_rows(texts) if rules is None or rules.is_classic9 else ([], b"")
    if len(fast) == n and n:   # the usual data set: one batch, no row by row work
        return _batch_columns(part, buffer, limit)
    solutions = [""] * n
    counts = [0] * n
    guesses = [0] * n
    status = ["invalid"] * n
    errors = [""] * n
    if fast:
        batch = engine.solve_many(buffer, limit=limit, threads=1)
        text = bytes(batch.solutions).translate(_SYMBOLS).decode("ascii")
        found_counts, found_guesses = batch.counts.tolist(), batch.guesses.tolist()
        for j, k in enumerate(fast):
            count = found_counts[j]
            counts[k], guesses[k] = count, found_guesses[j]
            if count:
                solutions[k] = text[81 * j:81 * j + 81]
                status[k] = _status(count)
            elif engine.has_conflict9(buffer[81 * j:81 * j + 81]):
                errors[k] = "givens repeat a digit in a house"
            else:
                status[k] = "none"
    done = set(fast)
    for k, text in enumerate(texts):
        if k in done:
            continue
        try:
            found = engine.search(parse(text, rules=rules), limit=limit)
        except ValueError as exc:
            errors[k] = str(exc)
            continue
        counts[k], guesses[k], status[k] = found.count, found.guesses, _status(found.count)
        if found.solution is not None:
            solutions[k] = found.solution.to_string()
    return part.assign(solution=solutions, count=counts, status=status, guesses=guesses,
                       error=errors)


def _meta(frame: Any, **columns: Any) -> Any:
    import pandas as pd

    head = frame._meta
    return head.assign(**{name: pd.Series(dtype=kind) for name, kind in columns.items()})


def _rules_of(rules: Rules | str | int | None) -> Rules | None:
    """A rules argument as a Rules value (it travels to the workers pickled)."""
    if rules is None:
        return None
    value = Rules.coerce(rules)
    return Rules.from_spec(value) if isinstance(value, str) else value


def solve(frame: Any, *, column: str | None = None, rules: Rules | str | None = None,
          limit: int = 2) -> Any:
    """Solve every puzzle of a Dask DataFrame; the result has the input's columns and
    ``solution`` (text, empty without one), ``count`` (up to ``limit``; 2 tells unique
    from several), ``status`` (``unique``, ``multiple``, ``none``, ``invalid``),
    ``guesses`` and ``error`` (why a puzzle is invalid).  Lazy: call ``.compute()``.

    >>> import pandas as pd, dask.dataframe as dd
    >>> f = dd.from_pandas(pd.DataFrame({"p": ["." * 16]}), npartitions=1)
    >>> solve(f, rules="4").compute(scheduler="sync")["count"].tolist()
    [2]
    """
    column = column or puzzle_column(frame)
    meta = _meta(frame, solution=str, count="int64", status=str, guesses="int64", error=str)
    return frame.map_partitions(_solve_partition, column, _rules_of(rules), limit,
                                meta=meta)


def _check_partition(part: pd.DataFrame, column: str, given: str | None,
                     rules: Rules | None) -> pd.DataFrame:
    solved = _solve_partition(part, column, rules, 2)
    if given is None:
        return solved.assign(given_ok=True)
    stated = solved[given].astype(str)
    same = stated == solved["solution"]
    if not same.all():   # a solution written with separators: compare its digits
        same |= stated.str.replace(r"[.\s|+-]", "", regex=True) == solved["solution"]
    return solved.assign(given_ok=(solved["status"] == "unique") & same)


def check(frame: Any, *, column: str | None = None, solutions: str | None = None,
          rules: Rules | str | None = None) -> Any:
    """:func:`solve` with a uniqueness count, plus ``given_ok``: whether the data set's
    own solution column (``solutions``, found by name unless given) is the puzzle's one
    solution (True everywhere when there is no such column).

    >>> import pandas as pd, dask.dataframe as dd
    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> s = solve(dd.from_pandas(pd.DataFrame({"q": [p]}), npartitions=1))
    >>> right = s.compute(scheduler="sync")["solution"].iloc[0]
    >>> f = dd.from_pandas(pd.DataFrame({"quizzes": [p, p], "solutions": [right, "1" * 81]}),
    ...                    npartitions=1)
    >>> check(f).compute(scheduler="sync")["given_ok"].tolist()
    [True, False]
    """
    column = column or puzzle_column(frame)
    given = solutions or solution_column(frame)
    meta = _meta(frame, solution=str, count="int64", status=str, guesses="int64", error=str,
                 given_ok=bool)
    return frame.map_partitions(_check_partition, column, given, _rules_of(rules),
                                meta=meta)


def _rate_partition(part: pd.DataFrame, column: str, rules: Rules | None,
                    timeout: float | None) -> pd.DataFrame:
    from .formats import parse
    from .rating.rater import rate_or_error

    scores, grades, hardest, errors = [], [], [], []
    for text in part[column].tolist():
        try:
            found = rate_or_error(parse(str(text), rules=rules), timeout=timeout)
        except ValueError as exc:
            found = exc
        if isinstance(found, ValueError):
            scores.append(float("nan"))
            grades.append("")
            hardest.append("")
            errors.append(str(found))
            continue
        scores.append(found.score)
        grades.append(found.grade)
        hardest.append(found.hardest or "")
        errors.append("")
    return part.assign(score=scores, grade=grades, hardest=hardest, error=errors)


def rate(frame: Any, *, column: str | None = None, rules: Rules | str | None = None,
         timeout: float | None = None) -> Any:
    """Rate every puzzle on the Sudoku Explainer scale: columns ``score``, ``grade``,
    ``hardest`` (technique key) and ``error`` (a puzzle without one solution, or past
    ``timeout`` seconds).

    >>> import pandas as pd, dask.dataframe as dd
    >>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> f = dd.from_pandas(pd.DataFrame({"puzzle": [p]}), npartitions=1)
    >>> rate(f).compute(scheduler="sync")[["score", "grade"]].values.tolist()
    [[1.2, 'beginner']]
    """
    column = column or puzzle_column(frame)
    meta = _meta(frame, score="float64", grade=str, hardest=str, error=str)
    return frame.map_partitions(_rate_partition, column, _rules_of(rules), timeout,
                                meta=meta)


def _generate_partition(count: int, seed: int, rules: Rules | None,
                        options: dict[str, Any]) -> pd.DataFrame:
    import pandas as pd

    from .make.classic import generate_many

    rows = [{"puzzle": g.puzzle.to_string(), "solution": g.solution.to_string(),
             "seed": g.seed, "score": g.rating.score if g.rating else float("nan"),
             "grade": g.rating.grade if g.rating else ""}
            for g in generate_many(count, rules, seed=seed, **options)]
    return pd.DataFrame(rows, columns=["puzzle", "solution", "seed", "score", "grade"])


def generate(n: int, *, npartitions: int = 8, seed: int = 0,
             rules: Rules | str | None = None, **options: Any) -> Any:
    """``n`` generated puzzles as a Dask DataFrame (columns ``puzzle``, ``solution``,
    ``seed``, ``score``, ``grade``), made in ``npartitions`` independent parts, each
    seeded from ``seed``: the same arguments give the same puzzles, on any cluster.
    ``options`` are those of :func:`shudu.generate` (``grade``, ``symmetry`` …).

    >>> g = generate(4, npartitions=2, seed=1, rules="4").compute(scheduler="sync")
    >>> len(g), g["puzzle"].str.len().tolist()
    (4, [16, 16, 16, 16])
    """
    import pandas as pd

    dd = _dd()
    if n < 0 or npartitions < 1:
        raise ValueError("n must be >= 0 and npartitions >= 1")
    master = random.Random(seed)
    sizes = [n // npartitions + (1 if k < n % npartitions else 0) for k in range(npartitions)]
    seeds = [master.getrandbits(63) for _ in sizes]
    meta = pd.DataFrame({"puzzle": pd.Series(dtype=str), "solution": pd.Series(dtype=str),
                         "seed": pd.Series(dtype="int64"), "score": pd.Series(dtype="float64"),
                         "grade": pd.Series(dtype=str)})
    return dd.from_map(_generate_partition, sizes, seeds, rules=_rules_of(rules), options=options,
                       meta=meta, enforce_metadata=False)



# ------------------------------------------------------------- a cluster for a stream
@contextmanager
def connect(address: str, *, timeout: float = 10.0) -> Iterator[Any]:
    """A Dask client for ``address``: ``local:N`` starts a local cluster of N worker
    processes on loopback (closed on exit), anything else is a scheduler's address
    (``tcp://host:8786``).  A scheduler that does not answer within ``timeout`` seconds
    raises :class:`DaskUnavailable` naming it.

    >>> with connect("local:1") as client:
    ...     len(client.scheduler_info()["workers"])
    1
    """
    try:
        import distributed
    except ImportError as exc:   # pragma: no cover - the extra is installed in tests
        raise DaskUnavailable(f"Dask is not installed ({exc.name}): "
                              "pip install 'shudu[dask]'") from None
    if address.startswith("local"):
        _, _, workers = address.partition(":")
        if (workers and not workers.isdigit()) or workers == "0":
            raise DaskUnavailable(f"expected local:N with N >= 1 workers, got {address!r}")
        import dask

        with dask.config.set({"distributed.worker.profile.enabled": False}):
            # the statistical profiler samples every worker's stack many times a second:
            # a few per cent of each core, for a dashboard nobody opens here
            cluster = distributed.LocalCluster(
                n_workers=int(workers) if workers else os.cpu_count() or 1,
                threads_per_worker=1, processes=True, host="127.0.0.1",
                dashboard_address="127.0.0.1:0", silence_logs=50)
        try:
            with distributed.Client(cluster, timeout=timeout) as client:
                client.run(_one_core_each)
                yield client
        finally:
            cluster.close()
        return
    _reachable(address, timeout)
    try:
        client = distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError) as exc:
        raise DaskUnavailable(f"no Dask scheduler answered at {address} within "
                              f"{timeout:g} s ({exc})") from None
    with client:
        yield client


def _one_core_each() -> None:
    """Keep pyarrow's own thread pools to one thread in a local cluster's worker: each
    worker is one process on one core, and extra threads would only compete with the
    other workers."""
    try:
        import pyarrow
    except ImportError:   # pragma: no cover - the dask extra brings pyarrow
        return
    pyarrow.set_cpu_count(1)
    pyarrow.set_io_thread_count(1)


def _reachable(address: str, timeout: float) -> None:
    """Fail at once, naming the address, when nothing listens at a ``tcp://host:port``
    scheduler address (the client itself would retry until its timeout).

    >>> _reachable("tcp://127.0.0.1:1", 1.0)
    Traceback (most recent call last):
    ...
    shudu.dask.DaskUnavailable: no Dask scheduler answered at tcp://127.0.0.1:1 (...)
    """
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme != "tcp" or not parts.hostname:
        return
    try:
        with socket.create_connection((parts.hostname, parts.port or 8786), timeout=timeout):
            pass
    except OSError as exc:
        raise DaskUnavailable(f"no Dask scheduler answered at {address} ({exc})") from None


def map_ordered(client: Any, func: Callable[[list[T]], list[R]], items: Iterable[T], *,
                chunk: int = 2000, window: int | None = None) -> Iterator[R]:
    """``func`` over chunks of ``items`` on the cluster, results yielded in input order as
    they come back, with at most ``window`` chunks (default: 4 per worker) in flight, so
    that a stream of millions of puzzles never sits in memory at once.

    >>> with connect("local:1") as client:
    ...     list(map_ordered(client, lambda xs: [x * x for x in xs], range(5), chunk=2))
    [0, 1, 4, 9, 16]
    """
    if window is None:
        window = 4 * max(1, len(client.scheduler_info().get("workers", {})))
    it = iter(items)
    pending: deque[Any] = deque()
    while True:
        while len(pending) < window:
            part = list(islice(it, chunk))
            if not part:
                break
            pending.append(client.submit(func, part, pure=False))
        if not pending:
            return
        yield from pending.popleft().result()


Packed = tuple[bytes, list[tuple[int, Any]]]
"""A chunk of puzzles as it travels: the cells of its classic 9x9 puzzles in one buffer
(81 raw values each), and the others as ``(position, Grid)``."""


def _pack(grids: list[Grid], seed: int | None) -> Packed:
    """Classic puzzles as raw cells in one buffer (a few bytes each instead of a pickled
    Grid), the rest as they are; with a ``seed`` every puzzle goes to :func:`search`.

    >>> from shudu import Grid
    >>> cells, rest = _pack([Grid("1" + "." * 80), Grid("." * 16, 4)], None)
    >>> len(cells), [k for k, _ in rest]
    (81, [1])
    """
    fast: list[bytes] = []
    rest: list[tuple[int, Any]] = []
    for k, grid in enumerate(grids):
        if seed is None and grid.rules.is_classic9:
            fast.append(grid.cells)
        else:
            rest.append((k, grid))
    return b"".join(fast), rest


def _search_packed(packed: Packed, limit: int, seed: int | None) -> tuple[
        bytes, bytes, bytes, bytes, list[SearchResult | ValueError | TimeoutError]]:
    """Search a packed chunk on a worker: for the classic puzzles the counts, the
    solutions' raw cells, the guesses and the nodes as buffers, for the others their
    results."""
    cells, rest = packed
    counts = solutions = guesses = nodes = b""
    if cells:
        batch = engine.solve_many(cells, limit=limit, threads=1)
        counts, guesses, nodes = (x.tobytes() for x in (batch.counts, batch.guesses,
                                                         batch.nodes))
        solutions = bytes(batch.solutions)
    others = [engine._safe_search(grid, limit, seed) for _, grid in rest]
    return counts, solutions, guesses, nodes, others


def _unpack(grids: list[Grid], packed: Packed, found: Any, limit: int
            ) -> list[SearchResult | ValueError | TimeoutError]:
    """The results of a chunk in input order, from what :func:`_search_packed` sent."""
    import numpy as np

    from .solving.engine import SearchResult
    from .values.grid import Grid
    from .values.rules import CLASSIC

    counts_raw, solutions, guesses_raw, nodes_raw, others = found
    counts = np.frombuffer(counts_raw, dtype=np.int32).tolist()
    guesses = np.frombuffer(guesses_raw, dtype=np.uint32).tolist()
    nodes = np.frombuffer(nodes_raw, dtype=np.uint32).tolist()
    out: list[SearchResult | ValueError | None] = [None] * len(grids)
    for (k, _), result in zip(packed[1], others, strict=True):
        out[k] = result
    j = 0
    for k in range(len(grids)):
        if out[k] is None:
            count = counts[j]
            solution = (Grid._trusted(CLASSIC, solutions[81 * j:81 * j + 81]) if count
                        else None)
            out[k] = SearchResult(count, limit, solution, guesses[j], nodes[j])
            j += 1
    return [r for r in out if r is not None]


def search_many(grids: Iterable[Grid], client: Any, *, limit: int = 2,
                seed: int | None = None, chunk: int = 10000
                ) -> Iterator[SearchResult | ValueError | TimeoutError]:
    """:func:`shudu.solving.engine.search_many` on a Dask cluster: the same results, in order.
    Classic puzzles travel as raw cells and come back as buffers, so that the cluster
    pays off for files of plain puzzles.

    >>> from shudu import Grid
    >>> with connect("local:1") as client:
    ...     [r.status for r in search_many([Grid("." * 81), Grid("." * 16, 4)], client)]
    ['multiple', 'multiple']
    """
    it = iter(grids)
    window = 4 * max(1, len(client.scheduler_info().get("workers", {})))
    pending: deque[tuple[list[Grid], Packed, Any]] = deque()
    while True:
        while len(pending) < window:
            part = list(islice(it, chunk))
            if not part:
                break
            packed = _pack(part, seed)
            pending.append((part, packed, client.submit(_search_packed, packed, limit, seed,
                                                        pure=False)))
        if not pending:
            return
        part, packed, future = pending.popleft()
        yield from _unpack(part, packed, future.result(), limit)


def _rate_chunk(texts: list[tuple[str, Rules]], timeout: float | None, path: bool
                ) -> list[Rating | ValueError]:
    from .rating.rater import rate_or_error

    return [rate_or_error(text, rules, timeout=timeout, path=path) for text, rules in texts]


def rate_many(grids: Iterable[Grid], client: Any, *, timeout: float | None = None,
              path: bool = False, chunk: int = 50) -> Iterator[Rating | ValueError]:
    """:func:`shudu.rating.rater.rate` of each grid on a Dask cluster, in order; a puzzle
    without one solution, or past ``timeout`` seconds, comes back as its error.

    >>> from shudu import Grid
    >>> p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> with connect("local:1") as client:
    ...     [getattr(r, "grade", None) for r in rate_many([Grid(p), Grid("." * 81)], client)]
    ['beginner', None]
    """
    def work(part: list[tuple[str, Rules]]) -> list[Rating | ValueError]:
        return _rate_chunk(part, timeout, path)

    return map_ordered(client, work, ((g.to_string(), g.rules) for g in grids), chunk=chunk)
