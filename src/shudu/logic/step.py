"""A :class:`Step` is one logical deduction, as data, that explains itself.

It names the technique, the placements and eliminations it proves, and the evidence:
cells and candidates by role (base, cover, fin, pivot, pincer ...), the houses it uses
and, for chains, the links.  Words are rendered from that data at three levels
(1 = which technique to look for, 2 = where, 3 = what and why) in English and Chinese,
plus a compact HoDoKu/Eureka-style notation and JSON.

>>> s = Step("naked-single", placements=((40, 5),), cells={"cell": (40,)}, digits=(5,))
>>> s.notation()
'Naked Single: r5c5=5'
>>> s.to_dict()["placements"]
[[5, 5, 5]]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..words.cells import candidates_text, cells_text, digit_text
from ..words.cells import placements_text as _placements_text

if TYPE_CHECKING:
    from ..values.rules import Rules

__all__ = [
    "LANGS",
    "Candidate",
    "Link",
    "Node",
    "Step",
    "candidates_text",
    "cells_text",
    "digit_text",
    "eliminations_text",
    "placements_text",
    "step_schema",
]

LANGS = ("en", "zh")
"""Languages every step renders in."""

Candidate = tuple[int, int]
"""``(cell, digit)``."""


@dataclass(frozen=True)
class Node:
    """A chain node: one digit in one cell, or in a group of cells (grouped node).

    >>> Node((3, 4), 7).text()
    'r1c45(7)'
    """

    cells: tuple[int, ...]
    digit: int
    size: int = 9

    def text(self) -> str:
        """Eureka-style text: ``r1c45(7)`` (digits above 9 as the grid writes them).

        >>> Node((255,), 12, 16).text()
        'r16c16(C)'
        """
        return f"{cells_text(self.cells, self.size)}({digit_text(self.digit, self.size)})"


@dataclass(frozen=True)
class Link:
    """An inference between two chain nodes: strong (``=``) or weak (``-``); ``why``
    labels a weak link that a constraint makes (``variant:thermo@r1c123``), not a
    house or a cell."""

    a: Node
    b: Node
    strong: bool
    why: str = ""


def eliminations_text(step: Step) -> str:
    """``r5c3<>7, ...`` for a step's eliminations."""
    return candidates_text(step.eliminations, step.size, "<>")


def placements_text(step: Step) -> str:
    """``r5c3=7, ...`` for a step's placements."""
    return _placements_text(step.placements, step.size)


_SKIP = object()


_SERVICES: dict[str, Any] = {}
"""What the modules above give a step, each registering its part when it is imported:
:mod:`.registry` the technique records (``records``) and their lookup (``technique``),
:mod:`.render` the words (``render``) and the notation (``notation``).  Importing
``shudu.logic`` loads both."""


def provide(**services: Any) -> None:
    """Register what a module above gives every step (see :data:`_SERVICES`).

    >>> sorted(_SERVICES) == ["notation", "records", "render", "technique"]
    True
    """
    _SERVICES.update(services)


def _json_value(value: Any) -> Any:
    """A JSON scalar, or a list of them from a tuple; ``_SKIP`` for anything else."""
    if value is None or isinstance(value, (int, float, str, bool)):
        return value
    if isinstance(value, (tuple, list)) and all(
        isinstance(v, (int, float, str, bool)) for v in value
    ):
        return list(value)
    return _SKIP


