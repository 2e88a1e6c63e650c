"""Difficulty rating: agreement with Sudoku Explainer, monotone on graded sets, the API.

The agreement test rates every puzzle of ../shared/data/se_ratings.tsv (Sudoku
Explainer's ER for 700 puzzles of three collections) and requires a Spearman rank
correlation of at least 0.9 and at least 80% of the scores within 0.5 of SE's.
"""

from __future__ import annotations

import csv
import json
import statistics

import pytest

from conftest import shared_file
from constraint_cases import TAREK_39
from shudu import Rules
from shudu.errors import NotUnique
from shudu.formats.killer import read_cage_string, read_killer_list
from shudu.rating.rater import (
    GRADE_FLOORS,
    GRADES,
    grade_for_score,
    rate,
    rate_many,
    score_range,
    stuck_floor,
)

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"
XWING = "061000054400009010903500000000902700000010030670030000050006200000790000000000000"


def _ranks(values: list[float]) -> list[float]:
    """Ranks 1..n with ties given their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation (Pearson's r of the ranks)."""
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5


def test_spearman_helper() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert _ranks([5, 1, 5]) == [2.5, 1.0, 2.5]


# ---------------------------------------------------------------------- SE agreement
@pytest.fixture(scope="module")
def se_rows() -> list[dict[str, str]]:
    with shared_file("se_ratings.tsv").open() as f:
        return list(csv.DictReader(f, delimiter="\t"))


@pytest.fixture(scope="module")
def se_scores(se_rows: list[dict[str, str]]) -> list[tuple[str, float, float]]:
    ours = rate_many([r["puzzle"] for r in se_rows], processes=2)
    return [(r["set"], float(r["ER"]), x.score) for r, x in zip(se_rows, ours)]


def test_agrees_with_sudoku_explainer(se_scores: list[tuple[str, float, float]]) -> None:
    se = [s for _, s, _ in se_scores]
    ours = [o for _, _, o in se_scores]
    rho = spearman(se, ours)
    close = sum(abs(s - o) <= 0.5 + 1e-9 for s, o in zip(se, ours)) / len(se)
    per_set = {}
    for name in sorted({n for n, _, _ in se_scores}):
        rows = [(s, o) for n, s, o in se_scores if n == name]
        per_set[name] = sum(abs(s - o) <= 0.5 + 1e-9 for s, o in rows) / len(rows)
    print(f"\nSE agreement on {len(se)} puzzles: Spearman {rho:.3f}, "
          f"{close:.1%} within 0.5; per set {per_set}")
    assert len(se) == 700
    assert rho >= 0.9
    assert close >= 0.8


def test_every_se_puzzle_is_solved_by_logic(se_rows: list[dict[str, str]]) -> None:
    sample = [r["puzzle"] for r in se_rows[::25]]
    assert all(r.solved and r.complete for r in rate_many(sample, processes=2))


def test_monotone_on_qqwing_sets() -> None:
    """Harder QQWing sets rate higher: medians never go down, means strictly rise.

    QQWing's "simple" and "easy" puzzles are both solved by singles alone, so on the SE
    scale their medians tie (hidden singles); the means still separate them.
    """
    medians, means = [], []
    for level in ("simple", "easy", "intermediate", "expert"):
        path = shared_file(f"qqwing_{level}.sdm")
        puzzles = [line.strip() for line in path.open() if line.strip()][:400]
        scores = [r.score for r in rate_many(puzzles, processes=2)]
        medians.append(statistics.median(scores))
        means.append(statistics.fmean(scores))
    print(f"\nQQWing medians {medians}, means {[round(m, 3) for m in means]}")
    assert medians == sorted(medians)
    assert medians[0] < medians[2] < medians[3]
    assert means == sorted(means) and len(set(means)) == 4


# ---------------------------------------------------------------------- API
def test_easy_and_hard() -> None:
    r = rate(EASY)
    assert (r.score, r.grade, r.hardest, r.solved, r.complete) == (1.2, "beginner",
                                                                   "hidden-single", True, True)
    assert r.steps == sum(r.histogram.values()) == EASY.count(".")
    h = rate(HARD)
    assert h.score >= 9.0 and h.grade == "extreme" and h.solved
    assert h.guesses > 0 and h.pearl <= h.score and h.diamond <= h.score


def test_x_wing_puzzle() -> None:
    r = rate(XWING)
    assert r.hardest == "x-wing" and r.score == 3.2 and r.grade == "medium"


W_WING = "...4...5....82.6737...........26...4.8..5.....2..98...3..6....5.6.1..7..9.4.....8"
EMPTY_RECTANGLE = ("...1..79.2.8..........651...9.6...17.6............8..65.......94...87...9.7..2"
                   ".8.")


