"""Words of every technique: hint levels 1-3 in English and Chinese read right.

Every registered technique has fixed pencilmark states where it makes progress, stored
in ``tests/fixtures/technique_states.json`` (written by ``scripts/find_technique_states.py``
from HoDoKu's regression library and top1465; see there).  Each test runs the finder on
those states and takes the stored step again; a technique without a stored state, or whose
finder no longer finds the stored step, fails: nothing here is skipped.

What is checked on each instance, in ``en`` and ``zh``:

* level 1 names the technique (its English name in ``en``, its Chinese name in ``zh``);
* level 2 (where to look) reads as a sentence and points somewhere: it names a digit of
  the step, a house or a cell.  It does not have to name the eliminated cells: level 2
  is the hint that leaves the deduction to the player;
* level 3 reads as a sentence and names every placed and eliminated cell (directly or
  in a compressed group such as ``r5c36`` or ``r12c4``) and every digit involved.

A sentence starts with a capital letter, a digit, a Chinese character or a cell name
(``r5c3``, written lowercase by convention) and ends with ``.`` (``en``) or ``。``
(``zh``); English text holds no Chinese characters, Chinese text holds some.
"""

from __future__ import annotations

import json
import re
from functools import cache
from itertools import product
from pathlib import Path

import pytest

from shudu.formats.killer import read_cage_string
from shudu.logic.registry import technique, techniques
from shudu.logic.step import Link, Node, Step
from shudu.values.candidates import Candidates
from shudu.values.rules import Rules
from shudu.words.pictures import role_label

STATES = Path(__file__).resolve().parents[1] / "fixtures" / "technique_states.json"
"""Fixed states per technique key (see ``scripts/find_technique_states.py``)."""
REGENERATE = ".venv/bin/python scripts/find_technique_states.py " \
    "tests/fixtures/technique_states.json --only KEY"
MAX_INSTANCES = 5000
"""Instances looked at per stored state before declaring the stored step gone."""

CJK = re.compile(r"[\u4e00-\u9fff]")
CELL_GROUP = re.compile(r"r([1-9]+)c([1-9]+)")
HOUSE_WORD = re.compile(r"\b(row|column|box|rows|columns|boxes)\b|第[\d、]+[行列宫]")


def expand_cells(text: str) -> set[tuple[int, int]]:
    """Every (row, col) named in ``text``, compressed groups expanded (1-based).

    >>> sorted(expand_cells("remove 7 from r5c36 and r12c4"))
    [(1, 4), (2, 4), (5, 3), (5, 6)]
    """
    out: set[tuple[int, int]] = set()
    for m in CELL_GROUP.finditer(text):
        rows = (int(ch) for ch in m.group(1))
        out.update(product(rows, [int(ch) for ch in m.group(2)]))
    return out


def digits_named(text: str) -> set[int]:
    """Digits that appear as numbers of their own once cell names are taken out.

    >>> sorted(digits_named("r5c3<>7, digits 2 and 5"))
    [2, 5, 7]
    """
    plain = CELL_GROUP.sub(" ", text)
    return {int(m.group()) for m in re.finditer(r"(?<!\d)[1-9](?!\d)", plain)}


def sentence_problem(text: str, lang: str) -> str | None:
    """Why ``text`` does not read as a sentence in ``lang`` (``None`` when it does).

    >>> sentence_problem("X-Wing on 7: ... r5c3.", "en") is None
    True
    >>> sentence_problem("x-wing on 7", "en")
    "does not end with '.'"
    """
    text = text.strip()
    if not text:
        return "is empty"
    end = "。" if lang == "zh" else "."
    if not text.endswith(end):
        return f"does not end with {end!r}"
    first = text[0]
    if not (first.isupper() or first.isdigit() or CJK.match(first) or CELL_GROUP.match(text)):
        return f"starts with {first!r}, not a capital, a digit, a Chinese character or a cell"
    if lang == "zh" and not CJK.search(text):
        return "has no Chinese character"
    if lang == "en" and CJK.search(text):
        return "mixes in Chinese characters"
    return None


