"""The rating reads a solve path: the weighed walk (the logic solver configured by SE's
ladder of registered techniques), with every weight a fact of a technique record, and
no second search of a puzzle whose uniqueness is already known."""

from __future__ import annotations

from itertools import pairwise

import pytest
from click.testing import CliRunner

from shudu.cli import cli
from shudu.logic import weighed
from shudu.logic.registry import technique, techniques
from shudu.logic.solver import as_candidates
from shudu.logic.step import Link, Node, Step
from shudu.rating.rater import rate, step_score
from shudu.solving import engine
from shudu.values.candidates import Candidates

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"
XWING = "061000054400009010903500000000902700000010030670030000050006200000790000000000000"


@pytest.mark.parametrize("puzzle", [EASY, XWING, HARD])
def test_rating_is_the_fold_of_the_weighed_walk(puzzle: str) -> None:
    r = rate(puzzle, path=True)
    walk = weighed.Walk.of(puzzle, keep_steps=True)
    path = list(walk)
    assert [(p.score, p.technique) for p in r.path] == [(p.score, p.technique) for p in path]
    assert (r.score, r.hardest, r.pearl, r.diamond, r.steps, r.solved) == (
        walk.score, walk.hardest, walk.pearl, walk.diamond, walk.steps, walk.solved)
    assert r.score == max(p.score for p in path)
    assert r.histogram == walk.histogram
    assert sum(r.histogram.values()) == r.steps == len(path)


def test_every_step_of_the_path_is_weighed_by_its_technique() -> None:
    """The walk keeps Steps (with their real house, for singles); each weighs what its
    technique's record says in the state it applied to."""
    walk = weighed.Walk.of(XWING, keep_steps=True)
    c = walk.state.copy()
    for p in walk:
        if p.step is None:   # a round of the C ladder (no cells): nothing to re-weigh
            continue
        assert technique(p.technique).weight(p.step, c) == p.score, p
        if p.technique == "hidden-single":
            house = p.step.role_houses("house")[0]
            (cell, digit), = p.step.placements
            assert c.digit_cells(digit) & c.geo.house_mask[house] == 1 << cell
        c.apply(p.step)


def test_ladder_names_registered_techniques_in_se_order() -> None:
    ladder = weighed.se_ladder()
    names = [r.name for r in ladder]
    assert names[:6] == ["hidden-single", "pointing (direct)", "claiming (direct)",
                         "hidden-pair (direct)", "naked-single", "hidden-triple (direct)"]
    assert names[-9:] == ["aligned-pair-exclusion", "chains", "aligned-triplet-exclusion",
                          "nishio", "forcing-chain-contradiction",
                          "forcing-chain-verity (SE)", "forcing-net-verity (SE)",
                          "nested-forcing-chain (SE)", "nested-forcing-net"]
    without = [r.name for r in weighed.se_ladder(False)]
    assert "ur-type-1" in names and "ur-type-1" not in without and "bug-plus-1" not in without


def test_weights_are_facts_of_the_technique_records() -> None:
    """Direct forms, the W-Wing's rated weight and SE's forcing bases live on the
    records; a technique without them weighs its SE weight."""
    direct = {t.key: t.direct for t in techniques() if t.direct is not None}
    assert direct == {"pointing": 1.7, "claiming": 1.9, "hidden-pair": 2.0,
                      "hidden-triple": 2.5}
    rated = {t.key: t.se_weight for t in techniques()
             if t.se_weight != t.order or t.family == "forcing"}
    assert rated == {"w-wing": 7.1, "forcing-chain-contradiction": 7.5,
                     "forcing-chain-verity": 8.0, "forcing-net-contradiction": 8.5,
                     "forcing-net-verity": 8.5, "nested-forcing-chain": 9.0,
                     "nested-forcing-net": 9.5,
                     # the forcing chains over cages and constraints weigh as SE's
                     "cage-forcing-chain": 7.5, "constraint-forcing-chain": 7.5,
                     # each combination of a cage assumed in turn, a net over the cage
                     "cage-combination-forcing": 7.8}
    assert technique("x-wing").weight(Step("x-wing")) == technique("x-wing").se_weight
    nodes = [Node((c,), 7) for c in (0, 8, 80, 72, 63, 60)]
    links = tuple(Link(a, b, k % 2 == 0) for k, (a, b) in enumerate(pairwise(nodes)))
    assert technique("x-chain").weight(Step("x-chain", links=links)) == 6.7
    verity = Step("forcing-chain-verity", extra={"length": 10, "level": 2})
    assert step_score(verity) == 8.0 + 0.5 + 0.3


