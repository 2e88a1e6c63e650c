"""The technique registry: every technique's names, HoDoKu code, order, weights and finder.

Family modules register their techniques at import, by key (:meth:`Technique.of`: the
numbers come from :mod:`.techniques.table`); the solver walks them in order.

>>> from shudu.logic import registry
>>> registry.technique("0003").name, registry.technique("naked single").key
('Naked Single', 'naked-single')
>>> registry.technique("unique rectangle").key, registry.technique("y-wing").key
('ur-type-1', 'xy-wing')
>>> [t.key for t in registry.resolve("coloring")][:2]
['simple-colors-trap', 'simple-colors-wrap']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .accel9 import DETECT_ID
from .step import provide

if TYPE_CHECKING:
    from ..values.candidates import Candidates
    from .step import Step

__all__ = ["ALIASES", "Finder", "Renderer", "Technique", "family", "register", "resolve",
           "technique", "techniques"]

Finder = Callable[["Candidates"], Iterator["Step"]]
"""Yields every instance of a technique in a pencilmark state."""
Renderer = Callable[["Step", str], str]
"""Renders a step in a language (``"en"`` or ``"zh"``)."""


@dataclass(frozen=True)
class Technique:
    """A registered technique.

    ``order`` is its place in the solver's order (easiest first) and ``se_weight`` its
    Sudoku Explainer weight (1.0 full house ... 11+); the two differ where SE weighs a
    technique otherwise than the solver places it (a W-Wing is tried at 4.4, SE meets it
    as a 7.1 chain);
    ``where`` and ``explain`` render hint level 2 and the full explanation, ``notation``
    the compact line; ``uniqueness`` marks techniques that assume a unique solution;
    ``default`` is False for costly techniques the solver uses only when asked;
    ``first9``, when set, returns the first step ``find`` would yield on a classic 9x9
    state (or ``None``), faster: the solver uses it there instead of ``find``;
    :func:`never9` marks a technique of constraints, which classic 9x9 never has;
    ``ladder_level`` is its level in the C ladder of basic techniques for classic 9x9
    (``None`` when the ladder does not cover it).

    The rating weighs a step with :meth:`weight`, from ``se_weight`` (the base, for
    chains and nets), ``direct``, SE's weight of a "direct" instance, whose eliminations
    leave a hidden single, and ``weigh``, for techniques whose weight depends on the
    step (a single's house, a chain's kind and length), from the step and the base.

    The family modules register their techniques with :meth:`of`, which reads the
    numbers, names and flags from :mod:`.techniques.table`.
    """

    key: str
    name: str
    name_zh: str
    code: str
    family: str
    order: float
    se_weight: float
    find: Finder
    where: Renderer | None = None
    explain: Renderer | None = None
    notation: Callable[[Step], str] | None = None
    uniqueness: bool = False
    aliases: tuple[str, ...] = ()
    default: bool = True
    first9: Callable[[Candidates], Step | None] | None = None
    direct: float | None = None
    weigh: Callable[[Step, float], float] | None = None
    ladder_level: int | None = None

    @classmethod
    def of(cls, key: str, find: Finder, where: Renderer | None = None,
           explain: Renderer | None = None, notation: Callable[[Step], str] | None = None, *,
           aliases: tuple[str, ...] = (),
           first9: Callable[[Candidates], Step | None] | None = None,
           weigh: Callable[[Step, float], float] | None = None) -> Technique:
        """The technique of a key of the technique table with its finder and words: its
        names, code, family, order, weights, C ladder level and flags come from its row
        (:func:`.techniques.table.row`).

        >>> t = Technique.of("x-wing", lambda cands: iter(()))
        >>> t.name, t.code, t.order, t.se_weight, t.ladder_level, t.default
        ('X-Wing', '0300', 3.2, 3.2, 5, True)
        """
        from .techniques.table import row

        r = row(key)
        return cls(key, r.name, r.name_zh, r.code, r.family, r.order, r.se_weight, find,
                   where, explain, notation, uniqueness=r.uniqueness, aliases=aliases,
                   default=r.default, first9=first9, direct=r.direct, weigh=weigh,
                   ladder_level=r.level)

    @property
    def detector(self) -> int | None:
        """Its exact C detector id for classic 9x9 (``None`` when it has none).

        >>> technique("xy-wing").detector is not None, technique("x-wing").detector
        (True, None)
        """
        return DETECT_ID.get(self.key)

    def weight(self, step: Step, cands: Candidates | None = None) -> float:
        """The Sudoku Explainer score of one of its steps, as the rater weighs it (a
        chain's grows with its length; with ``cands``, the state the step applies to,
        SE's "direct" forms).

        >>> from shudu.logic.step import Step
        >>> technique("naked-single").weight(Step.single("naked-single", 0, 5))
        2.3
        >>> technique("hidden-single").weight(Step.single("hidden-single", 0, 5, house=18))
        1.2
        """
        if self.direct is not None and cands is not None and step.eliminations:
            if leaves_hidden_single(cands, step.eliminations, direct_houses(step, cands)):
                return self.direct
        base = self.se_weight
        return base if self.weigh is None else self.weigh(step, base)


def leaves_hidden_single(cands: Candidates, eliminations: Iterable[tuple[int, int]],
                         houses: Iterable[int] | None = None) -> bool:
    """Whether removing ``eliminations`` from ``cands`` makes a hidden single: a digit
    with two or more places in a house (one of ``houses``, default all) and one after
    (SE calls a step that does "direct").

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates("." * 81)
    >>> leaves_hidden_single(c, [(cell, 1) for cell in range(1, 9)])
    True
    >>> leaves_hidden_single(c, [(cell, 1) for cell in range(1, 9)], houses=[9])
    False
    >>> leaves_hidden_single(c, [(1, 1)])
    False
    """
    before = cands.digit_mask
    dm = list(before)
    for cell, digit in eliminations:
        dm[digit - 1] &= ~(1 << cell)
    masks = cands.geo.house_mask
    for h in range(len(masks)) if houses is None else houses:
        hm = masks[h]
        for d, m in enumerate(dm):
            m &= hm
            if m and not m & (m - 1) and before[d] & hm != m:
                return True
    return False


def direct_houses(step: Step, cands: Candidates) -> tuple[int, ...] | None:
    """The houses where SE looks for the hidden single that makes ``step`` "direct"
    (``None``: every house): a pointing's in the other boxes, a claiming's in the other
    lines of its line's kind, a hidden subset's in a house where it is one (SE finds
    the subset in each such house: a pair in a box may be one in its row too).

    >>> from shudu.logic.solver import as_candidates
    >>> from shudu.logic.step import Step
    >>> c = as_candidates("." * 81)
    >>> direct_houses(Step("claiming", houses={"base": (9,), "cover": (18,)}), c)
    (10, 11, 12, 13, 14, 15, 16, 17)
    >>> for cell in range(2, 9):
    ...     _ = c.eliminate(cell, 1), c.eliminate(cell, 2)
    >>> direct_houses(Step("hidden-pair", digits=(1, 2), cells={"subset": (0, 1)}), c)
    (0,)
    """
    key = step.technique
    masks = cands.geo.house_mask
    if key in ("hidden-pair", "hidden-triple", "hidden-quad"):
        where = sum(1 << cell for cell in step.role_cells("subset"))
        dm = cands.digit_mask
        return tuple(h for h, hm in enumerate(masks)
                     if where & hm == where
                     and not any(dm[d - 1] & hm & ~where for d in step.digits))
    if key not in ("pointing", "claiming") or not step.role_houses("base"):
        return None
    base = step.role_houses("base")[0]
    n = cands.geo.n

    def kind(h: int) -> int:
        return min(h // n, 3)

    return tuple(h for h in range(len(masks)) if h != base and kind(h) == kind(base))


_REGISTRY: dict[str, Technique] = {}
_LOOKUP: dict[str, str] = {}
_GENERATION = [0]
"""Counts the registrations: what is derived from the registry is kept with it."""
_ORDERED: list[tuple[int, tuple[Technique, ...]]] = []


ALIASES: dict[str, str] = {
    "unique rectangle": "ur-type-1",
    "uniqueness rectangle": "ur-type-1",
    "uniqueness test": "ur-type-1",
    "ur": "ur-type-1",
    "y-wing": "xy-wing",
    "xy wing": "xy-wing",
    "simple colors": "simple-colors-trap",
    "multi colors": "multi-colors-1",
    "x-cycle": "x-chain",
}
"""Further names people use for a technique (looked up like the registered names)."""


def _norm(text: str) -> str:
    """Lookup form: letters and digits only, in British or US spelling (colour = color)."""
    text = "".join(ch for ch in text.lower() if ch.isalnum())
    return text.replace("colour", "color").replace("coloring", "colors")


_NORM_KEYS: dict[str, str] = {}


def _norm_key(name: str) -> str:
    """:func:`_norm`, remembered for registry keys (looked up for every rendered step)."""
    got = _NORM_KEYS.get(name)
    if got is None:
        got = _NORM_KEYS[name] = _norm(name)
    return got


def register(tech: Technique) -> Technique:
    """Add a technique (its key, name, code and aliases become lookup names); a family
    module registers ``Technique.of(key, finder, ...)``.

    Registering the same key twice replaces the earlier entry.
    """
    _REGISTRY[tech.key] = tech
    for name in (tech.key, tech.name, tech.code, *tech.aliases):
        _LOOKUP[_norm(name)] = tech.key
    _GENERATION[0] += 1
    return tech


def generation() -> int:
    """How many registrations there have been: a value derived from the registry is
    still good while this is unchanged.

    >>> generation() == generation()
    True
    """
    return _GENERATION[0]


def technique(name: str) -> Technique:
    """Look a technique up by key, English name, HoDoKu code or alias (any case).

    >>> technique("Hidden-Single").code
    '0002'
    """
    tech = _REGISTRY.get(name)
    if tech is not None and _LOOKUP.get(_norm_key(name)) == name:
        return tech
    key = _LOOKUP.get(_norm(name))
    if key is None and _norm(name) in _ALIAS_LOOKUP:
        key = _ALIAS_LOOKUP[_norm(name)]
    if key is None:
        raise KeyError(f"unknown technique {name!r}; `shudu techniques` lists them")
    return _REGISTRY[key]


_ALIAS_LOOKUP = {_norm(alias): key for alias, key in ALIASES.items()}


def family(name: str) -> list[Technique]:
    """The techniques of a family (``singles``, ``fish``, ``colouring`` or ``coloring``
    ...), easiest first; empty when no family has that name.

    >>> [t.key for t in family("Coloring")] == [t.key for t in family("colouring")]
    True
    >>> family("x-wing")
    []
    """
    wanted = _norm(name)
    return [t for t in techniques() if _norm(t.family) == wanted]


def resolve(name: str) -> list[Technique]:
    """A family's techniques, or the one technique a name, code or alias names: what a
    command line option such as ``--disable`` means by a name.

    >>> [t.key for t in resolve("singles")]
    ['full-house', 'hidden-single', 'naked-single']
    >>> [t.key for t in resolve("0300")]
    ['x-wing']
    """
    return family(name) or [technique(name)]


def technique_keys(names: Iterable[str]) -> frozenset[str]:
    """Technique keys for names, HoDoKu codes, aliases or family names, comma lists too
    (what ``--disable`` and ``--enable`` take).  Raises :class:`KeyError` naming the
    first unknown name.

    >>> sorted(technique_keys(["singles"]))
    ['full-house', 'hidden-single', 'naked-single']
    >>> sorted(technique_keys(["0300, y-wing"]))
    ['x-wing', 'xy-wing']
    """
    keys: set[str] = set()
    for name in names:
        for part in name.split(","):
            part = part.strip()
            if part:
                try:
                    keys.update(t.key for t in resolve(part))
                except KeyError:
                    raise KeyError(part) from None
    return frozenset(keys)


def techniques() -> list[Technique]:
    """Every registered technique, easiest first.

    >>> [t.key for t in techniques()][:4]
    ['full-house', 'parity-cells', 'hidden-single', 'thermo']
    """
    if not _ORDERED or _ORDERED[0][0] != _GENERATION[0]:
        ordered = sorted(_REGISTRY.values(), key=lambda t: (t.order, t.code))
        _ORDERED[:] = [(_GENERATION[0], tuple(ordered))]
    return list(_ORDERED[0][1])


provide(records=_REGISTRY, technique=technique)
