"""Killer techniques: what the totals of cages prove.

A killer cage holds different digits that add up to its total.  Players reason with it
in four ways, each a technique here:

* **Cage Combinations**: the sets of different digits that make the total, and fit the
  cage's candidates, are the only ones left; a candidate that no way of filling the cage
  uses is removed (a cage 3 of two cells holds 1+2).
* **Cage Pointing**: a digit that every combination left holds must be in the cage; when
  its places in the cage all see a cell, that cell cannot hold it.
* **Cage Claiming**: when a digit's places in a house all lie in one cage, the cage holds
  it, and its combinations without that digit go.
* **Innies & Outies** (the 45 rule): a union of houses holds each digit once per house,
  so its cells add up to 45 per house; take away the cages wholly inside, and the cells
  left (the *innies*) add up to the rest; the cells of the cages crossing its edge that
  lie outside (the *outies*) add up to what those cages hold beyond the innies.  A cage
  inside such a sum, or holding one, splits it further.  A sum of one cell places it.

>>> from shudu.formats.killer import read_cage_string
>>> from shudu.logic.solver import as_candidates
>>> c = as_candidates(read_cage_string("3<" + "0" * 79))
>>> next(find_cage_combinations(c)).notation()
'Cage Combination: 3 in r1c12 = 1+2 => r1c12<>3, r1c12<>4, ..., r1c12<>9'
"""

from __future__ import annotations

from collections.abc import Iterator

from ....values.candidates import Candidates, bits
from ...accel9 import never9
from ...registry import Technique, register
from ...render import houses_text, result_text
from ...step import Step, cells_text, eliminations_text
from .cage_sums import (
    MAX_DERIVED,
    Sum,
    all_sums,
    cage_masks,
    cage_options,
    cage_sums,
    combos_supports,
    matching,
    sees_among,
    sum_supports,
)

__all__ = [
    "find_cage_claiming",
    "find_cage_combinations",
    "find_cage_interaction",
    "find_cage_pointing",
    "find_innies_outies",
]


def _open(cands: Candidates, cells: tuple[int, ...]) -> tuple[list[int], int]:
    """The open cells of ``cells`` and the sum of the digits placed in the others."""
    values = cands.values
    placed = 0
    free = []
    for c in cells:
        if values[c]:
            placed += values[c]
        else:
            free.append(c)
    return free, placed


def _eliminations(cands: Candidates, free: list[int],
                  supports: tuple[int, ...]) -> list[tuple[int, int]]:
    masks = cands.cell_mask
    return [(c, b + 1) for c, s in zip(free, supports) for b in bits(masks[c] & ~s)]


def _combo_text(combo: int) -> str:
    return "+".join(str(b + 1) for b in bits(combo))


def _state_of(cands: Candidates, cage: Sum) -> tuple[list[int], int, tuple[int, ...],
                                                      tuple[int, ...]] | None:
    """(open cells, placed sum, supports, combos) of a cage in a state (``None`` when it
    is full or has no filling left)."""
    free, placed = _open(cands, cage.cells)
    if not free:
        return None
    masks = tuple(cands.cell_mask[c] for c in free)
    supports, combos = cage_options(cands.geo.n, cage.total - placed, masks)
    if not combos:
        return None
    return free, placed, supports, combos


def _cage_extra(cage: Sum, placed: int, combos: tuple[int, ...]) -> dict[str, object]:
    return {"total": cage.total, "placed": placed,
            "combos": tuple(_combo_text(c) for c in combos)}


def find_cage_combinations(cands: Candidates) -> Iterator[Step]:
    """Cages whose combinations left (different digits making the total, fitting the
    candidates) remove candidates.

    >>> from shudu.formats.killer import read_cage_string
    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(read_cage_string("H<" + "0" * 79))   # 17 in two cells
    >>> step = next(find_cage_combinations(c))
    >>> step.get("combos"), step.eliminations[:2]
    (('8+9',), ((0, 1), (0, 2)))
    >>> c = as_candidates(read_cage_string("N<<" + "0" * 78))   # 23 in three cells
    >>> next(find_cage_combinations(c)).get("combos")
    ('6+8+9',)
    """
    for cage in cage_sums(cands.rules):
        got = _state_of(cands, cage)
        if got is None:
            continue
        free, placed, supports, combos = got
        gone = _eliminations(cands, free, supports)
        if gone:
            yield Step("cage-combinations", eliminations=gone, cells={"cage": cage.cells},
                       extra=_cage_extra(cage, placed, combos), size=cands.geo.n)