def entry_state(entry: dict) -> Candidates:
    """The pencilmark state of a stored entry (placed digits, givens and candidates;
    ``killer``, when the entry has it, the cage string of its killer cages; ``rules``, the
    rules as JSON, for other constraints).

    >>> c = entry_state({"values": "5" + "." * 80, "givens": "." * 81,
    ...                  "candidates": "....5...." + "1234.6789" * 80})
    >>> c.values[0], c.givens[0], c.digits_of(1), c.unsolved_count
    (5, 0, (1, 2, 3, 4, 6, 7, 8, 9), 80)
    """
    text = entry["candidates"]
    masks = []
    for cell in range(81):
        chunk = text[9 * cell:9 * cell + 9]
        masks.append(sum(1 << (int(ch) - 1) for ch in chunk if ch != "."))
    values = [int(ch) if ch != "." else 0 for ch in entry["values"]]
    if "rules" in entry:
        rules = Rules.from_dict(entry["rules"])
    else:
        rules = read_cage_string(entry["killer"]).rules if "killer" in entry else Rules(9)
    cands = Candidates.from_masks(rules, masks, values)
    cands.givens = bytes(int(ch) if ch != "." else 0 for ch in entry["givens"])
    return cands


@cache
def stored_states() -> dict[str, list[dict]]:
    """The fixture file: technique key -> stored entries."""
    return json.loads(STATES.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def stored_step(key: str, entry: dict) -> Step:
    """The stored step of ``entry``, found again by the technique's finder (the test fails
    when the finder no longer finds it)."""
    want = ({tuple(p) for p in entry["placements"]}, {tuple(e) for e in entry["eliminations"]})
    tech = technique(key)
    for k, step in enumerate(tech.find(entry_state(entry))):
        if (set(step.placements), set(step.eliminations)) == want:
            return step
        if k >= MAX_INSTANCES:
            break
    pytest.fail(f"{key}: the finder no longer finds {entry['notation']} in the stored state "
                f"from {entry['source']}; if the change is intended, regenerate with "
                f"{REGENERATE.replace('KEY', key)}", pytrace=False)


@cache
def instances(key: str) -> tuple[Step, ...]:
    """The stored instances of a technique, each found again in its stored state."""
    entries = stored_states().get(key)
    if not entries:
        pytest.fail(f"{key}: no state stored in {STATES.name}; find one with "
                    f"{REGENERATE.replace('KEY', key)}", pytrace=False)
    return tuple(stored_step(key, e) for e in entries)


def _steps(key: str) -> tuple[Step, ...]:
    return instances(key)


def _where(step: Step) -> str:
    return f"{step.technique} ({step.notation()})"


KEYS = [t.key for t in techniques()]


@pytest.mark.parametrize("key", KEYS)
def test_level_1_names_the_technique(key: str) -> None:
    tech = technique(key)
    for step in _steps(key):
        en, zh = step.text(1, "en"), step.text(1, "zh")
        assert tech.name in en, f"{_where(step)}: level 1 en {en!r} lacks {tech.name!r}"
        assert tech.name_zh in zh, f"{_where(step)}: level 1 zh {zh!r} lacks {tech.name_zh!r}"
        for lang, text in (("en", en), ("zh", zh)):
            problem = sentence_problem(text, lang)
            assert problem is None, f"{_where(step)}: level 1 {lang} {text!r} {problem}"


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_level_2_reads_as_a_sentence_and_points_somewhere(key: str, lang: str) -> None:
    for step in _steps(key):
        text = step.text(2, lang)
        problem = sentence_problem(text, lang)
        assert problem is None, f"{_where(step)}: level 2 {lang} {text!r} {problem}"
        named = (
            digits_named(text) & set(step.digits)
            or expand_cells(text)
            or HOUSE_WORD.search(text)
        )
        assert named, f"{_where(step)}: level 2 {lang} {text!r} names no digit, house or cell"


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_level_3_names_every_result_cell_and_digit(key: str, lang: str) -> None:
    for step in _steps(key):
        text = step.text(3, lang)
        problem = sentence_problem(text, lang)
        assert problem is None, f"{_where(step)}: level 3 {lang} {text!r} {problem}"
        cells = expand_cells(text)
        digits = digits_named(text)
        n = step.size
        for kind, items in (("placed", step.placements), ("eliminated", step.eliminations)):
            for cell, digit in items:
                rc = (cell // n + 1, cell % n + 1)
                assert rc in cells, (
                    f"{_where(step)}: level 3 {lang} does not name the {kind} cell "
                    f"r{rc[0]}c{rc[1]}: {text!r}"
                )
                assert digit in digits, (
                    f"{_where(step)}: level 3 {lang} does not name the {kind} digit "
                    f"{digit}: {text!r}"
                )


@pytest.mark.parametrize("key", KEYS)
def test_every_role_has_a_name_in_both_languages(key: str) -> None:
    """A picture's legend names each role of a step: in Chinese too, not the English key
    (ALS letters are the same in both)."""
    for step in _steps(key):
        roles = [r for r, _ in (*step.cells, *step.candidates)]
        for role in roles:
            en, zh = role_label(role, "en"), role_label(role, "zh")
            assert en and zh, f"{_where(step)}: role {role!r} has no name"
            assert role.startswith("als-") or CJK.search(zh) or zh in ("BUG 格", "S 格"), \
                f"{_where(step)}: role {role!r} reads {zh!r} in Chinese"


def test_every_technique_has_a_stored_state() -> None:
    """Every registered technique has a stored state, and no entry names an unknown one."""
    stored = stored_states()
    missing = [k for k in KEYS if not stored.get(k)]
    assert not missing, f"no stored state for: {', '.join(missing)}"
    assert set(stored) <= set(KEYS), sorted(set(stored) - set(KEYS))



FINDER_MODULES = [f"classic.{m}" for m in (
    "singles", "intersections", "subsets", "fish", "wings", "patterns", "colouring",
    "uniqueness", "chains", "als", "forcing", "sdc", "templates", "kraken")] + [
    f"variant.{m}" for m in ("killer", "killer_forcing", "constraints")]


@pytest.mark.parametrize("module", FINDER_MODULES)
def test_every_finder_doctest_shows_a_find(module: str) -> None:
    """Each public finder's docstring runs it on a state where its technique exists and
    shows what it found (not only ``[]`` on an empty grid, nor a bare ``True``)."""
    import doctest
    import importlib
    import inspect

    mod = importlib.import_module(f"shudu.logic.techniques.{module}")
    parser = doctest.DocTestParser()
    bare = {"", "[]", "True", "False", "None"}
    lacking = []
    for name, func in inspect.getmembers(mod, inspect.isfunction):
        if func.__module__ != mod.__name__ or not name.startswith("find_"):
            continue
        examples = parser.get_examples(func.__doc__ or "")
        if not any(f"{name}(" in ex.source and ex.want.strip() not in bare
                   for ex in examples):
            lacking.append(name)
    assert not lacking, f"{module}: no doctest shows a find of {', '.join(lacking)}"

# ------------------------------------------------------------------ readable details


def test_article_before_a_digit_is_spoken_right() -> None:
    from shudu.logic.render import a_digit, article

    assert [a_digit(d) for d in (1, 7, 8)] == ["a 1", "a 7", "an 8"]
    assert [article(w) for w in ("11", "18", "80", "800", "12", "X-Wing", "ALS")] == [
        "an", "an", "an", "an", "a", "an", "an"]
    assert a_digit(10, 16) == "an A" and a_digit(11, 16) == "a B"


def test_fish_and_kite_words_write_an_8() -> None:
    from shudu.logic.registry import technique as tech

    fish = Step("x-wing", eliminations=((39, 8),), digits=(8,),
                houses={"base": (1, 7), "cover": (11, 15)})
    text = tech("x-wing").explain(fish, "en")  # type: ignore[misc]
    assert "need an 8" in text and "a 8" not in text
    kite = Step("dual-two-string-kite", eliminations=((0, 8),), digits=(8,),
                cells={"link": (30, 40)}, houses={"strong": (3, 13, 4, 14)},
                extra={"first": "r4c4", "second": "r5c5"})
    text = kite.text(3)
    assert "holds an 8" in text and "a 8" not in text


def test_aic_names_its_technique() -> None:
    x, y, z = Node((40,), 7), Node((44,), 7), Node((44,), 5)
    step = Step("aic", eliminations=((36, 7),), digits=(7, 5),
                links=(Link(x, y, True), Link(y, z, False), Link(z, Node((36,), 5), True)),
                extra={"kind": "aic", "length": 3})
    assert step.text(3).startswith("AIC (Alternating Inference Chain): ")
    assert step.text(3, "zh").startswith("交替推理链（AIC）：")


def test_eliminations_grouped_by_cell_when_shorter() -> None:
    pair = Step("hidden-pair", eliminations=((38, 1), (38, 2), (38, 4), (47, 1), (47, 4),
                                            (47, 6)), digits=(5, 9),
                cells={"subset": (38, 47)}, houses={"house": (21,)})
    text = pair.text(3)
    assert "r5c3 loses 1, 2 and 4; r6c3 loses 1, 4 and 6" in text
    assert "<>" not in text
    assert "r5c3 可以删除候选数 1、2、4；r6c3 可以删除候选数 1、4、6" in pair.text(3, "zh")
    same = Step("naked-pair", eliminations=((1, 4), (1, 7), (2, 4), (2, 7)), digits=(4, 7),
                cells={"subset": (0, 3)}, houses={"house": (0,)})
    assert "4 and 7 can be removed from r1c23" in same.text(3)


def test_xy_wing_shows_the_pincers_candidates() -> None:
    from shudu import Grid
    from shudu.logic.techniques.classic.wings import find_xy_wing
    from shudu.values.candidates import Candidates

    puzzle = ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4.........."
    from shudu.logic import solve_path

    steps = [s for s in solve_path(puzzle).steps if s.technique == "xy-wing"]
    assert steps, "the puzzle's path uses an XY-Wing"
    step = steps[0]
    text = step.text(3)
    assert "pincers r3c1 {4,9} and r5c5 {5,9}" in text and "pivot r5c1 {4,5}" in text
    assert "r3c1 {4,9}" in step.text(3, "zh")
    assert list(find_xy_wing(Candidates.from_grid(Grid.empty()))) == []


def test_16x16_digits_are_written_as_the_grid_writes_them() -> None:
    single = Step.single("hidden-single", 0, 13, 32, size=16)
    assert single.notation() == "Hidden Single: r1c1=D"
    assert "digit D" in single.text(2) and "r1c1 = D" in single.text(3)
    assert "r1c1 = D" in single.text(3, "zh")
    naked = Step.single("naked-single", 255, 16, size=16)
    assert "G" in naked.text(3) and "16" not in naked.text(3).replace("r16c16", "")
    from shudu.logic.render import result_text

    elim = Step("pointing", eliminations=((16, 10), (17, 10)), digits=(10,),
                houses={"base": (32,)}, size=16)
    assert result_text(elim).startswith("A can be removed from r2c")
    assert "<>A" in elim.notation()
    assert Node((0,), 11, 16).text() == "r1c1(B)"


def test_chinese_puts_a_space_after_suoyi() -> None:
    x, y, z = Node((40,), 7), Node((44,), 7), Node((44,), 5)
    aic = Step("aic", eliminations=((36, 7),), digits=(7, 5),
               links=(Link(x, y, True), Link(y, z, False), Link(z, Node((36,), 5), True)),
               extra={"kind": "aic", "length": 3})
    text = aic.text(3, "zh")
    assert "所以 r5c1 可以删除候选数 7" in text and "所以r" not in text
    single = Step.single("naked-single", 10, 6)
    assert single.text(3, "zh").endswith("所以 r2c2 = 6。")


@pytest.mark.parametrize(("name", "key"), [
    ("unique rectangle", "ur-type-1"),
    ("Unique Rectangle", "ur-type-1"),
    ("y-wing", "xy-wing"),
    ("Y Wing", "xy-wing"),
    ("simple coloring trap", "simple-colors-trap"),
    ("simple colouring", "simple-colors-trap"),
    ("multi coloring 2", "multi-colors-2"),
])
def test_technique_aliases(name: str, key: str) -> None:
    assert technique(name).key == key


def test_coloring_names_the_colouring_family() -> None:
    from shudu.logic.registry import family, resolve

    keys = [t.key for t in family("colouring")]
    assert len(keys) >= 5 and "3d-medusa" in keys
    assert [t.key for t in family("coloring")] == keys == [t.key for t in resolve("Coloring")]
    assert [t.key for t in resolve("x-wing")] == ["x-wing"]


def test_16x16_chains_write_digits_as_the_grid() -> None:
    from shudu.logic.techniques.classic.chains import chain_sentence, eureka

    a, b, c = Node((1,), 12, 16), Node((7,), 12, 16), Node((7,), 3, 16)
    links = (Link(a, b, True), Link(b, c, False))
    assert eureka(links, 16) == "(C)r1c2=(C-3)r1c8"
    assert chain_sentence(links, 16) == "If r1c2 is not C, then r1c8 is C, so r1c8 is not 3"
