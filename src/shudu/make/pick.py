"""One door to the generators: the rules spec says which one makes the puzzle.

A spec such as ``"x"`` or ``"16"`` asks for givens (:mod:`shudu.make.classic`); a
``killer`` part (``"killer"``, ``"killer+x"``) for killer cages and no givens
(:mod:`shudu.make.killer`); a ``thermo``, ``arrow`` or ``kropki`` part for puzzles of
those clues (:mod:`shudu.make.variants`); a bare ``jigsaw`` part (no region map) for
givens on random regions (:mod:`shudu.make.jigsaw`).  A :class:`~shudu.values.rules.Rules` value
(or ``None``) asks for givens.  ``shudu.generate`` and ``shudu generate`` are this
module's :func:`generate` and :func:`generate_many`.

>>> g = generate("killer", seed=2)
>>> g.puzzle.clue_count, g.rules.constraints[0].kind
(0, 'killer')
>>> generate("6", seed=7).puzzle.size
6
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..values.rules import Rules
from .classic import Generated

__all__ = ["clue_kind", "generate", "generate_many"]

_CLUE_PARTS = {"killer": "killer", "killers": "killer", "cage": "killer", "cages": "killer",
               "thermo": "thermo", "thermos": "thermo", "arrow": "arrow", "arrows": "arrow",
               "kropki": "kropki", "dots": "kropki", "x-sum": "x-sum", "xsum": "x-sum",
               "skyscraper": "skyscraper", "skyscrapers": "skyscraper",
               "quadruple": "quadruple", "quadruples": "quadruple",
               "diagonal-dots": "diagonal-dots", "jigsaw": "jigsaw",
               **{k: k for k in ("between", "lockout", "region-sum", "zipper", "modular",
                                 "entropic")}}
"""Parts of a rules spec that ask for puzzles of a kind of clue, and the kind."""

def clue_kind(spec: str) -> tuple[str | None, str]:
    """The kind of clue a rules spec asks for beside givens (``None``: givens), and the
    spec of the other parts (``"classic"`` when none is left).

    >>> clue_kind("killer+x"), clue_kind("16"), clue_kind("dots")
    (('killer', 'x'), (None, '16'), ('kropki', 'classic'))
    >>> clue_kind("jigsaw+x"), clue_kind("jigsaw=" + "0" * 9 + "1" * 9)[0]
    (('jigsaw', 'x'), None)
    >>> clue_kind("thermo+arrow")
    Traceback (most recent call last):
    ...
    ValueError: expected one kind of clue among arrow, between, ... found arrow and thermo
    """
    parts = spec.replace(",", "+").split("+")
    kinds = {_CLUE_PARTS[p.strip().lower()] for p in parts if p.strip().lower() in _CLUE_PARTS}
    if len(kinds) > 1:
        known = sorted(set(_CLUE_PARTS.values()))
        raise ValueError(f"expected one kind of clue among {', '.join(known[:-1])} and "
                         f"{known[-1]}, found {' and '.join(sorted(kinds))}")
    if not kinds:
        return None, spec
    rest = "+".join(p for p in parts if p.strip().lower() not in _CLUE_PARTS)
    return kinds.pop(), rest or "classic"


def _pick(rules: Rules | str | None) -> tuple[str | None, Rules | str | None]:
    """The kind of clue asked for, and the rules beside it (as given for givens)."""
    if not isinstance(rules, str):
        return None, rules
    kind, rest = clue_kind(rules)
    return (kind, Rules.from_spec(rest)) if kind is not None else (None, rules)


_CLUE_OPTIONS = frozenset({"seed", "grade", "score", "rated", "attempts", "timeout"})
"""The options of the generators of clues beside givens."""


def _clue_options(kind: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options a generator of clues takes, refusing the others (unless left at their
    defaults: no symmetry, not minimal, no technique, no pattern)."""
    other = sorted(k for k, v in options.items()
                   if k not in _CLUE_OPTIONS and v not in (None, False, "none"))
    if other:
        raise ValueError(f"{kind} puzzles take grade, score, seed, rated, attempts and "
                         f"timeout only, not {', '.join(other)}")
    return {k: v for k, v in options.items() if k in _CLUE_OPTIONS}


def generate(rules: Rules | str | None = None, **options: Any) -> Generated:
    """One random puzzle with a unique solution, by the generator ``rules`` asks for (see
    the module text).

    Givens: :func:`shudu.make.classic.generate`, with every option it takes (``seed``,
    ``symmetry``, ``minimal``, ``pattern``, ``grade``, ``score``, ``technique``,
    ``rated``, ``attempts``, ``timeout``); killer cages:
    :func:`shudu.make.killer.generate_killer`; thermometers, arrows, Kropki dots:
    :func:`shudu.make.variants.generate_variant`; givens on random jigsaw regions
    (``"jigsaw"``): :func:`shudu.make.jigsaw.generate_jigsaw`, with every option of the
    givens.  Killers, thermometers, arrows and Kropki take ``seed``, ``grade``,
    ``score``, ``rated``, ``attempts`` and ``timeout`` and raise :class:`ValueError`
    for the other options.

    >>> generate("thermo", seed=1).rules.constraints[0].kind
    'thermo'
    >>> generate("killer", symmetry="180")
    Traceback (most recent call last):
    ...
    ValueError: killer puzzles take grade, score, seed, rated, attempts and timeout only, ...
    """
    kind, base = _pick(rules)
    if kind is None:
        from .classic import generate as make

        return make(base, **options)
    if kind == "jigsaw":
        from .jigsaw import generate_jigsaw

        return generate_jigsaw(base, **options)
    chosen = _clue_options(kind, options)
    if kind == "killer":
        from .killer import generate_killer

        return generate_killer(base, **chosen)
    from .variants import generate_variant

    return generate_variant(kind, base, **chosen)


def generate_many(n: int, rules: Rules | str | None = None, *, seed: int | None = None,
                  **options: Any) -> Iterator[Generated]:
    """``n`` puzzles, lazily, by the generator ``rules`` asks for; each result's ``seed``
    reproduces it with :func:`generate`, the same rules and options (those of
    :func:`generate`).  Givens: :func:`shudu.make.classic.generate_many`.

    >>> gs = list(generate_many(2, "kropki", seed=3))
    >>> generate("kropki", seed=gs[1].seed).puzzle == gs[1].puzzle
    True
    """
    kind, base = _pick(rules)
    if kind is None:
        from .classic import generate_many as make_many

        yield from make_many(n, base, seed=seed, **options)
        return
    if kind != "jigsaw":
        options = _clue_options(kind, options)
    if n < 0:
        raise ValueError("n must be >= 0")
    seeds = random.Random(seed)
    for _ in range(n):
        yield generate(rules, seed=seeds.randrange(2**62), **options)
