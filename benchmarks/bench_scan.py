"""Time and score ``shudu scan`` on synthetic photographs, plain and hard.

CPU seconds per 12-megapixel photo on one core (a synthetic photograph made at
3464×3464 pixels; the aim: at most 0.3 s), and the accuracy on ``--count`` fresh
synthetic photographs (seeds from 10 000 on, never used in training or in
tests/data/scan): share of cells and of whole puzzles read exactly (aims: 99.5 % and
97 %), and share of the inexact readings whose status says so (aim: 99 %).

Then the hard set: ``--hard-count`` photographs per condition of
:data:`shudu.scan.synth.HARD` (seeds from 30 000 on, fixed): a hard-edged shadow across
the grid, a grid about 300 pixels across (also with a shadow), a curled page, strong
perspective, a second grid and text beside it, the picture turned 90/180/270°, digits
printed in halftone.  Per condition: the puzzles read exactly (aim: 95 %), the wrong
readings returned as clean (status ``ok``: aim 0) and the cells read wrong with a
confidence of 0.99 or more.  ``--json`` saves these figures; ``--before`` adds the figures
of an earlier reader (saved by its own run with ``--json``) as a column.

``--real-only`` measures real phone photos instead (its own block of RESULTS.md): the
photos of tests/data/scan/real/manifest.json, those committed beside it and those that
scripts/fetch_scan_photos.py put in ``--real-dir``; per set of the manifest: the grids
found, the puzzles read exactly (the printed givens), the wrong readings returned as
clean, the cells right and the cells right or named among the doubtful or changed cells,
the cells read wrong with confidence ≥ 0.99, and the CPU seconds per photo on one core.
With ``--small 300`` each photo is first made as an old phone takes it (its grid about 300
pixels across, softened, JPEG), its own block of RESULTS.md.

``--screens-only`` measures screenshots and pencil marks instead (its own block): per
style of :data:`shudu.scan.shots.STYLES` ``--count`` synthetic screenshots of a
half-played puzzle (seeds from 50 000 on), shudu's own web app in Chromium (light and
dark, phone and desktop; when Playwright and Chromium are here), and photographed pages
with printed or hand-written pencil marks: the shots whose givens, the player's digits
and marks are all read exactly, the givens read exactly, wrong givens returned as clean,
the player's digits right, the cells of marks read exactly (of the cells with marks,
read or true), those wrong and not named in ``doubtful_marks``, and CPU seconds per shot.

Usage::

    python benchmarks/bench_scan.py [--count 300] [--hard-count 40] [--repeat 5]
        [--json out.json] [--before before.json --before-name REV]
        [--markdown benchmarks/RESULTS.md]
    python benchmarks/bench_scan.py --real-only [--real-dir DIR] [--small PIXELS]
        [--json out.json]
        [--before before.json --before-name REV] [--markdown ...]
    python benchmarks/bench_scan.py --screens-only [--count 20] [--markdown ...]
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from report import block, command_line, default_data_dir, load_average, log, table, write_block
from shudu.scan import ScanError, scan
from shudu.scan.reader import evaluate
from shudu.scan.synth import sample

try:
    from shudu.scan.synth import HARD, hard_sample
except ImportError:    # pragma: no cover - an earlier synth module
    HARD, hard_sample = (), None


REAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "scan" / "real"
BANDS = ((0.0, 0.5), (0.5, 0.9), (0.9, 0.99), (0.99, 0.999), (0.999, 1.01))


def hard_figures(count: int, cells: list[tuple[float, bool]]
                 ) -> dict[str, dict[str, int]]:
    """Per condition: photographs, exact readings, wrong readings returned as ``ok``, cells
    read wrong with confidence ≥ 0.99; each cell's (confidence, right) goes to ``cells``."""
    out = {}
    for cond in HARD:
        got = {"photos": 0, "exact": 0, "wrong_ok": 0, "confident_wrong_cells": 0}
        t0 = time.process_time()
        for i in range(count):
            s = hard_sample(30_000 + i, cond)
            got["photos"] += 1
            try:
                r = scan(s.image)
            except ScanError:
                continue
            exact = str(r.grid) == s.puzzle
            got["exact"] += exact
            got["wrong_ok"] += (not exact) and r.status == "ok"
            if len(str(r.read)) == len(s.puzzle):
                got["confident_wrong_cells"] += sum(
                    a != b and p >= 0.99 for a, b, p in zip(str(r.read), s.puzzle, r.confidence))
                cells += [(p, a == b) for a, b, p in zip(str(r.read), s.puzzle, r.confidence)]
        log(f"{cond}: {got} ({time.process_time() - t0:.0f} s CPU)")
        out[cond] = got
    return out


