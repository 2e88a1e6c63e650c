"""Kraken fish: a finned fish whose fins are followed by chains.

A basic fish of digit ``d`` with fins (base rows, cover columns, or transposed) says:
either no fin holds ``d`` (then every base row places its ``d`` in the cover columns, one
in each), or some fin does.

* **Type 1**: a candidate ``d`` in a cover column outside the base rows goes when the
  finless fish would remove it and a chain from every fin (the fin being ``d``) removes
  it as well.
* **Type 2**: take one cover column: its ``d`` is on a base cell, or a fin holds ``d``.
  A candidate (any digit) that a chain from each of those removes goes.

The chains are those of the grouped AIC graph (:func:`.chains.graph`); each step keeps
one chain per fin or base cell for its words.

>>> from shudu.logic.solver import as_candidates
>>> c = as_candidates(
...     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
>>> step = next(find_kraken_fish_type_1(c))
>>> step.get("chains")[0]
'(1)r1c3-r2c1=r456c1-(1)r4c2'
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ....values.candidates import Candidates, bits
from ...links import ChainGraph
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, candidates_text, cells_text
from .chains import eureka, graph, lit_links
from .intersections import house_labels

__all__ = ["find_kraken_fish_type_1", "find_kraken_fish_type_2"]

MAX_SIZE = 4
"""Largest fish (base lines) searched."""
MAX_FINS = 4
"""Most fins a kraken fish may have."""


def _fish(cands: Candidates) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], int, int]]:
    """Finned basic fish: ``(digit, base houses, cover houses, base cells, fins)``."""
    geo = cands.geo
    n = geo.n
    if not cands.rules.is_classic9:
        return
    for d in range(n):
        dm = cands.digit_mask[d]
        for base_off, cover_off in ((0, n), (n, 0)):
            lines = [(h, geo.house_mask[h] & dm) for h in range(base_off, base_off + n)]
            lines = [(h, m) for h, m in lines if m and m.bit_count() > 1]
            for size in range(2, MAX_SIZE + 1):
                for base in combinations(lines, size):
                    cells = 0
                    for _, m in base:
                        cells |= m
                    touched = [h for h in range(cover_off, cover_off + n)
                               if geo.house_mask[h] & cells]
                    for cover in combinations(touched, size):
                        cmask = 0
                        for h in cover:
                            cmask |= geo.house_mask[h]
                        fins = cells & ~cmask
                        if not fins or fins.bit_count() > MAX_FINS:
                            continue
                        if any(not (m & cmask) for _, m in base):
                            continue   # a base line wholly of fins: not a fish
                        yield (d + 1, tuple(h for h, _ in base), cover, cells, fins)


def _removes(g: ChainGraph, lit: int) -> int:
    """Candidates made false by literal ``2 * node + 1`` (the node true)."""
    return g.closure_true(lit >> 1)[1]


def _chain(g: ChainGraph, start: int, target: int) -> str:
    """Eureka text of a chain from ``start`` true to ``target`` false."""
    lits = g.path(2 * start + 1, 2 * target)
    if lits is None or len(lits) < 2:
        return ""
    return eureka(lit_links(g, lits), g.n)


def _step(key: str, g: ChainGraph, digit: int, base: tuple[int, ...], cover: tuple[int, ...],
          cells: int, fins: int, sources: list[int], target: int, house: int | None) -> Step:
    N = g.N
    chains = tuple(_chain(g, s, target) for s in sources)
    extra: dict[str, object] = {"chains": chains}
    houses: dict[str, tuple[int, ...]] = {"base": base, "cover": cover}
    if house is not None:
        houses["start"] = (house,)
    return Step(key, eliminations=((target % N, target // N + 1),), digits=sorted(
        {digit, target // N + 1}), cells={"base": tuple(bits(cells & ~fins)),
                                          "fin": tuple(bits(fins))},
        candidates={"start": tuple((s % N, s // N + 1) for s in sources)},
        houses=houses, size=g.n, extra=extra)


def find_kraken_fish_type_1(cands: Candidates) -> Iterator[Step]:
    """Type 1: a cover candidate of the fish's digit that the finless fish and a chain
    from every fin both remove.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(
    ...     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    >>> next(find_kraken_fish_type_1(c)).notation()
    'Kraken Fish Type 1: 1 r12 c26 fr1c3 fr2c1 fr2c3 fr2c5 => r4c2<>1'
    """
    g = graph(cands, "grouped")
    N = g.N
    seen: set[int] = set()
    for digit, base, cover, cells, fins in _fish(cands):
        off = (digit - 1) * N
        cmask = 0
        for h in cover:
            cmask |= cands.geo.house_mask[h]
        targets = (cands.digit_mask[digit - 1] & cmask & ~cells) << off
        if not targets:
            continue
        sources = [off + f for f in bits(fins)]
        gone = targets
        for s in sources:
            gone &= _removes(g, 2 * s + 1)
            if not gone:
                break
        for t in bits(gone & ~sum(1 << x for x in seen)):
            seen.add(t)
            yield _step("kraken-fish-type-1", g, digit, base, cover, cells, fins, sources, t,
                        None)


def find_kraken_fish_type_2(cands: Candidates) -> Iterator[Step]:
    """Type 2: a candidate that a chain from each base candidate of one cover house and
    from every fin removes.

    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(
    ...     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    >>> next(find_kraken_fish_type_2(c)).notation()
    'Kraken Fish Type 2: 1 r12 c36 fr1c2 fr2c1 fr2c2 fr2c5 => r4c2<>1'
    """
    g = graph(cands, "grouped")
    N = g.N
    geo = cands.geo
    seen: set[int] = set()
    for digit, base, cover, cells, fins in _fish(cands):
        off = (digit - 1) * N
        for h in cover:
            inside = cells & geo.house_mask[h] & ~fins
            sources = [off + c for c in bits(inside)] + [off + f for f in bits(fins)]
            gone = g.present
            for s in sources:
                gone &= _removes(g, 2 * s + 1)
                if not gone:
                    break
            gone &= ~sum(1 << s for s in sources)
            # a candidate of the fish's digit in the cover is type 1's
            cmask = 0
            for ch in cover:
                cmask |= geo.house_mask[ch]
            gone &= ~((cands.digit_mask[digit - 1] & cmask) << off)
            for t in bits(gone):
                if t in seen:
                    continue
                seen.add(t)
                yield _step("kraken-fish-type-2", g, digit, base, cover, cells, fins, sources,
                            t, h)


# ---------------------------------------------------------------------- words
def _where(step: Step, lang: str) -> str:
    d = step.role_candidates("start")[0][1]
    base = house_labels(step.role_houses("base"), step.size)
    fins = cells_text(step.role_cells("fin"), step.size)
    if lang == "zh":
        return f"看看 {base} 中数字 {d} 的鱼（鳍 {fins}），再从每个鳍出发沿链推理。"
    return (f"Look at the fish of digit {d} in {base} with the fins {fins}, then follow a "
            f"chain from each fin.")


def _explain(step: Step, lang: str) -> str:
    n = step.size
    base = house_labels(step.role_houses("base"), n)
    cover = house_labels(step.role_houses("cover"), n)
    fins = cells_text(step.role_cells("fin"), n)
    starts = step.role_candidates("start")
    d = starts[0][1]
    chains = [c for c in step.get("chains", ()) if c]
    res = result_text(step, lang)
    (cell, digit), = step.eliminations
    target = f"{cells_text([cell], n)} 不是 {digit}" if lang == "zh" else (
        f"{cells_text([cell], n)} is not {digit}")
    if step.technique == "kraken-fish-type-1":
        if lang == "zh":
            return (f"海怪鱼1型：数字 {d} 在 {base} 中只能在 {cover} 里，另有鳍 {fins}。"
                    f"要么鱼成立，{cover} 的其他格都不能是 {d}；要么某个鳍是 {d}，"
                    f"而每个鳍都能沿链推出 {target}：{'；'.join(chains)}。所以{res}。")
        return (f"Kraken Fish Type 1 on {d}: in {base}, {d} can only go in {cover}, apart from "
                f"the fins {fins}. Either the fish holds, and no other cell of {cover} is {d}, "
                f"or a fin is {d}, and from every fin a chain shows that {target}: "
                f"{'; '.join(chains)}. So {res}.")
    house = house_labels(step.role_houses("start"), n)
    where = cells_text([c for c, _ in starts], n)
    if lang == "zh":
        return (f"海怪鱼2型：数字 {d} 在 {base} 中只能在 {cover} 里，另有鳍 {fins}。"
                f"所以 {house} 的 {d} 在基础格中，或者某个鳍是 {d}：{where} 中总有一个是 {d}。"
                f"从每一个出发都能沿链推出 {target}：{'；'.join(chains)}。所以{res}。")
    return (f"Kraken Fish Type 2 on {d}: in {base}, {d} can only go in {cover}, apart from the "
            f"fins {fins}. So the {d} of {house} is on a base cell, or a fin is {d}: one of "
            f"{where} is {d}, and from each of them a chain shows that {target}: "
            f"{'; '.join(chains)}. So {res}.")


def _notation(step: Step) -> str:
    n = step.size
    d = step.role_candidates("start")[0][1]
    fins = " ".join("f" + cells_text([c], n) for c in step.role_cells("fin"))
    return (f"{step.info.name}: {d} {house_labels(step.role_houses('base'), n)} "
            f"{house_labels(step.role_houses('cover'), n)} {fins} => "
            f"{candidates_text(step.eliminations, n)}")


register(Technique.of("kraken-fish-type-1", find_kraken_fish_type_1, _where, _explain,
                      _notation, aliases=("kraken fish",)))
register(Technique.of("kraken-fish-type-2", find_kraken_fish_type_2, _where, _explain,
                      _notation))