def find_cage_pointing(cands: Candidates) -> Iterator[Step]:
    """A digit every combination of a cage holds, whose places in the cage all see
    cells outside it: those cells lose the digit.

    >>> from shudu.formats.killer import read_cage_string
    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(read_cage_string("3<" + "0" * 79))
    >>> next(find_cage_pointing(c)).notation()
    'Cage Pointing: 3 in r1c12 holds 1 => r1c3456789<>1, r2c123<>1, r3c123<>1'
    """
    geo = cands.geo
    for cage, cage_mask in zip(cage_sums(cands.rules), cage_masks(cands.rules)):
        got = _state_of(cands, cage)
        if got is None:
            continue
        free, placed, _, combos = got
        required = combos[0]
        for combo in combos[1:]:
            required &= combo
        for b in bits(required):
            where = [c for c in free if cands.cell_mask[c] >> b & 1]
            seen = geo.common_peers(where) & cands.digit_mask[b] & ~cage_mask
            if seen:
                yield Step("cage-pointing", eliminations=((c, b + 1) for c in bits(seen)),
                           digits=(b + 1,), cells={"cage": cage.cells, "base": tuple(where)},
                           extra=_cage_extra(cage, placed, combos), size=geo.n)


def find_cage_claiming(cands: Candidates) -> Iterator[Step]:
    """A digit whose places in a house all lie in one cage: the cage holds it, and its
    combinations without it go.

    >>> from shudu.formats.killer import read_cage_string
    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(read_cage_string("9<" + "0" * 79))
    >>> for cell in range(2, 9):
    ...     _ = c.eliminate(cell, 4)
    >>> next(find_cage_claiming(c)).notation()
    'Cage Claiming: 4 in r1 lies in 9 in r1c12 => r1c12<>1, r1c12<>2, ..., r1c12<>9'
    """
    geo = cands.geo
    n = geo.n
    cages = cage_sums(cands.rules)
    if not cages:
        return
    masks = cage_masks(cands.rules)
    for h, hm in enumerate(geo.house_mask):
        for d in range(n):
            where = cands.digit_mask[d] & hm
            if not where:
                continue
            for cage, cm in zip(cages, masks):
                if where & ~cm:
                    continue
                got = _state_of(cands, cage)
                if got is None:
                    break
                free, placed, _, combos = got
                keep = tuple(c for c in combos if c >> d & 1)
                if len(keep) == len(combos) or not keep:
                    break
                supports = combos_supports(keep, tuple(cands.cell_mask[c] for c in free))
                gone = _eliminations(cands, free, supports)
                if gone:
                    extra = _cage_extra(cage, placed, combos)
                    extra["kept"] = tuple(_combo_text(c) for c in keep)
                    yield Step("cage-claiming", eliminations=gone, digits=(d + 1,),
                               cells={"cage": cage.cells, "base": tuple(bits(where))},
                               houses={"base": (h,)}, extra=extra, size=n)
                break


MAX_LEAVES = 20_000
"""Ways of choosing one combination per cage a house is searched for at most (a house
whose cages allow more is passed over)."""


def _fit_house(options: list[tuple[int, ...]], rest_masks: tuple[int, ...], used: int,
               full: int) -> tuple[list[set[int]], list[int]]:
    """Choose one combination per cage of a house (``options``), all disjoint and
    disjoint from the ``used`` digits, leaving digits that the other open cells
    (``rest_masks``) can take: the combinations that appear in some choice, per cage,
    and the digits each other cell takes in some choice."""
    kept: list[set[int]] = [set() for _ in options]
    rest_support = [0] * len(rest_masks)
    chosen = [0] * len(options)

    def walk(j: int, used: int) -> None:
        if j == len(options):
            left = full & ~used
            if rest_masks:
                got = matching(left, rest_masks)
                if got is None:
                    return
                for r, sup in enumerate(got):
                    rest_support[r] |= sup
            elif left:
                return
            for k, combo in enumerate(chosen):
                kept[k].add(combo)
            return
        for combo in options[j]:
            if not combo & used:
                chosen[j] = combo
                walk(j + 1, used | combo)

    walk(0, used)
    return kept, rest_support


