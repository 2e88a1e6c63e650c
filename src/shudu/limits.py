"""Every cap shudu puts on what it is given, in one place.

Each constant bounds the time or memory one input can take, far above anything a real
puzzle needs; going over a cap is a clear error (:class:`~shudu.errors.ParseError` for
text, :class:`ValueError` for arguments), never a crash or a machine out of memory.
``docs/limits.md`` lists them in one table (a test keeps the two in step).

>>> from shudu import limits
>>> limits.JSON_MAX_DEPTH >= 16 and limits.JSON_MAX_NUMBER_DIGITS >= 20
True
"""

from __future__ import annotations

# ------------------------------------------------------------------ text and files
JSON_MAX_DEPTH = 64
"""Deepest nesting of JSON lists and objects read anywhere (a puzzle needs about 6)."""

JSON_MAX_NUMBER_DIGITS = 40
"""Most characters in one JSON number (a puzzle's largest is a sum of a few hundred)."""

LZ_MAX_INPUT_CHARS = 500_000
"""Most characters of LZ-String data in one f-puzzles or SudokuPad link.  Published links
measure 0.3-2 KB and the largest, richly drawn ones some tens of KB; a browser's address
bar holds about 2 MB at most.  At this size the bit string alone is 3 MB."""

LZ_MAX_OUTPUT_CHARS = 4_000_000
"""Most characters one LZ-String link may decompress to.  A link's JSON is 3-10 times its
length (a 25x25 f-puzzles grid is about 50 KB of JSON), so real puzzles stay far below;
LZ-String can expand k codes to about k**2/2 characters (a 44 KB link to 150 million),
and the decoder stops here instead, having held a few times this much memory."""

TEXT_MAX_NUMBER_DIGITS = 40
"""Most digits of one number read from text outside JSON (a killer list's cell field is
at most five digits)."""

# ------------------------------------------------------------------ the engine
SEARCH_MAX_LIMIT = 10**9
"""Most solutions one search counts (``limit``); the engine counts in C ints."""

SEARCH_MAX_TIMEOUT = 10.0**7
"""Longest time bound of one search, in seconds (about 116 days; ``None``/0: no bound)."""

SPLIT_MAX_PARTS = 10**6
"""Most subproblems :func:`~shudu.engine.split_search` aims for (a split count makes 48
per thread)."""

SEARCH_MAX_THREADS = 256
"""Most threads one search or batch runs on: ``threads`` is capped at the machine's cores
and at this (the C batch's own bound); ``None``/0 means every core."""


# ------------------------------------------------------------------ pictures

# ------------------------------------------------------------------ the web server
