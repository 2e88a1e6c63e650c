"""Cage Combination Forcing: what every combination of a cage leads to.

A cage holds one of its combinations left.  Assume each in turn (its cells hold those
digits) and follow what it forces, as the cage forcing chain does (singles, locked
candidates, the cages' combinations, the small sums of the 45 rule): a combination
that runs into a contradiction is out, and a candidate that every other combination
removes goes, whichever combination the cage holds.  Killer guides call it combination
analysis, or forcing over a cage's combinations.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

from ....values.candidates import Candidates, bits
from ... import accel9
from ...accel9 import never9
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, cells_text, eliminations_text
from ..classic.forcing import forcing_weight
from .cage_sums import cage_options, cage_sums
from .killer_forcing import _c_layout, _trial

__all__ = ["find_cage_combination_forcing"]

MAX_COMBOS = 8
"""Combinations a cage may have left to be forced over (a player follows a few)."""


def _combo_text(combo: int) -> str:
    return "+".join(str(b + 1) for b in bits(combo))


def find_cage_combination_forcing(cands: Candidates) -> Iterator[Step]:
    """Cages whose every combination left, followed to its end, removes the same
    candidates (combinations that break count as gone).

    >>> from shudu.formats.killer import read_cage_string
    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(read_cage_string("5<" + "0" * 79))   # 1+4 or 2+3 in r1c12
    >>> for cell in range(2, 9):   # the 1 of row 1 must go in r1c12
    ...     _ = c.eliminate(cell, 1)
    >>> step = next(find_cage_combination_forcing(c))
    >>> step.get("combos"), step.get("broken")
    (('1+4', '2+3'), ('2+3',))
    """
    geo = cands.geo
    n = geo.n
    masks = cands.cell_mask
    values = cands.values
    for cage in cage_sums(cands.rules):
        free = [c for c in cage.cells if not values[c]]
        if len(free) < 2:
            continue
        left = cage.total - sum(values[c] for c in cage.cells)
        _, combos = cage_options(n, left, tuple(masks[c] for c in free))
        if not 2 <= len(combos) <= MAX_COMBOS:
            continue
        followed = _follow(cands, free, combos)
        if followed is None:
            continue   # followed too far to tell
        union, broken, longest = followed
        if len(broken) == len(combos):
            continue   # no combination stands: other steps show the state is broken
        gone = [(c, b + 1) for c in range(len(masks)) if masks[c]
                for b in bits(masks[c] & ~union[c])]
        if gone:
            yield Step("cage-combination-forcing", eliminations=gone,
                       cells={"cage": cage.cells},
                       extra={"total": cage.total, "combos": tuple(map(_combo_text, combos)),
                              "broken": tuple(map(_combo_text, broken)),
                              "length": max(longest, 1)},
                       size=n)


def _follow(cands: Candidates, free: list[int], combos: tuple[int, ...]
            ) -> tuple[list[int], list[int], int] | None:
    """Each combination of a cage followed to its end: the digits each cell can hold in
    some combination that stands, the combinations that break, and the most cells one
    filled (``None`` when one was followed too far to tell).  On a 9x9 killer the C core
    walks the trials (``accel9.ktrial9_cuts``, the rules of the Python trial)."""
    masks = cands.cell_mask
    union = [0] * len(masks)
    broken: list[int] = []
    longest = 0
    layout = _c_layout(cands.rules)
    walked = None if layout is None else accel9.ktrial9_cuts(
        layout, array("H", masks).tobytes(), bytes(cands.values), bytes(free),
        array("H", combos).tobytes())
    if walked is not None:
        for combo, (breaks, placed, final) in zip(combos, walked):
            if breaks:
                broken.append(combo)
                continue
            longest = max(longest, placed)
            for c, m in enumerate(array("H", final)):
                union[c] |= m
        return union, broken, longest
    for combo in combos:
        trial = _trial(cands, -1, 0, start=tuple((c, combo) for c in free))
        if trial.broken is not None:
            broken.append(combo)
            continue
        if trial.masks is None:
            return None
        longest = max(longest, len(trial.placed))
        for c, d, _ in trial.placed:
            union[c] |= 1 << (d - 1)
        for c, m in enumerate(trial.masks):
            union[c] |= m
    return union, broken, longest


# ---------------------------------------------------------------------- words
def _cage_name(step: Step, lang: str) -> str:
    cells = cells_text(step.role_cells("cage"), step.size)
    total = step.get("total")
    return f"和为 {total} 的杀手笼 {cells}" if lang == "zh" else f"the cage {total} in {cells}"


def _where(step: Step, lang: str) -> str:
    name = _cage_name(step, lang)
    return (f"逐一假设{name}的每种组合，看看会怎样。" if lang == "zh"
            else f"Follow each combination of {name} in turn.")


def _explain(step: Step, lang: str) -> str:
    name = _cage_name(step, lang)
    combos = list(step.get("combos") or ())
    broken = list(step.get("broken") or ())
    kept = [c for c in combos if c not in broken]
    result = result_text(step, lang)
    if lang == "zh":
        text = f"{name}只能是这些组合之一：{'、'.join(combos)}。逐一假设并推下去（唯一数、区块、" \
               f"杀手笼组合、45 法则）："
        if broken:
            text += f"{'、'.join(broken)} 会导致矛盾；"
        if len(kept) == 1:
            return text + f"只剩组合 {kept[0]}，由它推出：{result}。"
        return text + f"其余的组合 {'、'.join(kept)} 都得出同样的结论。所以{result}。"
    text = (f"{name[0].upper()}{name[1:]} holds one of {', '.join(combos)}. Follow each in "
            f"turn (singles, locked candidates, the cages' combinations, the 45 rule): ")
    if broken:
        text += f"{', '.join(broken)} {'runs' if len(broken) == 1 else 'run'} into a " \
                f"contradiction, and "
    if len(kept) == 1:
        return text + f"the one left, {kept[0]}, gives: {result}."
    return text + f"every one of {', '.join(kept)} leads to the same: {result}."


def _notation(step: Step) -> str:
    return (f"{step.name}: {step.get('total')} in "
            f"{cells_text(step.role_cells('cage'), step.size)} = "
            f"{' / '.join(step.get('combos'))} => {eliminations_text(step)}")


register(Technique.of("cage-combination-forcing", find_cage_combination_forcing, _where,
                      _explain, _notation,
                      aliases=("combination forcing", "cage forcing net",
                               "killer combination analysis"),
                      first9=never9, weigh=forcing_weight))