def find_cage_interaction(cands: Candidates) -> Iterator[Step]:
    """The cages wholly inside one house hold different digits, and leave the house's
    other cells the digits those cells can take: combinations that clash with every
    choice for the other cages go.

    >>> from shudu.formats.killer import read_cage_string
    >>> from shudu.logic.solver import as_candidates
    >>> # row 1: cage 4 (r1c12) is 1+3; cage 10 (r1c34) is then 2+8, 4+6 but not 1+9, 3+7
    >>> c = as_candidates(read_cage_string("4<A<" + "0" * 77))
    >>> next(find_cage_interaction(c)).get("kept")
    ('1+3', '2+8 / 4+6')
    """
    geo = cands.geo
    n = geo.n
    cages = cage_sums(cands.rules)
    if len(cages) < 2:
        return
    masks = cage_masks(cands.rules)
    values = cands.values
    for h, hm in enumerate(geo.house_mask):
        inside = [i for i, cm in enumerate(masks) if not cm & ~hm]
        if len(inside) < 2:
            continue
        parts = []
        for i in inside:
            got = _state_of(cands, cages[i])
            if got is not None:
                parts.append((i, got))
        if len(parts) < 2:
            continue
        placed = 0
        for c in geo.houses[h].cells:
            if values[c]:
                placed |= 1 << (values[c] - 1)
        covered = 0
        for i, _ in parts:
            covered |= masks[i]
        rest = [c for c in geo.houses[h].cells if not values[c] and not covered >> c & 1]
        rest_masks = tuple(cands.cell_mask[c] for c in rest)
        options = [got[3] for _, got in parts]
        size = 1
        for o in options:
            size *= len(o)
        if size > MAX_LEAVES or size == 1:
            continue
        kept, rest_support = _fit_house(options, rest_masks, placed, (1 << n) - 1)
        if not all(kept):
            continue   # no way at all: the state is broken, other steps will show it
        gone = []
        for (_, (free, _, _, combos)), keep in zip(parts, kept):
            if len(keep) == len(combos):
                continue
            support = combos_supports(tuple(keep), tuple(cands.cell_mask[c] for c in free))
            gone += _eliminations(cands, free, support)
        if rest:
            gone += _eliminations(cands, rest, tuple(rest_support))
        if gone:
            names = tuple(f"{cages[i].total} in {cells_text(cages[i].cells, n)}"
                          for i, _ in parts)
            kept_text = tuple(" / ".join(_combo_text(c) for c in got[3] if c in keep)
                              for (_, got), keep in zip(parts, kept))
            cells = tuple(sorted(c for i, _ in parts for c in cages[i].cells))
            yield Step("cage-interaction", eliminations=gone, cells={"cage": cells},
                       houses={"base": (h,)}, extra={"cages": names, "kept": kept_text},
                       size=n)


def find_innies_outies(cands: Candidates) -> Iterator[Step]:
    """Sums the 45 rule derives (innies, outies, split cages, innie-outie differences)
    that place a digit or remove candidates.

    >>> from shudu.formats.killer import read_cage_string
    >>> from shudu.logic.solver import as_candidates
    >>> # row 1: cages 3 (r1c12), 7 (r1c34), 24 (r1c567), 14 (r1c89 and r2c9)
    >>> c = as_candidates(read_cage_string("3<7<O<<E<" + "0" * 8 + "^" + "0" * 63))
    >>> for step in list(find_innies_outies(c))[:2]:
    ...     print(step.notation())
    Innies & Outies: innies of r1: r1c89 = 11 => r1c89<>1
    Innies & Outies: outies of r1 = 3 => r2c9=3
    """
    geo = cands.geo
    peer = geo.peer_mask
    rules = cands.rules
    for s in all_sums(rules):
        free, placed = _open(cands, s.cells)
        out, out_placed = _open(cands, s.minus)
        if not free and not out:
            continue
        if len(free) + len(out) > MAX_DERIVED:
            continue
        left = s.total - placed + out_placed
        if len(free) == 1 and not out:
            cell = free[0]
            if 1 <= left <= geo.n and cands.cell_mask[cell] >> (left - 1) & 1:
                yield _sum_step(s, cands, placements=((cell, left),))
            continue
        every = free + out
        masks = tuple(cands.cell_mask[c] for c in every)
        sees = sees_among(every, peer)
        signs = (1,) * len(free) + (-1,) * len(out) if out else None
        supports = sum_supports(left, masks, sees, signs)
        if not supports:
            continue
        gone = _eliminations(cands, every, supports)
        if gone:
            yield _sum_step(s, cands, eliminations=gone)


