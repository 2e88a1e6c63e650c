"""Kraken fish (types 1 and 2): words, by-hand logic, and soundness on real puzzles."""

from __future__ import annotations

import pytest
from test_logic_patterns import path_soundness

import shudu
from shudu import Grid
from shudu.logic import SolverConfig, registry
from shudu.logic.render import result_text
from shudu.logic.solver import as_candidates
from shudu.logic.techniques.classic.kraken import find_kraken_fish_type_1, find_kraken_fish_type_2
from shudu.values.candidates import Candidates

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
FINDERS = {"kraken-fish-type-1": find_kraken_fish_type_1,
           "kraken-fish-type-2": find_kraken_fish_type_2}


@pytest.mark.parametrize("key", sorted(FINDERS))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_words(key: str, lang: str) -> None:
    step = next(FINDERS[key](as_candidates(PUZZLE)))
    assert step.technique == key
    name = step.info.name_zh if lang == "zh" else step.info.name
    assert name in step.text(1, lang)
    where, text = step.text(2, lang), step.text(3, lang)
    assert str(step.role_candidates("start")[0][1]) in where
    assert result_text(step, lang) in text
    chains = step.get("chains")
    assert chains and all(c in text for c in chains)
    for cell in step.role_cells("fin"):
        assert f"c{cell % 9 + 1}" in text
    assert step.notation().startswith(step.info.name)


def test_type_1_chains_start_at_every_fin() -> None:
    step = next(find_kraken_fish_type_1(as_candidates(PUZZLE)))
    fins = step.role_cells("fin")
    (target, digit), = step.eliminations
    assert len(step.get("chains")) == len(fins)
    for fin, chain in zip(fins, step.get("chains"), strict=True):
        assert chain.startswith(f"({digit}")
        assert f"r{fin // 9 + 1}c{fin % 9 + 1}" in chain.split("=")[0]
        assert chain.endswith(f"r{target // 9 + 1}c{target % 9 + 1}")


def test_type_2_starts_are_one_cover_house_and_the_fins() -> None:
    step = next(find_kraken_fish_type_2(as_candidates(PUZZLE)))
    (house,) = step.role_houses("start")
    assert house in step.role_houses("cover")
    starts = [c for c, _ in step.role_candidates("start")]
    assert set(step.role_cells("fin")) <= set(starts)


def test_off_by_default_and_enabled_by_name() -> None:
    keys = {t.key for t in SolverConfig().enabled()}
    assert not set(FINDERS) & keys
    assert {t.key for t in registry.resolve("kraken")} == set(FINDERS)
    assert registry.technique("kraken fish").key == "kraken-fish-type-1"
    assert set(FINDERS) <= {t.key for t in SolverConfig(extra=frozenset(FINDERS)).enabled()}


def test_nothing_on_a_solved_grid() -> None:
    solved = str(shudu.solve(PUZZLE))
    c = Candidates.from_grid(Grid(solved))
    assert not list(find_kraken_fish_type_1(c)) and not list(find_kraken_fish_type_2(c))


def test_soundness() -> None:
    """Every kraken step along real solve paths fits the solution."""
    assert path_soundness(FINDERS.values(), stride=150, every=12, first=10) > 50