def step_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :meth:`Step.to_dict`, shipped with the package
    as ``shudu/schema/step.schema.json``.

    >>> step_schema()["title"], "links" in step_schema()["required"]
    ('shudu logical step', True)
    """
    import json
    from importlib.resources import files

    text = files("shudu").joinpath("schema", "step.schema.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


def _freeze(mapping: Mapping[str, Iterable[Any]] | None) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    if not mapping:
        return ()
    return tuple((k, tuple(v)) for k, v in mapping.items())


@dataclass(frozen=True, init=False)
class Step:
    """One deduction: technique, what it proves, and the evidence by role.

    ``cells``, ``candidates`` and ``houses`` map a role name (``base``, ``cover``,
    ``fin``, ``pivot``, ``pincer``, ``cell`` ...) to cells, ``(cell, digit)`` candidates
    or house indices (as in ``rules.houses``).  ``links`` hold a chain's inferences.
    ``rules`` are the :class:`~shudu.values.rules.Rules` of the state the step was found in
    (the solver sets them; ``None`` means the classic rules of ``size``): the words name
    houses from them.  They are a reference, not part of equality.

    >>> s = Step("x-wing", eliminations=((39, 7),), digits=(7,),
    ...          houses={"base": (1, 7), "cover": (11, 15)})
    >>> s.role_houses("base")
    (1, 7)
    >>> from shudu.values.rules import Rules
    >>> x = Step("hidden-single", placements=((40, 5),), digits=(5,),
    ...          houses={"house": (27,)}, rules=Rules(diagonals=True))
    >>> x.text(2), x.rules.spec
    ('Look at digit 5 in the main diagonal.', 'x')
    """

    technique: str
    placements: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]
    digits: tuple[int, ...]
    cells: tuple[tuple[str, tuple[int, ...]], ...]
    candidates: tuple[tuple[str, tuple[Candidate, ...]], ...]
    houses: tuple[tuple[str, tuple[int, ...]], ...]
    links: tuple[Link, ...]
    size: int
    extra: tuple[tuple[str, Any], ...] = field(default=())
    rules: Rules | None = field(default=None, compare=False, repr=False)

    def __init__(
        self,
        technique: str,
        *,
        placements: Iterable[Candidate] = (),
        eliminations: Iterable[Candidate] = (),
        digits: Iterable[int] = (),
        cells: Mapping[str, Iterable[int]] | None = None,
        candidates: Mapping[str, Iterable[Candidate]] | None = None,
        houses: Mapping[str, Iterable[int]] | None = None,
        links: Iterable[Link] = (),
        size: int = 9,
        extra: Mapping[str, Any] | None = None,
        rules: Rules | None = None,
    ) -> None:
        set_ = object.__setattr__
        if rules is not None:
            set_(self, "rules", rules)
            size = rules.size
        set_(self, "technique", technique)
        set_(self, "placements", tuple(sorted(set(placements))))
        set_(self, "eliminations", tuple(sorted(set(eliminations))))
        set_(self, "digits", tuple(digits))
        set_(self, "cells", _freeze(cells))
        set_(self, "candidates", _freeze(candidates))
        set_(self, "houses", _freeze(houses))
        set_(self, "links", tuple(links))
        set_(self, "size", size)
        set_(self, "extra", tuple((extra or {}).items()))

    @classmethod
    def single(cls, technique: str, cell: int, digit: int, house: int = -1,
               size: int = 9) -> Step:
        """A single's step, built directly: the same as ``Step(technique,
        placements=((cell, digit),), digits=(digit,), cells={"cell": (cell,)},
        houses={"house": (house,)}, size=size)`` (no houses when ``house`` is -1).

        >>> Step.single("naked-single", 40, 5) == Step(
        ...     "naked-single", placements=((40, 5),), digits=(5,), cells={"cell": (40,)})
        True
        """
        step = cls.__new__(cls)
        set_ = object.__setattr__
        set_(step, "technique", technique)
        set_(step, "placements", ((cell, digit),))
        set_(step, "eliminations", ())
        set_(step, "digits", (digit,))
        set_(step, "cells", (("cell", (cell,)),))
        set_(step, "candidates", ())
        set_(step, "houses", (("house", (house,)),) if house >= 0 else ())
        set_(step, "links", ())
        set_(step, "size", size)
        set_(step, "extra", ())
        return step

    # ------------------------------------------------------------------ evidence
    def role_cells(self, role: str) -> tuple[int, ...]:
        """Cells with a role (empty when absent)."""
        return dict(self.cells).get(role, ())

    def role_candidates(self, role: str) -> tuple[Candidate, ...]:
        """Candidates with a role (empty when absent)."""
        return dict(self.candidates).get(role, ())

    def role_houses(self, role: str) -> tuple[int, ...]:
        """Houses with a role (empty when absent)."""
        return dict(self.houses).get(role, ())

    def get(self, key: str, default: Any = None) -> Any:
        """A technique-specific extra value (e.g. ``length`` of a chain)."""
        return dict(self.extra).get(key, default)

    @property
    def progress(self) -> bool:
        """True when the step places or eliminates something."""
        return bool(self.placements or self.eliminations)

    # ------------------------------------------------------------------ words
    @property
    def info(self) -> Any:
        """The registered :class:`~shudu.logic.registry.Technique` of this step."""
        found = _SERVICES["records"].get(self.technique)
        return found if found is not None else _SERVICES["technique"](self.technique)

    @property
    def name(self) -> str:
        """English technique name, e.g. ``X-Wing``."""
        return str(self.info.name)

    def text(self, level: int = 3, lang: str = "en") -> str:
        """The step in words: 1 = which technique, 2 = where, 3 = what and why.

        >>> s = Step("naked-single", placements=((40, 5),), cells={"cell": (40,)}, digits=(5,))
        >>> s.text(1)
        'Look for a Naked Single.'
        >>> s.text(3, "zh")
        'r5c5 只剩下候选数 5（唯一余数），所以 r5c5 = 5。'
        """
        return str(_SERVICES["render"](self, level, lang))

    def notation(self) -> str:
        """Compact HoDoKu/Eureka-style line, e.g. ``X-Wing: 7 r28 c37 => r5c3<>7``."""
        return str(_SERVICES["notation"](self))

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready form, as described by ``shudu/schema/step.schema.json``.

        Every key is always there (empty lists/objects when the step has none).  Cells
        are ``[row, col]`` and candidates, placements and eliminations ``[row, col,
        digit]``, rows and columns 1-based; houses are indices as in ``rules.houses``
        (rows ``0..n-1``, columns ``n..2n-1``, boxes ``2n..3n-1``, then extra houses);
        a chain link is ``{"from": node, "to": node, "kind": "strong" | "weak"}`` with a
        node ``{"cells": [[row, col], ...], "digit": d, "text": "r1c45(7)"}``.
        ``difficulty`` is the step's own on the Sudoku Explainer scale, as the rater weighs
        it (its technique's :meth:`~shudu.logic.registry.Technique.weight`: a chain's grows
        with its length), ``extra`` the technique's further facts that are JSON values.
        ``text`` holds the words at levels 1-3 in ``lang`` (both languages by default).

        >>> d = Step("naked-single", placements=((0, 5),), cells={"cell": (0,)}).to_dict("en")
        >>> d["technique"], d["name"], d["name_zh"], d["difficulty"], d["placements"]
        ('naked-single', 'Naked Single', '唯一余数', 2.3, [[1, 1, 5]])
        >>> d["cells"], d["links"], d["eliminations"]
        ({'cell': [[1, 1]]}, [], [])
        """
        n = self.size

        def pair(cell: int) -> list[int]:
            return [cell // n + 1, cell % n + 1]

        def triple(c: Candidate) -> list[int]:
            return [c[0] // n + 1, c[0] % n + 1, c[1]]

        def node(nd: Node) -> dict[str, Any]:
            return {"cells": [pair(c) for c in nd.cells], "digit": nd.digit, "text": nd.text()}

        info = self.info
        langs = LANGS if lang is None else (lang,)
        return {
            "technique": self.technique,
            "name": self.name,
            "name_zh": str(info.name_zh),
            "code": str(info.code),
            "difficulty": info.weight(self),
            "size": n,
            "placements": [triple(c) for c in self.placements],
            "eliminations": [triple(c) for c in self.eliminations],
            "digits": list(self.digits),
            "cells": {role: [pair(c) for c in cells] for role, cells in self.cells},
            "candidates": {role: [triple(c) for c in cs] for role, cs in self.candidates},
            "houses": {role: list(hs) for role, hs in self.houses},
            "links": [
                {"from": node(lk.a), "to": node(lk.b), "kind": "strong" if lk.strong else "weak"}
                for lk in self.links
            ],
            "extra": {k: _json_value(v) for k, v in self.extra if _json_value(v) is not _SKIP},
            "notation": self.notation(),
            "text": {lg: {str(lv): self.text(lv, lg) for lv in (1, 2, 3)} for lg in langs},
        }

    def __str__(self) -> str:
        return self.notation()