def _sum_step(s: Sum, cands: Candidates, **result: object) -> Step:
    extra = {"total": s.total, "sum_kind": s.kind, "house_total": s.house_total,
             "inside": s.inside, "crossing": s.crossing, "split_total": s.split_total,
             "split_kind": s.split_kind}
    cells = {"sum": s.cells}
    if s.minus:
        cells["minus"] = s.minus
    if s.split_cells:
        cells["cage"] = s.split_cells
    return Step("innies-outies", cells=cells, houses={"base": s.houses}, extra=extra,
                size=cands.geo.n, **result)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- words
def _cage_name(step: Step, lang: str) -> str:
    cells = cells_text(step.role_cells("cage"), step.size)
    total = step.get("total")
    return f"和为 {total} 的杀手笼 {cells}" if lang == "zh" else f"the cage {total} in {cells}"


def _combos_sentence(step: Step, lang: str, key: str = "combos") -> str:
    combos = list(step.get(key) or ())
    if lang == "zh":
        if len(combos) == 1:
            return f"只剩一种组合：{combos[0]}"
        return f"剩下的组合是 {'、'.join(combos)}"
    if len(combos) == 1:
        return f"the only combination left is {combos[0]}"
    return f"the combinations left are {', '.join(combos[:-1])} and {combos[-1]}"


def _need(step: Step, lang: str) -> str:
    """What the open cells of a cage need: ``the 3 cells of the cage 17 in r1c123 need
    different digits adding up to 17`` (less what is placed)."""
    k = len(step.role_cells("cage"))
    total, placed = step.get("total"), step.get("placed") or 0
    name = _cage_name(step, lang)
    if lang == "zh":
        if placed:
            return (f"{name} 中已填的数字之和为 {placed}，其余空格需要互不相同、和为 "
                    f"{total - placed} 的数字")
        return f"{name} 的 {k} 格需要互不相同、和为 {total} 的数字"
    if placed:
        return (f"{name[0].upper()}{name[1:]} already holds {placed}, so its open cells need "
                f"different digits adding up to {total - placed}")
    return f"The {k} cells of {name} need different digits adding up to {total}"


def _combinations_where(step: Step, lang: str) -> str:
    name = _cage_name(step, lang)
    return f"看看{name}。" if lang == "zh" else f"Look at {name}."


def _combinations_explain(step: Step, lang: str) -> str:
    result = result_text(step, lang)
    need = _need(step, lang)
    combos = _combos_sentence(step, lang)
    if lang == "zh":
        return (f"{need}；结合它们的候选数，{combos}（每个数字还要有一格能填它）。"
                f"所以{result}。")
    return (f"{need}; with their candidates, {combos} (and each digit needs a cell of the "
            f"cage that can hold it). So {result}.")


def _combinations_notation(step: Step) -> str:
    gone = eliminations_text(step)
    return (f"{step.name}: {step.get('total')} in {cells_text(step.role_cells('cage'), step.size)}"
            f" = {' / '.join(step.get('combos'))} => {gone}")


def _pointing_where(step: Step, lang: str) -> str:
    name = _cage_name(step, lang)
    d = step.digits[0]
    return f"看看{name}中的数字 {d}。" if lang == "zh" else f"Look at digit {d} in {name}."


def _holds(step: Step, lang: str) -> str:
    """``its only combination left, 1+2, holds 1`` / ``every combination left (...)``."""
    d = step.digits[0]
    combos = list(step.get("combos") or ())
    if lang == "zh":
        if len(combos) == 1:
            return f"只剩一种组合 {combos[0]}，其中含有 {d}"
        return f"剩下的组合 {'、'.join(combos)} 都含有 {d}"
    if len(combos) == 1:
        return f"its only combination left, {combos[0]}, holds {d}"
    return f"every combination left ({', '.join(combos)}) holds {d}"


def _pointing_explain(step: Step, lang: str) -> str:
    d = step.digits[0]
    base = cells_text(step.role_cells("base"), step.size)
    result = result_text(step, lang)
    name = _cage_name(step, lang)
    holds = _holds(step, lang)
    if lang == "zh":
        return (f"{name} {holds}，所以这个笼子里必定有 {d}，而它只能填在 {base}。"
                f"能同时看到这些格的格子都不能是 {d}：{result}。")
    return (f"In {name}, {holds}, so the cage must hold {d}, and it can only go in {base}. "
            f"A cell that sees all of them cannot be {d}: {result}.")


def _pointing_notation(step: Step) -> str:
    return (f"{step.name}: {step.get('total')} in "
            f"{cells_text(step.role_cells('cage'), step.size)} holds {step.digits[0]} => "
            f"{eliminations_text(step)}")