def _rate(g: dict[str, int] | None) -> str:
    if not g:
        return "–"
    return (f"{100 * g['exact'] / g['photos']:.0f} % ({g['exact']}/{g['photos']}); "
            f"{g['wrong_ok']} / {g['confident_wrong_cells']}")


def real_photos(real_dir: Path) -> list[tuple[dict[str, Any], Path]]:
    """The photos of the manifest that are here (committed, or fetched into ``real_dir``)."""
    photos = json.loads((REAL / "manifest.json").read_text(encoding="utf-8"))["photos"]
    out = []
    for photo in photos:
        path = REAL / photo["name"] if "committed" in photo else real_dir / photo["name"]
        if path.exists():
            out.append((photo, path))
    return out


def shrunk(path: Path, side: int) -> bytes:
    """The photo at ``path`` made as an old phone takes it: smaller, so that its grid
    (found at full size) is about ``side`` pixels across, softened (a Gaussian blur of
    0.6 pixel) and saved as a JPEG of quality 75."""
    import cv2
    import numpy as np

    corners = np.array(scan(path).corners)
    across = float(np.mean([np.linalg.norm(corners[i] - corners[i - 1]) for i in range(4)]))
    image = cv2.imread(str(path))
    f = min(1.0, side / across)
    image = cv2.resize(image, (round(image.shape[1] * f), round(image.shape[0] * f)),
                       interpolation=cv2.INTER_AREA)
    image = cv2.GaussianBlur(image, (0, 0), 0.6)
    return bytes(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 75])[1].tobytes())


def real_figures(found: list[tuple[dict[str, Any], Path]], small: int = 0
                 ) -> dict[str, dict[str, float]]:
    """Per set of the manifest: the figures of ``--real-only`` (see the module's text);
    with ``small``, of each photo :func:`shrunk` to a grid of ``small`` pixels."""
    out: dict[str, dict[str, float]] = {}
    for photo, path in found:
        got = out.setdefault(photo["set"], dict.fromkeys(
            ("photos", "grids", "exact", "wrong_ok", "cells", "right", "right_or_flagged",
             "confident_wrong", "cpu", "cpu_max", "megapixels"), 0.0))
        truth = photo["givens"]
        picture: Any = shrunk(path, small) if small else path
        t0 = time.process_time()
        try:
            r: Any = scan(picture)
        except ScanError:
            r = None
        cpu = time.process_time() - t0
        got["photos"] += 1
        got["cpu"] += cpu
        got["cpu_max"] = max(got["cpu_max"], cpu)
        got["cells"] += len(truth)
        if r is None:
            log(f"{photo['name']}: no grid ({cpu:.2f} s)")
            continue
        got["grids"] += 1
        grid, read = str(r.grid), str(r.read)
        exact = grid == truth
        got["exact"] += exact
        got["wrong_ok"] += (not exact) and r.status == "ok"
        name = r.grid.rules.cell_name
        flagged = set(r.doubtful) | set(r.changed)
        got["right"] += sum(a == b for a, b in zip(grid, truth))
        got["right_or_flagged"] += sum(a == b or name(i) in flagged
                                       for i, (a, b) in enumerate(zip(grid, truth)))
        got["confident_wrong"] += sum(a != b and p >= 0.99
                                      for a, b, p in zip(read, truth, r.confidence))
        log(f"{photo['name']}: {r.status}, {sum(a != b for a, b in zip(grid, truth))} cells "
            f"wrong ({cpu:.2f} s)")
    return out