def test_chains_of_a_pattern_are_named_after_it() -> None:
    """An AIC of the W-Wing shape is a W-Wing (7.1, the chain's weight) and a Turbot Fish
    of the Empty Rectangle shape an Empty Rectangle (6.6), with the same eliminations.
    The W-Wing puzzle's hardest step comes later: an XY-Chain of eight nodes, 7.2 (SE
    weighs a chain of bivalue cells as a chain mixing digits and houses; SE's ER is 7.2)."""
    from shudu.rating.rater import step_score

    for puzzle, key, score, er in ((W_WING, "w-wing", 7.1, 7.2),
                                   (EMPTY_RECTANGLE, "empty-rectangle", 6.6, 6.6)):
        r = rate(puzzle, path=True)
        assert (r.score, r.solved) == (er, True)
        assert r.hardest == key or score < er
        step = next(p for p in r.path if p.technique == key)
        assert step.score == score and step_score(step.step) == score
        assert step.step.technique == key and step.step.eliminations
    wing = next(p for p in rate(W_WING, path=True).path if p.technique == "w-wing")
    assert wing.to_dict()["text"] == (
        "W-Wing: 9/2 in r5c7,r8c9 connected by 9 r1c7,r1c9 => r79c7<>2")


Y_CYCLE = ".725.8....3......26...3..............6.924..75.7..69..8.........54..36......9.25."


def test_a_cycle_of_bivalue_cells_weighs_as_se_weighs_it() -> None:
    """SE rates this puzzle 6.7: its hardest step is a cycle of five bivalue cells (a
    "Y-cycle", 6.5 plus the bonus of its length), which removes 3 from r4c7 and r4c9 and
    8 from r2c8, all outside the cycle's cells.  Were such cycles missed, a mixed chain of
    7.1 would be the hardest step."""
    r = rate(Y_CYCLE, path=True)
    assert (r.score, r.hardest) == (6.7, "continuous-nice-loop")
    loop = next(p for p in r.path if p.technique == "continuous-nice-loop")
    assert loop.score == 6.7
    assert {(c, d) for c, d in loop.step.eliminations} >= {(33, 3), (35, 3), (16, 8)}


def test_a_batch_of_multiple_chains_is_taken_as_se_takes_it() -> None:
    """SE rates this puzzle 8.9.  In one state its static multiple forcing chains give
    three conclusions of 8.4; SE applies one, searches again, and after the second the
    third (r7c7<>7) is no longer found: a dynamic chain of 8.9 is needed later.  Taking
    the three together would rate the puzzle 8.4."""
    r = rate("3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......",
             path=True)
    assert r.score == 8.9
    assert not any(p.score <= 8.4 and p.step is not None and (60, 7) in p.step.eliminations
                   for p in r.path)


def test_stop_above_is_a_lower_bound() -> None:
    full = rate(HARD)
    part = rate(HARD, stop_above=4.0)
    assert not part.complete and 4.0 < part.score <= full.score
    assert rate(EASY, stop_above=4.0).complete


def test_not_unique_raises() -> None:
    with pytest.raises(NotUnique, match=r"several solutions: e\.g\. r"):
        rate("." * 81)
    with pytest.raises(NotUnique, match="no solution: r1c9 has no candidate left"):
        rate("12345678.........9" + "." * 63)


def test_grades() -> None:
    assert [grade_for_score(s) for s in (1.2, 1.9, 2.0, 2.9, 3.0, 4.4, 4.5, 6.9, 7.0, 8.9,
                                         9.0, 11.0)] == [
        "beginner", "beginner", "easy", "easy", "medium", "medium", "hard", "hard",
        "expert", "expert", "extreme", "extreme"]
    assert list(GRADE_FLOORS) == list(GRADES)
    for g in GRADES:
        low, high = score_range(g)
        assert grade_for_score(low) == g and (high == float("inf") or grade_for_score(high) != g)
    with pytest.raises(ValueError, match="unknown grade"):
        score_range("impossible")


def test_other_sizes_and_variants() -> None:
    from shudu.make.classic import generate

    for rules in (Rules(4), Rules(6), Rules.from_spec("x")):
        g = generate(rules, seed=3)
        r = rate(g.puzzle)
        assert r.solved and r.score >= 1.2


def test_rate_many_keeps_order_and_json() -> None:
    results = list(rate_many([HARD, EASY, XWING], processes=2))
    assert [r.grade for r in results] == ["extreme", "beginner", "medium"]
    data = json.loads(json.dumps(results[2].to_dict()))
    assert data["hardest"] == "x-wing" and data["histogram"]["x-wing"] >= 1


# ---------------------------------------------------------------------- the path behind a rating
MIXED = "x2xx6xx7x4xxxx5xx1xx5xx38xxx72xxxxxx8xxx1xxx2xxxxxx49xxx94xx6xx3xx1xxxx8x5xx8xx4x"
"""Rated 2.0 for a direct Hidden Pair, while the easiest-first logic solver needs a Naked
Single (2.3) there: the path says which steps the rating stands on."""


