"""Nested Cage Forcing: an assumption that its own trials break.

Suppose a candidate A and follow it with the rules the solving engine propagates on a
killer: singles, locked candidates, each cage's combinations (with the cells of a cage
that see each other) and the sums of the 45 rule.  If that does not break at once, then
in the state it leaves try every other candidate B the same way: a B that breaks cannot
hold while A does, so it goes from A's state, which is followed again.  When A's state
breaks, A is false.  Killer guides call it a nested net, or forcing within forcing: what
the hardest published killers need once every single assumption stands.

The search is the engine's (:func:`~shudu.solving.engine.nested_refutations`), bounded
by a number of propagations, so a state always gives the same step.  One step removes
every candidate the search refutes within that bound, each by its own supposition on the
same state: the first is told in full, the others named.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....solving.engine import nested_refutations
from ....values.candidates import Candidates
from ...accel9 import never9
from ...registry import Technique, register
from ...render import result_text
from ...step import Step, cells_text, eliminations_text

__all__ = ["find_nested_cage_forcing"]

MAX_SHOWN = 6
"""The broken trials, and the other refuted suppositions, the words name one by one (the
rest are counted)."""


def find_nested_cage_forcing(cands: Candidates) -> Iterator[Step]:
    """The candidates whose assumption, with the candidates its own trials break removed,
    leads to a contradiction: they are removed, in one step (the first found is the one
    the words tell).

    >>> from shudu.formats.killer import read_cage_string
    >>> from shudu.logic.solver import as_candidates
    >>> c = as_candidates(read_cage_string("3<" + "0" * 79))   # 1+2 in r1c12
    >>> step = next(find_nested_cage_forcing(c))
    >>> step.notation()[:47], len(step.eliminations)
    ('Nested Cage Forcing: r1c1=3 => contradiction =>', 40)
    >>> step.text().split(". ")[1]
    'The same way, each by its own supposition and trials, r1c1=4, r1c1=5, r1c1=6, \
r1c1=7, r1c1=8, r1c1=9 and 33 more each run into a contradiction too'
    """
    if not cands.rules.killer_only or cands.rules.size > 16:
        return   # the engine's search takes killer cages up to 16x16
    masks = cands.masks()
    if not all(masks):
        return   # a cell without candidates: other steps show the state is broken
    found = nested_refutations(cands.rules, masks, limit=cands.rules.ncells * cands.rules.size)
    if not found:
        return
    cell, digit, inner = found[0]
    n = cands.rules.size
    yield Step("nested-cage-forcing", eliminations=[(c, d) for c, d, _ in found],
               cells={"assumed": (cell,), "trials": tuple(sorted({c for c, _ in inner}))},
               extra={"digit": digit,
                      "trials": tuple(f"{cells_text((c,), n)}={d}" for c, d in inner),
                      "others": tuple(f"{cells_text((c,), n)}={d}" for c, d, _ in found[1:])},
               size=n)


# ---------------------------------------------------------------------- words
def _assumed(step: Step) -> str:
    return f"{cells_text(step.role_cells('assumed'), step.size)}={step.get('digit')}"


def _where(step: Step, lang: str) -> str:
    cell = cells_text(step.role_cells("assumed"), step.size)
    digit = step.get("digit")
    return (f"假设 {cell} 是 {digit}，在这个假设里再逐一试探其他候选数。" if lang == "zh"
            else f"Suppose {cell} is {digit}, and within that, try the other candidates.")


def _trials_text(trials: list[str], lang: str) -> str:
    shown = trials[:MAX_SHOWN]
    more = len(trials) - len(shown)
    if lang == "zh":
        text = "、".join(shown)
        return text + (f" 等 {len(trials)} 个候选数" if more else "")
    text = ", ".join(shown)
    return text + (f" and {more} more" if more else "")


def _others_text(step: Step, lang: str) -> str:
    """The sentence on the other suppositions refuted the same way ("" when none)."""
    others = list(step.get("others") or ())
    if not others:
        return ""
    if lang == "zh":
        return (f"用同样的方法（各自的假设、各自的试探），{_trials_text(others, lang)}"
                f"也都导致矛盾。")
    verb = "runs" if len(others) == 1 else "each run"
    return (f" The same way, each by its own supposition and trials, "
            f"{_trials_text(others, lang)} {verb} into a contradiction too.")


def _explain(step: Step, lang: str) -> str:
    cell = cells_text(step.role_cells("assumed"), step.size)
    digit = step.get("digit")
    trials = list(step.get("trials") or ())
    result = result_text(step, lang)
    if lang == "zh":
        text = (f"假设 {cell} 是 {digit}，用杀手笼的规则推下去（唯一数、区块、杀手笼组合、"
                f"45 法则）")
        others = _others_text(step, lang)
        if not trials:
            return text + f"，立刻出现矛盾，所以假设不成立。{others}结论：{result}。"
        last = "删去它" if len(trials) == 1 else f"删去最后一个（{trials[-1]}）"
        return (text + f"。在得到的局面里逐一试探其他候选数：{_trials_text(trials, lang)}"
                f"{'会' if len(trials) == 1 else '各自都会'}导致矛盾，所以在这个假设下要删去；"
                f"{last}之后就出现矛盾，所以假设不成立。{others}结论：{result}。")
    text = (f"Suppose {cell} is {digit} and follow it with the cage rules (singles, locked "
            f"candidates, the cages' combinations, the 45 rule)")
    others = _others_text(step, lang)
    if not trials:
        return (text + f": that runs into a contradiction at once, so the supposition is "
                f"false.{others} So {result}.")
    if len(trials) == 1:
        broke = (f"{trials[0]} runs into a contradiction, so under the supposition it goes; "
                 f"once it is gone")
    else:
        broke = (f"{_trials_text(trials, lang)} each run into a contradiction, so under the "
                 f"supposition they go; once the last of them ({trials[-1]}) is gone")
    return (text + f". In what that leaves, try the other candidates one by one the same "
            f"way: {broke}, the cage rules break. So the supposition is false.{others} So "
            f"{result}.")


def _notation(step: Step) -> str:
    trials = step.get("trials") or ()
    inside = f" => {len(trials)} trials break" if trials else ""
    return f"{step.name}: {_assumed(step)}{inside} => contradiction => {eliminations_text(step)}"


register(Technique.of("nested-cage-forcing", find_nested_cage_forcing, _where, _explain,
                      _notation, aliases=("nested cage forcing net", "forcing within forcing",
                                          "killer nested net"),
                      first9=never9))
