"""Helpers shared by the benchmark scripts: progress lines, markdown tables, the block of
``benchmarks/RESULTS.md`` each script owns, and how the run is described.

>>> table(["a", "b"], [["1", "2"]])
['| a | b |', '| --- | --- |', '| 1 | 2 |']
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

__all__ = ["block", "command_line", "default_data_dir", "load_average", "load_puzzles", "log",
           "table", "write_block", "write_section"]

ROOT = Path(__file__).resolve().parents[1]


def log(msg: str) -> None:
    """Progress on stderr."""
    print(msg, file=sys.stderr, flush=True)


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    """A markdown table.

    >>> table(["x"], [["1"], ["2"]])[2:]
    ['| 1 |', '| 2 |']
    """
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def write_section(path: Path, section: str, start: str, end: str) -> None:
    """Replace the text between the ``start`` and ``end`` markers in ``path`` (or append
    ``section``, which carries the markers).

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "R.md"
    >>> _ = p.write_text("# R\\n")
    >>> s, e = "<!-- x:start -->", "<!-- x:end -->"
    >>> write_section(p, f"{s}\\nA\\n{e}\\n", s, e); write_section(p, f"{s}\\nB\\n{e}\\n", s, e)
    >>> p.read_text()
    '# R\\n\\n<!-- x:start -->\\nB\\n<!-- x:end -->\\n'
    """
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if start in text and end in text:
        head, rest = text.split(start, 1)
        tail = rest.split(end, 1)[1]
        text = head + section.rstrip("\n") + tail
        if not text.endswith("\n"):
            text += "\n"
    else:
        text = (text.rstrip("\n") + "\n\n" if text else "") + section
    path.write_text(text, encoding="utf-8")


def _markers(key: str) -> tuple[str, str]:
    return f"<!-- {key}:start -->", f"<!-- {key}:end -->"


def block(key: str, lines: list[str]) -> str:
    """The text of the block of RESULTS.md that the benchmark ``key`` owns: ``lines``
    between its markers.

    >>> block("x", ["## X", "figures"])
    '<!-- x:start -->\\n## X\\nfigures\\n<!-- x:end -->\\n'
    """
    start, end = _markers(key)
    return "\n".join([start, *lines, end, ""])


def write_block(path: Path, key: str, text: str) -> None:
    """Put a :func:`block` of ``key`` into ``path`` in place of the old one (or at the end)."""
    write_section(path, text, *_markers(key))


def command_line(script: str) -> str:
    """The command that ran ``script`` in this process, with relative paths."""
    exe = os.path.relpath(sys.executable)
    exe = sys.executable if exe.startswith("..") else exe
    return shlex.join([exe, os.path.relpath(Path(script).resolve()), *sys.argv[1:]])


def load_average() -> str:
    """The one-minute load average, or ``?`` where the system has none."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "?"


def default_data_dir() -> Path:
    """``$SHUDU_BENCH_DATA`` or ``../shared/data`` beside the repository."""
    env = os.environ.get("SHUDU_BENCH_DATA")
    return Path(env) if env else ROOT.parent / "shared" / "data"


def load_puzzles(path: Path) -> list[str]:
    """The 81-character puzzles of a one-per-line file (comments skipped).

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "x.sdm"
    >>> _ = p.write_text("# c\\n" + "." * 81 + " 1.2\\n")
    >>> load_puzzles(p) == ["." * 81]
    True
    """
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        s = line.strip()
        if s and not s.startswith(("#", "//")):
            out.append(s.split()[0][:81])
    return out