def test_direct_weight_needs_the_state() -> None:
    """A pointing whose eliminations leave a hidden single in another box weighs 1.7 in
    its state, 2.6 without one; a single left in a column does not count (SE looks for
    it in the boxes the line crosses)."""
    c = as_candidates("." * 81)
    # digit 1 of box 1 only in row 1 (so the rest of row 1 loses it), and box 2 holds 1
    # only in r1c4 and r2c4: once r1c4 loses it, r2c4 is a hidden single of box 2
    for cell in (9, 10, 11, 18, 19, 20, 4, 5, 13, 14, 21, 22, 23):
        c.eliminate(cell, 1)
    step = Step("pointing", eliminations=[(cell, 1) for cell in range(3, 9)], digits=(1,),
                houses={"base": (18,), "cover": (0,)})
    assert step_score(step, c) == 1.7
    assert step_score(step) == technique("pointing").se_weight == 2.6
    assert step_score(step, Candidates.from_grid(c.to_grid())) == 2.6
    # column 4 holds 1 only in r1c4 and r2c4, box 2 in more cells: not direct
    c = as_candidates("." * 81)
    for cell in (9, 10, 11, 18, 19, 20, *range(21, 81, 9)):
        c.eliminate(cell, 1)
    assert step_score(step, c) == 2.6


def test_known_uniqueness_is_not_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = engine.search

    def counting(*args, **kwargs):   # type: ignore[no-untyped-def]
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "search", counting)
    rate(XWING, known=(1, 0))
    assert calls == []
    rate(XWING)
    assert len(calls) == 1
    calls.clear()
    result = CliRunner().invoke(cli, ["explain", XWING], catch_exceptions=False)
    assert result.exit_code == 0 and "rating" in result.output.lower()
    assert len(calls) == 1   # the uniqueness check; the rating under the path reuses it


def test_generator_walk_uses_the_same_ladder() -> None:
    from shudu.make.classic import _target_ladder

    ladder = weighed.se_ladder()
    chains = [r.name for r in ladder].index("chains")
    assert _target_ladder(7.0) == ladder[:chains + 1]
    assert _target_ladder(6.6)[:chains] == ladder[:chains]
    assert _target_ladder(6.6)[-1].scan is weighed.pattern_moves


def test_explain_applies_each_step_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scores beside an explained path are weighed by the solver's run, in the state
    each step applies to, not by a second copy of the path."""
    applied = []
    inside = [False]
    real_apply, real_place = Candidates.apply, Candidates.place

    def counting(self, step):   # type: ignore[no-untyped-def]
        applied.append(step)
        inside[0] = True
        try:
            return real_apply(self, step)
        finally:
            inside[0] = False

    def placing(self, cell, digit):   # type: ignore[no-untyped-def]
        if not inside[0]:   # a single of the C core's run, placed on its own
            applied.append((cell, digit))
        return real_place(self, cell, digit)

    monkeypatch.setattr(Candidates, "apply", counting)
    monkeypatch.setattr(Candidates, "place", placing)
    result = CliRunner().invoke(cli, ["explain", "--no-rating", "--json", XWING],
                                catch_exceptions=False)
    import json

    data = json.loads(result.output)
    assert len(applied) == len(data["steps"]) > 0
    assert [s["difficulty"] for s in data["steps"]] == rate_path_scores(XWING)


def rate_path_scores(puzzle: str) -> list[float]:
    from shudu.logic.solver import solve_path
    from shudu.rating.rater import path_scores

    path = solve_path(puzzle)
    return path_scores(path.start, path.steps)


def test_a_cut_stops_a_long_search_inside_one_rung():
    """A rung whose search would never end is stopped at ``cut_at``: the walk answers,
    incomplete, with what it met before."""
    import time

    def endless(c, ceiling):
        while True:
            pass

    singles = weighed.se_ladder()[:2]
    walk = weighed.Walk(as_candidates(HARD), (*singles, weighed.Rung("endless", endless)),
                        cut_at=time.monotonic() + 0.2)
    steps = list(walk)
    assert not walk.complete and not walk.solved
    assert steps and {s.technique for s in steps} <= {"hidden-single", "naked-single"}


def test_a_rating_past_its_cut_before_the_uniqueness_check_knows_nothing():
    import time

    r = rate(HARD, cut_at=time.monotonic() - 1.0)
    assert (r.complete, r.steps, r.score, r.hardest) == (False, 0, 0.0, None)