@pytest.mark.parametrize("puzzle", [MIXED.replace("x", "."), XWING, HARD],
                         ids=["mixed", "x-wing", "hard"])
def test_path_is_the_walk_behind_the_rating(puzzle: str) -> None:
    from collections import Counter

    from shudu.rating.rater import step_score
    from shudu.values.candidates import Candidates
    from shudu.values.grid import Grid

    r = rate(puzzle, path=True)
    assert len(r.path) == r.steps
    assert max(p.score for p in r.path) == r.score
    assert next(p for p in r.path if p.score == r.score).technique == r.hardest
    assert Counter(p.technique for p in r.path) == Counter(r.histogram)
    # replayed in order, every step that carries its details is weighed the same by
    # step_score in the state it applies to
    c = Candidates.from_grid(Grid(puzzle))
    for p in r.path:
        if p.step is None:
            break   # a round of the C ladder: the state is no longer followed
        assert step_score(p.step, c) == p.score, p
        c.apply(p.step)
    json.dumps(r.to_dict())


def test_mixed_puzzle_path_shows_the_hidden_pair() -> None:
    r = rate(MIXED.replace("x", "."), path=True)
    assert (r.score, r.hardest) == (2.0, "hidden-pair")
    pairs = [p for p in r.path if p.technique == "hidden-pair"]
    assert pairs and all(p.score == 2.0 for p in pairs)
    d = r.to_dict()
    assert d["path"][0] == {"score": r.path[0].score, "technique": r.path[0].technique,
                            "text": r.path[0].step.notation()}


def test_path_stays_out_of_the_default_output() -> None:
    r = rate(EASY)
    assert r.path == () and "path" not in r.to_dict()


def test_step_score_weighs_chains_with_their_length() -> None:
    from itertools import pairwise

    from shudu.logic.step import Link, Node, Step
    from shudu.rating.rater import step_score

    # an AIC of eight nodes mixing digits: base 7.0, +0.1 past 4 nodes, +0.1 past 6
    cells = [(0, 1), (0, 2), (10, 2), (20, 2), (20, 3), (30, 3), (30, 1), (31, 1)]
    nodes = [Node((c,), d) for c, d in cells]
    links = tuple(Link(a, b, k % 2 == 0) for k, (a, b) in enumerate(pairwise(nodes)))
    aic = Step("aic", eliminations=((1, 1),), links=links)
    assert step_score(aic) == 7.2
    assert step_score(Step.single("naked-single", 0, 1)) == 2.3
    assert step_score(Step("x-wing", eliminations=((0, 1),))) == 3.2


def test_path_scores_of_an_explained_path() -> None:
    from shudu.logic.solver import solve_path
    from shudu.rating.rater import path_scores, step_score

    path = solve_path(HARD)
    scores = path_scores(path.start, path.steps)
    assert len(scores) == len(path.steps)
    chains = [(s, x) for s, x in zip(path.steps, scores) if s.links]
    assert chains and all(x == step_score(s) for s, x in chains)
    # a chain's weight carries the length bonus, not only the registry's base difficulty
    assert any(x > s.info.se_weight for s, x in chains)
    easy = solve_path(MIXED.replace("x", "."))
    assert max(path_scores(easy.start, easy.steps)) <= 2.3


HUMAN_2 = ("3x3:d:k:3587:14:15:16:17:18:19:3586:3586:3587:1543:1543:20:21:22:23:1544:24:25:2"
           "6:3338:27:28:3337:3337:1544:29:30:31:3338:32:33:34:35:36:37:38:39:40:41:42:43:44"
           ":45:46:47:48:49:4365:4365:50:3596:51:52:53:1541:3339:3339:54:55:3596:56:57:58:15"
           "41:59:60:61:62:1542:1542:3585:3588:3588:63:64:65:66:67:68:3585:")
"""The second human-solvable killer of ``benchmarks/data/killer_collections.tsv``: the
ladder finishes it."""


def test_a_stuck_killer_rates_above_every_killer_the_ladder_finishes() -> None:
    """A killer whose walk gets stuck rates at least the floor (a lower bound), above a
    killer the walk finishes; a walk cut short by time gets no floor."""
    stuck = rate(read_cage_string(TAREK_39))
    assert not stuck.solved and stuck.complete
    assert stuck.score >= stuck_floor() and stuck.grade == grade_for_score(stuck.score)
    finished = rate(read_killer_list(HUMAN_2))
    assert finished.solved and finished.score < stuck_floor()
    cut = rate(read_cage_string(TAREK_39), known=(1, 0), cut_at=0.0)
    assert not cut.complete and cut.score < stuck_floor()