def real_main(a: argparse.Namespace) -> int:
    """Measure the real photos (``--real-only``)."""
    from PIL import Image

    found = real_photos(a.real_dir)
    figures = real_figures(found, a.small)
    if a.json:
        a.json.write_text(json.dumps({"real": figures}, indent=1) + "\n", encoding="utf-8")
    before = json.loads(a.before.read_text(encoding="utf-8"))["real"] if a.before else {}
    megapixels = {}
    for photo, path in found:
        with Image.open(io.BytesIO(shrunk(path, a.small)) if a.small else path) as im:
            megapixels.setdefault(photo["set"], []).append(im.size[0] * im.size[1] / 1e6)
    rows = []
    runs = [(f"{name} ({a.before_name})", g, name) for name, g in before.items()]
    runs += [(name if not before else f"{name} (now)", g, name) for name, g in figures.items()]
    for label, g, name in sorted(runs, key=lambda t: list(figures).index(t[2])
                                 if t[2] in figures else len(figures)):
        n = int(g["photos"])
        mp = megapixels.get(name, [0.0])
        rows.append([
            label, f"{n} ({min(mp):.1f}–{max(mp):.1f} MP)", f"{int(g['grids'])}/{n}",
            f"{100 * g['exact'] / n:.0f} % ({int(g['exact'])}/{n})", str(int(g["wrong_ok"])),
            f"{100 * g['right'] / g['cells']:.2f} %",
            f"{100 * g['right_or_flagged'] / g['cells']:.2f} %", str(int(g["confident_wrong"])),
            f"{g['cpu'] / n:.3f} / {g['cpu_max']:.3f}"])
    small = (f" Each photo made small as an old phone takes it: its grid about {a.small} "
             "pixels across, softened (a blur of 0.6 pixel), JPEG quality 75."
             if a.small else "")
    lines = [f"## Reading real photos{' made small' if a.small else ''} (shudu scan)", "",
             f"`{command_line(__file__)}` (load average {load_average()})", "",
             "The photos of `tests/data/scan/real/manifest.json` found here (sources, licences "
             "and ground truth are in the manifest; `scripts/fetch_scan_photos.py` fetches "
             "those not committed). Exact: the reading is the printed puzzle; clean wrong: "
             "an inexact reading with status `ok`; cells right or flagged: right, or named "
             "among the doubtful or changed cells; confident wrong: cells read wrong with "
             "confidence ≥ 0.99; CPU seconds per photo on one core (mean / worst). Sets: "
             "`print`, printed puzzles only; `filled`, newspaper puzzles the player wrote in "
             "(digits and pencil marks; the split of print from handwriting was tuned on "
             "them); `filled-held-out`, the same kind, not used to tune the split by height "
             "(seen when its ink rule was chosen); `filled-fresh`, the same kind, first read "
             "once the split was fixed (then again after the given-back correction); the "
             "typeface rule (a digit in doubt that copies a printed one is printed) had its "
             "thresholds chosen on all three filled sets; "
             "`print-held-out`, printed puzzles of three other sources, never used to tune "
             "the reader." + small, "",
             *table(["set", "photos", "grid found", "exact", "clean wrong", "cells right",
                     "cells right or flagged", "confident wrong", "CPU s"], rows), ""]
    name = "scan-real-small" if a.small else "scan-real"
    text = block(name, lines)
    print(text)
    if a.markdown:
        write_block(a.markdown, name, text)
    return 0


def _shot_figures(got: dict[str, float], truth: tuple[str, str, tuple[str, ...]],
                  image: Any) -> None:
    """Read one screenshot or marked page and add its figures to ``got``."""
    givens, entries, marks = truth
    t0 = time.process_time()
    try:
        r: Any = scan(image)
    except ScanError:
        r = None
    got["cpu"] += time.process_time() - t0
    got["shots"] += 1
    got["mark_cells"] += sum(bool(m) for m in marks)
    if r is None:
        return
    read_entries, read_marks = r.entries or "." * len(givens), r.marks or ("",) * len(givens)
    exact = str(r.grid) == givens
    got["givens"] += exact
    got["wrong_ok"] += (not exact) and r.status == "ok"
    got["entries"] += read_entries == entries
    doubt = set(r.doubtful_marks)
    cells = [(i, a, b) for i, (a, b) in enumerate(zip(read_marks, marks)) if a or b]
    got["marks_cells"] += len(cells)
    got["marks_right"] += sum(a == b for _, a, b in cells)
    got["marks_silent"] += sum(a != b and r.grid.rules.cell_name(i) not in doubt
                               for i, a, b in cells)
    got["all"] += exact and read_entries == entries and read_marks == tuple(marks)


