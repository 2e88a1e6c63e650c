"""One number for the contract: every case of HoDoKu's regression library.

Each case runs through the technique its code names (the five-digit Siamese codes through
their base fish); a code with no registered technique counts as failed, and so do the
library's own wrong cases (:data:`LIBRARY_WRONG`).  The test prints the pass count with
the counts per family and per code, and asserts the floor :data:`FLOOR`.

Each case is bounded by a number of steps read from the finder (:data:`STEP_BUDGET`), not
by time, so the figure is the same on every machine.
"""

from __future__ import annotations

from collections import Counter
from itertools import islice

import pytest
from test_logic_basic import report_lines

import reglib
from shudu.logic import registry
from shudu.values.candidates import Candidates

FLOOR = 1105
"""Cases that must pass (of 1,109); HoDoKu's best port passes 1,105 (99.6%)."""

STEP_BUDGET = 20000
"""Steps read from a finder per case before the case is given up."""

LIBRARY_WRONG = {
    836: "Dual 2-String Kite listing eliminations of two digits (r1c4<>5 with r4c4<>9): "
         "no single-digit step makes them; it is the union of two ordinary kites",
    838: "Dual 2-String Kite listing eliminations of two digits (r3c4<>3 with r3c8<>7): "
         "no single-digit step makes them; it is the union of two ordinary kites",
}
"""Library lines that no sound single step can reproduce, with the reason; they count
as failures."""


def digit_only(cands: Candidates, digit: int) -> Candidates:
    """A copy whose other digits have no candidates (a fish search reads its digit only,
    so this changes nothing but time)."""
    out = cands.copy()
    for d in range(out.rules.size):
        if d != digit - 1:
            out.digit_mask[d] = 0
    return out


WITH_ALS = {"0709": "0709A", "0710": "0710A", "0711": "0711A"}
"""HoDoKu's grouped nice loops and AICs may use ALS nodes; shudu keeps the chains with
ALS nodes as techniques of their own (off by default): a case of these codes passes when
either technique reproduces it."""


def technique_of(code: str) -> registry.Technique | None:
    """The technique a code names (Siamese ``03111`` is a case of ``0311``), or None."""
    try:
        return registry.technique(code[:4])
    except KeyError:
        return None


def passes(case: reglib.Case) -> bool:
    """Whether shudu reproduces one case of the library."""
    tech = technique_of(case.code)
    if tech is None or case.line in LIBRARY_WRONG:
        return False
    state = case.state()
    if tech.family == "fish":
        state = digit_only(state, int(case.candidates))

    def finder(_c: Candidates):
        return islice(tech.find(state), STEP_BUDGET)

    if case.fail_case and not case.eliminations and not case.placements:
        return not any(s.progress for s in finder(state))
    if reglib.run_case(case, finder):
        return True
    if case.code in WITH_ALS:
        als = registry.technique(WITH_ALS[case.code])
        return reglib.run_case(case, lambda _c: islice(als.find(state), STEP_BUDGET))
    return False


def family_of(code: str) -> str:
    tech = technique_of(code)
    return tech.family if tech is not None else "unsupported"


@pytest.fixture(scope="module")
def outcome() -> dict[int, bool]:
    """Every case's line and whether it passes."""
    if not reglib.REGLIB.exists():
        from conftest import missing_shared

        missing_shared(reglib.REGLIB)
    return {case.line: passes(case) for case in reglib.load()}


def test_every_case(outcome: dict[int, bool], request: pytest.FixtureRequest) -> None:
    """The pass count over the whole library, with per-family and per-code counts."""
    cases = reglib.load()
    assert len(cases) == len(outcome) == 1109
    by_family, family_total = Counter(), Counter()
    by_code, code_total = Counter(), Counter()
    for case in cases:
        fam = family_of(case.code)
        family_total[fam] += 1
        code_total[case.code] += 1
        if outcome[case.line]:
            by_family[fam] += 1
            by_code[case.code] += 1
    passed = sum(outcome.values())
    lines = [f"reglib contract: {passed}/{len(cases)} = {100 * passed / len(cases):.1f}% "
             f"(floor {FLOOR})"]
    lines += [f"  {fam:24} {by_family[fam]:4}/{family_total[fam]}" for fam in family_total]
    lines += [f"  {code:6} {technique_of(code).name if technique_of(code) else '(none)':40} "
              f"{by_code[code]:3}/{code_total[code]}"
              for code in sorted(code_total) if by_code[code] != code_total[code]]
    lines.append("  failing lines: " + " ".join(
        str(line) for line, ok in sorted(outcome.items()) if not ok))
    print("\n".join(lines))
    report_lines(request, lines)
    assert passed >= FLOOR, f"{passed}/{len(cases)} passed, below the floor {FLOOR}"


@pytest.mark.parametrize("line", sorted(LIBRARY_WRONG))
def test_library_wrong_cases_counted_as_failures(line: int, outcome: dict[int, bool]) -> None:
    """The library's wrong cases exist and are counted as failures."""
    (case,) = [c for c in reglib.load() if c.line == line]
    assert case.code == "0404" and len({d for _, d in case.eliminations}) == 2
    assert not outcome[line]