def _claiming_where(step: Step, lang: str) -> str:
    d = step.digits[0]
    house = houses_text(step, step.role_houses("base"), lang)
    return f"看看{house}中的数字 {d}。" if lang == "zh" else f"Look at digit {d} in {house}."


def _claiming_explain(step: Step, lang: str) -> str:
    d = step.digits[0]
    house = houses_text(step, step.role_houses("base"), lang)
    base = cells_text(step.role_cells("base"), step.size)
    name = _cage_name(step, lang)
    kept = _combos_sentence(step, lang, "kept")
    result = result_text(step, lang)
    if lang == "zh":
        return (f"在{house}中，{d} 只能填在 {base}，这些格都在{name}里，所以这个笼子必定含有"
                f" {d}；不含 {d} 的组合都不成立，{kept}。所以{result}。")
    return (f"In {house}, {d} can only go in {base}, which all lie in {name}; so the cage "
            f"holds {d}, and its combinations without {d} go: {kept}. So {result}.")


def _claiming_notation(step: Step) -> str:
    from ..classic.intersections import house_labels

    return (f"{step.name}: {step.digits[0]} in "
            f"{house_labels(step.role_houses('base'), step.size)} lies in "
            f"{step.get('total')} in {cells_text(step.role_cells('cage'), step.size)} => "
            f"{eliminations_text(step)}")


def _sum_cells(step: Step) -> str:
    return cells_text(step.role_cells("sum"), step.size)


def _io_where(step: Step, lang: str) -> str:
    houses = houses_text(step, step.role_houses("base"), lang)
    if lang == "zh":
        return f"对{houses}用 45 法则（内外格法则）。"
    return f"Use the 45 rule on {houses}."


def _difference_explain(step: Step, lang: str) -> str:
    houses = houses_text(step, step.role_houses("base"), lang)
    n = step.size
    plus, minus = step.role_cells("sum"), step.role_cells("minus")
    inside, crossing, house_total = step.get("inside"), step.get("crossing"), \
        step.get("house_total")
    total = step.get("total")
    innies = cells_text(plus, n) if plus else ""
    outies = cells_text(minus, n)
    result = result_text(step, lang)
    if lang == "zh":
        return (f"{houses}的数字之和为 {house_total}：完全在其中的笼子占 {inside}；"
                f"跨出边界、和为 {crossing} 的笼子在其中的部分等于 {crossing} 减去它们在外面的格"
                f" {outies}（外格）；其余的格 {innies}（内格）补足余下的部分。所以 {innies} 之和"
                f"减去 {outies} 之和等于 {house_total} - {inside} - {crossing} = {total}。"
                f"结合候选数，{result}。")
    return (f"The digits of {houses} add up to {house_total}: the cages wholly inside hold "
            f"{inside}; the cages crossing the edge that add up to {crossing} hold {crossing} "
            f"less their cells outside, {outies} (the outies); the other cells, {innies} (the "
            f"innies), hold the rest. So {innies} minus {outies} is {house_total} - {inside} - "
            f"{crossing} = {total}. With their candidates, {result}.")


def _io_explain(step: Step, lang: str) -> str:
    if step.get("sum_kind") == "difference":
        return _difference_explain(step, lang)
    houses = houses_text(step, step.role_houses("base"), lang)
    kind = step.get("sum_kind")
    house_total, inside = step.get("house_total"), step.get("inside")
    crossing = step.get("crossing")
    split_kind, split_total = step.get("split_kind"), step.get("split_total")
    total = step.get("total")
    sum_cells = step.role_cells("sum")
    cage_cells = step.role_cells("cage")
    if split_kind == "minus":
        first, first_cells = total + split_total, sorted(sum_cells + cage_cells)
    elif split_kind == "rest":
        first, first_cells = split_total - total, sorted(set(cage_cells) - set(sum_cells))
    else:
        first, first_cells = total, list(sum_cells)
    n = step.size
    group = cells_text(first_cells, n)
    cells = cells_text(sum_cells, n)
    cage = cells_text(cage_cells, n)
    result = result_text(step, lang)
    if lang == "zh":
        text = f"{houses}的数字之和为 {house_total}，完全在其中的笼子之和为 {inside}；"
        if kind == "innies":
            text += f"所以其余的格 {group}（内格）之和为 {first}。"
        else:
            text += (f"跨出边界的笼子之和为 {crossing}，所以这些笼子在外面的格 {group}（外格）"
                     f"之和为 {crossing} - ({house_total} - {inside}) = {first}。")
        if split_kind == "minus":
            text += (f"其中和为 {split_total} 的杀手笼 {cage} 完全在内，所以其余的 {cells} "
                     f"之和为 {total}。")
        elif split_kind == "rest":
            text += (f"它们都在和为 {split_total} 的杀手笼 {cage} 里，所以这个笼子其余的 {cells} "
                     f"之和为 {total}。")
        return text + f"结合候选数，{result}。"
    text = (f"The digits of {houses} add up to {house_total} and the cages wholly inside "
            f"to {inside}, ")
    if kind == "innies":
        text += f"so the other cells, {group} (the innies), add up to {first}."
    else:
        text += (f"and the cages crossing the edge to {crossing}, so the cells of those cages "
                 f"outside, {group} (the outies), add up to {crossing} - ({house_total} - "
                 f"{inside}) = {first}.")
    if split_kind == "minus":
        text += (f" The cage {split_total} in {cage} lies among them, so the rest, {cells}, "
                 f"adds up to {total}.")
    elif split_kind == "rest":
        text += (f" They all lie in the cage {split_total} in {cage}, so its other cells, "
                 f"{cells}, add up to {total}.")
    return text + f" With their candidates, {result}."


