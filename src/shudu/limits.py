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
"""Most subproblems :func:`~shudu.solving.engine.split_search` aims for (a split count makes 48
per thread)."""

SEARCH_MAX_THREADS = 256
"""Most threads one search or batch runs on: ``threads`` is capped at the machine's cores
and at this (the C batch's own bound); ``None``/0 means every core."""


# ------------------------------------------------------------------ pictures
PICTURE_MAX_PIXELS = 50_000_000
"""Most pixels (width × height, as the file's header declares them) in a picture
:func:`shudu.scan.scan` decodes: a 50-megapixel photo; the reader shrinks every picture
to 1400 pixels a side anyway.  A bigger one is refused before it is decoded, so a small
file that unpacks to gigabytes (an image bomb) costs nothing."""

# ------------------------------------------------------------------ the web server
WEB_MAX_BODY = 64 * 1024
"""Most bytes in the JSON body of one API call (``shudu serve``; 413 past it)."""

WEB_MAX_PHOTO = 20 * 1024 * 1024
"""Most bytes in a picture sent to ``/api/v1/scan`` (413 past it)."""

WEB_PHOTO_READS = 4
"""Most pictures the server receives at once (503 past it), so that uploads cannot fill
its memory: at most this many times :data:`WEB_MAX_PHOTO` bytes are held."""

WEB_CALL_SECONDS = 10.0
"""Time limit of one API call (504 past it); :data:`WEB_GENERATE_SECONDS` for
``generate``."""

WEB_GENERATE_SECONDS = 30.0
"""Time limit of one ``generate`` call."""

WEB_WORKER_MEMORY = 1024 * 1024 * 1024
"""Address space of one worker process in bytes (``RLIMIT_AS``; a worker with OpenCV
loaded uses about 370 MB of it): a call that needs more gets a 413 answer and its worker
is replaced, so one request can never exhaust the machine's memory."""

WEB_HEADER_SECONDS = 10.0
"""Seconds a client has to send a request's headers, from the moment it connects or got
its previous answer; a slower one gets a 408 answer and is disconnected."""

WEB_BODY_SECONDS = 60.0
"""Seconds a client has to send a request's body once its headers arrived (408 past it)."""

WEB_IDLE_SECONDS = 5
"""Seconds an idle kept-alive connection stays open."""

WEB_MAX_CONNECTIONS = 64
"""Most connections open at once; a request past it gets a 503 answer."""

WEB_MAX_HEADER_BYTES = 16 * 1024
"""Most bytes in a request's line and headers (a bigger request is refused with 400)."""
