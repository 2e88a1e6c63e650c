"""Constraints beyond houses and peer pairs: cages, lines, dots and cell marks.

They are values that :class:`~shudu.values.rules.Rules` holds in ``constraints``; they
compose with each other, with every variant and size.

Each kind lives in one module: killer cages (:mod:`.cage`), lines (:mod:`.lines`:
thermometers, whispers, renban, palindromes, clones; :mod:`.line_rules`: between, lockout,
region-sum, zipper, modular and entropic lines), dots (:mod:`.dots`: Kropki, XV,
non-consecutive, negative constraints), sums (:mod:`.sums`: arrows, little killers,
sandwiches), cell groups (:mod:`.cells`: odd/even, extra regions, disjoint groups) and
clues outside a house or on a corner (:mod:`.outside`: X-sums, skyscrapers, quadruples).
The solving engine propagates every one of them in its search.

>>> from shudu import Rules, solve
>>> rules = Rules(4, constraints=(Thermo((0, 1, 2)), Kropki((3, 7), "black")))
>>> print(solve("." * 16, rules).pretty())
1 2 | 3 4
3 4 | 1 2
----+----
4 1 | 2 3
2 3 | 4 1
>>> constraint_from_dict({"kind": "xv", "cells": [0, 1], "sum": 5})
XV(cells=(0, 1), total=5)
"""

from __future__ import annotations

from typing import Any

from ...errors import ParseError
from .cage import Cage
from .cells import Disjoint, ExtraRegion, Parity
from .dots import XV, Kropki, Negative, NonConsecutive
from .line_rules import Between, Entropic, Lockout, Modular, RegionSum, Zipper
from .lines import Clone, Palindrome, Renban, Thermo, Whisper
from .outside import Quadruple, Skyscraper, XSum
from .sums import Arrow, LittleKiller, Sandwich

__all__ = [
    "KINDS",
    "XV",
    "Arrow",
    "Between",
    "Cage",
    "Clone",
    "Disjoint",
    "Entropic",
    "ExtraRegion",
    "Kropki",
    "LittleKiller",
    "Lockout",
    "Modular",
    "Negative",
    "NonConsecutive",
    "Palindrome",
    "Parity",
    "Quadruple",
    "RegionSum",
    "Renban",
    "Sandwich",
    "Skyscraper",
    "Thermo",
    "Whisper",
    "XSum",
    "Zipper",
    "constraint_from_dict",
]

KINDS: dict[str, Any] = {
    "killer": Cage, "cage": Cage, "thermo": Thermo, "whisper": Whisper, "renban": Renban,
    "palindrome": Palindrome, "kropki": Kropki, "xv": XV, "non-consecutive": NonConsecutive,
    "negative": Negative, "arrow": Arrow, "little-killer": LittleKiller, "sandwich": Sandwich,
    "odd": Parity, "even": Parity, "extra-region": ExtraRegion, "disjoint": Disjoint,
    "clone": Clone,
    "between": Between, "lockout": Lockout, "region-sum": RegionSum, "zipper": Zipper,
    "modular": Modular, "entropic": Entropic,
    "x-sum": XSum, "skyscraper": Skyscraper, "quadruple": Quadruple,
}
"""The constraint class of each ``kind`` of the JSON form."""


def constraint_from_dict(data: dict[str, Any]) -> Any:
    """The constraint a JSON object describes (``kind`` names it).

    >>> constraint_from_dict({"kind": "killer", "cells": [0, 1], "sum": 3})
    Cage(cells=(0, 1), total=3, kind='killer')
    >>> constraint_from_dict({"kind": "thermometer"})
    Traceback (most recent call last):
    ...
    shudu.errors.ParseError: expected a constraint kind among arrow, between, cage, ..."
    """
    if not isinstance(data, dict):
        raise ParseError("expected a constraint as a JSON object", found=repr(data))
    kind = data.get("kind")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ParseError("expected a constraint kind among " + ", ".join(sorted(KINDS)),
                         found=repr(kind))
    return cls.from_dict(data)