def _web_app_shots(folder: Path) -> list[tuple[str, tuple[str, str, tuple[str, ...]], Path]]:
    """shudu's own web app in Chromium (scripts/make_screenshots.py), or none without it."""
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return []
    if chromium is None:
        return []
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from make_screenshots import serve, shoot

    url, server = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        truth = shoot(browser, url, folder)
        browser.close()
    server.should_exit = True    # type: ignore[attr-defined]
    return [(name, (str(t["givens"]), str(t["entries"]), tuple(t["marks"])), folder / name)
            for name, t in truth.items()]


def screens_main(a: argparse.Namespace) -> int:
    """Measure screenshots and pencil marks (``--screens-only``)."""
    import tempfile

    from shudu.scan.shots import STYLES, paper, screenshot

    keys = ("shots", "all", "givens", "wrong_ok", "entries", "marks_cells", "marks_right",
            "marks_silent", "mark_cells", "cpu")
    figures: dict[str, dict[str, float]] = {}
    for style in STYLES:
        got = figures.setdefault(style, dict.fromkeys(keys, 0.0))
        for i in range(a.count):
            shot = screenshot(50_000 + i, style)
            _shot_figures(got, (shot.givens, shot.entries, shot.marks), shot.image)
        log(f"{style}: {got}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, truth, path in _web_app_shots(Path(tmp)):
            got = figures.setdefault("shudu web app (" + name[8:-4] + ")",
                                     dict.fromkeys(keys, 0.0))
            _shot_figures(got, truth, path)
    for hand in (False, True):
        got = figures.setdefault("photo, marks " + ("by hand" if hand else "printed"),
                                 dict.fromkeys(keys, 0.0))
        for i in range(a.count):
            p = paper(50_000 + i, hand=hand)
            _shot_figures(got, (p.givens, p.entries, p.marks), p.image)
        log(f"marks {hand}: {got}")
    if a.json:
        a.json.write_text(json.dumps({"screens": figures}, indent=1) + "\n", encoding="utf-8")
    rows = []
    for name, g in figures.items():
        n = int(g["shots"])
        rows.append([name, str(n), f"{int(g['all'])}/{n}", f"{int(g['givens'])}/{n}",
                     str(int(g["wrong_ok"])), f"{int(g['entries'])}/{n}",
                     f"{100 * g['marks_right'] / max(1, g['marks_cells']):.1f} % "
                     f"({int(g['marks_right'])}/{int(g['marks_cells'])})",
                     str(int(g["marks_silent"])), f"{g['cpu'] / max(1, n):.3f}"])
    lines = ["## Reading screenshots and pencil marks (shudu scan)", "",
             f"`{command_line(__file__)}` (load average {load_average()})", "",
             f"Synthetic screenshots of a half-played puzzle, {a.count} per style (seeds "
             "50 000 on; styles of `shudu.scan.shots.STYLES`), shudu's own web app in "
             "Chromium (`scripts/make_screenshots.py`), and photographed pages with "
             "printed or hand-written pencil marks (`shudu.scan.shots.paper`). All exact: "
             "givens, the player's digits and every mark; clean wrong: wrong givens with "
             "status `ok`; mark cells: cells with marks, read or true, read exactly; "
             "silent: mark cells wrong and not in `doubtful_marks`; CPU seconds per shot.",
             "", *table(["set", "shots", "all exact", "givens exact", "clean wrong",
                         "player's digits exact", "mark cells exact", "silent mark cells",
                         "CPU s"], rows), ""]
    text = block("scan-screens", lines)
    print(text)
    if a.markdown:
        write_block(a.markdown, "scan-screens", text)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--hard-count", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", type=Path, help="save the hard set's figures here")
    ap.add_argument("--before", type=Path, help="an earlier reader's --json figures")
    ap.add_argument("--before-name", default="before",
                    help="what the earlier reader was (a commit), for the table's header")
    ap.add_argument("--markdown", type=Path)
    ap.add_argument("--real-only", action="store_true", help="measure the real photos only")
    ap.add_argument("--screens-only", action="store_true",
                    help="measure screenshots and pencil marks only (--count per style)")
    ap.add_argument("--real-dir", type=Path, default=default_data_dir() / "scan_real",
                    help="where scripts/fetch_scan_photos.py put the photos not committed")
    ap.add_argument("--small", type=int, default=0, metavar="PIXELS",
                    help="with --real-only: each photo made smaller, its grid this many "
                         "pixels across, and softened (an old phone's photo)")
    a = ap.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)    # one core: the times are CPU seconds of this process
    if a.real_only:
        return real_main(a)
    if a.screens_only:
        return screens_main(a)
    times = []
    for seed in range(a.repeat):
        big = sample(20_000 + seed, size=9, out=3464).image
        t0 = time.process_time()
        scan(big)
        times.append(time.process_time() - t0)
    log(f"12 MP: mean {sum(times) / len(times):.3f} s, best {min(times):.3f} s")
    t0 = time.perf_counter()
    samples = (sample(10_000 + i) for i in range(a.count))
    score = evaluate((str(i), s.image, s.puzzle) for i, s in enumerate(samples))
    log(f"scored {a.count} pictures in {time.perf_counter() - t0:.0f} s")
    cells: list[tuple[float, bool]] = []
    hard = hard_figures(a.hard_count, cells)
    if a.json:
        a.json.write_text(json.dumps({"hard": hard, "plain": {
            "exact": score.exact, "photos": score.pictures, "wrong_ok": score.wrong -
            score.wrong_flagged}}, indent=1) + "\n", encoding="utf-8")
    before = json.loads(a.before.read_text(encoding="utf-8")) if a.before else {}
    rows = [
        ["CPU seconds per 12 MP photo, one core (mean / best)",
         f"{sum(times) / len(times):.3f} / {min(times):.3f}", "≤ 0.3"],
        ["cells read exactly", f"{100 * score.cell_accuracy:.2f} %", "≥ 99.5 %"],
        ["whole puzzles read exactly", f"{100 * score.puzzle_accuracy:.1f} % "
         f"({score.exact}/{score.pictures})", "≥ 97 %"],
        ["inexact readings that say so", f"{100 * score.flagged:.1f} % "
         f"({score.wrong_flagged}/{score.wrong})", "≥ 99 %"],
    ]
    lines = ["## Reading photos (shudu scan)", "",
             f"`{command_line(__file__)}` (load average {load_average()})", "",
             *table(["measure", "result", "aim"], rows), ""]
    if score.failures:
        lines += ["Inexact: " + "; ".join(score.failures[:20]), ""]
    hard_rows = [[cond, _rate(before.get("hard", {}).get(cond)), _rate(hard[cond])]
                 for cond in HARD]
    lines += [f"Hard synthetic set ({a.hard_count} photos per condition, seeds 30 000 on): "
              "puzzles read exactly; then wrong readings returned as clean (status `ok`) / "
              "cells read wrong with confidence ≥ 0.99.", "",
              *table(["condition", a.before_name, "now"], hard_rows), ""]
    calib = []
    for lo, hi in BANDS:
        band = [right for p, right in cells if lo <= p < hi]
        if band:
            mean = sum(p for p, _ in cells if lo <= p < hi) / len(band)
            calib.append([f"{lo}–{min(hi, 1)}", str(len(band)), f"{mean:.4f}",
                          f"{sum(band) / len(band):.4f}"])
    lines += ["Calibration on the hard set (every cell of every grid found; a cell with no "
              "ink is read empty with confidence 1):", "",
              *table(["confidence", "cells", "mean confidence", "share right"], calib), ""]
    text = block("scan", lines)
    print(text)
    if a.markdown:
        write_block(a.markdown, "scan", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