def _io_notation(step: Step) -> str:
    from ..classic.intersections import house_labels

    what = step.get("sum_kind")
    houses = house_labels(step.role_houses("base"), step.size)
    if what == "difference":
        return (f"{step.name}: {_sum_cells(step)} - "
                f"{cells_text(step.role_cells('minus'), step.size)} = {step.get('total')} "
                f"({houses}) => {eliminations_text(step)}")
    head = f"{step.name}: {what} of {houses}"
    if step.get("split_kind"):
        head += f" {'minus' if step.get('split_kind') == 'minus' else 'within'} cage " \
                f"{step.get('split_total')}"
    if step.placements:
        c, d = step.placements[0]
        return f"{head} = {d} => {cells_text([c], step.size)}={d}"
    return f"{head}: {_sum_cells(step)} = {step.get('total')} => {eliminations_text(step)}"


def _interaction_where(step: Step, lang: str) -> str:
    house = houses_text(step, step.role_houses("base"), lang)
    return f"看看{house}中的杀手笼。" if lang == "zh" else f"Look at the cages in {house}."


def _interaction_explain(step: Step, lang: str) -> str:
    house = houses_text(step, step.role_houses("base"), lang)
    cages = list(step.get("cages") or ())
    kept = list(step.get("kept") or ())
    result = result_text(step, lang)
    if lang == "zh":
        listed = "；".join(f"和为 {c.split(' in ')[0]} 的杀手笼 {c.split(' in ')[1]}：{k}"
                          for c, k in zip(cages, kept))
        return (f"{house}中的这些杀手笼完全在{house}里，它们的数字互不相同，还要给{house}的"
                f"其他格留下它们能填的数字。能同时成立的组合只有：{listed}。所以{result}。")
    listed = "; ".join(f"the cage {c}: {k}" for c, k in zip(cages, kept))
    return (f"The cages wholly inside {house} hold different digits, and must leave the other "
            f"cells of {house} digits they can take. The combinations that fit together are: "
            f"{listed}. So {result}.")


def _interaction_notation(step: Step) -> str:
    from ..classic.intersections import house_labels

    parts = ", ".join(f"{c} = {k}" for c, k in zip(step.get("cages"), step.get("kept")))
    return (f"{step.name}: {house_labels(step.role_houses('base'), step.size)}: {parts} => "
            f"{eliminations_text(step)}")


register(Technique.of("cage-combinations", find_cage_combinations, _combinations_where,
                      _combinations_explain, _combinations_notation,
                      aliases=("cage combinations", "killer combinations", "cage sums"),
                      first9=never9))
register(Technique.of("cage-pointing", find_cage_pointing, _pointing_where, _pointing_explain,
                      _pointing_notation, first9=never9))
register(Technique.of("cage-claiming", find_cage_claiming, _claiming_where, _claiming_explain,
                      _claiming_notation, aliases=("hidden cage sum",), first9=never9))
register(Technique.of("cage-interaction", find_cage_interaction, _interaction_where,
                      _interaction_explain, _interaction_notation,
                      aliases=("combination analysis",), first9=never9))
register(Technique.of("innies-outies", find_innies_outies, _io_where, _io_explain, _io_notation,
                      aliases=("45 rule", "innies", "outies", "rule of 45", "ghost cage",
                               "cage splitting"), first9=never9))
